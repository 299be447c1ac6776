"""Where everything stands on a printed sheet: :class:`Layout`, the geometry a client draws.

A layout places every markable spot of an adventure's sheet (a :class:`Spot`: its slot id) and
the printed words around them (a :class:`Label`) in areas (an :class:`Area`: the rocket, the
tracks), each a grid of rows and columns read like the sheet: row 0 at the top, column 0 at the
left. A client draws a sheet from its layout and the
sheet's marks alone (``view["sheets"][seat]["marks"]``, one code per slot:
:mod:`~moonbase.games.welcome_to_the_moon.sheet` says what each means), without knowing the
rules. The terminal does exactly that (:mod:`~moonbase.games.welcome_to_the_moon.drawing`).

Each adventure's layout is data: ``layouts/a<N>.json`` (read by :func:`load_layout`), in the
format :meth:`Layout.to_json` gives a client, one spot a line. The geometry is a reconstruction
from the rules pages, which give the sheets' order (floors top to bottom, a zone left to right,
what is printed beside what) but no measurements: relative places hold, distances do not.

>>> floor = Area("floor", (Spot(3, 0, 1, Kind.SPACE, name="A.1"), Spot(9, 1, 1, Kind.SYMBOL, "R3")),
...              (Label(0, 0, "A"),))
>>> layout = Layout(1, (floor,))
>>> floor.size, layout.spot(9).printed, layout.slots
((2, 2), 'R3', (3, 9))
>>> layout.to_json()["areas"][0]["spots"][1]
{'slot': 9, 'row': 1, 'col': 1, 'kind': 'symbol', 'printed': 'R3', 'name': '#9', 'group': ''}
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from importlib import resources
from typing import Any, Final, TypedDict, TypeVar, cast

__all__ = [
    "Area",
    "Kind",
    "Label",
    "Layout",
    "LayoutJson",
    "Spot",
    "layout_from_json",
    "load_layout",
    "worded",
]


_WORDS: Final = re.compile(r"[a-z]{2}|[A-Z]{4}")


def worded(text: str) -> bool:
    """Whether printed ``text`` holds a word, shown in the language spoken: two lower-case
    letters in a row, or four capitals (``water``, ``pe``, ``WATER``; not ``Q1``, ``ST2 T16``,
    ``×2``, ``ENE``).

    >>> worded("bonus rockets"), worded("PLANNING"), worded("ROB1")
    (True, True, False)
    """
    return _WORDS.search(text) is not None


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
    """Printed text that is not marked: a floor's name, a track's values, a score area.

    A label that holds words (``worded``) is shown in the language spoken; one that only names
    or counts (``Q1``, ``ST2 T16``, ``×2``) is the same in every language.

    >>> Label(0, 0, "WATER").worded, Label(0, 0, "ST2 T16").worded
    (True, False)
    """

    row: int
    col: int
    text: str

    @property
    def worded(self) -> bool:
        """Whether the text holds words (:func:`worded`)."""
        return worded(self.text)


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
    about: str


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
    about: str = ""
    """What the layout shows and what of it is a reconstruction, in words."""
    _by_slot: dict[int, Spot] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        spots = self.spots
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
        return replace(self, areas=tuple(area for area in self.areas if not area.solo))

    def to_json(self) -> LayoutJson:
        """The layout as JSON-safe data."""
        return {
            "adventure": self.adventure,
            "areas": [_area_json(area) for area in self.areas],
            "bookkeeping": list(self.bookkeeping),
            "insignias": self.insignias,
            "about": self.about,
        }


def _area_json(area: Area) -> AreaJson:
    rows, cols = area.size
    return {
        "name": area.name,
        "rows": rows,
        "cols": cols,
        "beside": area.beside,
        "solo": area.solo,
        "spots": [cast(SpotJson, {**vars(spot), "kind": spot.kind.value}) for spot in area.spots],
        "labels": [dict(vars(label)) for label in area.labels],
    }


def load_layout(adventure: int) -> Layout:
    """The printed layout of ``adventure``, read from its data file ``layouts/a<N>.json``.

    A data file is a :class:`LayoutJson` without what can be worked out: an area's ``rows``
    and ``cols``, and a spot's empty ``printed``, ``group`` and its ``#<slot>`` name may be
    left out; ``beside``, ``solo``, ``bookkeeping`` and ``insignias`` default to false or
    empty.

    >>> layout = load_layout(3)
    >>> layout.spot(14).name, layout.spot(14).kind, [area.name for area in layout.areas]
    ('B14', <Kind.SPACE: 'space'>, ['colony', 'quarters', 'tracks'])
    """
    text = resources.files(__package__).joinpath(f"layouts/a{adventure}.json").read_text("utf-8")
    return layout_from_json(json.loads(text))


def layout_from_json(data: Mapping[str, Any]) -> Layout:
    """The :class:`Layout` that ``data`` (:meth:`Layout.to_json` or a data file) describes.

    >>> layout = load_layout(1)
    >>> layout_from_json(layout.to_json()) == layout
    True
    """
    areas = tuple(
        _read(
            Area,
            area,
            spots=tuple(_read(Spot, spot, kind=Kind(spot["kind"])) for spot in area["spots"]),
            labels=tuple(_read(Label, label) for label in area.get("labels", ())),
        )
        for area in data["areas"]
    )
    return _read(Layout, data, areas=areas, bookkeeping=tuple(data.get("bookkeeping", ())))


_Read = TypeVar("_Read", Spot, Label, Area, Layout)


def _read(cls: type[_Read], data: Mapping[str, Any], **parsed: Any) -> _Read:
    """A ``cls`` from its fields in ``data`` (one left out keeps its default), with ``parsed``
    instead of the raw values of those fields."""
    given = {f.name: data[f.name] for f in fields(cls) if f.init and f.name in data}
    return cls(**{**given, **parsed})
