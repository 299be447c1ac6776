"""A plain-Python reference for the planner: Dijkstra over register states, no numpy, no
symmetry, the operation table applied directly.

Free uses are modelled as the game spends them (``CompetitiveState._price``): while the seat
has free uses left, every operation of the machine's free class costs nothing and uses one —
there is no choosing to pay instead. The search runs over (registers, free uses left)."""

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


def paid(machine: Machine, step: Step, free: int) -> tuple[int, int]:
    """What ``step`` costs with ``free`` free uses left, and the free uses left after it."""
    if free > 0 and step[0] in machine.free:
        return 0, free - 1
    return step[3], free


def distance(machine: Machine, start: Sequence[int], goal: int, free: int = 0) -> int | None:
    """The cheapest cost from ``start`` with ``free`` free uses left to any state with
    A = ``goal`` (forward Dijkstra)."""
    moves = steps(machine)
    origin = (tuple(start), free)
    best = {origin: 0}
    queue = [(0, origin)]
    while queue:
        cost, node = heapq.heappop(queue)
        if cost > best[node]:
            continue
        state, left = node
        if state[0] == goal:
            return cost
        for step in moves:
            price, rest = paid(machine, step, left)
            nxt = (after(machine, state, step), rest)
            total = cost + price
            if total < best.get(nxt, 1 << 30):
                best[nxt] = total
                heapq.heappush(queue, (total, nxt))
    return None


def within(
    machine: Machine, start: Sequence[int], budget: int, free: int = 0
) -> dict[tuple[tuple[int, ...], int], int]:
    """Every (state, free uses left) reachable from ``start`` with ``free`` free uses left for
    at most ``budget``, with its cheapest cost."""
    moves = steps(machine)
    origin = (tuple(start), free)
    best = {origin: 0}
    queue = [(0, origin)]
    while queue:
        cost, node = heapq.heappop(queue)
        if cost > best[node]:
            continue
        state, left = node
        for step in moves:
            price, rest = paid(machine, step, left)
            nxt = (after(machine, state, step), rest)
            total = cost + price
            if total <= budget and total < best.get(nxt, 1 << 30):
                best[nxt] = total
                heapq.heappush(queue, (total, nxt))
    return best
