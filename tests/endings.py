"""Finished games for the tests of how games end: real games played to the end by random
or greedy seats, and the first of them (by seed) that ends with given end triggers."""

from __future__ import annotations

import random
from typing import Any

import moonbase
from moonbase.agents.runner import play


def finished(name: str, seed: int, bots: str = "random", **options: Any) -> moonbase.State:
    """A game of ``name`` played from ``seed`` to the end by ``bots`` (``random``: uniform
    choices from a generator seeded by ``seed``; else an agent spec) in every seat."""
    game = moonbase.load(name, **options)
    if bots != "random":
        return play(game, [bots] * game.seats, seed=seed)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def triggers(state: moonbase.State) -> set[str]:
    """The codes of the end triggers the spectator's view gives."""
    return {entry["trigger"] for entry in state.view(None)["ended"]}


def first_ending(
    name: str, codes: set[str], bots: str = "random", seeds: int = 20, **options: Any
) -> moonbase.State:
    """The first game of ``finished(name, seed, bots, **options)`` for seeds 0, 1, … whose
    end triggers are exactly ``codes``."""
    for seed in range(seeds):
        state = finished(name, seed, bots, **options)
        if triggers(state) == codes:
            return state
    raise AssertionError(f"no {name} game of the first {seeds} seeds ended with {codes}")
