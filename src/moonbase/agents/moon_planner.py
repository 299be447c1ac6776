"""The MOON planner: the exact minimum energy from any register state to any goal in A.

A :class:`Machine` says what the planner may use — register width, the operations in play and
not disabled, the registers that may be operands, the price of each operation in half-units and
whether two operands may be one register. :func:`tables` gives its :class:`DistanceTables`
(built once per machine and kept in memory), and a query is then a lookup:

>>> machine = Machine(width=4)
>>> table = tables(machine)
>>> table.distance((0b0000, 0b0011, 0b0101, 0b1111), goal=0b0110)   # A B C D; half-units
2
>>> table.plan((0b0000, 0b0011, 0b0101, 0b1111), goal=0b0110)
['OR A B', 'XOR A C']

**How the tables are built.** For one goal, every register state is a node and every usable
operation an edge with its price. The states where A holds the goal are the sources of a
multi-source shortest-path search run *backwards* (from the goal to every state) as a bucketed
Dijkstra over integer half-unit costs (Dial's algorithm): distance level by distance level, the
states settled at one level are expanded all at once with numpy, each operation inverted by a
precomputed table of pre-images. Registers B, C and D play symmetric roles (no operation or
price depends on a register's name), so a state is stored once for all orderings of the
non-A registers: 16 × 816 = 13,056 states per goal at 4 bits instead of 65,536, and
64 × 45,760 ≈ 2.9 million at 6 bits instead of 2^24. A disabled register may not be an
operand, so it cannot change and cannot influence anything: it is left out altogether.

At 4 and 5 bits every goal's table is built at once; at 6 bits a goal's table is built the
first time it is asked for (a few seconds each) and kept. Tables may also be kept on disk:
see :func:`set_cache_dir`.

**RAM.** In competitive MOON a seat's RAM word is a fifth operand of ``MOV``. The planner works
over registers A–D only and ignores the RAM, so with a useful RAM value the true minimum can
be lower than the planner's; the planner never suggests RAM moves.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from moonbase.games.moon.machine import BASE_OPERATIONS, OPERATIONS, REGISTERS

__all__ = [
    "UNREACHABLE",
    "DistanceTables",
    "Edge",
    "Machine",
    "Reachable",
    "cache_dir",
    "set_cache_dir",
    "tables",
    "values_of",
]

UNREACHABLE: Final = 65535
"""The distance stored for a state from which the goal cannot be reached."""

_FORMAT: Final = "moonbase-planner-1"
"""Version of the on-disk table format (part of every cache key)."""
_CHUNK: Final = 1 << 15
"""Frontier states expanded per numpy batch (bounds the memory of one expansion)."""
_EAGER_WIDTH: Final = 5
"""Up to this width, every goal's table is built in one go."""
_MEMORY_TABLES: Final = 192
"""At most this many per-goal tables of wide machines are kept in memory."""

Array = NDArray[np.int64]


@dataclass(frozen=True)
class Machine:
    """What the planner may use: a hashable description (the cache key of the tables).

    ``registers`` are the registers that may be operands, A first (a disabled register is left
    out); ``operations`` the usable operations (in play and not disabled) in the order of
    :data:`~moonbase.games.moon.machine.OPERATIONS`; ``prices`` their prices in half-units
    (default: the cooperative costs); ``same_register`` whether ``XOR A A`` is allowed.

    >>> Machine(width=4).prices
    (4, 4, 2, 2, 2, 2, 1, 1, 1)
    >>> Machine(registers=("A", "C"), operations=("INC", "XOR")).registers
    ('A', 'C')
    >>> Machine(operations=("INC",), prices=(0,))
    Traceback (most recent call last):
    ...
    ValueError: prices are whole half-units from 1 to 255; got (0,)
    """

    width: int = 4
    operations: tuple[str, ...] = BASE_OPERATIONS
    registers: tuple[str, ...] = REGISTERS
    prices: tuple[int, ...] = ()
    same_register: bool = False

    def __post_init__(self) -> None:
        if self.width not in (4, 5, 6):
            raise ValueError(f"width is 4, 5 or 6; got {self.width!r}")
        unknown = [name for name in self.operations if name not in OPERATIONS]
        if unknown or not self.operations:
            raise ValueError(f"operations must be named from {', '.join(OPERATIONS)}")
        ordered = tuple(name for name in OPERATIONS if name in self.operations)
        object.__setattr__(self, "operations", ordered)
        if not self.registers or self.registers[0] != "A":
            raise ValueError("registers start with A (goals are solved in A)")
        if any(name not in REGISTERS for name in self.registers):
            raise ValueError(f"registers are named from {', '.join(REGISTERS)}")
        registers = tuple(name for name in REGISTERS if name in self.registers)
        object.__setattr__(self, "registers", registers)
        prices = self.prices or tuple(OPERATIONS[name].cooperative_cost for name in ordered)
        if len(prices) != len(ordered) or not all(1 <= price <= 255 for price in prices):
            raise ValueError(f"prices are whole half-units from 1 to 255; got {self.prices!r}")
        object.__setattr__(self, "prices", tuple(int(price) for price in prices))

    @property
    def mask(self) -> int:
        """The largest register value."""
        return (1 << self.width) - 1

    def price(self, operation: str) -> int:
        """The price of ``operation`` in half-units.

        >>> Machine().price("XOR")
        1
        """
        return self.prices[self.operations.index(operation)]

    def key(self) -> str:
        """A stable text naming this machine (for the disk cache).

        >>> Machine().key()[:30]
        'moonbase-planner-1 width=4 ops'
        """
        ops = ",".join(
            f"{name}:{price}" for name, price in zip(self.operations, self.prices, strict=True)
        )
        return (
            f"{_FORMAT} width={self.width} ops={ops} registers={''.join(self.registers)} "
            f"same_register={self.same_register}"
        )


@dataclass(frozen=True)
class Edge:
    """One usable operation on named operand positions: ``registers[target]`` is written.

    >>> Edge("XOR", 0, 2, 1).text(("A", "B", "C", "D"))
    'XOR A C'
    """

    operation: str
    target: int
    source: int
    """Operand position of the source; ``-1`` for a one-operand operation."""
    price: int

    def text(self, registers: Sequence[str]) -> str:
        """The action in MOON notation."""
        if self.source < 0:
            return f"{self.operation} {registers[self.target]}"
        return f"{self.operation} {registers[self.target]} {registers[self.source]}"


@dataclass(frozen=True)
class Reachable:
    """States reachable within a budget (see :meth:`DistanceTables.reachable`).

    ``states`` has one row per state (the register values in ``Machine.registers`` order, the
    registers after A sorted), ``costs`` the cheapest cost of each and ``first`` the index into
    :attr:`DistanceTables.edges` of the first operation of one cheapest way there (``-1`` for
    the start state itself).
    """

    states: Array
    costs: Array
    first: Array
    indices: Array
    """The stored index of each state (for :meth:`DistanceTables.table` lookups)."""


@dataclass
class DistanceTables:
    """The distance tables of one :class:`Machine`; get them with :func:`tables`."""

    machine: Machine
    _goal_tables: dict[int, NDArray[np.uint16]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        machine = self.machine
        self.width = machine.width
        self.values_count = 1 << machine.width
        self.others = len(machine.registers) - 1
        """How many registers besides A may be operands (0 to 3)."""
        self.multisets = comb(self.values_count + self.others - 1, self.others)
        """Sorted value tuples of the other registers (the orderings merged by symmetry)."""
        self.size = self.values_count * self.multisets
        """Stored states per goal."""
        self._binomials = [
            np.array([comb(value + i, i + 1) for value in range(self.values_count)], np.int64)
            for i in range(max(self.others, 1))
        ]
        tuples = np.zeros((self.multisets, self.others), np.int64)
        for values in combinations_with_replacement(range(self.values_count), self.others):
            row = np.array(values, np.int64).reshape(1, -1)
            tuples[self._rank(row)[0]] = values
        self._tuples = tuples
        self._forward = {name: _forward_table(name, machine.width) for name in machine.operations}
        self._reverse_graph: list[tuple[int, Array, NDArray[np.int32]]] | None = None
        self._forward_graph: NDArray[np.int32] | None = None
        self.edges = _edges(machine, self._forward)
        """Every usable operation on operand positions, in the planner's preference order."""
        self._edge_arrays = np.array(
            [
                [edge.target for edge in self.edges],
                list(range(len(self.edges))),
                [max(edge.source, 0) for edge in self.edges],
                [edge.price for edge in self.edges],
            ],
            np.int64,
        ).reshape(4, -1)
        """Per edge: target position, edge number, source position (0 if none), price."""
        self._edge_forward = np.stack([self._forward[edge.operation] for edge in self.edges])

    # ------------------------------------------------------------------ state indices
    def _rank(self, others: Array) -> Array:
        """The rank of each row of sorted other-register values among all sorted tuples."""
        rank = np.zeros(others.shape[0], np.int64)
        for i in range(self.others):
            rank += self._binomials[i][others[:, i]]
        return rank

    def indices(self, states: Array) -> Array:
        """The stored index of each row of register values (any order of B, C, D).

        >>> t = tables(Machine())
        >>> bool(t.indices(np.array([[1, 2, 3, 4], [1, 4, 2, 3]]))[0] == t.index((1, 3, 4, 2)))
        True
        """
        others = np.sort(states[:, 1:], axis=1)
        return states[:, 0] * self.multisets + self._rank(others)

    def index(self, values: Sequence[int]) -> int:
        """The stored index of one register state (values in ``Machine.registers`` order)."""
        rank = 0
        for i, value in enumerate(sorted(values[1:])):
            rank += comb(value + i, i + 1)
        return int(values[0]) * self.multisets + rank

    def _decode(self, indices: Array) -> Array:
        """Register values (A, then the other registers sorted) of stored indices."""
        a, rank = np.divmod(indices, self.multisets)
        return np.concatenate([a.reshape(-1, 1), self._tuples[rank]], axis=1)

    # ------------------------------------------------------------------ tables
    def table(self, goal: int) -> NDArray[np.uint16]:
        """The distance (half-units) of every stored state to ``goal`` in A; read-only.

        >>> int(tables(Machine()).table(5).max())   # the farthest states from 0101: 5 energy
        10
        """
        if not 0 <= goal < self.values_count:
            raise ValueError(f"goal {goal!r} does not fit in {self.width} bits")
        found = self._goal_tables.get(goal)
        if found is not None:
            return found
        goals = range(self.values_count) if self.width <= _EAGER_WIDTH else [goal]
        missing = [g for g in goals if g not in self._goal_tables]
        for g, table in zip(missing, self._load_or_build(missing), strict=True):
            table.setflags(write=False)
            self._goal_tables[g] = table
        while len(self._goal_tables) > max(_MEMORY_TABLES, self.values_count):
            oldest = next(g for g in self._goal_tables if g != goal)
            del self._goal_tables[oldest]
        return self._goal_tables[goal]

    def build_all(self) -> None:
        """Build (or load) every goal's table now."""
        for goal in range(self.values_count):
            self.table(goal)

    def _load_or_build(self, goals: list[int]) -> list[NDArray[np.uint16]]:
        folder = cache_dir()
        if folder is None:
            return self._build(goals)
        name = hashlib.sha256(self.machine.key().encode()).hexdigest()[:32]
        paths = {goal: folder / f"{name}-{goal}.npz" for goal in goals}
        found: dict[int, NDArray[np.uint16]] = {}
        for goal, path in paths.items():
            stored = _load(path, f"{self.machine.key()} goal={goal}", self.size)
            if stored is not None:
                found[goal] = stored
        missing = [goal for goal in goals if goal not in found]
        if missing:
            for goal, table in zip(missing, self._build(missing), strict=True):
                _store(paths[goal], f"{self.machine.key()} goal={goal}", table)
                found[goal] = table
        return [found[goal] for goal in goals]

    def _reverse(self) -> list[tuple[int, Array, NDArray[np.int32]]]:
        """The reverse graph, one compressed adjacency per price: for each stored state, the
        states one operation of that price takes to it (duplicates removed)."""
        if self._reverse_graph is not None:
            return self._reverse_graph
        size = self.size
        graph = []
        for price in sorted({edge.price for edge in self.edges}):
            edges = [edge for edge in self.edges if edge.price == price]
            parts: list[Array] = []
            for begin in range(0, size, _CHUNK * 8):
                local = np.arange(begin, min(size, begin + _CHUNK * 8), dtype=np.int64)
                states = self._decode(local)
                parts.extend(
                    self.indices(self._apply(states, edge)) * size + local for edge in edges
                )
            pairs = np.concatenate(parts)
            del parts
            pairs.sort()
            pairs = pairs[np.concatenate([[True], pairs[1:] != pairs[:-1]])]
            targets, sources = np.divmod(pairs, size)
            del pairs
            starts = np.zeros(size + 1, np.int64)
            np.cumsum(np.bincount(targets, minlength=size), out=starts[1:])
            graph.append((price, starts, sources.astype(np.int32)))
        self._reverse_graph = graph
        return graph

    def _apply(self, states: Array, edge: Edge) -> Array:
        """Rows of register values after ``edge``."""
        source = states[:, edge.source] if edge.source >= 0 else 0
        after = states.copy()
        after[:, edge.target] = self._forward[edge.operation][source, states[:, edge.target]]
        return after

    def _build(self, goals: list[int]) -> list[NDArray[np.uint16]]:
        """Dial's algorithm backwards from the goal states, for several goals at once.

        The goals are independent copies of the state space laid end to end, so one pass of
        the bucketed search serves them all.
        """
        size = self.size
        graph = self._reverse()
        dist = np.full(size * len(goals), UNREACHABLE, np.uint16)
        for number, goal in enumerate(goals):
            start = number * size + goal * self.multisets
            dist[start : start + self.multisets] = 0
        level, last = 0, 0
        while level <= last:
            frontier = np.flatnonzero(dist == level)
            for begin in range(0, frontier.size, _CHUNK):
                offset, local = np.divmod(frontier[begin : begin + _CHUNK], size)
                offset = (offset * size).astype(np.int32)
                for price, starts, sources in graph:
                    first = starts[local]
                    count = starts[local + 1] - first
                    total = int(count.sum())
                    if not total:
                        continue
                    where = np.repeat(first - (np.cumsum(count) - count), count)
                    where += np.arange(total)
                    found = sources[where]
                    if len(goals) > 1:
                        found = found + np.repeat(offset, count)
                    value = level + price
                    better = found[dist[found] > value]
                    if better.size:
                        dist[better] = value
                        last = max(last, value)
            level += 1
        if self.width > _EAGER_WIDTH and len(goals) == self.values_count:
            self._reverse_graph = None
        return [dist[number * size : (number + 1) * size].copy() for number in range(len(goals))]

    # ------------------------------------------------------------------ queries
    def distance(self, values: Sequence[int], goal: int) -> int | None:
        """The minimum energy in half-units to get ``goal`` into A; ``None`` if impossible.

        >>> tables(Machine(operations=("INC",))).distance((15, 0, 0, 0), goal=2)
        12
        >>> tables(Machine(operations=("ROL",))).distance((1, 0, 0, 0), goal=3) is None
        True
        """
        found = int(self.table(goal)[self.index(values)])
        return None if found == UNREACHABLE else found

    def step(self, values: Sequence[int], edge: Edge) -> tuple[int, ...]:
        """The register values after ``edge``.

        >>> t = tables(Machine())
        >>> t.step((1, 2, 3, 4), Edge("XOR", 0, 2, 1))
        (2, 2, 3, 4)
        """
        source = values[edge.source] if edge.source >= 0 else 0
        after = list(values)
        after[edge.target] = int(self._forward[edge.operation][source, values[edge.target]])
        return tuple(after)

    def successors(self, values: Sequence[int]) -> Array:
        """The register values after each of :attr:`edges` (one row per edge).

        >>> t = tables(Machine())
        >>> t.successors((1, 2, 3, 4))[0].tolist(), t.edges[0].text(t.machine.registers)
        ([2, 2, 3, 4], 'INC A')
        """
        edges = self._edge_arrays
        state = np.array(values, np.int64)
        after = np.tile(state, (len(self.edges), 1))
        after[edges[1], edges[0]] = self._edge_forward[edges[1], state[edges[2]], state[edges[0]]]
        return after

    def first_step(self, values: Sequence[int], goal: int) -> Edge | None:
        """The first operation of one cheapest way to ``goal`` (``None``: A holds it already,
        or it cannot be reached). The first edge in :attr:`edges` order that keeps to a
        cheapest way is taken, so plans are deterministic.

        >>> tables(Machine()).first_step((0, 3, 5, 15), goal=6)
        Edge(operation='OR', target=0, source=1, price=1)
        """
        table = self.table(goal)
        left = int(table[self.index(values)])
        if left == UNREACHABLE or values[0] == goal:
            return None
        rest = table[self.indices(self.successors(values))].astype(np.int64)
        fits = np.flatnonzero((rest + self._edge_arrays[3] == left) & (rest != UNREACHABLE))
        return self.edges[int(fits[0])]

    def plan_edges(self, values: Sequence[int], goal: int) -> list[Edge] | None:
        """One cheapest sequence of operations to ``goal``; ``None`` if it is unreachable."""
        current = tuple(int(value) for value in values)
        if self.distance(current, goal) is None:
            return None
        plan: list[Edge] = []
        while current[0] != goal:
            edge = self.first_step(current, goal)
            assert edge is not None, "a reachable goal always has a cheapest next step"
            plan.append(edge)
            current = self.step(current, edge)
        return plan

    def plan(self, values: Sequence[int], goal: int) -> list[str] | None:
        """One cheapest sequence to ``goal`` in MOON notation; ``None`` if unreachable.

        >>> tables(Machine()).plan((3, 0, 0, 0), goal=3)
        []
        """
        edges = self.plan_edges(values, goal)
        if edges is None:
            return None
        return [edge.text(self.machine.registers) for edge in edges]

    def _successor_indices(self, local: Array) -> Array:
        """``result[e, i]``: the stored index that edge ``e`` takes stored state ``local[i]``
        to (a table of every edge and state is kept at widths 4 and 5)."""
        if self.width <= _EAGER_WIDTH:
            if self._forward_graph is None:
                every = np.arange(self.size, dtype=np.int64)
                self._forward_graph = self._successor_rows(every).astype(np.int32)
            return self._forward_graph[:, local].astype(np.int64)
        return self._successor_rows(local)

    def _successor_rows(self, local: Array) -> Array:
        states = self._decode(local)
        return np.stack([self.indices(self._apply(states, edge)) for edge in self.edges])

    def reachable(
        self, values: Sequence[int], budget: int, stop_goal: int | None = None
    ) -> Reachable:
        """Every state reachable from ``values`` for at most ``budget`` half-units.

        With ``stop_goal``, a state whose A holds it is not expanded further (the goal would
        be solved there). States that differ only in the order of the non-A registers are one
        (their rows show those registers sorted); ``first`` still names the real first
        operation from ``values``. Found by a forward bucketed search over the stored states,
        vectorised over each level.

        >>> found = tables(Machine()).reachable((0, 0, 0, 0), budget=2)   # NOT A or NOT B/C/D
        >>> found.states.tolist(), found.costs.tolist()
        ([[0, 0, 0, 0], [0, 0, 0, 15], [15, 0, 0, 0]], [0, 2, 2])
        """
        infinite = np.iinfo(np.int32).max
        best = np.full(self.size, infinite, np.int32)
        first = np.full(self.size, -1, np.int32)
        prices = self._edge_arrays[3]
        start = self.index(values)
        after = self.indices(self.successors(values))
        for number in np.argsort(prices, kind="stable"):
            target, price = int(after[number]), int(prices[number])
            if target != start and price <= budget and best[target] > price:
                best[target], first[target] = price, number
        best[start] = 0
        order = np.argsort(prices, kind="stable")
        for level in range(1, budget + 1):
            frontier = np.flatnonzero(best == level)
            if stop_goal is not None:
                frontier = frontier[frontier // self.multisets != stop_goal]
            if not frontier.size:
                continue
            successors = self._successor_indices(frontier)
            inherited = first[frontier]
            for number in order:
                cost = level + int(prices[number])
                if cost > budget:
                    break
                row = successors[number]
                better = best[row] > cost
                if better.any():
                    best[row[better]] = cost
                    first[row[better]] = inherited[better]
        reached = np.flatnonzero(best <= budget)
        return Reachable(
            self._decode(reached),
            best[reached].astype(np.int64),
            first[reached].astype(np.int64),
            reached,
        )  # fmt: skip

    def distances(self, states: Array, goal: int) -> Array:
        """The distance of each row of register values to ``goal`` (``UNREACHABLE`` if none)."""
        return self.table(goal)[self.indices(states)].astype(np.int64)


def _forward_table(name: str, width: int) -> Array:
    """``table[source, destination]``: the new destination value (sources ignored for
    one-operand operations)."""
    size = 1 << width
    mask = size - 1
    effect = OPERATIONS[name].effect
    return np.array([[effect(d, s, mask) for d in range(size)] for s in range(size)], np.int64)


def _edges(machine: Machine, forward: dict[str, Array]) -> tuple[Edge, ...]:
    """Every usable operation on operand positions, dropping those that change nothing."""
    positions = range(len(machine.registers))
    size = 1 << machine.width
    found: list[Edge] = []
    for name, price in zip(machine.operations, machine.prices, strict=True):
        table = forward[name]
        if OPERATIONS[name].operands == 1:
            found.extend(Edge(name, target, -1, price) for target in positions)
            continue
        for target in positions:
            for source in positions:
                if source == target:
                    same = [int(table[v, v]) for v in range(size)]
                    if not machine.same_register or same == list(range(size)):
                        continue
                found.append(Edge(name, target, source, price))
    return tuple(found)


# ---------------------------------------------------------------------- the caches
_TABLES: dict[Machine, DistanceTables] = {}
_CACHE_DIR: list[Path | None] = [None]


def tables(machine: Machine) -> DistanceTables:
    """The distance tables of ``machine``, kept in memory for the life of the process.

    >>> tables(Machine()) is tables(Machine())
    True
    """
    found = _TABLES.get(machine)
    if found is None:
        found = _TABLES[machine] = DistanceTables(machine)
    return found


def set_cache_dir(path: str | os.PathLike[str] | None) -> None:
    """Keep tables on disk under ``path`` (``None``: memory only, the default).

    The environment variable ``MOONBASE_PLANNER_CACHE`` sets the same thing. Files are named
    by a hash of the machine, written to a temporary file and renamed into place (so readers
    never see half a file), read without unpickling (``numpy.load(allow_pickle=False)``), and
    checked — the machine written inside must match, and so must the shape and type — before
    use; any file that fails is ignored and rebuilt. Deleting the folder is always safe.
    """
    _CACHE_DIR[0] = None if path is None else Path(path)


def cache_dir() -> Path | None:
    """Where tables are kept on disk, or ``None``.

    >>> set_cache_dir(None); cache_dir() is None or "MOONBASE_PLANNER_CACHE" in os.environ
    True
    """
    if _CACHE_DIR[0] is not None:
        return _CACHE_DIR[0]
    env = os.environ.get("MOONBASE_PLANNER_CACHE")
    return Path(env) if env else None


def _load(path: Path, key: str, size: int) -> NDArray[np.uint16] | None:
    """A stored table if the file exists, names this machine and goal, and has the right
    shape and type; otherwise ``None`` (the caller rebuilds it)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["key"]) != key:
                return None
            stored = data["table"]
    except (OSError, ValueError, KeyError, EOFError):
        return None
    if stored.dtype != np.uint16 or stored.shape != (size,):
        return None
    return np.asarray(stored, dtype=np.uint16)


def _store(path: Path, key: str, table: NDArray[np.uint16]) -> None:
    """Write a table atomically (a temporary file renamed into place); failures are ignored."""
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        with os.fdopen(handle, "wb") as file:
            np.savez_compressed(file, key=np.array(key), table=table)
        os.replace(temporary, path)
    except OSError:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def values_of(machine: Machine, registers: dict[str, str]) -> tuple[int, ...]:
    """Register values in ``machine.registers`` order from a view's bit strings.

    >>> values_of(Machine(registers=("A", "C")), {"A": "0001", "B": "1111", "C": "0110"})
    (1, 6)
    """
    return tuple(int(registers[name], 2) for name in machine.registers)
