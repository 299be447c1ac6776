"""Adventure 5 — The Dome: four skyscrapers, the plant & water tower, the dome, upgrade tables.

Four skyscrapers (``SK1`` … ``SK4``), each one ascending zone read bottom → top (``SK1.1`` is the
bottom of skyscraper 1). A skyscraper is built outward from ground level: its first mark goes on
one of its two ground-level spaces, every later mark (number or X) next to a marked space of the
same skyscraper. Marking a skyscraper's bottom or top space circles its end bonus — the high one
if no opponent has taken it (a race settled in phase 5), else the low one. Plant and Water circle
symbols on the tower level linked to the space just written; Robot builds a dome piece of the
number's parity at either end of the unbuilt dome; Energy upgrades one of four scoring tables;
Planning writes an X by the same placement rule and then splits a dome section (compulsory).
Missions give ★ (first) or ✩ (later) symbols, valued by the Missions table (``adventure5.md``).

Words after ``WRITE <combination> <space> [±1|±2]`` (phase 4; ``SKIP`` declines the action):

* ``BUILD D<k>`` / ``BUILD D<k>L`` / ``BUILD D<k>R`` — Robot: build a dome section or subsection;
* ``UPGRADE MISSIONS|TOWER|ASTRONAUTS|DOME`` — Energy: cross the next row of that table;
* ``PLANT`` / ``WATER`` — circle a plant / the water of the tower level of the space written;
* ``ASTRONAUT`` — mark the next astronaut symbol (automatic when the number was changed);
* ``X <space>`` — the Planning X, then ``SPLIT D<k>`` (compulsory when a section can be split).

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> dome = Dome()
>>> sheet = dome.new_sheet(solo=False)
>>> from moonbase.games.welcome_to_the_moon.notation import notation
>>> tables = notation(5, False)
>>> sorted(tables.texts[i] for i in dome.writes(sheet, [Combination("1", 5, "ROBOT")], tables.rows))
['WRITE 1 SK1.6', 'WRITE 1 SK1.7', 'WRITE 1 SK2.4', 'WRITE 1 SK2.5', 'WRITE 1 SK3.3', \
'WRITE 1 SK3.4', 'WRITE 1 SK4.5', 'WRITE 1 SK4.6']
>>> dome.write(sheet, Combination("1", 5, "ROBOT"), DATA.slot("SK1.6") or 0, 0, None)
>>> sorted(dome.steps(sheet))
['BUILD D1', 'SKIP']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any, ClassVar, Final

from moonbase.games.welcome_to_the_moon.adventures.engine import (
    Advance,
    Choose,
    Cross,
    Effects,
    Engine,
    Linked,
    Mark,
    Next,
    Offer,
    Push,
    Race,
    Tracks,
)
from moonbase.games.welcome_to_the_moon.adventures.turn import Context, in_spaces, with_total
from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.missions import Mission
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    HIGH,
    LOW,
    Runs,
    Sheet,
    SheetData,
    Spans,
    Track,
    X,
    Zone,
    at_least,
    count_marked,
    full_groups,
    groups_with,
    numbered_spaces,
)
from moonbase.i18n import N_

__all__ = [
    "ASTRONAUTS",
    "DATA",
    "ENDS",
    "ERRORS",
    "HIGH_ENDS",
    "LEVELS",
    "REQUIREMENTS",
    "SECTIONS",
    "SKYSCRAPERS",
    "STARS",
    "TABLES",
    "UPGRADES",
    "Dome",
    "End",
    "Level",
    "Section",
    "Skyscraper",
    "Table",
    "available",
    "dome_ends",
    "open_for_x",
    "placements",
    "tower_counts",
    "unbuilt_pieces",
    "unsplit",
]


@dataclass(frozen=True)
class Skyscraper:
    """A skyscraper: its spaces bottom → top (one ascending zone) and its two ground-level
    starting spaces."""

    name: str
    slots: tuple[int, ...]
    ground: tuple[int, int]


SKYSCRAPERS: Final = (
    Skyscraper("SK1", tuple(range(1, 10)), (6, 7)),
    Skyscraper("SK2", tuple(range(10, 20)), (13, 14)),
    Skyscraper("SK3", tuple(range(20, 30)), (22, 23)),
    Skyscraper("SK4", tuple(range(30, 39)), (34, 35)),
)
"""The four skyscrapers (``adventure5.md`` §2)."""


@dataclass(frozen=True)
class End:
    """A skyscraper-end bonus: the extreme space that triggers it and its high and low bonuses
    as (slot, points)."""

    space: int
    high: tuple[int, int]
    low: tuple[int, int]


ENDS: Final = (
    End(1, (92, 20), (93, 10)),
    End(9, (90, 6), (91, 3)),
    End(10, (96, 10), (97, 5)),
    End(19, (94, 20), (95, 10)),
    End(20, (100, 6), (101, 3)),
    End(29, (98, 25), (99, 12)),
    End(30, (104, 15), (105, 7)),
    End(38, (102, 10), (103, 5)),
)
"""The eight skyscraper-end bonuses, a race each (``adventure5.md`` §2)."""
HIGH_ENDS: Final = tuple(sorted(end.high[0] for end in ENDS))
"""The high end-bonus slots (what an ASTRA card may cross off)."""


@dataclass(frozen=True)
class Level:
    """A level of the plant & water tower: its linked spaces, plant slots and water slot."""

    name: str
    spaces: tuple[int, ...]
    plants: tuple[int, int]
    water: int

    @property
    def symbols(self) -> tuple[int, int, int]:
        """Its three symbols."""
        return (*self.plants, self.water)


LEVELS: Final = (
    Level("L0", (17, 26, 38), (66, 67), 82),
    Level("L1", (9, 16, 25, 37), (68, 69), 83),
    Level("L2", (8, 15, 24, 36), (70, 71), 84),
    Level("L3", (7, 14, 23, 35), (72, 73), 85),
    Level("L4", (6, 13, 22, 34), (74, 75), 86),
    Level("L5", (5, 12, 21, 33), (76, 77), 87),
    Level("L6", (4, 11, 20, 32), (78, 79), 88),
    Level("L7", (3, 10, 31), (80, 81), 89),
)
"""The tower, top to bottom (``adventure5.md`` §3)."""


@dataclass(frozen=True)
class Section:
    """A dome section: its name, slot (drawn when built, crossed when split), parity
    (1: odd, single dots) and its two subsections' slots (left, right)."""

    name: str
    slot: int
    parity: int
    halves: tuple[int, int]


SECTIONS: Final = tuple(
    Section(f"D{k}", 113 + k, k % 2, (120 + 2 * k, 121 + 2 * k)) for k in range(1, 9)
)
"""The dome, left → right (``adventure5.md`` §4)."""


@dataclass(frozen=True)
class Table:
    """An upgrade table: its rows of slots (crossed top to bottom, a whole row at once) and its
    value lists by column, each indexed by the number of rows crossed."""

    name: str
    rows: tuple[tuple[int, ...], ...]
    columns: dict[str, tuple[int, ...]]

    def crossed(self, marks: bytearray) -> int:
        """Rows crossed."""
        return sum(1 for row in self.rows if marks[row[0]])

    def value(self, marks: bytearray, column: str) -> int:
        """A column's value now: the first uncrossed row (the trailing value once full)."""
        return self.columns[column][self.crossed(marks)]


def _rows(first: int, width: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(range(first + width * r, first + width * (r + 1))) for r in range(4))


TABLES: Final = {
    "MISSIONS": Table(
        "MISSIONS", _rows(138, 2), {"first": (8, 10, 12, 15, 18), "later": (4, 6, 8, 9, 10)}
    ),
    "TOWER": Table(
        "TOWER",
        _rows(146, 3),
        {"1": (2, 2, 3, 3, 4), "2": (5, 6, 7, 8, 10), "3": (9, 10, 12, 15, 18)},
    ),
    "ASTRONAUTS": Table(
        "ASTRONAUTS", _rows(158, 2), {"first": (-10, 0, 10, 20, 30), "second": (0, 2, 4, 7, 10)}
    ),
    "DOME": Table("DOME", _rows(166, 1), {"penalty": (6, 5, 4, 3, 2)}),
}
"""The four upgrade tables (``adventure5.md`` §6); the tower's columns are 1, 2, 3 symbols."""

ASTRONAUTS: Final = tuple(range(106, 114))
"""The eight astronaut symbols, in marking order."""
ERRORS: Final = (48, 49, 50)
"""System Error boxes."""
STARS: Final = {"A": (182, 183), "B": (184, 185), "C": (186, 187)}
"""Mission letter → its ★ (first) and ✩ (later) symbol slots."""

DATA: Final = SheetData(
    adventure=5,
    spaces=numbered_spaces((sk.name, sk.slots) for sk in SKYSCRAPERS),
    size=188,
    error_slots=ERRORS,
    mission_slots=(51, 52, 53),
    zones=tuple(Zone(sk.name, sk.slots) for sk in SKYSCRAPERS),
    symbols={"astronauts": ASTRONAUTS, "ends": HIGH_ENDS},
)
"""The sheet of adventure 5."""


_PIECE: Final = {
    **{section.name: section.slot for section in SECTIONS},
    **{f"{s.name}L": s.halves[0] for s in SECTIONS},
    **{f"{s.name}R": s.halves[1] for s in SECTIONS},
}
_PIECE_NAME: Final = {slot: name for name, slot in _PIECE.items()}
_PARITY: Final = {piece: s.parity for s in SECTIONS for piece in (s.slot, *s.halves)}


def available(marks: bytearray, skyscraper: Skyscraper) -> list[int]:
    """The empty spaces of ``skyscraper`` a mark may go on: a ground-level space, or one next to
    a marked space (the ascending rule aside).

    >>> marks = bytearray(DATA.size)
    >>> available(marks, SKYSCRAPERS[0])
    [6, 7]
    >>> marks[7] = X
    >>> available(marks, SKYSCRAPERS[0])
    [6, 8]
    """
    slots = skyscraper.slots
    around = (0, *(marks[slot] for slot in slots), 0)  # an empty space past either end
    return [
        slot
        for index, slot in enumerate(slots)
        if not marks[slot] and (slot in skyscraper.ground or around[index] or around[index + 2])
    ]


def unbuilt_pieces(marks: bytearray) -> list[int]:
    """The dome's unbuilt pieces left → right: an unsplit section, or a split section's
    unbuilt subsections (left, right). Only the first and the last may be built.

    >>> marks = bytearray(DATA.size)
    >>> marks[114] = CIRCLED  # D1 built
    >>> marks[121] = CROSSED  # D8 split
    >>> unbuilt_pieces(marks)
    [115, 116, 117, 118, 119, 120, 136, 137]
    """
    result: list[int] = []
    for section in SECTIONS:
        mark = marks[section.slot]
        if mark & CROSSED:
            result.extend(half for half in section.halves if not marks[half])
        elif not mark:
            result.append(section.slot)
    return result


_NOT_NUMBERS: Final = bytes([0, *range(HIGH + 1, 256)])
"""The marks of a space that are not numbers (deleted from a run, its numbers are left)."""
_GROUND: Final = {sk.slots[0]: sk.ground for sk in SKYSCRAPERS}
"""A skyscraper's first slot → its ground-level spaces."""


@lru_cache(maxsize=1 << 14)
def _open_in(first: int, spaces: bytes) -> tuple[tuple[int, int, int], ...]:
    """The available spaces of the skyscraper from slot ``first`` whose marks are ``spaces``,
    each with the numbers it lies between (cached: only the skyscraper just marked changes).

    A skyscraper's marks are one run of spaces holding a ground space (a mark goes on a ground
    space or beside a mark, and the two ground spaces are side by side): while it has none, its
    ground spaces are open; then the space below the run, under its first number, and the
    space above it, over its last.

    >>> _open_in(1, bytes(9)), _open_in(1, bytes([0, 0, 0, 0, 0, 4, X, 9, 0]))
    (((6, -1, 18), (7, -1, 18)), ((5, -1, 3), (9, 8, 18)))
    """
    run = spaces.strip(b"\0")
    if not run:
        return tuple((slot, LOW, HIGH) for slot in _GROUND[first])
    assert 0 not in run, "a skyscraper's marks are one run"
    numbers = run.translate(None, _NOT_NUMBERS)
    below = first + len(spaces) - len(spaces.lstrip(b"\0")) - 1
    above = below + len(run) + 1
    found = []
    if below >= first:
        found.append((below, LOW, numbers[0] - 1 if numbers else HIGH))
    if above < first + len(spaces):
        found.append((above, numbers[-1] - 1 if numbers else LOW, HIGH))
    return tuple(found)


_RUNS: Final = Runs.of(
    (sk.slots for sk in SKYSCRAPERS), lambda first, spaces: in_spaces(_open_in(first, spaces))
)
"""Per skyscraper, the available spaces a number fits (:func:`_open_in` as a table)."""


def placements(marks: bytearray) -> list[tuple[int, int, int]]:
    """The available spaces of each skyscraper, each with the numbers it lies between
    (``(slot, low, high)``)."""
    return [
        space for first, span, _, _ in _RUNS.zones for space in _open_in(first, bytes(marks[span]))
    ]


_DOME: Final = slice(SECTIONS[0].slot, SECTIONS[-1].halves[1] + 1)
"""The dome's sections and subsections: consecutive slots."""


def dome_ends(marks: bytearray) -> tuple[int, ...]:
    """The dome pieces a robot may build, by slot: the first and the last unbuilt one (kept
    per the dome's marks: a turn seldom builds, and each robot asks twice)."""
    return _dome_ends(bytes(marks[_DOME]))


@lru_cache(maxsize=4096)
def _dome_ends(dome: bytes) -> tuple[int, ...]:
    pieces = unbuilt_pieces(bytearray(_DOME.start) + dome)
    return tuple(sorted({pieces[0], pieces[-1]})) if pieces else ()


def _of_written_parity(sheet: Sheet, piece: int) -> bool:
    """Whether a dome piece has the parity of the number just written."""
    return _PARITY[piece] == (sheet.marks[sheet.written] - 1) % 2


def unsplit(marks: bytearray) -> list[int]:
    """The dome sections Planning may still split: those neither built nor split."""
    return [s.slot for s in SECTIONS if not marks[s.slot]]


def open_for_x(marks: bytearray) -> tuple[int, ...]:
    """Every space a Planning X may go on (:func:`available`, skyscraper by skyscraper; kept
    per the spaces' marks: an X is asked twice, whether it can go and where)."""
    return _open_for_x(bytes(marks[DATA.space_span]))


@lru_cache(maxsize=1024)
def _open_for_x(spaces: bytes) -> tuple[int, ...]:
    return tuple(slot for slot, _, _ in placements(bytearray(1) + spaces))


_LEVEL_SYMBOLS: Final = tuple(itemgetter(*level.symbols) for level in LEVELS)


def tower_counts(marks: bytearray) -> list[int]:
    """Circled symbols per tower level, top to bottom."""
    return [3 - symbols(marks).count(0) for symbols in _LEVEL_SYMBOLS]


REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": full_groups((sk.slots for sk in SKYSCRAPERS), 1),  # a skyscraper with every space
    "A2": at_least([sk.slots[-1] for sk in SKYSCRAPERS], 2),  # two tops marked
    "B1": groups_with([level.symbols for level in LEVELS], 2, 3),  # 3 levels with 2 symbols
    "B2": groups_with([level.symbols for level in LEVELS], 3, 2),
    "C1": lambda marks: not dome_ends(marks),  # no piece left unbuilt
    "C2": lambda marks: marks[DATA.space_span].count(X) >= 4,
}
"""Skyscrapers (A), tower levels (B), the dome and X marks (C) (``adventure5.md`` §8)."""

ASTRONAUT_TRACK: Final = Track("astronauts", ASTRONAUTS)
UPGRADES: Final = {name: Track(name, tuple(row[0] for row in t.rows)) for name, t in TABLES.items()}
"""Energy's tables as tracks of their rows' first boxes: crossing one crosses its row
(:attr:`Dome.rewards`)."""
_PLANTS_OF: Final = {
    space: Track(f"{level.name} plants", level.plants, flag=CIRCLED)
    for level in LEVELS
    for space in level.spaces
}
_WATER_OF: Final = {space: level.water for level in LEVELS for space in level.spaces}


class Dome(Engine):
    """Adventure 5 — The Dome: the engine over these declarations."""

    title: ClassVar[str] = N_("The Dome")
    data: ClassVar[SheetData] = DATA
    tracks: ClassVar[Mapping[str, Track]] = {"astronauts": ASTRONAUT_TRACK}
    rewards: ClassVar[Mapping[int, Effects]] = {
        row[0]: tuple(Mark(slot, CROSSED) for slot in row[1:])
        for table in TABLES.values()
        for row in table.rows
        if len(row) > 1
    }
    reactions: ClassVar[Mapping[int, Effects]] = {
        end.space: (Race(end.high[0], end.low[0]),) for end in ENDS
    }
    actions: ClassVar[Mapping[str, Offer]] = {
        "ROBOT": Offer("BUILD", Choose(dome_ends, _PIECE_NAME, where=_of_written_parity)),
        "ENERGY": Offer("UPGRADE", Tracks(UPGRADES)),
        "PLANT": Offer("PLANT", Next(_PLANTS_OF)),
        "WATER": Offer("WATER", Linked(_WATER_OF)),
        "ASTRONAUT": Offer("ASTRONAUT", Next(ASTRONAUT_TRACK)),
        "PLANNING": Offer("X", Cross(open_for_x, then=(Push("SPLIT"),))),
    }
    items: ClassVar[Mapping[str, Offer]] = {
        "SPLIT": Offer("SPLIT", Choose(unsplit, {s.slot: s.name for s in SECTIONS}, flag=CROSSED))
    }
    changed: ClassVar[Effects] = (Advance(ASTRONAUT_TRACK),)
    crossable: ClassVar[tuple[int, ...]] = HIGH_ENDS
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = REQUIREMENTS

    def open_spaces(self, marks: bytearray) -> list[tuple[int, int, int]]:
        """The available spaces of each skyscraper (:func:`placements`)."""
        return placements(marks)

    def fitting(self, marks: bytearray) -> list[tuple[Spans, ...]]:
        """Per skyscraper, the available spaces a number fits (:func:`_open_in` as a table,
        kept per the skyscraper's marks: only the one just marked changes)."""
        return _RUNS.fits(marks)

    def reward(self, sheet: Sheet, mission: Mission, value: int) -> None:
        """Circle the mission's ★ for the high value, else its ✩."""
        super().reward(sheet, mission, value)
        first, later = STARS[mission.letter]
        sheet.marks[first if value == mission.high else later] = CIRCLED

    # ------------------------------------------------------------------ scores
    def astronaut_points(self, sheet: Sheet, context: Context) -> int:
        """The astronaut ranking: dense ranking among sheets with at least one symbol; rank 1
        takes the table's first value, any other rank its second; in solo, rank 1 if at least
        ASTRA's Astronaut cards."""
        marks = sheet.marks
        count = count_marked(marks, ASTRONAUTS)
        if count == 0:
            return 0
        if context.astra_cards is not None:
            first = count >= context.astra_cards[ACTIONS.index("ASTRONAUT")]
        else:
            first = count >= max(count_marked(other.marks, ASTRONAUTS) for other in context.sheets)
        return TABLES["ASTRONAUTS"].value(marks, "first" if first else "second")

    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """Missions, tower, skyscraper ends and astronauts, less the dome and errors."""
        marks = sheet.marks
        stars = TABLES["MISSIONS"]
        firsts = sum(1 for first, _ in STARS.values() if marks[first])
        laters = sum(1 for _, later in STARS.values() if marks[later])
        missions = firsts * stars.value(marks, "first") + laters * stars.value(marks, "later")
        counts = tower_counts(marks)
        tower_table = TABLES["TOWER"]
        tower = sum(counts.count(c) * tower_table.value(marks, str(c)) for c in (1, 2, 3))
        skyscrapers = sum(
            points for end in ENDS for slot, points in (end.high, end.low) if marks[slot] & CIRCLED
        )
        return with_total(
            {
                "missions": missions,
                "tower": tower,
                "skyscrapers": skyscrapers,
                "astronauts": self.astronaut_points(sheet, context),
                "dome": -len(unbuilt_pieces(marks)) * TABLES["DOME"].value(marks, "penalty"),
                "errors": -5 * self.errors_marked(sheet),
            }
        )

    # ------------------------------------------------------------------ views
    @staticmethod
    def end_state(marks: bytearray, end: End) -> str:
        """``"high"`` or ``"low"`` (circled), ``"open"`` (high still available) or ``"taken"``
        (high crossed off: only the low is left)."""
        if marks[end.high[0]] & CIRCLED:
            return "high"
        if marks[end.low[0]]:
            return "low"
        return "taken" if marks[end.high[0]] else "open"

    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Spaces, end bonuses, tower, dome, upgrade tables, astronauts, stars and errors."""
        marks = sheet.marks
        return {
            "spaces": DATA.spaces_view(marks),
            "ends": {DATA.names[end.space]: self.end_state(marks, end) for end in ENDS},
            "tower": {
                level.name: {
                    "plants": count_marked(marks, level.plants),
                    "water": bool(marks[level.water]),
                }
                for level in LEVELS
            },
            "dome": {
                "built": [name for name, slot in _PIECE.items() if marks[slot] & CIRCLED],
                "split": [s.name for s in SECTIONS if marks[s.slot] & CROSSED],
                "unbuilt": [_PIECE_NAME[slot] for slot in unbuilt_pieces(marks)],
            },
            "upgrades": {name: table.crossed(marks) for name, table in TABLES.items()},
            "astronauts": count_marked(marks, ASTRONAUTS),
            "stars": {
                letter: "first" if marks[first] else "later" if marks[later] else None
                for letter, (first, later) in STARS.items()
            },
            "errors": self.errors_marked(sheet),
        }


assert all(_DOME.start <= slot < _DOME.stop for s in SECTIONS for slot in (s.slot, *s.halves))
