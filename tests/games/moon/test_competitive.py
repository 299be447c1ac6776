"""The competitive game: secret goals, RAM, several goals a turn, bugs and PEEK, hackers, ends."""

from __future__ import annotations

import json
import random

import pytest

import moonbase
from tests.games.moon.helpers import draw, empty_the_deck, new, play


def test_goals_are_secret_and_solved_only_on_their_owners_turn() -> None:
    state = new(mode="competitive", bugs=0)
    draw(state, "0101", "0001")  # seat 0, then seat 1
    assert state.view(0)["goal"] == "0101" and state.view(1)["goal"] == "0001"
    assert "0101" not in json.dumps(state.view(1)) and "0001" not in json.dumps(state.view(0))
    play(state, 0, "INC A")  # A = 0001 is seat 1's goal, but it is seat 0's turn
    assert state.view(0)["solved"] == [0, 0]
    play(state, 0, "END")
    assert state.view(0)["solved"] == [0, 1], "solved at the start of seat 1's turn"
    assert state.is_chance, "seat 1 draws its next goal at once"


def test_the_other_seats_goal_does_not_change_what_a_seat_sees() -> None:
    views = []
    for other in ("0110", "1011"):
        state = new(mode="competitive", players=3, bugs=0)
        draw(state, "0101", other, "0011")
        views.append(state.view(0))
    assert views[0] == views[1]


def test_several_goals_in_one_turn() -> None:
    state = new(mode="competitive", bugs=0)  # easy: energy 4 a turn
    draw(state, "0001", "1111")
    play(state, 0, "INC A")
    draw(state, "0010")
    play(state, 0, "ROL A")
    draw(state, "0100")
    play(state, 0, "ROL A")
    draw(state, "1000")
    assert state.view(0)["solved"] == [3, 0]
    assert state.view(None)["solved_goals"] == [["0001", "0010", "0100"], []]
    assert state.to_act == (1,), "energy spent: the turn ended by itself"


def test_a_goal_in_a_at_the_start_of_the_turn_is_solved() -> None:
    state = new(mode="competitive", bugs=0)
    draw(state, "0000", "1111")  # A = 0000 already
    assert state.is_chance and state.view(0)["solved"] == [1, 0]


def test_ram_is_read_and_written_only_with_mov_at_half_cost() -> None:
    state = new(mode="competitive", bugs=0)  # energy 4
    draw(state, "1111", "1110")
    play(state, 0, "INC B", "MOV RAM B")
    assert state.view(0)["ram"] == "0001" and state.view(0)["energy"] == 1.5
    assert "MOV RAM A" in state.legal_actions(0) and "INC RAM" not in state.legal_actions(0)
    with pytest.raises(moonbase.IllegalAction, match="RAM is read and written only with MOV"):
        state.apply(0, "XOR A RAM")
    play(state, 0, "MOV C RAM")
    assert state.view(0)["registers"]["C"] == "0001"


def test_bugs_are_drawn_shown_kept_and_replaced_then_peek_passes_them() -> None:
    state = new(mode="competitive", players=3)
    draw(state, "BUG", "0110", "1001", "1100")  # seat 0 draws a bug, then its goal
    assert state.view(2)["bugs"] == [1, 0, 0]
    assert "PEEK 0" not in state.legal_actions(0)
    play(state, 0, "PEEK 2")  # free
    assert state.view(0)["peeked"] == {"2": "1100"}
    assert state.view(1)["peeked"] == {} and "1100" not in json.dumps(state.view(1))
    assert state.view(0)["bugs"] == [0, 0, 1] and state.view(0)["energy"] == 4.0
    assert not any(action.startswith("PEEK") for action in state.legal_actions(0))


def test_a_peeked_goal_is_forgotten_once_it_is_solved() -> None:
    state = new(mode="competitive")
    draw(state, "BUG", "1111", "0001")
    play(state, 0, "PEEK 1", "END")  # seat 1 solves 0001 at once? No: A = 0000.
    assert state.view(0)["peeked"] == {"1": "0001"}
    play(state, 1, "INC A")
    draw(state, "0110")
    assert state.view(0)["peeked"] == {}


@pytest.mark.parametrize(
    ("colour", "actions", "energy_left"),
    [
        ("green", ["INC A", "DEC B"], 2.0),  # INC and DEC cost 1
        ("yellow", ["ROL A", "ROR B"], 3.0),  # ROL and ROR cost 0.5
        ("purple", ["MOV A B", "MOV C D", "MOV B C"], 3.5),  # two free MOVs, then 0.5
        ("red", ["OR A B", "AND C D", "XOR B C"], 3.5),  # two free logic operations
    ],
)
def test_hackers(colour: str, actions: list[str], energy_left: float) -> None:
    state = new(mode="competitive", bugs=0, hackers=f"{colour},none")
    draw(state, "1111", "1110")
    play(state, 0, *actions)
    assert state.view(0)["energy"] == energy_left
    assert state.view(0)["hackers"] == [colour, None]


def test_free_uses_do_not_carry_over() -> None:
    state = new(mode="competitive", bugs=0, hackers="purple,none")
    draw(state, "1111", "1110")
    play(state, 0, "MOV A B", "END")
    play(state, 1, "END")
    assert state.view(0)["free"] == 2
    play(state, 0, "MOV A B")
    assert state.view(0)["free"] == 1 and state.view(0)["energy"] == 4.0


def test_the_game_ends_after_max_rounds_and_most_goals_win() -> None:
    state = new(mode="competitive", bugs=0, max_rounds=2)
    draw(state, "0001", "1111")
    play(state, 0, "INC A")
    draw(state, "0111")
    play(state, 0, "END")
    play(state, 1, "END")
    play(state, 0, "END")
    play(state, 1, "END")
    assert state.is_over and state.view(0)["round"] == 2
    assert state.scores() == [1.0, 0.0] and state.winners() == [0]


def test_a_tie_is_a_shared_win() -> None:
    state = new(mode="competitive", bugs=0, max_rounds=1)
    draw(state, "1111", "1110")
    play(state, 0, "END")
    assert not state.is_over
    play(state, 1, "END")
    assert state.winners() == [0, 1]


def test_the_game_ends_at_once_when_a_goal_is_due_and_the_deck_is_empty() -> None:
    state = new(mode="competitive", bugs=0, energy=20)
    empty_the_deck(state)
    assert state.view(0)["deck"] == 0 and state.view(0)["round"] < 30
    assert state.scores()[0] == 15.0


def test_events_in_competitive_play_and_the_drawer_repairs() -> None:
    state = new(mode="competitive", bugs=0, events=True)
    draw(state, "ERROR B", "ERROR ROL", "OK")  # seat 0's draw at setup
    assert state.to_act == (0,) and state.legal_actions(0) == ["REPAIR B", "REPAIR ROL"]
    play(state, 0, "REPAIR B")
    draw(state, "0011", "RESET A", "1100")
    assert state.view(1)["goal"] == "1100" and state.view(1)["disabled"] == ["ROL"]


def test_resample_keeps_goals_clear_of_values_a_held_on_their_owners_turns() -> None:
    state = new(mode="competitive", bugs=0, energy=20)
    draw(state, "1111", "1110")
    play(state, 0, "END")
    for _ in range(9):  # seat 1 walks A through 0..9 without solving
        play(state, 1, "INC A")
    play(state, 1, "END")
    goals = set()
    for seed in range(40):
        sample = state.resample(0, random.Random(seed))
        assert sample.view(0) == state.view(0)
        goals.add(sample.view(1)["goal"])
    assert goals == {"1010", "1011", "1100", "1101", "1110"}, "A held 0000–1001 on its turn"
