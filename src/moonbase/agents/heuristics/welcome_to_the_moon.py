"""Welcome to the Moon's greedy play: keep every zone fillable, and finish what pays.

A sheet is worth its score plus what it is likely to become: each empty space of a zone gets a
chance of ever being filled (:func:`fill_chances`), what pays when complete (a quarter, a zone, a
skyscraper end, a module…) its reward times its empty spaces' chances, progress the score does
not show yet a little; a System Error's risk (:func:`error_risk`) and, solo, ASTRA's card cost.
Zones, open spaces, wild actions, tracks and missions are the adventures' declarations. Every
``WRITE`` is judged on a copy of the seat's sheet, the best few of each combination again once
their sub-steps are resolved greedily. Only what the seat sees is read; ties go to ``rng``.

>>> import moonbase, random
>>> state = moonbase.load("welcome-to-the-moon", missions="A1,B1,C1").new(seed=9)
>>> [(c.number, c.action) for c in state.offer]
[(8, 'ENERGY'), (2, 'ENERGY'), (8, 'ROBOT')]
>>> choose(state, 0, random.Random(0))   # a 2 first on the ten-space ENE floor
'WRITE 2 ENE.1'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache, partial, reduce
from math import erf, prod, sqrt
from operator import or_
from typing import Final, cast

from moonbase.agents.totals import total
from moonbase.core import State
from moonbase.games.welcome_to_the_moon.adventures import Context, Engine
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
from moonbase.games.welcome_to_the_moon.notation import Choice
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, Sheet, X, count_marked
from moonbase.games.welcome_to_the_moon.state import Phase, WelcomeState

__all__ = [
    "Judge",
    "choose",
    "error_risk",
    "fill_chance",
    "fill_chances",
    "outlook",
    "shortlist",
    "zones_of",
]

_COPIES: Final = tuple(sum(len(b) for n, b in DECK if n == number) for number in range(18))
"""How many cards show each number 0–17 (0, 16 and 17 only come from an Astronaut change)."""
_SPANS: Final = [[sum(1 << n for n in range(lo, hi)) for hi in range(19)] for lo in range(19)]
"""``_SPANS[lo][hi]``: the bit mask of the numbers ``lo`` … ``hi - 1``."""
_SHAPE, _EXTREMES, _DEAD, _LONGEST = 0.5, 0.3, 0.08, 36
"""Fill chances: what each space of a run costs; what 0, 16 and 17 count for; a dead space's;
the longest zone (adventure 2's unwalled trajectory)."""
_PER_GROUP, _WIDE, _QUICK, _SHORTLIST, _DEPTH = 3, 60, 10, 4, 12
"""Writes resolved per combination; over ``_WIDE`` writes or ``_QUICK`` X marks, the ``_QUICK``
best by :func:`_placement`; sub-step options kept for its other writes; steps resolved ahead."""
_WILD, _ERROR_COST, _ASTRA_ROCKET, _RIVALRY, _A8_ERROR = 2.5, 25.0, 6.0, 0.25, 10.0
"""An unspent wild action; a sure System Error; (adventure 1, solo) a rocket of ASTRA's;
(adventure 8) the weight of the best other score, and a sure error on a half."""
_Zones = Iterable[Sequence[int]]
_ZONES: Final = [tuple(z.slots for z in a.DATA.zones) for a in (a1, a2, a3, a4, a5, a6, a7, a8)]
_ROCKET: Final = 150 / 31  # adventure 1: what one rocket of the launch track is worth on average
_A1_MISSES: Final = [
    (sum(b.count(a) for _, b in DECK) / 63, [a1.FLOORS.index(f) for f in a1.floors_for(a)])
    for a in ACTIONS
]  # per action: its share of the cards and the floors it may go to (WILD's too)
_A1_NEEDS: Final = {
    card: [slot for floor in a1.FLOORS if floor.name in names.split() for slot in floor.slots]
    for card, names in (("A1", "AST1 AST2 WAT"), ("A2", "ROB1 ROB2 PLA"), ("B1", "ENE"),
                        ("B2", "PLT WILD"))
}  # fmt: skip
_A3_NEAR: Final = {  # each cell and the cells a tunnel may join to it
    c: {end for t in a3.TUNNELS if c in (t.a, t.b) for end in (t.a, t.b)} for c in a3.CELL_NAMES
}
_A3_FUTURE: Final = {  # per multiplier: its items' symbol, items and multiplier points to come
    "PLANTS": ("plants", 4, 1), "WATER": ("tanks", 2, 2), "ANTENNAS": ("antennas", 4, 1)
}  # fmt: skip
_A4_SYMBOLS: Final = {"ASTRONAUTS": (a4.ASTRONAUTS, 2), "PLANNING": (a4.PLANNING, 1)}
_A5_ENDS: Final = {end.space: end for end in a5.ENDS}


@cache
def _chance_table(extremes: float, shape: float) -> list[list[list[float]]]:
    """``table[lo + 1][hi][k]``: each of ``k`` empty spaces' chance between ``lo`` and ``hi``."""
    fit = [extremes if n in (0, 16, 17) else 1.0 for n in range(18)]
    mass = [_COPIES[n] * 15 / 63 if _COPIES[n] else extremes * 0.4 for n in range(18)]
    spans = [[(total(fit[a:b]), total(mass[a:b])) for b in range(19)] for a in range(19)]
    runs = range(_LONGEST + 1)
    return [[[fill_chance(k, *span, shape) for k in runs] for span in row] for row in spans]


def fill_chance(run: int, room: float, mass: float, shape: float = _SHAPE) -> float:
    """The chance that each of ``run`` empty spaces is filled some day, when ``room`` numbers fit
    between its bounds and they carry ``mass`` (cards per 15: a whole 1–15 range is 15).

    >>> round(fill_chance(1, 1, 7 * 15 / 63), 2), fill_chance(3, 0, 0.0), fill_chance(4, 9, 5.0)
    (0.77, 0.08, 0.7142857142857143)
    """
    if run <= 0:
        return 1.0
    return min(1.0, room / run) * mass / (mass + shape * run) if room > 0 else _DEAD


def fill_chances(
    marks: bytearray, zones: _Zones, chances: list[float], edges: float = 0, shape: float = _SHAPE
) -> int:
    """Lower ``chances[slot]`` of each empty space of ``zones`` to its :func:`fill_chance` there
    (an X fills and bounds nothing); return the numbers that fit some empty space (bit ``n``).

    >>> marks, chances = bytearray(6), [1.0] * 6
    >>> marks[3] = 9  # an 8 in the middle of a five-space zone 1–5
    >>> fits = fill_chances(marks, [(1, 2, 3, 4, 5)], chances)
    >>> [round(p, 2) for p in chances[1:]], [n for n in range(18) if fits >> n & 1 == 0]
    ([0.87, 0.87, 1.0, 0.87, 0.87], [8])
    """
    table, fits = _chance_table(edges, shape), 0
    for zone in zones:
        low, run = 0, []
        for slot in (*zone, 0):  # slot 0 is no space: the zone's end, which bounds like an 18
            mark = marks[slot] if slot else X
            if not mark:
                run.append(slot)
            elif mark <= 18 or not slot:
                if run:
                    chance = table[low][mark - 1][len(run)]
                    for empty in run:
                        if chance < chances[empty]:
                            chances[empty] = chance
                    fits |= _SPANS[low][mark - 1]
                low, run = mark, []
    return fits


@cache
def error_risk(fits: int) -> float:
    """The chance that none of three card numbers fits, when the numbers of the bit mask ``fits``
    fit somewhere (the next System Error's chance, Astronaut changes aside).

    >>> error_risk(0), error_risk((1 << 18) - 1), round(error_risk(0b11111111), 3)  # 1–7 fit
    (1.0, 0.0, 0.171)
    """
    return (sum(_COPIES[n] for n in range(18) if not fits >> n & 1) / 63) ** 3


def zones_of(adventure: int, marks: bytearray) -> tuple[tuple[int, ...], ...]:
    """The ascending zones of a sheet of ``adventure`` (adventure 2's walls move; 8 has none).

    >>> [len(zone) for zone in zones_of(2, bytearray(173))], len(zones_of(3, bytearray(200)))
    ([36], 12)
    """
    return a2.zones(marks) if adventure == 2 else _ZONES[adventure - 1]


def _placement(adventure: int, marks: bytearray, slot: int, code: int) -> float:
    """How writing ``code`` in ``slot`` changes the expected filled spaces of its zones."""
    change, after = 0.0, bytearray(marks)
    after[slot] = code
    for zone in (zone for zone in zones_of(adventure, marks) if slot in zone):
        for sheet, sign in ((after, 1.0), (marks, -1.0)):
            chances = [1.0] * (max(zone) + 1)
            fill_chances(sheet, (zone,), chances)
            change += sign * total(chances[empty] for empty in zone)
    return change


def _union(masks: Iterable[int]) -> int:
    return reduce(or_, masks, 0)


def _all(chances: list[float], slots: Iterable[int]) -> float:  # every one filled some day
    return prod(map(chances.__getitem__, slots))


def _a1(rewards: dict[str, int], marks: bytearray, chances: list[float], fits: list[int]) -> float:
    """Adventure 1: rockets; quarters and floor missions; no combination fitting its floors."""
    miss = total(
        share * error_risk(_union(fits[f] for f in fs)) ** (1 / 3) for share, fs in _A1_MISSES
    )
    value = a1.LAUNCH.marked(marks) * _ROCKET - a1.LAUNCH.value(marks) - _ERROR_COST * miss**3
    for quarter in (q for q in a1.QUARTERS if not all(marks[slot] for slot in q.slots)):
        active = 1.0 if quarter.arrow is not None and marks[quarter.arrow] else 0.3
        reward = total(
            (0.0 if marks[b.slot] else 4.0) if b.kind == "SAB"
            else b.rockets * _ROCKET * (active if b.kind == "R*" else 1.0) if b.kind[0] == "R"
            else 3.0
            for b in quarter.bonuses
        )  # fmt: skip
        value += reward * _all(chances, quarter.slots)
    for card in (card for card in _A1_NEEDS if card in rewards):
        value += rewards[card] * _ROCKET * _all(chances, _A1_NEEDS[card])
    return value


def _a2(rewards: dict[str, int], marks: bytearray, chances: list[float], fits: list[int]) -> float:
    """Adventure 2: zones (size, missions B); stations without a multiplier; energy; parity."""
    value = 0.0
    for zone in (zone for zone in a2.zones(marks) if not all(marks[slot] for slot in zone)):
        reward = 4.0 + 0.6 * len(zone) + rewards.get("B1", 0) / 2 * (len(zone) == 6)
        reward += rewards.get("B2", 0) / 3 * (len(zone) in (2, 4, 6))
        value += reward * _all(chances, zone)
    for station in (s for s in a2.STATIONS if not (marks[s.high[0]] | marks[s.low[0]]) & CIRCLED):
        robots = count_marked(marks, station.robots) / len(station.robots)
        best = station.low[1] if marks[station.high[0]] else station.high[1]
        value += count_marked(marks, station.plants) * best * (0.3 + 0.6 * robots) + 3.0 * robots
    energy = count_marked(marks, a2.ENERGY)
    odd = count_marked(marks, a2.ASTRONAUTS) % 2 + count_marked(marks, a2.PLANNING) % 2
    return value + 3.5 * energy + 2.0 * (energy % 2) + 1.0 * odd


def _a3(rewards: dict[str, int], marks: bytearray, chances: list[float], fits: list[int]) -> float:
    """Adventure 3: quarters, missions A; items and multipliers to come; antennas; tunnels."""
    value = 0.0
    for quarter in (q for q in a3.QUARTERS if not marks[q.high] & CIRCLED and not marks[q.low]):
        value += (5.0 if marks[quarter.high] else 15.0) * _all(chances, quarter.buildings)
    for card, zones in (("A1", a3.COLUMNS), ("A2", a3.ROWS)):
        if card in rewards:
            value += rewards[card] / 3 * total(_all(chances, zone.slots) for zone in zones)
    for name, (symbol, future_items, future_points) in _A3_FUTURE.items():
        value += count_marked(marks, a3.DATA.symbols[symbol]) * future_points
        value += future_items * a3.MULTIPLIERS[name].value(marks)
    reached = a3.network(marks)
    multiplier = a3.MULTIPLIERS["ANTENNAS"].value(marks) + 1.0
    for cell, slots in ((c, s) for c, s in a3.ANTENNAS.items() if not marks[s[0]]):
        worth = (0.25 if cell == a3.OBS or marks[cell] else 0.1) * len(slots) * multiplier
        value += worth * (2.0 if _A3_NEAR[cell] & reached else 1.0)
    return value + 0.4 * len(reached)


def _a4(rewards: dict[str, int], marks: bytearray, chances: list[float], fits: list[int]) -> float:
    """Adventure 4: each column's resources by the chance of extracting it; factories."""
    units = {}
    for name, storage in a4.STORAGES.items():
        units[name] = float(storage.upgraded if marks[storage.box] else storage.base)
        if not marks[storage.bonus] and not marks[storage.trigger]:
            left = sum(1 for box in storage.boxes if not marks[box] and box <= storage.trigger)
            units[name] += storage.points / max(left, 1) * 0.5
    value = 0.0
    for k in (k for k in a4.COLUMN_RESOURCES if not marks[a4.EXTRACTORS[k - 1]]):  # unextracted
        reward = total(  # a circled resource, or one still to circle (gems likelier)
            units[kind] * (1.0 if marks[slot] else 0.7 if kind in ("PEARL", "RUBY") else 0.2)
            for kind, slot in a4.COLUMN_RESOURCES[k]
            if marks[slot] in (0, CIRCLED)
        )
        value += reward * chances[k] * chances[k + 12] * chances[k + 24]
    for factory in a4.FACTORIES:
        if factory.kind == "main":
            storage = next(s for s in a4.STORAGES.values() if s.box == factory.box)
            worth = (storage.upgraded - storage.base) * (count_marked(marks, storage.boxes) + 4.0)
        elif factory.name in _A4_SYMBOLS:
            slots, more = _A4_SYMBOLS[factory.name]
            worth = 3.0 * (count_marked(marks, slots) + more)
        else:
            worth = 2 * units[factory.storage] if factory.storage else 4.0
        done = count_marked(marks, factory.symbols) / len(factory.symbols)
        value += worth * done * 0.7 if done < 1 else 0.0
    return value


def _a5(rewards: dict[str, int], marks: bytearray, chances: list[float], fits: list[int]) -> float:
    """Adventure 5: each skyscraper end's bonus by the chance of building out to it; towers."""
    value = 0.0
    for slots, (bottom, top) in ((sk.slots, sk.ground) for sk in a5.SKYSCRAPERS):
        marked = [i for i, slot in enumerate(slots) if marks[slot]]
        down = slots[: marked[0] if marked else slots.index(top) + 1]
        up = slots[marked[-1] + 1 if marked else slots.index(bottom) :]
        for end, path in ((_A5_ENDS[slots[0]], down), (_A5_ENDS[slots[-1]], up)):
            if not marks[end.high[0]] & CIRCLED and not marks[end.low[0]]:
                reward = end.low[1] if marks[end.high[0]] else end.high[1]
                value += reward * 0.8 * _all(chances, path)
    return value + 1.5 * sum(1 for count in a5.tower_counts(marks) if count in (1, 2))


def _a6(rewards: dict[str, int], marks: bytearray, chances: list[float], fits: list[int]) -> float:
    """Adventure 6: each quarter's likely spaces by its energy; each track's next row; viruses."""
    value = 0.0
    for quarter in a6.QUARTERS:
        energy = 1 + count_marked(marks, quarter.energies)
        value += 0.8 * energy * total([chances[slot] for slot in quarter.slots if not marks[slot]])
    for rows, values in ((a6.PLANT_TRACK, a6.PLANT_VALUES), (a6.WATER_TRACK, a6.WATER_VALUES)):
        done = next((i for i, row in enumerate(rows) if not marks[row.box]), None)
        if done is not None:
            part = count_marked(marks, rows[done].markers) / len(rows[done].markers)
            value += (values[done + 1] - values[done]) * part * 0.6
    return value - 2.0 * sum(1 for q in a6.QUARTERS if q.target and marks[q.target] == CIRCLED)


def _a7(rewards: dict[str, int], marks: bytearray, chances: list[float], fits: list[int]) -> float:
    """Adventure 7: modules and greenhouses (less in unconnected blocks); connected blocks."""
    blocks = a7.connected(marks)
    for space in (s for i, b in enumerate(a7.BLOCKS) if i not in blocks for s in b.spaces):
        chances[space] *= 0.6
    value = 0.5 * len(blocks)
    for block, ship in ((b, a7.STARSHIPS[b.starship]) for b in a7.BLOCKS):
        if block.greenhouse and not marks[block.spaces[0]]:
            double = 2.0 if not marks[ship.double] else 1.0
            value += (a7.VALUES[a7.plants(marks, ship)] + 1.5) * double * chances[block.spaces[0]]
        elif not block.greenhouse and not all(marks[space] for space in block.spaces):
            tank = 2.0 if marks[next(iter(block.tanks.values()))] else 1.3
            reward = (a7.VALUES[a7.reactors(marks, ship)] + 1.5) * tank
            value += reward * _all(chances, block.spaces)
    return value


_PAYS: Final = {
    1: (_a1, 0.0, _SHAPE, 0.5), 2: (_a2, _EXTREMES, _SHAPE, 0.6), 3: (_a3, _EXTREMES, _SHAPE, 0.6),
    4: (_a4, _EXTREMES, _SHAPE, 0.5), 5: (_a5, _EXTREMES, 0.3, 0.6), 6: (_a6, _EXTREMES, _SHAPE, 0),
    7: (_a7, _EXTREMES, _SHAPE, 0.4),
}  # fmt: skip
"""Per adventure but 8: what pays, the fill chances' extremes and shape, a likely space's worth."""


def _potential(adventure: Engine, rewards: dict[str, int], marks: bytearray) -> float:
    """What a sheet of adventures 1–7 is likely to become beyond its score (:data:`_PAYS`)."""
    pays, edges, shape, worth = _PAYS[adventure.number]
    chances, zones = [1.0] * len(marks), zones_of(adventure.number, marks)
    groups = [(zone,) for zone in zones] if adventure.number == 1 else [zones]  # a1: by floor
    fits = [fill_chances(marks, group, chances, edges, shape) for group in groups]
    value = pays(rewards, marks, chances, fits)
    if worth:
        value += worth * total(chances[s] for s in adventure.data.space_slots if not marks[s])
    value += _WILD * sum(1 for slot in adventure.wild_slots if marks[slot] == CIRCLED)
    if adventure.number == 1:
        return value
    if type(adventure).open_spaces is not Engine.open_spaces:  # more than its zones' bounds
        fits = [_union(_SPANS[low + 1][high] for _, low, high in adventure.open_spaces(marks))]
    return value - _ERROR_COST * error_risk(fits[0])


def _a8_half(marks: bytearray, off: int, side: int) -> float:
    """A ``side``'s open planets (a lead's chance to hold), stored astronauts, an error's risk."""
    gain = 0.0
    for planet in (p for p in a8.PLANETS if not marks[off + p.resolved]):
        one, two = a8.Battle.counts(marks, planet, off)
        lead = one - two if side == 1 else two - one
        left = sum(1 for slot in planet.spaces + planet.moons if not marks[off + slot])
        keeps = 0.5 * (1.0 + erf((lead + 0.5) / sqrt(2.0 * left))) if left else float(lead >= 0)
        gain += a8.TRACKS[side, off][planet.kind].value(marks) * (keeps - (lead >= 0))
    stored = sum(1 for slot in a8.HALVES[side].astronauts if marks[off + slot] == CIRCLED)
    fits = 0  # the numbers an open planet takes, stored astronauts changing them by 2 each
    for planet in (p for p in a8.PLANETS if not marks[off + p.spaces[-1]]):
        fits |= _SPANS[max(planet.low - 2 * stored, 0)][min(planet.high + 2 * stored, 17) + 1]
    return gain + stored - _A8_ERROR * error_risk(fits)


class Judge:
    """A seat's judgement of the sheets it might leave this turn (:meth:`value`): it reads the
    seat's sheet as it is now (:attr:`sheet`), the other sheets as the seat sees them, this turn's
    combinations, the missions the seat has not accomplished (``missions``: index, card, the
    reward it pays now; :attr:`rewards` by card) and (solo) ASTRA's cards.

    >>> import moonbase
    >>> judge = Judge(moonbase.load("welcome-to-the-moon", adventure=2).new(seed=1), 0)
    >>> judge.value(judge.sheet) == judge.value(judge.sheet.copy())
    True
    """

    def __init__(self, state: WelcomeState, seat: int) -> None:
        self.state, self.seat, self.adventure = state, seat, state.adventure
        self.index = state.writing(seat)
        self.sheets = [state.visible_sheet(owner, seat) for owner in range(state.players)]
        self.sheet = self.sheets[self.index]
        self.astra_cards = list(state.astra_cards) if state.solo else None
        self.missions = [
            (index, mission, mission.low if state.high_taken[index] else mission.high)
            for index, mission in enumerate(map(self.adventure.missions.get, state.mission_cards))
            if mission and self.sheets[seat].missions[index] < 0
        ]
        self.rewards = {mission.card: reward for _, mission, reward in self.missions}
        self._values: dict[bytes, float] = {}

    def value(self, sheet: Sheet) -> float:
        """How good leaving ``sheet`` (the one it writes on) is for the seat: its score, the
        missions it meets, and what the sheet is likely to become."""
        key = bytes(sheet.marks)
        if key in self._values:
            return self._values[key]
        sheets, seat = list(self.sheets), self.seat
        sheets[self.index] = sheet
        for index, mission, reward in self.missions:  # paid at the end of the turn
            if self.adventure.meets(sheets, seat, mission.card):
                paid = sheets[seat] = sheets[seat].copy()
                paid.missions[index] = reward
                self.adventure.reward(paid, mission, reward)
        worth = self._score(sheets, seat)
        if self.adventure.number != 8:
            worth += _potential(self.adventure, self.rewards, sheet.marks)
        else:  # a planet won is a planet the others lose: side 1 here, side 2 on the next sheet
            off = a8.FIELD if len(sheets) == 1 else 0  # solo: side 2 on ASTRA's battlefield
            pairs = zip(sheets, [*sheets[1:], sheets[0]], strict=True)
            gains = [_a8_half(one.marks, 0, 1) + _a8_half(two.marks, off, 2) for one, two in pairs]
            others = [self._score(sheets, s) + gains[s] for s in range(len(sheets)) if s != seat]
            worth = worth + gains[seat] - _RIVALRY * max(others, default=0.0)
        self._values[key] = worth
        return worth

    def _score(self, sheets: list[Sheet], seat: int, astra: list[int] | None = None) -> float:
        context = Context(sheets, astra or self.astra_cards)
        return float(self.adventure.score(sheets[seat], context)["total"])

    def _choice(self, action: str) -> Choice:  # a write or an error
        return cast(Choice, self.state.tables.decoded[self.state.tables.ids[action]])

    def act(self, sheet: Sheet, action: str) -> Sheet:
        """A copy of ``sheet`` after the seat's legal ``action`` (:meth:`WelcomeState.act`)."""
        child = sheet.copy()
        self.state.act(child, action)
        return child

    def resolved(self, sheet: Sheet, shortlists: Sequence[list[str]] = ()) -> float:
        """The value of ``sheet`` once its sub-steps are resolved greedily; at step ``k`` only
        the options of ``shortlists[k]`` still allowed are tried, if any (:attr:`found`)."""
        self.found: list[list[str]] = []  # the best few options of each step resolved
        for depth in range(_DEPTH):
            if sheet.stage != Sheet.ACTING or not (options := self.adventure.steps(sheet)):
                break
            if depth < len(shortlists):
                options = [o for o in shortlists[depth] if o in set(options)] or options
            children = {o: self.act(sheet, o) for o in self._quick_xs(sheet, options)}
            ranked = sorted(children, key=lambda option: -self.value(children[option]))
            self.found.append(ranked[:_SHORTLIST])
            sheet = children[ranked[0]]
        return self.value(sheet)

    def _quick_xs(self, sheet: Sheet, options: list[str]) -> list[str]:
        """Among many options, the :data:`_QUICK` best X marks by placement, then the others."""
        xs = [(o, self.adventure.data.slot(o[2:]) or 0) for o in options if o[:2] == "X "]
        if len(options) <= _QUICK or not xs:
            return options
        quick = {o: _placement(self.adventure.number, sheet.marks, slot, X) for o, slot in xs}
        best = sorted(quick, key=lambda option: -quick[option])[:_QUICK]
        return best + [option for option in options if option not in quick]

    def rank(self, actions: Sequence[str]) -> dict[str, float]:
        """The value of each action worth considering: the best few writes of each combination,
        the best few X marks (by placement), every other action."""
        if self.state.phase is Phase.EFFECT and self.state.effect:
            crossed = {action: self.sheet.copy() for action in actions}
            for action, child in crossed.items():
                self.adventure.solo_effect(child, self.state.effect, int(action.split("#")[1]))
            return {action: self.resolved(child) for action, child in crossed.items()}
        if self.sheet.stage == Sheet.CHOOSE:
            return self._writes(actions)
        options = self._quick_xs(self.sheet, list(actions))
        return {action: self.resolved(self.act(self.sheet, action)) for action in options}

    def _writes(self, actions: Sequence[str]) -> dict[str, float]:
        """Each write alone, then the best few of each combination resolved, less ASTRA's gain."""
        bases = {action: action.removesuffix(" BONUS") for action in actions}
        choices = {base: self._choice(base) for base in bases.values()}
        groups = {base: (c.label, c.wild) for base, c in choices.items()}  # wild actions apart

        def best(values: dict[str, float], own: int, wild: int) -> list[str]:
            """The best ``own`` of each combination by ``values`` (``wild`` of a wild action's)."""
            kept: dict[tuple[str, str | None], list[str]] = {}
            for base in sorted(values, key=lambda base: -values[base]):
                group = kept.setdefault(groups[base], [])
                if len(group) < (wild if choices[base].wild else own):
                    group.append(base)
            return [base for group in kept.values() for base in group]

        tried = list(choices)
        if len(tried) > _WIDE:
            offer = self.state.offer
            place = cache(partial(_placement, self.adventure.number, self.sheet.marks))
            quick = {
                base: 0.0 if c.error else place(c.slot, offer[c.combo].number + c.modified + 1)
                for base, c in choices.items()
            }
            tried = best(quick, _QUICK, _PER_GROUP)
        first = {base: self.act(self.sheet, base) for base in tried}
        done: dict[str, float] = {}
        shortlists: dict[tuple[str, str | None], list[list[str]]] = {}
        for base in best({b: self.value(c) for b, c in first.items()}, _PER_GROUP, 1):
            done[base] = self.resolved(first[base], shortlists.get(groups[base], []))
            shortlists[groups[base]] = shortlists.get(groups[base]) or self.found
        costs, token = self.astra_costs() if self.state.solo else ({}, 0.0)
        cost = {  # solo: what the card (1–3) left to ASTRA after an error or a write ``i j`` costs
            b: costs.get(c.card if c.error else 6 - sum(map(int, c.label.split(" "))), 0)
            for b, c in choices.items()
        }
        return {a: done[b] - (token if a != b else cost[b]) for a, b in bases.items() if b in done}

    def astra_costs(self) -> tuple[dict[int, float], float]:
        """Solo: what leaving ASTRA card 1, 2 or 3 costs (her gain, and what her card does to the
        player's majorities), and what a solo bonus costs (an average card)."""
        cards, number, level = list(self.state.astra_cards), self.adventure.number, self.state.level
        now, mine = astra_score(number, level, cards), self._score(self.sheets, self.index)

        def gain(action: int) -> float:
            more = [count + (kind == action) for kind, count in enumerate(cards)]
            if number == 1:  # her rockets: about 2 points each, and the clock of the game
                return _ASTRA_ROCKET * (astra_rockets(level, more) - astra_rockets(level, cards))
            lost = mine - self._score(self.sheets, self.index, more)
            return astra_score(number, level, more) - now + lost

        gains = [gain(action) for action in range(len(ACTIONS))]
        costs = {
            position: gains[CARD_TYPES[card][1]] if 0 <= card < len(CARD_TYPES) else 0.0
            for position, card in enumerate(self.state.cards, start=1)
        }
        return costs, total(gains) / len(ACTIONS)


def choose(observed: State, seat: int, rng: random.Random) -> str:
    """Welcome to the Moon's greedy action for ``seat`` (see the module docstring)."""
    assert isinstance(observed, WelcomeState)
    actions = observed.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    values = Judge(observed, seat).rank(actions)
    best = max(values.values())
    top = [action for action in actions if values.get(action, float("-inf")) >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


def shortlist(observed: State, seat: int) -> list[str]:
    """The actions :meth:`Judge.rank` judged worth considering, best first (for a search).

    >>> import moonbase
    >>> state = moonbase.load("welcome-to-the-moon", missions="A1,B1,C1").new(seed=9)
    >>> listed = shortlist(state, 0)
    >>> listed[0], len(listed) < len(state.legal_actions(0))
    ('WRITE 2 ENE.1', True)
    """
    actions = observed.legal_actions(seat)
    if len(actions) < 2 or not isinstance(observed, WelcomeState):
        return actions
    values = Judge(observed, seat).rank(actions)
    return sorted(values, key=lambda action: -values[action])  # stable: legal order on ties


def outlook(state: State, seat: int) -> float:
    """``seat``'s position by :meth:`Judge.value` (solo, less ASTRA's score), or the final score.

    >>> import moonbase
    >>> state = moonbase.load("welcome-to-the-moon", players=1).new(seed=1)
    >>> state.scores(), outlook(state, 0) > state.scores()[0]
    ([-10.0], True)
    """
    if state.is_over or not isinstance(state, WelcomeState):
        return state.scores()[seat]
    judge = Judge(state, seat)
    return judge.value(judge.sheet) - (state.astra() if state.solo else 0)
