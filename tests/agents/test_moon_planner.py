"""The MOON planner's tables against a plain-Python Dijkstra, its plans against the game."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import moonbase
from moonbase.agents import moon_planner
from moonbase.agents.moon_planner import Machine, set_cache_dir, tables
from tests.agents import brute

MACHINES = {
    "default": Machine(),
    "register C disabled": Machine(registers=("A", "B", "D")),
    "XOR and ROL disabled": Machine(operations=("INC", "DEC", "ROR", "NOT", "MOV", "OR", "AND")),
    "green hacker, competitive": Machine(prices=(2, 2, 2, 2, 2, 1, 1, 1, 1)),
    "same register, extras": Machine(
        operations=("INC", "ROL", "NOT", "MOV", "NOR", "NAND", "XNOR", "ADD", "SUB"),
        registers=("A", "B", "C"),
        same_register=True,
    ),
    "width 5": Machine(
        width=5,
        operations=("INC", "DEC", "ROL", "NOT", "XOR", "AND", "SUB"),
        registers=("A", "B", "D"),
    ),
    "only INC": Machine(operations=("INC",), registers=("A", "B")),
}


@pytest.mark.parametrize("label", sorted(MACHINES))
def test_distances_match_a_plain_dijkstra(label: str) -> None:
    machine = MACHINES[label]
    table = tables(machine)
    rng = random.Random(label)
    size = 1 << machine.width
    for _ in range(8):
        start = tuple(rng.randrange(size) for _ in machine.registers)
        goal = rng.randrange(size)
        assert table.distance(start, goal) == brute.distance(machine, start, goal), (start, goal)


@pytest.mark.parametrize("label", sorted(MACHINES))
def test_plans_are_cheapest_and_reach_the_goal(label: str) -> None:
    machine = MACHINES[label]
    table = tables(machine)
    rng = random.Random(label + "plan")
    size = 1 << machine.width
    for _ in range(8):
        start = tuple(rng.randrange(size) for _ in machine.registers)
        goal = rng.randrange(size)
        edges = table.plan_edges(start, goal)
        distance = table.distance(start, goal)
        if distance is None:
            assert edges is None
            continue
        assert edges is not None
        state = start
        for edge in edges:
            state = brute.after(machine, state, (edge.operation, edge.target, edge.source, 0))
        assert state[0] == goal
        assert sum(edge.price for edge in edges) == distance


def test_unreachable_goals_are_reported() -> None:
    table = tables(Machine(operations=("ROL", "ROR"), registers=("A",)))
    assert table.distance((0b0001,), 0b0011) is None
    assert table.plan((0b0001,), 0b0011) is None
    assert table.distance((0b0001,), 0b1000) == 2


def test_the_default_table_satisfies_bellman_everywhere_sampled() -> None:
    machine = Machine()
    table = tables(machine)
    moves = brute.steps(machine)
    rng = random.Random(5)
    goal = 0b1010
    for _ in range(400):
        state = tuple(rng.randrange(16) for _ in range(4))
        here = table.distance(state, goal)
        if state[0] == goal:
            assert here == 0
            continue
        options = [
            step[3] + d
            for step in moves
            if (d := table.distance(brute.after(machine, state, step), goal)) is not None
        ]
        assert here == min(options)


@pytest.mark.parametrize("label", ["register C disabled", "same register, extras"])
def test_reachable_states_match_a_plain_search(label: str) -> None:
    machine = MACHINES[label]
    table = tables(machine)
    rng = random.Random(label)
    start = tuple(rng.randrange(16) for _ in machine.registers)
    found = table.reachable(start, budget=3)
    expected: dict[tuple[int, ...], int] = {}
    for state, cost in brute.within(machine, start, budget=3).items():
        key = (state[0], *sorted(state[1:]))
        expected[key] = min(cost, expected.get(key, cost))
    got = {
        tuple(int(v) for v in row): int(cost)
        for row, cost in zip(found.states, found.costs, strict=True)
    }
    assert got == expected
    for row, cost, first in zip(found.states[:40], found.costs[:40], found.first[:40], strict=True):
        if cost == 0:
            continue
        edge = table.edges[int(first)]
        step = brute.after(machine, start, (edge.operation, edge.target, edge.source, 0))
        rest = brute.within(machine, step, budget=int(cost) - edge.price)
        assert any((s[0], *sorted(s[1:])) == tuple(row) for s in rest)


def test_reachable_stops_at_the_goal() -> None:
    table = tables(Machine())
    found = table.reachable((0, 1, 2, 3), budget=6, stop_goal=1)
    # MOV A B solves 0001 for 1 energy; nothing is reached *through* A = 0001
    solved = found.states[:, 0] == 1
    assert solved.any()
    unstopped = table.reachable((0, 1, 2, 3), budget=6)
    assert len(found.states) <= len(unstopped.states)


def test_a_plan_plays_in_a_real_game_at_its_price() -> None:
    state = moonbase.load("moon", energy=10).new(seed=4)
    view = state.view(0)
    goal = int(next(slot for slot in view["slots"] if slot not in (None, "hidden", "BUG")), 2)
    values = tuple(int(view["registers"][r], 2) for r in "ABCD")
    table = tables(Machine())
    plan = table.plan(values, goal)
    distance = table.distance(values, goal)
    assert plan is not None and distance is not None
    before = state.view(0)["energy"]
    solved = state.view(0)["solved"]
    for action in plan:
        state.apply(0, action)
    after = state.view(0)
    assert after["solved"] == solved + 1
    assert before - after["energy"] == distance / 2


def test_machines_are_checked() -> None:
    with pytest.raises(ValueError, match="width is 4, 5 or 6"):
        Machine(width=3)
    with pytest.raises(ValueError, match="registers start with A"):
        Machine(registers=("B", "C"))
    with pytest.raises(ValueError, match="operations must be named"):
        Machine(operations=("FLY",))
    assert Machine(operations=("XOR", "INC")).operations == ("INC", "XOR")


def test_tables_are_kept_on_disk_safely(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    machine = Machine(registers=("A", "B"), operations=("INC", "NOT", "XOR"))
    set_cache_dir(tmp_path)
    try:
        built = moon_planner.DistanceTables(machine).table(3).copy()
        files = sorted(tmp_path.glob("*.npz"))
        assert len(files) == 16 and not list(tmp_path.glob("*.tmp"))

        def refuse(self: object, goals: list[int]) -> list[object]:
            raise AssertionError("rebuilt although the table was on disk")

        monkeypatch.setattr(moon_planner.DistanceTables, "_build", refuse)
        assert np.array_equal(moon_planner.DistanceTables(machine).table(3), built)
        monkeypatch.undo()
        for path in files:
            path.write_bytes(b"not a table")  # damaged files are ignored and rebuilt
        assert np.array_equal(moon_planner.DistanceTables(machine).table(3), built)
        other = Machine(registers=("A", "B"), operations=("INC", "NOT", "XOR"), prices=(4, 2, 2))
        assert moon_planner.DistanceTables(other).distance((0, 5), 5) == 2  # its own files
    finally:
        set_cache_dir(None)
