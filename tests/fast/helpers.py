"""Shared helpers for the kernel tests: positions reached through the rules."""

from __future__ import annotations

from collections.abc import Iterator

import moonbase
from moonbase.core import Game, State, game_class
from moonbase.fast.reference import policy_pick


def preset_game(name: str, preset: str) -> Game:
    """Game ``name`` with the options of its preset ``preset``."""
    return moonbase.load(name, **game_class(name).presets[preset])


def positions(game: Game, count: int, depth: int = 40) -> Iterator[tuple[State, int]]:
    """``count`` positions with a policy seed each: game ``i`` dealt with seed ``i``, then
    ``i % depth`` decisions played through the rules by the random policy (seed ``i + 1``),
    so the playouts start at the deal, mid-game and near the end (some are over already)."""
    for i in range(count):
        state = game.new(seed=i)
        for decision in range(i % depth):
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply_id(seat, policy_pick(state.legal_ids(seat), i + 1, decision))
        yield state, 1000 + i
