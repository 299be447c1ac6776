"""A plain-Python reference for the planner: Dijkstra over register states, no numpy, no
symmetry, the operation table applied directly."""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from moonbase.agents.moon_planner import Machine
from moonbase.games.moon.machine import OPERATIONS

Step = tuple[str, int, int, int]
"""(operation, target position, source position or -1, price)."""


def steps(machine: Machine) -> list[Step]:
    """Every operation on every operand choice the machine allows."""
    positions = range(len(machine.registers))
    found: list[Step] = []
    for name, price in zip(machine.operations, machine.prices, strict=True):
        if OPERATIONS[name].operands == 1:
            found.extend((name, target, -1, price) for target in positions)
        else:
            found.extend(
                (name, target, source, price)
                for target in positions
                for source in positions
                if source != target or machine.same_register
            )
    return found


def after(machine: Machine, state: tuple[int, ...], step: Step) -> tuple[int, ...]:
    """The state after one step."""
    name, target, source, _ = step
    value = OPERATIONS[name].effect(
        state[target], state[source] if source >= 0 else 0, machine.mask
    )
    return (*state[:target], value, *state[target + 1 :])


def distance(machine: Machine, start: Sequence[int], goal: int) -> int | None:
    """The cheapest cost from ``start`` to any state with A = ``goal`` (forward Dijkstra)."""
    moves = steps(machine)
    origin = tuple(start)
    best = {origin: 0}
    queue = [(0, origin)]
    while queue:
        cost, state = heapq.heappop(queue)
        if cost > best[state]:
            continue
        if state[0] == goal:
            return cost
        for step in moves:
            nxt = after(machine, state, step)
            total = cost + step[3]
            if total < best.get(nxt, 1 << 30):
                best[nxt] = total
                heapq.heappush(queue, (total, nxt))
    return None


def within(machine: Machine, start: Sequence[int], budget: int) -> dict[tuple[int, ...], int]:
    """Every state reachable from ``start`` for at most ``budget``, with its cheapest cost."""
    moves = steps(machine)
    best = {tuple(start): 0}
    queue = [(0, tuple(start))]
    while queue:
        cost, state = heapq.heappop(queue)
        if cost > best[state]:
            continue
        for step in moves:
            nxt = after(machine, state, step)
            total = cost + step[3]
            if total <= budget and total < best.get(nxt, 1 << 30):
                best[nxt] = total
                heapq.heappush(queue, (total, nxt))
    return best
