"""The MOON planner's tables against a plain-Python Dijkstra, its plans against the game."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import numpy as np
import pytest

import moonbase
from moonbase.agents import moon_planner, moon_sets
from moonbase.agents.heuristics import moon
from moonbase.agents.moon_planner import Machine, set_cache_dir, tables, values_of
from tests.agents import brute

MACHINES = {
    "default": Machine(),
    "register C disabled": Machine(registers=("A", "B", "D")),
    "XOR and ROL disabled": Machine(operations=("INC", "DEC", "ROR", "NOT", "MOV", "OR", "AND")),
    "green hacker, competitive": Machine(prices=(2, 2, 2, 2, 2, 1, 1, 1, 1)),
    "A alone, no operation it can take": Machine(operations=("XOR", "MOV"), registers=("A",)),
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
    for (state, _), cost in brute.within(machine, start, budget=3).items():
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
        assert any((s[0], *sorted(s[1:])) == tuple(row) for s, _ in rest)


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
    with pytest.raises(ValueError, match="free operations are named"):
        Machine(free=("FLY",), free_uses=2)
    with pytest.raises(ValueError, match="free_uses is 0 to"):
        Machine(free=("MOV",), free_uses=9)
    with pytest.raises(ValueError, match="free uses left are 0 or more"):
        tables(Machine()).distance((0, 0, 0, 0), 1, free=-1)


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


# ---------------------------------------------------------------------- free uses
COMPETITIVE = (4, 4, 2, 2, 2, 1, 1, 1, 1)
"""Competitive prices of the nine base operations, in half-units."""
LOGIC = ("OR", "AND", "XOR")

FREE_MACHINES = {
    "purple": Machine(prices=COMPETITIVE, free=("MOV",), free_uses=2),
    "red": Machine(prices=COMPETITIVE, free=LOGIC, free_uses=2),
    "red, XOR, ROL and C disabled": Machine(
        operations=("INC", "DEC", "ROR", "NOT", "MOV", "OR", "AND"),
        registers=("A", "B", "D"),
        prices=(4, 4, 2, 2, 1, 1, 1),
        free=LOGIC,
        free_uses=2,
    ),
    "purple, first game, same register": Machine(
        operations=("INC", "DEC", "ROL", "ROR", "NOT", "MOV"),
        prices=(4, 4, 2, 2, 2, 1),
        same_register=True,
        free=("MOV",),
        free_uses=2,
    ),
    "purple, one free use, cooperative prices": Machine(free=("MOV",), free_uses=1),
    "logic free at unequal prices": Machine(
        operations=("INC", "ROL", "NOT", "MOV", "OR", "XOR"),
        registers=("A", "B", "C"),
        prices=(4, 2, 2, 2, 1, 3),
        free=("OR", "XOR"),
        free_uses=2,
    ),
    "purple, width 5": Machine(
        width=5,
        operations=("INC", "DEC", "ROL", "NOT", "MOV", "AND"),
        registers=("A", "B", "D"),
        prices=(4, 4, 2, 2, 1, 1),
        free=("MOV",),
        free_uses=2,
    ),
    "red, width 5": Machine(
        width=5,
        operations=("INC", "ROR", "NOT", "MOV", "OR", "XOR"),
        registers=("A", "B", "C"),
        prices=(4, 2, 2, 1, 1, 1),
        free=LOGIC,
        free_uses=2,
    ),
}


def _samples(machine: Machine, seed: str, count: int) -> list[tuple[tuple[int, ...], int]]:
    rng = random.Random(seed)
    size = 1 << machine.width
    return [
        (tuple(rng.randrange(size) for _ in machine.registers), rng.randrange(size))
        for _ in range(count)
    ]


@pytest.mark.parametrize("label", sorted(FREE_MACHINES))
def test_distances_with_free_uses_match_a_plain_dijkstra(label: str) -> None:
    machine = FREE_MACHINES[label]
    table = tables(machine)
    saved = 0
    for start, goal in _samples(machine, label, 8):
        found = [table.distance(start, goal, free) for free in range(machine.free_uses + 1)]
        expected = [brute.distance(machine, start, goal, free) for free in range(len(found))]
        assert found == expected, (start, goal)
        saved += found[0] != found[-1]
    assert saved, "free uses never mattered in these samples: the test checks too little"


@pytest.mark.parametrize("label", sorted(FREE_MACHINES))
def test_plans_with_free_uses_cost_their_distance(label: str) -> None:
    machine = FREE_MACHINES[label]
    table = tables(machine)
    for start, goal in _samples(machine, label + "plan", 10):
        for free in range(machine.free_uses + 1):
            edges = table.plan_edges(start, goal, free)
            distance = table.distance(start, goal, free)
            if distance is None:
                assert edges is None
                continue
            assert edges is not None
            state, left, cost = start, free, 0
            for edge in edges:
                step = (edge.operation, edge.target, edge.source, edge.price)
                price, left = brute.paid(machine, step, left)
                cost += price
                state = brute.after(machine, state, step)
            assert state[0] == goal
            assert cost == distance == table.cost(edges, free), (start, goal, free)


def test_free_uses_are_spent_only_where_they_save_energy() -> None:
    table = tables(FREE_MACHINES["purple"])
    # XOR A B solves 0110 for ½; a free MOV first would change nothing it needs
    assert table.plan((0b0101, 0b0011, 0, 0), 0b0110, free=2) == ["XOR A B"]
    # two free MOVs: copy C to A and back is never planned, nor MOV B B-like no-ops
    for start, goal in _samples(FREE_MACHINES["purple"], "no waste", 40):
        edges = table.plan_edges(start, goal, 2) or []
        fewer = table.plan_edges(start, goal, 1) or []
        if table.distance(start, goal, 1) == table.distance(start, goal, 2):
            assert edges == fewer


def test_the_free_tables_satisfy_bellman_everywhere_sampled() -> None:
    machine = FREE_MACHINES["red"]
    table = tables(machine)
    moves = brute.steps(machine)
    rng = random.Random(11)
    goal = 0b0110
    for _ in range(300):
        state = tuple(rng.randrange(16) for _ in range(4))
        for free in range(3):
            here = table.distance(state, goal, free)
            if state[0] == goal:
                assert here == 0
                continue
            options = []
            for step in moves:
                price, left = brute.paid(machine, step, free)
                rest = table.distance(brute.after(machine, state, step), goal, left)
                if rest is not None:
                    options.append(price + rest)
            assert here == min(options, default=None)


@pytest.mark.parametrize("label", ["purple", "red, XOR, ROL and C disabled"])
def test_reachable_with_free_uses_matches_a_plain_search(label: str) -> None:
    machine = FREE_MACHINES[label]
    table = tables(machine)
    start = _samples(machine, label + "reach", 1)[0][0]
    for free in range(3):
        found = table.reachable(start, budget=2, free=free)
        cheapest: dict[tuple[tuple[int, ...], int], int] = {}
        for (state, left), cost in brute.within(machine, start, 2, free).items():
            key = ((state[0], *sorted(state[1:])), left)
            cheapest[key] = min(cost, cheapest.get(key, cost))
        expected = {
            (state, left): cost
            for (state, left), cost in cheapest.items()
            if all(
                cheapest.get((state, more), 1 << 30) > cost for more in range(left + 1, free + 1)
            )
        }
        got = {
            (tuple(int(v) for v in row), int(left)): int(cost)
            for row, cost, left in zip(found.states, found.costs, found.free, strict=True)
        }
        assert got == expected
        rows = random.Random(free).sample(range(len(found.costs)), 6)
        for row, cost, first, left in zip(
            found.states[rows], found.costs[rows], found.first[rows], found.free[rows], strict=True
        ):
            if first < 0:
                assert cost == 0 and left == free
                continue
            edge = table.edges[int(first)]
            step = (edge.operation, edge.target, edge.source, edge.price)
            price, after_left = brute.paid(machine, step, free)
            rest = brute.within(
                machine, brute.after(machine, start, step), int(cost) - price, after_left
            )
            assert ((int(row[0]), *sorted(int(v) for v in row[1:])), int(left)) in {
                ((s[0], *sorted(s[1:])), k) for s, k in rest
            }


def test_machines_without_usable_free_operations_share_the_plain_tables() -> None:
    plain = Machine(operations=("INC", "ROL", "XOR"), registers=("A", "B"))
    assert (
        Machine(operations=("INC", "ROL", "XOR"), registers=("A", "B"), free=("MOV",), free_uses=2)
        == plain
    )
    assert tables(Machine(free=("MOV",), free_uses=0)) is tables(Machine())
    purple = tables(FREE_MACHINES["purple"])
    assert purple.distance((0, 3, 0, 0), 3, free=7) == purple.distance((0, 3, 0, 0), 3, free=2)


def test_free_tables_are_kept_on_disk_by_their_own_key(tmp_path: Path) -> None:
    machine = Machine(registers=("A", "B"), operations=("INC", "MOV"), free=("MOV",), free_uses=2)
    plain = Machine(registers=("A", "B"), operations=("INC", "MOV"))
    set_cache_dir(tmp_path)
    try:
        built = moon_planner.DistanceTables(machine)
        layers = [built.table(3, free).copy() for free in range(3)]
        assert len(list(tmp_path.glob("*.npz"))) == 16
        assert moon_planner.DistanceTables(plain).distance((0, 3), 3) == 2  # not the free file
        assert len(list(tmp_path.glob("*.npz"))) == 32
        loaded = moon_planner.DistanceTables(machine)
        assert all(np.array_equal(loaded.table(3, k), layers[k]) for k in range(3))
        assert loaded.distance((0, 3), 3, free=1) == 0
    finally:
        set_cache_dir(None)


@pytest.mark.parametrize("seed", [0, 1])
def test_plans_with_free_uses_play_in_a_real_game_at_their_distance(seed: int) -> None:
    """Every decision of a random competitive game with a purple and a red hacker: the plan
    for the acting seat's goal, with the free uses its view shows, costs its distance."""
    game = moonbase.load("moon", mode="competitive", hackers="purple,red", energy=20)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    checked = saved = 0
    while not state.is_over and checked < 40:
        seat = state.to_act[0]
        view = state.view(seat)
        goal = moon.current_goal(view)
        machine = moon.machine_for(game, view, seat)
        if view["phase"] == "play" and goal is not None and machine is not None:
            table = tables(machine)
            values = values_of(machine, view["registers"])
            free = moon.free_left(game, view, seat)
            assert free == view["free"]
            plan = table.plan(values, goal, free)
            distance = table.distance(values, goal, free)
            assert plan is not None and distance is not None
            if distance > view["energy"] * 2:  # random play spent too much of the turn
                state.apply(seat, "END")
                continue
            trial = state.clone()
            for action in plan:
                trial.apply(seat, action)
            after = trial.view(seat)
            assert after["solved"][seat] == view["solved"][seat] + 1
            assert (view["energy"] - after["energy"]) * 2 == distance
            checked += 1
            saved += distance < (table.distance(values, goal, 0) or 0)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 20 and saved, (checked, saved)


def test_a_purple_and_a_red_hacker_solve_at_the_planned_price() -> None:
    game = moonbase.load("moon", mode="competitive", hackers="purple,red", bugs=0, energy=10)
    state = game.new(seed=1, chance="explicit")
    for card in ("1110", "1000"):
        state.apply(moonbase.CHANCE, f"DRAW {card}")
    state.apply(0, "INC B")  # B = 0001 (paid: INC is not free)
    for seat, goal, nxt in ((0, 0b1110, "0011"), (1, 0b1000, "0101")):
        view = state.view(seat)
        machine = moon.machine_for(game, view, seat)
        assert machine is not None and view["free"] == 2
        table = tables(machine)
        values = values_of(machine, view["registers"])
        distance = table.distance(values, goal, free=2)
        without = table.distance(values, goal, free=0)
        assert distance is not None and without is not None and distance < without
        plan = table.plan(values, goal, free=2)
        assert plan is not None
        for action in plan:
            state.apply(seat, action)
        state.apply(moonbase.CHANCE, f"DRAW {nxt}")  # the goal was solved: the next one
        after = state.view(seat)
        assert after["solved"][seat] == 1
        assert (view["energy"] - after["energy"]) * 2 == distance
        state.apply(seat, "END")


# ---------------------------------------------------------------------- 5 and 6 bits
WIDE_MACHINES = {
    "6 bits": Machine(width=6),
    "6 bits, purple": Machine(width=6, prices=COMPETITIVE, free=("MOV",), free_uses=2),
    "6 bits, red, extras, same register": Machine(
        width=6,
        operations=("INC", "ROL", "NOT", "MOV", "OR", "XOR", "NOR", "ADD"),
        prices=(4, 2, 2, 1, 1, 1, 1, 3),
        same_register=True,
        free=LOGIC,
        free_uses=2,
    ),
    "5 bits, red": Machine(width=5, prices=COMPETITIVE, free=LOGIC, free_uses=2),
}


def _near(machine: Machine, seed: str, count: int) -> list[tuple[tuple[int, ...], int]]:
    """Random starts with a goal two operations of price 2 or less away, one with free uses
    (so that the plain search stays small)."""
    rng = random.Random(seed)
    size = 1 << machine.width
    moves = [step for step in brute.steps(machine) if step[3] <= 2]
    found = []
    for _ in range(count):
        start = tuple(rng.randrange(size) for _ in machine.registers)
        state = start
        while state[0] == start[0]:
            state = start
            for _ in range(1 if machine.free_uses else 2):
                state = brute.after(machine, state, rng.choice(moves))
        found.append((start, state[0]))
    return found


@pytest.mark.parametrize("label", sorted(WIDE_MACHINES))
def test_wide_distances_match_a_plain_dijkstra(label: str) -> None:
    machine = WIDE_MACHINES[label]
    table = tables(machine)
    for start, goal in _near(machine, label, 4):
        for free in range(machine.layers):
            assert table.distance(start, goal, free) == brute.distance(
                machine, start, goal, free
            ), (start, goal, free)


@pytest.mark.parametrize("label", sorted(WIDE_MACHINES))
def test_wide_tables_satisfy_bellman_everywhere_sampled(label: str) -> None:
    """Over random states of one goal's table, every layer: 0 at the goal, else the cheapest
    operation plus the distance after it (with the free use it spends)."""
    machine = WIDE_MACHINES[label]
    table = tables(machine)
    moves = brute.steps(machine)
    rng = random.Random(label)
    size = 1 << machine.width
    goal = rng.randrange(size)
    farthest = 0
    for _ in range(150):
        state = tuple(rng.randrange(size) for _ in machine.registers)
        for free in range(machine.layers):
            here = table.distance(state, goal, free)
            if state[0] == goal:
                assert here == 0
                continue
            options = []
            for step in moves:
                price, left = brute.paid(machine, step, free)
                rest = table.distance(brute.after(machine, state, step), goal, left)
                if rest is not None:
                    options.append(price + rest)
            assert here == min(options, default=None), (state, free)
            farthest = max(farthest, here or 0)
    assert farthest >= 4, "only near states were sampled: the test checks too little"


@pytest.mark.parametrize(
    "machine",
    [
        Machine(),
        Machine(prices=COMPETITIVE, free=("MOV",), free_uses=2),
        Machine(operations=("INC", "ROR", "NOT", "AND", "NAND", "SUB"), same_register=True),
        Machine(width=5, operations=("DEC", "ROL", "MOV", "OR", "XNOR"), free=LOGIC, free_uses=1),
    ],
    ids=["default", "purple", "extras, same register", "5 bits, red, one use"],
)
def test_the_set_search_agrees_with_the_graph_search(machine: Machine) -> None:
    """Two different algorithms (packed sets level by level; Dial's algorithm over the
    reverse graph of stored states), each in numpy and in compiled loops, give equal tables."""
    goals = [0, 5, (1 << machine.width) - 2]
    graph = moon_planner.DistanceTables(machine)._build_by_graph(goals)
    for compiled in (False, True):
        table = moon_planner.DistanceTables(machine)
        table._sets = moon_sets.LevelSearch(
            machine.width, table._level_search().steps, machine.layers, compiled=compiled
        )
        assert table._sets.compiled == compiled
        for built, expected in zip(table._build(goals), graph, strict=True):
            assert np.array_equal(built, expected)


def test_six_bit_plans_play_in_a_real_game_at_their_price() -> None:
    game = moonbase.load("moon", width=6, difficulty="master", energy=20)
    played = 0
    for seed in range(12):
        state = game.new(seed=seed)
        view = state.view(0)
        goal = moon.current_goal(view)
        machine = moon.machine_for(game, view, 0)
        if goal is None or machine is None:
            continue  # a bug card in slot 1
        assert machine.width == 6 and len(machine.registers) == 4
        table = tables(machine)
        values = values_of(machine, view["registers"])
        plan, distance = table.plan(values, goal), table.distance(values, goal)
        assert plan is not None and distance is not None and distance > 0
        for action in plan:
            state.apply(0, action)
        after = state.view(0)
        assert after["solved"] == view["solved"] + 1
        assert (view["energy"] - after["energy"]) * 2 == distance
        played += 1
    assert played >= 6


def test_six_bit_plans_with_free_uses_play_in_a_real_game() -> None:
    game = moonbase.load("moon", mode="competitive", width=6, hackers="purple,red", energy=20)
    state = game.new(seed=3)
    for seat in (0, 1):
        view = state.view(seat)
        goal = moon.current_goal(view)
        machine = moon.machine_for(game, view, seat)
        assert goal is not None and machine is not None and machine.free_uses == 2
        table = tables(machine)
        values = values_of(machine, view["registers"])
        plan, distance = table.plan(values, goal, 2), table.distance(values, goal, 2)
        assert plan is not None and distance is not None
        assert distance <= (table.distance(values, goal, 0) or 0)
        for action in plan:
            state.apply(seat, action)
        after = state.view(seat)
        assert after["solved"][seat] == view["solved"][seat] + 1
        assert (view["energy"] - after["energy"]) * 2 == distance
        state.apply(seat, "END")


def test_six_bit_tables_are_the_same_with_and_without_numba() -> None:
    """The planner works without numba: numpy's loops give the compiled loops' tables (where
    numba is installed; without it, numpy's tables must still show the free uses)."""
    machine = WIDE_MACHINES["6 bits, purple"]
    steps = moon_planner.DistanceTables(machine)._level_search().steps
    plain = moon_sets.LevelSearch(6, list(steps), machine.layers, compiled=False)
    assert not plain.compiled
    expected = plain.distances(goal=41)
    assert (expected[0] != expected[-1]).any()  # the free uses matter somewhere
    if importlib.util.find_spec("numba") is not None:
        compiled = moon_sets.LevelSearch(6, list(steps), machine.layers, compiled=True)
        assert np.array_equal(compiled.distances(goal=41), expected)


def test_the_heuristic_plays_on_when_errors_leave_a_seat_no_operation() -> None:
    # ERRORs disable B, C and D: with XOR and MOV alone, A can take no operation (the tables
    # could not be built, and the greedy heuristic crashed).
    from moonbase import fast
    from moonbase.fast.reference import greedy_playout, policy_pick

    game = moonbase.load(
        "moon", mode="competitive", players=4, energy=3, bugs=1, events=True,
        operations=["XOR", "MOV"], hackers=["none", "yellow", "none", "none"],
    )  # fmt: skip
    state = game.new(seed=901784)
    for decision in range(106):
        seat = state.to_act[0]
        state.apply_id(seat, policy_pick(state.legal_ids(seat), 901785, decision))
    assert state.view(0)["disabled"] == ["B", "C", "D"]
    played = greedy_playout(state, moon.choose)  # the heuristic through the rules engine
    assert played.decisions > 0
    assert fast.greedy_playout(state) == played  # the kernel, where numba is installed, agrees
