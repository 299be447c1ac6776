"""The undo policy: a seat takes back only its own actions of this turn, and never across a
chance event, another seat's action or an action that revealed something.

Whether an action revealed something is the protocol's to say, exactly: everything a seat
cannot know lies in history entries that ``history_for(seat)`` masks (a card dealt face down,
another seat's hidden choice). An action that unmasks one of them, wholly or in part, showed the
seat something it did not know (a goal turned face up, a tableau revealed), and it stands.

The :class:`UndoStack` keeps a clone of the state before each action that may be taken back,
since the last barrier.

>>> import moonbase
>>> state = moonbase.load("moon").new(seed=5)
>>> before = state.clone()
>>> state.apply(0, "INC B")
>>> barrier(before, 0, "INC B", state) is None
True
>>> stack = UndoStack()
>>> stack.record(0, "seat 0", before, "INC B", None)
>>> restored, action = stack.undo(0)
>>> action, restored == before
('INC B', True)
>>> stack.undo(0)
Traceback (most recent call last):
...
moonbase.cli.undo.UndoRefused: nothing of yours to undo this turn
"""

from __future__ import annotations

from dataclasses import dataclass

from moonbase.cli.recap import hidden_entries
from moonbase.core import CHANCE, State
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["Told", "UndoRefused", "UndoStack", "barrier", "reveals"]


@dataclass(frozen=True)
class Told:
    """A text kept in English (``text``, marked with ``N_``) with its ``fields``, said in the
    language spoken when it is shown (``str``): a reason recorded when an action was played is
    told later, perhaps to someone else in another language (a server's table). A field may be
    a :class:`Told` itself.

    >>> from moonbase import i18n
    >>> told = Told(N_("{action} stands: {reason}"), (("action", "MOVE 2"),
    ...                                                ("reason", Told(N_("it ended the game")))))
    >>> str(told)
    'MOVE 2 stands: it ended the game'
    >>> with i18n.speaking("es"):
    ...     str(told)
    'MOVE 2 se mantiene: terminó la partida'
    """

    text: str
    fields: tuple[tuple[str, object], ...] = ()

    def __str__(self) -> str:
        return _(self.text).format(**{key: str(value) for key, value in self.fields})


class UndoRefused(Exception):
    """Undo is not allowed now; the message says why."""


def reveals(before: State, seat: int, after: State) -> bool:
    """Whether the action of ``seat`` that turned ``before`` into ``after`` showed the seat
    something it could not know before: a history entry masked for it is no longer (or less).

    >>> import moonbase
    >>> state = moonbase.load("moons", players=3).new(seed=2)
    >>> before = state.clone()
    >>> state.apply(0, state.legal_actions(0)[0])   # the tableaus stay hidden until all chose
    >>> reveals(before, 0, state)
    False
    """
    if not before.game.has_hidden_information:
        return False
    known = before.history_for(seat)
    return after.history_for(seat)[: len(known)] != known


def barrier(before: State, seat: int, action: str, after: State) -> Told | None:
    """Why ``action`` can never be taken back, or ``None`` if it may be (until another seat or
    chance acts)."""
    following = after.history[len(before.history) + 1 :]
    if any(who == CHANCE for who, _ in following):
        start = len(before.history) + 1
        hidden = hidden_entries(after, seat, start)
        known = [
            outcome
            for index, (who, outcome) in enumerate(following, start)
            if who == CHANCE and index not in hidden
        ]
        if not known:
            return Told(N_("a chance event followed it"))
        outcomes = ", ".join(known[:3]) + (", …" if len(known) > 3 else "")
        return Told(N_("a chance event followed it ({outcomes})"), (("outcomes", outcomes),))
    if after.is_over:
        return Told(N_("it ended the game"))
    if reveals(before, seat, after):
        return Told(N_("it revealed something that was hidden"))
    return None


class UndoStack:
    """The actions that may still be taken back, and why the others may not."""

    def __init__(self) -> None:
        self._steps: list[tuple[int, State, str]] = []
        self._walls: dict[int, tuple[str, Told]] = {}

    def _block_pending(self, reason: Told) -> None:
        if self._steps:
            seat, _before, action = self._steps[-1]
            self._walls[seat] = (action, reason)
        self._steps.clear()

    def record(
        self, seat: int, who: str | Told, before: State, action: str, wall: Told | None
    ) -> None:
        """``seat`` (named ``who``) did ``action`` from ``before``; ``wall`` is
        :func:`barrier`'s verdict on it."""
        if self._steps and self._steps[-1][0] != seat:
            self._block_pending(Told(N_("{seat} acted after it"), (("seat", who),)))
        if wall is None:
            self._steps.append((seat, before, action))
        else:
            self._steps.clear()
            self._walls[seat] = (action, wall)

    def block(self, reason: Told) -> None:
        """Something happened that no undo may cross (``reason`` says what, e.g.
        ``seat 1 (greedy) acted after it``)."""
        self._block_pending(reason)

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has an action it may take back now."""
        return bool(self._steps) and self._steps[-1][0] == seat

    def undo(self, seat: int) -> tuple[State, str]:
        """Take back ``seat``'s last action: the state before it and the action.

        Raises :class:`UndoRefused` with the reason when it may not.
        """
        if not self.can_undo(seat):
            wall = self._walls.get(seat)
            if wall is not None:
                raise UndoRefused(
                    str(
                        Told(
                            N_("{action} stands: {reason}"),
                            (("action", wall[0]), ("reason", wall[1])),
                        )
                    )
                )
            raise UndoRefused(_("nothing of yours to undo this turn"))
        _seat, before, action = self._steps.pop()
        return before, action
