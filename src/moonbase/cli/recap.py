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
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from moonbase.cli.render import counted
from moonbase.core import CHANCE, State

if TYPE_CHECKING:
    from moonbase.cli.narration import Told

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
        parts.append(
            f"{hidden} hidden from you" if shown else f"{counted(hidden, 'outcome')} hidden"
        )
    return "chance: " + "; ".join(parts)


def recap(
    state: State,
    observer: int | None,
    start: int,
    labels: Sequence[str],
    *,
    skip_own: bool = False,
    notes: Mapping[int, Told] | None = None,
    hidden: Collection[int] | None = None,
) -> list[str]:
    """Lines telling ``observer`` what happened from history entry ``start`` on.

    Runs of chance outcomes make one line; a seat's action that ``observer`` may not know is
    told without its content. With ``skip_own`` the observer's own actions are left out.
    ``notes`` (:class:`~moonbase.cli.narration.Told`, by history index) adds what an entry
    did: its ``detail`` on the entry's line, its ``lines`` after it and the chance outcomes
    that came with it (also for an own action left out). ``hidden``: the entries the observer
    cannot know, when already found.
    """
    history = state.history
    if hidden is None:
        hidden = hidden_entries(state, observer, start)
    notes = notes or {}
    lines: list[str] = []
    outcomes: list[str] = []
    unseen = 0
    after: list[str] = []  # what the last action did, told after the chance it brought

    def flush() -> None:
        nonlocal outcomes, unseen, after
        if outcomes or unseen:
            lines.append(_chance_line(outcomes, unseen))
        lines.extend(after)
        outcomes, unseen, after = [], 0, []

    for index in range(start, len(history)):
        seat, action = history[index]
        note = notes.get(index)
        if seat == CHANCE:
            if index in hidden:
                unseen += 1
            else:
                outcomes.append(action)
            after.extend(note.lines if note is not None else ())
            continue
        flush()
        if not (skip_own and seat == observer):
            if index in hidden:
                lines.append(f"{labels[seat]}: made a choice you cannot see yet")
            elif note is not None and note.detail:
                lines.append(f"{labels[seat]}: {action} — {note.detail}")
            else:
                lines.append(f"{labels[seat]}: {action}")
        after = list(note.lines) if note is not None else []
    flush()
    return lines
