"""Adventure 7 — The Escape: six starships of blocks joined by airlocks, and the rules only it has.

Six starships (``SH0`` bottom … ``SH5`` top), each one ascending zone, are cut into 19 blocks:
13 modules (2–4 spaces) and 6 one-space greenhouses. A space — for a number or an X — is
available only if its block is connected to the launch pad (blocks ``B0`` and ``B2`` at the
start) through activated airlocks. Robots (the action, a mark on a robot-bonus space, the first
two System Errors) activate an airlock touching the connected set. Energy circles the next reactor
of the starship just written, Plant the next plant of its greenhouse, Water the tank of the space
just written; Astronaut changes the number by up to ±2 and every second symbol circles a wild
action; Planning writes an X in an available space and crosses the next penalty box. A mark on a
greenhouse space circles its ×2 bonus unless it is crossed off: a race settled in phase 5
(``adventure7.md``).

Spaces are named ``SH<starship>.<k>``, the k-th space of the starship from the left (``SH0.5`` is
the bottom greenhouse, space 5 of the rule file). Words after ``WRITE <combination> <space>
[±1|±2] [WILD <ACTION>]`` (phase 4, one per sub-step; ``SKIP`` declines the action):

* ``ROBOT #<airlock>`` — the Robot action: activate an airlock (slots 130–153);
* ``AIRLOCK #<airlock>`` — a compulsory activation from a robot-bonus space or a System Error;
* ``ENERGY`` / ``PLANT`` / ``WATER`` / ``ASTRONAUT`` — the other actions (no choice to make);
* ``X <space>`` — the Planning X, then the next planning penalty box is crossed.

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> escape = Escape()
>>> sheet = escape.new_sheet(solo=False)
>>> from moonbase.games.welcome_to_the_moon.notation import notation
>>> tables = notation(7, False)
>>> ids = escape.writes(sheet, [Combination("1", 5, "ROBOT")], tables.rows)
>>> sorted({tables.texts[i].split()[2] for i in ids})
['SH0.1', 'SH0.2', 'SH0.3', 'SH0.4', 'SH0.6', 'SH0.7', 'SH0.8', 'SH0.9']
>>> escape.write(sheet, Combination("1", 5, "ROBOT"), DATA.slot("SH0.1") or 0, 0, None)
>>> escape.settle(sheet)
>>> sheet.pending, sorted(escape.steps(sheet))[:3]
(['AIRLOCK', 'ACTION'], ['AIRLOCK #130', 'AIRLOCK #131', 'AIRLOCK #132'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Final, NamedTuple

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
)
from moonbase.games.welcome_to_the_moon.adventures.turn import Context, with_total
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    Runs,
    Sheet,
    SheetData,
    Spans,
    Track,
    X,
    Zone,
    Zones,
    count_marked,
    full_groups,
    numbered_spaces,
    run_fits,
)
from moonbase.i18n import N_

__all__ = [
    "AIRLOCKS",
    "ASTRONAUTS",
    "BLOCKS",
    "DATA",
    "ERRORS",
    "PLANNING",
    "ROBOT_SPACES",
    "STARSHIPS",
    "WILDS",
    "Block",
    "Escape",
    "Starship",
    "connected",
    "value",
]


@dataclass(frozen=True)
class Block:
    """A block: a module (2–4 spaces) or a one-space greenhouse, with its water tanks as
    ``{space: tank slot}`` (modules only)."""

    name: str
    starship: int
    greenhouse: bool
    spaces: tuple[int, ...]
    tanks: dict[int, int]


BLOCKS: Final = (
    Block("B0", 0, False, (1, 2, 3, 4), {3: 72}),
    Block("B1", 0, True, (5,), {}),
    Block("B2", 0, False, (6, 7, 8, 9), {7: 73}),
    Block("B3", 1, False, (10, 11, 12), {11: 74}),
    Block("B4", 1, False, (13, 14, 15), {14: 75}),
    Block("B5", 1, True, (16,), {}),
    Block("B6", 1, False, (17, 18, 19), {18: 76}),
    Block("B7", 2, True, (20,), {}),
    Block("B8", 2, False, (21, 22, 23), {22: 77}),
    Block("B9", 2, False, (24, 25, 26), {26: 78}),
    Block("B10", 3, False, (27, 28), {27: 79}),
    Block("B11", 3, True, (29,), {}),
    Block("B12", 3, False, (30, 31, 32), {31: 80}),
    Block("B13", 4, False, (33, 34, 35), {34: 81}),
    Block("B14", 4, True, (36,), {}),
    Block("B15", 4, False, (37, 38), {37: 82}),
    Block("B16", 5, False, (39, 40), {39: 83}),
    Block("B17", 5, False, (41, 42), {41: 84}),
    Block("B18", 5, True, (43,), {}),
)
"""The 19 blocks, ``BLOCKS[i]`` is ``Bi`` (``adventure7.md`` §2)."""


@dataclass(frozen=True)
class Starship:
    """A starship: its spaces (one zone), greenhouse, plants and reactors still to circle (in
    order) with how many are printed circled, and its ×2 greenhouse bonus."""

    name: str
    spaces: tuple[int, ...]
    greenhouse: int
    plants: tuple[int, ...]
    printed_plants: int
    double: int
    reactors: tuple[int, ...]
    printed_reactors: int


STARSHIPS: Final = (
    Starship("SH0", tuple(range(1, 10)), 5, (85, 86, 87), 0, 154, (118, 117, 116), 0),
    Starship("SH1", tuple(range(10, 20)), 16, (88, 89, 90), 0, 155, (121, 120, 119), 0),
    Starship("SH2", tuple(range(20, 27)), 20, (91, 92), 1, 156, (124, 123, 122), 0),
    Starship("SH3", tuple(range(27, 33)), 29, (93, 94), 1, 157, (126, 125), 1),
    Starship("SH4", tuple(range(33, 39)), 36, (95, 96), 1, 158, (128, 127), 1),
    Starship("SH5", tuple(range(39, 44)), 43, (97,), 2, 159, (129,), 2),
)
"""The six starships, bottom to top (``adventure7.md`` §2)."""

AIRLOCKS: Final = {
    130: (0, 1), 131: (1, 2), 132: (0, 3), 133: (0, 4), 134: (2, 6), 135: (3, 4),
    136: (4, 5), 137: (5, 6), 138: (3, 8), 139: (4, 9), 140: (7, 8), 141: (8, 9),
    142: (8, 10), 143: (9, 12), 144: (10, 11), 145: (11, 12), 146: (10, 13), 147: (12, 15),
    148: (13, 14), 149: (14, 15), 150: (13, 16), 151: (15, 17), 152: (16, 17), 153: (17, 18),
}  # fmt: skip
"""Airlock slot → the two blocks it joins (``adventure7.md`` §3)."""
LAUNCH_PAD: Final = frozenset({0, 2})
"""The blocks connected from the start."""
assert all(
    s.printed_plants + len(s.plants) == 3 == s.printed_reactors + len(s.reactors) for s in STARSHIPS
)
ROBOT_SPACES: Final = frozenset({1, 8, 12, 19, 24, 28, 38, 40})
"""A mark on one of these spaces activates an airlock."""
ASTRONAUTS: Final = (98, 99, 100, 101, 102, 103)
"""Astronaut symbols in marking order."""
WILD_AFTER: Final = {99: 104, 101: 105, 103: 106}
"""Marking one of these astronaut symbols circles that wild-action symbol."""
WILDS: Final = (104, 105, 106)
"""The three wild-action symbols; spent in this order."""
PLANNING: Final = Track(
    "planning", tuple(range(107, 116)), (0, 1, 3, 6, 9, 12, 16, 20, 24, 28), overflow=0
)
"""The planning penalty boxes and their values."""
ERRORS: Final = (69, 70, 71)
"""System Error boxes; the first two each activate an airlock."""
VALUES: Final = (0, 2, 4, 7)
"""Points for 0–3 circled plants (a greenhouse) or reactors (a module)."""

_TANKS: Final = {space: tank for block in BLOCKS for space, tank in block.tanks.items()}
_DOUBLES: Final = tuple(ship.double for ship in STARSHIPS)
_MODULES: Final = tuple(block for block in BLOCKS if not block.greenhouse)

DATA: Final = SheetData(
    adventure=7,
    spaces=numbered_spaces((ship.name, ship.spaces) for ship in STARSHIPS),
    size=160,
    error_slots=ERRORS,
    mission_slots=(44, 45, 46),
    zones=tuple(Zone(ship.name, ship.spaces) for ship in STARSHIPS),
    tracks={"planning": PLANNING},
    symbols={
        "airlocks": tuple(AIRLOCKS),
        "tanks": tuple(_TANKS.values()),
        "plants": tuple(slot for ship in STARSHIPS for slot in ship.plants),
        "reactors": tuple(slot for ship in STARSHIPS for slot in ship.reactors),
        "doubles": _DOUBLES,
        "astronauts": ASTRONAUTS,
        "wilds": WILDS,
    },
)
"""The sheet of adventure 7."""

_SHIFT: Final = (3, 2, 0, 2, 2, 4)
"""How far right each starship begins (grid columns, SH0 first): a reconstruction in which each
airlock between two starships crosses columns both its blocks share."""


def value(count: int) -> int:
    """Points for ``count`` circled plants or reactors.

    >>> [value(k) for k in range(4)]
    [0, 2, 4, 7]
    """
    return VALUES[count]


class _Reach(NamedTuple):
    """What the airlocks drawn connect (:func:`_reach`): the blocks; their spaces, and the
    airlocks not drawn that touch them, in slot order; the starships wholly connected, and each
    one partly connected as its span of slots with a mask reading its other spaces as X marks."""

    blocks: frozenset[int]
    spaces: tuple[int, ...]
    airlocks: tuple[int, ...]
    whole: Runs
    partly: tuple[tuple[int, int, int], ...]


_LINKS: Final = tuple(
    tuple(
        (i, b if a == block else a) for i, (a, b) in enumerate(AIRLOCKS.values()) if block in (a, b)
    )
    for block in range(len(BLOCKS))
)
"""Per block, each airlock touching it (its index in the airlock marks) and the block beyond."""
_SHIP_ZONES: Final = Runs.of(ship.spaces for ship in STARSHIPS).zones
assert [s for block in BLOCKS for s in block.spaces] == list(DATA.space_slots), "in slot order"


@lru_cache(maxsize=8192)
def _reach(airlocks: bytes) -> _Reach:
    """What the airlocks drawn in ``airlocks`` (the marks of slots 130–153) connect to the
    launch pad (each reached block's airlocks read once)."""
    reached = set(LAUNCH_PAD)
    waiting = list(LAUNCH_PAD)
    while waiting:
        for index, other in _LINKS[waiting.pop()]:
            if airlocks[index] and other not in reached:
                reached.add(other)
                waiting.append(other)
    blocks = sorted(reached)
    spaces = tuple(space for block in blocks for space in BLOCKS[block].spaces)
    doors = {index for block in blocks for index, _ in _LINKS[block] if not airlocks[index]}
    whole: Zones = ()
    partly = []
    for ship, zone in zip(STARSHIPS, _SHIP_ZONES, strict=True):
        cut = bytes(0 if space in spaces else X for space in ship.spaces)
        if not any(cut):
            whole += (zone,)
        elif not all(cut):
            partly.append((ship.spaces[0], ship.spaces[-1] + 1, int.from_bytes(cut)))
    slots = tuple(AIRLOCKS)
    touching = tuple(slots[index] for index in sorted(doors))
    return _Reach(frozenset(reached), spaces, touching, Runs(whole), tuple(partly))


def connected(marks: bytearray) -> frozenset[int]:
    """The blocks connected to the launch pad through activated airlocks.

    >>> marks = bytearray(160)
    >>> sorted(connected(marks))
    [0, 2]
    >>> marks[133] = marks[139] = marks[149] = CIRCLED  # B0–B4, B4–B9, B14–B15 (not reached)
    >>> sorted(connected(marks))
    [0, 2, 4, 9]
    """
    return _reach(bytes(marks[130:154])).blocks


def available(marks: bytearray) -> list[int]:
    """Every empty space whose block is connected (where a number or an X may go)."""
    return [s for s in _reach(bytes(marks[130:154])).spaces if not marks[s]]


def open_airlocks(marks: bytearray) -> list[int]:
    """Every airlock a robot may activate: not drawn, touching a connected block."""
    return list(_reach(bytes(marks[130:154])).airlocks)


def plants(marks: bytes | bytearray, ship: Starship) -> int:
    """Plants circled in a starship's greenhouse, printed ones included."""
    return ship.printed_plants + count_marked(marks, ship.plants)


def reactors(marks: bytes | bytearray, ship: Starship) -> int:
    """Reactors circled on a starship, printed ones included."""
    return ship.printed_reactors + count_marked(marks, ship.reactors)


_SHIP_TANKS: Final = tuple(tuple(_TANKS[x] for x in s.spaces if x in _TANKS) for s in STARSHIPS)
_GREENHOUSE_SLOTS: Final = tuple((s.greenhouse, *s.plants) for s in STARSHIPS)
"""Each starship's greenhouse space with its plants to circle: a greenhouse is done (filled,
3 plants) when all are marked, since the printed plants make up the rest of 3."""

REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": full_groups(_GREENHOUSE_SLOTS, 3),
    "A2": full_groups(_GREENHOUSE_SLOTS[5:], 1),
    "B1": full_groups((m.spaces for m in _MODULES), 7),
    "B2": full_groups((s.spaces for s in STARSHIPS), 3),
    "C1": full_groups((s.reactors for s in STARSHIPS), 3),  # 3 reactors: every one circled
    "C2": full_groups(_SHIP_TANKS, 3),
}
"""Each mission's requirement (``adventure7.md`` §7): greenhouses filled with 3 plants (A),
modules and starships filled (B), starships with 3 reactors and full water tanks (C)."""

ASTRONAUT_TRACK: Final = Track("astronauts", ASTRONAUTS)


@lru_cache(maxsize=4096)
def _points(marks: bytes) -> tuple[int, int, int]:
    """Greenhouse points (a greenhouse filled: its plants' value, doubled by a circled ×2),
    module points (a module filled: its starship's reactors' value, doubled by its circled
    water tank) and the planning penalty (cached: views score every sheet often)."""
    greenhouses = sum(
        value(plants(marks, ship)) * (2 if marks[ship.double] & CIRCLED else 1)
        for ship in STARSHIPS
        if marks[ship.greenhouse]
    )
    modules = sum(
        value(reactors(marks, STARSHIPS[module.starship])) * (2 if marks[tank] else 1)
        for module in _MODULES
        for tank in module.tanks.values()  # its one tank
        if all(marks[space] for space in module.spaces)
    )
    return greenhouses, modules, PLANNING.value(bytearray(marks))


def _ship_tracks(kind: str) -> dict[int, Track]:
    """Each space → its starship's ``kind`` (``plants`` or ``reactors``) as a track."""
    tracks = {
        ship: Track(f"{ship.name} {kind}", getattr(ship, kind), flag=CIRCLED) for ship in STARSHIPS
    }
    return {space: track for ship, track in tracks.items() for space in ship.spaces}


_PLANTS_OF: Final = _ship_tracks("plants")
_REACTORS_OF: Final = _ship_tracks("reactors")
_ACTIVATE: Final = Choose(open_airlocks, {slot: f"#{slot}" for slot in AIRLOCKS})
"""An airlock to activate (the Robot action, or a compulsory ``AIRLOCK``)."""
_AIRLOCK: Final = Push("AIRLOCK")


class Escape(Engine):
    """Adventure 7 — The Escape: the engine over these declarations."""

    title: ClassVar[str] = N_("The Escape")
    data: ClassVar[SheetData] = DATA
    wild_slots: ClassVar[tuple[int, ...]] = WILDS
    zones: ClassVar[tuple[tuple[int, ...], ...]] = tuple(ship.spaces for ship in STARSHIPS)
    tracks: ClassVar[Mapping[str, Track]] = {"astronauts": ASTRONAUT_TRACK, "planning": PLANNING}
    rewards: ClassVar[Mapping[int, Effects]] = {
        **{symbol: (Mark(wild),) for symbol, wild in WILD_AFTER.items()},
        **dict.fromkeys(ERRORS[:2], (_AIRLOCK,)),
    }
    reactions: ClassVar[Mapping[int, Effects]] = {
        **dict.fromkeys(ROBOT_SPACES, (_AIRLOCK,)),
        **{ship.greenhouse: (Race(ship.double),) for ship in STARSHIPS},
    }
    actions: ClassVar[Mapping[str, Offer]] = {
        "ROBOT": Offer("ROBOT", _ACTIVATE),
        "ENERGY": Offer("ENERGY", Next(_REACTORS_OF)),
        "PLANT": Offer("PLANT", Next(_PLANTS_OF)),
        "WATER": Offer("WATER", Linked(_TANKS)),
        "ASTRONAUT": Offer("ASTRONAUT", Next(ASTRONAUT_TRACK)),
        "PLANNING": Offer("X", Cross(available, then=(Advance(PLANNING),))),
    }
    items: ClassVar[Mapping[str, Offer]] = {"AIRLOCK": Offer("AIRLOCK", _ACTIVATE)}
    changed: ClassVar[Effects] = (Advance(ASTRONAUT_TRACK),)
    crossable: ClassVar[tuple[int, ...]] = _DOUBLES
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = REQUIREMENTS

    def fitting(self, marks: bytearray) -> list[tuple[Spans, ...]]:
        """The empty spaces of connected blocks a number fits, by number (what
        :meth:`open_spaces` gives): each starship's fits (:func:`~.sheet.run_fits`, kept per
        its marks), a ship partly connected read with its spaces not connected as X marks
        (they hold no mark yet: an OR with its mask), which bound nothing and take no number."""
        reach = _reach(bytes(marks[130:154]))
        tables = reach.whole.fits(marks)
        for first, end, mask in reach.partly:
            masked = (int.from_bytes(marks[first:end]) | mask).to_bytes(end - first)
            tables.append(run_fits(first, masked))
        return tables

    def open_spaces(self, marks: bytearray) -> list[tuple[int, int, int]]:
        """The empty spaces of connected blocks, each between its starship's numbers."""
        reachable = set(available(marks))
        return [space for space in super().open_spaces(marks) if space[0] in reachable]

    # ------------------------------------------------------------------ scores
    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """Missions, greenhouses and starship modules, less planning and errors."""
        greenhouses, starships, planning = _points(bytes(sheet.marks))
        return with_total(
            {
                "missions": sum(v for v in sheet.missions if v > 0),
                "greenhouses": greenhouses,
                "starships": starships,
                "planning": -planning,
                "errors": -5 * self.errors_marked(sheet),
            }
        )

    # ------------------------------------------------------------------ views
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Spaces, airlocks and connected blocks, starships (plants, reactors, ×2, tanks),
        tracks, wild symbols and errors."""
        marks = sheet.marks
        starships = {}
        for ship in STARSHIPS:
            double = marks[ship.double]
            starships[ship.name] = {
                "plants": plants(marks, ship),
                "reactors": reactors(marks, ship),
                "double": "circled" if double & CIRCLED else "crossed" if double else "open",
            }
        return {
            "spaces": DATA.spaces_view(marks),
            "airlocks": [f"#{slot}" for slot in AIRLOCKS if marks[slot]],
            "connected": [f"B{block}" for block in sorted(connected(marks))],
            "starships": starships,
            "tanks": [DATA.names[space] for space, tank in _TANKS.items() if marks[tank]],
            "astronauts": count_marked(marks, ASTRONAUTS),
            "planning": PLANNING.marked(marks),
            "wilds": self.wilds_view(sheet),
            "errors": self.errors_marked(sheet),
        }
