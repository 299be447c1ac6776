"""What every adventure module provides: :class:`Adventure`, and :class:`Combination`.

An adventure is its sheet data (:class:`~moonbase.games.welcome_to_the_moon.sheet.SheetData`),
its six missions, and the rules only it has: where a number may be written, what the actions do,
its sheet-triggered bonuses, phase 5, the mission requirements, extra end triggers and the final
score. The state (:mod:`~moonbase.games.welcome_to_the_moon.state`) runs the turn around it:
cards, simultaneity, missions' high and low values, the end, ASTRA.

A seat's turn on its sheet is a :class:`~moonbase.games.welcome_to_the_moon.sheet.Sheet` going
through ``CHOOSE`` (one ``WRITE`` or ``ERROR``), then ``ACTING`` while sub-steps are pending, then
``DONE``. Everything here acts on one sheet only, so a seat's hidden choices can be replayed on a
copy of its sheet.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache, partial
from typing import Any, ClassVar, NamedTuple

from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.layout import Layout
from moonbase.games.welcome_to_the_moon.missions import Mission
from moonbase.games.welcome_to_the_moon.sheet import Sheet, SheetData, span_fits

__all__ = [
    "Adventure",
    "Combination",
    "Context",
    "MissionTest",
    "WriteRows",
    "mission_tests",
    "with_total",
]

MissionTest = Callable[[Sequence[Sheet], int], bool]
"""Whether seat ``seat`` meets a mission now, given every sheet (:meth:`Adventure.mission_test`)."""

WriteRows = Mapping[tuple[int, int, str | None], Sequence[int]]
"""``(combination index, change, wild action)`` → the action id of that write per slot (the
notation's table; ``-1`` where the slot is no space)."""


class Combination(NamedTuple):
    """A number and an action a seat may choose: ``label`` as the notation writes it (``2``, or
    in solo ``1 3``: number card, action card)."""

    label: str
    number: int
    action: str
    position: int = 0
    """Its place in the turn's offer (what the notation's write tables are indexed by)."""


class Context(NamedTuple):
    """What a score needs beyond one sheet: every sheet in the comparison (majorities) and, in
    solo, ASTRA's cards per action."""

    sheets: Sequence[Sheet]
    astra_cards: Sequence[int] | None = None


class Adventure(ABC):
    """One adventure's rules. Instances are shared and immutable: every method takes the sheet."""

    number: ClassVar[int]
    title: ClassVar[str]
    data: ClassVar[SheetData]
    missions: ClassVar[Mapping[str, Mission]]
    """Mission card name (``A1`` …) → card."""
    words: ClassVar[tuple[str, ...]]
    """The first words of this adventure's sub-step actions (for notation and messages)."""
    changes: ClassVar[bool] = True
    """Whether the Astronaut action may change the number written (``WRITE … ±1``)."""
    wilds: ClassVar[bool] = False
    """Whether wild actions exist (``WRITE … WILD <action>``)."""
    shares_sheets: ClassVar[bool] = False
    """Whether a seat may write on another seat's sheet (:meth:`sheet_for`)."""
    layout: ClassVar[Layout]
    """The sheet as printed (:class:`~moonbase.games.welcome_to_the_moon.layout.Layout`)."""

    # ------------------------------------------------------------------ sheets
    def new_sheet(self, solo: bool) -> Sheet:
        """A blank sheet (with anything printed already marked)."""
        return Sheet(self.data.size, solo)

    # ------------------------------------------------------------------ who writes where
    def sheet_for(self, seat: int, turn: int, players: int) -> int:
        """The index of the sheet ``seat`` writes on this turn: its own by default (adventure 8:
        a neighbour's on odd turns). Every sheet has at most one writer per turn, and the
        per-turn fields of a sheet (``stage``, ``pending`` …) are its writer's."""
        return seat

    def start_turn(self, sheets: Sequence[Sheet], turn: int) -> None:
        """Prepare the sheets for turn ``turn`` (before its cards are drawn); nothing by
        default (adventure 8 notes which side writes)."""
        return

    # ------------------------------------------------------------------ phases 2–3
    @abstractmethod
    def writes(
        self, sheet: Sheet, combos: Sequence[Combination], rows: WriteRows, wild: bool = True
    ) -> list[int]:
        """The action ids (from ``rows``) of every ``WRITE`` this sheet allows with ``combos``
        (unsorted); ``wild=False`` leaves out wild actions."""

    @abstractmethod
    def write(
        self, sheet: Sheet, combo: Combination, slot: int, modified: int, wild: str | None
    ) -> None:
        """Write the number (phase 3) and start the action's sub-steps."""

    @abstractmethod
    def error(self, sheet: Sheet) -> None:
        """No combination can be written: mark the next System Error box."""

    # ------------------------------------------------------------------ phase 4
    @abstractmethod
    def step_texts(self) -> list[str]:
        """Every sub-step action this adventure can ever offer (its part of the universe)."""

    def cross_slots(self) -> tuple[int, ...]:
        """Solo: every slot an ASTRA effect card may ever let the player cross off."""
        return ()

    @abstractmethod
    def options(self, sheet: Sheet, item: str) -> list[str]:
        """The actions that resolve one pending sub-step ``item`` (``[]``: it is lost)."""

    @abstractmethod
    def step(self, sheet: Sheet, action: str) -> None:
        """Carry out a legal sub-step action."""

    def steps(self, sheet: Sheet) -> list[str]:
        """Every sub-step action allowed now (unsorted, unique)."""
        seen: list[str] = []
        result: list[str] = []
        for item in sheet.pending:
            if item not in seen:
                seen.append(item)
                result.extend(self.options(sheet, item))
        return result

    def settle(self, sheet: Sheet) -> None:
        """Drop pending sub-steps that can no longer do anything; a sheet with none is done."""
        pending = sheet.pending
        if pending:
            live = {item: self.resolvable(sheet, item) for item in set(pending)}
            if not all(live.values()):
                sheet.pending = [item for item in pending if live[item]]
        if not sheet.pending:
            sheet.stage = Sheet.DONE

    def resolvable(self, sheet: Sheet, item: str) -> bool:
        """Whether a pending sub-step ``item`` can still do anything: whether :meth:`options`
        offers any action for it (an adventure may answer without building them)."""
        return bool(self.options(sheet, item))

    # ------------------------------------------------------------------ phases 5–6
    @abstractmethod
    def phase5(self, sheets: Sequence[Sheet]) -> None:
        """Resolve what this turn triggered across sheets (multiplayer only)."""

    @abstractmethod
    def mission_met(self, sheet: Sheet, card: str) -> bool:
        """Whether ``sheet`` meets mission ``card``'s requirement now."""

    def meets(self, sheets: Sequence[Sheet], seat: int, card: str) -> bool:
        """Whether ``seat`` meets mission ``card`` now (by default: its own sheet does)."""
        return self.mission_met(sheets[seat], card)

    def mission_test(self, card: str) -> MissionTest:
        """Mission ``card``'s requirement as a function ``test(sheets, seat)``: what
        :meth:`meets` answers, without reading the card's name at each call (an adventure may
        give a quicker one per card; the state asks for its game's three once)."""
        return partial(self.meets, card=card)

    def reward(self, sheet: Sheet, mission: Mission, value: int) -> None:
        """Take a mission's reward (points are kept in ``sheet.missions``)."""
        sheet.mark(self.data.mission_slots[mission.index], 1)

    # ------------------------------------------------------------------ the end
    def errors_marked(self, sheet: Sheet) -> int:
        """System Error boxes used (circled or crossed)."""
        return self.data.errors_marked(sheet.marks)

    def penalty_boxes(self, sheet: Sheet) -> int:
        """Error boxes that count for the tie-break (fewest wins)."""
        return self.errors_marked(sheet)

    def seat_penalty(self, sheets: Sequence[Sheet], seat: int) -> int:
        """Error boxes that count for ``seat``'s tie-break (by default its own sheet's)."""
        return self.penalty_boxes(sheets[seat])

    def end_triggers(self, sheets: Sequence[Sheet], index: int) -> list[dict[str, Any]]:
        """The end triggers sheet ``index`` meets (checked at the end of each turn; any one
        ends the game), each ``{"trigger": code, "seat": index, ...}``: ``all-missions`` (its
        seat accomplished all three), ``last-error`` (every System Error box marked, with
        ``boxes``: how many there are), ``all-spaces`` (every number space filled)."""
        sheet = sheets[index]
        found: list[dict[str, Any]] = []
        if all(value >= 0 for value in sheet.missions):
            found.append({"trigger": "all-missions", "seat": index})
        boxes = len(self.data.error_slots)
        if self.errors_marked(sheet) == boxes:
            found.append({"trigger": "last-error", "seat": index, "boxes": boxes})
        if self.data.spaces_filled(sheet.marks):
            found.append({"trigger": "all-spaces", "seat": index})
        return found

    def ends(self, sheets: Sequence[Sheet], index: int) -> bool:
        """Whether sheet ``index`` meets any end trigger now: whether :meth:`end_triggers` lists
        any, without building the list (an adventure that adds triggers adds them here too)."""
        sheet = sheets[index]
        return (
            min(sheet.missions) >= 0
            or self.errors_marked(sheet) == len(self.data.error_slots)
            or self.data.spaces_filled(sheet.marks)
        )

    @abstractmethod
    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """The score's parts by name, each with its sign (a penalty is negative), and
        ``total``, their sum (:func:`with_total`)."""

    # ------------------------------------------------------------------ solo
    @abstractmethod
    def solo_targets(self, sheet: Sheet, letter: str) -> list[int]:
        """Slots the player may choose for an ASTRA effect card (``[]``: no choice)."""

    @abstractmethod
    def solo_effect(self, sheet: Sheet, letter: str, target: int | None) -> None:
        """Resolve an ASTRA effect card with the chosen ``target`` (``None`` if none)."""

    # ------------------------------------------------------------------ views
    @abstractmethod
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """The marks of a sheet as JSON-safe data (``spaces`` and the adventure's other marks)."""

    # ------------------------------------------------------------------ sub-steps between turns
    # An adventure may leave sub-steps on sheets outside phase 4 (stage ``ACTING`` with
    # ``pending``): a sheet that starts with some (a setup choice), ``phase5``, ``solo_phase5``,
    # ``after_missions`` or ``solo_effect``. The state then lets those seats resolve them (phase
    # ``resolve``, or ``effect`` in solo) before it goes on. Adventures 1–5 never do.

    def solo_phase5(self, sheet: Sheet) -> None:
        """Solo: resolve what the player's turn triggered on their own sheet (after ASTRA takes
        her card); nothing by default."""
        return

    def after_missions(self, sheets: Sequence[Sheet]) -> bool:
        """After phase 6: resolve what the missions just claimed release for everyone (e.g. a
        virus); ``True`` when something was released, so that missions are checked again once
        the sheets' sub-steps are resolved. Nothing by default."""
        return False

    def astra_turn(self, sheet: Sheet, number: int, action: str) -> None:
        """Solo: ASTRA plays the turn's first card (``number``, ``action``) on the sheet herself
        (adventure 8); sub-steps left on the sheet are the player's choices for her. Nothing by
        default."""
        return

    def solo_card(self, letter: str, pass_number: int) -> str:
        """The effect an ASTRA card ``letter`` drawn in pass 1 or 2 has, as passed to
        :meth:`solo_targets` and :meth:`solo_effect` (by default the letter, whatever the
        pass)."""
        return letter


@cache
def mission_tests(adventure: Adventure, cards: tuple[str, ...]) -> tuple[MissionTest, ...]:
    """The tests of a game's mission ``cards`` (:meth:`Adventure.mission_test`), made once."""
    return tuple(adventure.mission_test(card) for card in cards)


def with_total(parts: dict[str, int]) -> dict[str, int]:
    """A score's ``parts`` (each with its sign: a penalty is negative) and ``total``, their
    sum, so that whoever shows a score sums its parts without knowing which ones subtract.

    >>> with_total({"launch": 75, "bonus_rockets": 0, "errors": -5})
    {'launch': 75, 'bonus_rockets': 0, 'errors': -5, 'total': 70}
    """
    return {**parts, "total": sum(parts.values())}


ASTRONAUT_CHANGES = (-2, -1, 0, 1, 2)
"""How far the Astronaut action may change a number."""


def fitting_writes(
    slots_for: Callable[[int], list[int]],
    combos: Sequence[Combination],
    rows: WriteRows,
    wild: bool = False,
) -> list[int]:
    """The ids of every write of ``combos`` (each with its :func:`variants`), where
    ``slots_for(n)`` gives the empty spaces a number ``n`` fits (:func:`in_spaces`,
    :func:`in_zones`). It is asked once per number, however many variants write it.

    >>> rows = {(0, change, None): list(range(10)) for change in ASTRONAUT_CHANGES}
    >>> slots = in_spaces([(3, -1, 5), (7, 5, 18)])
    >>> sorted(fitting_writes(slots, [Combination("1", 5, "ASTRONAUT")], rows))
    [3, 3, 7, 7]
    """
    fitting: dict[int, list[int]] = {}
    result: list[int] = []
    for combo in combos:
        for change, wild_action, number in variant_list(combo.number, combo.action, wild):
            slots = fitting.get(number)
            if slots is None:
                slots = fitting[number] = slots_for(number)
            if slots:
                row = rows[combo.position, change, wild_action]
                result.extend([row[slot] for slot in slots])
    return result


def in_spaces(spaces: Sequence[tuple[int, int, int]]) -> Callable[[int], list[int]]:
    """The empty spaces a number fits among ``spaces``, each ``(slot, low, high)``: ``n`` fits
    it iff ``low < n < high``."""
    return lambda number: [slot for slot, low, high in spaces if low < number < high]


def in_zones(marks: bytearray, zones: Sequence[tuple[int, ...]]) -> Callable[[int], list[int]]:
    """The empty spaces a number fits in ascending ``zones`` of consecutive slots
    (:func:`~moonbase.games.welcome_to_the_moon.sheet.span_fits`)."""
    frozen = bytes(marks)
    tables = [span_fits(frozen, zone[0], zone[0] + len(zone)) for zone in zones]
    return lambda number: [slot for fits in tables for slot in fits[number]]


@cache
def variant_list(number: int, action: str, wild: bool) -> tuple[tuple[int, str | None, int], ...]:
    """:func:`variants` of a combination of ``number`` and ``action``, kept once computed."""
    return tuple(variants(Combination("", number, action), wild))


def variants(combo: Combination, wild: bool = False) -> Iterator[tuple[int, str | None, int]]:
    """Every way to write ``combo``: the change, the wild action (``None``: none) and the number
    written. The Astronaut action (or, with ``wild``, a wild action that takes it) may change the
    number by up to ±2; numbers stay within 0–17.

    >>> [change for change, _, _ in variants(Combination("1", 5, "ASTRONAUT"))]
    [-2, -1, 0, 1, 2]
    >>> [n for _, _, n in variants(Combination("1", 17, "PLANT"), wild=True)][:2]
    [17, 17]
    """
    choices: list[tuple[str | None, str]] = [(None, combo.action)]
    if wild:
        choices.extend((action, action) for action in ACTIONS if action != combo.action)
    for wild_action, action in choices:
        for change in ASTRONAUT_CHANGES if action == "ASTRONAUT" else (0,):
            number = combo.number + change
            if 0 <= number <= 17:
                yield change, wild_action, number
