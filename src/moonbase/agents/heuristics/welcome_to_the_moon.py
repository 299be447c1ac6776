"""Welcome to the Moon's greedy play: keep every zone fillable, and finish what pays.

Most of a Welcome to the Moon score arrives late — a quarter's rockets when its last space is
filled, a station's plants once its multiplier is circled, a column's gems when it is extracted —
so a one-step look at the score sees almost nothing. This heuristic judges a sheet by its score
**plus what it is likely to become**:

- **Fill chances.** Each empty space of an ascending zone lies in a run of empty spaces between
  two numbers (or a zone end). The run can only take the numbers strictly between them, so each
  of its spaces gets a chance of ever being filled: zero when no number fits (a dead space), lower
  when the run is long for the card numbers left between its bounds (the middle numbers are the
  common ones). Writing a number *proportionally* — a 7 halfway along an empty row, low numbers
  left, high numbers right — keeps the chances of both sides high; a number that leaves a gap
  no card can fill is punished at once.
- **Groups that pay when complete** (a quarter's rockets, a zone, a module, a column's gems, a
  skyscraper end…) are worth their reward times the product of their empty spaces' chances, so
  the nearer a group is to done, the more a write there is worth.
- **Progress the score does not show yet**: plants before a multiplier, multipliers before the
  plants, factory symbols, energy toward a wall, stored wild actions, a mission just met (its
  reward is paid at the end of the turn), and a small worth for every space likely to be filled.
- **Solo:** the card left to ASTRA costs her score gain; a solo bonus is spent to keep her a card
  worth more than an average one.

Every legal ``WRITE`` is tried on a copy of the seat's sheet; the best few placements of each
combination (and wild action) then have their action's sub-steps resolved greedily by the same
judgement before the final comparison. Sub-steps, the setup and propagation choices of
adventure 6, ASTRA's cards and adventure 8's choices are judged the same way, one step at a time
with the rest resolved greedily. Only the seat's own sheet (now) and the other sheets as the
seat sees them are read, so the choice is honest; ties go to the agent's generator.

>>> import moonbase, random
>>> state = moonbase.load("welcome-to-the-moon", missions="A1,B1,C1").new(seed=9)
>>> [(c.number, c.action) for c in state.offer]
[(8, 'ENERGY'), (2, 'ENERGY'), (8, 'ROBOT')]
>>> choose(state, 0, random.Random(0))   # a 2 first on the ten-space ENE floor
'WRITE 2 ENE.1'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterable, Sequence
from functools import cache
from math import erf, sqrt
from typing import Final

from moonbase.agents.heuristics import generic
from moonbase.core import State
from moonbase.games.welcome_to_the_moon.adventures import Combination, Context, Engine
from moonbase.games.welcome_to_the_moon.adventures import a1_launch as a1
from moonbase.games.welcome_to_the_moon.adventures import a2_journey as a2
from moonbase.games.welcome_to_the_moon.adventures import a3_colony as a3
from moonbase.games.welcome_to_the_moon.adventures import a4_mine as a4
from moonbase.games.welcome_to_the_moon.adventures import a5_dome as a5
from moonbase.games.welcome_to_the_moon.adventures import a6_virus as a6
from moonbase.games.welcome_to_the_moon.adventures import a7_escape as a7
from moonbase.games.welcome_to_the_moon.adventures import a8_battle as a8
from moonbase.games.welcome_to_the_moon.astra import astra_rockets, astra_score
from moonbase.games.welcome_to_the_moon.cards import ACTIONS, CARD_TYPES, DECK
from moonbase.games.welcome_to_the_moon.notation import parse_choice
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, Sheet, X
from moonbase.games.welcome_to_the_moon.state import EFFECT, WelcomeState

__all__ = [
    "Judge",
    "choose",
    "error_risk",
    "fill_chance",
    "fill_chances",
    "placement",
    "zones_of",
]

_COPIES: Final = tuple(
    next((len(backs) for number, backs in DECK if number == n), 0) for n in range(18)
)
"""How many cards show each number 0–17 (0, 16 and 17 only come from an Astronaut change)."""
_SHAPE: Final = 0.5
"""How much a long run of empty spaces lowers each space's chance (per space of the run)."""
_EXTREMES: Final = 0.3
"""What the numbers 0, 16 and 17 count for, where an Astronaut change can reach them."""
_DEAD: Final = 0.08
"""The chance of a space no number fits (only an X can fill it)."""
_LONGEST: Final = 36
"""The longest zone of any sheet (adventure 2's unwalled trajectory)."""
_PER_GROUP: Final = 3
"""Placements of each combination (and wild action) whose sub-steps are resolved."""
_WIDE: Final = 60
"""With more placements than this, only the :data:`_QUICK` best of each combination by
:func:`placement` are judged in full."""
_QUICK: Final = 10
_SHORTLIST: Final = 4
"""Sub-step options tried again for the other placements of a combination."""
_DEPTH: Final = 12
"""At most this many sub-steps are resolved ahead."""
_WILD: Final = 2.5
"""What an unspent wild action is worth."""
_ASTRA_ROCKET: Final = 6.0
"""Adventure 1 solo: what a rocket of ASTRA's costs (2 points of hers, and her clock)."""
_RIVALRY: Final = 0.25
"""Adventure 8: how much the best other score counts against the seat's own."""
_A8_ERROR: Final = 10.0
"""Adventure 8: what a sure System Error on a half costs."""
_ERROR_COST: Final = 25.0
"""What a sure System Error next turn costs (its points, and a step toward the game's end)."""


_SPANS: Final = tuple(
    tuple(sum(1 << n for n in range(low, hi)) for hi in range(19)) for low in range(19)
)
"""``_SPANS[low][hi]``: the bit mask of numbers ``low`` … ``hi - 1``."""
_ALL: Final = (1 << 18) - 1


@cache
def _chance_table(extremes: float, shape: float) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """``table[lo + 1][hi][k]``: the chance of each of ``k`` empty spaces between ``lo`` and
    ``hi`` (exclusive; -1 and 18 for the zone ends)."""
    fit = [extremes if n in (0, 16, 17) else 1.0 for n in range(18)]
    mass = [_COPIES[n] * 15 / 63 if _COPIES[n] else extremes * 0.4 for n in range(18)]
    table = []
    for lo in range(-1, 18):
        row = []
        for hi in range(19):
            inside = range(lo + 1, hi)
            room = sum(fit[n] for n in inside)
            weight = sum(mass[n] for n in inside)
            row.append(tuple(fill_chance(k, room, weight, shape) for k in range(_LONGEST + 1)))
        table.append(tuple(row))
    return tuple(table)


def fill_chance(run: int, room: float, mass: float, shape: float = _SHAPE) -> float:
    """The chance that each of ``run`` empty spaces is filled some day, when ``room`` numbers fit
    between its bounds and they carry ``mass`` (cards per 15, so a whole 1–15 range is 15);
    ``shape`` is how much each space of the run lowers the chance.

    >>> round(fill_chance(1, 1, 7 * 15 / 63), 2)   # one space, only an 8 fits
    0.77
    >>> fill_chance(3, 0, 0.0)                     # nothing fits: a dead space
    0.08
    >>> fill_chance(4, 15, 15.0) > fill_chance(12, 15, 15.0)
    True
    """
    if run <= 0:
        return 1.0
    if room <= 0:
        return _DEAD
    return min(1.0, room / run) * mass / (mass + shape * run)


def fill_chances(
    marks: bytearray,
    zones: Iterable[Sequence[int]],
    chances: list[float],
    extremes: float = 0.0,
    usable: Container[int] | None = None,
    spans: list[int] | None = None,
    shape: float = _SHAPE,
) -> int:
    """Lower ``chances[slot]`` of each empty space of ``zones`` to its fill chance in that zone
    (:func:`fill_chance`; X marks and infections are filled and bound nothing), and return the
    numbers that fit some empty space now as a bit mask (bit ``n`` for number ``n``; only runs
    with a space in ``usable`` count, when it is given). With ``spans``, ``spans[slot]`` is also
    narrowed to the numbers that fit each empty space (for spaces in two zones).

    >>> marks = bytearray(6)
    >>> marks[3] = 9  # an 8 in the middle of a five-space zone 1–5
    >>> chances = [1.0] * 6
    >>> fits = fill_chances(marks, [(1, 2, 3, 4, 5)], chances)
    >>> [round(p, 2) for p in chances[1:]], [n for n in range(18) if fits >> n & 1 == 0]
    ([0.87, 0.87, 1.0, 0.87, 0.87], [8])
    """
    table = _chance_table(extremes, shape)
    fits = 0
    for zone in zones:
        low = 0
        run: list[int] = []
        for slot in zone:
            mark = marks[slot]
            if not mark:
                run.append(slot)
            elif mark <= 18:
                if run:
                    chance = table[low][mark - 1][len(run)]
                    for empty in run:
                        if chance < chances[empty]:
                            chances[empty] = chance
                        if spans is not None:
                            spans[empty] &= _SPANS[low][mark - 1]
                    if usable is None or any(empty in usable for empty in run):
                        fits |= _SPANS[low][mark - 1]
                    run = []
                low = mark
        if run:
            chance = table[low][18][len(run)]
            for empty in run:
                if chance < chances[empty]:
                    chances[empty] = chance
                if spans is not None:
                    spans[empty] &= _SPANS[low][18]
            if usable is None or any(empty in usable for empty in run):
                fits |= _SPANS[low][18]
    return fits


@cache
def error_risk(fits: int) -> float:
    """The chance that none of three card numbers fits, when the numbers of the bit mask ``fits``
    are the ones that fit somewhere (the next System Error's chance, Astronaut changes aside).

    >>> error_risk(0), error_risk((1 << 18) - 1)
    (1.0, 0.0)
    >>> round(error_risk(sum(1 << n for n in range(1, 8))), 3)   # only 1–7 fit
    0.171
    """
    miss = sum(_COPIES[n] for n in range(18) if not fits >> n & 1) / 63
    return miss**3


def _product(chances: list[float], slots: Iterable[int]) -> float:
    result = 1.0
    for slot in slots:
        result *= chances[slot]
    return result


def _filled(marks: bytearray, slots: Iterable[int]) -> int:
    return sum(1 for slot in slots if marks[slot])


def _wilds(marks: bytearray, slots: Iterable[int]) -> int:
    return sum(1 for slot in slots if marks[slot] == CIRCLED)


# ---------------------------------------------------------------------- adventure potentials
_Potential = Callable[["Judge", Sheet], float]


_ROCKET: Final = 150 / 31
"""Adventure 1: what one rocket of the launch track is worth on average."""
_A1_FLOORS: Final = {floor.name: floor.slots for floor in a1.FLOORS}
_A1_MISSION_SLOTS: Final = {
    card: tuple(slot for name in names.split() for slot in _A1_FLOORS[name])
    for card, names in (("A1", "AST1 AST2 WAT"), ("A2", "ROB1 ROB2 PLA"), ("B1", "ENE"),
                        ("B2", "PLT WILD"))
}  # fmt: skip
"""Adventure 1: the spaces missions A1–B2 need filled."""


def _a1_reward(quarter: a1.Quarter, marks: bytearray) -> float:
    reward = 0.0
    for bonus in quarter.bonuses:
        if bonus.kind == "R":
            reward += bonus.rockets * _ROCKET
        elif bonus.kind == "R*":
            active = quarter.arrow is not None and marks[quarter.arrow]
            reward += bonus.rockets * _ROCKET * (1.0 if active else 0.3)
        elif bonus.kind == "SAB":
            reward += 0.0 if marks[bonus.slot] else 4.0
        else:
            reward += 3.0
    return reward


_A1_SHARES: Final = {
    action: sum(len([b for b in backs if b == action]) for _, backs in DECK) / 63
    for action in ACTIONS
}
"""Adventure 1: the share of cards showing each action."""


def _a1(judge: Judge, sheet: Sheet) -> float:
    """Adventure 1: quarters' bonuses and floor missions by their chances; rockets counted one by
    one rather than by completed rows; the risk that no combination fits its floors."""
    marks = sheet.marks
    chances = [1.0] * a1.DATA.size
    fits = {floor.name: fill_chances(marks, (floor.slots,), chances) for floor in a1.FLOORS}
    value = a1.LAUNCH.marked(marks) * _ROCKET - a1.LAUNCH.value(marks)
    miss = 0.0
    for action, share in _A1_SHARES.items():
        mask = fits["WILD"]
        for floor in a1.floors_for(action):
            mask |= fits[floor.name]
        miss += share * error_risk(mask) ** (1 / 3)
    value -= _ERROR_COST * miss**3
    for quarter in a1.QUARTERS:
        if any(not marks[slot] for slot in quarter.slots):
            value += _a1_reward(quarter, marks) * _product(chances, quarter.slots)
    for card, reward in judge.rewards.items():
        slots = _A1_MISSION_SLOTS.get(card)
        if slots is not None:
            value += reward * _ROCKET * _product(chances, slots)
    value += 0.5 * sum(chances[slot] for slot in a1.DATA.space_slots if not marks[slot])
    return value


def _a2(judge: Judge, sheet: Sheet) -> float:
    """Adventure 2: zones (longest, majority, missions B) by their chances; plants and robots of
    stations without a multiplier; energy (walls to come), wild actions."""
    marks = sheet.marks
    zones = a2.zones(marks)
    chances = [1.0] * a2.DATA.size
    value = -_ERROR_COST * error_risk(fill_chances(marks, zones, chances, _EXTREMES))
    missions = judge.rewards
    for zone in zones:
        if all(marks[slot] for slot in zone):
            continue
        size = len(zone)
        reward = 4.0 + 0.6 * size
        if size == 6 and "B1" in missions:
            reward += missions["B1"] / 2
        if size in (2, 4, 6) and "B2" in missions:
            reward += missions["B2"] / 3
        value += reward * _product(chances, zone)
    for station in a2.STATIONS:
        plants = _filled(marks, station.plants)
        if a2.Journey.multiplier(sheet, station):
            continue
        robots = _filled(marks, station.robots) / len(station.robots)
        best = station.low[1] if marks[station.high[0]] else station.high[1]
        value += plants * best * (0.3 + 0.6 * robots) + 3.0 * robots
    energy = _filled(marks, a2.ENERGY)
    value += 3.5 * energy + 2.0 * (energy % 2)  # walls to come
    value += _WILD * _wilds(marks, a2.WILDS)
    value += 1.0 * (_filled(marks, a2.ASTRONAUTS) % 2 + _filled(marks, a2.PLANNING) % 2)
    value += 0.6 * sum(chances[slot] for slot in a2.SPACES if not marks[slot])
    return value


_A3_NEIGHBOURS: Final = {
    cell: tuple({t.b if t.a == cell else t.a for t in a3.TUNNELS if cell in (t.a, t.b)})
    for cell in a3.CELL_NAMES
}
"""Adventure 3: the cells a tunnel may join to each cell."""
_A3_ZONES: Final = tuple(zone.slots for zone in a3.COLUMNS + a3.ROWS)
_A3_FUTURE: Final = {"PLANTS": (4.0, 1.0), "WATER": (2.0, 2.0), "ANTENNAS": (4.0, 1.0)}
"""Adventure 3, per multiplier: items still to come, and multiplier points still to come."""
_A3_ITEMS: Final = {
    "PLANTS": a3.DATA.symbols["plants"],
    "WATER": a3.DATA.symbols["tanks"],
    "ANTENNAS": a3.DATA.symbols["antennas"],
}


def _a3(judge: Judge, sheet: Sheet) -> float:
    """Adventure 3: quarters and rows or columns (missions A) by their chances; plants, tanks and
    antennas against the multipliers still to come; antennas near the tunnel network."""
    marks = sheet.marks
    chances = [1.0] * a3.DATA.size
    spans = [_ALL] * a3.DATA.size
    fill_chances(marks, _A3_ZONES, chances, _EXTREMES, spans=spans)
    fits = 0
    for slot in range(1, 33):
        if not marks[slot]:
            fits |= spans[slot]
    value = -_ERROR_COST * error_risk(fits)
    for quarter in a3.QUARTERS:
        if marks[quarter.high] & CIRCLED or marks[quarter.low]:
            continue
        reward = 5.0 if marks[quarter.high] else 15.0
        value += reward * _product(chances, quarter.buildings)
    missions = judge.rewards
    for card, zones in (("A1", a3.COLUMNS), ("A2", a3.ROWS)):
        if card in missions:
            value += missions[card] / 3 * sum(_product(chances, zone.slots) for zone in zones)
    for name, track in a3.MULTIPLIERS.items():
        items = _filled(marks, _A3_ITEMS[name])
        future_items, future_points = _A3_FUTURE[name]
        value += items * future_points + future_items * track.value(marks)
    reached = a3.network(marks)
    multiplier = a3.MULTIPLIERS["ANTENNAS"].value(marks) + 1.0
    for cell, slots in a3.ANTENNAS.items():
        if marks[slots[0]]:
            continue
        near = cell in reached or any(other in reached for other in _A3_NEIGHBOURS[cell])
        filled = cell == a3.OBS or bool(marks[cell])
        value += len(slots) * multiplier * (0.25 if filled else 0.1) * (2.0 if near else 1.0)
    value += 0.4 * len(reached)
    value += 0.6 * sum(chances[slot] for slot in range(1, 33) if not marks[slot])
    return value


def _a4_unit(marks: bytearray, storage: a4.Storage) -> float:
    """What one more box of a storage is worth."""
    unit = float(storage.upgraded if marks[storage.box] else storage.base)
    if not marks[storage.bonus] and not marks[storage.trigger]:
        left = sum(1 for box in storage.boxes if not marks[box] and box <= storage.trigger)
        unit += storage.points / max(left, 1) * 0.5
    return unit


_A4_COLUMNS: Final = {
    k: tuple(
        [gem for space, gem in a4.GEMS.items() if a4.column_of(space) == k]
        + [(gap.kind, gap.slot) for gap in a4.GAPS if gap.column == k]
    )
    for k in range(1, 13)
}
"""Adventure 4: each column's resources as (storage, slot)."""
_A4_MAIN_GAIN: Final = {"PLANTS": "PLANT", "WATER": "WATER", "PEARLS": "PEARL", "RUBIES": "RUBY"}


def _a4(judge: Judge, sheet: Sheet) -> float:
    """Adventure 4: each column's resources by the chance of extracting it; factories by their
    progress."""
    marks = sheet.marks
    chances = [1.0] * a4.DATA.size
    fits = fill_chances(marks, (row.slots for row in a4.ROWS), chances, _EXTREMES)
    units = {name: _a4_unit(marks, storage) for name, storage in a4.STORAGES.items()}
    value = -_ERROR_COST * error_risk(fits)
    for k in range(1, 13):
        if marks[a4.EXTRACTORS[k - 1]]:
            continue
        spaces = (k, k + 12, k + 24)
        reward = 0.0
        for kind, slot in _A4_COLUMNS[k]:
            if marks[slot] == CIRCLED:
                reward += units[kind]
            elif not marks[slot]:
                gem = kind in ("PEARL", "RUBY")
                reward += units[kind] * (0.7 if gem else 0.2)
        value += reward * _product(chances, spaces)
    for factory in a4.FACTORIES:
        symbols = factory.symbols
        done = _filled(marks, symbols)
        if done == len(symbols):
            continue
        progress = done / len(symbols)
        worth: float
        if factory.kind == "main":
            storage = a4.STORAGES[_A4_MAIN_GAIN[factory.name]]
            worth = (storage.upgraded - storage.base) * (_filled(marks, storage.boxes) + 4)
        elif factory.name == "ASTRONAUTS":
            worth = 3.0 * (_filled(marks, a4.ASTRONAUTS) + 2)
        elif factory.name == "PLANNING":
            worth = 3.0 * (_filled(marks, a4.PLANNING) + 1)
        elif factory.storage:
            worth = 2 * units[factory.storage]
        else:
            worth = 4.0
        value += worth * progress * 0.7
    value += 0.5 * sum(chances[slot] for slot in range(1, 37) if not marks[slot])
    return value


_A5_ENDS: Final = {end.space: end for end in a5.ENDS}
_A5_SHAPE: Final = 0.3
"""Adventure 5 is kinder to long runs: skyscrapers are short, and grow from one side at a time."""


def _a5(judge: Judge, sheet: Sheet) -> float:
    """Adventure 5: each skyscraper end's bonus by the chance of building out to it; tower levels
    under way."""
    marks = sheet.marks
    chances = [1.0] * a5.DATA.size
    fits = fill_chances(
        marks, (sk.slots for sk in a5.SKYSCRAPERS), chances, _EXTREMES, shape=_A5_SHAPE
    )
    value = -_ERROR_COST * error_risk(fits)
    for sk in a5.SKYSCRAPERS:
        slots = sk.slots
        for end_index, end in ((0, _A5_ENDS[slots[0]]), (len(slots) - 1, _A5_ENDS[slots[-1]])):
            if marks[end.high[0]] & CIRCLED or marks[end.low[0]]:
                continue
            reward = end.low[1] if marks[end.high[0]] else end.high[1]
            marked = [i for i, slot in enumerate(slots) if marks[slot]]
            if end_index == 0:
                stop = marked[0] if marked else slots.index(sk.ground[1])
                path = slots[: stop + (0 if marked else 1)]
            else:
                start = marked[-1] + 1 if marked else slots.index(sk.ground[0])
                path = slots[start:]
            value += reward * 0.8 * _product(chances, path)
    counts = a5.tower_counts(marks)
    value += 1.5 * sum(1 for count in counts if count in (1, 2))
    value += 0.6 * sum(chances[slot] for slot in a5.DATA.space_slots if not marks[slot])
    return value


_A6_QUARTERS: Final = tuple((q.energies, q.slots) for q in a6.QUARTERS)
_A6_TRACKS: Final = (
    (tuple((row.box, row.markers) for row in a6.PLANT_TRACK), a6.PLANT_VALUES),
    (tuple((row.box, row.markers) for row in a6.WATER_TRACK), a6.WATER_VALUES),
)
_A6_VIRUSES: Final = tuple(q.target for q in a6.QUARTERS if q.target)


def _a6(judge: Judge, sheet: Sheet) -> float:
    """Adventure 6: each quarter's spaces still likely to be filled, by its energy; the next row
    of each track; active viruses; wild actions."""
    marks = sheet.marks
    chances = [1.0] * a6.DATA.size
    fits = fill_chances(marks, a6.FLOORS.values(), chances, _EXTREMES)
    value = -_ERROR_COST * error_risk(fits)
    for energies, slots in _A6_QUARTERS:
        energy = 1 + (1 if marks[energies[0]] else 0) + (1 if marks[energies[1]] else 0)
        value += 0.8 * energy * sum([chances[slot] for slot in slots if not marks[slot]])
    for rows, values in _A6_TRACKS:
        for done, (box, markers) in enumerate(rows):
            if not marks[box]:
                part = sum(1 for marker in markers if marks[marker]) / len(markers)
                value += (values[done + 1] - values[done]) * part * 0.6
                break
    active = sum(1 for target in _A6_VIRUSES if marks[target] == CIRCLED)
    value -= 2.0 * active
    value += _WILD * _wilds(marks, a6.WILDS)
    return value


def _a7(judge: Judge, sheet: Sheet) -> float:
    """Adventure 7: modules and greenhouses by their chances (blocks not connected yet count
    less); connected blocks; wild actions."""
    marks = sheet.marks
    blocks = a7.connected(marks)
    usable = {space for index in blocks for space in a7.BLOCKS[index].spaces}
    chances = [1.0] * a7.DATA.size
    fits = fill_chances(marks, (ship.spaces for ship in a7.STARSHIPS), chances, _EXTREMES, usable)
    for index, block in enumerate(a7.BLOCKS):
        if index not in blocks:
            for space in block.spaces:
                chances[space] *= 0.6
    value = -_ERROR_COST * error_risk(fits)
    for block in a7.BLOCKS:
        ship = a7.STARSHIPS[block.starship]
        if block.greenhouse:
            if marks[block.spaces[0]]:
                continue
            double = 2.0 if not marks[ship.double] else 1.0
            plants = a7.plants(marks, ship)
            value += (a7.VALUES[plants] + 1.5) * double * chances[block.spaces[0]]
            continue
        if all(marks[space] for space in block.spaces):
            continue
        tank = next(iter(block.tanks.values()))
        reactors = a7.reactors(marks, ship)
        reward = (a7.VALUES[reactors] + 1.5) * (2.0 if marks[tank] else 1.3)
        value += reward * _product(chances, block.spaces)
    value += 0.5 * len(blocks)
    value += _WILD * _wilds(marks, a7.WILDS)
    value += 0.4 * sum(chances[slot] for slot in range(1, 44) if not marks[slot])
    return value


def _keeps(lead: int, left: int) -> float:
    """Adventure 8: the chance that a side leading a planet by ``lead`` insignias still controls
    it (a tie controls too) once ``left`` more spaces and moons are taken, each by either side."""
    if left <= 0:
        return 1.0 if lead >= 0 else 0.0
    return 0.5 * (1.0 + erf((lead + 0.5) / sqrt(2.0 * left)))


def _a8_outlook(marks: bytearray, off: int, solo: bool) -> tuple[float, float]:
    """Adventure 8: what each side of a battlefield can expect from its unresolved planets beyond
    what their current majorities give it (the score counts each as resolved now)."""
    battle = a8.Battle
    gains = [0.0, 0.0]
    for planet in a8.PLANETS:
        if marks[off + planet.resolved]:
            continue
        one, two = battle.counts(marks, planet, off)
        left = sum(1 for slot in planet.spaces + planet.moons if not marks[off + slot])
        for index, (side, lead) in enumerate(((1, one - two), (2, two - one))):
            if solo and side != (1 if off == 0 else 2):
                continue
            multiplier = a8.TRACKS[side, off][planet.kind].value(marks)
            now = 1.0 if lead > 0 or (lead == 0 and (not solo or index == (off != 0))) else 0.0
            gains[index] += multiplier * (_keeps(lead, left) - now)
    return gains[0], gains[1]


def _a8(sheets: Sequence[Sheet], seat: int) -> list[float]:
    """Adventure 8: each seat's expected gain beyond its score (see :func:`_a8_outlook`), and a
    little for each astronaut symbol it has stored."""
    if len(sheets) == 1:
        sheet = sheets[0]
        gain = _a8_outlook(sheet.marks, 0, True)[0] + _a8_outlook(sheet.marks, a8.FIELD, True)[1]
        return [gain + _a8_stored(sheet.marks, 0, 1) + _a8_stored(sheet.marks, a8.FIELD, 2)]
    gains = [0.0] * len(sheets)
    for owner, sheet in enumerate(sheets):
        one, two = _a8_outlook(sheet.marks, 0, False)
        gains[owner] += one + _a8_stored(sheet.marks, 0, 1)
        gains[owner - 1] += two + _a8_stored(sheet.marks, 0, 2)
    return gains


def _a8_stored(marks: bytearray, off: int, side: int) -> float:
    """Adventure 8: a little for each stored astronaut symbol, less the risk of a System Error
    (no open planet within reach of the next numbers) on this half."""
    stored = sum(1 for slot in a8.HALVES[side].astronauts if marks[off + slot] == CIRCLED)
    reach = 2 * stored
    fits = 0
    for planet in a8.PLANETS:
        if not marks[off + planet.spaces[-1]]:
            fits |= _SPANS[max(planet.low - reach, 0)][min(planet.high + reach, 17) + 1]
    return 1.0 * stored - _A8_ERROR * error_risk(fits)


_POTENTIALS: Final[dict[int, _Potential]] = {
    1: _a1, 2: _a2, 3: _a3, 4: _a4, 5: _a5, 6: _a6, 7: _a7,
}  # fmt: skip
_FIXED_ZONES: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    1: tuple(floor.slots for floor in a1.FLOORS),
    3: _A3_ZONES,
    4: tuple(row.slots for row in a4.ROWS),
    5: tuple(sk.slots for sk in a5.SKYSCRAPERS),
    6: tuple(a6.FLOORS.values()),
    7: tuple(ship.spaces for ship in a7.STARSHIPS),
}
"""The ascending zones of each adventure but 2 (whose walls move) and 8 (which has none)."""


def zones_of(adventure: int, marks: bytearray) -> tuple[tuple[int, ...], ...]:
    """The ascending zones of a sheet of ``adventure`` now (none in adventure 8).

    >>> [len(zone) for zone in zones_of(2, bytearray(173))]
    [36]
    """
    if adventure == 2:
        return a2.zones(marks)
    return _FIXED_ZONES.get(adventure, ())


def placement(
    before: bytearray, after: bytearray, slot: int, zones: Sequence[Sequence[int]]
) -> float:
    """How much writing in ``slot`` changed the expected number of filled spaces of its zones
    (a quick measure of a placement: a proportional number costs the zone little).

    >>> before = bytearray(7)
    >>> middle, edge = bytearray(before), bytearray(before)
    >>> middle[3], edge[1] = 9, 9   # an 8 in the middle or at the start of a zone 1–5
    >>> zone = [(1, 2, 3, 4, 5)]
    >>> placement(before, middle, 3, zone) > placement(before, edge, 1, zone)
    True
    """
    total = 0.0
    for zone in zones:
        if slot not in zone:
            continue
        for marks, sign in ((after, 1.0), (before, -1.0)):
            chances = [1.0] * (max(zone) + 1)
            fill_chances(marks, (zone,), chances)
            total += sign * sum(chances[empty] for empty in zone)
    return total


# ---------------------------------------------------------------------- the judge
class Judge:
    """A seat's judgement of sheets it might leave this turn (see the module docstring).

    It holds what the seat may know: its own sheet as it is now, the other sheets as the seat
    sees them, this turn's combinations, the missions and (solo) ASTRA's cards.

    >>> import moonbase
    >>> state = moonbase.load("welcome-to-the-moon", adventure=2).new(seed=1)
    >>> judge = Judge(state, 0)
    >>> judge.value(judge.sheet) == judge.value(judge.sheet.copy())
    True
    """

    def __init__(self, state: WelcomeState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.adventure: Engine = state.adventure
        self.index = state.writing(seat)
        self.sheets = [state.visible_sheet(owner, seat) for owner in range(state.players)]
        self.sheet = self.sheets[self.index]
        """The sheet ``seat`` writes on this turn, as it is now."""
        self.astra_cards = list(state.astra_cards) if state.solo else None
        self.potential = _POTENTIALS.get(self.adventure.number)
        self._values: dict[bytes, float] = {}
        own = self.sheets[seat]
        self.missions = [
            (index, mission, mission.low if state.high_taken[index] else mission.high)
            for index, card in enumerate(state.mission_cards)
            if card and own.missions[index] < 0
            for mission in (self.adventure.missions[card],)
        ]
        """The missions the seat has not accomplished: (index, card, the reward it pays now)."""
        self.rewards = {mission.card: reward for _, mission, reward in self.missions}
        """The reward each mission the seat has not accomplished pays now, by card."""

    # ------------------------------------------------------------------ judging sheets
    def value(self, sheet: Sheet) -> float:
        """How good leaving ``sheet`` (the one the seat writes on) is for the seat: its score,
        the missions it meets, and the adventure's potential."""
        key = bytes(sheet.marks)
        known = self._values.get(key)
        if known is None:
            known = self._values[key] = self._value(sheet)
        return known

    def _value(self, sheet: Sheet) -> float:
        sheets = list(self.sheets)
        sheets[self.index] = sheet
        own = sheets[self.seat]
        adventure = self.adventure
        context = Context(sheets, self.astra_cards)
        total = float(adventure.score(own, context)["total"])
        for index, mission, reward in self.missions:
            if adventure.meets(sheets, self.seat, mission.card):
                paid = own.copy()
                paid.missions[index] = reward
                adventure.reward(paid, mission, reward)
                sheets[self.seat] = paid
                total = float(adventure.score(paid, Context(sheets, self.astra_cards))["total"])
                own = paid
        if self.potential is not None:
            return total + self.potential(self, sheet)
        gains = _a8(sheets, self.seat)
        total += gains[self.seat]
        if len(sheets) > 1:  # sheets are shared: a planet won is a planet lost
            context = Context(sheets, self.astra_cards)
            total -= _RIVALRY * max(
                adventure.score(other, context)["total"] + gains[seat]
                for seat, other in enumerate(sheets)
                if seat != self.seat
            )
        return total

    def act(self, sheet: Sheet, action: str) -> Sheet:
        """A copy of ``sheet`` after one of the seat's legal actions (a write, an error or a
        sub-step)."""
        child = sheet.copy()
        adventure = self.adventure
        if child.stage == Sheet.CHOOSE:
            choice = parse_choice(action.split(" "), self.state.solo, adventure.data)
            assert not isinstance(choice, str), choice
            if choice.bonus:
                child.solo_used += 1
            if choice.error:
                adventure.error(child)
            else:
                combo = next(c for c in self.state.offer if c.label == choice.label)
                adventure.write(child, combo, choice.slot, choice.modified, choice.wild)
        else:
            adventure.step(child, action)
        adventure.settle(child)
        return child

    def resolved(self, sheet: Sheet) -> float:
        """The value of ``sheet`` once its open sub-steps are resolved greedily."""
        return self._resolve(sheet, None)[0]

    def _resolve(
        self, sheet: Sheet, shortlists: list[list[str]] | None
    ) -> tuple[float, list[list[str]]]:
        """Resolve ``sheet``'s sub-steps greedily; at step ``k`` only the options of
        ``shortlists[k]`` still allowed are tried (all when none is). Returns the value and, per
        step, the best few options found (shortlists for a sheet much like this one)."""
        found: list[list[str]] = []
        for depth in range(_DEPTH):
            if sheet.stage != Sheet.ACTING:
                break
            options = self.adventure.steps(sheet)
            if not options:
                break
            if shortlists is not None and depth < len(shortlists):
                allowed = set(options)
                listed = [option for option in shortlists[depth] if option in allowed]
                options = listed or options
            elif len(options) > _QUICK and any(option.startswith("X ") for option in options):
                options = self._quick_xs(sheet, options)
            ranked: list[tuple[float, int, str, Sheet]] = []
            for option in options:
                child = self.act(sheet, option)
                ranked.append((self.value(child), -len(ranked), option, child))
            ranked.sort(reverse=True)
            found.append([option for _, _, option, _ in ranked[:_SHORTLIST]])
            sheet = ranked[0][3]
        return self.value(sheet), found

    def _quick_xs(self, sheet: Sheet, options: list[str]) -> list[str]:
        """The :data:`_QUICK` best X marks by :func:`placement` (and any other option)."""
        marks = sheet.marks
        zones = zones_of(self.adventure.number, marks)
        data = self.adventure.data
        quick: dict[str, float] = {}
        rest: list[str] = []
        for option in options:
            slot = data.slot(option[2:]) if option.startswith("X ") else None
            if slot is None:
                rest.append(option)
                continue
            after = bytearray(marks)
            after[slot] = X
            quick[option] = placement(marks, after, slot, zones)
        return sorted(quick, key=lambda option: -quick[option])[:_QUICK] + rest

    # ------------------------------------------------------------------ ranking actions
    def rank(self, actions: Sequence[str]) -> dict[str, float]:
        """The value of each action worth considering: the best few placements of each
        combination (see :meth:`_writes`) or X marks (:func:`placement`), every other action."""
        state = self.state
        if state.phase == EFFECT and state.effect:
            return {action: self._cross(action) for action in actions}
        if self.sheet.stage == Sheet.CHOOSE:
            return self._writes(actions)
        options = list(actions)
        if len(options) > _QUICK and any(option.startswith("X ") for option in options):
            options = self._quick_xs(self.sheet, options)
        return {action: self.resolved(self.act(self.sheet, action)) for action in options}

    def _cross(self, action: str) -> float:
        child = self.sheet.copy()
        self.adventure.solo_effect(child, self.state.effect, int(action.split("#")[1]))
        return self.resolved(child)

    def _writes(self, actions: Sequence[str]) -> dict[str, float]:
        data = self.adventure.data
        solo = self.state.solo
        offer = {combo.label: combo for combo in self.state.offer}
        marks = self.sheet.marks
        tried: dict[str, tuple[tuple[str, str], int, int]] = {}
        for action in actions:
            base = action.removesuffix(" BONUS")
            if base in tried:
                continue
            choice = parse_choice(base.split(" "), solo, data)
            assert not isinstance(choice, str), choice
            if choice.error:
                tried[base] = (("ERROR", ""), 0, 0)
                continue
            combo = offer[choice.label]
            group = (choice.label, choice.wild or combo.action)
            tried[base] = (group, choice.slot, combo.number + choice.modified)
        if len(tried) > _WIDE:  # many placements: judge the quickly best of each combination
            zones = zones_of(self.adventure.number, marks)
            quick: dict[tuple[int, int], float] = {}
            for _, slot, number in tried.values():
                if (slot, number) not in quick:
                    after = bytearray(marks)
                    after[slot] = number + 1
                    quick[slot, number] = placement(marks, after, slot, zones)
            kept: dict[tuple[str, str], list[str]] = {}
            for base in sorted(tried, key=lambda b: -quick[tried[b][1], tried[b][2]]):
                kept.setdefault(tried[base][0], []).append(base)
            tried = {
                base: tried[base]
                for (label, action), bases in kept.items()
                for base in bases[: _PER_GROUP if _is_wild(offer, label, action) else _QUICK]
            }
        first = {}
        for base, (group, _, _) in tried.items():
            child = self.act(self.sheet, base)
            first[base] = (self.value(child), child, group)
        groups: dict[tuple[str, str], list[str]] = {}
        for base in sorted(first, key=lambda b: -first[b][0]):
            groups.setdefault(first[base][2], []).append(base)
        second: dict[str, float] = {}
        for (label, action), bases in groups.items():
            shortlists: list[list[str]] | None = None
            for base in bases[: 1 if _is_wild(offer, label, action) else _PER_GROUP]:
                second[base], found = self._resolve(first[base][1], shortlists)
                shortlists = shortlists or found
        result: dict[str, float] = {}
        astra = self.astra_costs() if solo else None
        for action in actions:
            base = action.removesuffix(" BONUS")
            if base not in second:
                continue
            value = second[base]
            if astra is not None:
                value -= astra[1] if action != base else astra[0][_astra_card(base)]
            result[action] = value
        return result

    def astra_costs(self) -> tuple[dict[int, float], float]:
        """Solo: what giving ASTRA card 1, 2 or 3 costs (her gain, and what her card does to the
        player's majorities), and what a solo bonus is worth (an average card)."""
        state = self.state
        cards = list(state.astra_cards)
        number, level = self.adventure.number, state.level
        now = astra_score(number, level, cards)
        mine = self.adventure.score(self.sheet, Context(self.sheets, cards))["total"]

        def gain(action: int) -> float:
            more = list(cards)
            more[action] += 1
            if number == 1:  # her rockets: about 2 points each, and the clock of the game
                return _ASTRA_ROCKET * (astra_rockets(level, more) - astra_rockets(level, cards))
            lost = mine - self.adventure.score(self.sheet, Context(self.sheets, more))["total"]
            return float(astra_score(number, level, more) - now + lost)

        costs = {}
        for position, card in enumerate(state.cards, start=1):
            costs[position] = gain(CARD_TYPES[card][1]) if 0 <= card < len(CARD_TYPES) else 0.0
        token = sum(gain(action) for action in range(len(ACTIONS))) / len(ACTIONS)
        return costs, token


def _is_wild(offer: dict[str, Combination], label: str, action: str) -> bool:
    """Whether ``action`` replaces the action of combination ``label`` (a wild action)."""
    combo = offer.get(label)
    return combo is not None and combo.action != action


def _astra_card(action: str) -> int:
    """Solo: the card (1–3) that goes to ASTRA after ``action`` (``WRITE n a …`` / ``ERROR k``)."""
    words = action.split(" ")
    if words[0] == "ERROR":
        return int(words[1])
    return 6 - int(words[1]) - int(words[2])


def choose(observed: State, seat: int, rng: random.Random) -> str:
    """Welcome to the Moon's greedy action for ``seat`` (see the module docstring)."""
    actions = observed.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    if not isinstance(observed, WelcomeState):
        return generic.choose(observed, seat, rng)
    values = Judge(observed, seat).rank(actions)
    best = max(values.values())
    top = [action for action in actions if values.get(action, float("-inf")) >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


def outlook(state: State, seat: int) -> float:
    """What ``seat``'s position is worth by this heuristic's judgement: its score plus what
    its sheet is likely to become (the missions it meets, the adventure's potential); solo,
    less ASTRA's score. A finished game is worth its score.

    >>> import moonbase
    >>> state = moonbase.load("welcome-to-the-moon", players=1).new(seed=1)
    >>> state.scores(), outlook(state, 0) > state.scores()[0]
    ([-10.0], True)
    """
    if state.is_over or not isinstance(state, WelcomeState):
        return state.scores()[seat]
    judge = Judge(state, seat)
    value = judge.value(judge.sheet)
    return value - state.astra() if state.solo else value
