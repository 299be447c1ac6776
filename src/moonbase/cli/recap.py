"""What a seat may know of the history: the actions since it last looked, told in lines.

Which history entries a seat cannot know is the protocol's to say: ``state.history_for(seat)``
masks exactly them (hidden cards dealt or drawn, other seats' choices not revealed yet), each
with its visible part kept (``DRAW 2 7 ?``: a number seen, a card's back not). So a recap shows
a seat its own cards, the die rolls and the cards played, what it saw of a hidden outcome, and
only the count of the outcomes it saw nothing of.

>>> import moonbase
>>> state = moonbase.load("moon-leap").new(seed=5)
>>> state.apply(0, "MOVE 3")
>>> recap(state, observer=1, start=0, labels=["seat 0", "seat 1"])
['chance: ROLL 3', 'seat 0: MOVE 3', 'chance: ROLL 2']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from moonbase.core import CHANCE, State
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

if TYPE_CHECKING:
    from moonbase.cli.narration import Told

__all__ = ["hidden_entries", "recap"]
_LISTED: Final = 6
"""Chance outcomes listed in one line before the rest are counted."""


def hidden_entries(state: State, observer: int | None, start: int = 0) -> dict[int, str]:
    """History indices from ``start`` on whose entry ``observer`` cannot know (``None``: a
    spectator), each with the text ``observer`` is shown instead.

    >>> import moonbase
    >>> state = moonbase.load("moons", players=3).new(seed=1)
    >>> hidden = hidden_entries(state, 0)
    >>> sorted(set(hidden.values()))   # other hands, the Mini-Asteroids' draws
    ['DEAL ?', 'DRAW ?']
    """
    known = state.history_for(observer)
    history = state.history
    return {
        index: known[index][1]
        for index in range(start, len(history))
        if known[index] != history[index]
    }


def _partly_seen(masked: str) -> bool:
    """Whether a masked outcome keeps something seen beside its first word (``DRAW 2 7 ?``,
    not ``DRAW ?``)."""
    return any(word != "?" for word in masked.split(" ")[1:])


def _chance_line(outcomes: list[str], hidden: int) -> str:
    shown = outcomes[:_LISTED]
    parts = [", ".join(shown)] if shown else []
    if len(outcomes) > _LISTED:
        parts[-1] += ", … " + _("({n} more)").format(n=len(outcomes) - _LISTED)
    if hidden:
        parts.append(
            ngettext("{n} hidden from you", "{n} hidden from you", hidden).format(n=hidden)
            if shown
            else ngettext("{n} outcome hidden", "{n} outcomes hidden", hidden).format(n=hidden)
        )
    return _("chance: {outcomes}").format(outcomes="; ".join(parts))


def recap(
    state: State,
    observer: int | None,
    start: int,
    labels: Sequence[str],
    *,
    skip_own: bool = False,
    notes: Mapping[int, Told] | None = None,
    hidden: Mapping[int, str] | None = None,
) -> list[str]:
    """Lines telling ``observer`` what happened from history entry ``start`` on.

    Runs of chance outcomes make one line; a seat's action that ``observer`` may not know is
    told without its content. With ``skip_own`` the observer's own actions are left out.
    ``notes`` (:class:`~moonbase.cli.narration.Told`, by history index) adds what an entry
    did: its ``detail`` on the entry's line, its ``lines`` after it and the chance outcomes
    that came with it (also for an own action left out). ``hidden``: the entries the observer
    cannot know (:func:`hidden_entries`), when already found.
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
            masked = hidden.get(index)
            if masked is None:
                outcomes.append(action)
            elif _partly_seen(masked):
                outcomes.append(masked)
            else:
                unseen += 1
            after.extend(note.lines if note is not None else ())
            continue
        flush()
        if not (skip_own and seat == observer):
            if index in hidden:
                lines.append(
                    _("{seat}: made a choice you cannot see yet").format(seat=labels[seat])
                )
            elif note is not None and note.detail:
                lines.append(f"{labels[seat]}: {action} — {note.detail}")
            else:
                lines.append(f"{labels[seat]}: {action}")
        after = list(note.lines) if note is not None else []
    flush()
    return lines
