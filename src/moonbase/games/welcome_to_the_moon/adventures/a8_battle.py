"""Adventure 8 — The Battle: battlefields shared by neighbours, and the rules only it has.

Each sheet is a battlefield of 7 planets (``PL0`` … ``PL6``, 33 spaces filled in a fixed order
whatever the number), 14 moons, 13 asteroids and 7 flags, with two personal halves: **side 1**
(the sheet's owner, seat P) and **side 2** (the previous seat in the ring). On odd turns every
seat writes on the next seat's sheet as side 2, on even turns on its own as side 1, so each sheet
has exactly one writer per turn (:meth:`Battle.sheet_for`); the state's per-turn fields of a
sheet (stage, pending, written …) belong to that writer. ``marks[0]`` holds the writing side.

A number only chooses the planet: ``WRITE <combination> PL<k>.<i>`` draws the writer's insignia
(a space holds the side, 1 or 2) in the planet's next empty space. Astronaut changes and stored
astronaut symbols are counted automatically: a planet within ±2 × (symbols spent + 1 with the
Astronaut action) may be chosen, spending the fewest stored symbols. Sub-steps (``SKIP``
declines the action): ``ROBOT`` (the next asteroid from the writer's end, with its bonuses),
``ENERGY GREEN|BLUE|GREY``, ``PLANT``, ``WATER``, ``ASTRONAUT``, ``PLANNING PL<k>.M<j>`` (a moon,
then a planning penalty box), ``MOON PL<k>.M<j>`` (an asteroid's planning bonus: no penalty).
A completed planet is resolved at once (majority of spaces + moons draws on its flag; a tie
draws both); at the end every unresolved planet is resolved the same way (a 0–0 tie is shared).

Solo: the one :class:`~moonbase.games.welcome_to_the_moon.sheet.Sheet` holds both battlefields,
the player's own (slots 0–229, the player is side 1) and ASTRA's (slots 230–459, the player is
side 2); the player and ASTRA write on the same battlefield each turn. ASTRA plays the first card
of each turn (``ASTRA PL<k>`` when two planets are allowed); her effect cards put her insignia on
two moons (``ASTRA MOON PL<k>.M<j>``). A tie on a planet goes to the player alone.

Its layout (``Battle().layout``) is the battlefield as printed (solo: both battlefields), which the
terminal draws.

>>> from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
>>> battle = Battle()
>>> sheet = battle.new_sheet(solo=False)
>>> battle.start_turn([sheet], 2)
>>> rows = WriteRows({(0, 0, None): list(range(DATA.size))})  # ids: the slots themselves
>>> sorted(DATA.names[slot] for slot in battle.writes(sheet, [Combination("1", 3, "ROBOT")], rows))
['PL0.1', 'PL1.1']
>>> battle.write(sheet, Combination("1", 3, "ROBOT"), DATA.slot("PL1.1") or 0, 0, None)
>>> battle.settle(sheet)
>>> sheet.marks[4], sorted(battle.steps(sheet))
(1, ['ROBOT', 'SKIP'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, ClassVar, Final, cast

from moonbase.games.welcome_to_the_moon.adventures.engine import (
    Advance,
    Call,
    Choose,
    Effects,
    Engine,
    Mark,
    Next,
    Offer,
    Push,
    Tracks,
)
from moonbase.games.welcome_to_the_moon.adventures.turn import (
    VARIANT_KEYS,
    Combination,
    Context,
    WriteRows,
    with_total,
)
from moonbase.games.welcome_to_the_moon.missions import MISSION_CARDS
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    Sheet,
    SheetData,
    Track,
    at_least,
    consecutive,
    first_empty,
    full_groups,
    groups_with,
    numbered_spaces,
)
from moonbase.i18n import N_

__all__ = [
    "ASTEROIDS",
    "DATA",
    "FIELD",
    "PLANETS",
    "TRACKS",
    "Battle",
    "Half",
    "Planet",
]

FIELD: Final = 230
"""Slots of one battlefield; solo keeps ASTRA's battlefield at offset 230."""
_SIDE: Final = 0
"""The slot holding the side that writes this turn (1 or 2)."""


@dataclass(frozen=True)
class Planet:
    """A planet: type, spaces in fill order, allowed numbers, moons, flag, resolved marker, plant
    and water symbols, and the bonus of each space (``PLANT``, ``WATER``, ``ROBOT``)."""

    name: str
    kind: str
    spaces: tuple[int, ...]
    low: int
    high: int
    moons: tuple[int, int]
    flag: int
    resolved: int
    plants: tuple[int, ...]
    waters: tuple[int, ...]
    bonuses: Mapping[int, str]


PLANETS: Final = (
    Planet("PL0", "GREEN", (1, 2, 3), 0, 3, (79, 80), 93, 223, (181,), (182,), {3: "PLANT"}),
    Planet("PL1", "GREY", (4, 5, 6, 7, 8), 3, 5, (81, 82), 94, 224, (184,), (183,),
           {8: "ROBOT"}),
    Planet("PL2", "BLUE", (9, 10, 11, 12, 13), 5, 7, (83, 84), 95, 225, (185, 186), (187,),
           {11: "ROBOT", 13: "WATER"}),
    Planet("PL3", "GREY", tuple(range(14, 21)), 7, 9, (85, 86), 96, 226, (188, 189), (190,),
           {14: "PLANT", 18: "PLANT", 20: "ROBOT"}),
    Planet("PL4", "GREEN", tuple(range(21, 26)), 9, 11, (87, 88), 97, 227, (191, 192), (193,),
           {24: "WATER", 25: "PLANT"}),
    Planet("PL5", "BLUE", tuple(range(26, 31)), 11, 13, (89, 90), 98, 228, (194, 195), (196,),
           {30: "WATER"}),
    Planet("PL6", "GREEN", (31, 32, 33), 13, 17, (91, 92), 99, 229, (197, 198), (),
           {33: "PLANT"}),
)  # fmt: skip
"""The seven planets (``adventure8.md`` §3)."""

ASTEROIDS: Final = {
    50: (), 51: ((63, "PLANT"),), 52: ((64, "WATER"),), 53: ((65, "PLANT"),),
    54: ((66, "WATER"), (67, "ENERGY")), 55: ((68, "ENERGY"), (69, "ENERGY")),
    56: ((70, "PLANNING"), (71, "PLANNING")), 57: ((72, "ENERGY"), (73, "ENERGY")),
    58: ((74, "WATER"), (75, "ENERGY")), 59: ((76, "PLANT"),), 60: ((77, "WATER"),),
    61: ((78, "PLANT"),), 62: (),
}  # fmt: skip
"""Asteroid slot → its bonuses as (icon slot, bonus) (``adventure8.md`` §4)."""
KINDS: Final = ("GREEN", "BLUE", "GREY")
PLANNING_VALUES: Final = (0, 3, 6, 10, 15, 21, 28, 36)
"""The printed planning penalty (``open_questions.md`` A.1: 10 for the third box)."""


@dataclass(frozen=True)
class Half:
    """One side's personal half: tracks, astronaut symbols, System Error boxes."""

    plants: Track
    water: Track
    multipliers: Mapping[str, Track]
    planning: Track
    astronauts: tuple[int, ...]
    errors: tuple[int, int]


def _half(side: int, plant: int, water: int, mult: int, plan: int, astro: int, err: int) -> Half:
    return Half(
        Track(f"plants{side}", tuple(range(plant, plant + 11)),
              (0, 2, 4, 7, 10, 13, 17, 21, 25, 30, 35, 40)),
        Track(f"water{side}", tuple(range(water, water + 9)),
              (0, 3, 6, 10, 14, 19, 24, 30, 37, 45)),
        {
            "GREEN": Track(f"green{side}", tuple(range(mult, mult + 4)), (2, 3, 4, 6, 8)),
            "BLUE": Track(f"blue{side}", tuple(range(mult + 4, mult + 8)), (2, 4, 6, 8, 10)),
            "GREY": Track(f"grey{side}", tuple(range(mult + 8, mult + 12)), (4, 5, 6, 9, 12)),
        },
        Track(f"planning{side}", tuple(range(plan, plan + 7)), PLANNING_VALUES),
        tuple(range(astro, astro + 6)),
        (err, err + 1),
    )  # fmt: skip


HALVES: Final = {1: _half(1, 100, 122, 140, 164, 38, 34), 2: _half(2, 111, 131, 152, 171, 44, 36)}
"""The two halves by side (``adventure8.md`` §5)."""


def _tracks_at(side: int, off: int) -> dict[str, Track]:
    """Half ``side``'s tracks at offset ``off`` (``asteroids``: the belt from its end)."""
    half = HALVES[side]
    belt = tuple(sorted(ASTEROIDS, reverse=side == 2))
    tracks = {
        "plants": half.plants,
        "water": half.water,
        "planning": half.planning,
        **half.multipliers,
        "astronauts": Track(f"astronauts{side}", half.astronauts, flag=CIRCLED),
        "errors": Track(f"errors{side}", half.errors),
        "asteroids": Track(f"asteroids{side}", belt, flag=side),
        **{f"{p.name} plants": Track(f"{p.name} plants", p.plants) for p in PLANETS},
        **{f"{p.name} waters": Track(f"{p.name} waters", p.waters) for p in PLANETS},
    }
    return {
        name: replace(track, slots=tuple(off + slot for slot in track.slots))
        for name, track in tracks.items()
    }


TRACKS: Final = {(side, off): _tracks_at(side, off) for side in HALVES for off in (0, FIELD)}
"""(side, battlefield offset) → that half's tracks there (solo: the player's side 2 plays on
ASTRA's battlefield, at 230)."""
_OWN: Final = TRACKS[1, 0]
"""The tracks the rules below name: side 1's on the sheet's own battlefield, which stand for
the writing side's on this turn's battlefield (:meth:`Battle.seated`)."""
_SIDE2: Final = {
    off: {track.name: TRACKS[2, off][name] for name, track in _OWN.items()} for off in (0, FIELD)
}
"""Side 2 writing on the battlefield at ``off``: a track's name → the one it stands for."""
_SYMBOLS: Final = {
    kind: {space: _OWN[f"{p.name} {kind}"] for p in PLANETS for space in p.spaces}
    for kind in ("plants", "waters")
}
"""``plants`` or ``waters`` → a planet's space → its planet's symbols (Plant, Water)."""


def side_now(marks: bytearray) -> int:
    """The side writing this turn (1 or 2)."""
    return marks[_SIDE] or 1


def offset_now(marks: bytearray) -> int:
    """Where this turn's battlefield starts in ``marks`` (solo, on a sheet of two battlefields,
    side 2 plays on ASTRA's)."""
    return FIELD if marks[_SIDE] == 2 and len(marks) > FIELD else 0


def _resolve_full(engine: Engine, sheet: Sheet, space: int) -> None:
    """A planet whose last space was just written is resolved."""
    planet = PLANETS[_INDEX_OF[space]]
    cast("Battle", engine).resolve_if_full(sheet, planet, offset_now(sheet.marks))


BONUSES: Final[Mapping[str, Effects]] = {
    "PLANT": (Advance(_OWN["plants"]),),
    "WATER": (Advance(_OWN["water"]),),
    "ROBOT": (Advance(_OWN["asteroids"]),),
    "ENERGY": (Push("ENERGY"),),
    "PLANNING": (Push("MOON"),),
}
"""A bonus icon → what it gives the side that takes it (``ENERGY``, ``PLANNING``: a sub-step)."""

_INDEX_OF: Final = {space: index for index, planet in enumerate(PLANETS) for space in planet.spaces}
"""A space → its planet's index."""
_MOON_ALIAS: Final = {
    moon: f"{planet.name}.M{index + 1}"
    for planet in PLANETS
    for index, moon in enumerate(planet.moons)
}
_FLAG_OF: Final = {planet.flag: planet for planet in PLANETS}
"""A planet by its flag's slot (how ASTRA's choice of a planet names it)."""

DATA: Final = SheetData(
    adventure=8,
    spaces=numbered_spaces((planet.name, planet.spaces) for planet in PLANETS),
    size=FIELD,
    error_slots=(34, 35, 36, 37),
    mission_slots=(178, 179, 180),
    tracks={
        track.name: track
        for half in HALVES.values()
        for track in (half.plants, half.water, half.planning, *half.multipliers.values())
    },
    symbols={
        "moons": tuple(_MOON_ALIAS),
        "asteroids": tuple(ASTEROIDS),
        "flags": tuple(planet.flag for planet in PLANETS),
        "resolved": tuple(planet.resolved for planet in PLANETS),
        "planet_plants": tuple(slot for planet in PLANETS for slot in planet.plants),
        "planet_waters": tuple(slot for planet in PLANETS for slot in planet.waters),
        "astronauts": HALVES[1].astronauts + HALVES[2].astronauts,
    },
)
"""The sheet of adventure 8 (one battlefield)."""


@cache
def allowed(number: int) -> tuple[Planet, ...]:
    """The planets a number may go to (kept once worked out).

    >>> [p.name for p in allowed(3)], [p.name for p in allowed(12)], [p.name for p in allowed(16)]
    (['PL0', 'PL1'], ['PL5'], ['PL6'])
    """
    return tuple(planet for planet in PLANETS if planet.low <= number <= planet.high)


def _free_moons(marks: bytearray, off: int, planets: Sequence[Planet] = PLANETS) -> list[int]:
    """Empty moons of unresolved ``planets`` on the battlefield at ``off`` (without it)."""
    return [
        moon
        for p in planets
        if not marks[off + p.resolved]
        for moon in p.moons
        if not marks[off + moon]
    ]


def _open_moons(marks: bytearray) -> list[int]:
    """The moons Planning or a planning bonus may take on this turn's battlefield."""
    return _free_moons(marks, offset_now(marks))


def _counts(marks: bytearray, planet: Planet, off: int) -> tuple[int, int]:
    """Insignias of side 1 and side 2 on the planet's spaces and moons."""
    field = marks[off + planet.spaces[0] : off + planet.spaces[-1] + 1]
    field += marks[off + planet.moons[0] : off + planet.moons[-1] + 1]
    return field.count(1), field.count(2)


def _solo_moons(marks: bytearray) -> list[int]:
    """Solo, an effect card: the first empty moon of each unresolved planet where the player has
    the most insignias (the player picks where ASTRA draws)."""
    off, player = offset_now(marks), side_now(marks) - 1
    firsts = []  # per unresolved planet with an empty moon: the player's insignias, that moon
    for planet in PLANETS:
        moon = marks.find(0, off + planet.moons[0], off + planet.moons[-1] + 1)
        if moon >= 0 and not marks[off + planet.resolved]:
            firsts.append((_counts(marks, planet, off)[player], moon - off))
    most = max(firsts)[0] if firsts else 0
    return [moon for count, moon in firsts if count == most]


def _has_room(marks: bytearray, planet: Planet, off: int) -> bool:
    """Whether ``planet`` has an empty space on the battlefield at ``off``."""
    return 0 in marks[off + planet.spaces[0] : off + planet.spaces[-1] + 1]


def _open_planets(marks: bytearray) -> list[int]:
    """The flags of the planets with an empty space on this turn's battlefield."""
    off = offset_now(marks)
    return [p.flag for p in PLANETS if _has_room(marks, p, off)]


def _astra_allows(sheet: Sheet, flag: int) -> bool:
    """Whether ASTRA's number (``sheet.modified`` until she has played) allows flag's planet."""
    return _FLAG_OF[flag].low <= sheet.modified <= _FLAG_OF[flag].high


def _moon(astra: bool) -> Call:
    """Draw on the chosen moon the insignia of the side writing (``astra``: of ASTRA)."""

    def run(engine: Engine, sheet: Sheet, moon: int) -> None:
        marks = sheet.marks
        marks[offset_now(marks) + moon] = 3 - side_now(marks) if astra else side_now(marks)

    return Call(run)


def _astra_plays(engine: Engine, sheet: Sheet, flag: int) -> None:
    """ASTRA plays on the planet the player chose for her (named by its flag)."""
    cast("Battle", engine).astra_play(sheet, _FLAG_OF[flag])


_PLAIN: Final = VARIANT_KEYS.index((0, None))
"""The variant of a write with no change and no wild action (:attr:`WriteRows.by_variant`)."""
_PLANET_SPANS: Final = tuple(
    (index, planet.spaces[0], planet.spaces[-1] + 1) for index, planet in enumerate(PLANETS)
)
"""Each planet's index and its spaces as a slot range."""
_FIRST, _END = DATA.space_span.start, DATA.space_span.stop
"""Every space of a battlefield, as a slot range (moved by a battlefield's offset)."""
assert all(consecutive(p.spaces) and consecutive(p.moons) for p in PLANETS)
assert all(consecutive(half.astronauts) for half in HALVES.values())


_ENERGY: Final = Offer("ENERGY", Tracks({kind: _OWN[kind] for kind in KINDS}))
_MOON_DRAWN: Final = _moon(astra=False)


@cache
def _costs(number: int, astronaut: bool) -> tuple[int, ...]:
    """Per planet, the stored symbols ``number`` spends to reach it: each moves it by up to 2,
    and so does the Astronaut action once (worked out once)."""
    steps = [(max(0, p.low - number, number - p.high) + 1) // 2 for p in PLANETS]
    return tuple(max(0, step - 1) if astronaut else step for step in steps)


def _holds(
    off: int, side: int, groups: Sequence[Sequence[Planet]], count: int
) -> Callable[[bytearray], bool]:
    """Whether ``side`` holds at least ``count`` planets of each of ``groups`` (stops early)."""
    slots = [[(off + p.resolved, off + p.flag) for p in group] for group in groups]

    def held(marks: bytearray) -> bool:
        for group in slots:
            spare = len(group) - count  # planets that may be unresolved or someone else's
            for resolved, flag in group:
                if not (marks[resolved] and marks[flag] & side):
                    spare -= 1
                    if spare < 0:
                        return False
        return True

    return held


def _half_test(card: str, off: int, side: int) -> Callable[[bytearray], bool]:
    """Mission ``card``'s test (``adventure8.md`` §8) of half ``side`` at offset ``off``."""
    tracks = TRACKS[side, off]
    if card == "A1":  # four planets held
        return _holds(off, side, [PLANETS], 4)
    if card == "A2":  # a planet of every kind held
        return _holds(off, side, [[p for p in PLANETS if p.kind == kind] for kind in KINDS], 1)
    if card == "B1":  # seven asteroids
        return at_least([off + rock for rock in ASTEROIDS], 7, mark=side)
    if card == "B2":  # two boxes of each kind's multiplier
        return full_groups([tracks[kind].slots[:2] for kind in KINDS], len(KINDS))
    if card == "C1":  # six plants and four water
        return full_groups([tracks["plants"].slots[:6], tracks["water"].slots[:4]], 2)
    # C2: a moon on four planets
    return groups_with([[off + moon for moon in p.moons] for p in PLANETS], 1, 4, mark=side)


_HALF_TESTS: Final = {
    card: {(side, off): _half_test(card, off, side) for side in HALVES for off in (0, FIELD)}
    for card in MISSION_CARDS
}
"""Per mission card, per (side, battlefield offset): its test of that half."""


class Battle(Engine):
    """Adventure 8 — The Battle: the engine over the declarations of side 1 on the sheet's own
    battlefield, which stand for the side writing this turn (:meth:`seated`); its own are the
    placement on planets, the planets' control and ASTRA's turn."""

    title: ClassVar[str] = N_("The Battle")
    data: ClassVar[SheetData] = DATA
    changes: ClassVar[bool] = False
    shares_sheets: ClassVar[bool] = True
    tracks: ClassVar[Mapping[str, Track]] = _OWN
    rewards: ClassVar[Mapping[int, Effects]] = {
        **{
            off + rock: tuple(
                effect
                for icon, bonus in bonuses
                for effect in (Mark(off + icon, CROSSED), *BONUSES[bonus])
            )
            for off in (0, FIELD)
            for rock, bonuses in ASTEROIDS.items()
            if bonuses
        },
        **{
            off + symbol: BONUSES[bonus]
            for off in (0, FIELD)
            for planet in PLANETS
            for bonus, symbols in (("PLANT", planet.plants), ("WATER", planet.waters))
            for symbol in symbols
        },
    }
    """An asteroid reached: its icons crossed off and their bonuses, in order; a planet's plant
    or water symbol crossed: a plant or water box."""
    reactions: ClassVar[Mapping[int, Effects]] = {
        space: (*BONUSES.get(planet.bonuses.get(space, ""), ()), Call(_resolve_full))
        for planet in PLANETS
        for space in planet.spaces
    }
    """A planet's space written: its bonus, then the planet resolved if it is full."""
    actions: ClassVar[Mapping[str, Offer]] = {
        "ROBOT": Offer("ROBOT", Next(_OWN["asteroids"])),
        "ENERGY": _ENERGY,
        "PLANT": Offer("PLANT", Next(_SYMBOLS["plants"])),
        "WATER": Offer("WATER", Next(_SYMBOLS["waters"])),
        "ASTRONAUT": Offer("ASTRONAUT", Next(_OWN["astronauts"])),
        "PLANNING": Offer(
            "PLANNING",
            Choose(_open_moons, _MOON_ALIAS, (_MOON_DRAWN, Advance(_OWN["planning"])), flag=0),
        ),
    }
    items: ClassVar[Mapping[str, Offer]] = {
        "ENERGY": _ENERGY,
        "MOON": Offer("MOON", Choose(_open_moons, _MOON_ALIAS, (_MOON_DRAWN,), flag=0)),
        "ASTRA": Offer(
            "ASTRA",
            Choose(
                _open_planets,
                {p.flag: p.name for p in PLANETS},
                (Call(_astra_plays),),
                flag=0,
                where=_astra_allows,
            ),
        ),
        "SOLO": Offer("ASTRA MOON", Choose(_solo_moons, _MOON_ALIAS, (_moon(astra=True),), flag=0)),
    }
    """An asteroid's energy and planning bonuses; solo, ASTRA's planet when two are allowed and
    the moons of her effect cards."""
    items_first: ClassVar[bool] = True
    changed: ClassVar[Effects] = (Advance(_OWN["astronauts"]),)
    requirements: ClassVar[Mapping[str, Callable[[bytearray], bool]]] = {
        card: tests[1, 0] for card, tests in _HALF_TESTS.items()
    }
    """The owner's own half (side 1); the state asks :meth:`meets`, which checks both halves."""

    # ------------------------------------------------------------------ sheets and sides
    def new_sheet(self, solo: bool) -> Sheet:
        """One battlefield, or in solo both (the player's, then ASTRA's)."""
        return Sheet(2 * FIELD if solo else FIELD, solo)

    def sheet_for(self, seat: int, turn: int, players: int) -> int:
        """Even turns: the seat's own sheet (side 1); odd turns: the next seat's (side 2)."""
        return seat if turn % 2 == 0 else (seat + 1) % players

    def start_turn(self, sheets: Sequence[Sheet], turn: int) -> None:
        """Note the side that writes this turn (1 on even turns, 2 on odd turns)."""
        for sheet in sheets:
            sheet.marks[_SIDE] = 1 if turn % 2 == 0 else 2

    def seated(self, sheet: Sheet, track: Track) -> Track:
        """The same track of the side writing this turn, on this turn's battlefield."""
        marks = sheet.marks
        return track if marks[_SIDE] != 2 else _SIDE2[offset_now(marks)][track.name]

    # ------------------------------------------------------------------ phases 2–3
    @staticmethod
    def stored(marks: bytearray, half: Half, off: int) -> list[int]:
        """Astronaut symbols circled and not yet spent."""
        return [off + s for s in half.astronauts if marks[off + s] == CIRCLED]

    def writes(
        self, sheet: Sheet, combos: Sequence[Combination], rows: WriteRows, wild: bool = True
    ) -> list[int]:
        """For each combination, the next space of each planet within reach."""
        marks = sheet.marks
        off = offset_now(marks)
        astronauts = HALVES[side_now(marks)].astronauts  # consecutive slots
        stored = marks.count(CIRCLED, off + astronauts[0], off + astronauts[-1] + 1)
        find = marks.find  # a planet's spaces are consecutive slots, filled in slot order
        spaces = []  # per planet with a space left: its index and that space (once per call)
        for index, first, end in _PLANET_SPANS:
            slot = find(0, off + first, off + end)
            if slot >= 0:
                spaces.append((index, slot - off))
        result: list[int] = []
        by_variant = rows.by_variant
        for combo in combos:
            row = by_variant[combo.position][_PLAIN]
            costs = _costs(combo.number, combo.action == "ASTRONAUT")
            result += [row[slot] for index, slot in spaces if costs[index] <= stored]
        return result

    def inscribe(self, sheet: Sheet, combo: Combination, slot: int) -> bool:
        """Draw the writer's insignia, spending the stored symbols the planet needs (their
        number kept in ``sheet.modified``); whether the Astronaut action's own ±2 was used."""
        marks = sheet.marks
        off = offset_now(marks)
        index = _INDEX_OF[slot]
        planet = PLANETS[index]
        spend = _costs(combo.number, combo.action == "ASTRONAUT")[index]
        for symbol in self.stored(marks, HALVES[side_now(marks)], off)[:spend]:
            marks[symbol] |= CROSSED
        marks[off + slot] = side_now(marks)
        sheet.modified = spend
        return combo.action == "ASTRONAUT" and not planet.low <= combo.number <= planet.high

    # ------------------------------------------------------------------ planets
    free_moons = staticmethod(_free_moons)
    counts = staticmethod(_counts)

    def resolve_if_full(self, sheet: Sheet, planet: Planet, off: int) -> None:
        """Once every space of ``planet`` is written, draw on its flag: the majority, both on a
        tie (solo: a tie goes to the player)."""
        marks = sheet.marks
        if marks[off + planet.resolved] or _has_room(marks, planet, off):
            return
        marks[off + planet.resolved] = CIRCLED
        flag = marks[off + planet.flag] = self.control(marks, planet, off, sheet.solo)
        player = 1 if off == 0 else 2  # solo: the player's side on this battlefield
        if sheet.solo and flag & player and self.solo_controlled(sheet) % 2 == 0:
            sheet.solo_bonus = min(sheet.solo_bonus + 1, self.solo_boxes)

    def control(self, marks: bytearray, planet: Planet, off: int, solo: bool) -> int:
        """The flag a resolution draws: bit 1 side 1, bit 2 side 2 (solo: ties to the player,
        side 1 on the player's battlefield and side 2 on ASTRA's)."""
        one, two = _counts(marks, planet, off)
        if one != two:
            return 1 if one > two else 2
        if solo:
            return 1 if off == 0 else 2
        return 3

    def flags(self, marks: bytearray, off: int, solo: bool) -> list[int]:
        """Each planet's flag now, unresolved planets resolved with their current counts (the
        end-of-game rule)."""
        return [
            marks[off + p.flag] if marks[off + p.resolved] else self.control(marks, p, off, solo)
            for p in PLANETS
        ]

    def solo_controlled(self, sheet: Sheet) -> int:
        """Solo: resolved planets the player controls on both battlefields."""
        marks = sheet.marks
        return sum(
            1
            for off, side in ((0, 1), (FIELD, 2))
            for p in PLANETS
            if marks[off + p.resolved] and marks[off + p.flag] & side
        )

    # ------------------------------------------------------------------ phases 5–6
    def fields(self, sheets: Sequence[Sheet], seat: int) -> list[tuple[bytearray, int, int]]:
        """The battlefields a seat plays on as (marks, offset, side): its own as side 1, the
        next seat's as side 2."""
        if len(sheets) == 1 and sheets[0].solo:
            return [(sheets[0].marks, 0, 1), (sheets[0].marks, FIELD, 2)]
        own = sheets[seat].marks
        return [(own, 0, 1), (sheets[(seat + 1) % len(sheets)].marks, 0, 2)]

    def meets(self, sheets: Sequence[Sheet], seat: int, card: str) -> bool:
        """Both of the seat's battlefields are checked (``open_questions.md`` D.20): its own
        as side 1, then the next seat's (solo: ASTRA's) as side 2."""
        tests, own = _HALF_TESTS[card], sheets[seat]
        if own.solo:
            return tests[1, 0](own.marks) or tests[2, FIELD](own.marks)
        return tests[1, 0](own.marks) or tests[2, 0](sheets[(seat + 1) % len(sheets)].marks)

    # ------------------------------------------------------------------ the end
    def errors_marked(self, sheet: Sheet) -> int:
        """Error boxes of the owner's half (side 1) of this sheet."""
        return _OWN["errors"].marked(sheet.marks)

    def seat_penalty(self, sheets: Sequence[Sheet], seat: int) -> int:
        """Error boxes the seat marked on both of its halves."""
        return sum(
            TRACKS[side, off]["errors"].marked(m) for m, off, side in self.fields(sheets, seat)
        )

    def ends(self, sheets: Sequence[Sheet], index: int) -> bool:
        """Whether :meth:`end_triggers` lists any trigger for sheet ``index`` (its tests,
        without building the list: this runs every turn)."""
        sheet = sheets[index]
        if -1 not in sheet.missions:  # -1: a mission not accomplished
            return True
        marks = sheet.marks
        for off in (0, FIELD) if sheet.solo else (0,):
            if 0 not in marks[off + _FIRST : off + _END]:
                return True
            for half in HALVES.values():
                if 0 not in marks[off + half.errors[0] : off + half.errors[-1] + 1]:
                    return True
        return False

    def end_triggers(self, sheets: Sequence[Sheet], index: int) -> list[dict[str, Any]]:
        """A player with all 3 missions (``all-missions``), a full battlefield
        (``all-spaces``, whoever wrote on it) or a half with both errors (``last-error``, with
        ``seat``: whose half it is, ``sheet``, ``side`` and ``boxes``). Solo, both battlefields
        of the one sheet count; ``astra`` says whether it is ASTRA's (the player is side 2
        there), and ASTRA's own half is ``seat`` ``"ASTRA"``."""
        sheet = sheets[index]
        marks, found = sheet.marks, []
        if -1 not in sheet.missions:  # -1: a mission not accomplished
            found.append({"trigger": "all-missions", "seat": index})
        for off in (0, FIELD) if sheet.solo else (0,):
            astra = off == FIELD
            if 0 not in marks[off + _FIRST : off + _END]:
                found.append({"trigger": "all-spaces", "seat": index, "astra": astra})
            for side, half in HALVES.items():
                if 0 in marks[off + half.errors[0] : off + half.errors[-1] + 1]:
                    continue
                if sheet.solo:  # the player's halves, but for ASTRA's side of each battlefield
                    seat: int | str = 0 if (side == 2) == astra else "ASTRA"
                else:  # the sheet owner's half, or the previous seat's
                    seat = index if side == 1 else (index - 1) % len(sheets)
                found.append(
                    {
                        "trigger": "last-error",
                        "seat": seat,
                        "boxes": len(half.errors),
                        "sheet": index,
                        "side": side,
                        "astra": astra,
                    }
                )
        return found

    def half(self, marks: bytearray, off: int, side: int, solo: bool) -> dict[str, int]:
        """One half's points (``adventure8.md`` §10), part by part, each with its sign (the
        planning and error penalties are negative)."""
        tracks = TRACKS[side, off]
        flags = self.flags(marks, off, solo)
        held = [p.kind for p, f in zip(PLANETS, flags, strict=True) if f & side]
        parts = {"plants": tracks["plants"].value(marks), "water": tracks["water"].value(marks)}
        for kind in KINDS:
            parts[kind.lower()] = held.count(kind) * tracks[kind].value(marks)
        parts["planning"] = -tracks["planning"].value(marks)
        parts["errors"] = -5 * tracks["errors"].marked(marks)
        return parts

    def score(self, sheet: Sheet, context: Context) -> dict[str, int]:
        """Missions, the owner's half of this sheet (side 1) and its half of the next seat's
        sheet (side 2), each half's parts named ``side1_…`` / ``side2_…``; unresolved planets
        count as resolved now (the end-of-game rule)."""
        sheets = context.sheets
        seat = next((i for i, other in enumerate(sheets) if other is sheet), None)
        if sheet.solo or seat is None:
            fields = self.fields([sheet], 0)[: 2 if sheet.solo else 1]
        else:
            fields = self.fields(sheets, seat)
        parts = {"missions": sum(v for v in sheet.missions if v > 0)}
        for marks, off, side in fields:
            half = self.half(marks, off, side, sheet.solo)
            parts.update({f"side{side}_{key}": value for key, value in half.items()})
        return with_total(parts)

    # ------------------------------------------------------------------ solo: ASTRA
    def astra_turn(self, sheet: Sheet, number: int, action: str) -> None:
        """Solo: ASTRA plays the first card of the turn on this turn's battlefield (her number
        goes up by 1, 15 wrapping to 1, until a planet has room; her Astronaut counts as Planning,
        her Energy as Robot); the player picks her planet when two are allowed (``ASTRA``)."""
        marks = sheet.marks
        off = offset_now(marks)
        for _ in range(16):
            candidates = [p for p in allowed(number) if _has_room(marks, p, off)]
            if candidates:
                break
            number = 1 if number >= 15 else number + 1
        else:
            return
        sheet.action = {"ASTRONAUT": "PLANNING", "ENERGY": "ROBOT"}.get(action, action)
        sheet.modified = number  # ASTRA's number (``_astra_allows`` reads it)
        if len(candidates) == 1:
            self.astra_play(sheet, candidates[0])
            return
        sheet.stage = Sheet.ACTING
        sheet.pending = ["ASTRA"]

    def astra_play(self, sheet: Sheet, planet: Planet) -> None:
        """ASTRA's insignia in the planet's next space, then her action: a moon of the planet
        (Planning), the next asteroid from her end (Robot), or one of its plant or water
        symbols crossed."""
        marks = sheet.marks
        off = offset_now(marks)
        astra = 3 - side_now(marks)
        marks[first_empty(marks, planet.spaces, off) or 0] = astra
        self.resolve_if_full(sheet, planet, off)
        action = sheet.action
        if action == "PLANNING":
            moons = _free_moons(marks, off, (planet,))
            if moons:
                marks[off + moons[0]] = astra
        elif action == "ROBOT":
            rock = TRACKS[astra, off]["asteroids"].next_slot(marks)
            if rock is not None:
                marks[rock] = astra
        else:
            symbol = first_empty(marks, planet.plants if action == "PLANT" else planet.waters, off)
            if symbol is not None:
                marks[symbol] = CROSSED
        sheet.modified = 0
        sheet.action = ""

    def solo_effect(self, sheet: Sheet, letter: str, target: int | None) -> None:
        """ASTRA draws on two moons, one after the other, on this turn's battlefield."""
        sheet.stage = Sheet.ACTING
        sheet.pending = ["SOLO", "SOLO"]
        self.settle(sheet)

    # ------------------------------------------------------------------ views
    def sheet_view(self, sheet: Sheet) -> dict[str, Any]:
        """Per battlefield: spaces (the side drawn), planets (moons, the sides on the flag,
        ``control`` — the flag, or who would win it if resolved now —, resolved, symbols left),
        asteroids, and both halves' tracks."""
        marks = sheet.marks
        result: dict[str, Any] = {"writing_side": side_now(marks)}
        fields = ((0, "battlefield"), (FIELD, "astra_battlefield"))
        boxes = ("plants", "water", *KINDS, "planning")  # the tracks shown by boxes marked
        for off, key in fields[: 2 if sheet.solo else 1]:
            flags = self.flags(marks, off, sheet.solo)
            spaces = {DATA.names[s]: (marks[off + s] or None) for s in DATA.space_slots}
            if off == 0:
                result["spaces"] = spaces
            field: dict[str, Any] = {"spaces": spaces} if off else {}
            field["planets"] = {
                p.name: {
                    "moons": [marks[off + m] or None for m in p.moons],
                    "flag": [s for s in (1, 2) if marks[off + p.flag] & s],
                    "control": [s for s in (1, 2) if f & s],
                    "resolved": bool(marks[off + p.resolved]),
                    "plants": sum(1 for s in p.plants if not marks[off + s]),
                    "waters": sum(1 for s in p.waters if not marks[off + s]),
                }
                for p, f in zip(PLANETS, flags, strict=True)
            }
            field["asteroids"] = [marks[off + rock] or None for rock in ASTEROIDS]
            for side, half in HALVES.items():
                tracks = TRACKS[side, off]
                field[f"side{side}"] = {
                    **{name.lower(): tracks[name].marked(marks) for name in boxes},
                    "astronauts": len(self.stored(marks, half, off)),
                    "errors": tracks["errors"].marked(marks),
                }
            result[key] = field
        result["errors"] = self.errors_marked(sheet)
        return result
