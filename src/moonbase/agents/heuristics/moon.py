"""MOON's greedy play: take the cheapest path to the current goal (from the planner).

The current goal is the face-up goal in the cooperative game and the seat's own goal in the
competitive one. The greedy seat plays the first operation of one cheapest path to it while
it can pay for it, then ends the round or turn (so a goal out of reach this round is worked
towards as far as the energy goes). With no goal to work for it ends the round; an OK card
with several errors repairs what brings the goal closest. It never PEEKs and never uses its
RAM (the planner works over registers A–D). A purple or red hacker's free uses left this turn
are part of the cheapest path (the game spends them on the first MOVs, or logic operations,
of the turn).

The helpers here turn what a seat sees into the planner's terms: :func:`machine_for` (the
operations, registers and prices the seat may use now, and its hacker's free operations),
:func:`free_left` (the free uses it has left) and :func:`current_goal`; :func:`machine_with`
is the machine from what an ERROR disabled, without a view (the greedy kernel's library).

>>> import moonbase, random
>>> state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
>>> state.apply(moonbase.CHANCE, "DRAW 0011")  # A = 0001, B = 0000: goal 0011, energy 1.5
>>> choose(state, 0, random.Random(0))   # the cheapest way: OR B A, ROL A, OR A B (2 energy)
'OR B A'
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from moonbase.agents.moon_planner import UNREACHABLE, Machine, tables, values_of
from moonbase.core import Game, State
from moonbase.games.moon.cards import HACKERS, Hacker
from moonbase.games.moon.cooperative import CooperativeState
from moonbase.games.moon.machine import OPERATIONS, REGISTERS

__all__ = [
    "LOST",
    "choose",
    "current_goal",
    "end_or_any",
    "free_left",
    "hacker_of",
    "machine_for",
    "machine_with",
    "outlook",
    "repair_choice",
    "sampled_odds",
]

View = Mapping[str, Any]

_ROUNDS: Final = 4
"""Rounds a cooperative goal has at most before it leaves slot 4."""

LOST: Final = 2.0
"""What the outlook takes off for a cooperative face-up goal that cannot be reached before it
leaves slot 4 (the game would be lost with it, and every goal still to come)."""

CLOSER: Final = 0.1
"""The outlook's weight of the whole distance beside the shortfall (in rounds of energy), so
that of two states that both reach the goal with the energy left, the closer counts more."""

NEXT_GOALS: Final = 16
"""Goals the outlook weighs at most for a next goal not yet drawn (see :func:`sampled_odds`):
each 6-bit goal is a table of its own to build (about 0.15 s and 3 MB)."""


def sampled_odds(odds: Sequence[tuple[int, float]], width: int) -> list[tuple[int, float]]:
    """``odds`` (goal, probability) on at most :data:`NEXT_GOALS` goals: the ``2**width``
    goals fall into that many fixed groups, each judged by one goal of it (its middle one)
    with the chance of the whole group. The groups are runs of the goals in an order that
    spreads their bits (by ``goal ^ goal >> half the width``), so that the goals that judge
    them have every bit set in half of them, where runs in value order would give them all the
    same low bits. The goals are the same all game, so are their tables. Odds of no more
    goals than that are returned as they are.

    >>> sampled_odds([(1, 0.5), (2, 0.5)], 6)
    [(1, 0.5), (2, 0.5)]
    >>> even = sampled_odds([(goal, 1 / 64) for goal in range(64)], 6)
    >>> len(even), [sum(goal >> bit & 1 for goal, _ in even) for bit in range(6)]
    (16, [8, 8, 8, 8, 8, 8])
    >>> sampled_odds([(goal, 1 / 32) for goal in range(32, 64)], 6)[:2]
    [(34, 0.125), (38, 0.125)]
    """
    if len(odds) <= NEXT_GOALS:
        return list(odds)
    half = (width + 1) // 2
    order = sorted(range(1 << width), key=lambda goal: goal ^ goal >> half)
    size = len(order) // NEXT_GOALS
    group = {goal: at // size for at, goal in enumerate(order)}
    chances: dict[int, float] = {}
    for goal, probability in odds:
        judge = order[group[goal] * size + size // 2]
        chances[judge] = chances.get(judge, 0.0) + probability
    return sorted(chances.items())


def hacker_of(game: Game, view: View, seat: int) -> Hacker | None:
    """The hacker ``seat`` plays (competitive option ``hackers``), or ``None``.

    >>> import moonbase
    >>> game = moonbase.load("moon", mode="competitive", hackers="purple,none")
    >>> view = {"mode": "competitive"}
    >>> hacker_of(game, view, 0).free, hacker_of(game, view, 1)
    (frozenset({'MOV'}), None)
    """
    return _hacker(game, seat) if view["mode"] == "competitive" else None


def _hacker(game: Game, seat: int) -> Hacker | None:
    colours = game.options.get("hackers") or ()
    assert isinstance(colours, tuple)
    if game.options["mode"] != "competitive" or not colours:
        return None
    return HACKERS.get(colours[seat])


def free_left(game: Game, view: View, seat: int) -> int:
    """The free uses ``seat`` has left this turn (a purple or red hacker; 0 for the others).

    On its own turn that is the view's ``free`` (the acting seat's free uses left); otherwise
    its next turn starts with all of them, as every turn does.

    >>> import moonbase
    >>> game = moonbase.load("moon", mode="competitive", hackers="purple,red")
    >>> view = {"mode": "competitive", "turn": 0, "free": 1}
    >>> free_left(game, view, 0), free_left(game, view, 1)
    (1, 2)
    >>> free_left(moonbase.load("moon"), {"mode": "cooperative"}, 0)
    0
    """
    hacker = hacker_of(game, view, seat)
    if hacker is None or not hacker.free_uses:
        return 0
    if view.get("turn") == seat and "free" in view:
        return int(view["free"])
    return hacker.free_uses


def machine_for(game: Game, view: View, seat: int) -> Machine | None:
    """The planner's machine for ``seat`` now: operations in play and not disabled, registers
    not disabled, the seat's prices (hacker discounts included) and its hacker's free
    operations and free uses per turn (how many are left is a query's ``free``: see
    :func:`free_left`), or ``None`` when no operation is usable.

    >>> import moonbase
    >>> game = moonbase.load("moon", mode="competitive", hackers="green,red")
    >>> machine_for(game, {"mode": "competitive", "disabled": ["C", "XOR"]}, 0).prices
    (2, 2, 2, 2, 2, 1, 1, 1)
    >>> red = machine_for(game, {"mode": "competitive", "disabled": ["C", "XOR"]}, 1)
    >>> red.free, red.free_uses
    (('OR', 'AND'), 2)
    """
    return machine_with(game, seat, view["disabled"])


def machine_with(game: Game, seat: int, disabled: Collection[str]) -> Machine | None:
    """:func:`machine_for` from what an ERROR ``disabled`` (names) rather than a view: the
    machine ``seat`` has with them disabled, or ``None``.

    >>> import moonbase
    >>> machine_with(moonbase.load("moon"), 0, ["B", "ROL"]).registers
    ('A', 'C', 'D')
    """
    options = game.options
    disabled = set(disabled)
    in_play = options["operations"]
    assert isinstance(in_play, tuple)
    operations = tuple(name for name in in_play if name not in disabled)
    if not operations:
        return None
    competitive = options["mode"] == "competitive"
    hacker = _hacker(game, seat)
    prices = tuple(
        hacker.costs.get(name, OPERATIONS[name].cost(competitive))
        if hacker is not None
        else OPERATIONS[name].cost(competitive)
        for name in operations
    )
    width = options["width"]
    assert isinstance(width, int)
    return Machine(
        width=width,
        operations=operations,
        registers=tuple(name for name in REGISTERS if name not in disabled),
        prices=prices,
        same_register=bool(options["same_register"]),
        free=tuple(sorted(hacker.free)) if hacker is not None else (),
        free_uses=hacker.free_uses if hacker is not None else 0,
    )


def current_goal(view: View) -> int | None:
    """The goal the seat works for: the face-up goal (cooperative) or its own (competitive).

    >>> current_goal({"mode": "cooperative", "slots": [None, "hidden", "0110", None]})
    6
    >>> current_goal({"mode": "competitive", "goal": None}) is None
    True
    """
    if view["mode"] == "competitive":
        goal = view.get("goal")
        return int(goal, 2) if goal else None
    for slot in view["slots"]:
        if slot not in (None, "BUG", "hidden"):
            return int(slot, 2)
    return None


def end_or_any(actions: Sequence[str], rng: random.Random) -> str:
    """``END`` when it is legal, otherwise a random action.

    >>> end_or_any(["END", "INC A"], random.Random(0))
    'END'
    """
    return "END" if "END" in actions else rng.choice(list(actions))


def repair_choice(
    game: Game, view: View, seat: int, actions: Sequence[str], goals: Sequence[tuple[int, float]]
) -> str:
    """The ``REPAIR`` that brings ``goals`` (goal, probability) closest on average.

    Ties (and no goals) go to the first action in sorted order.
    """
    best, best_value = actions[0], float("inf")
    for action in actions:
        target = action.removeprefix("REPAIR ")
        repaired = {**view, "disabled": [name for name in view["disabled"] if name != target]}
        machine = machine_for(game, repaired, seat)
        if machine is None:
            continue
        table = tables(machine)
        values = values_of(machine, view["registers"])
        free = free_left(game, view, seat)
        value = 0.0
        for goal, probability in goals:
            distance = table.distance(values, goal, free)
            value += probability * (UNREACHABLE if distance is None else distance)
        if value < best_value:
            best, best_value = action, value
    return best


def choose(observed: State, seat: int, rng: random.Random) -> str:
    """MOON's greedy action for ``seat`` (see the module docstring)."""
    view = observed.view(seat)
    actions = observed.legal_actions(seat)
    goal = current_goal(view)
    if view["phase"] == "repair":
        return repair_choice(
            observed.game, view, seat, actions, [] if goal is None else [(goal, 1)]
        )
    machine = machine_for(observed.game, view, seat)
    if goal is None or machine is None:
        return end_or_any(actions, rng)
    free = free_left(observed.game, view, seat)
    # The first step of the planner's cheapest plan (the rest is not needed yet).
    step = tables(machine).first_step(values_of(machine, view["registers"]), goal, free)
    if step is not None and (action := step.text(machine.registers)) in actions:
        return action
    return end_or_any(actions, rng)


def outlook(state: State, seat: int) -> float:
    """MOON's judgement of ``seat``'s position: its score less the work its goal still needs.

    The goal's distance (the planner's exact cheapest price from the registers) beyond the
    energy the seat has left this round or turn counts as a fraction of a goal — one round's
    (turn's) energy a goal, since about that is what a goal costs — with a little of the whole
    distance besides (:data:`CLOSER`). Cooperatively the face-up goal is judged so; one that
    even every round left before it leaves slot 4 cannot reach takes :data:`LOST` off (the
    game would end there), and with no goal face up the crew is judged by how far the next
    goal is likely to be (each goal made of the unseen cards as likely, as the planner bot
    weighs them; of more than :data:`NEXT_GOALS` goals, a spread sample: see
    :func:`sampled_odds`), with a whole round's energy to spend on it. A distance counts at
    most four rounds' energy (a goal out of reach counts that). Competitively every seat is
    judged on its own goal. It reads only what the seat sees (and the unseen goal cards, the
    same in every resample), so a search's starting value is a function of the view.

    >>> import moonbase
    >>> state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
    >>> state.apply(moonbase.CHANCE, "DRAW 0011")  # 2 energy away, 1.5 energy left
    >>> round(outlook(state, 0), 3)   # no goal solved; 1 half-unit beyond, of 3 a round
    -0.467
    >>> state.apply(0, "OR B A")
    >>> round(outlook(state, 0), 3)   # 1.5 energy away, 1 left
    -0.433
    """
    score = state.scores()[seat]
    if state.is_over:
        return score
    view = state.view(seat)
    game = state.game
    per_round = game.options["energy"]
    assert isinstance(per_round, int | float)
    full = round(per_round * 2)  # half-units a round or turn
    far = _ROUNDS * full  # more than a goal's four rounds can spend: as good as lost
    cooperative = view["mode"] == "cooperative"
    playing = view["phase"] == "play" and (cooperative or view["turn"] == seat)
    energy = round(float(view["energy"]) * 2) if playing else full
    machine = machine_for(game, view, seat)
    goal = current_goal(view)
    if machine is None:
        return score - (LOST if cooperative and goal is not None else 0.0)
    table = tables(machine)
    values = values_of(machine, view["registers"])
    free = free_left(game, view, seat)
    if goal is not None:
        distance = table.distance(values, goal, free)
        distance = far if distance is None else min(distance, far)
        penalty = (max(0, distance - energy) + CLOSER * distance) / full
        if cooperative:
            slots = view["slots"]
            face_up = next(i for i, slot in enumerate(slots) if slot not in (None, "BUG", "hidden"))
            rounds = sum(1 for slot in slots[face_up:] if slot != "BUG")
            if distance > energy + (rounds - 1) * full:
                penalty += LOST
        return score - penalty
    if not cooperative:
        return score
    from moonbase.agents.planner_agent import next_goal_odds, unseen_goal_cards

    assert isinstance(state, CooperativeState)
    shortfall = 0.0
    odds = next_goal_odds(unseen_goal_cards(state), state.width)
    for goal, probability in sampled_odds(odds, state.width):
        distance = table.distance(values, goal)
        distance = far if distance is None else min(distance, far)
        shortfall += probability * (max(0, distance - full) + CLOSER * distance)
    return score - shortfall / full
