"""The sheet model every adventure shares: slots, spaces with aliases, zones, tracks and marks.

Every markable spot of an adventure sheet has a *slot id* (the adventure files' stable ids). An
adventure describes its sheet once as a frozen :class:`SheetData` (spaces with readable aliases,
static zones, progress tracks as value lists, named groups of symbol slots); a sheet in play is a
:class:`Sheet`, whose marks are one ``bytearray`` indexed by slot id, so copying a sheet is
copying a few hundred bytes:

* a number space holds :data:`EMPTY`, a number ``n`` (0–17) as ``n + 1``, :data:`X` or
  :data:`INFECTED` (adventure 6);
* any other slot holds flags: :data:`CIRCLED` (circled, gained, drawn — a wall or an arrow is
  "circled") and :data:`CROSSED` (struck: used, lost or repaired).

>>> track = Track("launch", (100, 101, 102), (0, 15, 30, 45))
>>> marks = bytearray(110)
>>> marks[100] = marks[101] = CROSSED
>>> track.marked(marks), track.value(marks), track.next_slot(marks)
(2, 30, 102)
>>> marks[1], marks[3] = number_code(4), X
>>> open_spaces(marks, (1, 2, 3, 4))
[(2, 4, 18), (4, 4, 18)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final, NamedTuple, TypeVar

__all__ = [
    "CIRCLED",
    "CROSSED",
    "EMPTY",
    "INFECTED",
    "FitTable",
    "MakeTable",
    "Runs",
    "Sheet",
    "SheetData",
    "Space",
    "Spans",
    "Track",
    "X",
    "Zone",
    "Zones",
    "at_least",
    "count_marked",
    "fits_by_number",
    "full_groups",
    "groups_with",
    "number_code",
    "numbered_spaces",
    "open_spaces",
    "run_fits",
    "slots_in",
    "spans_of",
    "zone_open",
]

EMPTY: Final = 0
"""An empty number space."""
X: Final = 19
"""An X in a number space: filled, but without a value."""
INFECTED: Final = 20
"""An infection cross (adventure 6): filled, without a value."""
CIRCLED: Final = 1
"""Flag of a symbol slot: circled (gained, drawn)."""
CROSSED: Final = 2
"""Flag of a symbol slot: crossed off (used, lost, repaired)."""

LOW: Final = -1
"""Lower bound below every number."""
HIGH: Final = 18
"""Upper bound above every number (numbers run 0–17)."""


def number_code(number: int) -> int:
    """The mark that writes ``number`` (0–17) in a space.

    >>> number_code(0), number_code(17)
    (1, 18)
    """
    return number + 1


_SHOWN: Final[tuple[int | str | None, ...]] = (None, *range(HIGH), "X", "INFECTED")
"""Each space mark as the view shows it: ``None`` (empty), a number, ``"X"``, ``"INFECTED"``."""


def open_spaces(marks: bytearray, zone: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Each empty space of ``zone`` with the largest number before it and the smallest after
    it (``-1`` and ``18`` when there is none): ``n`` fits it iff ``low < n < high``. X marks
    are ignored.

    >>> marks = bytearray(8)
    >>> marks[2], marks[4] = number_code(3), number_code(9)
    >>> open_spaces(marks, (1, 2, 3, 4, 5))
    [(1, -1, 3), (3, 3, 9), (5, 9, 18)]
    """
    return list(zone_open(zone, tuple([marks[slot] for slot in zone])))


@lru_cache(maxsize=16384)
def zone_open(zone: tuple[int, ...], marks: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """:func:`open_spaces` of ``zone`` whose slots hold ``marks`` (in zone order, as a gather
    of them gives), kept once computed: a zone seldom changes in a turn, so its marks repeat.

    >>> zone_open((1, 2, 3, 4, 5), (0, number_code(3), 0, number_code(9), 0))
    ((1, -1, 3), (3, 3, 9), (5, 9, 18))
    """
    found: list[tuple[int, int, int]] = []
    low = LOW
    waiting: list[int] = []  # the empty slots since the last number
    for slot, mark in zip(zone, marks, strict=True):
        if not mark:
            waiting.append(slot)
        elif mark <= HIGH:
            high = mark - 1
            found.extend([(space, low, high) for space in waiting])
            waiting = []
            low = high
    found.extend([(space, low, HIGH) for space in waiting])
    return tuple(found)


Spans = tuple[slice, ...]
"""Slots as runs of consecutive slot ids (``slice(4, 7)``: slots 4, 5 and 6), so that a table
indexed by slot (the write ids of a combination) is read by one slice per run."""


FitTable = Sequence[Spans] | Mapping[int, Spans]
"""Per number 0–17, the empty spaces it fits, as :data:`Spans` (:func:`run_fits` gives a
tuple of them)."""


def slots_in(spans: Spans) -> list[int]:
    """The slots of ``spans``, in order.

    >>> slots_in((slice(3, 5), slice(7, 8)))
    [3, 4, 7]
    """
    return [slot for span in spans for slot in range(span.start, span.stop)]


def spans_of(slots: Iterable[int]) -> Spans:
    """Slots in ascending order as runs of consecutive slots.

    >>> spans_of([3, 4, 7])
    (slice(3, 5, None), slice(7, 8, None))
    """
    spans: list[slice] = []
    for slot in slots:
        if spans and spans[-1].stop == slot:
            spans[-1] = slice(spans[-1].start, slot + 1)
        else:
            spans.append(slice(slot, slot + 1))
    return tuple(spans)


@lru_cache(maxsize=8192)
def run_fits(first: int, marks: bytes) -> tuple[Spans, ...]:
    """For the zone of consecutive slots from ``first`` whose ``marks`` are given: per number
    0–17, the empty spaces of the zone it fits (:func:`open_spaces`), each gap read as its runs
    (an X splits a run, it does not close the gap). Kept once computed: the marks are the key.

    >>> [slots_in(spans) for spans in run_fits(1, bytes([0, 4, 0, X, 0, 10, 0]))[2:5]]
    [[1], [], [3, 5]]
    >>> run_fits(1, bytes([0, 4, 0, X, 0, 10, 0]))[4]
    (slice(3, 4, None), slice(5, 6, None))
    >>> [slots_in(spans) for spans in run_fits(1, bytes([0, 6, 2, 0]))[1:4]]  # ranges overlap
    [[1], [1, 4], [1, 4]]
    """
    gaps: list[tuple[Spans, int, int]] = []  # each gap's runs, with the numbers around it
    runs: list[slice] = []  # the runs of the gap being read
    start = -1  # the first slot of the run being read (-1: none)
    low = LOW
    for slot, mark in enumerate(marks, first):
        if not mark:
            if start < 0:
                start = slot
            continue
        if start >= 0:
            runs.append(slice(start, slot))
            start = -1
        if mark <= HIGH:  # a number closes the gap (X marks are ignored)
            if runs:
                gaps.append((tuple(runs), low, mark - 1))
                runs = []
            low = mark - 1
    if start >= 0:
        runs.append(slice(start, first + len(marks)))
    if runs:
        gaps.append((tuple(runs), low, HIGH))
    return fits_by_number(gaps, ())


_Fit = TypeVar("_Fit", Spans, int)


def fits_by_number(ranges: Iterable[tuple[_Fit, int, int]], nothing: _Fit) -> tuple[_Fit, ...]:
    """The table, by number, of what a number fits: each of ``ranges`` is ``(fit, low, high)``,
    what every ``n`` with ``low < n < high`` fits (spans, or a mask of spaces); a number no range
    holds fits ``nothing``. A range above every earlier one (as a zone's ascending numbers give
    them) is set in one slice, one that overlaps them added number by number (the spaces are
    distinct: for masks ``+`` is ``|``).

    >>> fits_by_number([((slice(3, 4),), -1, 2), ((slice(7, 8),), 0, 3)], ())[:3]
    ((slice(3, 4, None),), (slice(3, 4, None), slice(7, 8, None)), (slice(7, 8, None),))
    >>> fits_by_number([(0b10, 2, 5), (0b1000, 4, 7)], 0)[3:7]
    (2, 2, 8, 8)
    """
    fits: list[_Fit] = [nothing] * HIGH
    top = 0  # every range so far lies below it
    for fit, low, high in ranges:
        if not fit or low + 1 >= high:  # fits nothing, or no number between
            continue
        if low + 1 >= top:
            fits[low + 1 : high] = [fit] * (high - low - 1)
        else:
            for number in range(low + 1, high):
                fits[number] += fit
        if high > top:
            top = high
    return tuple(fits)


MakeTable = Callable[[int, bytes], tuple[Spans, ...]]
"""What makes a zone's table from its first slot and its marks (:func:`run_fits`)."""
Zones = tuple[tuple[int, slice, dict[bytes, tuple[Spans, ...]], MakeTable], ...]
"""Per zone (:class:`Runs`): its first slot, its slots as a slice, its tables by its marks and
what makes them."""

_TABLES: Final[dict[tuple[MakeTable, int], dict[bytes, tuple[Spans, ...]]]] = {}
"""Per maker and first slot, the tables by the zone's marks (what :meth:`Runs.fits` reads)."""


class Runs(NamedTuple):
    """Zones of consecutive slots as :func:`run_fits` (or another ``make``) reads them, each
    with the tables kept for it (:data:`Zones`).

    >>> marks = bytearray(8)
    >>> marks[2] = number_code(3)
    >>> tables = Runs.of([(1, 2, 3), (5, 6)]).fits(marks)
    >>> [slots_in(table[5]) for table in tables]
    [[3], [5, 6]]
    """

    zones: Zones

    @staticmethod
    def of(zones: Iterable[Sequence[int]], make: MakeTable | None = None) -> Runs:
        """The runs of ``zones``, each of consecutive slots, whose tables ``make`` makes (by
        default :func:`run_fits`, uncached: the runs keep its tables)."""
        make = make or run_fits.__wrapped__
        found = []
        for zone in zones:
            first = zone[0]
            assert consecutive(tuple(zone)), "a zone of consecutive slots"
            kept = _TABLES.setdefault((make, first), {})
            found.append((first, slice(first, zone[-1] + 1), kept, make))
        return Runs(tuple(found))

    def fits(self, marks: bytearray) -> list[tuple[Spans, ...]]:
        """Each zone's table, read from a plain dict by the zone's marks (a call of a cached
        function costs more than the lookup, done here for every zone of every write); at most
        4096 are kept per zone, all dropped once there are more."""
        frozen = bytes(marks)
        tables = []
        for first, span, kept, make in self.zones:
            key = frozen[span]
            table = kept.get(key)
            if table is None:
                if len(kept) >= 4096:
                    kept.clear()
                table = kept[key] = make(first, key)
            tables.append(table)
        return tables


def consecutive(slots: tuple[int, ...]) -> bool:
    """Whether ``slots`` are consecutive slot ids (what :class:`Runs` needs).

    >>> consecutive((4, 5, 6)), consecutive((4, 6))
    (True, False)
    """
    return slots == tuple(range(slots[0], slots[0] + len(slots)))


def gather(slots: Sequence[int]) -> Callable[[bytes | bytearray], tuple[int, ...]]:
    """A C-fast function giving the marks of ``slots`` as a tuple (even for a single slot).

    >>> gather((1,))(bytearray([4, 5])), gather(())(bytearray(2)), gather((0, 1))(bytearray([4, 5]))
    ((5,), (), (4, 5))
    """
    if len(slots) > 1:
        return itemgetter(*slots)
    return lambda marks: tuple(marks[slot] for slot in slots)


def groups_with(
    groups: Iterable[Sequence[int]], marked: int, count: int, mark: int | None = None
) -> Callable[[bytearray], bool]:
    """A mission's test: whether at least ``count`` of ``groups`` of slots have ``marked`` slots
    or more that carry a mark, or that hold ``mark`` if it is given (a8: a side's insignia);
    each group's marks gathered in C and counted in a plain loop (missions are tested every
    turn), which stops once too many groups fall short.

    >>> met = groups_with([(0, 1, 2), (3, 4, 5), (6, 7, 8)], 2, 2)
    >>> met(bytearray([1, 1, 0, 0, 2, 2, 0, 0, 0])), met(bytearray([1, 0, 0, 0, 2, 2, 1, 0, 0]))
    (True, False)
    >>> groups_with([(0, 1), (2, 3)], 1, 2, mark=2)(bytearray([1, 2, 2, 0]))
    True
    """
    counted = 0 if mark is None else mark
    reads = []  # per group: its gather and the fewest and most ``counted`` slots that pass
    for slots in groups:
        if mark is None:  # count the empty slots
            reads.append((gather(slots), 0, len(slots) - marked))
        else:
            reads.append((gather(slots), marked, len(slots)))
    allowed = len(reads) - count  # how many groups may fall short

    def met(marks: bytearray) -> bool:
        spare = allowed
        for marks_of, fewest, most in reads:
            if not fewest <= marks_of(marks).count(counted) <= most:
                spare -= 1
                if spare < 0:
                    return False
        return True

    return met


def full_groups(groups: Iterable[Sequence[int]], count: int) -> Callable[[bytearray], bool]:
    """A mission's test: whether at least ``count`` of ``groups`` of slots have every slot
    marked (as :func:`groups_with`, but a group stops being read at its first empty slot).

    >>> met = full_groups([(0, 1), (2,), (3, 4)], 2)
    >>> met(bytearray([1, 1, 0, 2, 2])), met(bytearray([1, 0, 0, 2, 2]))
    (True, False)
    """
    gathers = [gather(slots) for slots in groups]
    allowed = len(gathers) - count  # how many groups may be incomplete

    def met(marks: bytearray) -> bool:
        spare = allowed
        for marks_of in gathers:
            if 0 in marks_of(marks):
                spare -= 1
                if spare < 0:
                    return False
        return True

    return met


def at_least(
    slots: Sequence[int], count: int, mark: int | None = None
) -> Callable[[bytearray], bool]:
    """A mission's test: whether at least ``count`` of ``slots`` carry a mark, or hold ``mark``
    if it is given (:func:`groups_with` of one group, without its loop).

    >>> marks = bytearray([1, 0, 2])
    >>> at_least((0, 1, 2), 2)(marks), at_least((0, 1, 2), 2, mark=2)(marks)
    (True, False)
    """
    marks_of = gather(slots)
    if mark is None:
        most_empty = len(slots) - count
        return lambda marks: marks_of(marks).count(0) <= most_empty
    return lambda marks: marks_of(marks).count(mark) >= count


def count_marked(marks: bytes | bytearray, slots: Sequence[int]) -> int:
    """How many of ``slots`` carry a mark of any kind (a number, an X, a circle or a cross).

    >>> count_marked(bytearray([0, 4, 0, CROSSED]), (1, 2, 3)), count_marked(bytearray(2), ())
    (2, 0)
    """
    return len(slots) - gather(slots)(marks).count(0)


@dataclass(frozen=True)
class Space:
    """A number space: its slot id and readable alias (``ENE.3``, ``T14``)."""

    slot: int
    alias: str


@dataclass(frozen=True)
class Zone:
    """A zone: spaces in reading order, which is the ascending order."""

    name: str
    slots: tuple[int, ...]


def numbered_spaces(groups: Iterable[tuple[str, Sequence[int]]]) -> tuple[Space, ...]:
    """The spaces of named groups of slots (floors, skyscrapers, quarters), each named for its
    group and its place in it from 1.

    >>> numbered_spaces([("ENE", (40, 41)), ("WAT", (12,))])
    (Space(slot=40, alias='ENE.1'), Space(slot=41, alias='ENE.2'), Space(slot=12, alias='WAT.1'))
    """
    return tuple(
        Space(slot, f"{name}.{index}")
        for name, slots in groups
        for index, slot in enumerate(slots, start=1)
    )


@dataclass(frozen=True)
class Track:
    """A progress track: boxes marked from the first to the last with ``flag``, and its value
    list, where ``values[k]`` is the value once ``k`` boxes are marked (``standard.md`` §6;
    ``()``: a track that scores through something else). ``overflow``: a slot a full track
    marks instead (adventure 7's planning track, which marks slot 0 once full)."""

    name: str
    slots: tuple[int, ...]
    values: tuple[int, ...] = ()
    flag: int = CROSSED
    overflow: int | None = None

    def __post_init__(self) -> None:
        assert not self.values or len(self.values) == len(self.slots) + 1, (
            f"track {self.name}: values per box + 1"
        )

    def marked(self, marks: bytearray) -> int:
        """How many boxes are marked (they are marked in order)."""
        for count, slot in enumerate(self.slots):
            if not marks[slot]:
                return count
        return len(self.slots)

    def value(self, marks: bytearray) -> int:
        """The track's value now."""
        return self.values[self.marked(marks)]

    def next_slot(self, marks: bytearray) -> int | None:
        """The next box to mark, or ``None`` when all are marked (a loop, not
        :func:`first_empty`: tracks advance on every action)."""
        for slot in self.slots:
            if not marks[slot]:
                return slot
        return None


@dataclass(frozen=True)
class SheetData:
    """One adventure's sheet as data: what never changes during a game.

    ``zones`` are the static zones (an adventure whose zones change, like adventure 2's walled
    trajectory, computes them from the marks); ``tracks`` the progress tracks by name;
    ``symbols`` named groups of symbol slots in marking order.
    """

    adventure: int
    spaces: tuple[Space, ...]
    size: int
    """One more than the highest slot id."""
    error_slots: tuple[int, ...]
    mission_slots: tuple[int, int, int]
    zones: tuple[Zone, ...] = ()
    tracks: Mapping[str, Track] = field(default_factory=dict)
    symbols: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    aliases: Mapping[str, int] = field(init=False, compare=False)
    """Alias → slot id, for every space and any extra alias an adventure adds."""
    names: Mapping[int, str] = field(init=False, compare=False)
    """Slot id → alias."""
    space_slots: tuple[int, ...] = field(init=False, compare=False)
    """Every number space, in slot order."""
    space_span: slice = field(init=False, compare=False, repr=False)
    """Every number space, as one slice of the marks (they are consecutive slots)."""
    _error_marks: Callable[[bytearray], tuple[int, ...]] = field(
        init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        aliases = {space.alias: space.slot for space in self.spaces}
        object.__setattr__(self, "aliases", aliases)
        object.__setattr__(self, "names", {slot: alias for alias, slot in aliases.items()})
        slots = tuple(sorted(aliases.values()))
        assert consecutive(slots), "the number spaces are consecutive slots"
        object.__setattr__(self, "space_slots", slots)
        object.__setattr__(self, "space_span", slice(slots[0], slots[-1] + 1))
        object.__setattr__(self, "_error_marks", gather(self.error_slots))

    def errors_marked(self, marks: bytearray) -> int:
        """How many System Error boxes hold a mark (circled or crossed).

        >>> data = SheetData(1, (Space(1, "A.1"),), 5, (2, 3, 4), (0, 0, 0))
        >>> data.errors_marked(bytearray([0, 0, CIRCLED, 0, CROSSED]))
        2
        """
        marked = self._error_marks(marks)
        return len(marked) - marked.count(0)

    def spaces_filled(self, marks: bytearray) -> bool:
        """Whether every number space is filled (a number, an X or an infection).

        >>> data = SheetData(1, (Space(1, "A.1"), Space(2, "A.2")), 3, (), (0, 0, 0))
        >>> data.spaces_filled(bytearray([0, 5, X])), data.spaces_filled(bytearray([0, 0, X]))
        (True, False)
        """
        return 0 not in marks[self.space_span]  # one slice searched in C (a find costs more)

    def ended(self, marks: bytearray) -> bool:
        """Whether every System Error box holds a mark or every number space is filled (two
        of the end triggers, in one call).

        >>> data = SheetData(1, (Space(1, "A.1"), Space(2, "A.2")), 4, (3,), (0, 0, 0))
        >>> data.ended(bytearray([0, 5, 0, 0])), data.ended(bytearray([0, 5, 0, CROSSED]))
        (False, True)
        """
        return 0 not in self._error_marks(marks) or self.spaces_filled(marks)

    def spaces_view(self, marks: bytearray) -> dict[str, int | str | None]:
        """Every space as the view shows it: ``{alias: number | "X" | None}``, in slot order.

        >>> data = SheetData(1, (Space(1, "A.1"), Space(2, "A.2")), 3, (), (0, 0, 0))
        >>> data.spaces_view(bytearray([0, 5, X]))
        {'A.1': 4, 'A.2': 'X'}
        """
        names = self.names
        return {names[slot]: _SHOWN[marks[slot]] for slot in self.space_slots}

    def slot(self, word: str) -> int | None:
        """The space a word names (an alias, or ``#<slot id>`` of a space), or ``None``.

        >>> data = SheetData(1, (Space(1, "T1"),), 3, (2,), (0, 0, 0))
        >>> data.slot("T1"), data.slot("#1"), data.slot("T9")
        (1, 1, None)
        """
        if word.startswith("#"):
            slot = int(word[1:]) if word[1:].isdigit() else -1
            return slot if slot in self.names else None
        return self.aliases.get(word)

    def name(self, slot: int) -> str:
        """A slot as the notation writes it: its alias, or ``#<slot id>``."""
        return self.names.get(slot) or f"#{slot}"

    def empty_spaces(self, marks: bytearray) -> list[int]:
        """Every empty number space, in slot order."""
        return [slot for slot in self.space_slots if not marks[slot]]


class Sheet:
    """One player's sheet in play: the marks, and what this turn has done so far.

    ``stage`` is :data:`CHOOSE` until the player writes (or takes a System Error), then
    :data:`ACTING` while sub-steps are ``pending`` (e.g. ``["X", "ACTIVATE"]``), then
    :data:`DONE`. ``missions`` holds the reward taken for missions A, B, C (``-1``: not yet).
    """

    CHOOSE: Final = 0
    ACTING: Final = 1
    DONE: Final = 2

    __slots__ = (
        "action",
        "marks",
        "missions",
        "modified",
        "pending",
        "solo",
        "solo_bonus",
        "solo_used",
        "stage",
        "triggered",
        "written",
    )

    def __init__(self, size: int, solo: bool) -> None:
        self.marks = bytearray(size)
        self.solo = solo
        self.new_turn()
        self.missions = [-1, -1, -1]
        self.solo_bonus = 0
        """Solo-bonus boxes circled."""
        self.solo_used = 0
        """Solo-bonus boxes spent."""

    def copy(self) -> Sheet:
        """An independent copy (slices: fewer instructions than the constructors)."""
        other = Sheet.__new__(Sheet)
        other.marks = self.marks[:]
        other.solo = self.solo
        other.stage = self.stage
        other.pending = self.pending[:]
        other.written = self.written
        other.action = self.action
        other.modified = self.modified
        other.triggered = self.triggered[:]
        other.missions = self.missions[:]
        other.solo_bonus = self.solo_bonus
        other.solo_used = self.solo_used
        return other

    clone = copy
    """An independent copy (what a state's clone makes of its sheets)."""

    def new_turn(self) -> None:
        """Forget the last turn's choices: the sheet waits for a combination."""
        self.stage = Sheet.CHOOSE
        self.pending: list[str] = []
        self.written = 0
        """The space written this turn (0: none)."""
        self.action = ""
        """The action this turn's number came with (after a wild action)."""
        self.modified = 0
        """The Astronaut change applied to this turn's number."""
        self.triggered: list[int] = []
        """Slots circled this turn that phase 5 resolves (sabotages, races)."""

    @property
    def done(self) -> bool:
        """Whether this turn's phases 2–4 are finished."""
        return self.stage == Sheet.DONE

    def mark(self, slot: int, flag: int) -> None:
        """Add ``flag`` to a symbol slot."""
        self.marks[slot] |= flag

    def snapshot(self) -> dict[str, Any]:
        """Every field as JSON-safe data."""
        return {
            "marks": self.marks.hex(),
            "stage": self.stage,
            "pending": list(self.pending),
            "written": self.written,
            "action": self.action,
            "modified": self.modified,
            "triggered": list(self.triggered),
            "missions": list(self.missions),
            "solo_bonus": self.solo_bonus,
            "solo_used": self.solo_used,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable


def first_empty(marks: bytearray, slots: Sequence[int], offset: int = 0) -> int | None:
    """The first of ``slots`` (each shifted by ``offset``) that holds no mark, or ``None``.

    >>> first_empty(bytearray([1, 0, 0]), (0, 1, 2))
    1
    >>> first_empty(bytearray([1, 1, 1, 0]), (0, 1), offset=2)
    3
    """
    for slot in slots:
        if not marks[offset + slot]:
            return offset + slot
    return None
