"""Telling what happened: what each action did, as the seat being told could see it.

The recap (:mod:`moonbase.cli.recap`) says which actions were taken; a game's *narrator*
says what they did — a register's bits before and after, a token moved from one space to
another, a goal solved, the tokens a trick gave, a round's summary — by comparing the views a
seat had before and after the action. Narrators see nothing but views, so they can tell a
seat nothing it could not see on the table itself.

A narrator is a module ``moonbase.cli.narrators.<game>`` (the game's name, ``-`` as ``_``)
with three functions; a game without one is told by the recap alone:

- ``told(seat, action, before, after, labels) -> Told``: what ``action`` of ``seat`` did
  (``seat`` is :data:`moonbase.CHANCE` for a chance outcome). ``before`` and ``after`` are
  one observer's views; ``after`` may include the chance outcomes resolved with the action.
- ``ending(view, labels) -> list[str]``: why the game ended, in words, from the view's
  ``ended`` (the end triggers the game itself reports).
- ``breakdown(game, view, labels) -> list[str]``: what each seat's final score is made of,
  from the parts the view gives with their signs (a narrator knows no rule: it phrases).

:class:`Chronicle` keeps, as the table's actions happen, what each history entry did for each
seat at the screen (and the spectator), tells recaps with it, and tells a seat the choices it
was told of as hidden once they are revealed — a bot's multi-step turn in Welcome to the Moon,
every tableau in Moons.

>>> import moonbase
>>> from moonbase.cli.table import Table
>>> table = Table(moonbase.load("moon-leap").new(seed=5), ["human", "random"])
>>> chronicle = Chronicle(table.game, table.labels, observers=[0])
>>> table.watch(chronicle.record)
>>> table.act(0, "MOVE 3")
>>> chronicle.tell(table.state, 0, start=1)
['seat 0 (you): MOVE 3 — a3 from the reserve to space 1 (worth −3)', 'chance: ROLL 2']
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from moonbase.cli.recap import hidden_entries, recap
from moonbase.cli.render import number_text
from moonbase.core import CHANCE, Game, State
from moonbase.i18n import gettext as _

__all__ = [
    "Chronicle",
    "Told",
    "View",
    "breakdown",
    "ending",
    "minus",
    "revealed_lines",
    "signed_sum",
    "told",
]

View = dict[str, Any]
"""A seat's view, ``state.view(seat)``."""


@dataclass(frozen=True)
class Told:
    """What one history entry did: ``detail`` is said on the entry's own line, after the
    action; ``lines`` are said after it, also to the seat that took the action."""

    detail: str = ""
    lines: tuple[str, ...] = ()


def minus(value: float) -> str:
    """A number as the telling writes it, with a true minus sign.

    >>> minus(-3), minus(2.5)
    ('−3', '2.5')
    """
    return number_text(value).replace("-", "−")


def signed_sum(terms: Sequence[tuple[str, float | None]]) -> str:
    """Named amounts as a sum: each added, or subtracted when it is negative (the first is
    written with its sign); an amount ``None`` adds the name alone (a sum of its own, in
    brackets).

    >>> signed_sum([("launch", 75), ("errors", -5), ("bonus", 10)])
    'launch 75 − errors 5 + bonus 10'
    >>> signed_sum([("sheet", -20), ("ASTRA", -150), ("side 1 (water 3 − errors 5 = −2)", None)])
    'sheet −20 − ASTRA 150 + side 1 (water 3 − errors 5 = −2)'
    """
    pieces: list[str] = []
    for name, value in terms:
        if value is None:
            pieces.append(f"+ {name}" if pieces else name)
        elif not pieces:
            pieces.append(f"{name} {minus(value)}")
        else:
            pieces.append(f"{'−' if value < 0 else '+'} {name} {minus(abs(value))}")
    return " ".join(pieces)


def _narrator(game: Game) -> ModuleType | None:
    try:
        return importlib.import_module("moonbase.cli.narrators." + game.name.replace("-", "_"))
    except ImportError:
        return None


def told(
    game: Game, seat: int, action: str, before: View, after: View, labels: Sequence[str]
) -> Told:
    """What ``action`` of ``seat`` did, from an observer's views ``before`` and ``after`` it."""
    narrator = _narrator(game)
    if narrator is None:
        return Told()
    result = narrator.told(seat, action, before, after, labels)
    assert isinstance(result, Told)
    return result


def ending(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """Why the game seen in ``view`` (a finished game) ended: a line or two, or none."""
    narrator = _narrator(game)
    return [] if narrator is None else [str(line) for line in narrator.ending(view, labels)]


def breakdown(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """What each seat's final score is made of, one line per seat (none if untold)."""
    narrator = _narrator(game)
    return (
        [] if narrator is None else [str(line) for line in narrator.breakdown(game, view, labels)]
    )


class Chronicle:
    """What each history entry did, for each of ``observers`` (seats; ``None``: the
    spectator), recorded as the actions happen (:meth:`record`)."""

    def __init__(self, game: Game, labels: Sequence[str], observers: Sequence[int | None]) -> None:
        self.game = game
        self.labels = list(labels)
        self.observers = list(dict.fromkeys(observers))
        self._notes: dict[int | None, dict[int, Told]] = {seat: {} for seat in self.observers}
        self._views: dict[int | None, tuple[int, View]] = {}
        self._pending: dict[int | None, list[int]] = {seat: [] for seat in self.observers}

    def record(self, before: State, seat: int, after: State) -> None:
        """``seat`` acted and turned ``before`` into ``after`` (one action, with any chance
        outcomes resolved with it): note what it did for every observer."""
        index = len(before.history)
        action = after.history[index][1]
        for observer in self.observers:
            notes = self._notes[observer]
            for stale in [entry for entry in notes if entry >= index]:
                del notes[stale]  # taken back by undo
            known = self._views.get(observer)
            seen = known[1] if known and known[0] == index else before.view(observer)
            now = after.view(observer)
            self._views[observer] = (len(after.history), now)
            note = told(self.game, seat, action, seen, now, self.labels)
            if note != Told():
                notes[index] = note

    def notes(self, observer: int | None) -> dict[int, Told]:
        """What the entries did, by history index, as ``observer`` saw it."""
        return self._notes.get(observer, {})

    def tell(
        self, state: State, observer: int | None, start: int, *, skip_own: bool = False
    ) -> list[str]:
        """The recap for ``observer`` from entry ``start`` on, with what each entry did; first
        the choices told earlier as hidden that ``observer`` may know now."""
        history = state.history
        pending = [index for index in self._pending.get(observer, []) if index < len(history)]
        hidden = hidden_entries(state, observer, min([start, *pending]))
        shown = [index for index in pending if index not in hidden]
        lines = revealed_lines(state, shown, self.labels)
        lines.extend(
            recap(
                state,
                observer,
                start,
                self.labels,
                skip_own=skip_own,
                notes=self.notes(observer),
                hidden=hidden,
            )
        )
        still = {index for index in pending if index in hidden}
        still.update(
            index
            for index in range(start, len(history))
            if index in hidden and history[index][0] != CHANCE
        )
        self._pending[observer] = sorted(still)
        return lines


def revealed_lines(state: State, indices: Sequence[int], labels: Sequence[str]) -> list[str]:
    """One line per seat for its actions at history ``indices``, told earlier as hidden and
    shown now, e.g. ``seat 1 (greedy), now shown: WRITE 3 WILD.3, then X AST1.1``."""
    by_seat: dict[int, list[str]] = {}
    for index in sorted(indices):
        seat, action = state.history[index]
        by_seat.setdefault(seat, []).append(action)
    return [
        _("{seat}, now shown: {actions}").format(
            seat=labels[seat], actions=_(", then ").join(actions)
        )
        for seat, actions in by_seat.items()
    ]
