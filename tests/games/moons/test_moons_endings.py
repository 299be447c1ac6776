"""Why a Moons game ended and what each score is made of, as the final view tells it:
``ended`` names the end triggers met (the supply emptied, the last round played),
``score_parts`` the sets, triples, singles and bonus cards that make each score."""

from __future__ import annotations

import random
from typing import Any

import pytest

import moonbase
from moonbase.games.moons.scoring import best_grouping, grouping_rest
from tests.endings import finished, first_ending


def _first_ending(codes: list[str], **options: Any) -> moonbase.State:
    """The first random game that ends with exactly the triggers ``codes``, in this order."""
    state = first_ending("moons", set(codes), seeds=60, **options)
    assert [entry["trigger"] for entry in state.view(None)["ended"]] == codes
    return state


def test_an_emptied_supply_ends_the_game_before_the_last_round() -> None:
    state = _first_ending(["supply-empty"], players=3, tokens_per_planet=6)
    view = state.view(None)
    assert view["round"] < view["rounds"] or view["tricks_left"] > 0
    assert not any(view["supply"].values())
    for seat in (0, 1, 2, None):
        assert state.view(seat)["ended"] == [{"trigger": "supply-empty"}]


def test_the_last_round_ends_the_game_with_tokens_left() -> None:
    state = _first_ending(["last-round"], players=3, mini_asteroids=False)
    view = state.view(None)
    assert view["round"] == view["rounds"] == 3 and view["tricks_left"] == 0
    assert any(view["supply"].values())
    assert view["ended"] == [{"trigger": "last-round", "rounds": 3}]


def test_the_supply_may_empty_in_the_last_round_s_awards() -> None:
    state = _first_ending(["supply-empty", "last-round"], players=3)
    view = state.view(None)
    assert view["round"] == view["rounds"] and view["tricks_left"] == 0
    assert not any(view["supply"].values())


def test_the_grouping_s_rest_is_split_as_it_scores_best() -> None:
    assert grouping_rest([3, 3, 3, 1], 0) == (3, 1), "three triples and a single: 19"
    assert grouping_rest([3, 3, 3, 1], 1) == (0, 6), "a set leaves pairs: singles"
    assert grouping_rest([6, 6, 0, 0], 0, triple_points=2) == (0, 12), "triples worth less"
    grouping = best_grouping([2, 2, 2, 2])
    assert grouping_rest([2, 2, 2, 2], grouping.sets) == (0, 0)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"players": 4, "mini_asteroids": False},
        {"players": 5, "tokens_per_planet": 9},
        {"players": 6, "set_points": 4, "triple_points": 8, "single_points": 2},
    ],
)
def test_in_random_games_the_triggers_are_the_table_s_and_the_parts_sum_to_the_score(
    options: dict[str, Any],
) -> None:
    for seed in range(10):
        state = finished("moons", seed, **options)
        view = state.view(None)
        codes = [entry["trigger"] for entry in view["ended"]]
        assert codes, "a game over says why"
        assert ("supply-empty" in codes) == (not any(view["supply"].values()))
        if "last-round" in codes:
            assert view["round"] == view["rounds"] and view["tricks_left"] == 0
        for seat, parts in enumerate(view["score_parts"]):
            assert sum(part["points"] for part in parts) == state.scores()[seat]
            assert [part["part"] for part in parts[:3]] == ["sets", "triples", "singles"]
            assert sorted(part["part"] for part in parts[3:]) == sorted(set(view["bonuses"][seat]))
            sets = parts[0]["count"]
            tokens = list(view["tokens"][seat].values())
            in_groups = 4 * sets + 3 * parts[1]["count"] + parts[2]["count"]
            assert in_groups == sum(tokens), "every token is in one group"
            for part in parts:
                cards = part.get("cards", 1)
                assert part["points"] == cards * part["count"] * part["each"]


def test_while_the_game_goes_on_nothing_has_ended() -> None:
    state = moonbase.load("moons", players=3).new(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        assert state.view(0)["ended"] == [] and state.view(0)["score_parts"] is None
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.view(0)["ended"] and state.view(0)["score_parts"]
