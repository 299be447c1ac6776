"""Adventure 3 — The Colony: the 6×6 colony grid as data, and the rules only it has.

32 buildings (``B1`` … ``B32``, the slot ids) fill a 6×6 grid with two printed X cells, the
rocket's START and the observatory ``OBS``. Every building lies in a column (ascending from bottom
to top) and a row (ascending from left to right); a number must fit both. The grid is cut into
four 3×3 quarters (``TL``, ``TR``, ``BL``, ``BR``): the first to fill one circles its 15 (a race
settled in phase 5), later finishers its 5. Robots dig tunnels from START; an antenna is circled
once its building is filled and in the tunnel network (the observatory's three as soon as it is
reached). Energy raises the plant, water or antenna multiplier; Plant circles the next greenhouse
of the quarter written in; Water the tank of the building written; Astronaut changes the number by
up to ±2; Planning writes an X and costs a penalty box (``adventure3.md``).

Words after ``WRITE <combination> <building> [±1|±2]`` (phase 4, one per sub-step; ``SKIP``
declines the action as a whole):

* ``TUNNEL <cell>-<cell>`` — build a tunnel touching the network (upper or left cell first:
  ``TUNNEL B1-B7``, ``TUNNEL B27-OBS``; the printed X cells are ``X22`` and ``X33``);
* ``ENERGY PLANTS`` / ``ENERGY WATER`` / ``ENERGY ANTENNAS`` — cross the next multiplier box;
* ``PLANT`` — circle the next greenhouse of the written building's quarter;
* ``WATER`` — circle the written building's tank;
* ``ASTRONAUT`` — mark the next astronaut symbol (automatic when the number was changed);
* ``X <building>`` — the Planning X, then the next planning penalty box is crossed.

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> colony = Colony()
>>> sheet = colony.new_sheet(solo=False)
>>> colony.write(sheet, Combination("1", 4, "ROBOT"), 1, 0, None)
>>> sorted(colony.steps(sheet))
['SKIP', 'TUNNEL B1-B7', 'TUNNEL B2-B1', 'TUNNEL B6-B12', 'TUNNEL B7-B6']
>>> colony.step(sheet, "TUNNEL B2-B1")
>>> colony.sheet_view(sheet)["antennas"]  # B1 is filled and always in the network
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import pairwise
from operator import itemgetter
from typing import Any, ClassVar, Final

from moonbase.games.welcome_to_the_moon.adventures.engine import (
    Advance,
    Call,
    Choose,
    Cross,
    Effects,
    Engine,
    Filled,
    Linked,
    Mark,
    Next,
    Offer,
    Race,
    Tracks,
)
from moonbase.games.welcome_to_the_moon.adventures.turn import Context, majority_bonus, with_total
from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    HIGH,
    LOW,
    FitTable,
    Sheet,
    SheetData,
    Space,
    Spans,
    Track,
    Zone,
    at_least,
    count_marked,
    fits_by_number,
    full_groups,
    spans_of,
    zone_open,
)
from moonbase.i18n import N_

__all__ = [
    "ANTENNAS",
    "ASTRONAUTS",
    "DATA",
    "ERRORS",
    "GRID",
    "MULTIPLIERS",
    "PLANNING",
    "QUARTERS",
    "TANKS",
    "TUNNELS",
    "Colony",
    "Quarter",
    "Tunnel",
    "network",
]

START: Final = 0
"""The rocket's landing site (a cell, not a space)."""
OBS: Final = 33
"""The observatory (a cell, not a space)."""
CELL_NAMES: Final = {START: "START", OBS: "OBS", 34: "X22", 35: "X33"} | {
    slot: f"B{slot}" for slot in range(1, 33)
}
"""Cell id → name: buildings are their slot ids, the printed X cells (row 2 column 2, row 3
column 3) are cells 34 and 35."""

GRID: Final = (
    (5, 11, 16, 21, 27, OBS),
    (4, 10, 15, 20, 26, 32),
    (3, 9, 34, 19, 25, 31),
    (2, 8, 14, 35, 24, 30),
    (1, 7, 13, 18, 23, 29),
    (START, 6, 12, 17, 22, 28),
)
"""The grid by rows, top to bottom (``adventure3.md`` §2)."""

COLUMNS: Final = tuple(
    Zone(f"C{c}", tuple(row[c] for row in reversed(GRID) if 1 <= row[c] <= 32)) for c in range(6)
)
"""Column zones, ascending from bottom to top."""
ROWS: Final = tuple(
    Zone(f"R{r}", tuple(cell for cell in GRID[r] if 1 <= cell <= 32)) for r in range(6)
)
"""Row zones, ascending from left to right."""


@dataclass(frozen=True)
class Quarter:
    """A 3×3 quarter: its buildings, its 15 and 5 bonus boxes and its greenhouses (top to bottom;
    the fourth holds two plants)."""

    name: str
    buildings: tuple[int, ...]
    high: int
    low: int
    greenhouses: tuple[tuple[int, ...], ...]

    @cached_property
    def plants(self) -> tuple[int, ...]:
        """Every plant slot of its greenhouses."""
        return tuple(slot for house in self.greenhouses for slot in house)

    @cached_property
    def greenhouse_track(self) -> Track:
        """Its greenhouses as a track of their first plants, circled top to bottom (the
        fourth's second plant is that box's reward)."""
        return Track(
            f"{self.name} greenhouses", tuple(h[0] for h in self.greenhouses), flag=CIRCLED
        )


QUARTERS: Final = (
    Quarter("TL", (3, 4, 5, 9, 10, 11, 15, 16), 55, 59, ((63,), (64,), (65,), (66, 67))),
    Quarter("TR", (19, 20, 21, 25, 26, 27, 31, 32), 56, 60, ((68,), (69,), (70,), (71, 72))),
    Quarter("BL", (1, 2, 6, 7, 8, 12, 13, 14), 57, 61, ((73,), (74,), (75,), (76, 77))),
    Quarter("BR", (17, 18, 22, 23, 24, 28, 29, 30), 58, 62, ((78,), (79,), (80,), (81, 82))),
)
"""The four quarters (``adventure3.md`` §2)."""

TANKS: Final = {5: 113, 15: 114, 26: 115, 31: 116, 8: 117, 13: 118, 23: 119, 17: 120}
"""Building → its water-tank slot."""
ANTENNAS: Final = {
    1: (129,), 3: (125,), 6: (132,), 8: (127,), 11: (121,), 15: (123,), 18: (130,), 19: (126,),
    21: (122,), 22: (133,), 24: (128,), 26: (124,), 29: (131,), OBS: (134, 135, 136),
}  # fmt: skip
"""Cell → its antenna slots (the observatory has three)."""
QUARTER_ANTENNAS: Final = {
    "TL": (121, 123, 125),
    "TR": (122, 124, 126, 134, 135, 136),
    "BL": (127, 129, 132),
    "BR": (128, 130, 131, 133),
}
"""Antennas by quarter (mission B2)."""


@dataclass(frozen=True)
class Tunnel:
    """A tunnel between two orthogonally adjacent cells (upper or left first); ``slot`` is
    ``None`` for the two printed at the start."""

    slot: int | None
    a: int
    b: int

    @property
    def name(self) -> str:
        """``B1-B7``, ``B27-OBS``."""
        return f"{CELL_NAMES[self.a]}-{CELL_NAMES[self.b]}"


_FIRST_TUNNEL: Final = 137


def _tunnels() -> tuple[Tunnel, ...]:
    """A tunnel joins every two neighbouring cells (``adventure3.md`` §3): those within a
    column, column by column, then those between two columns, each bottom to top, are slots
    137–194; the two from START are printed."""
    columns = [[row[c] for row in reversed(GRID)] for c in range(6)]  # each bottom to top
    pairs = [(upper, lower) for column in columns for lower, upper in pairwise(column)]
    pairs += [pair for left, right in pairwise(columns) for pair in zip(left, right, strict=True)]
    built = [pair for pair in pairs if START not in pair]
    tunnels = [Tunnel(slot, a, b) for slot, (a, b) in enumerate(built, _FIRST_TUNNEL)]
    return (*tunnels, Tunnel(None, START, 6), Tunnel(None, 1, START))


TUNNELS: Final = _tunnels()
"""Every tunnel: 58 to build (slots 137–194) and 2 printed."""
TUNNEL_NAMES: Final = {t.slot: t.name for t in TUNNELS if t.slot is not None}
"""Buildable tunnel slot → its name (``B1-B7``)."""

MULTIPLIERS: Final = {
    "PLANTS": Track("plants", (101, 102, 103, 104), (0, 1, 2, 3, 4)),
    "WATER": Track("water", (105, 106, 107, 108), (0, 2, 4, 6, 8)),
    "ANTENNAS": Track("antennas", (109, 110, 111, 112), (0, 1, 2, 4, 6)),
}
"""The Energy multiplier tracks (``adventure3.md`` §4)."""
ASTRONAUTS: Final = tuple(range(92, 101))
"""The nine astronaut symbols, in marking order."""
PLANNING: Final = Track("planning", tuple(range(83, 92)), (0, 1, 3, 6, 9, 12, 16, 20, 24, 28))
"""The planning penalty track."""
ERRORS: Final = (42, 43, 44)
"""System Error boxes (5 points each)."""
ASTRONAUT_TRACK: Final = Track("astronauts", ASTRONAUTS)

DATA: Final = SheetData(
    adventure=3,
    spaces=tuple(Space(slot, f"B{slot}") for slot in range(1, 33)),
    size=195,
    error_slots=ERRORS,
    mission_slots=(45, 46, 47),
    zones=COLUMNS + ROWS,
    tracks={**{track.name: track for track in MULTIPLIERS.values()}, "planning": PLANNING},
    symbols={
        "astronauts": ASTRONAUTS,
        "tanks": tuple(TANKS.values()),
        "antennas": tuple(slot for slots in ANTENNAS.values() for slot in slots),
        "plants": tuple(slot for quarter in QUARTERS for slot in quarter.plants),
        "tunnels": tuple(TUNNEL_NAMES),
    },
)
"""The sheet of adventure 3."""


_LINKS: Final = {
    cell: tuple((t.slot or 0, t.b if t.a == cell else t.a) for t in TUNNELS if cell in (t.a, t.b))
    for cell in CELL_NAMES
}
"""Cell → each tunnel from it (its slot; 0: printed) with the cell at its other end."""


def network(marks: bytearray) -> frozenset[int]:
    """The cells reachable from START through built tunnels (any cell passes).

    >>> sorted(network(bytearray(195)))
    [0, 1, 6]
    """
    return _reach(bytes(marks[_FIRST_TUNNEL:]))[0]


def open_tunnels(marks: bytearray) -> tuple[int, ...]:
    """Every tunnel a robot may build: not built, touching the network (in slot order).

    >>> [TUNNEL_NAMES[slot] for slot in open_tunnels(bytearray(195))]
    ['B2-B1', 'B7-B6', 'B1-B7', 'B6-B12']
    """
    return _reach(bytes(marks[_FIRST_TUNNEL:]))[1]


@lru_cache(maxsize=8192)
def _reach(tunnels: bytes) -> tuple[frozenset[int], tuple[int, ...]]:
    """:func:`network` and :func:`open_tunnels` of the tunnel marks ``tunnels``."""
    built = {0, *(slot for slot, mark in enumerate(tunnels, _FIRST_TUNNEL) if mark)}
    seen = {START}
    todo = [START]
    while todo:
        for tunnel, other in _LINKS[todo.pop()]:
            if other not in seen and tunnel in built:
                seen.add(other)
                todo.append(other)
    touching = {tunnel for cell in seen for tunnel, _ in _LINKS[cell] if tunnel not in built}
    return frozenset(seen), tuple(sorted(touching))


def _connect(engine: Engine, sheet: Sheet, slot: int) -> None:
    """Circle every antenna in the network whose building is filled (the observatory's need
    none), once a tunnel is built or a building with an antenna is marked."""
    marks = sheet.marks
    reached = network(marks)
    for cell, antennas in ANTENNAS.items():
        if cell in reached and (cell == OBS or marks[cell]):
            for antenna in antennas:
                marks[antenna] = CIRCLED


REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": full_groups((zone.slots for zone in COLUMNS), 3),  # columns with every building
    "A2": full_groups((zone.slots for zone in ROWS), 3),  # rows with every building
    "B1": lambda marks: bool(marks[ANTENNAS[OBS][0]]),
    "B2": full_groups(QUARTER_ANTENNAS.values(), 2),
    "C1": at_least(DATA.symbols["plants"], 10),
    "C2": full_groups(([TANKS[b] for b in q.buildings if b in TANKS] for q in QUARTERS), 2),
}
"""Each mission's requirement (``adventure3.md`` §7)."""

_RACES: Final = {  # the solo bonus is two boxes
    building: Filled(q.buildings, (Race(q.high, q.low, bonus=2),))
    for q in QUARTERS
    for building in q.buildings
}
"""Building → its quarter's race, run once the quarter is full."""


class Colony(Engine):
    """Adventure 3 — The Colony: the engine over these declarations."""

    title: ClassVar[str] = N_("The Colony")
    data: ClassVar[SheetData] = DATA
    tracks: ClassVar[Mapping[str, Track]] = {"astronauts": ASTRONAUT_TRACK, "planning": PLANNING}
    rewards: ClassVar[Mapping[int, Effects]] = {  # a greenhouse's other plants
        house[0]: tuple(Mark(plant) for plant in house[1:])
        for quarter in QUARTERS
        for house in quarter.greenhouses
        if len(house) > 1
    }
    reactions: ClassVar[Mapping[int, Effects]] = {  # its antenna, then its quarter's race
        building: (Call(_connect), race) if building in ANTENNAS else (race,)
        for building, race in _RACES.items()
    }
    actions: ClassVar[Mapping[str, Offer]] = {
        "ROBOT": Offer("TUNNEL", Choose(open_tunnels, TUNNEL_NAMES, then=(Call(_connect),))),
        "ENERGY": Offer("ENERGY", Tracks(MULTIPLIERS)),
        "PLANT": Offer(
            "PLANT", Next({b: q.greenhouse_track for q in QUARTERS for b in q.buildings})
        ),
        "WATER": Offer("WATER", Linked(TANKS)),
        "ASTRONAUT": Offer("ASTRONAUT", Next(ASTRONAUT_TRACK)),
        "PLANNING": Offer("X", Cross(DATA.empty_spaces, then=(Advance(PLANNING),))),
    }
    changed: ClassVar[Effects] = (Advance(ASTRONAUT_TRACK),)
    crossable: ClassVar[tuple[int, ...]] = tuple(q.high for q in QUARTERS)
    cross_letters: ClassVar[str] = "AB"
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = REQUIREMENTS

    def open_spaces(self, marks: bytearray) -> tuple[tuple[int, int, int], ...]:
        """Each empty building, in slot order, with the bounds of its column and of its row
        met (the writes read :meth:`fitting` instead; the greedy bot reads this)."""
        return _limits(bytes(marks[:33]))

    def fitting(self, marks: bytearray) -> list[FitTable]:
        """The empty buildings a number fits (what :meth:`open_spaces` gives): twelve ORs and an
        AND of each zone's masks per number (:class:`_Fits`), kept per the zone's marks."""
        zones = []
        for slots, marks_of, kept in _ZONE_MARKS:  # a plain dict per zone: no lru_cache call
            key = marks_of(marks)
            masks = kept.get(key)
            if masks is None:
                if len(kept) >= 4096:
                    kept.clear()
                masks = kept[key] = _fit_masks(slots, key)
            zones.append(masks)
        return [_Fits(zones[: len(COLUMNS)], zones[len(COLUMNS) :])]

    # ------------------------------------------------------------------ scores
    def majority(self, sheet: Sheet, context: Context) -> int:
        """The astronaut majority: dense ranking among sheets with at least one symbol
        (20, 10, 5); in solo, 20 if at least ASTRA's Astronaut cards, else 10."""
        count = count_marked(sheet.marks, ASTRONAUTS)
        if count == 0:
            return 0
        if context.astra_cards is not None:
            return 20 if count >= context.astra_cards[ACTIONS.index("ASTRONAUT")] else 10
        return majority_bonus(count, (count_marked(s.marks, ASTRONAUTS) for s in context.sheets))

    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """Missions, plants, water, antennas, quarters and majority, less planning and errors."""
        marks, symbols = sheet.marks, DATA.symbols
        plants, water, antennas = (track.value(marks) for track in MULTIPLIERS.values())
        quarters = sum(
            15 if marks[q.high] & CIRCLED else 5 if marks[q.low] else 0 for q in QUARTERS
        )
        return with_total(
            {
                "missions": sum(value for value in sheet.missions if value > 0),
                "plants": count_marked(marks, symbols["plants"]) * plants,
                "water": count_marked(marks, symbols["tanks"]) * water,
                "antennas": count_marked(marks, symbols["antennas"]) * antennas,
                "quarters": quarters,
                "astronaut": self.majority(sheet, context),
                "planning": -PLANNING.value(marks),
                "errors": -5 * self.errors_marked(sheet),
            }
        )

    # ------------------------------------------------------------------ views
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Spaces, tunnels, quarters, plants, tanks, antennas, tracks and errors."""
        marks = sheet.marks
        quarters = {}
        for q in QUARTERS:
            high = marks[q.high]
            quarters[q.name] = {
                "bonus": 15 if high & CIRCLED else 5 if marks[q.low] else 0,
                "high": "circled" if high & CIRCLED else "crossed" if high else "open",
                "plants": count_marked(marks, q.plants),
            }
        return {
            "spaces": DATA.spaces_view(marks),
            "tunnels": [t.name for t in TUNNELS if t.slot is None or marks[t.slot]],
            "network": [CELL_NAMES[cell] for cell in sorted(network(marks))],
            "quarters": quarters,
            "tanks": [f"B{building}" for building, tank in TANKS.items() if marks[tank]],
            "antennas": count_marked(marks, DATA.symbols["antennas"]),
            "multipliers": {track.name: track.value(marks) for track in MULTIPLIERS.values()},
            "astronauts": count_marked(marks, ASTRONAUTS),
            "planning": PLANNING.marked(marks),
            "errors": self.errors_marked(sheet),
        }


_Masks = dict[tuple[int, ...], tuple[int, ...]]
_ZONE_MARKS: Final = tuple(
    (zone.slots, itemgetter(*zone.slots), _Masks()) for zone in COLUMNS + ROWS
)
"""The columns, then the rows, each with the gather of its marks and its :func:`_fit_masks`
by those marks (at most 4096 kept per zone: all are dropped once there are more)."""


def _fit_masks(zone: tuple[int, ...], marks: tuple[int, ...]) -> tuple[int, ...]:
    """Per number 0–17, the empty buildings of ``zone`` (whose marks are ``marks``) it fits, as
    a mask: bit ``b`` for building ``b`` (:meth:`Colony.fitting` keeps them: a zone's marks repeat).

    >>> masks = _fit_masks((1, 2, 3), (0, 5, 0))  # a 4 in building 2
    >>> [masks[n] for n in (3, 4, 5)] == [1 << 1, 0, 1 << 3]
    True
    """
    runs = []  # each run of empty buildings as a mask, with the numbers before and after it
    low, run = LOW, 0
    for slot, mark in zip(zone, marks, strict=True):
        if not mark:
            run |= 1 << slot
        elif mark <= HIGH:  # a number (X marks are ignored)
            runs.append((run, low, mark - 1))
            low, run = mark - 1, 0
    runs.append((run, low, HIGH))
    return fits_by_number(runs, 0)


_BYTE_SPANS: Final = tuple(
    tuple(spans_of(8 * k + 1 + i for i in range(8) if value >> i & 1) for value in range(256))
    for k in range(4)
)
"""Per byte ``k`` of a mask of buildings shifted right by one, per value of the byte: the
buildings its bits stand for, as spans."""
_BYTE1, _BYTE2, _BYTE3, _BYTE4 = _BYTE_SPANS


class _Fits(dict[int, Spans]):
    """Per number, the empty buildings it fits, as spans: the ORs of its masks per column and
    per row, met, read a byte at a time (worked out when a number is first read, then kept).

    >>> from moonbase.games.welcome_to_the_moon.sheet import slots_in
    >>> slots_in(_Fits([(1 << 1 | 1 << 2 | 1 << 9 | 1 << 32,)], [(2**33 - 1,)])[0])
    [1, 2, 9, 32]
    """

    def __init__(self, columns: list[tuple[int, ...]], rows: list[tuple[int, ...]]) -> None:
        super().__init__()
        self.columns = columns
        self.rows = rows

    def __missing__(self, number: int) -> Spans:
        column = row = 0
        for masks in self.columns:
            column |= masks[number]
        for masks in self.rows:
            row |= masks[number]
        one, two, three, four = ((column & row) >> 1).to_bytes(4, "little")
        found = self[number] = _BYTE1[one] + _BYTE2[two] + _BYTE3[three] + _BYTE4[four]
        return found


@lru_cache(maxsize=4096)
def _limits(spaces: bytes) -> tuple[tuple[int, int, int], ...]:
    """:meth:`Colony.open_spaces` of the spaces' marks (kept: a bot asks for every sheet it
    judges)."""
    columns = {}
    for slots, marks_of, _ in _ZONE_MARKS[: len(COLUMNS)]:
        for slot, low, high in zone_open(slots, marks_of(spaces)):
            columns[slot] = low, high
    limits = []
    for slots, marks_of, _ in _ZONE_MARKS[len(COLUMNS) :]:  # comparisons: max() costs more
        for slot, low, high in zone_open(slots, marks_of(spaces)):
            column_low, column_high = columns[slot]
            low = low if low > column_low else column_low
            high = high if high < column_high else column_high
            limits.append((slot, low, high))
    return tuple(sorted(limits))
