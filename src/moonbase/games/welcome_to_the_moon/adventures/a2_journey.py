"""Adventure 2 — The Journey: the trajectory sheet as data, and the rules only it has.

One trajectory of 36 spaces (``T1`` Earth … ``T36`` Moon) is one ascending zone until walls split
it; each run between walls is a zone of its own. Energy circles energy symbols (every second one
gives a wall), robots complete stations (the first to complete one circles its high multiplier,
a race settled in phase 5), plants are circled at stations in the zone just written, water tanks
on the space just written; Astronaut changes the number by up to ±2 and Planning writes an X, and
every second symbol of either gives a wild action (``adventure2.md``).

Words after ``WRITE <combination> <space> [±1|±2] [WILD <ACTION>]`` (phase 4, one per sub-step;
``SKIP`` declines the action as a whole):

* ``ROBOT ST<k>`` — cross the next robot of station k;
* ``PLANT ST<k>`` — circle a plant of station k (in the zone of the space just written);
* ``WATER`` — circle the water tank of the space just written;
* ``ENERGY`` — circle the next energy symbol; a completed column then asks for
  ``WALL #<slot>`` (the wall between ``Ti`` and ``Ti+1`` is slot ``89 + i``), compulsory;
* ``ASTRONAUT`` — mark the next astronaut symbol (automatic when the number was changed);
* ``X <space>`` — the Planning X, then the next planning symbol is marked.

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> journey = Journey()
>>> sheet = journey.new_sheet(solo=False)
>>> journey.write(sheet, Combination("1", 9, "ENERGY"), 10, 0, None)
>>> journey.settle(sheet)
>>> sorted(journey.steps(sheet))
['ENERGY', 'SKIP']
>>> journey.step(sheet, "ENERGY")
>>> journey.settle(sheet)
>>> journey.steps(sheet)[:2], sheet.pending
(['WALL #90', 'WALL #91'], ['WALL'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
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
from moonbase.games.welcome_to_the_moon.adventures.turn import Context, majority_bonus, with_total
from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    Runs,
    Sheet,
    SheetData,
    Space,
    Spans,
    Track,
    consecutive,
    count_marked,
    full_groups,
)
from moonbase.i18n import N_

__all__ = [
    "ASTRONAUTS",
    "DATA",
    "ENERGY",
    "ERRORS",
    "PLANNING",
    "PRINTED_ENERGY",
    "STATIONS",
    "TANKS",
    "WALLS",
    "WILDS",
    "Journey",
    "Station",
    "complete_zones",
    "wall_between",
    "zones",
]

SPACES: Final = tuple(range(1, 37))
"""The trajectory, T1 (Earth) … T36 (Moon): slot ``i`` is ``Ti``."""
WALLS: Final = tuple(range(90, 125))
"""The 35 wall positions; slot ``89 + i`` lies between ``Ti`` and ``Ti+1``."""
_WALL_SPAN: Final = slice(WALLS[0], WALLS[-1] + 1)


def wall_between(space: int) -> int:
    """The wall slot between ``T<space>`` and the next space.

    >>> wall_between(1), wall_between(35)
    (90, 124)
    """
    return 89 + space


TANKS: Final = {
    2: (62, 4), 5: (63, 4), 7: (64, 5), 11: (65, 6), 14: (66, 7), 18: (67, 8),
    19: (68, 8), 23: (69, 7), 26: (70, 6), 30: (71, 5), 32: (72, 4), 35: (73, 4),
}  # fmt: skip
"""Space → (water-tank slot, points), in trajectory order."""
_TANK_ORDER: Final = tuple(tank for tank, _ in TANKS.values())
_TANK_SPAN: Final = slice(_TANK_ORDER[0], _TANK_ORDER[-1] + 1)
assert consecutive(_TANK_ORDER)


@dataclass(frozen=True)
class Station:
    """A space station: its connected space, plants, robots and two multipliers (slot, value)."""

    name: str
    space: int
    plants: tuple[int, ...]
    robots: tuple[int, ...]
    high: tuple[int, int]
    low: tuple[int, int]


STATIONS: Final = (
    Station("ST1", 6, (74, 75, 76, 77, 78), (50, 51), (125, 6), (129, 5)),
    Station("ST2", 16, (79, 80, 81), (52, 53, 54), (126, 9), (130, 7)),
    Station("ST3", 21, (82, 83, 84, 85), (55, 56, 57), (127, 8), (131, 6)),
    Station("ST4", 31, (86, 87, 88, 89), (58, 59, 60, 61), (128, 10), (132, 7)),
)
"""The four stations (``adventure2.md`` §3)."""

PRINTED_ENERGY: Final = 133
"""The first energy symbol, printed circled."""
ENERGY: Final = (134, 136, 137, 139, 140, 142, 143, 145, 146, 148, 149)
"""Energy symbols in circling order (after the printed one)."""
ENERGY_WALLS: Final = {symbol: symbol + 1 for symbol in ENERGY[::2]}
"""A column's second energy symbol → the wall-bonus icon below it: circling it gives a wall."""
ASTRONAUTS: Final = (151, 152, 154, 155, 157, 158)
"""Astronaut symbols in marking order."""
PLANNING: Final = (160, 161, 163, 164, 166, 167)
"""Planning symbols in marking order."""
WILD_AFTER: Final = {symbol: symbol + 1 for symbol in (*ASTRONAUTS[1::2], *PLANNING[1::2])}
"""Every second astronaut or planning symbol → the wild-action symbol after it, circled then."""
WILDS: Final = tuple(WILD_AFTER.values())
"""The six wild-action symbols; spent in this order."""
ERRORS: Final = (44, 45, 46)
"""System Error boxes; the first two each give an Energy."""
HIGH_MULTIPLIERS: Final = tuple(station.high[0] for station in STATIONS)

DATA: Final = SheetData(
    adventure=2,
    spaces=tuple(Space(slot, f"T{slot}") for slot in SPACES),
    size=173,
    error_slots=ERRORS,
    mission_slots=(47, 48, 49),
    symbols={
        "walls": WALLS,
        "tanks": _TANK_ORDER,
        "energy": ENERGY,
        "astronauts": ASTRONAUTS,
        "planning": PLANNING,
        "wilds": WILDS,
        "high_multipliers": HIGH_MULTIPLIERS,
    },
)
"""The sheet of adventure 2."""


def zones(marks: bytearray) -> tuple[tuple[int, ...], ...]:
    """The zones now: the runs of the trajectory between drawn walls.

    >>> marks = bytearray(173)
    >>> marks[wall_between(3)] = CIRCLED
    >>> [(zone[0], zone[-1]) for zone in zones(marks)]
    [(1, 3), (4, 36)]
    """
    return _cut(bytes(marks[_WALL_SPAN]))[0]


@lru_cache(maxsize=4096)
def _cut(walls: bytes) -> tuple[tuple[tuple[int, ...], ...], Runs]:
    """The zones the drawn ``walls`` cut, and the same as :func:`~.sheet.run_fits` reads them."""
    ends = [space for space, wall in enumerate(walls, 1) if wall]  # the spaces before walls
    runs = [tuple(range(last + 1, end + 1)) for last, end in pairwise([0, *ends, SPACES[-1]])]
    return tuple(runs), Runs.of(runs)


def complete_zones(marks: bytearray) -> list[int]:
    """The sizes of the complete zones (every space filled), in trajectory order."""
    return [len(zone) for zone in zones(marks) if all(marks[slot] for slot in zone)]


def stations_reached(marks: bytearray, space: int) -> list[str]:
    """The stations whose connected space lies in the zone of ``space``."""
    for zone in zones(marks):
        if zone[-1] >= space:
            return [st.name for st in STATIONS if zone[0] <= st.space <= zone[-1]]
    raise AssertionError("every space is in a zone")


def open_walls(marks: bytearray) -> list[int]:
    """Every wall position not yet drawn."""
    return [slot for slot in WALLS if not marks[slot]]


_MULTIPLIER_SLOTS: Final = tuple((st.high[0], st.low[0]) for st in STATIONS)
_FOUR_TANKS: Final = bytes([CIRCLED]) * 4
"""Four tanks in a row circled (a tank is only ever circled)."""

REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": lambda marks: (
        sum([(marks[high] | marks[low]) & CIRCLED for high, low in _MULTIPLIER_SLOTS]) >= 3
    ),
    "A2": full_groups((st.plants for st in STATIONS), 2),
    "B1": lambda marks: complete_zones(marks).count(6) >= 2,
    "B2": lambda marks: {6, 4, 2}.issubset(complete_zones(marks)),
    "C1": lambda marks: len(TANKS) - marks[_TANK_SPAN].count(0) >= 6,
    "C2": lambda marks: _FOUR_TANKS in marks[_TANK_SPAN],
}
"""Each mission's requirement: stations (A), complete zones (B), water tanks (C)."""

ENERGY_TRACK: Final = Track("energy", ENERGY, flag=CIRCLED)
ASTRONAUT_TRACK: Final = Track("astronauts", ASTRONAUTS)
PLANNING_TRACK: Final = Track("planning", PLANNING)
_HIGH_SHOWN: Final = ("open", "circled", "crossed", "circled")
"""A high multiplier's flags as the view shows them (circled wins)."""
_ROBOTS: Final = {st.name: Track(f"{st.name} robots", st.robots) for st in STATIONS}
_PLANTS: Final = {st.name: Track(f"{st.name} plants", st.plants, flag=CIRCLED) for st in STATIONS}


class Journey(Engine):
    """Adventure 2 — The Journey: the engine over these declarations."""

    title: ClassVar[str] = N_("The Journey")
    data: ClassVar[SheetData] = DATA
    wild_slots: ClassVar[tuple[int, ...]] = WILDS
    printed: ClassVar[Mapping[int, int]] = {PRINTED_ENERGY: CIRCLED}
    tracks: ClassVar[Mapping[str, Track]] = {
        "energy": ENERGY_TRACK,
        "astronauts": ASTRONAUT_TRACK,
        "planning": PLANNING_TRACK,
    }
    rewards: ClassVar[Mapping[int, Effects]] = {
        **dict.fromkeys(ERRORS[:2], (Advance(ENERGY_TRACK),)),
        **{energy: (Mark(icon, CROSSED), Push("WALL")) for energy, icon in ENERGY_WALLS.items()},
        **{symbol: (Mark(wild),) for symbol, wild in WILD_AFTER.items()},
        **{st.robots[-1]: (Race(st.high[0], st.low[0], bonus=2),) for st in STATIONS},
    }
    actions: ClassVar[Mapping[str, Offer]] = {
        "ROBOT": Offer("ROBOT", Tracks(_ROBOTS)),
        "PLANT": Offer("PLANT", Tracks(_PLANTS, reach=stations_reached)),
        "WATER": Offer("WATER", Linked({space: tank for space, (tank, _) in TANKS.items()})),
        "ENERGY": Offer("ENERGY", Next(ENERGY_TRACK)),
        "ASTRONAUT": Offer("ASTRONAUT", Next(ASTRONAUT_TRACK)),
        "PLANNING": Offer("X", Cross(then=(Advance(PLANNING_TRACK),))),
    }
    items: ClassVar[Mapping[str, Offer]] = {
        "WALL": Offer("WALL", Choose(open_walls, {slot: f"#{slot}" for slot in WALLS}))
    }
    changed: ClassVar[Effects] = (Advance(ASTRONAUT_TRACK),)
    crossable: ClassVar[tuple[int, ...]] = HIGH_MULTIPLIERS
    cross_letters: ClassVar[str] = "AB"
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = REQUIREMENTS

    def fitting(self, marks: bytearray) -> list[tuple[Spans, ...]]:
        """The empty spaces a number fits in the zones between the walls (one table a zone)."""
        return _cut(bytes(marks[_WALL_SPAN]))[1].fits(marks)

    # ------------------------------------------------------------------ scores
    @staticmethod
    def multiplier(sheet: Sheet, station: Station) -> int:
        """The station's circled multiplier (0 if none)."""
        for slot, points in (station.high, station.low):
            if sheet.marks[slot] & CIRCLED:
                return points
        return 0

    def majority(self, sheet: Sheet, context: Context) -> int:
        """The most-complete-zones bonus: dense ranking among sheets with at least one
        (20, 10, 5); in solo, 20 if at least ASTRA's count (her Energy cards halved), else 10."""
        count = len(complete_zones(sheet.marks))
        if count == 0:
            return 0
        if context.astra_cards is not None:
            astra = context.astra_cards[ACTIONS.index("ENERGY")] // 2
            return 20 if count >= astra else 10
        return majority_bonus(count, (len(complete_zones(other.marks)) for other in context.sheets))

    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """Missions, stations, water, longest zone and majority, less errors."""
        marks = sheet.marks
        return with_total(
            {
                "missions": sum(value for value in sheet.missions if value > 0),
                "stations": sum(
                    count_marked(marks, st.plants) * self.multiplier(sheet, st) for st in STATIONS
                ),
                "water": sum(points for tank, points in TANKS.values() if marks[tank]),
                "longest": max(complete_zones(marks), default=0),
                "majority": self.majority(sheet, context),
                "errors": -5 * self.errors_marked(sheet),
            }
        )

    # ------------------------------------------------------------------ views
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Spaces, walls and zones, stations, tanks, tracks, wild symbols and errors."""
        marks = sheet.marks
        return {
            "spaces": DATA.spaces_view(marks),
            "walls": [f"#{slot}" for slot in WALLS if marks[slot]],
            "zones": [
                {
                    "from": f"T{zone[0]}",
                    "to": f"T{zone[-1]}",
                    "complete": all(marks[slot] for slot in zone),
                }
                for zone in zones(marks)
            ],
            "stations": {
                st.name: {
                    "robots": count_marked(marks, st.robots),
                    "robot_slots": len(st.robots),
                    "plants": count_marked(marks, st.plants),
                    "plant_slots": len(st.plants),
                    "multiplier": self.multiplier(sheet, st) or None,
                    "high": _HIGH_SHOWN[marks[st.high[0]]],
                }
                for st in STATIONS
            },
            "tanks": [f"T{space}" for space, (tank, _) in TANKS.items() if marks[tank]],
            "energy": ENERGY_TRACK.marked(marks),
            "astronauts": ASTRONAUT_TRACK.marked(marks),
            "planning": PLANNING_TRACK.marked(marks),
            "wilds": self.wilds_view(sheet),
            "errors": self.errors_marked(sheet),
        }
