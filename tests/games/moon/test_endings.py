"""Why a MOON game ended and what its scores are made of, as every view tells it: ``ended``
names the one reason the rules ended the game, ``score_parts`` (cooperative) adds up to the
score."""

from __future__ import annotations

import random

import pytest

import moonbase
from moonbase.games.moon import MoonState
from tests.games.moon.helpers import (
    draw,
    empty_the_deck,
    lose_at_round_four,
    new,
    play,
    play_to_win,
    solve_in_counting_order,
)


def _ended_everywhere(state: MoonState) -> list[dict[str, object]]:
    """The view's ``ended``, checked to be the same for every seat and the spectator."""
    seen = [state.view(seat)["ended"] for seat in [*range(state.game.seats), None]]
    assert all(ended == seen[0] for ended in seen), seen
    return list(seen[0])


def test_a_won_mission_ended_because_every_goal_is_solved() -> None:
    state = new()
    play_to_win(state)
    assert _ended_everywhere(state) == [{"trigger": "all-goals-solved"}]


def test_a_lost_mission_names_the_goal_that_climbed_past_slot_4() -> None:
    state = new()
    lose_at_round_four(state)
    assert state.view(0)["outcome"] == "lost"
    assert _ended_everywhere(state) == [{"trigger": "goal-overflow", "goal": "1000"}]


def test_a_competitive_game_ends_with_its_last_round() -> None:
    state = new(mode="competitive", bugs=0, max_rounds=2)
    draw(state, "0001", "1111")
    play(state, 0, "END")
    play(state, 1, "END")
    play(state, 0, "END")
    assert _ended_everywhere(state) == [], "round 2 is not over yet"
    play(state, 1, "END")
    assert _ended_everywhere(state) == [{"trigger": "max-rounds", "rounds": 2}]


def test_a_competitive_game_ends_when_a_seat_must_draw_from_the_empty_deck() -> None:
    state = new(mode="competitive", bugs=0, energy=20)
    empty_the_deck(state)
    assert _ended_everywhere(state) == [{"trigger": "deck-empty", "seat": 0}]


def test_a_last_round_with_an_empty_deck_is_the_last_round() -> None:
    """The deck may be empty when the rounds run out: no seat had to draw, so the game ended
    with its last round (which the deck alone cannot tell)."""
    state = new(mode="competitive", bugs=0, energy=20, max_rounds=2)
    solve_in_counting_order(state, last=15)  # the last card of the deck: 1111
    assert state.view(0)["deck"] == 0 and state.view(0)["goal"] == "1111"
    play(state, 0, "END")
    play(state, 1, "END")
    assert _ended_everywhere(state) == [{"trigger": "max-rounds", "rounds": 2}]
    assert state.scores() == [14.0, 0.0]


@pytest.mark.parametrize(
    "options",
    [
        {"difficulty": "easy"},
        {"difficulty": "normal", "events": True},
        {"difficulty": "hard", "width": 5},
        {"difficulty": "master"},
        {"mode": "competitive", "players": 3, "max_rounds": 4},
        {"mode": "competitive", "players": 2, "bugs": 0, "energy": 12},
    ],
)
def test_random_games_end_for_one_told_reason_and_score_their_parts(
    options: dict[str, object],
) -> None:
    game = moonbase.load("moon", **options)
    for seed in range(12):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert state.view(None)["ended"] == []
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, MoonState)
        (reason,) = _ended_everywhere(state)
        view = state.view(None)
        if view["mode"] == "cooperative":
            expected = "all-goals-solved" if view["outcome"] == "won" else "goal-overflow"
            parts = view["score_parts"]
            assert parts["setup"] + parts["in_play"] == parts["total"] == state.scores()[0]
            assert (
                parts["setup"]
                == {"easy": 3, "normal": 2, "hard": 1, "master": 0}[str(options["difficulty"])]
            ), "the goals copied into B, C, D at setup count as solved"
            assert reason["trigger"] == expected, (seed, reason)
        else:
            scores = [float(len(goals)) for goals in view["solved_goals"]]
            assert view["solved"] == scores == state.scores(), "a point per goal solved"
            if reason["trigger"] == "deck-empty":
                assert view["deck"] == 0 and state.view(reason["seat"])["goal"] is None
            else:
                assert reason == {"trigger": "max-rounds", "rounds": view["max_rounds"]}
                assert view["round"] == view["max_rounds"]
