"""Honesty: an agent's choice depends only on what its seat can know (and its own seed).

Two states a seat cannot tell apart — a state and its resample — must get the same action
from agents made with the same seed. Random, greedy and planner decide from the view alone.
MCTS searches resamples of what it is given, so its choice is a function of the view exactly
when the game's ``resample`` is: every game draws its hidden cards from pools built in a fixed
order, so two states of one information set resample alike, and MCTS must choose alike.
"""

from __future__ import annotations

import random

import pytest

import moonbase
from moonbase.agents import make_agent
from moonbase.core import Game, State
from tests.agents.helpers import GAMES, decision_points

HONESTY_GAMES: dict[str, Game] = {
    **GAMES,
    "welcome-to-the-moon": moonbase.load("welcome-to-the-moon", players=2),
}

AGENTS = {
    "moon-coop": ["random", "greedy", "planner"],
    "moon-competitive": ["random", "greedy", "planner"],
    "moon-leap": ["random", "greedy"],
    "moons": ["random", "greedy"],
    "welcome-to-the-moon": ["random", "greedy"],
}


def _twins(state: State, seat: int, number: int) -> tuple[State, State]:
    twin = state.resample(seat, random.Random(number))
    assert twin.view(seat) == state.view(seat)
    return state, twin


@pytest.mark.parametrize(
    ("name", "spec"), [(name, spec) for name, specs in AGENTS.items() for spec in specs]
)
def test_same_view_and_seed_give_the_same_action(name: str, spec: str) -> None:
    differed = False
    game = HONESTY_GAMES[name]
    for number, state in enumerate(decision_points(game, seed=7, every=3, limit=10)):
        for seat in state.to_act:
            real, twin = _twins(state, seat, number)
            differed |= real.summary() != twin.summary()
            first = make_agent(spec, seed=number).choose(real, seat)
            second = make_agent(spec, seed=number).choose(twin, seat)
            assert first == second, f"{spec} told {name} states apart at step {number}"
    if game.has_hidden_information:
        assert differed, "the twins never differed: the test saw no hidden information"


def _resample_alike(first: State, second: State, seat: int) -> bool:
    return all(
        first.resample(seat, random.Random(n)) == second.resample(seat, random.Random(n))
        for n in range(3)
    )


@pytest.mark.parametrize("name", sorted(HONESTY_GAMES))
def test_twins_resample_alike_so_mcts_chooses_alike(name: str) -> None:
    game = HONESTY_GAMES[name]
    differed = False
    for number, state in enumerate(decision_points(game, seed=3, every=4, limit=6)):
        for seat in state.to_act:
            real, twin = _twins(state, seat, number)
            differed |= real.summary() != twin.summary()
            assert _resample_alike(real, twin, seat), f"{name} step {number}: resamples differ"
            spec = "mcts:iterations=12"
            first = make_agent(spec, seed=number).choose(real, seat)
            assert first == make_agent(spec, seed=number).choose(twin, seat)
    if game.has_hidden_information:
        assert differed, "the twins never differed: the test saw no hidden information"


@pytest.mark.parametrize("horizon", ["", ",worlds=4,horizon=chance"], ids=["cut", "horizon"])
@pytest.mark.parametrize("name", ["moon-coop", "moon-competitive"])
def test_mcts_judged_by_the_moon_outlook_chooses_alike(name: str, horizon: str) -> None:
    # The 6-bit rows judge cut rollouts by MOON's outlook, and a lone crew's by its outlook
    # when the search began: read from the view, so twins start from the same value. With a
    # horizon at chance the worlds are explicit twins of what the seat is given (its history
    # replayed), a few resamples shared by the iterations: still the view's alone.
    game = (
        moonbase.load("moon", difficulty="hard", events=True)
        if name == "moon-coop"
        else GAMES[name]
    )
    differed = False
    for number, state in enumerate(decision_points(game, seed=5, every=3, limit=6)):
        for seat in state.to_act:
            real, twin = _twins(state, seat, number)
            differed |= real.summary() != twin.summary()
            spec = "mcts:iterations=12,rollout=greedy,depth=4,leaf=outlook" + horizon
            first = make_agent(spec, seed=number).choose(real, seat)
            assert first == make_agent(spec, seed=number).choose(twin, seat)
    assert differed, "the twins never differed: the test saw no hidden information"
