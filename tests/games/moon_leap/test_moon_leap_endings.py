"""Why a Moon Leap game ended and what each score is made of, as the final view tells it:
``ended`` names the move that took the last of the last three spaces, ``score_parts`` each
token's points, which add up to the score."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import moonbase
from moonbase.games.moon_leap import MoonLeapState
from tests.games.moon_leap.helpers import TINY_VALUES, layout, play, write_board


def _tiny(tmp_path: Path) -> MoonLeapState:
    board = write_board(tmp_path, TINY_VALUES)
    state = moonbase.load("moon-leap", players=2, board=board).new(chance="explicit")
    assert isinstance(state, MoonLeapState)
    return state


def test_the_end_names_the_move_that_took_the_last_space_and_scores_each_token(
    tmp_path: Path,
) -> None:
    state = _tiny(tmp_path)
    play(state, *(f"{seat}: 1 MOVE 1" for _ in range(4) for seat in (0, 1)))
    play(state, "0: * MOVE 2", "1: 2 MOVE 2", "0: 2 MOVE 2", "1: 2 MOVE 2", "0: 2 MOVE 2")
    assert state.view(None)["ended"] == [] and state.view(None)["score_parts"] is None
    play(state, "1: 2 MOVE 2")  # b2 fills space 6: the last three spaces are all occupied
    assert layout(state) == ". . . . a2 b2 a1 b1"
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["ended"] == [{"trigger": "last-spaces", "seat": 1, "spaces": [6, 7, 8]}]
        assert view["score_parts"][1] == [
            {"token": 1, "space": 8, "value": 6, "points": 6},
            {"token": 2, "space": 6, "value": 4, "points": 8},
            {"token": 3, "space": None, "value": -5, "points": -15},
            {"token": 4, "space": None, "value": -5, "points": -20},
            {"token": 5, "space": None, "value": -5, "points": -25},
        ]
    assert state.scores()[1] == 6 + 8 - 15 - 20 - 25


def test_a_split_cut_short_by_the_end_scores_its_first_token_where_it_stopped(
    tmp_path: Path,
) -> None:
    state = _tiny(tmp_path)
    play(state, "0: 1 MOVE 1", "1: 1 MOVE 1", "0: 2 MOVE 2", "1: 2 MOVE 2", "0: 3 MOVE 3")
    play(state, "1: 1 MOVE 1", "0: 1 MOVE 1", "1: 2 MOVE 2", "0: 2 MOVE 2", "1: 3 MOVE 3")
    play(state, "0: 4 MOVE 3+1")  # a3 takes space 8: a1 never moves
    assert state.view(None)["ended"] == [{"trigger": "last-spaces", "seat": 0, "spaces": [6, 7, 8]}]
    first = state.view(None)["score_parts"][0][0]
    assert first == {"token": 1, "space": 2, "value": 0, "points": 0}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_random_games_the_parts_add_up_to_each_score(players: int) -> None:
    game = moonbase.load("moon-leap", players=players)
    for seed in range(15):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        view = state.view(None)
        last_mover = next(seat for seat, _ in reversed(state.history) if seat >= 0)
        spaces = len(view["track"])
        assert view["ended"] == [
            {
                "trigger": "last-spaces",
                "seat": last_mover,
                "spaces": [spaces - 2, spaces - 1, spaces],
            }
        ]
        values = {entry["space"]: entry["value"] for entry in view["track"]}
        for seat, tokens in enumerate(view["score_parts"]):
            assert [token["token"] for token in tokens] == [1, 2, 3, 4, 5]
            assert sum(token["points"] for token in tokens) == state.scores()[seat]
            reserve = [token["token"] for token in tokens if token["space"] is None]
            assert reserve == view["reserve"][seat]
            for token in tokens:
                value = -5 if token["space"] is None else values[token["space"]]
                assert token["value"] == value and token["points"] == token["token"] * value
