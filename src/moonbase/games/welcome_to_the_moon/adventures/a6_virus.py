"""Adventure 6 — The Virus: quarters, walkways, viruses and their propagation, tracks, evacuation.

Five floors (``F1`` … ``F5``), each one ascending zone, are cut into 11 quarters of 5 spaces
(``Q0.1`` … ``Q10.5``) joined by 22 walkways. Viruses sit in some quarters; an active virus
*propagates*: it infects an empty space of its own quarter, or once that quarter is evacuated one
empty space beyond each open walkway. A quarter is evacuated when its fifth space is marked and
scores ``(1 + energies circled) × spaces not infected``. Robot closes a walkway (closing every
walkway of a virus's quarter quarantines it: a virus not yet active never will be). Plant and
Water advance tracks whose rows close walkways or circle energies, and whose markers activate the
green and blue viruses or start propagation races. A mission's first accomplishment releases the
red, purple or yellow virus for everyone (``adventure6.md``).

Words: at setup ``GREY <space>`` (a space of Q0, Q3, Q7 or Q10: the grey virus starts there);
after ``WRITE <combination> <space> [±1|±2] [WILD <ACTION>]`` one of ``CLOSE #<walkway>``
(Robot), ``ENERGY`` (circle an energy of the quarter written), ``PLANT``, ``WATER``,
``ASTRONAUT``, ``X <space>`` or ``SKIP``; row bonuses ``CLOSE #<walkway>`` and ``ENERGY Q<k>``
(compulsory); propagations ``INFECT <space>`` (compulsory, one per infection owed).

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> virus = Virus()
>>> sheet = virus.new_sheet(solo=False)
>>> sheet.pending, virus.steps(sheet)[:2]
(['GREY'], ['GREY Q0.1', 'GREY Q0.2'])
>>> virus.step(sheet, "GREY Q0.3"); virus.settle(sheet)
>>> sheet.done, virus.sheet_view(sheet)["viruses"]["grey"]
(True, 'active')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, pairwise
from typing import Any, ClassVar, Final

from moonbase.games.welcome_to_the_moon.adventures.engine import (
    Advance,
    Call,
    Choose,
    Cross,
    Effects,
    Engine,
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
    INFECTED,
    Sheet,
    SheetData,
    Track,
    Zone,
    at_least,
    consecutive,
    count_marked,
    full_groups,
    gather,
    numbered_spaces,
)
from moonbase.i18n import N_

__all__ = [
    "ASTRONAUTS",
    "DATA",
    "ERRORS",
    "FLOORS",
    "PLANNING",
    "PLANT_MARKERS",
    "PLANT_TRACK",
    "QUARTERS",
    "VIRUSES",
    "WALKWAYS",
    "WATER_MARKERS",
    "WATER_TRACK",
    "WILDS",
    "Quarter",
    "Row",
    "Virus",
    "VirusData",
]


@dataclass(frozen=True)
class Quarter:
    """A quarter: its floor, spaces, circle-able energies (one more is printed circled), plants,
    water tanks (space → tank), virus target (``0``: none) and evacuation marker."""

    name: str
    floor: str
    slots: tuple[int, ...]
    energies: tuple[int, int]
    plants: tuple[int, ...]
    tanks: Mapping[int, int]
    target: int
    marker: int


def _q(k: int, floor: str, energy: int, plants: tuple[int, ...], tanks: dict[int, int],
       target: int) -> Quarter:  # fmt: skip
    first = 5 * k + 1
    return Quarter(f"Q{k}", floor, tuple(range(first, first + 5)), (energy, energy + 1), plants,
                   tanks, target, 231 + k)  # fmt: skip


QUARTERS: Final = (
    _q(0, "F1", 146, (120,), {1: 136}, 222),
    _q(1, "F1", 148, (121,), {7: 137}, 223),
    _q(2, "F2", 150, (122, 123), {13: 138}, 224),
    _q(3, "F2", 152, (124,), {20: 139}, 225),
    _q(4, "F3", 154, (125, 126), {23: 140}, 0),
    _q(5, "F3", 156, (127, 128), {}, 226),
    _q(6, "F3", 158, (129, 130), {34: 141}, 0),
    _q(7, "F4", 160, (131,), {37: 142}, 227),
    _q(8, "F4", 162, (132, 133), {43: 143}, 228),
    _q(9, "F5", 164, (134,), {47: 144}, 229),
    _q(10, "F5", 166, (135,), {53: 145}, 230),
)
"""The 11 quarters (``adventure6.md`` §2)."""


def _of_floors(slots_of: Callable[[Quarter], Iterable[int]]) -> dict[str, tuple[int, ...]]:
    """Per floor F1–F5, the slots ``slots_of`` gives for each of its quarters, in order."""
    return {
        floor: tuple(slot for q in QUARTERS if q.floor == floor for slot in slots_of(q))
        for floor in ("F1", "F2", "F3", "F4", "F5")
    }


FLOORS: Final = _of_floors(lambda q: q.slots)
"""The five floors, each one ascending zone."""

WALKWAYS: Final = {
    98: (0, 7), 99: (0, 4), 100: (1, 4), 101: (0, 1), 102: (1, 5), 103: (1, 2), 104: (2, 3),
    105: (2, 6), 106: (4, 5), 107: (4, 8), 108: (5, 8), 109: (5, 6), 110: (3, 10), 111: (5, 9),
    112: (6, 10), 113: (9, 10), 114: (7, 8), 115: (6, 9), 116: (3, 6), 117: (4, 7), 118: (2, 5),
    119: (8, 9),
}  # fmt: skip
"""Walkway slot → the two quarters it joins (drawn, i.e. circled, when closed)."""


@dataclass(frozen=True)
class VirusData:
    """A virus: its colour, target slots (grey has four, one chosen at setup) and the symbol that
    releases it (an activation symbol on a track, a mission's virus symbol, or ``0``)."""

    colour: str
    targets: tuple[int, ...]
    symbol: int


VIRUSES: Final = (
    VirusData("grey", (222, 225, 227, 230), 0),
    VirusData("red", (223,), 242),
    VirusData("green", (224,), 216),
    VirusData("purple", (226,), 243),
    VirusData("blue", (228,), 219),
    VirusData("yellow", (229,), 244),
)
"""The viruses (``adventure6.md`` §5)."""


@dataclass(frozen=True)
class Row:
    """A track row: its markers, its score box and its row-bonus icon."""

    markers: tuple[int, ...]
    box: int
    bonus: int


def _rows(marker: int, sizes: tuple[int, ...], box: int, bonus: int) -> tuple[Row, ...]:
    """Rows of ``sizes`` markers numbered on from ``marker``, with their boxes and icons
    numbered on from ``box`` and ``bonus``."""
    spans = enumerate(pairwise(accumulate(sizes, initial=marker)))
    return tuple(Row(tuple(range(*span)), box + i, bonus + i) for i, span in spans)


PLANT_TRACK: Final = _rows(168, (2, 2, 3, 3, 3, 3), 194, 205)
"""The plant track; each completed row closes a walkway."""
WATER_TRACK: Final = _rows(184, (2, 2, 2, 2, 2), 200, 211)
"""The water track; each completed row circles an energy of any quarter not evacuated."""
PLANT_VALUES: Final = (0, 5, 10, 20, 35, 55, 80)
WATER_VALUES: Final = (0, 10, 20, 35, 55, 80)
ACTIVATIONS: Final = {172: 216, 186: 219}
"""Track marker → the activation symbol it carries (green, blue)."""
PROPAGATIONS: Final = {175: 217, 178: 218, 188: 220, 190: 221}
"""Track marker → the propagation symbol it carries (a race)."""
ASTRONAUTS: Final = (80, 81, 83, 84, 86, 87)
PLANNING: Final = (89, 90, 92, 93, 95, 96)
WILD_AFTER: Final = {81: 82, 84: 85, 87: 88, 90: 91, 93: 94, 96: 97}
"""Marking one of these symbols circles that wild-action symbol."""
WILDS: Final = tuple(WILD_AFTER.values())
ERRORS: Final = (77, 78, 79)
"""System Error boxes; the 2nd and 3rd each cause a propagation."""
MISSION_VIRUS: Final = (242, 243, 244)
"""The virus symbol of mission A, B, C (red, purple, yellow)."""

DATA: Final = SheetData(
    adventure=6,
    spaces=numbered_spaces((q.name, q.slots) for q in QUARTERS),
    size=245,
    error_slots=ERRORS,
    mission_slots=(56, 57, 58),
    zones=tuple(Zone(name, slots) for name, slots in FLOORS.items()),
    symbols={"walkways": tuple(WALKWAYS), "wilds": WILDS},
)
"""The sheet of adventure 6."""

_NAMES: Final = DATA.names
_QUARTER_OF: Final = {slot: q for q in QUARTERS for slot in q.slots}
_GREY_SPACES: Final = tuple(s for q in QUARTERS if q.target in VIRUSES[0].targets for s in q.slots)
"""Setup: the spaces of the grey virus's four possible quarters."""
_WALKWAYS_OF: Final = {
    k: tuple(w for w, ends in WALKWAYS.items() if k in ends) for k in range(len(QUARTERS))
}
_BEYOND: Final = tuple(
    (q, tuple((w, f"INFECT {QUARTERS[sum(WALKWAYS[w]) - k].name}") for w in _WALKWAYS_OF[k]))
    for k, q in enumerate(QUARTERS)
    if q.target
)
"""Each quarter with a virus, with each of its walkways and the infection of the quarter at its
other end (the sum of both ends less this one)."""
_TANKS: Final = {space: tank for q in QUARTERS for space, tank in q.tanks.items()}
# C-fast gathers of the marks the missions and the evacuation read (a group is complete when
# no mark in it is 0)
_QUARTER_SPACES: Final = tuple((q.marker, gather(q.slots)) for q in QUARTERS)
_SPACES_END: Final = max(slot for q in QUARTERS for slot in q.slots) + 1
_TARGET_OF: Final = {virus.symbol: virus.targets[0] for virus in VIRUSES if virus.symbol}
"""A virus's release symbol → its target."""
_SYMBOL_OF_TARGET: Final = {target: symbol for symbol, target in _TARGET_OF.items()}
_GREEN, _BLUE = (_TARGET_OF[symbol] for symbol in ACTIVATIONS.values())
_SOLO_VIRUS: Final = {letter: _TARGET_OF[s] for letter, s in zip("ABC", MISSION_VIRUS, strict=True)}
"""Solo, pass 2: ASTRA's card → the target of the virus it activates (red, purple, yellow)."""
_PROPAGATION_SYMBOLS: Final = tuple(sorted(PROPAGATIONS.values()))
PROPAGATE: Final = "PROPAGATE"
"""A propagation owed: expanded into its ``INFECT`` items once nothing else is pending."""
_ACTION_ITEMS: Final = ("ACTION", "CLOSE", "ENERGY")
"""Pending items of the combination's action: the action, and the row bonus of the track it
advanced (``CLOSE`` after a plant row, ``ENERGY`` after a water row). The number's evacuation
waits for them (``adventure6.md`` §6)."""


def closed(marks: bytearray, k: int) -> bool:
    """Whether every walkway of quarter ``k`` is closed (quarantine)."""
    return all(marks[w] for w in _WALKWAYS_OF[k])


def quarter_score(marks: bytearray, quarter: Quarter) -> int:
    """``(1 + energies circled) × spaces holding a number or an X``."""
    energies = 1 + count_marked(marks, quarter.energies)
    return energies * sum(1 for slot in quarter.slots if marks[slot] and marks[slot] != INFECTED)


REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": at_least([q.marker for q in QUARTERS], 2),
    "A2": full_groups(_of_floors(lambda q: (q.marker,)).values(), 1),
    "B1": full_groups(_WALKWAYS_OF.values(), 3),
    "B2": full_groups((_WALKWAYS_OF[2], _WALKWAYS_OF[8]), 2),  # quarters 2 and 8 closed
    "C1": full_groups(_of_floors(lambda q: q.energies).values(), 2),
    "C2": full_groups(_of_floors(lambda q: (*q.plants, *q.tanks.values())).values(), 2),
}
"""Each mission's requirement: evacuations (A), quarantines (B), energies or plants and tanks of
floors (C)."""


# ---------------------------------------------------------------------- what only a6 does
def _not_evacuated(marks: bytearray, _written: int) -> set[str]:
    """The quarters not evacuated (a Water row's energy goes to one of them)."""
    return {q.name for q in QUARTERS if not marks[q.marker]}


def _solo_choices(marks: bytearray) -> list[int]:
    """Solo, an ASTRA card's first pass: green and blue while either is unmarked, else the
    propagation symbols still unmarked."""
    viruses = [target for target in (_GREEN, _BLUE) if not marks[target]]
    return viruses or [symbol for symbol in _PROPAGATION_SYMBOLS if not marks[symbol]]


def virus_state(mark: int) -> str:
    """A virus target's state: ``active``, ``active, quarantined``, ``quarantined`` (it never
    will be active) or ``inactive``.

    >>> [virus_state(m) for m in (0, CIRCLED, CROSSED, CIRCLED | CROSSED)]
    ['inactive', 'active', 'quarantined', 'active, quarantined']
    """
    if mark & CIRCLED:
        return "active, quarantined" if mark & CROSSED else "active"
    return "quarantined" if mark else "inactive"


def _grey(_engine: Engine, sheet: Sheet, space: int) -> None:
    """Setup: the grey virus of the quarter of ``space`` is active."""
    sheet.marks[_QUARTER_OF[space].target] = CIRCLED


def _quarantine(_engine: Engine, sheet: Sheet, walkway: int) -> None:
    """A virus quarter whose walkways are all closed once ``walkway`` is is quarantined."""
    marks = sheet.marks
    for k in WALKWAYS[walkway]:
        target = QUARTERS[k].target
        if target and closed(marks, k):
            marks[target] |= CROSSED


def evacuate(sheet: Sheet) -> None:
    """Mark every full quarter evacuated."""
    marks = sheet.marks
    for marker in _full_quarters(bytes(marks[:_SPACES_END])):
        if not marks[marker]:
            marks[marker] = CIRCLED


@lru_cache(maxsize=4096)
def _full_quarters(spaces: bytes) -> tuple[int, ...]:
    """The markers of the full quarters, given the spaces' marks (kept: settling reads them
    several times a turn)."""
    return tuple(marker for marker, marks_of in _QUARTER_SPACES if 0 not in marks_of(spaces))


def infections(marks: bytearray) -> list[str]:
    """One propagation, as an ``INFECT`` item per infection: each active virus (target circled)
    infects its own quarter, or once that is evacuated the quarter beyond each open walkway."""
    items: list[str] = []
    for q, beyond in _BEYOND:
        if not marks[q.target] & CIRCLED:
            continue
        if marks[q.marker]:
            items.extend(item for walkway, item in beyond if not marks[walkway])
        else:
            items.append(f"INFECT {q.name}")
    return items


def _activate(sheet: Sheet, symbol: int) -> None:
    """Activate the virus ``symbol`` releases: cross the symbol, circle its target unless
    marked."""
    sheet.marks[symbol] |= CROSSED
    target = _TARGET_OF[symbol]
    if not sheet.marks[target]:
        sheet.marks[target] = CIRCLED


def _mission_virus(engine: Engine, sheet: Sheet, symbol: int) -> None:
    """A mission's virus, released for everyone, propagates (solo: the player who circled its
    symbol gains a solo bonus)."""
    if sheet.solo and sheet.marks[symbol] == CIRCLED:
        sheet.solo_bonus = min(sheet.solo_bonus + 1, engine.solo_boxes)
    _activate(sheet, symbol)
    sheet.pending.append(PROPAGATE)
    sheet.stage = Sheet.ACTING


def _infected(_engine: Engine, sheet: Sheet, _space: int) -> None:
    """An infection may fill a quarter: it is evacuated at once."""
    evacuate(sheet)


def _trigger(_engine: Engine, sheet: Sheet, box: int) -> None:
    """System Errors 2 and 3 each owe a propagation in phase 5."""
    sheet.triggered.append(box)


def _release(engine: Engine, sheet: Sheet, marker: int) -> None:
    """A track marker's activation symbol, still unmarked, releases its virus (green, blue) for
    everyone in phase 5 (solo: the player propagates once, and gains a solo bonus)."""
    symbol = ACTIVATIONS[marker]
    if sheet.marks[symbol]:
        return
    _activate(sheet, symbol)
    sheet.triggered.append(symbol)
    if sheet.solo:
        sheet.solo_bonus = min(sheet.solo_bonus + 1, engine.solo_boxes)


ASTRONAUT_TRACK: Final = Track("astronauts", ASTRONAUTS)
PLANNING_TRACK: Final = Track("planning", PLANNING)
PLANT_MARKERS: Final = Track("plant track", tuple(m for row in PLANT_TRACK for m in row.markers))
WATER_MARKERS: Final = Track("water track", tuple(m for row in WATER_TRACK for m in row.markers))
_PLANT_ROWS: Final = Track("plant rows", tuple(row.box for row in PLANT_TRACK), PLANT_VALUES)
_WATER_ROWS: Final = Track("water rows", tuple(row.box for row in WATER_TRACK), WATER_VALUES)
"""The rows' score boxes, crossed row after row: the tracks' values."""
_ENERGIES: Final = {q.name: Track(f"{q.name} energies", q.energies, flag=CIRCLED) for q in QUARTERS}
_PLANTS: Final = {q.name: Track(f"{q.name} plants", q.plants, flag=CIRCLED) for q in QUARTERS}
_TANK_TRACKS: Final = {
    space: Track(f"{_NAMES[space]} tank", (tank,), flag=CIRCLED) for space, tank in _TANKS.items()
}
"""Each water tank, a track of one box (circled, it advances the water track)."""


def _pick(word: str, names: Mapping[int, str], then: Call, flag: int = CIRCLED) -> Offer:
    """A slot of ``names`` with no mark yet, marked with ``flag``, then ``then``: a walkway to
    close, a space to infect."""
    slots = tuple(names)

    def unmarked(marks: bytearray) -> list[int]:
        return [slot for slot in slots if not marks[slot]]

    return Offer(word, Choose(unmarked, names, then=(then,), flag=flag))


def _infection(
    word: str, slots: tuple[int, ...], then: Callable[[Engine, Sheet, int], None]
) -> Offer:
    """An infection drawn in an empty one of ``slots``, then ``then``."""
    return _pick(word, {slot: _NAMES[slot] for slot in slots}, Call(then), INFECTED)


_CLOSE: Final = _pick("CLOSE", {w: f"#{w}" for w in WALKWAYS}, Call(_quarantine))
"""Robot, and a plant row's bonus: close a walkway."""


def _row_bonus(row: Row, item: str) -> Effects:
    """A completed track row: its score box and bonus icon crossed, its bonus owed."""
    return (Mark(row.box, CROSSED), Mark(row.bonus, CROSSED), Push(item))


class Virus(Engine):
    """Adventure 6 — The Virus: the engine over these declarations, with its own evacuation
    timing and propagation (:meth:`settle`, :meth:`phase5`) and solo effects."""

    title: ClassVar[str] = N_("The Virus")
    data: ClassVar[SheetData] = DATA
    wild_slots: ClassVar[tuple[int, ...]] = WILDS
    zones: ClassVar[tuple[tuple[int, ...], ...]] = tuple(FLOORS.values())
    tracks: ClassVar[Mapping[str, Track]] = {
        "astronauts": ASTRONAUT_TRACK,
        "planning": PLANNING_TRACK,
        "plants": PLANT_MARKERS,
        "water": WATER_MARKERS,
    }
    rewards: ClassVar[Mapping[int, Effects]] = {
        **dict.fromkeys(ERRORS[1:], (Call(_trigger),)),
        **{symbol: (Mark(wild),) for symbol, wild in WILD_AFTER.items()},
        **{plant: (Advance(PLANT_MARKERS),) for q in QUARTERS for plant in q.plants},
        **{tank: (Advance(WATER_MARKERS),) for tank in _TANKS.values()},
        **{row.markers[-1]: _row_bonus(row, "CLOSE") for row in PLANT_TRACK},
        **{row.markers[-1]: _row_bonus(row, "ENERGY") for row in WATER_TRACK},
        **dict.fromkeys(ACTIVATIONS, (Call(_release),)),
        **{marker: (Race(symbol, flag=CROSSED),) for marker, symbol in PROPAGATIONS.items()},
    }
    actions: ClassVar[Mapping[str, Offer]] = {
        "ROBOT": _CLOSE,
        "ENERGY": Offer("ENERGY", Next({s: _ENERGIES[q.name] for q in QUARTERS for s in q.slots})),
        "PLANT": Offer("PLANT", Next({s: _PLANTS[q.name] for q in QUARTERS for s in q.slots})),
        "WATER": Offer("WATER", Next(_TANK_TRACKS)),
        "ASTRONAUT": Offer("ASTRONAUT", Next(ASTRONAUT_TRACK)),
        "PLANNING": Offer("X", Cross(DATA.empty_spaces, then=(Advance(PLANNING_TRACK),))),
    }
    items: ClassVar[Mapping[str, Offer]] = {
        "GREY": _infection("GREY", _GREY_SPACES, _grey),
        **{f"INFECT {q.name}": _infection("INFECT", q.slots, _infected) for q in QUARTERS},
        "CLOSE": _CLOSE,
        "ENERGY": Offer("ENERGY", Tracks(_ENERGIES, reach=_not_evacuated)),
    }
    changed: ClassVar[Effects] = (Advance(ASTRONAUT_TRACK),)
    crossable: ClassVar[tuple[int, ...]] = (_GREEN, _BLUE, *_PROPAGATION_SYMBOLS)
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = REQUIREMENTS
    setup: ClassVar[tuple[str, ...]] = ("GREY",)
    action_first: ClassVar[bool] = True
    first_marks: ClassVar[tuple[int, ...]] = MISSION_VIRUS
    releases: ClassVar[Mapping[int, Effects]] = {v: (Call(_mission_virus),) for v in MISSION_VIRUS}

    def settle(self, sheet: Sheet) -> None:
        """Drop dead items; evacuate full quarters once the action is resolved, the row bonus
        its track gave included (so a Water row's energy may go to the quarter the number
        filled); expand the next owed propagation once the previous one's infections are done.

        Of the items, only a Water row's ``ENERGY`` may lose targets by an evacuation, and that
        waits for it: all are dropped before it."""
        live = self.resolvable
        pending = [item for item in sheet.pending if item == PROPAGATE or live(sheet, item)]
        if not any(item in pending for item in _ACTION_ITEMS):
            evacuate(sheet)
        while pending and pending.count(PROPAGATE) == len(pending):
            infect = [item for item in infections(sheet.marks) if live(sheet, item)]
            pending = infect + pending[1:]
        sheet.pending = pending
        if not pending:
            sheet.stage = Sheet.DONE

    def phase5(self, sheets: Sequence[Sheet]) -> None:
        """Propagations owed: errors 2 and 3, propagation symbols other players crossed first,
        and one per virus released this turn (for everyone; solo, those the player released); then
        each player infects."""
        triggered = {slot for sheet in sheets for slot in sheet.triggered}
        raced = triggered.intersection(_PROPAGATION_SYMBOLS)
        released = [symbol for symbol in ACTIVATIONS.values() if symbol in triggered]
        for sheet in sheets:
            owed = len(released) + sum(1 for slot in sheet.triggered if slot in ERRORS)
            for symbol in raced:
                if not sheet.marks[symbol]:  # not the sheet that crossed it first
                    sheet.marks[symbol] = CROSSED
                    owed += 1
            for symbol in released:
                _activate(sheet, symbol)
            if owed:
                sheet.pending.extend([PROPAGATE] * owed)
                sheet.stage = Sheet.ACTING
            self.settle(sheet)

    # ------------------------------------------------------------------ scores
    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """Missions, plants, water and quarters, less infections and errors."""
        marks = sheet.marks
        return with_total(
            {
                "missions": sum(value for value in sheet.missions if value > 0),
                "plants": _PLANT_ROWS.value(marks),
                "water": _WATER_ROWS.value(marks),
                "quarters": sum(quarter_score(marks, q) for q in QUARTERS),
                "infected": -marks[DATA.space_span].count(INFECTED),
                "errors": -5 * self.errors_marked(sheet),
            }
        )

    # ------------------------------------------------------------------ solo
    def solo_card(self, letter: str, pass_number: int) -> str:
        """Pass 2 has its own effect: ``A2``, ``B2``, ``C2``."""
        return letter if pass_number == 1 else f"{letter}2"

    def solo_targets(self, sheet: Sheet, letter: str) -> list[int]:
        """Pass 1: green and blue when both are unmarked; else the propagation symbols still
        available (a choice only when there are two or more)."""
        choices = [] if len(letter) > 1 else _solo_choices(sheet.marks)
        return choices if len(choices) > 1 else []

    def solo_effect(self, sheet: Sheet, letter: str, target: int | None) -> None:
        """Pass 1: activate green or blue, else cross off a propagation symbol, then propagate
        once. Pass 2: activate the letter's virus and propagate once (nothing if its target is
        marked). These propagations give no solo bonus."""
        marks = sheet.marks
        if len(letter) > 1:
            target = _SOLO_VIRUS[letter[0]]
            if marks[target]:
                return
        elif target is None:
            target = next(iter(_solo_choices(marks)), None)
        if target in _SYMBOL_OF_TARGET:
            _activate(sheet, _SYMBOL_OF_TARGET[target])
        elif target is not None:
            marks[target] |= CROSSED
        sheet.stage = Sheet.ACTING
        sheet.pending = [PROPAGATE]
        self.settle(sheet)

    # ------------------------------------------------------------------ views
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Spaces, quarters, walkways, viruses, tracks, wild actions and errors."""
        marks = sheet.marks
        viruses: dict[str, str] = {}
        for virus in VIRUSES:
            states = [virus_state(marks[target]) for target in virus.targets]
            chosen = [state for state in states if state.startswith("active")]
            viruses[virus.colour] = (
                chosen[0] if chosen else "inactive" if len(states) > 1 else states[0]
            )
        return {
            "spaces": DATA.spaces_view(marks),
            "quarters": {
                q.name: {
                    "energy": 1 + count_marked(marks, q.energies),
                    "plants": count_marked(marks, q.plants),
                    "tanks": sum(1 for t in q.tanks.values() if marks[t]),
                    "evacuated": bool(marks[q.marker]),
                    "quarantined": closed(marks, k),
                    "score": quarter_score(marks, q),
                }
                for k, q in enumerate(QUARTERS)
            },
            "closed": [f"#{w}" for w in WALKWAYS if marks[w]],
            "viruses": viruses,
            "plant_track": PLANT_MARKERS.marked(marks),
            "water_track": WATER_MARKERS.marked(marks),
            "propagation_symbols": [f"#{s}" for s in _PROPAGATION_SYMBOLS if marks[s]],
            "infected": marks[DATA.space_span].count(INFECTED),
            "astronauts": count_marked(marks, ASTRONAUTS),
            "planning": count_marked(marks, PLANNING),
            "wilds": self.wilds_view(sheet),
            "errors": self.errors_marked(sheet),
        }


assert len(DATA.space_slots) == 55 and len(WALKWAYS) == 22
assert all(consecutive(slots) for slots in FLOORS.values())
assert sorted(slot for q in QUARTERS for slot in q.slots) == list(range(1, 56))
