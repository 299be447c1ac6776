"""Hints for people: :func:`hint` says what a bot would do in a seat's place, and why.

For MOON the hint is the planner's: one cheapest operation sequence to the goal the seat works
for (the face-up goal, or its own in competitive play), what it costs and whether the energy
left covers it. A purple or red hacker's free uses left this turn count, and the operations
that will be free are marked. For the other games it is the choice of an MCTS search. Either
way the hint is worked out on a resample of the state — it knows only what the seat knows.

>>> import moonbase
>>> state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
>>> state.apply(moonbase.CHANCE, "DRAW 0011")
>>> print(hint(state, 0))
Goal 0011: cheapest way OR B A, ROL A, OR A B costs 2 energy (you have 1.5: ...). Suggested ...
"""

from __future__ import annotations

import random

from moonbase.agents.heuristics import moon as moon_heuristic
from moonbase.agents.moon_planner import tables, values_of
from moonbase.agents.protocol import make_agent
from moonbase.core import State
from moonbase.games.moon.machine import bits, energy_text

__all__ = ["hint"]


def hint(state: State, seat: int, *, seed: int = 0, search: str = "mcts:iterations=200") -> str:
    """A hint for ``seat``: the planner's cheapest sequence (MOON) or the ``search`` agent's
    choice (other games), as one line of text.

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=2, chance="explicit")
    >>> state.apply(moonbase.CHANCE, "ROLL *")
    >>> hint(state, 0, search="mcts:iterations=20")
    'Suggested: MOVE ... (mcts:iterations=20).'
    >>> hint(state, 1)
    'Seat 1 has nothing to decide now.'
    """
    if seat not in state.to_act:
        return f"Seat {seat} has nothing to decide now."
    observed = state.resample(seat, random.Random(seed))
    if observed.game.name == "moon":
        return _moon_hint(observed, seat)
    agent = make_agent(search, seed)
    return f"Suggested: {agent.choose(observed, seat)} ({agent.spec})."


def _moon_hint(observed: State, seat: int) -> str:
    """The planner's hint for ``seat`` in MOON.

    >>> import moonbase
    >>> game = moonbase.load("moon", mode="competitive", hackers="purple,none", bugs=0)
    >>> state = game.new(seed=1, chance="explicit")
    >>> for card in ("1110", "0001"):
    ...     state.apply(moonbase.CHANCE, f"DRAW {card}")
    >>> state.apply(0, "INC B")  # B = 0001; without free MOVs: NOT A, XOR A B (1.5 energy)
    >>> goal, suggested = _moon_hint(state, 0).split(" Suggested now: ")
    >>> goal, suggested
    ('Goal 1110: cheapest way NOT B, MOV A B (free) costs 1 energy (you have enough).', 'NOT B.')
    """
    view = observed.view(seat)
    suggested = make_agent("planner", 0).choose(observed, seat)
    goal = moon_heuristic.current_goal(view)
    machine = moon_heuristic.machine_for(observed.game, view, seat)
    if view["phase"] == "repair" or goal is None or machine is None:
        return f"No goal to work for now. Suggested: {suggested}."
    width = machine.width
    table = tables(machine)
    values = values_of(machine, view["registers"])
    free = moon_heuristic.free_left(observed.game, view, seat)
    distance = table.distance(values, goal, free)
    edges = table.plan_edges(values, goal, free)
    if distance is None or edges is None:
        return (
            f"Goal {bits(goal, width)} cannot be reached with the operations and registers "
            f"that work now. Suggested: {suggested}."
        )
    energy = round(float(view["energy"]) * 2)
    cover = (
        "you have enough"
        if distance <= energy
        else f"you have {energy_text(energy)}: get as close as you can this round"
    )
    plan, left = [], table.layer(free)
    for edge in edges:
        text = edge.text(machine.registers)
        if left and table.is_free(edge):
            left, text = left - 1, f"{text} (free)"
        plan.append(text)
    return (
        f"Goal {bits(goal, width)}: cheapest way {', '.join(plan)} costs "
        f"{energy_text(distance)} energy ({cover}). Suggested now: {suggested}."
    )
