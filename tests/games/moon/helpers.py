"""Scripting MOON games: explicit chance, named cards, several actions at once."""

from __future__ import annotations

import moonbase
from moonbase import CHANCE
from moonbase.games.moon import MoonState


def new(seed: int = 0, **options: object) -> MoonState:
    """A MOON game in explicit chance mode, so tests choose every card."""
    state = moonbase.load("moon", **options).new(seed, chance="explicit")
    assert isinstance(state, MoonState)
    return state


def draw(state: moonbase.State, *cards: str) -> None:
    """Draw ``cards`` in order (each must be a chance node's outcome)."""
    for card in cards:
        assert state.to_act == (CHANCE,), f"no draw is due; to act: {state.to_act}"
        state.apply(CHANCE, f"DRAW {card}")


def play(state: moonbase.State, seat: int, *actions: str) -> None:
    """Apply ``actions`` for ``seat`` in order."""
    for action in actions:
        state.apply(seat, action)


def registers(state: moonbase.State, seat: int | None = 0) -> dict[str, str]:
    return dict(state.view(seat)["registers"])
