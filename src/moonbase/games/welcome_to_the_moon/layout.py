"""Where everything stands on a printed sheet: :class:`Layout`, the geometry a client draws.

A layout places every markable spot of an adventure's sheet (a :class:`Spot`: its slot id) and
the printed words around them (a :class:`Label`) in areas (an :class:`Area`: the rocket, the
tracks), each a grid of rows and columns read like the sheet: row 0 at the top, column 0 at the
left. A client draws a sheet from its layout and the
sheet's marks alone (``view["sheets"][seat]["marks"]``, one code per slot:
:mod:`~moonbase.games.welcome_to_the_moon.sheet` says what each means), without knowing the
rules. The terminal does exactly that (:mod:`~moonbase.games.welcome_to_the_moon.drawing`).

The geometry is a reconstruction from the rules pages, which give the sheets' order (floors top to
bottom, a zone left to right, what is printed beside what) but no measurements: relative places
hold, distances do not.

>>> floor = Area("floor", (Spot(3, 0, 1, Kind.SPACE, name="A.1"), Spot(9, 1, 1, Kind.SYMBOL, "R3")),
...              (Label(0, 0, "A"),))
>>> layout = Layout(1, (floor,))
>>> floor.size, layout.spot(9).printed, layout.slots
((2, 2), 'R3', (3, 9))
>>> layout.to_json()["areas"][0]["spots"][1]
{'slot': 9, 'row': 1, 'col': 1, 'kind': 'symbol', 'printed': 'R3', 'name': '#9', 'group': ''}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypedDict

__all__ = ["Area", "Kind", "Label", "Layout", "LayoutJson", "Spot", "grid_spots", "track_rows"]


class Kind(Enum):
    """What a markable spot is, which says how it is drawn."""

    SPACE = "space"
    """A number space: holds a number, an X or (adventure 6) an infection."""
    SYMBOL = "symbol"
    """A printed icon that is circled (gained) and may be crossed (used): a bonus, a plant, a
    tank, an antenna, an energy, a mission reward."""
    BOX = "box"
    """A box of a track, crossed or circled one after another (rockets, multipliers,
    penalties)."""
    ERROR = "error"
    """A System Error box."""
    LINK = "link"
    """Something drawn between two places when built: a tunnel, a wall. Its ``printed`` text
    is what is drawn once built (``─``, ``│``)."""
    INSIGNIA = "insignia"
    """Where a side draws its insignia (adventure 8: a moon, an asteroid, a flag): holds the side,
    1 or 2 (3: a flag both drew on, after a tie)."""


@dataclass(frozen=True)
class Spot:
    """A markable spot of the sheet: its ``slot`` id, its place, its :class:`Kind`, what is
    ``printed`` on it (``R3``, ``15``, ``×2``; nothing on a blank space), the ``name`` the screen
    and the notation give it (``ENE.3``, ``B14``; ``#<slot>`` when it has none) and the printed
    area it belongs to (``group``: a floor, a quarter, a track)."""

    slot: int
    row: int
    col: int
    kind: Kind
    printed: str = ""
    name: str = ""
    group: str = ""

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", f"#{self.slot}")


@dataclass(frozen=True)
class Label:
    """Printed text that is not marked: a floor's name, a track's values, a score area."""

    row: int
    col: int
    text: str


class SpotJson(TypedDict):
    """A :class:`Spot` as JSON."""

    slot: int
    row: int
    col: int
    kind: str
    printed: str
    name: str
    group: str


@dataclass(frozen=True)
class Area:
    """A part of the sheet drawn as one grid (the rocket, the tracks, the score column), with
    its own rows and columns; ``beside`` puts it to the right of the area before it when there
    is room (below it otherwise)."""

    name: str
    spots: tuple[Spot, ...]
    labels: tuple[Label, ...] = ()
    beside: bool = False
    solo: bool = False
    """Only a solo sheet has it (adventure 8: ASTRA's battlefield, slots from 230); a client
    draws it when the sheet's marks reach its slots."""

    def __post_init__(self) -> None:
        taken: dict[tuple[int, int], str] = {}
        for item in self.items:
            what = f"slot {item.slot}" if isinstance(item, Spot) else f"label {item.text!r}"
            place = (item.row, item.col)
            if place in taken:
                raise ValueError(
                    f"area {self.name}: {what} and {taken[place]} share row {item.row}, "
                    f"column {item.col}"
                )
            taken[place] = what

    @property
    def items(self) -> tuple[Spot | Label, ...]:
        """Its spots, then its labels."""
        return (*self.spots, *self.labels)

    @property
    def size(self) -> tuple[int, int]:
        """``(rows, columns)`` of its grid."""
        items = self.items
        return max(i.row for i in items) + 1, max(i.col for i in items) + 1


class AreaJson(TypedDict):
    """An :class:`Area` as JSON."""

    name: str
    rows: int
    cols: int
    beside: bool
    solo: bool
    spots: list[SpotJson]
    labels: list[dict[str, Any]]


class LayoutJson(TypedDict):
    """A :class:`Layout` as JSON (what ``game.sheet_layout().to_json()`` gives a client)."""

    adventure: int
    areas: list[AreaJson]
    bookkeeping: list[int]
    insignias: bool


@dataclass(frozen=True)
class Layout:
    """An adventure sheet's geometry: its areas, in which each slot is placed at most once."""

    adventure: int
    areas: tuple[Area, ...]
    bookkeeping: tuple[int, ...] = ()
    """Slots the rules mark that nothing printed stands for (adventure 8's side that writes)."""
    insignias: bool = False
    """Whether a number space holds the side whose insignia is drawn there (1 or 2), not a
    number (adventure 8, where a number only chooses the planet)."""
    _by_slot: dict[int, Spot] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        spots = [spot for area in self.areas for spot in area.spots]
        counts = Counter(spot.slot for spot in spots)
        twice = sorted(slot for slot, count in counts.items() if count > 1)
        if twice:
            raise ValueError(f"adventure {self.adventure}: slots placed twice: {twice}")
        object.__setattr__(self, "_by_slot", {spot.slot: spot for spot in spots})

    @property
    def spots(self) -> tuple[Spot, ...]:
        """Every spot, area by area."""
        return tuple(spot for area in self.areas for spot in area.spots)

    @property
    def slots(self) -> tuple[int, ...]:
        """Every placed slot, ascending."""
        return tuple(sorted(self._by_slot))

    def spot(self, slot: int) -> Spot:
        """The spot of ``slot`` (``KeyError`` if the sheet has none there)."""
        return self._by_slot[slot]

    def of_kind(self, kind: Kind) -> list[Spot]:
        """Every spot of ``kind``, in slot order."""
        return sorted((s for s in self.spots if s.kind is kind), key=lambda s: s.slot)

    def for_sheet(self, solo: bool) -> Layout:
        """The layout of a solo sheet (all of it) or of a multiplayer one (without the areas
        only a solo sheet has, :attr:`Area.solo`)."""
        if solo:
            return self
        areas = tuple(area for area in self.areas if not area.solo)
        return Layout(self.adventure, areas, self.bookkeeping, self.insignias)

    def to_json(self) -> LayoutJson:
        """The layout as JSON-safe data."""
        return {
            "adventure": self.adventure,
            "areas": [_area_json(area) for area in self.areas],
            "bookkeeping": list(self.bookkeeping),
            "insignias": self.insignias,
        }


def _area_json(area: Area) -> AreaJson:
    rows, cols = area.size
    return {
        "name": area.name,
        "rows": rows,
        "cols": cols,
        "beside": area.beside,
        "solo": area.solo,
        "spots": [
            {
                "slot": s.slot,
                "row": s.row,
                "col": s.col,
                "kind": s.kind.value,
                "printed": s.printed,
                "name": s.name,
                "group": s.group,
            }
            for s in area.spots
        ],
        "labels": [{"row": a.row, "col": a.col, "text": a.text} for a in area.labels],
    }


def grid_spots(
    rows: Iterable[Iterable[int | None]],
    kind: Kind,
    top: int = 0,
    left: int = 0,
    step: int = 1,
    name: str = "#{slot}",
    group: str = "",
    printed: str = "",
) -> list[Spot]:
    """Spots for slots laid out as a picture: one row of ``rows`` per grid row from ``top``,
    one entry per column from ``left`` (every ``step`` columns), ``None`` where nothing is.

    >>> [(s.slot, s.row, s.col) for s in grid_spots([[1, None, 2], [3]], Kind.BOX, 5, 1, 2)]
    [(1, 5, 1), (2, 5, 5), (3, 6, 1)]
    """
    spots = []
    for r, row in enumerate(rows):
        for c, slot in enumerate(row):
            if slot is not None:
                spots.append(
                    Spot(
                        slot,
                        top + r,
                        left + c * step,
                        kind,
                        printed,
                        name.format(slot=slot),
                        group,
                    )
                )
    return spots


TrackRow = tuple[str, Kind, Iterable[tuple[int, str]]]
"""A row of :func:`track_rows`: its title, the kind of its spots, and each spot's slot with what
is printed on it."""


def track_rows(name: str, rows: Iterable[TrackRow], labels: Iterable[Label] = ()) -> Area:
    """An area of tracks, one per row: the row's title in column 0 (also the spots' group, by
    its first word), then its spots from column 1; ``labels`` adds printed words.

    >>> area = track_rows("tracks", [("errors −5", Kind.ERROR, [(7, ""), (8, "")])])
    >>> [(s.slot, s.row, s.col, s.group) for s in area.spots], area.labels[0].text
    ([(7, 0, 1, 'errors'), (8, 0, 2, 'errors')], 'errors −5')
    """
    spots: list[Spot] = []
    titles: list[Label] = []
    for r, (title, kind, items) in enumerate(rows):
        titles.append(Label(r, 0, title))
        group = title.split()[0]
        spots += [Spot(slot, r, col, kind, text, group=group) for col, (slot, text) in
                  enumerate(items, 1)]  # fmt: skip
    return Area(name, tuple(spots), (*titles, *labels))
