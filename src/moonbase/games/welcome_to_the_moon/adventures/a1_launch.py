"""Adventure 1 — The Launch: the rocket sheet as data, and the rules only it has.

Nine floors, each an ascending zone; the combination's action only chooses the floor (its own
floors or the WILD floor). Floors are cut into 19 quarters: filling one gains its printed bonuses —
rockets, inactive rockets (paid only if activated before), activations, compulsory X marks (which
may complete more quarters) and sabotages (resolved in phase 5: every player who did not trigger
the same sabotage this turn circles a System Error). Rockets go on the launch track, then repair
errors, then fill the bonus rockets. Missions pay rockets (``adventure1.md``).

Sub-step words: ``X <space>`` (a bonus X) and ``ACTIVATE Q<n>``; in solo ``CROSS #<sabotage>``.

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> launch = Launch()
>>> sheet = launch.new_sheet(solo=False)
>>> rows = {(0, 0, None): list(range(DATA.size))}   # ids: the slots themselves
>>> ids = launch.writes(sheet, [Combination("1", 5, "WATER")], rows)
>>> [DATA.names[slot] for slot in sorted(ids)][:3]
['WAT.1', 'WAT.2', 'WAT.3']
>>> launch.write(sheet, Combination("1", 5, "ASTRONAUT"), DATA.slot("AST1.1") or 0, 0, None)
>>> DATA.slot("AST1.2") in launch.writes(sheet, [Combination("1", 4, "ASTRONAUT")], rows)
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
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
    triggered_slots,
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

    @property
    def last(self) -> int:
        """Its last space."""
        return self.slots[-1]


def _run(first: int, last: int) -> tuple[int, ...]:
    return tuple(range(first, last + 1))


FLOORS: Final = (
    Floor("AST1", ("ASTRONAUT",), _run(1, 3)),
    Floor("AST2", ("ASTRONAUT",), _run(4, 6)),
    Floor("WAT", ("WATER",), _run(7, 11)),
    Floor("ROB1", ("ROBOT",), _run(12, 16)),
    Floor("ROB2", ("ROBOT",), _run(17, 21)),
    Floor("PLA", ("PLANNING",), _run(22, 27)),
    Floor("ENE", ("ENERGY",), _run(28, 37)),
    Floor("PLT", ("PLANT",), _run(38, 45)),
    Floor("WILD", (), _run(46, 53)),
)
"""The nine floors, top to bottom (``adventure1.md`` §2)."""


def _bonuses(*items: tuple[int, str]) -> tuple[Bonus, ...]:
    result = []
    for slot, code in items:
        if code.startswith("R"):
            result.append(Bonus(slot, "R*" if code.endswith("*") else "R", int(code.strip("R*"))))
        else:
            result.append(Bonus(slot, code))
    return tuple(result)


QUARTERS: Final = (
    Quarter("Q1", _run(1, 3), _bonuses((54, "R3"), (55, "ACT"), (56, "X"))),
    Quarter("Q2", _run(4, 6), _bonuses((57, "R2"), (58, "R2*"), (59, "SAB")), 152),
    Quarter("Q3", _run(7, 8), _bonuses((60, "R2"), (61, "SAB"))),
    Quarter("Q4", _run(9, 11), _bonuses((62, "R3"), (63, "R3*")), 153),
    Quarter("Q5", _run(12, 13), _bonuses((64, "ACT"), (65, "X"))),
    Quarter("Q6", _run(14, 16), _bonuses((66, "R3"), (67, "X"))),
    Quarter("Q7", _run(17, 21), _bonuses((68, "R3"), (69, "R3*"), (70, "SAB"), (71, "SAB")), 154),
    Quarter("Q8", _run(22, 27), _bonuses((72, "R4"), (73, "R4*"), (74, "X"), (75, "SAB")), 155),
    Quarter("Q9", _run(28, 32), _bonuses((76, "R4"), (77, "R4*"), (78, "SAB"), (79, "SAB")), 156),
    Quarter("Q10", _run(33, 34), _bonuses((80, "R3"))),
    Quarter("Q11", _run(35, 37), _bonuses((81, "R2"), (82, "ACT"), (83, "X"))),
    Quarter("Q12", _run(38, 39), _bonuses((84, "R2"), (85, "R2*")), 157),
    Quarter("Q13", _run(40, 41), _bonuses((86, "R2"), (87, "ACT"))),
    Quarter("Q14", _run(42, 43), _bonuses((88, "R2"), (89, "R2*")), 158),
    Quarter("Q15", _run(44, 45), _bonuses((90, "X"), (91, "SAB"))),
    Quarter("Q16", _run(46, 47), _bonuses((92, "R2"), (93, "X"))),
    Quarter("Q17", _run(48, 49), _bonuses((94, "R2"), (95, "X"))),
    Quarter("Q18", _run(50, 51), _bonuses((96, "R2"), (97, "X"))),
    Quarter("Q19", _run(52, 53), _bonuses((98, "ACT"), (99, "X"))),
)
"""The 19 quarters and their bonuses (``adventure1.md`` §3)."""

_ROW_ENDS: Final = tuple(accumulate((5, 4, 3, 3, 3, 3, 3, 3, 2, 2)))
"""The rockets crossed once each row of the launch track is complete."""
LAUNCH: Final = Track(
    "launch",
    _run(100, 130),
    tuple(
        15 * sum(1 for end in _ROW_ENDS if end <= crossed) for crossed in range(_ROW_ENDS[-1] + 1)
    ),
)
"""The launch track: 31 rockets in rows of 5, 4, 3 … 2, 2; each complete row is worth 15."""
BONUS_ROCKETS: Final = Track("bonus rockets", _run(131, 138), tuple(5 * k for k in range(9)))
"""The eight bonus rockets (5 points each while no error is left unrepaired)."""
ERRORS: Final = _run(159, 166)
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


_ARROWS: Final = tuple((q.arrow, q.first, q.last + 1) for q in QUARTERS if q.arrow is not None)
"""Each activation arrow with its quarter's spaces as a slot range."""
_ARROW_NAMES: Final = {q.arrow: q.name for q in QUARTERS if q.arrow is not None}


def floors_for(action: str) -> tuple[Floor, ...]:
    """The floors ``action`` writes on: its own and the WILD floor.

    >>> [floor.name for floor in floors_for("ROBOT")]
    ['ROB1', 'ROB2', 'WILD']
    """
    return tuple(floor for floor in FLOORS if action in floor.actions or not floor.actions)


_FLOOR_SPANS: Final = {
    action: tuple((floor.slots[0], floor.slots[-1] + 1) for floor in floors_for(action))
    for action in ACTIONS
}
"""Per action, the floors it writes on as slot ranges (their slots are consecutive)."""
_ERROR_FIRST, _ERROR_END = ERRORS[0], ERRORS[-1] + 1
"""The System Error boxes as a slot range (counted and searched in C)."""
_LAUNCH_FIRST, _LAUNCH_END = LAUNCH.slots[0], LAUNCH.slots[-1] + 1
_SPACE_SPAN: Final = (DATA.space_slots[0], DATA.space_slots[-1] + 1)
ERROR_TRACK: Final = Track("errors", ERRORS, flag=CIRCLED)
"""The System Error boxes as a track: each error circles the next one."""


def cross_rockets(sheet: Sheet, rockets: int) -> None:
    """Cross ``rockets`` one at a time: the launch track first, then repair the first circled
    error, then the next bonus rocket; a rocket with nowhere to go is lost."""
    marks = sheet.marks
    for _ in range(rockets):
        slot = LAUNCH.next_slot(marks)
        if slot is None:
            slot = next((s for s in ERRORS if marks[s] == CIRCLED), None)
            if slot is None:
                slot = BONUS_ROCKETS.next_slot(marks)
                if slot is None:
                    return
        marks[slot] |= CROSSED


def unrepaired(sheet: Sheet) -> int:
    """System Error boxes circled and not repaired."""
    return sheet.marks.count(CIRCLED, _ERROR_FIRST, _ERROR_END)


def activatable(marks: bytearray) -> list[int]:
    """The activation arrows that may be drawn now: not drawn, their quarter not full."""
    return [arrow for arrow, first, end in _ARROWS if not marks[arrow] and 0 in marks[first:end]]


def _rockets(count: int) -> Call:
    """Cross ``count`` rockets (:func:`cross_rockets`)."""
    return Call(lambda engine, sheet, slot: cross_rockets(sheet, count))


def _bonus(quarter: Quarter, bonus: Bonus) -> Effects:
    """What a printed bonus gives once its quarter is full: a sabotage is a race (solo: crossed
    off, for a solo bonus); any other icon is crossed, then rockets (inactive ones only if the
    arrow is drawn), an activation or an X to write."""
    if bonus.kind == "SAB":
        return (Race(bonus.slot, solo_flag=CROSSED),)
    if bonus.kind == "R":
        then: Effect = _rockets(bonus.rockets)
    elif bonus.kind == "R*":
        assert quarter.arrow is not None
        then = Filled((quarter.arrow,), (_rockets(bonus.rockets),))
    else:
        then = Push("ACTIVATE" if bonus.kind == "ACT" else "X")
    return (Mark(bonus.slot, CROSSED), then)


def _filled(quarter: Quarter) -> Filled:
    """Filling ``quarter`` gains its bonuses, in printed order."""
    return Filled(
        quarter.slots, tuple(e for bonus in quarter.bonuses for e in _bonus(quarter, bonus))
    )


def _floors_filled(first: int, end: int) -> Callable[[bytearray], bool]:
    """Missions A1–B2: no empty space in slots ``first`` to ``end`` (their floors; a slice
    searched in C costs less than a find with bounds)."""
    return lambda marks: 0 not in marks[first:end]


def launched(marks: bytearray) -> bool:
    """The launch: every launch-track rocket crossed and no error left unrepaired."""
    return (
        0 not in marks[_LAUNCH_FIRST:_LAUNCH_END] and CIRCLED not in marks[_ERROR_FIRST:_ERROR_END]
    )


REQUIREMENTS: Final[dict[str, Callable[[bytearray], bool]]] = {
    "A1": _floors_filled(1, 12),
    "A2": _floors_filled(12, 28),
    "B1": _floors_filled(28, 38),
    "B2": _floors_filled(38, 54),
    "C1": lambda marks: marks.count(X, *_SPACE_SPAN) >= 10,
    "C2": lambda marks: marks.count(CIRCLED, _ERROR_FIRST, _ERROR_END) >= 5,
}
"""Each mission's requirement, read in C from the marks: floors filled (A1–B2), 10 X marks,
5 unrepaired errors."""


def _sabotage_state(mark: int) -> str:
    """A sabotage icon as the view shows it: ``crossed``, ``circled`` or ``open``."""
    return "crossed" if mark & CROSSED else "circled" if mark & CIRCLED else "open"


class Launch(Engine):
    """Adventure 1 — The Launch: the engine over these declarations."""

    title: ClassVar[str] = N_("The Launch")
    data: ClassVar[SheetData] = DATA
    changes: ClassVar[bool] = False
    tracks: ClassVar[Mapping[str, Track]] = {**DATA.tracks, "errors": ERROR_TRACK}
    reactions: ClassVar[Mapping[int, Effects]] = {
        slot: (_filled(quarter),) for quarter in QUARTERS for slot in quarter.slots
    }
    items: ClassVar[Mapping[str, Offer]] = {
        "X": Offer("X", Cross(DATA.empty_spaces)),
        "ACTIVATE": Offer("ACTIVATE", Choose(activatable, _ARROW_NAMES)),
    }
    crossable: ClassVar[tuple[int, ...]] = SABOTAGES
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

    def resolvable(self, sheet: Sheet, item: str) -> bool:
        """An X while a space is empty, an activation while an arrow may be drawn (read in C,
        without listing them)."""
        if item == "X":
            return not DATA.spaces_filled(sheet.marks)
        return bool(activatable(sheet.marks))

    def phase5(self, sheets: Sequence[Sheet]) -> None:
        """Sabotages: each one triggered this turn is crossed on every sheet, and every player
        who did not trigger that same sabotage this turn circles a System Error."""
        for slot in triggered_slots(sheets):
            for sheet in sheets:
                sheet.marks[slot] |= CROSSED
                if slot not in sheet.triggered:
                    self.advance(sheet, ERROR_TRACK)

    def reward(self, sheet: Sheet, mission: Mission, value: int) -> None:
        """Mission rewards are rockets, crossed at once."""
        super().reward(sheet, mission, value)
        cross_rockets(sheet, value)

    # ------------------------------------------------------------------ the end
    def penalty_boxes(self, sheet: Sheet) -> int:
        """Errors circled and not repaired."""
        return unrepaired(sheet)

    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """``launch − 5 × unrepaired + (5 × bonus rockets if none is unrepaired)``."""
        track = LAUNCH.value(sheet.marks)
        errors = unrepaired(sheet)
        bonus = BONUS_ROCKETS.value(sheet.marks) if errors == 0 else 0
        return with_total({"launch": track, "bonus_rockets": bonus, "errors": -5 * errors})

    # ------------------------------------------------------------------ solo
    def solo_effect(self, sheet: Sheet, letter: str, target: int | None) -> None:
        """Cross off the chosen sabotage and circle the next System Error box (even when no
        sabotage is left)."""
        super().solo_effect(sheet, letter, target)
        self.advance(sheet, ERROR_TRACK)

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
            "completed": [q.name for q in QUARTERS if 0 not in marks[q.first : q.last + 1]],
            "activated": [name for arrow, name in _ARROW_NAMES.items() if marks[arrow]],
            "sabotages": {f"#{slot}": _sabotage_state(marks[slot]) for slot in SABOTAGES},
        }


assert len(DATA.space_slots) == 53 and len(SABOTAGES) == 8
assert all(consecutive(floor.slots) for floor in FLOORS)
assert all(consecutive(quarter.slots) for quarter in QUARTERS)
assert consecutive(ERRORS) and consecutive(LAUNCH.slots) and consecutive(DATA.space_slots)
assert sorted(ACTIONS) == sorted({a for floor in FLOORS for a in floor.actions})
