"""Building a position on a sheet by hand, as a player marks paper: :class:`Position`.

A test (or a puzzle) that needs a sheet in some state names what is marked by the names the
screen shows — a space's alias (``B14``, ``ENE.3``), a spot's name in the layout (``B1-B7``,
``D4L``), ``#<slot>`` for a spot the drawing shows without a name — or by a slot an adventure
declares (a track's box, a symbol of a group); every name is checked against the adventure's
sheet and a wrong one raises a :class:`ValueError` that says what is allowed. Marks are added
the way the rules add them (:meth:`~.sheet.Sheet.mark` for a flag, a number's code in a space),
but nothing they would set off follows, except through :meth:`Position.advance`, which marks a
track's next box as the rules do, with its reward. A position built this way is a *constructed*
one: the rules may never reach it.

>>> from moonbase.games.welcome_to_the_moon.adventures import adventure
>>> colony = adventure(3)
>>> sheet = colony.new_sheet(solo=False)
>>> spot = Position(colony, sheet).write("B14", 7).cross("B13").circle("B1-B7")
>>> sheet.marks[colony.data.slot("B14")] - 1, colony.sheet_view(sheet)["spaces"]["B13"]
(7, 'X')
>>> spot.circle("B99")
Traceback (most recent call last):
...
ValueError: adventure 3 has no spot 'B99' (a space's alias such as 'B1', a spot's name in ...)
>>> spot.write("B1-B7", 3)
Traceback (most recent call last):
...
ValueError: write: 'B1-B7' is no number space (adventure 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Self

from moonbase.games.welcome_to_the_moon.adventures.engine import Engine
from moonbase.games.welcome_to_the_moon.layout import Kind
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    EMPTY,
    INFECTED,
    Sheet,
    X,
    number_code,
)

if TYPE_CHECKING:
    from moonbase.games.welcome_to_the_moon.state import WelcomeState

__all__ = ["Position", "position"]

Name = str | int
"""A spot: a name the screen shows (``B14``, ``B1-B7``, ``#130``) or a declared slot id."""


class Position:
    """Marks put on ``sheet`` of ``adventure`` by name; each method returns the position, so
    marks chain (``Position(a, s).write("T1", 3).circle("#44")``)."""

    def __init__(self, adventure: Engine, sheet: Sheet) -> None:
        self.adventure = adventure
        self.sheet = sheet

    # ------------------------------------------------------------------ number spaces
    def write(self, name: Name, number: int) -> Self:
        """Write ``number`` (0–17) in a number space (replacing what it held)."""
        if not 0 <= number <= 17:
            raise ValueError(f"write: {number} is no number of the cards (0–17)")
        self.sheet.marks[self._space("write", name)] = number_code(number)
        return self

    def fill(self, names: Iterable[Name], numbers: Iterable[int | str]) -> Self:
        """Write each of ``numbers`` in the space of the same place in ``names`` (``"X"``:
        an X; a zone's spaces are ``adventure.data.zones[i].slots``).

        >>> from moonbase.games.welcome_to_the_moon.adventures import adventure
        >>> launch = adventure(1)
        >>> sheet = launch.new_sheet(solo=False)
        >>> _ = Position(launch, sheet).fill(["ENE.1", "ENE.2", "ENE.3"], [2, "X", 5])
        >>> spaces = launch.sheet_view(sheet)["spaces"]
        >>> [spaces[alias] for alias in ("ENE.1", "ENE.2", "ENE.3", "ENE.4")]
        [2, 'X', 5, None]
        """
        names, numbers = list(names), list(numbers)
        if len(names) != len(numbers):
            raise ValueError(f"fill: {len(names)} spaces but {len(numbers)} numbers")
        for name, number in zip(names, numbers, strict=True):
            if number == "X":
                self.cross(name)
            elif isinstance(number, int):
                self.write(name, number)
            else:
                raise ValueError(f"fill: {number!r} is neither a number nor 'X'")
        return self

    def infect(self, *names: Name) -> Self:
        """Cross number spaces with an infection (adventure 6)."""
        for name in names:
            self.sheet.marks[self._space("infect", name)] = INFECTED
        return self

    # ------------------------------------------------------------------ any spot
    def cross(self, *names: Name) -> Self:
        """An X in each number space named; a cross on any other spot (used, lost, repaired:
        kept with a circle it has)."""
        for name in names:
            slot = self.slot(name)
            if slot in self.adventure.data.space_slots:
                self.sheet.marks[slot] = X
            else:
                self.sheet.mark(slot, CROSSED)
        return self

    def circle(self, *names: Name) -> Self:
        """Circle each spot named (gained, built, drawn); a number space is never circled."""
        for name in names:
            slot = self.slot(name)
            if slot in self.adventure.data.space_slots:
                raise ValueError(f"circle: {name!r} is a number space: write it or cross it")
            self.sheet.mark(slot, CIRCLED)
        return self

    def erase(self, *names: Name) -> Self:
        """Take every mark off each spot named."""
        for name in names:
            self.sheet.marks[self.slot(name)] = EMPTY
        return self

    def draw(self, name: Name, side: int) -> Self:
        """Draw side ``side``'s insignia (1 or 2; 3: both, a flag after a tie) on an insignia
        spot, or on a space of a sheet of insignias (adventure 8)."""
        slot = self.slot(name)
        layout = self.adventure.layout
        kinds = {Kind.INSIGNIA, Kind.SPACE} if layout.insignias else {Kind.INSIGNIA}
        kind = layout.spot(slot).kind if slot in layout.slots else None
        if kind not in kinds or side not in (1, 2, 3):
            raise ValueError(f"draw: side {side} on {name!r} (a side is 1, 2 or 3 on an insignia)")
        self.sheet.marks[slot] = side
        return self

    def advance(self, track: str, boxes: int = 1) -> Self:
        """Mark the next ``boxes`` boxes of the adventure's track ``track`` as the rules do,
        each with its reward (``errors``: System Error boxes)."""
        engine = self.adventure
        if track not in engine.tracks:
            raise ValueError(f"advance: no track {track!r}; tracks: {', '.join(engine.tracks)}")
        for _ in range(boxes):
            engine.advance(self.sheet, engine.tracks[track])
        return self

    def pending(self, *items: str, action: str = "", written: Name | None = None) -> Self:
        """Leave the turn in phase 4 waiting for the sub-steps ``items`` (``"ACTION"``: the
        action ``action`` of the number just written in ``written``).

        >>> from moonbase.games.welcome_to_the_moon.adventures import adventure
        >>> dome = adventure(5)
        >>> sheet = dome.new_sheet(solo=False)
        >>> _ = Position(dome, sheet).write("SK1.6", 4).pending("ACTION", action="ROBOT",
        ...                                                      written="SK1.6")
        >>> sorted(dome.steps(sheet))
        ['BUILD D8', 'SKIP']
        """
        sheet = self.sheet
        sheet.stage, sheet.pending, sheet.action = Sheet.ACTING, list(items), action
        sheet.written = 0 if written is None else self._space("pending", written)
        return self

    # ------------------------------------------------------------------ names
    def slot(self, name: Name) -> int:
        """The slot ``name`` stands for (:class:`ValueError` when the sheet has none)."""
        slots = _names(self.adventure)
        found = slots.get(name) if isinstance(name, str) else name
        if found is None or not 0 <= found < len(self.sheet.marks):
            example = next(iter(self.adventure.data.aliases))
            raise ValueError(
                f"adventure {self.adventure.number} has no spot {name!r} (a space's alias such "
                f"as {example!r}, a spot's name in the layout, or '#<slot>')"
            )
        return found

    def _space(self, verb: str, name: Name) -> int:
        slot = self.slot(name)
        if slot not in self.adventure.data.space_slots:
            raise ValueError(
                f"{verb}: {name!r} is no number space (adventure {self.adventure.number})"
            )
        return slot


@cache
def _names(adventure: Engine) -> dict[str, int]:
    """Every name a spot of ``adventure``'s sheet goes by: its layout name (the first spot
    named so, when a solo area repeats a name), each space's alias, and ``#<slot>``."""
    names: dict[str, int] = {}
    for spot in adventure.layout.spots:
        names.setdefault(spot.name, spot.slot)
        names[f"#{spot.slot}"] = spot.slot
    names.update(adventure.data.aliases)
    names.update({f"#{slot}": slot for slot in range(adventure.data.size)})
    return names


def position(state: WelcomeState, seat: int) -> Position:
    """The position of ``seat``'s sheet in a game, to mark by hand (before anything asks the
    game what is legal: a game keeps what it has answered)."""
    return Position(state.adventure, state.sheets[seat])
