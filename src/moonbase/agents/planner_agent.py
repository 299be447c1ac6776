"""The MOON planner bot: cooperative play that plans across the face-up goal and the round.

Each decision looks at the whole round left — every register state reachable with the energy
left (:meth:`~moonbase.agents.moon_planner.DistanceTables.reachable`) — and judges it with the
exact distance tables:

- **The face-up goal can be solved this round:** among the states where A first holds it, take
  the one that leaves the crew best placed for the *next* goal, counting the energy that will
  be left (the expected shortfall ``max(0, distance − energy left)``, then the expected
  distance, then the cheaper way). The next goal is unknown: it is one of the goal cards the
  crew has not seen, each as likely.
- **It cannot:** spend the round's energy so that it is as close as possible next round (then
  the cheaper way) — a goal in slot 4 is lost at the end of the round whatever is done, so
  the round ends at once.
- **No goal is face up:** spend the energy to be as close as possible, on average, to the next
  goal to be drawn.
- An OK card with several errors repairs what brings the goal (or the next goal) closest.

The round ends (``END``) only when nothing reachable is better than staying put. In
competitive MOON the planner plays MOON's greedy heuristic (the cheapest path to the seat's
goal, counting the free uses a purple or red hacker has left this turn); other games are
refused. Cooperative MOON has no hackers, so :func:`plan_action` never meets free uses.

:func:`play_clairvoyant` plays the same planner with the deck order known — the real next goal
instead of the unseen cards — as a reference for the benchmark: it reads the real state, so it
is not an agent.

>>> import moonbase, random
>>> state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
>>> state.apply(moonbase.CHANCE, "DRAW 0011")  # A = 0001: goal 0011 costs 2, energy 1.5
>>> PlannerAgent(seed=0).choose(state.resample(0, random.Random(1)), 0)   # closest next round
'OR B A'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from moonbase.agents.heuristics import moon as moon_heuristic
from moonbase.agents.moon_planner import DistanceTables, tables, values_of
from moonbase.agents.protocol import Agent, InvalidAgent
from moonbase.core import Game, State
from moonbase.games.moon.cards import goal_value, is_goal_card
from moonbase.games.moon.cooperative import CooperativeState

__all__ = [
    "PlannerAgent",
    "next_goal_odds",
    "plan_action",
    "play_clairvoyant",
    "true_next_goal",
    "unseen_goal_cards",
]

Odds = Sequence[tuple[int, float]]
"""Goals with their probabilities."""


def unseen_goal_cards(state: CooperativeState) -> list[int]:
    """The goal cards the crew has not seen: those in the deck, under face-down goals and a
    wide goal's first card still waiting for its second. A resample deals exactly these cards
    again, so the list (as a multiset) is the same for every state the crew cannot tell apart.

    >>> import moonbase
    >>> len(unseen_goal_cards(moonbase.load("moon").new(seed=3)))   # 3 in registers, 1 up
    12
    """
    oldest = state.oldest()
    cards = [int(name, 2) for name, count in state.deck.items() if is_goal_card(name)
             for _ in range(count)]  # fmt: skip
    for slot, value in enumerate(state.slots):
        if value >= 0 and slot != oldest:
            cards.extend(int(state.card_at(index), 2) for index in state.slot_cards[slot])
    if state.half is not None:
        cards.append(int(state.card_at(state.half), 2))
    return sorted(cards)


def next_goal_odds(cards: Sequence[int], width: int) -> list[tuple[int, float]]:
    """The odds of the next goal made from the unseen ``cards`` (two cards a goal when wide).

    >>> next_goal_odds([1, 1, 2], 4)
    [(1, 0.666...), (2, 0.333...)]
    >>> next_goal_odds([0b0001, 0b0010], 5)
    [(1, 0.5), (18, 0.5)]
    """
    counts = Counter(cards)
    total = len(cards)
    if width == 4 or total < 2:
        return [(card, count / total) for card, count in sorted(counts.items())] if total else []
    odds: dict[int, float] = {}
    pairs = total * (total - 1)
    for left, left_count in counts.items():
        for right, right_count in counts.items():
            ways = left_count * (right_count - (left == right))
            if ways:
                value = goal_value([left, right], width)
                odds[value] = odds.get(value, 0.0) + ways / pairs
    return sorted(odds.items())


def _expectations(
    table: DistanceTables, indices: np.ndarray[Any, Any], odds: Odds, leftover: Any
) -> tuple[Any, Any]:
    """Expected shortfall (distance beyond ``leftover``) and expected distance to the goals
    from the stored states ``indices``."""
    shortfall = np.zeros(indices.shape[0])
    expected = np.zeros(indices.shape[0])
    for goal, probability in odds:
        distance = table.lookup(goal, indices)
        shortfall += probability * np.maximum(0, distance - leftover)
        expected += probability * distance
    return shortfall, expected


def plan_action(game: Game, view: Mapping[str, Any], actions: Sequence[str], odds: Odds) -> str:
    """The planner's action for the crew of cooperative ``game`` that sees ``view`` and may
    play ``actions``, with ``odds`` for the goal after the face-up one (see the module
    docstring)."""
    goal = moon_heuristic.current_goal(view)
    if view["phase"] == "repair":
        aims = odds if goal is None else [(goal, 1.0)]
        return moon_heuristic.repair_choice(game, view, 0, actions, aims)
    end = "END" if "END" in actions else actions[0]
    machine = moon_heuristic.machine_for(game, view, 0)
    if machine is None:
        return end
    table = tables(machine)
    values = values_of(machine, view["registers"])
    energy = round(float(view["energy"]) * 2)
    if goal is not None:
        distance = table.distance(values, goal)
        if distance is not None and distance <= energy:
            found = table.reachable(values, energy, stop_goal=goal)
            hits = np.flatnonzero(found.states[:, 0] == goal)
            leftover = energy - found.costs[hits]
            shortfall, expected = _expectations(table, found.indices[hits], odds, leftover)
            pick = int(hits[np.lexsort((found.costs[hits], expected, shortfall))[0]])
        else:
            if view["slots"][-1] not in (None, "BUG", "hidden"):
                return end  # the face-up goal leaves slot 4 at the end of this round
            found = table.reachable(values, energy)
            nearest = table.lookup(goal, found.indices)
            pick = int(np.lexsort((found.costs, nearest))[0])
    else:
        if not odds:
            return end
        found = table.reachable(values, energy)
        _, expected = _expectations(table, found.indices, odds, np.zeros(len(found.costs)))
        pick = int(np.lexsort((found.costs, expected))[0])
    if found.costs[pick] == 0:
        return end
    action = table.edges[int(found.first[pick])].text(machine.registers)
    return action if action in actions else end


class PlannerAgent(Agent):
    """The MOON planner bot (see the module docstring)."""

    name: ClassVar[str] = "planner"
    games: ClassVar[tuple[str, ...]] = ("moon",)

    def choose(self, observed: State, seat: int) -> str:
        """The planner's action for ``seat``.

        >>> import moonbase
        >>> game = moonbase.load("moon", mode="competitive", hackers="purple,none", bugs=0)
        >>> state = game.new(seed=1, chance="explicit")
        >>> for card in ("1110", "0001"):
        ...     state.apply(moonbase.CHANCE, f"DRAW {card}")
        >>> state.apply(0, "INC B")  # B = 0001: NOT B, then a free MOV A B solves 1110
        >>> PlannerAgent(seed=0).choose(state, 0)
        'NOT B'
        """
        if observed.game.name != "moon":
            raise InvalidAgent(f"the planner plays MOON, not {observed.game.title}")
        if not isinstance(observed, CooperativeState):
            return moon_heuristic.choose(observed, seat, self.rng)
        odds = next_goal_odds(unseen_goal_cards(observed), observed.width)
        return plan_action(observed.game, observed.view(seat), observed.legal_actions(seat), odds)


def true_next_goal(real: CooperativeState) -> list[tuple[int, float]]:
    """The goal that will follow the face-up one, read from the real state (the next
    face-down goal, or the next goal the deck will deal); ``[]`` if none will.

    This looks at hidden cards and the future of the deck: it is for :func:`play_clairvoyant`.
    """
    oldest = real.oldest()
    for slot in range(len(real.slots) - 1, -1, -1):
        if real.slots[slot] >= 0 and slot != oldest:
            return [(real.slots[slot], 1.0)]
    trial = real.clone()
    trial.slots = [value if value < 0 else -1 for value in trial.slots]
    while not trial.is_over:
        if "END" not in trial.legal_actions(0):
            trial.apply(0, trial.legal_actions(0)[0])
            continue
        trial.apply(0, "END")
        drawn = [value for value in trial.slots if value >= 0]
        if drawn:
            return [(drawn[0], 1.0)]
    return []


def play_clairvoyant(game: Game, seed: int) -> State[Any]:
    """Play cooperative ``game`` from ``seed`` with the planner knowing the deck order.

    >>> import moonbase
    >>> play_clairvoyant(moonbase.load("moon"), seed=2).winners()
    [0]
    """
    state = game.new(seed=seed)
    if not isinstance(state, CooperativeState):
        raise ValueError("the clairvoyant planner plays cooperative MOON")
    while not state.is_over:
        action = plan_action(game, state.view(0), state.legal_actions(0), true_next_goal(state))
        state.apply(0, action)
    return state
