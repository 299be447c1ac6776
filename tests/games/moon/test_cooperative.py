"""The cooperative game: setup, slots, bugs, events, and whole games won and lost."""

from __future__ import annotations

import json
import random

import pytest

import moonbase
from tests.games.moon.helpers import draw, new, play, play_to_win, registers


def test_setup_by_difficulty_copies_the_first_goals_into_registers() -> None:
    easy = new()
    draw(easy, "0001", "0010", "0100", "1000")
    assert registers(easy) == {"A": "0000", "B": "0001", "C": "0010", "D": "0100"}
    assert easy.view(0)["solved"] == 3, "the cards copied into registers count as solved"
    assert easy.view(0)["slots"] == ["1000", None, None, None]
    normal = new(difficulty="normal")
    draw(normal, "0001", "0010", "1000")
    assert registers(normal) == {"A": "0000", "B": "0001", "C": "0010", "D": "0000"}
    hard = new(difficulty="hard")
    draw(hard, "0001", "1000")
    assert registers(hard) == {"A": "0000", "B": "0001", "C": "0000", "D": "0000"}
    master = new(difficulty="master")
    draw(master, "1000")
    assert registers(master) == {"A": "0001", "B": "0000", "C": "0000", "D": "0000"}
    assert [easy.view(0)["energy"], master.view(0)["energy"]] == [3.0, 1.5]


def test_bugs_and_events_join_the_deck_only_after_the_setup_goals() -> None:
    state = new(difficulty="hard", events=True)
    assert {name for name, _ in state.chance_outcomes()} == {
        f"DRAW {value:04b}" for value in range(16)
    }
    draw(state, "0110")  # register B
    outcomes = dict(state.chance_outcomes())
    assert "DRAW BUG" in outcomes and "DRAW RESET B" in outcomes
    assert outcomes["DRAW OK"] == pytest.approx(4 / (15 + 2 + 14))


def test_only_the_oldest_goal_is_face_up() -> None:
    state = new()
    draw(state, "0001", "0010", "0100", "1000")
    play(state, 0, "END")
    draw(state, "0011")
    assert state.view(0)["slots"] == ["hidden", "1000", None, None]
    play(state, 0, "MOV A D", "ROL A")  # A = 1000: the old goal is solved, the next turns up
    assert state.view(0)["slots"] == ["0011", None, None, None]
    assert state.view(0)["solved"] == 4


def test_face_down_goals_wait_and_a_goal_already_in_a_is_solved_when_it_turns_up() -> None:
    state = new(energy=20)
    draw(state, "0001", "0010", "0100", "1000")
    play(state, 0, "END")
    draw(state, "0000")  # face down: A holds 0000, but only the face-up goal can be solved
    assert state.view(0)["slots"] == ["hidden", "1000", None, None]
    play(state, 0, "MOV A D", "ROL A")  # A = 1000 solves it; 0000 turns up
    assert state.view(0)["slots"] == ["0000", None, None, None]
    play(state, 0, "AND A B")  # A = 0000
    assert state.view(0)["slots"] == [None, None, None, None]
    assert state.view(0)["solved"] == 5
    master = new(difficulty="master")  # A = 0001
    draw(master, "0001")  # drawn face up while A holds it: solved at once
    assert master.view(0)["slots"] == [None, None, None, None]
    assert master.view(0)["solved"] == 1


def test_without_bugs_the_first_goal_is_lost_at_the_end_of_round_four() -> None:
    state = new()
    draw(state, "0001", "0010", "0100", "1000")
    for round_number, card in zip((1, 2, 3), ("1001", "1010", "1011"), strict=True):
        assert state.view(0)["round"] == round_number
        play(state, 0, "END")
        draw(state, card)
    assert state.view(0)["slots"] == ["hidden", "hidden", "hidden", "1000"]
    play(state, 0, "END")  # round 4 ends: 1000 would leave slot 4
    assert state.is_over and state.view(0)["outcome"] == "lost"
    assert state.view(0)["round"] == 4
    assert state.winners() == [] and state.scores() == [3.0]


def test_bugs_shorten_a_goals_life_and_end_a_draw_without_replacement() -> None:
    state = new(difficulty="hard")  # energy 2
    draw(state, "0001", "1000")  # B; goal 1000 in slot 1
    play(state, 0, "END")
    draw(state, "BUG")
    assert state.to_act == (0,), "a bug ends the draw: no replacement"
    assert state.view(0)["slots"] == ["BUG", "1000", None, None]
    play(state, 0, "MOV A B", "ROL A")  # A = 0010; no energy left: the round ends by itself
    draw(state, "BUG")
    assert state.view(0)["slots"] == ["BUG", "BUG", "1000", None]
    play(state, 0, "ROL A", "ROL A")  # A = 1000: solved; the round ends by itself
    draw(state, "0111")
    assert state.view(0)["slots"] == ["BUG", "BUG", "0111", None]
    assert state.view(0)["round"] == 4
    play(state, 0, "END")
    draw(state, "0110")
    assert state.view(0)["slots"] == ["BUG", "BUG", "hidden", "0111"]
    play(state, 0, "END")  # end of round 5: 0111 leaves slot 4 (drawn into slot 1 without
    assert state.view(0)["outcome"] == "lost"  # the bugs, it would last to the end of round 7)
    assert state.view(0)["round"] == 5


def test_events_resolve_when_drawn_at_setup_and_mid_game() -> None:
    state = new(difficulty="normal", events=True)
    draw(state, "0111", "0011")  # B, C
    draw(state, "RESET B")  # the first card after setup is an event: resolved, then another
    assert registers(state)["B"] == "0000" and state.is_chance
    draw(state, "ERROR C", "1000")
    assert state.view(0)["disabled"] == ["C"]
    assert not any(" C" in action for action in state.legal_actions(0) if action != "END")
    with pytest.raises(moonbase.IllegalAction, match="disabled by an ERROR: C"):
        state.apply(0, "MOV A C")
    play(state, 0, "END")
    draw(state, "RESET C")  # a disabled register still counts for RESET
    assert registers(state)["C"] == "0000"
    draw(state, "ERROR ROL", "ERROR XOR", "OK")  # two errors: the crew chooses the repair
    assert state.to_act == (0,)
    assert state.legal_actions(0) == ["REPAIR C", "REPAIR ROL", "REPAIR XOR"]
    play(state, 0, "REPAIR ROL")
    assert state.view(0)["disabled"] == ["C", "XOR"] and state.is_chance
    draw(state, "OK")
    assert state.legal_actions(0) == ["REPAIR C", "REPAIR XOR"]
    play(state, 0, "REPAIR XOR")
    draw(state, "OK")  # one error: repaired without a choice
    assert state.view(0)["disabled"] == []
    draw(state, "OK")  # no error: no effect
    assert state.is_chance


def test_an_event_that_puts_the_goal_in_a_solves_it() -> None:
    state = new(difficulty="master", events=True)  # A = 0001
    draw(state, "0000")
    play(state, 0, "END")
    draw(state, "RESET A")  # A = 0000 solves the goal; the draw goes on
    assert state.view(0)["slots"] == [None, None, None, None]
    assert state.view(0)["solved"] == 1 and state.is_chance
    draw(state, "0101")
    assert state.view(0)["slots"] == ["0101", None, None, None]


def test_reset_bits_and_errors_on_operations_out_of_play() -> None:
    state = new(difficulty="normal", events=True, extras=True, operations="INC,DEC,MOV")
    draw(state, "0111", "0110", "RESET 2")
    assert registers(state) == {"A": "0000", "B": "0101", "C": "0100", "D": "0000"}
    draw(state, "ERROR ROL", "1000")  # ROL is not in play: nothing to disable
    assert state.view(0)["disabled"] == []


def test_a_scripted_cooperative_game_is_won() -> None:
    state = new()
    play_to_win(state)
    assert state.is_over and state.view(0)["outcome"] == "won"
    assert state.winners() == [0] and state.scores() == [16.0]
    assert state.view(0)["round"] == 13


def test_a_random_crew_loses_and_the_save_replays_the_loss() -> None:
    state = moonbase.load("moon", difficulty="master").new(seed=4)
    rng = random.Random(0)
    while not state.is_over:
        state.apply(0, rng.choice(state.legal_actions(0)))
    assert state.view(0)["outcome"] == "lost"
    loaded = moonbase.from_json(state.to_json())
    assert loaded == state and loaded.view(0)["outcome"] == "lost"


def test_face_down_goals_are_hidden_and_resampled() -> None:
    state = new()
    draw(state, "0001", "0010", "0100", "1000")
    for card in ("1001", "1010"):
        play(state, 0, "END")
        draw(state, card)
    text = json.dumps(state.view(0))
    assert "1001" not in text and "1010" not in text
    seen = set()
    for seed in range(30):
        sample = state.resample(0, random.Random(seed))
        assert sample.view(0) == state.view(0)
        seen.add(tuple(sample.slots[:2]))  # type: ignore[attr-defined]
    assert len(seen) > 5, "face-down goals are dealt again from the unseen cards"


def test_energy_left_at_end_is_lost_until_the_next_round_s_comes() -> None:
    state = new(seed=1, difficulty="master", events=True)  # 1.5 energy a round
    draw(state, "0011")
    assert state.view(0)["energy"] == 1.5
    play(state, 0, "END")  # 1.5 left unspent: lost
    assert state.view(0)["energy"] == 0
    draw(state, "ERROR B", "ERROR C", "OK")  # the crew must choose a repair first
    assert state.view(0)["phase"] == "repair" and state.view(0)["energy"] == 0
    play(state, 0, "REPAIR B")
    assert state.view(0)["energy"] == 0  # still drawing: the round's goal is not placed yet
    draw(state, "0101")
    assert state.view(0)["phase"] == "play" and state.view(0)["energy"] == 1.5
