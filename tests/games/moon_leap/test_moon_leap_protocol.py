"""Moon Leap on the moonbase protocol: notation, views, saves, the history bound, rendering."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import moonbase
from moonbase.games.moon_leap import MoonLeapGame, MoonLeapState
from moonbase.games.moon_leap.notation import canonical
from tests.games.moon_leap.helpers import play, write_board


def new(players: int = 2, board: str = "standard", seed: int = 0) -> MoonLeapState:
    state = moonbase.load("moon-leap", players=players, board=board).new(seed, chance="explicit")
    assert isinstance(state, MoonLeapState)
    return state


def crossed_2p() -> MoonLeapState:
    """Seat 0 to roll, the barrier crossed (by a1 placed on space 11)."""
    state = new()
    play(state, *(f"{seat}: {n} MOVE {n}" for n in (1, 2, 3, 4, 5) for seat in (0, 1)))
    play(state, "0: 1 MOVE 1")
    assert state.split_allowed
    assert state.turn == 1
    play(state, "1: 5 MOVE 5")
    return state


def test_registered_as_moon_leap() -> None:
    assert "moon-leap" in moonbase.games()
    game = moonbase.load("moon-leap")
    assert isinstance(game, MoonLeapGame)
    assert game.title == "Moon Leap"
    assert game.options == {"players": 2, "board": "standard"}


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("move 1 + 4", "MOVE 1+4"),
        ("  Move   1+4 ", "MOVE 1+4"),
        ("MOVE 1 +4", "MOVE 1+4"),
        ("move 3", "MOVE 3"),
        ("pass", "PASS"),
        (" roll  * ", "ROLL *"),
        ("roll ★", "ROLL *"),
        ("roll 5", "ROLL 5"),
        ("move 1 4", "MOVE 1 4"),
        ("MOVE 3 X", "MOVE 3 X"),
    ],
)
def test_parsing_is_lenient_and_printing_canonical(typed: str, printed: str) -> None:
    assert canonical(typed) == printed


def test_lenient_spellings_are_applied_and_recorded_canonically() -> None:
    state = crossed_2p()
    state.apply(moonbase.CHANCE, "roll  5")
    assert state.legal_actions(0) == ["MOVE 1+4", "MOVE 2+3", "MOVE 3+2", "MOVE 4+1", "MOVE 5"]
    state.apply(0, "  move 2 + 3 ")
    assert state.history[-2:] == [(moonbase.CHANCE, "ROLL 5"), (0, "MOVE 2+3")]


def test_the_two_orders_of_a_split_are_different_actions() -> None:
    state = crossed_2p()
    state.apply(moonbase.CHANCE, "ROLL 3")
    assert {"MOVE 1+2", "MOVE 2+1"} <= set(state.legal_actions(0))
    one_two, two_one = state.clone(), state.clone()
    one_two.apply(0, "MOVE 1+2")
    two_one.apply(0, "MOVE 2+1")
    assert one_two.history[-1] == (0, "MOVE 1+2")
    assert two_one.history[-1] == (0, "MOVE 2+1")
    assert one_two != two_one
    # here both orders end alike: a1 from 11 to 13, a2 from 3 to the free space 10
    # (the rulebook's split example in the rules tests is one where the order matters)
    assert one_two.summary() == two_one.summary()
    assert one_two.space_of(0, 1) == 13
    assert one_two.space_of(0, 2) == 10


def test_illegal_actions_say_why_and_change_nothing() -> None:
    state = crossed_2p()
    state.apply(moonbase.CHANCE, "ROLL 4")
    before = state.to_json()
    asking = "the die shows 4: move token 4 or split it as 1+3 (either order)"
    no_action = "is not an action of Moon Leap (a move is written MOVE 3, MOVE 1+4"
    cases = {
        "MOVE 2+2": no_action,
        "MOVE 1+2": asking,
        "MOVE 2": asking,
        "MOVE 6": no_action,
        "MOVE 1+2+1": no_action,
        "ROLL 4": no_action,
        "JUMP 4": no_action,
        "MOVE": no_action,
    }
    for action, reason in cases.items():
        with pytest.raises(moonbase.IllegalAction) as caught:
            state.apply(0, action)
        assert reason in caught.value.reason, caught.value.reason
        assert str(caught.value).startswith(caught.value.reason)
        assert caught.value.allowed == ("MOVE 1+3", "MOVE 3+1", "MOVE 4")
        assert "allowed: MOVE 1+3, MOVE 3+1, MOVE 4" in str(caught.value)
    with pytest.raises(moonbase.IllegalAction, match="seat 1 may not act"):
        state.apply(1, "MOVE 4")
    with pytest.raises(moonbase.IllegalAction, match="chance may not act"):
        state.apply(moonbase.CHANCE, "ROLL 2")
    assert state.to_json() == before


def test_a_roll_of_one_or_two_is_never_split() -> None:
    state = crossed_2p()
    state.apply(moonbase.CHANCE, "ROLL 2")
    with pytest.raises(moonbase.IllegalAction, match="is not an action of Moon Leap"):
        state.apply(0, "MOVE 1+1")


def test_the_view_has_the_documented_keys() -> None:
    state = new(players=3)
    play(state, "0: 2 MOVE 2")
    state.apply(moonbase.CHANCE, "ROLL *")
    view = state.view(None)
    assert {"track", "reserve", "roll", "barrier", "split_allowed", "scores"} <= set(view)
    assert view["track"][0] == {"space": 1, "value": -3, "token": {"seat": 0, "number": 2}}
    assert view["track"][1] == {"space": 2, "value": -3, "token": None}
    assert [entry["space"] for entry in view["track"]] == list(range(1, 38))
    assert view["reserve"] == [[1, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]]
    assert view["roll"] == "*"
    assert view["barrier"] == 13
    assert view["split_allowed"] is False
    assert view["scores"] == [-6 - 65, -75, -75]
    assert view["turn"] == 1
    assert view["to_act"] == [1]
    assert json.loads(json.dumps(view)) == view


def test_nothing_is_hidden() -> None:
    game = moonbase.load("moon-leap", players=4)
    assert game.has_hidden_information is False
    state = game.new(seed=9)
    rng = random.Random(1)
    for _ in range(30):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    spectator = state.view(None)
    assert all(state.view(seat) == spectator for seat in range(4))
    sample = state.resample(2, random.Random(5))
    assert sample.view(2) == spectator
    assert sample.history == state.history


def test_auto_mode_rolls_from_the_seed() -> None:
    game = moonbase.load("moon-leap", players=3)
    first, second = game.new(seed=11), game.new(seed=11)
    assert first.to_act == (0,)
    assert first.history[0][0] == moonbase.CHANCE
    assert first.history == second.history
    rolls = set()
    for seed in range(40):
        state = game.new(seed=seed)
        rolls.add(state.view(None)["roll"])
    assert rolls == {"1", "2", "3", "4", "5", "*"}


@pytest.mark.parametrize("chance", ["auto", "explicit"])
def test_save_and_load_mid_game(chance: str) -> None:
    state = moonbase.load("moon-leap", players=3).new(seed=21, chance=chance)  # type: ignore[arg-type]
    rng = random.Random(3)
    for _ in range(40):
        seat = state.to_act[0]
        actions = state.legal_actions(seat) or [name for name, _ in state.chance_outcomes()]
        state.apply(seat, rng.choice(actions))
    assert not state.is_over
    loaded = moonbase.from_json(state.to_json())
    assert loaded == state
    assert loaded.view(None) == state.view(None)
    seat = state.to_act[0]
    action = (state.legal_actions(seat) or [name for name, _ in state.chance_outcomes()])[0]
    state.apply(seat, action)
    assert loaded != state
    loaded.apply(seat, action)
    assert loaded == state


def test_save_and_load_with_a_board_file(tmp_path: Path) -> None:
    board = write_board(tmp_path, [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7], barrier=3)
    state = new(board=board, seed=8)
    play(state, "0: 3 MOVE 3", "1: * MOVE 5", "0: 4 MOVE 4", "1: 1 MOVE 1")
    saved = state.to_json()
    Path(board).write_text('{"values": [0, 0, 0, 0], "barriers": {"2": 1, "3": 1, "4": 1}}')
    loaded = moonbase.from_json(saved)  # the save carries the board, not the file's path
    assert loaded == state
    assert loaded.game.options["board"] == "inline board"
    assert loaded.game.board.values == (-2, -1, 0, 1, 2, 3, 4, 5, 6, 7)
    Path(board).unlink()
    assert moonbase.from_json(saved).to_json() == saved
    preset = moonbase.load("moon-leap", **MoonLeapGame.presets["custom-board"]).new(seed=2)
    for _ in range(10):
        preset.apply(preset.to_act[0], preset.legal_actions(preset.to_act[0])[-1])
    assert moonbase.from_json(preset.to_json()) == preset


def test_clone_is_equal_and_independent() -> None:
    state = crossed_2p()
    copy = state.clone()
    assert copy == state
    play(copy, "0: 3 MOVE 1+2")
    assert copy != state
    assert state.space_of(0, 1) == 11
    assert copy.space_of(0, 1) == 13


@pytest.mark.parametrize("preset", ["2p", "3p", "4p", "custom-board"])
def test_random_games_end_within_the_declared_bound(preset: str) -> None:
    game = moonbase.load("moon-leap", **MoonLeapGame.presets[preset])
    for seed in range(25):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert len(state.history) <= game.max_history
        assert state.last_spaces_filled()
        scores = state.scores()
        assert state.winners() == [s for s, score in enumerate(scores) if score == max(scores)]


def test_max_history_bound_follows_the_board_and_player_count(tmp_path: Path) -> None:
    # 2 players on 37 spaces: the ten highest spaces sum to 28 + ... + 37 = 325 moves at most
    assert moonbase.load("moon-leap").max_history == 6 * 325
    # a 4-space track holds at most four tokens: 1 + 2 + 3 + 4 = 10
    tiny = write_board(tmp_path, [0, 0, 0, 0])
    assert moonbase.load("moon-leap", players=4, board=tiny).max_history == 6 * 10


def test_the_text_rendering_shows_the_table() -> None:
    state = crossed_2p()
    state.apply(moonbase.CHANCE, "ROLL *")
    text = str(state)
    assert text.splitlines()[0] == (
        "Moon Leap — 2 players, standard board; barrier after space 10 (crossed: splits allowed)"
    )
    assert " a1" in text
    assert " b5" in text
    assert "|" in text
    assert text.splitlines()[-1] == "seat 0 to move: the die shows ★"
