"""Shared helpers for the agent tests: small game settings and decision points."""

from __future__ import annotations

import random
from collections.abc import Iterator

import moonbase
from moonbase.core import CHANCE, Game, State

GAMES: dict[str, Game] = {
    "moon-coop": moonbase.load("moon", difficulty="normal"),
    "moon-competitive": moonbase.load("moon", mode="competitive", max_rounds=6),
    "moon-leap": moonbase.load("moon-leap", players=2, board="short.json"),
    "moons": moonbase.load("moons", players=3, mini_asteroids=True),
}
"""One small setting of each game (short games keep the suite fast)."""


def decision_points(game: Game, seed: int, every: int = 1, limit: int = 8) -> Iterator[State]:
    """Copies of a random game's states at decisions (every ``every``-th, at most ``limit``)."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    seen = 0
    while not state.is_over and limit:
        if state.to_act != (CHANCE,):
            if seen % every == 0:
                limit -= 1
                yield state.clone()
            seen += 1
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
