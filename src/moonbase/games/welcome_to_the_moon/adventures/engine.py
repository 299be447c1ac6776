"""The one engine the adventures run on: :class:`Engine`, the turn's shared steps read from an
adventure's declarations, and the words those declarations are written in.

An adventure declares what its sheet does; the engine carries it out:

* **tracks** (:class:`~moonbase.games.welcome_to_the_moon.sheet.Track`) are marked box after
  box by :class:`Advance`; a box may give a reward when it is marked (:attr:`Engine.rewards`);
* a mark in a space (a number or an X) sets off the space's **reactions**
  (:attr:`Engine.reactions`): :class:`Mark` a slot, :class:`Advance` a track, :class:`Push` a
  compulsory sub-step, run a :class:`Race` once a group is :class:`Filled`, or :class:`Call`
  what only the adventure does;
* the combination's action, once written, is resolved by its **offer** (:attr:`Engine.actions`),
  and each compulsory sub-step by its own (:attr:`Engine.items`). An :class:`Offer` is a word and
  what the word may pick: the :class:`Next` box of a track, the slot :class:`Linked` to the space
  just written, a slot to :class:`Choose` (or one :class:`Beside` the space just written), one of
  several :class:`Tracks`, or a space to :class:`Cross` (the X of Planning); what follows an
  action once it is over is its :attr:`Engine.after_action`;
* a System Error advances the ``errors`` track; phase 5 settles the races; an ASTRA card crosses
  off one of :attr:`Engine.crossable`;
* a sheet may start with :attr:`Engine.setup` sub-steps, and a mission's first accomplishment
  may release something for everyone (:attr:`Engine.first_marks`, :attr:`Engine.releases`).

Every sub-step text is worked out once per adventure (:meth:`Engine.step_texts`) and read back by
a table lookup, never parsed. What only an adventure has stays its own code, in a few methods the
engine calls: :meth:`Engine.open_spaces` or :meth:`Engine.fitting` (where a number may go; both
have a default for ascending :attr:`Engine.zones`), :meth:`Engine.inscribe` (what a write draws),
:meth:`Engine.seated` (the track a declared one stands for on a shared sheet), the mission
requirements, the score and the view.

>>> from moonbase.games.welcome_to_the_moon.adventures import adventure
>>> escape = adventure(7)
>>> sheet = escape.new_sheet(solo=False)
>>> escape.apply(sheet, (Advance(escape.tracks["astronauts"]),) * 2)
>>> [sheet.marks[slot] for slot in (98, 99, 100, 104)]  # the second symbol gives a wild action
[2, 2, 0, 1]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any, ClassVar

from moonbase.games.welcome_to_the_moon.adventures.turn import (
    Combination,
    Context,
    MissionTest,
    WriteRows,
    fitting_writes,
    in_spaces,
)
from moonbase.games.welcome_to_the_moon.astra import ASTRA_ADVENTURES
from moonbase.games.welcome_to_the_moon.layout import Layout, load_layout
from moonbase.games.welcome_to_the_moon.missions import Mission, missions_of
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    FitTable,
    Runs,
    Sheet,
    SheetData,
    Track,
    X,
    gather,
    number_code,
    open_spaces,
)

__all__ = [
    "Advance",
    "Beside",
    "Call",
    "Choose",
    "Cross",
    "Effects",
    "Engine",
    "Filled",
    "Linked",
    "Mark",
    "Next",
    "Offer",
    "Push",
    "Race",
    "Tracks",
    "mission_requirements",
    "mission_tests",
]

SKIP = "SKIP"
"""The sub-step that declines the combination's action as a whole."""
ACTION = "ACTION"
"""The pending item of the combination's action."""
_BARE = -1
"""The target of an offer whose word is the whole text (``ENERGY``)."""


# ---------------------------------------------------------------------- effects
@dataclass(frozen=True)
class Mark:
    """Add ``flag`` to ``slot`` (a wild action gained, a wall icon used)."""

    slot: int
    flag: int = CIRCLED


@dataclass(frozen=True)
class Advance:
    """Mark the next box of ``track`` with its flag, then take that box's reward; nothing when
    the track is full (but a track with an ``overflow`` slot marks that)."""

    track: Track


@dataclass(frozen=True)
class Push:
    """A compulsory sub-step for later: ``item`` joins the sheet's pending ones."""

    item: str


@dataclass(frozen=True)
class Race:
    """A first-come bonus: the first sheet to reach it marks ``high`` with ``flag`` (phase 5
    crosses it off every sheet with no mark on it; solo, the solo bonus grows by ``bonus``); a
    sheet that comes later circles ``low``, if there is one. :attr:`Engine.sabotages` makes it
    a sabotage."""

    high: int
    low: int | None = None
    bonus: int = 1
    flag: int = CIRCLED
    """The first sheet's mark (adventure 6 crosses its propagation symbols)."""


@dataclass(frozen=True)
class Filled:
    """Once every one of ``slots`` carries a mark, ``then`` (a quarter completed runs its race).

    >>> from moonbase.games.welcome_to_the_moon.adventures import adventure
    >>> engine, sheet = adventure(7), adventure(7).new_sheet(solo=False)
    >>> engine.apply(sheet, (Filled((1, 2), (Mark(3),)),))
    >>> sheet.marks[1] = sheet.marks[2] = 1
    >>> engine.apply(sheet, (Filled((1, 2), (Mark(3),)),))
    >>> sheet.marks[3]
    1
    """

    slots: tuple[int, ...]
    then: Effects
    marks_of: Callable[[bytearray], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    """The marks of ``slots``, read in one C call."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "marks_of", gather(self.slots))


@dataclass(frozen=True)
class Call:
    """What only the adventure does: ``run(engine, sheet, slot)``, ``slot`` being the space
    marked or the box reached that set it off."""

    run: Callable[[Engine, Sheet, int], None]


Effect = Mark | Advance | Push | Race | Filled | Call
Effects = tuple[Effect, ...]


# ---------------------------------------------------------------------- offers
@dataclass(frozen=True)
class Next:
    """The next box of a track: ``track``, or the track of the space just written (``track``
    maps spaces to tracks). The word alone is the text (``ENERGY``)."""

    track: Track | Mapping[int, Track]

    def of(self, written: int) -> Track | None:
        """The track the choice advances, given the space just written."""
        track = self.track
        return track if isinstance(track, Track) else track.get(written)


@dataclass(frozen=True)
class Linked:
    """The slot linked to the space just written (``slots``: space → slot), while it is empty:
    the choice circles it. The word alone is the text (``WATER``)."""

    slots: Mapping[int, int]


@dataclass(frozen=True)
class Choose:
    """A slot among those ``open(marks)`` gives, in that order, which the choice marks with
    ``flag``, then ``then``; its text is the word and the slot's name (``ROBOT #130``,
    ``TUNNEL B1-B7``).

    ``where(sheet, slot)``, if given, keeps only the slots it allows now: what depends on more
    than the marks, such as the number just written (adventure 5 builds a dome piece of its
    parity)."""

    open: Callable[[bytearray], Iterable[int]]
    names: Mapping[int, str]
    """Every slot it may ever offer, with its name."""
    then: Effects = ()
    """What marking the slot sets off (adventure 3: the antennas a new tunnel reaches)."""
    flag: int = CIRCLED
    """The mark the choice adds (adventure 5 splits a dome section by crossing it; 0: none,
    ``then`` draws it, as adventure 8 does with the side writing)."""
    where: Callable[[Sheet, int], bool] | None = None


@dataclass(frozen=True)
class Beside:
    """An empty slot among those beside the space just written (``slots``: space → the slots
    beside it, in order), which the choice circles; its text is the word and the slot's name
    (``PLANT U1``)."""

    slots: Mapping[int, tuple[int, ...]]
    names: Mapping[int, str]
    """Every slot it may ever offer, with its name."""


@dataclass(frozen=True)
class Tracks:
    """One of several tracks that has a free box, in the order given, which the choice
    advances; its text is the word and the track's name (``ENERGY PLANTS``). ``reach``, when
    given, names the tracks the space just written reaches (``reach(marks, space)``): only
    those are offered (adventure 2: the stations of the zone just written)."""

    tracks: Mapping[str, Track]
    reach: Callable[[bytearray, int], Container[str]] | None = None


@dataclass(frozen=True)
class Cross:
    """An X in one of the spaces ``open(marks)`` gives (``None``: every empty space), then
    ``then``, then the space's reactions; its text is ``X`` and the space's name (``X SH0.4``)."""

    open: Callable[[bytearray], Iterable[int]] | None = None
    then: Effects = ()


Pick = Next | Linked | Choose | Beside | Tracks | Cross


@dataclass(frozen=True, eq=False)
class Offer:
    """A sub-step: its first ``word`` and what it picks."""

    word: str
    pick: Pick


# ---------------------------------------------------------------------- the engine
class Engine(ABC):
    """One adventure's rules: the shared turn steps over its declarations (the class attributes
    below), and the few hooks it overrides. Instances are shared and immutable: every method
    takes the sheet.

    Writing (phase 3) spends a wild action when one is used, writes the number, takes the
    space's reactions, then marks the Astronaut change at once (:attr:`changed`) or leaves the
    action pending (``ACTION``). Phase 4 resolves the pending items by their offers; ``SKIP``
    declines the action.
    """

    title: ClassVar[str]
    data: ClassVar[SheetData]
    """The sheet (its ``adventure`` is the adventure's number)."""
    changes: ClassVar[bool] = True
    """Whether the Astronaut action may change the number written (``WRITE … ±1``)."""
    shares_sheets: ClassVar[bool] = False
    """Whether a seat may write on another seat's sheet (:meth:`sheet_for`)."""
    tracks: ClassVar[Mapping[str, Track]] = {}
    """The sheet's tracks by name; ``errors``, if declared, is the System Error boxes
    (:attr:`error_track`)."""
    rewards: ClassVar[Mapping[int, Effects]] = {}
    """Box slot → what marking it gives (a wild action, a compulsory sub-step)."""
    reactions: ClassVar[Mapping[int, Effects]] = {}
    """Space → what a mark in it (a number or an X) sets off, in order."""
    actions: ClassVar[Mapping[str, Offer]] = {}
    """Action → the offer that resolves it once written."""
    items: ClassVar[Mapping[str, Offer]] = {}
    """Compulsory sub-step → its offer."""
    after_action: ClassVar[Mapping[str, Effects]] = {}
    """Action → what follows its sub-step or ``SKIP``, on the space written (a4: Plant and
    Water extract the column once they have circled)."""
    changed: ClassVar[Effects] = ()
    """What an Astronaut change of the number marks at once (instead of the action)."""
    wild_slots: ClassVar[tuple[int, ...]] = ()
    """The wild-action symbols, spent in this order (a circled one is available)."""
    zones: ClassVar[tuple[tuple[int, ...], ...]] = ()
    """Ascending zones of consecutive slots, if they are where numbers go (:meth:`fitting`)."""
    printed: ClassVar[Mapping[int, int]] = {}
    """Slot → the mark printed on a blank sheet (a2: the first energy symbol, circled)."""
    sabotages: ClassVar[bool] = False
    """Whether its races are sabotages (a1): solo, one reached is crossed off; else phase 5
    crosses it off every sheet, and each sheet that did not reach it this turn marks an error
    (as does ASTRA's card crossing one off)."""
    crossable: ClassVar[tuple[int, ...]] = ()
    """Solo: what an ASTRA effect card may cross off."""
    cross_letters: ClassVar[str] = "ABC"
    """Solo: the ASTRA effect cards that cross something off."""
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = {}
    """Mission card → whether a sheet's marks meet it."""
    end_tests: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = {}
    """The adventure's own end triggers beyond the three every one has: trigger code → whether
    a sheet's marks meet it (a1: ``launch``)."""
    setup: ClassVar[tuple[str, ...]] = ()
    """The sub-steps a new sheet starts with, before the first turn (a6: where the grey virus
    starts)."""
    action_first: ClassVar[bool] = False
    """Whether the action alone is offered while it is pending (a6: its bonuses come after)."""
    first_marks: ClassVar[tuple[int, ...]] = ()
    """Per mission A, B, C, the slot its first accomplishment circles if it is empty; once the
    missions are checked, each such slot circled on any sheet sets off its :attr:`releases`."""
    releases: ClassVar[Mapping[int, Effects]] = {}
    """A slot of :attr:`first_marks` → what it sets off on every sheet once circled (a6: its
    virus released for everyone)."""
    items_first: ClassVar[bool] = False
    """Whether a text the action and a compulsory sub-step both offer resolves the sub-step
    while it is pending (adventure 8: an asteroid's energy before the Energy action); by default
    it resolves the action while that is pending."""

    @property
    def number(self) -> int:
        """The adventure's number, 1–8."""
        return self.data.adventure

    @property
    def missions(self) -> Mapping[str, Mission]:
        """Its six mission cards by name (``A1`` …), as ``missions.json`` gives them."""
        return missions_of(self.number)

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The first words of this adventure's sub-step actions, as its offers declare them
        (for notation and messages)."""
        offers = (*self.actions.values(), *self.items.values())
        skip = (SKIP,) if self.actions else ()
        return tuple(dict.fromkeys([*(offer.word.split()[0] for offer in offers), *skip]))

    @cached_property
    def wilds(self) -> bool:
        """Whether wild actions exist (``WRITE … WILD <action>``): whether the sheet has wild
        symbols (kept: every write asks)."""
        return bool(self.wild_slots)

    @cached_property
    def error_track(self) -> Track:
        """The System Error boxes, marked in order by an error: the ``errors`` track if the
        adventure declares one, else the sheet's error slots."""
        declared = self.tracks.get("errors")
        return declared if declared is not None else Track("errors", self.data.error_slots)

    @cached_property
    def layout(self) -> Layout:
        """The sheet as printed (its data file, read once: :func:`~.layout.load_layout`)."""
        return load_layout(self.number)

    def new_sheet(self, solo: bool) -> Sheet:
        """A blank sheet, waiting for its :attr:`setup` sub-steps if there are any."""
        sheet = Sheet(self.data.size, solo)
        for slot, flag in self.printed.items():
            sheet.marks[slot] = flag
        if self.setup:
            sheet.stage = Sheet.ACTING
            sheet.pending = list(self.setup)
        return sheet

    # ------------------------------------------------------------------ effects
    def apply(self, sheet: Sheet, effects: Effects, slot: int = 0) -> None:
        """Carry out ``effects`` on ``sheet``, in order (``slot``: the space or box that set
        them off, for a :class:`Call`)."""
        for effect in effects:  # the commonest first: a group not yet full does nothing
            if isinstance(effect, Filled):
                if 0 not in effect.marks_of(sheet.marks):
                    self.apply(sheet, effect.then, slot)
            elif isinstance(effect, Mark):
                sheet.marks[effect.slot] |= effect.flag
            elif isinstance(effect, Push):
                sheet.pending.append(effect.item)
            elif isinstance(effect, Advance):
                self.advance(sheet, effect.track)
            elif isinstance(effect, Race):
                self.race(sheet, effect)
            else:
                effect.run(self, sheet, slot)

    def advance(self, sheet: Sheet, track: Track) -> None:
        """Mark the next box of ``track`` (:meth:`seated`) and take its reward
        (:class:`Advance`)."""
        marks = sheet.marks
        if self.moves_tracks:
            track = self.seated(sheet, track)
        slot = track.next_slot(marks)
        if slot is None:
            if track.overflow is not None:
                marks[track.overflow] |= track.flag
            return
        marks[slot] |= track.flag
        reward = self.rewards.get(slot)
        if reward:
            self.apply(sheet, reward, slot)

    def race(self, sheet: Sheet, race: Race) -> None:
        """Reach ``race``: mark its high bonus if it is still open (a solo bonus, or phase 5
        settles it), circle its low one otherwise."""
        marks = sheet.marks
        if marks[race.high]:
            if race.low is not None:
                marks[race.low] = CIRCLED
            return
        if sheet.solo:
            marks[race.high] = CROSSED if self.sabotages else race.flag
            sheet.solo_bonus = min(sheet.solo_bonus + race.bonus, self.solo_boxes)
        else:
            marks[race.high] = race.flag
            sheet.triggered.append(race.high)

    def seated(self, sheet: Sheet, track: Track) -> Track:
        """The track a declared ``track`` stands for on ``sheet`` now: itself (adventure 8: the
        same track of the half writing this turn, on this turn's battlefield)."""
        return track

    @cached_property
    def moves_tracks(self) -> bool:
        """Whether :meth:`seated` is overridden (adventure 8); else a track stands for itself
        and the engine does not ask."""
        return type(self).seated is not Engine.seated

    @cached_property
    def solo_boxes(self) -> int:
        """Solo: how many solo-bonus boxes the sheet has."""
        return ASTRA_ADVENTURES[self.number].bonus_boxes

    # ------------------------------------------------------------------ phases 2–3
    def open_spaces(self, marks: bytearray) -> Sequence[tuple[int, int, int]]:
        """Every empty space a number may go in now, with the numbers it lies between
        (``(slot, low, high)``: ``n`` fits iff ``low < n < high``): by default, those of the
        ascending :attr:`zones`; an adventure gives this or :meth:`fitting`."""
        if not self.zones:
            raise NotImplementedError
        return [space for zone in self.zones for space in open_spaces(marks, zone)]

    def fitting(self, marks: bytearray) -> Sequence[FitTable] | None:
        """The tables of the empty spaces a number fits (``None``: no space is open), read by
        :func:`~moonbase.games.welcome_to_the_moon.adventures.turn.fitting_writes`: by default,
        one per zone of :attr:`zones` (:func:`~moonbase.games.welcome_to_the_moon.sheet.run_fits`,
        cached on the zone's marks), else one made from :meth:`open_spaces`."""
        if self.zones:
            return self._runs.fits(marks)
        spaces = self.open_spaces(marks)
        return [in_spaces(spaces)] if spaces else None

    @cached_property
    def _runs(self) -> Runs:
        return Runs.of(self.zones)

    @cached_property
    def _wild_marks(self) -> Callable[[bytearray], tuple[int, ...]]:
        return gather(self.wild_slots)

    def writes(
        self, sheet: Sheet, combos: Sequence[Combination], rows: WriteRows, wild: bool = True
    ) -> list[int]:
        """Writes in the open spaces, with the Astronaut's changes and, where the adventure
        has them, wild actions."""
        fitting = self.fitting(sheet.marks)
        if fitting is None:
            return []
        wilds = wild and self.wilds and CIRCLED in self._wild_marks(sheet.marks)
        return fitting_writes(fitting, combos, rows, wilds)

    def write(
        self, sheet: Sheet, combo: Combination, slot: int, modified: int, wild: str | None
    ) -> None:
        """Spend the wild action used, write the number (:meth:`inscribe`), take the space's
        reactions, and mark the Astronaut change at once or leave the action pending (if it has
        an offer)."""
        marks = sheet.marks
        if wild is not None:
            spent = next(s for s in self.wild_slots if marks[s] == CIRCLED)
            marks[spent] |= CROSSED
        sheet.written = slot
        sheet.action = wild or combo.action
        sheet.modified = modified
        sheet.stage = Sheet.ACTING
        changed = self.inscribe(sheet, combo, slot)
        reactions = self.reactions.get(slot)
        if reactions:
            self.apply(sheet, reactions, slot)
        if changed:
            self.apply(sheet, self.changed)
        elif self.actions:  # adventure 1 has none: its action only picks the floor
            sheet.pending.append(ACTION)

    def inscribe(self, sheet: Sheet, combo: Combination, slot: int) -> bool:
        """Write ``combo``'s number, changed by ``sheet.modified``, in ``slot``; whether the
        Astronaut's change was used (:attr:`changed` is then marked instead of the action).
        Adventure 8 draws the writer's insignia instead."""
        sheet.marks[slot] = number_code(combo.number + sheet.modified)
        return sheet.modified != 0

    def error(self, sheet: Sheet) -> None:
        """Mark the next System Error box (and take its reward)."""
        sheet.stage = Sheet.ACTING
        self.advance(sheet, self.error_track)

    # ------------------------------------------------------------------ phase 4
    @cached_property
    def _texts(self) -> dict[Offer, dict[int, str]]:
        """Every offer's texts by target."""
        texts: dict[Offer, dict[int, str]] = {}
        for offer in (*self.items.values(), *self.actions.values()):
            pick = offer.pick
            if isinstance(pick, Choose | Beside):
                texts[offer] = {slot: f"{offer.word} {name}" for slot, name in pick.names.items()}
            elif isinstance(pick, Tracks):
                texts[offer] = {i: f"{offer.word} {name}" for i, name in enumerate(pick.tracks)}
            elif isinstance(pick, Cross):
                names = self.data.names
                texts[offer] = {slot: f"{offer.word} {names[slot]}" for slot in names}
            else:
                texts[offer] = {_BARE: offer.word}
        return texts

    @cached_property
    def _decoded(self) -> dict[str, list[tuple[str, Offer, int]]]:
        """Sub-step text → each pending item it may resolve, with the item's offer and its target;
        a text both the action and a compulsory sub-step offer (a6: Robot and a plant row's
        bonus) resolves first the one :attr:`items_first` says, if it is pending."""
        actions = [(ACTION, offer) for offer in self.actions.values()]
        items = list(self.items.items())
        decoded: dict[str, list[tuple[str, Offer, int]]] = {}
        for item, offer in items + actions if self.items_first else actions + items:
            for target, text in self._texts[offer].items():
                decoded.setdefault(text, []).append((item, offer, target))
        return decoded

    @cached_property
    def _shares_texts(self) -> bool:
        """Whether two pending items may offer one text (a6, a8): :meth:`steps` lists it once."""
        return any(len(readings) > 1 for readings in self._decoded.values())

    def step_texts(self) -> list[str]:
        """Every sub-step text: each offer's, and ``SKIP``."""
        texts = [text for offer_texts in self._texts.values() for text in offer_texts.values()]
        return [*dict.fromkeys(texts), SKIP] if self.actions else list(dict.fromkeys(texts))

    def steps(self, sheet: Sheet) -> list[str]:
        """Every sub-step text allowed now, once each (the action and a pending sub-step may
        offer the same); the action's alone while it is pending, if :attr:`action_first`."""
        pending = sheet.pending
        if len(pending) == 1:  # the commonest case, without a table
            return self.options(sheet, pending[0])
        if self.action_first and ACTION in pending:
            return self.options(sheet, ACTION)
        found = [text for item in dict.fromkeys(pending) for text in self.options(sheet, item)]
        return list(dict.fromkeys(found)) if self._shares_texts else found

    def options(self, sheet: Sheet, item: str) -> list[str]:
        """The texts that resolve the pending ``item`` (the action's also ``SKIP``; ``[]``: it
        is lost)."""
        offer = self.actions.get(sheet.action) if item == ACTION else self.items.get(item)
        if offer is None:
            return []
        texts = self._texts[offer]
        found = [texts[target] for target in self._targets(sheet, offer.pick)]
        return [*found, SKIP] if found and item == ACTION else found

    def resolvable(self, sheet: Sheet, item: str) -> bool:
        """Whether the pending ``item`` has a target (its texts are not made)."""
        offer = self.actions.get(sheet.action) if item == ACTION else self.items.get(item)
        if offer is None:
            return False
        if isinstance(offer.pick, Cross) and offer.pick.open is None:
            return not self.data.spaces_filled(sheet.marks)
        return bool(self._targets(sheet, offer.pick))

    def _targets(self, sheet: Sheet, pick: Pick) -> list[int]:
        marks = sheet.marks
        if isinstance(pick, Cross):
            return list(pick.open(marks)) if pick.open else self.data.empty_spaces(marks)
        if isinstance(pick, Choose):
            where = pick.where
            found = pick.open(marks)
            return list(found) if where is None else [s for s in found if where(sheet, s)]
        if isinstance(pick, Next):
            track = pick.of(sheet.written)
            if track is None:
                return []
            if self.moves_tracks:
                track = self.seated(sheet, track)
            return [_BARE] if track.next_slot(marks) is not None else []
        if isinstance(pick, Linked):
            slot = pick.slots.get(sheet.written)
            return [_BARE] if slot is not None and not marks[slot] else []
        if isinstance(pick, Beside):
            return [slot for slot in pick.slots.get(sheet.written, ()) if not marks[slot]]
        reach = pick.reach(marks, sheet.written) if pick.reach else pick.tracks
        tracks: Iterable[tuple[str, Track]] = pick.tracks.items()
        if self.moves_tracks:
            tracks = [(name, self.seated(sheet, track)) for name, track in tracks]
        return [
            i
            for i, (name, track) in enumerate(tracks)
            if name in reach and track.next_slot(marks) is not None
        ]

    def step(self, sheet: Sheet, action: str) -> None:
        """Carry out a sub-step: the pending item it resolves goes."""
        if action == SKIP:
            sheet.pending.remove(ACTION)
            self._after_action(sheet)
            return
        readings = self._decoded[action]
        item, offer, target = readings[0]
        if item not in sheet.pending:  # a text two offers share: the other one
            item, offer, target = readings[1]
        sheet.pending.remove(item)
        pick, marks = offer.pick, sheet.marks
        if isinstance(pick, Next):
            track = pick.of(sheet.written)
            assert track is not None
            self.advance(sheet, track)
        elif isinstance(pick, Linked):
            marks[pick.slots[sheet.written]] |= CIRCLED
        elif isinstance(pick, Choose):
            marks[target] |= pick.flag
            if pick.then:
                self.apply(sheet, pick.then, target)
        elif isinstance(pick, Beside):
            marks[target] |= CIRCLED
        elif isinstance(pick, Tracks):
            self.advance(sheet, list(pick.tracks.values())[target])
        else:
            marks[target] = X
            self.apply(sheet, pick.then)
            self.apply(sheet, self.reactions.get(target, ()), target)
        if item == ACTION:
            self._after_action(sheet)

    def _after_action(self, sheet: Sheet) -> None:
        effects = self.after_action.get(sheet.action)
        if effects:
            self.apply(sheet, effects, sheet.written)

    def settle(self, sheet: Sheet) -> None:
        """Drop pending sub-steps that can no longer do anything; a sheet with none is done."""
        pending = sheet.pending
        if len(pending) == 1:  # the commonest case, without a table
            if not self.resolvable(sheet, pending[0]):
                sheet.pending = []
        elif pending:
            live = {item: self.resolvable(sheet, item) for item in set(pending)}
            if not all(live.values()):
                sheet.pending = [item for item in pending if live[item]]
        if not sheet.pending:
            sheet.stage = Sheet.DONE

    # ------------------------------------------------------------------ phases 5–6
    def phase5(self, sheets: Sequence[Sheet]) -> None:
        """The races: a high bonus circled this turn is crossed off every sheet with no mark on
        it (whoever circled it in the same turn keeps it); a sabotage as :attr:`sabotages` says."""
        for sheet in sheets:  # most turns trigger nothing: found without building anything
            if sheet.triggered:
                break
        else:
            return
        for slot in sorted({reached for sheet in sheets for reached in sheet.triggered}):
            for sheet in sheets:
                if self.sabotages:
                    sheet.marks[slot] |= CROSSED
                    if slot not in sheet.triggered:
                        self.advance(sheet, self.error_track)
                elif not sheet.marks[slot]:
                    sheet.marks[slot] = CROSSED

    def solo_phase5(self, sheet: Sheet) -> None:
        """Solo: :meth:`phase5` on the one sheet (its races were settled at once: only what the
        adventure left in ``triggered`` remains, a6's propagations owed)."""
        self.phase5([sheet])

    def reward(self, sheet: Sheet, mission: Mission, value: int) -> None:
        """Take a mission's reward (its points are kept in ``sheet.missions``); a first
        accomplishment circles the mission's :attr:`first_marks` slot, if it is empty."""
        sheet.mark(self.data.mission_slots[mission.index], 1)
        if self.first_marks and value == mission.high:
            slot = self.first_marks[mission.index]
            if not sheet.marks[slot]:
                sheet.marks[slot] = CIRCLED

    def after_missions(self, sheets: Sequence[Sheet]) -> bool:
        """Every :attr:`first_marks` slot circled on some sheet sets off its :attr:`releases` on
        every sheet, which then settle; ``True`` if one did."""
        released = False  # a6 alone has releases
        for slot, effects in self.releases.items():
            if any(sheet.marks[slot] == CIRCLED for sheet in sheets):
                for sheet in sheets:
                    self.apply(sheet, effects, slot)
                released = True
        if released:
            for sheet in sheets:
                self.settle(sheet)
        return released

    def mission_met(self, sheet: Sheet, card: str) -> bool:
        """Whether ``sheet`` meets mission ``card`` (:attr:`requirements`)."""
        return self.requirements[card](sheet.marks)

    def meets(self, sheets: Sequence[Sheet], seat: int, card: str) -> bool:
        """Whether ``seat`` meets mission ``card`` now (by default: its own sheet does)."""
        return self.mission_met(sheets[seat], card)

    @cached_property
    def reads_own_sheet(self) -> bool:
        """Whether a seat meets a mission by its own sheet's marks alone (:meth:`meets` is not
        overridden): the state then calls each :attr:`requirements` on the marks itself."""
        return type(self).meets is Engine.meets

    def mission_test(self, card: str) -> MissionTest:
        """Mission ``card``'s requirement on the seat's own sheet, in one call (an adventure
        that overrides :meth:`meets` keeps the default)."""
        if not self.reads_own_sheet:
            meets = self.meets  # a closure: a partial with a keyword costs more per call
            return lambda sheets, seat: meets(sheets, seat, card)
        test = self.requirements[card]
        return lambda sheets, seat: test(sheets[seat].marks)

    # ------------------------------------------------------------------ solo
    def cross_slots(self) -> tuple[int, ...]:
        """What an ASTRA effect card may ever cross off."""
        return self.crossable

    def solo_targets(self, sheet: Sheet, letter: str) -> list[int]:
        """What ASTRA's card ``letter`` may cross off now: the crossable slots with no mark."""
        if letter not in self.cross_letters:
            return []
        return [slot for slot in self.crossable if not sheet.marks[slot]]

    def solo_effect(self, sheet: Sheet, letter: str, target: int | None) -> None:
        """Cross off the chosen slot (a sabotage: then mark the next error, even with none
        left)."""
        if target is not None:
            sheet.marks[target] |= CROSSED
        if self.sabotages:
            self.advance(sheet, self.error_track)

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

    # ------------------------------------------------------------------ the end
    def errors_marked(self, sheet: Sheet) -> int:
        """System Error boxes used (circled or crossed)."""
        return self.data.errors_marked(sheet.marks)

    def seat_penalty(self, sheets: Sequence[Sheet], seat: int) -> int:
        """Error boxes that count for ``seat``'s tie-break, fewest wins (by default its own
        sheet's marked ones)."""
        return self.errors_marked(sheets[seat])

    def ends(self, sheets: Sequence[Sheet], index: int) -> bool:
        """Whether sheet ``index`` meets any end trigger now: whether :meth:`end_triggers` lists
        any, without building the list (its boxes and spaces read by one
        :meth:`~.sheet.SheetData.ended`: an adventure that overrides :meth:`end_triggers`
        overrides this too, as adventure 8 does)."""
        sheet = sheets[index]
        marks = sheet.marks
        if -1 not in sheet.missions or self.data.ended(marks):  # -1: a mission not accomplished
            return True
        for test in self.end_tests.values():  # noqa: SIM110  # a loop: any() and a generator cost more
            if test(marks):
                return True
        return False

    def end_triggers(self, sheets: Sequence[Sheet], index: int) -> list[dict[str, Any]]:
        """The end triggers sheet ``index`` meets (checked at the end of each turn; any one
        ends the game), each ``{"trigger": code, "seat": index, ...}``: ``all-missions`` (its
        seat accomplished all three), ``last-error`` (every System Error box marked, with
        ``boxes``: how many there are), ``all-spaces`` (every number space filled), then each of
        :attr:`end_tests` met (adventure 8 has its own, over both battlefields and halves)."""
        sheet = sheets[index]
        marks, found = sheet.marks, []
        if -1 not in sheet.missions:  # -1: a mission not accomplished
            found.append({"trigger": "all-missions", "seat": index})
        boxes = len(self.data.error_slots)
        if self.errors_marked(sheet) == boxes:
            found.append({"trigger": "last-error", "seat": index, "boxes": boxes})
        if self.data.spaces_filled(marks):
            found.append({"trigger": "all-spaces", "seat": index})
        found += [
            {"trigger": code, "seat": index} for code, test in self.end_tests.items() if test(marks)
        ]
        return found

    @abstractmethod
    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """The score's parts by name, each with its sign (a penalty is negative), and
        ``total``, their sum (:func:`with_total`)."""

    # ------------------------------------------------------------------ views
    @abstractmethod
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """The marks of a sheet as JSON-safe data (``spaces`` and the adventure's other marks)."""

    def wilds_view(self, sheet: Sheet) -> dict[str, int]:
        """The wild-action symbols as a sheet view shows them: how many are ``available``
        (circled, not spent) and ``used`` (crossed)."""
        marks = self._wild_marks(sheet.marks)
        return {
            "available": marks.count(CIRCLED),
            "used": sum(1 for mark in marks if mark & CROSSED),
        }

    # ------------------------------------------------------------------ sub-steps between turns
    # An adventure may leave sub-steps on sheets outside phase 4 (stage ``ACTING`` with
    # ``pending``): a sheet that starts with some (a setup choice), ``phase5``, ``solo_phase5``,
    # ``after_missions`` or ``solo_effect``. The state then lets those seats resolve them (phase
    # ``resolve``, or ``effect`` in solo) before it goes on. Adventures 1–5 never do.

    @cached_property
    def plays_astra(self) -> bool:
        """Whether ASTRA plays a turn's first card herself (:meth:`astra_turn` is overridden:
        adventure 8); else the state does not ask."""
        return type(self).astra_turn is not Engine.astra_turn

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
def mission_requirements(
    adventure: Engine, cards: tuple[str, ...]
) -> tuple[Callable[[bytearray], bool], ...]:
    """The :attr:`~Engine.requirements` of a game's mission ``cards``, made once."""
    return tuple(adventure.requirements[card] for card in cards)


@cache
def mission_tests(adventure: Engine, cards: tuple[str, ...]) -> tuple[MissionTest, ...]:
    """The tests of a game's mission ``cards`` (:meth:`Engine.mission_test`), made once."""
    return tuple(adventure.mission_test(card) for card in cards)
