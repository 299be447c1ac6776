"""Adventure 4 — The Mine: the mine and its factories as data, and the rules only they have.

The mine has three rows of twelve spaces (``M1`` … ``M36``, the slot ids; row 1 is ``M1``–``M12``),
each row one zone ascending from left to right. Pearls and rubies lie on spaces (circled by any
mark there); plants and water lie in the gaps between the rows (``U<k>`` between rows 1 and 2 of
column k, ``L<k>`` between rows 2 and 3), circled by the Plant and Water actions from a space
beside them. A column whose three spaces are filled is extracted: its circled resources go to the
factory storages, which score by their multipliers and pay a filling bonus to the first to reach a
threshold (a race settled in phase 5). Robot and Energy cross symbols of the eleven factories:
main factories raise a multiplier, control centres change astronaut or planning scoring, and
secondary factories fill two storage boxes or give three free robot crosses (``adventure4.md``).

Words after ``WRITE <combination> <space> [±1|±2]`` (phase 4, one per sub-step; ``SKIP`` declines
the action as a whole):

* ``ROBOT <factory>`` / ``ENERGY <factory>`` — cross a robot or energy symbol of a factory
  (``PLANTS``, ``WATER``, ``PEARLS``, ``RUBIES``, ``ASTRONAUTS``, ``PLANNING``, ``S1`` … ``S5``);
* ``FREE <factory>`` — one of the three free robot crosses of secondary factory S5 (compulsory);
* ``PLANT <gap>`` / ``WATER <gap>`` — circle the plant or water of a gap beside the space written;
* ``ASTRONAUT`` — mark the next astronaut symbol (automatic when the number was changed);
* ``X <space>`` — the Planning X, then the next planning symbol is marked.

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> mine = Mine()
>>> sheet = mine.new_sheet(solo=False)
>>> mine.write(sheet, Combination("1", 4, "PLANT"), 13, 0, None)
>>> sorted(mine.steps(sheet))  # M13 lies between plant U1 and plant L1; it holds a ruby
['PLANT L1', 'PLANT U1', 'SKIP']
>>> mine.sheet_view(sheet)["resources"]["circled"]
['M13']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Final

from moonbase.games.welcome_to_the_moon.adventures.engine import (
    Advance,
    Beside,
    Call,
    Cross,
    Effects,
    Engine,
    Filled,
    Mark,
    Next,
    Offer,
    Push,
    Race,
    Tracks,
)
from moonbase.games.welcome_to_the_moon.adventures.turn import Context, with_total
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    Sheet,
    SheetData,
    Space,
    Track,
    Zone,
    at_least,
    count_marked,
    full_groups,
)
from moonbase.i18n import N_

__all__ = [
    "ASTRONAUTS",
    "COLUMN_RESOURCES",
    "DATA",
    "ERRORS",
    "EXTRACTORS",
    "FACTORIES",
    "GAPS",
    "GEMS",
    "PLANNING",
    "ROWS",
    "STORAGES",
    "Factory",
    "Gap",
    "Mine",
    "Storage",
]

ROWS: Final = tuple(Zone(f"ROW{r + 1}", tuple(range(12 * r + 1, 12 * r + 13))) for r in range(3))
"""The three rows of the mine, each ascending from left to right."""
EXTRACTORS: Final = tuple(range(232, 244))
"""Column k's extractor icon is ``EXTRACTORS[k - 1]`` (slot ``231 + k``), crossed when
extracted."""

GEMS: Final = {
    1: ("PEARL", 158), 2: ("PEARL", 163), 4: ("RUBY", 170), 6: ("RUBY", 177), 7: ("RUBY", 180),
    8: ("RUBY", 183), 9: ("PEARL", 187), 10: ("RUBY", 191), 11: ("PEARL", 195),
    12: ("PEARL", 199), 13: ("RUBY", 160), 15: ("PEARL", 168), 17: ("RUBY", 174),
    19: ("RUBY", 181), 20: ("PEARL", 185), 22: ("PEARL", 193), 24: ("PEARL", 201),
    25: ("PEARL", 162), 26: ("RUBY", 166), 27: ("RUBY", 169), 28: ("RUBY", 173),
    29: ("PEARL", 176), 30: ("RUBY", 179), 33: ("RUBY", 190), 35: ("PEARL", 198),
    36: ("RUBY", 203),
}  # fmt: skip
"""Space → (gem, resource slot) (``adventure4.md`` §2)."""


@dataclass(frozen=True)
class Gap:
    """A plant or water between two spaces of a column: ``U<k>`` (rows 1–2) or ``L<k>``
    (rows 2–3)."""

    name: str
    kind: str
    slot: int
    spaces: tuple[int, int]


_UPPER_GAPS: Final = "P159 W164 P167 W171 - P178 - W184 P188 P192 W196 P200"
"""Columns 1–12, between rows 1 and 2: plant (P) or water (W) and its slot (``-``: none)."""
_LOWER_GAPS: Final = "P161 P165 - P172 W175 - W182 W186 P189 W194 P197 P202"
"""Columns 1–12, between rows 2 and 3."""
GAPS: Final = tuple(
    Gap(f"{row}{k}", "PLANT" if item[0] == "P" else "WATER", int(item[1:]), (space, space + 12))
    for k, items in enumerate(zip(_UPPER_GAPS.split(), _LOWER_GAPS.split(), strict=True), start=1)
    for row, space, item in zip("UL", (k, k + 12), items, strict=True)
    if item != "-"
)
"""The 20 resources between spaces: 12 plants and 8 waters."""


@dataclass(frozen=True)
class Storage:
    """A factory storage column: its boxes (circled in order), the box that triggers its filling
    bonus, the bonus slot and points, and its multiplier (``base`` until ``box`` is crossed, then
    ``upgraded``)."""

    name: str
    boxes: tuple[int, ...]
    trigger: int
    bonus: int
    points: int
    box: int
    base: int
    upgraded: int


STORAGES: Final = {
    "PLANT": Storage("plants", tuple(range(103, 117)), 110, 224, 8, 218, 2, 4),
    "WATER": Storage("water", tuple(range(93, 103)), 98, 225, 10, 219, 3, 5),
    "PEARL": Storage("pearls", tuple(range(117, 131)), 126, 226, 8, 220, 2, 3),
    "RUBY": Storage("rubies", tuple(range(131, 147)), 142, 227, 12, 221, 2, 3),
}
"""The four storages by resource (``adventure4.md`` §4, §9)."""


@dataclass(frozen=True)
class Factory:
    """A factory: its energy and robot symbols, and what completing it does — ``box`` (a main
    factory's multiplier or a control centre's box, crossed), ``storage`` (two storage boxes,
    ``icons`` their bonus icons) or ``free`` robot crosses (``icons``)."""

    name: str
    energy: tuple[int, ...]
    robots: tuple[int, ...]
    kind: str
    box: int = 0
    storage: str = ""
    icons: tuple[int, ...] = ()

    @property
    def symbols(self) -> tuple[int, ...]:
        """Every symbol of the factory."""
        return self.energy + self.robots


FACTORIES: Final = (
    Factory("PLANTS", (85,), (69, 70, 71), "main", box=218),
    Factory("WATER", (86,), (72, 73), "main", box=219),
    Factory("PEARLS", (87, 88), (74,), "main", box=220),
    Factory("RUBIES", (89, 90), (75, 76), "main", box=221),
    Factory("ASTRONAUTS", (91,), (77,), "control", box=222),
    Factory("PLANNING", (92,), (78,), "control", box=223),
    Factory("S1", (79,), (63,), "secondary", storage="PLANT", icons=(147, 148)),
    Factory("S2", (80,), (64, 65), "secondary", storage="WATER", icons=(149, 150)),
    Factory("S3", (81,), (66, 67), "secondary", storage="PEARL", icons=(151, 152)),
    Factory("S4", (82,), (68,), "secondary", storage="RUBY", icons=(153, 154)),
    Factory("S5", (83, 84), (), "secondary", icons=(155, 156, 157)),
)
"""The eleven factories (``adventure4.md`` §3)."""

ASTRONAUTS: Final = tuple(range(204, 212))
"""The eight astronaut symbols, in marking order."""
PLANNING: Final = tuple(range(212, 218))
"""The six planning symbols, in marking order."""
ERRORS: Final = (45, 46, 47)
"""System Error boxes (5 points each)."""

DATA: Final = SheetData(
    adventure=4,
    spaces=tuple(Space(slot, f"M{slot}") for slot in range(1, 37)),
    size=244,
    error_slots=ERRORS,
    mission_slots=(48, 49, 50),
    zones=ROWS,
    symbols={
        "gems": tuple(slot for _, slot in GEMS.values()),
        "gaps": tuple(gap.slot for gap in GAPS),
        "robots": tuple(s for f in FACTORIES for s in f.robots),
        "energy": tuple(s for f in FACTORIES for s in f.energy),
        "astronauts": ASTRONAUTS,
        "planning": PLANNING,
        "extractors": EXTRACTORS,
    },
)
"""The sheet of adventure 4."""


COLUMN_RESOURCES: Final = {
    k: tuple(
        [GEMS[s] for s in (k, k + 12, k + 24) if s in GEMS]
        + [(gap.kind, gap.slot) for gap in GAPS if k + 12 in gap.spaces]  # beside row 2
    )
    for k in range(1, 13)
}
"""Column 1–12 → its resources as (storage, slot): its gems, then the gaps beside it."""


_STORE: Final = {
    name: Track(storage.name, storage.boxes, flag=CIRCLED) for name, storage in STORAGES.items()
}
"""The storage columns as tracks: each resource stored circles the next box."""
_ROBOTS: Final = {f.name: Track(f.name, f.robots) for f in FACTORIES}
_ENERGY: Final = {f.name: Track(f.name, f.energy) for f in FACTORIES}
_ASTRONAUT_TRACK: Final = Track("astronauts", ASTRONAUTS)
_PLANNING_TRACK: Final = Track("planning", PLANNING)
_BESIDE: Final = {
    kind: Beside(
        {
            space: tuple(g.slot for g in GAPS if g.kind == kind and space in g.spaces)
            for space in range(1, 37)
        },
        {gap.slot: gap.name for gap in GAPS if gap.kind == kind},
    )
    for kind in ("PLANT", "WATER")
}
"""Plant or Water: the gaps of that kind beside each space (upper first), by name."""


def _extract(engine: Engine, sheet: Sheet, space: int, wait: bool = False) -> None:
    """Extract the column of ``space`` once full: its circled resources go to storage. ``wait``:
    not while a Plant or Water written there may still circle a gap (:attr:`Mine.after_action`)."""
    marks = sheet.marks
    k = (space - 1) % 12 + 1
    icon = EXTRACTORS[k - 1]
    if marks[icon] or not (marks[k] and marks[k + 12] and marks[k + 24]):
        return
    beside = _BESIDE.get(sheet.action) if wait and not sheet.modified else None
    if beside is not None and any(not marks[gap] for gap in beside.slots[space]):
        return
    for storage, resource in COLUMN_RESOURCES[k]:
        if marks[resource] == CIRCLED:
            marks[resource] |= CROSSED
            engine.advance(sheet, _STORE[storage])
    marks[icon] = CROSSED


_EXTRACT: Final = Call(partial(_extract, wait=True))


def _completed(factory: Factory) -> Effects:
    """What completing a factory does: cross its box, or cross each icon and then store a
    resource (two storage boxes) or take a free robot cross."""
    if factory.box:
        return (Mark(factory.box, CROSSED),)
    gain = Advance(_STORE[factory.storage]) if factory.storage else Push("FREE")
    return tuple(effect for icon in factory.icons for effect in (Mark(icon, CROSSED), gain))


_FOUR_EXTRACTED: Final = bytes([CROSSED]) * 4
"""Four adjacent extractor icons crossed (an icon is only ever crossed)."""
_EXTRACTOR_ICONS: Final = slice(EXTRACTORS[0], EXTRACTORS[-1] + 1)
REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": at_least(EXTRACTORS, 5),
    "A2": lambda marks: _FOUR_EXTRACTED in marks[_EXTRACTOR_ICONS],
    "B1": full_groups([f.symbols for f in FACTORIES if f.kind == "secondary"], 5),  # all five
    "B2": full_groups([f.symbols for f in FACTORIES if f.kind != "control"], 6),
    "C1": at_least(tuple(_BESIDE["PLANT"].names), 8),
    "C2": at_least(tuple(_BESIDE["WATER"].names), 5),
}
"""Columns extracted (A), factories complete (B), plants or waters circled (C)
(``adventure4.md`` §8)."""


class Mine(Engine):
    """Adventure 4 — The Mine: the engine over these declarations."""

    title: ClassVar[str] = N_("The Mine")
    data: ClassVar[SheetData] = DATA
    zones: ClassVar[tuple[tuple[int, ...], ...]] = tuple(row.slots for row in ROWS)
    tracks: ClassVar[Mapping[str, Track]] = {
        "astronauts": _ASTRONAUT_TRACK,
        "planning": _PLANNING_TRACK,
    }
    rewards: ClassVar[Mapping[int, Effects]] = {
        **{s: (Filled(f.symbols, _completed(f)),) for f in FACTORIES for s in f.symbols},
        **{s.trigger: (Race(s.bonus, bonus=2),) for s in STORAGES.values()},
    }
    reactions: ClassVar[Mapping[int, Effects]] = {  # circle the gem, extract the column
        space: (Mark(GEMS[space][1]), _EXTRACT) if space in GEMS else (_EXTRACT,)
        for space in range(1, 37)
    }
    actions: ClassVar[Mapping[str, Offer]] = {
        "ROBOT": Offer("ROBOT", Tracks(_ROBOTS)),
        "ENERGY": Offer("ENERGY", Tracks(_ENERGY)),
        **{kind: Offer(kind, beside) for kind, beside in _BESIDE.items()},
        "ASTRONAUT": Offer("ASTRONAUT", Next(_ASTRONAUT_TRACK)),
        "PLANNING": Offer("X", Cross(DATA.empty_spaces, then=(Advance(_PLANNING_TRACK),))),
    }
    items: ClassVar[Mapping[str, Offer]] = {"FREE": Offer("FREE", Tracks(_ROBOTS))}
    after_action: ClassVar[Mapping[str, Effects]] = dict.fromkeys(_BESIDE, (Call(_extract),))
    changed: ClassVar[Effects] = (Advance(_ASTRONAUT_TRACK),)
    crossable: ClassVar[tuple[int, ...]] = tuple(s.bonus for s in STORAGES.values())
    cross_letters: ClassVar[str] = "AB"
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = REQUIREMENTS

    # ------------------------------------------------------------------ scores
    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """Missions and the four storages, astronauts, less planning and errors."""
        marks = sheet.marks
        parts = {"missions": sum(value for value in sheet.missions if value > 0)}
        for storage in STORAGES.values():
            multiplier = storage.upgraded if marks[storage.box] else storage.base
            bonus = storage.points if marks[storage.bonus] & CIRCLED else 0
            parts[storage.name] = count_marked(marks, storage.boxes) * multiplier + bonus
        parts["astronauts"] = count_marked(marks, ASTRONAUTS) * (3 if marks[222] else 0)
        parts["planning"] = -count_marked(marks, PLANNING) * (0 if marks[223] else 3)
        parts["errors"] = -5 * self.errors_marked(sheet)
        return with_total(parts)

    # ------------------------------------------------------------------ views
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Spaces, resources, extracted columns, factories, storages, tracks and errors."""
        marks, names = sheet.marks, _RESOURCE_NAMES.items()
        storages = {}
        for storage in STORAGES.values():
            bonus = marks[storage.bonus]
            storages[storage.name] = {
                "boxes": count_marked(marks, storage.boxes),
                "multiplier": storage.upgraded if marks[storage.box] else storage.base,
                "bonus": "circled" if bonus & CIRCLED else "crossed" if bonus else "open",
            }
        return {
            "spaces": DATA.spaces_view(marks),
            "resources": {
                "circled": [name for slot, name in names if marks[slot] == CIRCLED],
                "extracted": [name for slot, name in names if marks[slot] & CROSSED],
            },
            "extracted": [k for k, icon in enumerate(EXTRACTORS, start=1) if marks[icon]],
            "factories": {
                f.name: [count_marked(marks, f.symbols), len(f.symbols)] for f in FACTORIES
            },
            "storages": storages,
            "astronauts": {
                "marked": count_marked(marks, ASTRONAUTS),
                "multiplier": 3 if marks[222] else 0,
            },
            "planning": {
                "marked": count_marked(marks, PLANNING),
                "multiplier": 0 if marks[223] else 3,
            },
            "errors": self.errors_marked(sheet),
        }


_RESOURCE_NAMES: Final = dict(
    sorted(
        [(slot, f"M{space}") for space, (_, slot) in GEMS.items()]
        + [(g.slot, g.name) for g in GAPS]
    )
)
"""Every resource's slot → its name (a gem by its space), in slot order."""


assert (
    len(DATA.space_slots) == 36 and len(GAPS) == 20 and all(len(f.symbols) > 1 for f in FACTORIES)
)
assert sum(1 for kind, _ in GEMS.values() if kind == "PEARL") == 12 and len(GEMS) == 26
