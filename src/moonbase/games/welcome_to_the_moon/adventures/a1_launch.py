"""Adventure 1 — The Launch: the rocket sheet as data, and the rules only it has.

Nine floors, each an ascending zone; the combination's action only chooses the floor (its own
floors or the WILD floor). Floors are cut into 19 quarters: filling one gains its printed bonuses —
rockets, inactive rockets (paid only if activated before), activations, compulsory X marks (which
may complete more quarters) and sabotages (resolved in phase 5: every player who did not trigger
the same sabotage this turn circles a System Error). Rockets go on the launch track, then repair
errors, then fill the bonus rockets. Missions pay rockets (``adventure1.md``).

Sub-step words: ``X <space>`` (a bonus X) and ``ACTIVATE Q<n>``; in solo ``CROSS #<sabotage>``.

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination, WriteRows
>>> launch = Launch()
>>> sheet = launch.new_sheet(solo=False)
>>> rows = WriteRows({(0, 0, None): list(range(DATA.size))})   # ids: the slots themselves
>>> ids = launch.writes(sheet, [Combination("1", 5, "WATER")], rows)
>>> [DATA.names[slot] for slot in sorted(ids)][:3]
['WAT.1', 'WAT.2', 'WAT.3']
>>> launch.write(sheet, Combination("1", 5, "ASTRONAUT"), DATA.slot("AST1.1") or 0, 0, None)
>>> DATA.slot("AST1.2") in launch.writes(sheet, [Combination("1", 4, "ASTRONAUT")], rows)
False
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate, count
from typing import Any, ClassVar, Final

from moonbase.games.welcome_to_the_moon.adventures.engine import (
    Call,
    Choose,
    Cross,
    Effect,
    Effects,
    Engine,
    Filled,
    Mark,
    Offer,
    Push,
    Race,
)
from moonbase.games.welcome_to_the_moon.adventures.turn import (
    Combination,
    Context,
    WriteRows,
    with_total,
)
from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.missions import Mission
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    Sheet,
    SheetData,
    Spans,
    Track,
    X,
    Zone,
    consecutive,
    count_marked,
    numbered_spaces,
    run_fits,
)
from moonbase.i18n import N_

__all__ = [
    "BONUS_ROCKETS",
    "DATA",
    "ERRORS",
    "ERROR_TRACK",
    "FLOORS",
    "LAUNCH",
    "QUARTERS",
    "REQUIREMENTS",
    "SABOTAGES",
    "Bonus",
    "Floor",
    "Launch",
    "Quarter",
    "launched",
]


@dataclass(frozen=True)
class Floor:
    """A floor: one ascending zone, and the actions that write on it (``()``: any, WILD)."""

    name: str
    actions: tuple[str, ...]
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Bonus:
    """A printed quarter bonus: its slot and kind — ``R`` (rockets), ``R*`` (inactive rockets),
    ``ACT`` (activation), ``X`` or ``SAB`` (sabotage) — with its rockets for ``R`` and ``R*``."""

    slot: int
    kind: str
    rockets: int = 0


@dataclass(frozen=True)
class Quarter:
    """A quarter: its spaces, bonuses and the activation-arrow slot of its inactive rockets."""

    name: str
    slots: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    arrow: int | None = None

    @property
    def first(self) -> int:
        """Its first space (a quarter is a run of consecutive slots)."""
        return self.slots[0]


_ROCKET: Final = {
    "AST1": ("ASTRONAUT", [(3, "R3 ACT X")]),
    "AST2": ("ASTRONAUT", [(3, "R2 R2* SAB")]),
    "WAT": ("WATER", [(2, "R2 SAB"), (3, "R3 R3*")]),
    "ROB1": ("ROBOT", [(2, "ACT X"), (3, "R3 X")]),
    "ROB2": ("ROBOT", [(5, "R3 R3* SAB SAB")]),
    "PLA": ("PLANNING", [(6, "R4 R4* X SAB")]),
    "ENE": ("ENERGY", [(5, "R4 R4* SAB SAB"), (2, "R3"), (3, "R2 ACT X")]),
    "PLT": ("PLANT", [(2, "R2 R2*"), (2, "R2 ACT"), (2, "R2 R2*"), (2, "X SAB")]),
    "WILD": ("", [(2, "R2 X"), (2, "R2 X"), (2, "R2 X"), (2, "ACT X")]),
}
"""The rocket as printed (``adventure1.md`` §2–3): each floor's action (WILD: any) and its
quarters, each as its size and bonus codes (``R3``: 3 rockets, ``R3*``: 3 inactive ones)."""


def _bonus(slot: int, code: str) -> Bonus:
    rockets = code.strip("R*")  # "3" in R3 and R3*
    if rockets.isdigit():
        return Bonus(slot, code.replace(rockets, ""), int(rockets))
    return Bonus(slot, code)


def _rocket() -> tuple[tuple[Floor, ...], tuple[Quarter, ...]]:
    """The floors and quarters of :data:`_ROCKET`, numbered in reading order: spaces from slot
    1, bonus icons from 54, the arrows of the quarters with inactive rockets from 152."""
    floors: list[Floor] = []
    quarters: list[Quarter] = []
    space, icons, arrows = 1, count(54), count(152)
    for name, (action, printed) in _ROCKET.items():
        floor_first = space
        for size, codes in printed:
            bonuses = tuple(_bonus(next(icons), code) for code in codes.split())
            arrow = next(arrows) if "*" in codes else None
            slots = tuple(range(space, space + size))
            quarters.append(Quarter(f"Q{len(quarters) + 1}", slots, bonuses, arrow))
            space += size
        actions = (action,) if action else ()
        floors.append(Floor(name, actions, tuple(range(floor_first, space))))
    return tuple(floors), tuple(quarters)


FLOORS, QUARTERS = _rocket()
"""The nine floors, top to bottom, and the 19 quarters."""

_ROW_ENDS: Final = tuple(accumulate((5, 4, 3, 3, 3, 3, 3, 3, 2, 2)))
"""The rockets crossed once each row of the launch track is complete."""
LAUNCH: Final = Track(
    "launch",
    tuple(range(100, 100 + _ROW_ENDS[-1])),
    tuple(15 * bisect_right(_ROW_ENDS, crossed) for crossed in range(_ROW_ENDS[-1] + 1)),
)
"""The launch track: 31 rockets in rows of 5, 4, 3 … 2, 2; each complete row is worth 15."""
BONUS_ROCKETS: Final = Track("bonus rockets", tuple(range(131, 139)), tuple(range(0, 41, 5)))
"""The eight bonus rockets (5 points each while no error is left unrepaired)."""
ERRORS: Final = tuple(range(159, 167))
"""The eight System Error boxes, circled in order and repaired (crossed) by rockets."""
SABOTAGES: Final = tuple(b.slot for q in QUARTERS for b in q.bonuses if b.kind == "SAB")
"""The eight sabotage icons."""

DATA: Final = SheetData(
    adventure=1,
    spaces=numbered_spaces((floor.name, floor.slots) for floor in FLOORS),
    size=170,
    error_slots=ERRORS,
    mission_slots=(167, 168, 169),
    zones=tuple(Zone(floor.name, floor.slots) for floor in FLOORS),
    tracks={"launch": LAUNCH, "bonus": BONUS_ROCKETS},
    symbols={"sabotages": SABOTAGES},
)
"""The sheet of adventure 1."""
ERROR_TRACK: Final = Track("errors", ERRORS, flag=CIRCLED)
"""The System Error boxes as a track: each error circles the next one."""


def floors_for(action: str) -> tuple[Floor, ...]:
    """The floors ``action`` writes on: its own and the WILD floor.

    >>> [floor.name for floor in floors_for("ROBOT")]
    ['ROB1', 'ROB2', 'WILD']
    """
    return tuple(floor for floor in FLOORS if action in floor.actions or not floor.actions)


# Slot ranges, for slices and counts in C.
_FLOOR_SPANS: Final = {
    action: tuple((floor.slots[0], floor.slots[-1] + 1) for floor in floors_for(action))
    for action in ACTIONS
}
_ARROWS: Final = tuple((q.arrow, q.first, q.first + len(q.slots)) for q in QUARTERS if q.arrow)
_ARROW_NAMES: Final = {q.arrow: q.name for q in QUARTERS if q.arrow}
_ERROR_SPAN: Final = slice(ERRORS[0], ERRORS[-1] + 1)
_LAUNCH_SPAN: Final = slice(LAUNCH.slots[0], LAUNCH.slots[-1] + 1)


def cross_rockets(sheet: Sheet, rockets: int) -> None:
    """Cross ``rockets`` one at a time: the launch track first, then repair the first circled
    error, then the next bonus rocket; a rocket with nowhere to go is lost."""
    marks = sheet.marks
    for _ in range(rockets):
        slot = LAUNCH.next_slot(marks)
        if slot is None:
            slot = next((s for s in ERRORS if marks[s] == CIRCLED), BONUS_ROCKETS.next_slot(marks))
            if slot is None:
                return
        marks[slot] |= CROSSED


def unrepaired(marks: bytearray) -> int:
    """System Error boxes circled and not repaired."""
    return marks[_ERROR_SPAN].count(CIRCLED)


def activatable(marks: bytearray) -> list[int]:
    """The activation arrows that may be drawn now: not drawn, their quarter not full."""
    return [arrow for arrow, first, end in _ARROWS if not marks[arrow] and 0 in marks[first:end]]


def launched(marks: bytearray) -> bool:
    """The launch: every launch-track rocket crossed and no error left unrepaired."""
    return 0 not in marks[_LAUNCH_SPAN] and CIRCLED not in marks[_ERROR_SPAN]


def _gains(quarter: Quarter, bonus: Bonus) -> Effects:
    """A sabotage is a race (:attr:`~.Engine.sabotages`); any other icon is crossed, then gives
    an activation, an X or rockets (inactive ones only once the arrow is drawn)."""
    if bonus.kind == "SAB":
        return (Race(bonus.slot),)
    if not bonus.rockets:
        return (Mark(bonus.slot, CROSSED), Push("ACTIVATE" if bonus.kind == "ACT" else "X"))
    rockets: Effect = Call(lambda engine, sheet, slot: cross_rockets(sheet, bonus.rockets))
    if bonus.kind == "R*":
        assert quarter.arrow is not None
        rockets = Filled((quarter.arrow,), (rockets,))
    return (Mark(bonus.slot, CROSSED), rockets)


def _floors_filled(names: str) -> Callable[[bytearray], bool]:
    """No empty space on the floors ``names`` (adjacent: one slice searched in C)."""
    slots = tuple(slot for floor in FLOORS if floor.name in names.split() for slot in floor.slots)
    assert consecutive(slots)
    first, end = slots[0], slots[-1] + 1
    return lambda marks: 0 not in marks[first:end]


REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": _floors_filled("AST1 AST2 WAT"),
    "A2": _floors_filled("ROB1 ROB2 PLA"),
    "B1": _floors_filled("ENE"),
    "B2": _floors_filled("PLT WILD"),
    "C1": lambda marks: marks[DATA.space_span].count(X) >= 10,
    "C2": lambda marks: marks[_ERROR_SPAN].count(CIRCLED) >= 5,
}
"""Each mission's requirement, read in C from the marks."""

_SHOWN: Final = ("open", "circled", "crossed", "crossed")
"""A sabotage icon's flags as the view shows them."""


class Launch(Engine):
    """Adventure 1 — The Launch: the engine over these declarations."""

    title: ClassVar[str] = N_("The Launch")
    data: ClassVar[SheetData] = DATA
    changes: ClassVar[bool] = False
    tracks: ClassVar[Mapping[str, Track]] = {**DATA.tracks, "errors": ERROR_TRACK}
    reactions: ClassVar[Mapping[int, Effects]] = {
        slot: (Filled(q.slots, tuple(e for b in q.bonuses for e in _gains(q, b))),)
        for q in QUARTERS
        for slot in q.slots
    }
    items: ClassVar[Mapping[str, Offer]] = {
        "X": Offer("X", Cross()),
        "ACTIVATE": Offer("ACTIVATE", Choose(activatable, _ARROW_NAMES)),
    }
    crossable: ClassVar[tuple[int, ...]] = SABOTAGES
    sabotages: ClassVar[bool] = True
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = REQUIREMENTS
    end_tests: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = {"launch": launched}

    def writes(
        self, sheet: Sheet, combos: Sequence[Combination], rows: WriteRows, wild: bool = True
    ) -> list[int]:
        """Writes on the floors of each combination's action and the WILD floor."""
        frozen = bytes(sheet.marks)  # each floor's marks a slice of it: its cache key
        fits: dict[int, tuple[Spans, ...]] = {}
        result: list[int] = []
        extend = result.extend
        for combo in combos:
            number = combo.number
            row = rows[combo.position, 0, None]
            for first, end in _FLOOR_SPANS[combo.action]:
                floor_fits = fits.get(first)
                if floor_fits is None:  # each floor's fits once, whichever combos write there
                    floor_fits = fits[first] = run_fits(first, frozen[first:end])
                for span in floor_fits[number]:
                    extend(row[span])
        return result

    def reward(self, sheet: Sheet, mission: Mission, value: int) -> None:
        """Mission rewards are rockets, crossed at once."""
        super().reward(sheet, mission, value)
        cross_rockets(sheet, value)

    # ------------------------------------------------------------------ the end
    def seat_penalty(self, sheets: Sequence[Sheet], seat: int) -> int:
        """Errors circled and not repaired."""
        return unrepaired(sheets[seat].marks)

    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """``launch − 5 × unrepaired + (5 × bonus rockets if none is unrepaired)``."""
        track = LAUNCH.value(sheet.marks)
        errors = unrepaired(sheet.marks)
        bonus = BONUS_ROCKETS.value(sheet.marks) if errors == 0 else 0
        return with_total({"launch": track, "bonus_rockets": bonus, "errors": -5 * errors})

    # ------------------------------------------------------------------ views
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Spaces, rockets, bonus rockets, errors, quarters, arrows and sabotages."""
        marks = sheet.marks
        return {
            "spaces": DATA.spaces_view(marks),
            "rockets": LAUNCH.marked(marks),
            "bonus_rockets": BONUS_ROCKETS.marked(marks),
            "errors": {
                "circled": count_marked(marks, ERRORS),
                "repaired": sum(1 for slot in ERRORS if marks[slot] & CROSSED),
            },
            "completed": [q.name for q in QUARTERS if all(marks[slot] for slot in q.slots)],
            "activated": [name for arrow, name in _ARROW_NAMES.items() if marks[arrow]],
            "sabotages": {f"#{slot}": _SHOWN[marks[slot]] for slot in SABOTAGES},
        }


assert len(DATA.space_slots) == 53 and len(SABOTAGES) == 8
assert sorted(ACTIONS) == sorted({a for floor in FLOORS for a in floor.actions})
