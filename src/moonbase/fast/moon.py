"""MOON's playout kernel, both modes: whole games played in compiled code from any state.

**The encoding.** :func:`encode` reads a cooperative or competitive MOON state through its
public fields and the game's decoded tables (``game.tables``: each action id and card id
decoded, each seat's price table) into integer arrays:

- ``config`` — the game: competitive (0/1), seats, width, register mask, energy per round or
  turn (half-units), ``max_rounds``, the operations in play (a mask), what an ERROR can
  disable, the number of actions;
- ``scalars`` — the state: phase (0 draw, 1 play, 2 repair, 3 over), energy left, the
  disabled mask, the left card's value of a half-drawn wide goal (−1: none), the repairer, the
  cards left, goals solved (cooperative), the setup registers still to fill, turn, round, free
  uses left, drawer, setting up (competitive), the chance events so far, and whether the mission is
  won (cooperative);
- ``registers`` (A–D), ``deck`` (cards left per chance outcome id: the engine draws over it in
  id order, so a draw is the same point of the same running sum), ``others`` (the bugs and
  events that join the deck once setup is over), ``cards`` (per outcome id: kind and value),
  ``moves`` (per action id: kind, operation, target, source, registers named, RAM, seat
  peeked, what a repair re-enables), ``prices`` (per seat, without and with free uses left,
  each operation's cost in half-units);
- cooperative: ``slots`` (slot 1 first: a goal, −1 free, −2 a bug) and ``setup`` (the
  register indices still to be copied from goals); competitive: ``seats`` rows goal (−1:
  none), goals solved, RAM, bugs held and each seat's free uses per turn.

**The kernel.** :func:`play` runs the rules of ``moonbase.games.moon`` (``state``,
``cooperative`` and ``competitive``) over those arrays until the game ends: card draws from
the state's seed, the legal ids in id order, the random policy's pick
(:mod:`moonbase.fast.reference`), operations, events and repairs, goals solved and climbing,
turns and rounds. The rules' chains of consequences (a round that ends itself, a turn with
nothing affordable) run as a loop of steps rather than calls, so compiled code needs no
recursion.

>>> import moonbase
>>> from moonbase.fast.reference import playout
>>> state = moonbase.load("moon", mode="competitive", players=3).new(seed=4)
>>> found = playouts(state, [21, 22])
>>> found == [playout(state, 21), playout(state, 22)]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from moonbase.fast.compiled import best_seats, draw, kernel, per_game, seed_word
from moonbase.fast.reference import Playout, check_playable
from moonbase.fast.results import (
    Lists,
    as_lists,
    as_playouts,
    limit,
    policy_words,
    result_arrays,
)
from moonbase.games.moon.machine import OPERATIONS, REGISTERS
from moonbase.games.moon.notation import RAM, CardKind, Kind

if TYPE_CHECKING:
    from collections.abc import Sequence

    from moonbase.core import State
    from moonbase.fast.moon_plans import PlanLibrary

__all__ = ["Encoded", "encode", "greedy_playout", "play", "play_many", "playouts", "run"]

Ints = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint64]

# phases
_DRAW: Final = 0
_PLAY: Final = 1
_REPAIR: Final = 2
_OVER: Final = 3
_PHASES: Final = {"draw": _DRAW, "play": _PLAY, "repair": _REPAIR, "over": _OVER}

# config entries
C_COMPETITIVE, C_SEATS, C_WIDTH, C_MASK, C_ENERGY, C_MAX_ROUNDS, C_IN_PLAY = range(7)
C_DISABLABLE, C_ACTIONS = 7, 8
_CONFIG: Final = 9
# scalar entries
S_PHASE, S_ENERGY, S_DISABLED, S_HALF, S_REPAIRER, S_TOTAL, S_SOLVED = range(7)
S_SETUP_AT, S_TURN, S_ROUND, S_FREE, S_DRAWER, S_SETTING_UP, S_CHANCE = range(7, 14)
S_WON = 14
_SCALARS: Final = 15
# per-seat rows (competitive)
R_GOAL, R_SOLVED, R_RAM, R_BUGS, R_FREE_USES = range(5)
# move columns
M_KIND, M_OP, M_TARGET, M_SOURCE, M_REGISTERS, M_RAM, M_SEAT, M_REPAIR = range(8)
# the plan library's columns (moon_plans): info per machine slot, and per edge
I_USABLE, I_OTHERS, I_SIZE, I_MULTISETS, I_LAYERS, I_EDGE_START, I_EDGE_COUNT = range(7)
I_REGISTERS: Final = 7
"""The first of four info columns: the register at each operand position."""
INFO_COLUMNS: Final = 11
E_OP, E_TARGET, E_SOURCE, E_PRICE, E_FREE, E_ACTION = range(6)
EDGE_COLUMNS: Final = 6
Distances = npt.NDArray[np.uint8] | npt.NDArray[np.uint16]
Plans = tuple[Ints, Ints, Ints, Distances, Ints, int]
"""A plan library's arrays: keys, info, goals, distances, edges, and what is unreachable
(see :mod:`moonbase.fast.moon_plans`)."""

_KIND_CODE: Final = {Kind.END: 0, Kind.OPERATE: 1, Kind.PEEK: 2, Kind.REPAIR: 3}
K_END, K_OPERATE, K_PEEK, K_REPAIR = 0, 1, 2, 3
_CARD_CODE: Final = {
    CardKind.GOAL: 0,
    CardKind.BUG: 1,
    CardKind.RESET_REGISTER: 2,
    CardKind.RESET_BITS: 3,
    CardKind.ERROR: 4,
    CardKind.OK: 5,
}
D_GOAL, D_BUG, D_RESET_REGISTER, D_RESET_BITS, D_ERROR, D_OK = range(6)

_OPS: Final = tuple(OPERATIONS)
O_INC, O_DEC, O_ROL, O_ROR = (_OPS.index(name) for name in ("INC", "DEC", "ROL", "ROR"))
O_NOT, O_MOV, O_OR, O_AND = (_OPS.index(name) for name in ("NOT", "MOV", "OR", "AND"))
O_XOR, O_NOR, O_NAND = (_OPS.index(name) for name in ("XOR", "NOR", "NAND"))
O_XNOR, O_ADD, O_SUB = (_OPS.index(name) for name in ("XNOR", "ADD", "SUB"))
_OPERATION_SHIFT: Final = 4
_REGISTER_BITS: Final = 0b1111
_SLOT_FREE: Final = -1
_SLOT_BUG: Final = -2
_SLOTS: Final = 4

# the steps the rules chain (see the module docstring)
T_NONE, T_AFTER_PLAY, T_END, T_CONTINUE_DRAW, T_START_ROUND, T_AFTER_EVENT = range(6)
T_START_TURN = 6


@dataclass(frozen=True)
class Encoded:
    """A MOON state as the kernel reads it (see the module docstring)."""

    config: Ints
    scalars: Ints
    registers: Ints
    deck: Ints
    others: Ints
    cards: Ints
    moves: Ints
    prices: Ints
    slots: Ints
    setup: Ints
    seats: Ints
    chance_seed: np.uint64


@per_game
def _tables(game: Any) -> tuple[Ints, Ints, Ints, Ints, Ints]:
    """The game's fixed arrays: config, others, cards, moves, prices (built once per game)."""
    tables = game.tables
    competitive = game.competitive
    config = np.zeros(_CONFIG, dtype=np.int64)
    config[C_COMPETITIVE] = competitive
    config[C_SEATS] = game.seats
    config[C_WIDTH] = game.width
    config[C_MASK] = (1 << game.width) - 1
    config[C_ENERGY] = game.energy
    config[C_MAX_ROUNDS] = game.option("max_rounds", int)
    config[C_IN_PLAY] = tables.in_play
    config[C_DISABLABLE] = tables.disablable
    config[C_ACTIONS] = game.num_actions
    others = np.zeros(game.num_chance_outcomes, dtype=np.int64)
    for outcome, count in tables.other_cards:
        others[outcome] = count
    cards = np.array([(_CARD_CODE[card.kind], card.value) for card in tables.cards], dtype=np.int64)
    moves = np.array(
        [
            [_KIND_CODE[move.kind], *move[1:]]  # the columns M_KIND ... M_REPAIR, in order
            for move in tables.moves
        ],
        dtype=np.int64,
    )
    prices = np.array(
        [[table.prices for table in pair] for pair in tables.price_tables], dtype=np.int64
    )
    return config, others, cards, moves, prices


def encode(state: State[Any]) -> Encoded:
    """``state`` (a MOON state, either mode, in auto chance mode) as the kernel's arrays.

    >>> import moonbase
    >>> encoded = encode(moonbase.load("moon", difficulty="normal").new(seed=2))
    >>> [int(value) for value in encoded.registers[1:]], int(encoded.scalars[S_SOLVED])
    ([9, 13, 0], 2)
    """
    check_playable(state)
    game: Any = state.game
    if game.name != "moon":
        raise ValueError(f"the MOON kernel plays moon states, not {game.name}")
    config, others, cards, moves, prices = _tables(game)
    moon: Any = state
    scalars = np.zeros(_SCALARS, dtype=np.int64)
    scalars[S_PHASE] = _PHASES[moon.phase.value]
    scalars[S_ENERGY] = moon.energy
    scalars[S_DISABLED] = moon.disabled
    scalars[S_HALF] = -1 if moon.half is None else moon.goal_card(moon.half)
    scalars[S_REPAIRER] = moon.repairer
    scalars[S_CHANCE] = state.chance_count
    deck = np.zeros(game.num_chance_outcomes, dtype=np.int64)
    total = 0
    for outcome, count in moon.deck_table.weights():
        deck[outcome] = count
        total += count
    scalars[S_TOTAL] = total
    seats = np.zeros((5, game.seats), dtype=np.int64)
    if game.competitive:
        slots = np.zeros(_SLOTS, dtype=np.int64)
        setup = np.zeros(0, dtype=np.int64)
        seats[R_GOAL] = moon.goals
        seats[R_SOLVED] = [len(goals) for goals in moon.solved_goals]
        seats[R_RAM] = moon.rams
        seats[R_BUGS] = moon.bugs
        seats[R_FREE_USES] = [hacker.free_uses if hacker else 0 for hacker in moon.hackers]
        scalars[S_TURN] = moon.turn
        scalars[S_ROUND] = moon.round
        scalars[S_FREE] = moon.free
        scalars[S_DRAWER] = moon.drawer
        scalars[S_SETTING_UP] = moon.setting_up
    else:
        slots = np.array(moon.slots, dtype=np.int64)
        setup = np.array([REGISTERS.index(name) for name in moon.setup_registers], np.int64)
        scalars[S_SOLVED] = moon.solved
        scalars[S_ROUND] = moon.round
        scalars[S_WON] = moon.outcome == "won"
    return Encoded(
        config, scalars, np.array(moon.registers, dtype=np.int64), deck, others, cards,
        moves, prices, slots, setup, seats, seed_word(state.seed),
    )  # fmt: skip


_NO_PLANS: Final[Plans] = (
    np.zeros(0, np.int64), np.zeros((0, INFO_COLUMNS), np.int64), np.zeros((0, 1), np.int64),
    np.zeros(0, np.uint8), np.zeros((0, EDGE_COLUMNS), np.int64), 255,
)  # fmt: skip
"""The plan library's arrays of a random playout (which reads none)."""


def run(
    encoded: Encoded,
    seeds: Sequence[int],
    library: PlanLibrary | None = None,
    depth: int | None = None,
) -> tuple[Lists, tuple[int, int, int] | None]:
    """Play ``encoded`` out once per policy seed in ``seeds`` — by the random policy, or by
    the greedy one with the planner's tables of ``library`` (which draws nothing: one seed
    is enough) — to the end or ``depth`` decisions: each playout's final scores, its
    decisions and its winners (a mask of seats; −1: cut short). A greedy playout that needs
    what ``library`` lacks stops and names it: ``(seat, disabled, goal)`` for
    :meth:`~moonbase.fast.moon_plans.PlanLibrary.add` (else ``None``)."""
    scores, decisions, winners = result_arrays(len(seeds), int(encoded.config[C_SEATS]))
    e = encoded
    plans = _NO_PLANS if library is None else library.arrays()
    need = np.full(3, -1, dtype=np.int64)
    play_many(
        e.config, e.scalars, e.registers, e.deck, e.others, e.cards, e.moves, e.prices,
        e.slots, e.setup, e.seats, e.chance_seed,
        policy_words(seeds), scores, decisions, winners,
        library is not None, limit(depth), plans, need,
    )  # fmt: skip
    missing = None if need[0] < 0 else (int(need[0]), int(need[1]), int(need[2]))
    return as_lists(scores, decisions, winners), missing


def playouts(state: State[Any], seeds: Sequence[int], depth: int | None = None) -> list[Playout]:
    """:func:`run` on ``state``, as :class:`~moonbase.fast.reference.Playout` values."""
    return as_playouts(run(encode(state), seeds, depth=depth)[0])


def greedy_playout(state: State[Any], depth: int | None = None) -> Playout:
    """``state`` played out by the greedy policy (every seat plays
    :func:`moonbase.agents.heuristics.moon.choose`), to the end or ``depth`` decisions, as
    :func:`~moonbase.fast.reference.greedy_playout` plays it through the rules engine. Where
    the game's plan library lacks a table the playout needs, the table is added and the
    playout played again (the same game: see :mod:`moonbase.fast.moon_plans`). Threads
    playing one game take turns with its library (its ``lock``).

    >>> import moonbase
    >>> from moonbase.agents.heuristics.moon import choose
    >>> from moonbase.fast import reference
    >>> state = moonbase.load("moon", difficulty="master").new(seed=4)
    >>> greedy_playout(state) == reference.greedy_playout(state, choose)
    True
    """
    from moonbase.fast.moon_plans import library_of  # it imports the planner and heuristic

    encoded = encode(state)
    library = library_of(state.game)
    with library.lock:  # another thread's additions would change the arrays as it reads them
        library.trim()
        while True:
            found, missing = run(encoded, [0], library, depth)
            if missing is None:
                return as_playouts(found)[0]
            library.add(*missing)


@kernel
def _effect(op: int, value: int, source: int, mask: int, width: int) -> int:
    if op == O_INC:
        return (value + 1) & mask
    if op == O_DEC:
        return (value - 1) & mask
    if op == O_ROL:
        return ((value << 1) | (value >> (width - 1))) & mask
    if op == O_ROR:
        return (value >> 1) | ((value & 1) << (width - 1))
    if op == O_NOT:
        return ~value & mask
    if op == O_MOV:
        return source
    if op == O_OR:
        return value | source
    if op == O_AND:
        return value & source
    if op == O_XOR:
        return value ^ source
    if op == O_NOR:
        return ~(value | source) & mask
    if op == O_NAND:
        return ~(value & source) & mask
    if op == O_XNOR:
        return ~(value ^ source) & mask
    if op == O_ADD:
        return (value + source) & mask
    return (value - source) & mask  # SUB


@kernel
def _legal(
    config: Ints, s: Ints, moves: Ints, prices: Ints, seats: Ints, seat: int, legal: Ints
) -> int:
    """Write the legal ids of ``seat`` (ascending) into ``legal``; return how many."""
    found = 0
    disabled = s[S_DISABLED]
    if s[S_PHASE] == _REPAIR:
        for action in range(config[C_ACTIONS]):
            if moves[action, M_KIND] == K_REPAIR and disabled & moves[action, M_REPAIR]:
                legal[found] = action
                found += 1
        return found
    competitive = config[C_COMPETITIVE]
    free = 1 if competitive and s[S_FREE] > 0 else 0
    peeker = seat if competitive and seats[R_BUGS, seat] else -1
    energy = s[S_ENERGY]
    usable = 0
    for op in range(prices.shape[2]):
        if (
            config[C_IN_PLAY] >> op & 1
            and prices[seat, free, op] <= energy
            and not disabled >> (_OPERATION_SHIFT + op) & 1
        ):
            usable |= 1 << op
    registers_off = disabled & _REGISTER_BITS
    for action in range(config[C_ACTIONS]):
        kind = moves[action, M_KIND]
        if kind == K_END:
            legal[found] = action
            found += 1
        elif kind == K_OPERATE:
            if usable >> moves[action, M_OP] & 1 and not moves[action, M_REGISTERS] & registers_off:
                legal[found] = action
                found += 1
        elif kind == K_PEEK and peeker >= 0 and moves[action, M_SEAT] != peeker:
            legal[found] = action
            found += 1
    return found


@kernel
def _coop_check_goals(s: Ints, registers: Ints, slots: Ints, setup: Ints) -> None:
    """Solve face-up goals A holds (the oldest pending goal first); win when all is done."""
    while True:
        oldest = -1
        for index in range(_SLOTS - 1, -1, -1):
            if slots[index] >= 0:
                oldest = index
                break
        if oldest < 0 or slots[oldest] != registers[0]:
            break
        slots[oldest] = _SLOT_FREE
        s[S_SOLVED] += 1
    if oldest < 0 and s[S_TOTAL] == 0 and s[S_HALF] < 0 and s[S_SETUP_AT] == len(setup):
        s[S_PHASE] = _OVER
        s[S_WON] = 1


@kernel
def _lowest_free(slots: Ints) -> int:
    for index in range(_SLOTS):
        if slots[index] == _SLOT_FREE:
            return index
    return -1


@kernel
def _comp_solved(s: Ints, registers: Ints, seats: Ints) -> bool:
    """Whether the acting seat's goal is in A: then it is solved and the next one is due."""
    seat = s[S_TURN]
    if seats[R_GOAL, seat] != registers[0]:
        return False
    seats[R_SOLVED, seat] += 1
    seats[R_GOAL, seat] = -1
    s[S_DRAWER] = seat
    return True


@kernel
def _next_seat(config: Ints, s: Ints) -> int:
    seat = int((s[S_TURN] + 1) % config[C_SEATS])
    if seat == 0:
        if s[S_ROUND] >= config[C_MAX_ROUNDS]:
            s[S_PHASE] = _OVER
        else:
            s[S_ROUND] += 1
    return seat


# ---------------------------------------------------------------------- the greedy policy
@kernel
def _stored_index(values: Ints, count: int, multisets: int) -> int:
    """The planner's stored index of the register values at ``count`` operand positions (A
    first; the others are one state whatever their order: sorted, then ranked)."""
    rank = 0
    if count == 2:
        rank = values[1]
    elif count == 3:
        low, high = min(values[1], values[2]), max(values[1], values[2])
        rank = low + (high + 1) * high // 2
    elif count == 4:
        x, y, z = values[1], values[2], values[3]
        if x > y:
            x, y = y, x
        if y > z:
            y, z = z, y
        if x > y:
            x, y = y, x
        rank = x + (y + 1) * y // 2 + (z + 2) * (z + 1) * z // 6
    return int(values[0] * multisets + rank)


@kernel
def _ready_slot(
    keys: Ints,
    info: Ints,
    goals: Ints,
    seats: int,
    seat: int,
    disabled: int,
    goal: int,
    need: Ints,
) -> int:
    """The library's slot of ``seat``'s machine with ``disabled``, holding ``goal``'s table if
    the machine is usable and there is a goal; −1 if the library lacks either (named in
    ``need``: seat, disabled, goal)."""
    key = disabled * seats + seat
    for slot in range(len(keys)):
        if keys[slot] == key:
            if goal < 0 or not info[slot, I_USABLE] or goals[slot, goal] >= 0:
                return slot
            break
    need[0], need[1], need[2] = seat, disabled, goal
    return -1


@kernel
def _operands(info: Ints, slot: int, registers: Ints, values: Ints) -> int:
    """Write the values at the slot's operand positions into ``values``; return how many."""
    count = 1 + info[slot, I_OTHERS]
    for position in range(count):
        values[position] = registers[info[slot, I_REGISTERS + position]]
    return int(count)


@kernel
def _first_edge(
    info: Ints,
    goals: Ints,
    distances: Distances,
    edges: Ints,
    unreachable: int,
    slot: int,
    goal: int,
    free: int,
    values: Ints,
    count: int,
    after: Ints,
    mask: int,
    width: int,
) -> int:
    """``DistanceTables.first_step`` over the library: the row in ``edges`` of the first
    operation of the planner's cheapest way to ``goal``, −1 for none."""
    base = goals[slot, goal]
    size = info[slot, I_SIZE]
    multisets = info[slot, I_MULTISETS]
    index = _stored_index(values, count, multisets)
    top = min(free, info[slot, I_LAYERS] - 1)
    layer = top
    if top:
        cheapest = distances[base + top * size + index]
        for fewer in range(top + 1):
            if distances[base + fewer * size + index] == cheapest:
                layer = fewer
                break
    left = int(distances[base + layer * size + index])
    if left == unreachable or values[0] == goal:
        return -1
    start = info[slot, I_EDGE_START]
    for edge in range(start, start + info[slot, I_EDGE_COUNT]):
        for position in range(count):
            after[position] = values[position]
        target = edges[edge, E_TARGET]
        source = edges[edge, E_SOURCE]
        operand = values[source] if source >= 0 else 0
        after[target] = _effect(edges[edge, E_OP], values[target], operand, mask, width)
        at = _stored_index(after, count, multisets)
        if layer and edges[edge, E_FREE]:
            rest = int(distances[base + (layer - 1) * size + at])
            cost = 0
        else:
            rest = int(distances[base + layer * size + at])
            cost = edges[edge, E_PRICE]
        if rest != unreachable and rest + cost == left:
            return edge
    return -1


@kernel
def _greedy(
    config: Ints,
    s: Ints,
    registers: Ints,
    moves: Ints,
    slots: Ints,
    seats: Ints,
    legal: Ints,
    found: int,
    seat: int,
    plans: Plans,
    need: Ints,
    values: Ints,
    after: Ints,
) -> int:
    """The greedy heuristic's action for ``seat`` (:mod:`moonbase.agents.heuristics.moon`),
    or −1 when the library lacks a machine or table it needs (named in ``need``)."""
    keys, info, goals, distances, edges, unreachable = plans
    competitive = config[C_COMPETITIVE]
    disabled = s[S_DISABLED]
    goal = -1
    if competitive:
        goal = seats[R_GOAL, seat]
        free = s[S_FREE] if s[S_TURN] == seat else seats[R_FREE_USES, seat]
    else:
        free = 0
        for index in range(_SLOTS - 1, -1, -1):
            if slots[index] >= 0:
                goal = slots[index]
                break
    if s[S_PHASE] == _REPAIR:  # the repair that brings the goal closest
        best, best_value = legal[0], unreachable + 1
        for at in range(found):
            action = legal[at]
            repaired = disabled & ~moves[action, M_REPAIR]
            slot = _ready_slot(keys, info, goals, config[C_SEATS], seat, repaired, goal, need)
            if slot < 0:
                return -1
            if not info[slot, I_USABLE]:
                continue
            value = 0
            if goal >= 0:
                count = _operands(info, slot, registers, values)
                layer = min(free, info[slot, I_LAYERS] - 1)
                index = _stored_index(values, count, info[slot, I_MULTISETS])
                value = int(distances[goals[slot, goal] + layer * info[slot, I_SIZE] + index])
            if value < best_value:
                best, best_value = action, value
        return int(best)
    end = legal[0]
    for at in range(found):
        if moves[legal[at], M_KIND] == K_END:
            end = legal[at]
            break
    slot = _ready_slot(keys, info, goals, config[C_SEATS], seat, disabled, goal, need)
    if slot < 0:
        return -1
    if goal < 0 or not info[slot, I_USABLE]:
        return int(end)
    count = _operands(info, slot, registers, values)
    edge = _first_edge(
        info, goals, distances, edges, unreachable, slot, goal, free, values, count, after,
        config[C_MASK], config[C_WIDTH],
    )  # fmt: skip
    if edge < 0:
        return int(end)
    action = edges[edge, E_ACTION]
    for at in range(found):
        if legal[at] == action:
            return int(action)
    return int(end)


@kernel
def _steps(
    step: int,
    argument: int,
    config: Ints,
    s: Ints,
    registers: Ints,
    deck: Ints,
    others: Ints,
    moves: Ints,
    prices: Ints,
    slots: Ints,
    setup: Ints,
    seats: Ints,
    legal: Ints,
) -> None:
    """Carry out ``step`` and every step it leads to, until the game waits or ends."""
    competitive = config[C_COMPETITIVE]
    while step != T_NONE:
        if step == T_AFTER_PLAY:
            if competitive:
                if _comp_solved(s, registers, seats):
                    step = T_CONTINUE_DRAW
                    continue
                seat = s[S_TURN]
            else:
                _coop_check_goals(s, registers, slots, setup)
                seat = 0
            if s[S_PHASE] == _PLAY and _legal(config, s, moves, prices, seats, seat, legal) <= 1:
                step = T_END
            else:
                step = T_NONE
        elif step == T_END:
            if competitive:
                following = _next_seat(config, s)
                if s[S_PHASE] == _OVER:
                    step = T_NONE
                else:
                    step, argument = T_START_TURN, following
                continue
            step = T_CONTINUE_DRAW
            for index in range(_SLOTS - 1, -1, -1):
                if slots[index] < 0:
                    continue
                target = index + 1
                while target < _SLOTS and slots[target] == _SLOT_BUG:
                    target += 1
                if target == _SLOTS:  # a goal climbs past slot 4: the mission is lost
                    s[S_PHASE] = _OVER
                    step = T_NONE
                    break
                slots[target] = slots[index]
                slots[index] = _SLOT_FREE
            if step != T_NONE:
                s[S_ROUND] += 1
        elif step == T_CONTINUE_DRAW:
            if s[S_TOTAL]:
                s[S_PHASE] = _DRAW
                step = T_NONE
            else:
                s[S_HALF] = -1
                if competitive:  # a goal is due and the deck is empty
                    s[S_PHASE] = _OVER
                    step = T_NONE
                else:
                    step = T_START_ROUND
        elif step == T_START_ROUND:
            s[S_ENERGY] = config[C_ENERGY]
            s[S_PHASE] = _PLAY
            step = T_AFTER_PLAY
        elif step == T_AFTER_EVENT:
            if not competitive:
                _coop_check_goals(s, registers, slots, setup)
            step = T_NONE if s[S_PHASE] == _OVER else T_CONTINUE_DRAW
        else:  # T_START_TURN of seat ``argument``
            seat = argument
            s[S_TURN] = seat
            s[S_ENERGY] = config[C_ENERGY]
            s[S_FREE] = seats[R_FREE_USES, seat]
            s[S_PHASE] = _PLAY
            if _comp_solved(s, registers, seats):
                step = T_CONTINUE_DRAW
            elif _legal(config, s, moves, prices, seats, seat, legal) > 1:
                step = T_NONE
            else:
                argument = _next_seat(config, s)
                if s[S_PHASE] == _OVER:
                    step = T_NONE


@kernel
def _receive_goal(
    config: Ints,
    s: Ints,
    registers: Ints,
    deck: Ints,
    others: Ints,
    slots: Ints,
    setup: Ints,
    seats: Ints,
    value: int,
) -> tuple[int, int]:
    """A goal was drawn: the step it leads to and its argument."""
    if config[C_COMPETITIVE]:
        seat = s[S_DRAWER]
        seats[R_GOAL, seat] = value
        if s[S_SETTING_UP]:
            if seat + 1 < config[C_SEATS]:
                s[S_DRAWER] = seat + 1
                return T_CONTINUE_DRAW, 0
            s[S_SETTING_UP] = 0
            return T_START_TURN, 0
        s[S_PHASE] = _PLAY
        return T_AFTER_PLAY, 0
    if s[S_SETUP_AT] < len(setup):
        registers[setup[s[S_SETUP_AT]]] = value
        s[S_SETUP_AT] += 1
        s[S_SOLVED] += 1
        if s[S_SETUP_AT] == len(setup):  # the bugs and events join the deck
            for outcome in range(len(others)):
                deck[outcome] += others[outcome]
                s[S_TOTAL] += others[outcome]
        return T_CONTINUE_DRAW, 0
    slots[_lowest_free(slots)] = value
    return T_START_ROUND, 0


@kernel
def play(
    config: Ints,
    s: Ints,
    registers: Ints,
    deck: Ints,
    others: Ints,
    cards: Ints,
    moves: Ints,
    prices: Ints,
    slots: Ints,
    setup: Ints,
    seats: Ints,
    chance_seed: np.uint64,
    policy_seed: np.uint64,
    scores: Ints,
    greedy: bool,
    limit: int,
    plans: Plans,
    need: Ints,
) -> int:
    """Play the encoded state to its end, or ``limit`` decisions when ``limit`` is not
    negative (its arrays are changed in place), by the random policy or (``greedy``) the
    greedy one over the plan library ``plans``; write each seat's score then into
    ``scores`` and return the decisions taken. A greedy playout that needs what the library
    lacks stops there and names it in ``need`` (seat, disabled, goal)."""
    competitive = config[C_COMPETITIVE]
    width = config[C_WIDTH]
    mask = config[C_MASK]
    legal = np.empty(config[C_ACTIONS], dtype=np.int64)
    values = np.empty(4, dtype=np.int64)
    after = np.empty(4, dtype=np.int64)
    decisions = 0
    while s[S_PHASE] != _OVER:
        step, argument = T_NONE, 0
        if s[S_PHASE] == _DRAW:
            point = draw(chance_seed, s[S_CHANCE], s[S_TOTAL])
            s[S_CHANCE] += 1
            outcome = 0
            while point >= deck[outcome]:
                point -= deck[outcome]
                outcome += 1
            deck[outcome] -= 1
            s[S_TOTAL] -= 1
            kind = cards[outcome, 0]
            value = cards[outcome, 1]
            if kind == D_GOAL:
                if s[S_HALF] >= 0:
                    left = s[S_HALF]
                    s[S_HALF] = -1
                    wide = ((left & ((1 << (width - 4)) - 1)) << 4) | value
                    step, argument = _receive_goal(
                        config, s, registers, deck, others, slots, setup, seats, wide
                    )
                elif width > 4:
                    s[S_HALF] = value
                    step = T_CONTINUE_DRAW
                else:
                    step, argument = _receive_goal(
                        config, s, registers, deck, others, slots, setup, seats, value
                    )
            elif kind == D_BUG:
                if competitive:
                    seats[R_BUGS, s[S_DRAWER]] += 1
                    step = T_CONTINUE_DRAW
                else:
                    slots[_lowest_free(slots)] = _SLOT_BUG
                    step = T_START_ROUND
            elif kind == D_OK:
                disabled = s[S_DISABLED]
                errors = 0
                while disabled:
                    errors += disabled & 1
                    disabled >>= 1
                if errors >= 2:
                    s[S_PHASE] = _REPAIR
                    s[S_REPAIRER] = s[S_DRAWER] if competitive else 0
                else:
                    s[S_DISABLED] = 0
                    step = T_AFTER_EVENT
            else:
                if kind == D_RESET_REGISTER:
                    registers[value] = 0
                elif kind == D_RESET_BITS:
                    for index in range(4):
                        registers[index] &= ~value
                else:  # an ERROR on an operation out of play disables nothing
                    s[S_DISABLED] |= value & config[C_DISABLABLE]
                step = T_AFTER_EVENT
        else:
            if 0 <= limit <= decisions:
                break
            seat = s[S_REPAIRER] if s[S_PHASE] == _REPAIR else s[S_TURN] if competitive else 0
            found = _legal(config, s, moves, prices, seats, seat, legal)
            if greedy:
                action = _greedy(
                    config, s, registers, moves, slots, seats, legal, found, seat, plans, need,
                    values, after,
                )  # fmt: skip
                if action < 0:
                    return decisions
            else:
                action = legal[draw(policy_seed, decisions, found)]
            decisions += 1
            kind = moves[action, M_KIND]
            if kind == K_OPERATE:
                op = moves[action, M_OP]
                free = 1 if competitive and s[S_FREE] > 0 else 0
                price = prices[seat, free, op]
                if price:
                    s[S_ENERGY] -= price
                else:
                    s[S_FREE] -= 1
                target = moves[action, M_TARGET]
                source = moves[action, M_SOURCE]
                if moves[action, M_RAM]:
                    if target == RAM:
                        seats[R_RAM, seat] = registers[source]
                    else:
                        registers[target] = seats[R_RAM, seat]
                else:
                    registers[target] = _effect(
                        op, registers[target], registers[source], mask, width
                    )
                step = T_AFTER_PLAY
            elif kind == K_END:
                step = T_END
            elif kind == K_PEEK:
                seats[R_BUGS, seat] -= 1
                seats[R_BUGS, moves[action, M_SEAT]] += 1
                step = T_AFTER_PLAY
            else:
                s[S_DISABLED] &= ~moves[action, M_REPAIR]
                step = T_AFTER_EVENT
        _steps(
            step, argument, config, s, registers, deck, others, moves, prices, slots, setup,
            seats, legal,
        )  # fmt: skip
    if competitive:
        for seat in range(config[C_SEATS]):
            scores[seat] = seats[R_SOLVED, seat]
    else:
        scores[0] = s[S_SOLVED]
    return decisions


@kernel
def play_many(
    config: Ints,
    scalars: Ints,
    registers: Ints,
    deck: Ints,
    others: Ints,
    cards: Ints,
    moves: Ints,
    prices: Ints,
    slots: Ints,
    setup: Ints,
    seats: Ints,
    chance_seed: np.uint64,
    policy_seeds: Words,
    scores: Ints,
    decisions: Ints,
    winners: Ints,
    greedy: bool,
    limit: int,
    plans: Plans,
    need: Ints,
) -> None:
    """:func:`play` once per policy seed, from copies of the state's arrays: row ``i`` of
    ``scores`` and entries ``i`` of ``decisions`` and ``winners`` (a mask of seats: the
    highest score competitively, the crew if the mission is won; −1: cut short) are playout
    ``i``'s. A playout that names what the library lacks (``need``) ends the batch."""
    for i in range(len(policy_seeds)):
        s = scalars.copy()
        decisions[i] = play(
            config, s, registers.copy(), deck.copy(), others, cards, moves,
            prices, slots.copy(), setup, seats.copy(), chance_seed, policy_seeds[i], scores[i],
            greedy, limit, plans, need,
        )  # fmt: skip
        if need[0] >= 0:
            return
        if s[S_PHASE] != _OVER:
            winners[i] = -1
        elif config[C_COMPETITIVE]:
            winners[i] = best_seats(scores[i])
        else:
            winners[i] = s[S_WON]
