"""A game at the table: the state, who sits in each seat, undo, and the table file.

A table file keeps a game so that ``moonbase load`` continues it with the same seats::

    {"format": "moonbase-table", "version": 1, "seats": ["human", "greedy"], "save": {...}}

where ``save`` is the state's own save (:meth:`moonbase.State.to_json`, as an object). A plain
state save is read too, with every seat a person.

>>> import moonbase
>>> table = Table(moonbase.load("moon-leap").new(seed=5), ["human", "random"])
>>> table.act(0, "move 3")
>>> again = read_table(table.to_json(), check=False)
>>> again.seats, again.state == table.state
(['human', 'random'], True)
>>> read_table('{"format": "moonbase-table", "version": 1, "seats": ["human"], "save": {}}')
Traceback (most recent call last):
...
moonbase.core.errors.CorruptSave: not a moonbase save: 'format' is None, expected 'moonbase-save'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import moonbase
from moonbase.cli.errors import BadInput
from moonbase.cli.render import counted
from moonbase.cli.seats import HUMAN, check_seat, seat_label
from moonbase.cli.undo import Told, UndoStack, barrier
from moonbase.core import CorruptSave, Game, State
from moonbase.core.saves import read_json
from moonbase.i18n import N_, ngettext
from moonbase.i18n import gettext as _

__all__ = ["TABLE_FORMAT", "TABLE_VERSION", "Table", "load_table", "read_table"]

TABLE_FORMAT: Final = "moonbase-table"
"""The ``format`` tag of a table file."""
TABLE_VERSION: Final = 1
"""The table file version this moonbase writes and reads."""

Watcher = Callable[[State, int, State], None]
"""Called after each action at the table with the state before it, the seat that acted and the
state after it."""


class Table:
    """A game in progress and its seats (``human`` or a bot spec), with the undo stack."""

    def __init__(self, state: State, seats: Sequence[str]) -> None:
        if len(seats) != state.game.seats:
            raise ValueError(
                f"{counted(state.game.seats, 'seat')}, got {counted(len(seats), 'seat spec')}"
            )
        self.state = state
        self.seats = list(seats)
        self.undo = UndoStack()
        self._watchers: list[Watcher] = []

    def watch(self, watcher: Watcher) -> None:
        """Call ``watcher(before, seat, after)`` after every action from now on."""
        self._watchers.append(watcher)

    @property
    def game(self) -> Game:
        """The game played."""
        return self.state.game

    @property
    def humans(self) -> list[int]:
        """The seats of people at this screen."""
        return [seat for seat, spec in enumerate(self.seats) if spec == HUMAN]

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.seats[seat] == HUMAN

    def label(self, seat: int) -> str:
        """The seat's name on screen, e.g. ``seat 1 (greedy)``."""
        return seat_label(seat, self.seats)

    @property
    def labels(self) -> list[str]:
        """Every seat's name on screen."""
        return [self.label(seat) for seat in range(len(self.seats))]

    def act(self, seat: int, action: str) -> None:
        """``seat`` does ``action`` (raises :class:`moonbase.IllegalAction`, changing nothing).

        A person's action is kept for undo unless :func:`~moonbase.cli.undo.barrier` forbids
        it; anything else (a bot, chance) is a barrier for everyone.
        """
        before = self.state.clone()
        self.state.apply(seat, action)
        canonical = self.state.history[len(before.history)][1]
        if seat >= 0 and self.is_human(seat):
            wall = barrier(before, seat, canonical, self.state)
            self.undo.record(seat, self.label(seat), before, canonical, wall)
        else:
            who = Told(N_("chance")) if seat < 0 else self.label(seat)
            self.undo.block(Told(N_("{seat} acted after it"), (("seat", who),)))
        for watcher in self._watchers:
            watcher(before, seat, self.state)

    def take_back(self, seat: int) -> str:
        """Undo ``seat``'s last action and return it (raises
        :class:`~moonbase.cli.undo.UndoRefused`)."""
        before, action = self.undo.undo(seat)
        self.state = before
        return action

    def to_json(self) -> str:
        """The table file's text."""
        body: dict[str, Any] = {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "seats": self.seats,
            "save": json.loads(self.state.to_json()),
        }
        return json.dumps(body, separators=(",", ":"))

    def save(self, path: str | Path) -> Path:
        """Write the table file to ``path``; returns the path written (``OSError`` if it
        cannot be)."""
        target = Path(path).expanduser()
        target.write_text(self.to_json() + "\n", encoding="utf-8")
        return target


def read_table(text: str | bytes, *, check: bool = True) -> Table:
    """The table a table file (or a plain state save) describes.

    Raises :class:`moonbase.CorruptSave` with the reason for damaged or foreign data. With
    ``check``, every bot named is checked to exist.
    """
    body = read_json(text)
    if not isinstance(body, dict) or body.get("format") != TABLE_FORMAT:
        state = moonbase.from_json(text)
        return Table(state, [HUMAN] * state.game.seats)
    if body.get("version") != TABLE_VERSION:
        raise CorruptSave(
            _(
                "table file version {version} is not supported; this moonbase reads version {ours}"
            ).format(version=repr(body.get("version")), ours=TABLE_VERSION)
        )
    missing = [key for key in ("seats", "save") if key not in body]
    if missing:
        raise CorruptSave(_("damaged table file: missing {keys}").format(keys=", ".join(missing)))
    seats, save = body["seats"], body["save"]
    if not isinstance(save, dict):
        raise CorruptSave(_("damaged table file: 'save' must be an object"))
    state = moonbase.from_json(save)
    if not isinstance(seats, list) or not all(isinstance(spec, str) for spec in seats):
        raise CorruptSave(_("damaged table file: 'seats' must be a list of seat specs"))
    if len(seats) != state.game.seats:
        raise CorruptSave(
            ngettext(
                "damaged table file: {n} seat listed for a game of {seats}",
                "damaged table file: {n} seats listed for a game of {seats}",
                len(seats),
            ).format(n=len(seats), seats=state.game.seats)
        )
    if check:
        try:
            seats = [check_seat(spec) for spec in seats]
        except BadInput as error:
            raise CorruptSave(
                _("table file names a seat that is not allowed: {error}").format(error=error)
            ) from None
    return Table(state, seats)


def load_table(path: str | Path) -> Table:
    """The table saved in the file at ``path``; :class:`BadInput` says why it cannot be."""
    try:
        data = Path(path).expanduser().read_bytes()
    except FileNotFoundError:
        raise BadInput(
            _("no such file: {path}; give the path of a saved game").format(path=repr(str(path)))
        ) from None
    except IsADirectoryError:
        raise BadInput(
            _("{path} is a folder; give the path of a saved game").format(path=repr(str(path)))
        ) from None
    except OSError as error:
        raise BadInput(
            _("cannot read {path}: {reason}").format(path=repr(str(path)), reason=error.strerror)
        ) from None
    try:
        return read_table(data)
    except CorruptSave as error:
        raise BadInput(f"{path}: {error}") from None
