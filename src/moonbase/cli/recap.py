"""What a seat may know of the history: the actions since it last looked, told in lines.

Which history entries a seat cannot know is found the protocol's way: ``state.resample(seat,
rng)`` rewrites exactly the entries the seat cannot tell apart (hidden cards dealt or drawn,
other seats' choices not revealed yet). An entry that comes out the same in several resamples
is one the seat knows; one that differs is hidden. So a recap shows a seat its own cards, the
die rolls and the cards played, and only the count of what it may not see.

>>> import moonbase
>>> state = moonbase.load("moon-leap").new(seed=5)
>>> state.apply(0, "MOVE 3")
>>> recap(state, observer=1, start=0, labels=["seat 0", "seat 1"])
['chance: ROLL 3', 'seat 0: MOVE 3', 'chance: ROLL 2']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from moonbase.core import CHANCE, State

__all__ = ["SAMPLES", "hidden_entries", "recap"]

SAMPLES: Final = 8
"""Resamples compared to tell a hidden entry from a known one (an entry the seat cannot know
but that comes out the same in every one of them is told: rare, and it shrinks fast with this
number)."""
_LISTED: Final = 6
"""Chance outcomes listed in one line before the rest are counted."""


def hidden_entries(state: State, observer: int | None, start: int = 0) -> set[int]:
    """History indices from ``start`` on whose entry ``observer`` cannot know (``None``: a
    spectator)."""
    if not state.game.has_hidden_information or start >= len(state.history):
        return set()
    rng = random.Random(f"moonbase-recap:{state.seed}:{len(state.history)}:{observer}")
    history = state.history
    hidden: set[int] = set()
    for _ in range(SAMPLES):
        other = state.resample(observer, rng).history
        hidden.update(
            index for index in range(start, len(history)) if other[index] != history[index]
        )
    return hidden


def _chance_line(outcomes: list[str], hidden: int) -> str:
    shown = outcomes[:_LISTED]
    parts = [", ".join(shown)] if shown else []
    if len(outcomes) > _LISTED:
        parts[-1] += f", … ({len(outcomes) - _LISTED} more)"
    if hidden:
        parts.append(f"{hidden} hidden from you" if shown else f"{hidden} outcomes hidden")
    return "chance: " + "; ".join(parts)


def recap(
    state: State,
    observer: int | None,
    start: int,
    labels: Sequence[str],
    *,
    skip_own: bool = False,
) -> list[str]:
    """Lines telling ``observer`` what happened from history entry ``start`` on.

    Runs of chance outcomes make one line; a seat's action that ``observer`` may not know is
    told without its content. With ``skip_own`` the observer's own actions are left out.
    """
    history = state.history
    hidden = hidden_entries(state, observer, start)
    lines: list[str] = []
    outcomes: list[str] = []
    unseen = 0
    for index in range(start, len(history)):
        seat, action = history[index]
        if seat == CHANCE:
            if index in hidden:
                unseen += 1
            else:
                outcomes.append(action)
            continue
        if outcomes or unseen:
            lines.append(_chance_line(outcomes, unseen))
            outcomes, unseen = [], 0
        if skip_own and seat == observer:
            continue
        told = "made a choice you cannot see yet" if index in hidden else action
        lines.append(f"{labels[seat]}: {told}")
    if outcomes or unseen:
        lines.append(_chance_line(outcomes, unseen))
    return lines
