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
multi-source shortest-path search run *backwards* (from the goal to every state), distance
level by distance level over integer half-unit costs. Registers B, C and D play symmetric
roles (no operation or price depends on a register's name), so a state is stored once for all
orderings of the non-A registers: 16 × 816 = 13,056 states per goal at 4 bits instead of
65,536, and 64 × 45,760 ≈ 2.9 million at 6 bits instead of 2^24. A disabled register may not
be an operand, so it cannot change and cannot influence anything: it is left out altogether.

With all four registers usable (the usual case), the search runs over packed sets of the
unreduced states, each operation applied to a whole level as an arithmetic map and the
symmetry used to skip the operations on D (:mod:`moonbase.agents.moon_sets`; numba's
compiled loops at 6 bits where the ``fast`` extra is installed, numpy otherwise): nothing
is kept per edge, a 6-bit goal takes a fraction of a second and a few tens of megabytes.
With fewer, the states are few, and a bucketed Dijkstra (Dial's algorithm) runs over the
reverse graph of the stored states, built once per machine with numpy.

At 4 bits every goal's table is built at once; wider, a goal's table is built the first time
it is asked for and kept. Distances are kept as bytes where they all fit. Tables may also be
kept on disk: see :func:`set_cache_dir`.

**Free uses.** A purple hacker's first two MOVs of a turn and a red hacker's first two logic
operations (OR, AND, XOR) cost nothing; the game spends a free use on every such operation
while any are left. A machine with ``free`` operations and ``free_uses`` keeps one table per
number of free uses left, 0 to ``free_uses`` (the *layers*). Layer 0 is the search above.
Layer ``k`` is the same search over the operations that are not free (a free operation is
never paid for while free uses are left), started from the goal states at 0 and from every
state at its cheapest free operation into layer ``k − 1`` (free, and one use fewer). Queries
take the free uses left (``free=``, default 0):

>>> first_game = ("INC", "DEC", "ROL", "ROR", "NOT", "MOV")
>>> purple = tables(Machine(operations=first_game, free=("MOV",), free_uses=2))
>>> purple.distance((0b0000, 0b0011, 0b0101, 0b1111), goal=0b0011, free=0)  # MOV A B: 1 energy
2
>>> purple.distance((0b0000, 0b0011, 0b0101, 0b1111), goal=0b0011, free=1)
0

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
from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from moonbase.agents.moon_sets import REPRESENTATIVE, LevelSearch, Step
from moonbase.games.moon.machine import BASE_OPERATIONS, OPERATIONS, REGISTERS

__all__ = [
    "MAX_FREE_USES",
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
"""The distance given for a state from which the goal cannot be reached."""
_BYTE_UNREACHABLE: Final = 255
"""The same in tables kept as bytes (every finite distance below 255)."""
MAX_FREE_USES: Final = 4
"""The most free uses per turn a :class:`Machine` may have (hackers have 2)."""

_FORMAT: Final = "moonbase-planner-1"
"""Version of the on-disk table format (part of every cache key)."""
_CHUNK: Final = 1 << 15
"""Frontier states expanded per numpy batch (bounds the memory of one expansion)."""
_EAGER_WIDTH: Final = 4
"""Up to this width, every goal's table is built in one go."""
_FORWARD_WIDTH: Final = 5
"""Up to this width, every edge's successor of every stored state is kept (for searches
forwards, :meth:`DistanceTables.reachable`)."""
_MEMORY_TABLES: Final = 192
"""At most this many per-goal tables of wide machines are kept in memory."""

Array = NDArray[np.int64]
Stored = NDArray[np.uint8] | NDArray[np.uint16]
"""A goal's layers as kept: bytes (255: unreachable) where every distance fits, else uint16."""


@dataclass(frozen=True)
class Machine:
    """What the planner may use: a hashable description (the cache key of the tables).

    ``registers`` are the registers that may be operands, A first (a disabled register is left
    out); ``operations`` the usable operations (in play and not disabled) in the order of
    :data:`~moonbase.games.moon.machine.OPERATIONS`; ``prices`` their prices in half-units
    (default: the cooperative costs); ``same_register`` whether ``XOR A A`` is allowed.
    ``free`` names the operations of which the first ``free_uses`` uses of a turn cost nothing
    (a purple hacker: ``("MOV",)``, 2; a red one: ``("OR", "AND", "XOR")``, 2); free
    operations that are not usable are dropped, and a machine left with none (or with no free
    uses) is the machine without free uses — the same tables, the same cache key.

    >>> Machine(width=4).prices
    (4, 4, 2, 2, 2, 2, 1, 1, 1)
    >>> Machine(registers=("A", "C"), operations=("INC", "XOR")).registers
    ('A', 'C')
    >>> Machine(operations=("INC",), prices=(0,))
    Traceback (most recent call last):
    ...
    ValueError: prices are whole half-units from 1 to 255; got (0,)
    >>> Machine(operations=("INC", "XOR"), free=("MOV", "XOR", "OR"), free_uses=2).free
    ('XOR',)
    >>> Machine(operations=("INC",), free=("MOV",), free_uses=2) == Machine(operations=("INC",))
    True
    """

    width: int = 4
    operations: tuple[str, ...] = BASE_OPERATIONS
    registers: tuple[str, ...] = REGISTERS
    prices: tuple[int, ...] = ()
    same_register: bool = False
    free: tuple[str, ...] = ()
    free_uses: int = 0

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
        if any(name not in OPERATIONS for name in self.free):
            raise ValueError(f"free operations are named from {', '.join(OPERATIONS)}")
        if not 0 <= self.free_uses <= MAX_FREE_USES:
            raise ValueError(f"free_uses is 0 to {MAX_FREE_USES}; got {self.free_uses!r}")
        free = tuple(name for name in ordered if name in self.free)
        if not free or not self.free_uses:
            free = ()
        object.__setattr__(self, "free", free)
        object.__setattr__(self, "free_uses", int(self.free_uses) if free else 0)

    @property
    def mask(self) -> int:
        """The largest register value."""
        return (1 << self.width) - 1

    @property
    def layers(self) -> int:
        """Tables kept per goal: one for each number of free uses left, 0 to ``free_uses``.

        >>> Machine().layers, Machine(free=("MOV",), free_uses=2).layers
        (1, 3)
        """
        return self.free_uses + 1

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
        >>> Machine(free=("MOV",), free_uses=2).key().endswith("same_register=False free=MOV:2")
        True
        """
        ops = ",".join(
            f"{name}:{price}" for name, price in zip(self.operations, self.prices, strict=True)
        )
        free = f" free={','.join(self.free)}:{self.free_uses}" if self.free_uses else ""
        return (
            f"{_FORMAT} width={self.width} ops={ops} registers={''.join(self.registers)} "
            f"same_register={self.same_register}{free}"
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
    the start state itself). With free uses, a state may have several rows: one per number of
    free uses left (``free``) that some way reaches more cheaply than with more uses left.
    """

    states: Array
    costs: Array
    first: Array
    indices: Array
    """The stored index of each state (for :meth:`DistanceTables.table` lookups)."""
    free: Array
    """Free uses left on arrival (look the state up in ``table(goal, free)``)."""


class _Group(NamedTuple):
    """The reverse adjacency of the edges of one price, free or not (compressed rows)."""

    price: int
    free: bool
    starts: Array
    sources: NDArray[np.int32]


@dataclass
class DistanceTables:
    """The distance tables of one :class:`Machine`; get them with :func:`tables`."""

    machine: Machine
    _goal_tables: dict[int, Stored] = field(default_factory=dict, repr=False)

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
        rows = np.array(
            list(combinations_with_replacement(range(self.values_count), self.others)), np.int64
        ).reshape(self.multisets, self.others)
        tuples = np.zeros((self.multisets, self.others), np.int64)
        tuples[self._rank(rows)] = rows
        self._tuples = tuples
        self._forward = {name: _forward_table(name, machine.width) for name in machine.operations}
        self._reverse_graph: list[_Group] | None = None
        self._forward_graph: NDArray[np.int32] | None = None
        self._free_graph: NDArray[np.int32] | None = None
        self._sets: LevelSearch | None = None
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
        size = self.values_count
        # (edges, sources, destinations): no edge at all where A alone can take no operation
        tables = [self._forward[edge.operation] for edge in self.edges]
        self._edge_forward = np.array(tables, np.int64).reshape(len(self.edges), size, size)
        self._free_edges = np.array([edge.operation in machine.free for edge in self.edges], bool)
        """Per edge: whether it is free while free uses are left."""

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
        return states[:, 0] * self.multisets + self._rank(_sort_rows(states[:, 1:]))

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
    def table(self, goal: int, free: int = 0) -> NDArray[np.uint16]:
        """The distance (half-units; ``UNREACHABLE`` if none) of every stored state to
        ``goal`` in A with ``free`` free uses left (see :meth:`layer`). Tables are kept as
        bytes where every distance fits, so this is a new array (``size`` entries): for a few
        states, :meth:`lookup` is cheaper.

        >>> int(tables(Machine()).table(5).max())   # the farthest states from 0101: 5 energy
        10
        """
        return _widen(self._goal_layers(goal)[self.layer(free)])

    def lookup(self, goal: int, indices: Array, free: int = 0) -> Array:
        """The distances of the stored states ``indices`` (see :meth:`indices`) to ``goal``
        with ``free`` free uses left, ``UNREACHABLE`` where there is none.

        >>> t = tables(Machine())
        >>> t.lookup(5, t.indices(np.array([[0, 0, 0, 0], [5, 1, 2, 3]]))).tolist()
        [10, 0]
        """
        return _widen(self._goal_layers(goal)[self.layer(free), indices]).astype(np.int64)

    def layer(self, free: int) -> int:
        """The table layer for ``free`` free uses left: more uses than the machine has count as
        all of them (a machine without free operations has one layer).

        >>> tables(Machine()).layer(2), tables(Machine(free=("MOV",), free_uses=2)).layer(5)
        (0, 2)
        """
        if free < 0:
            raise ValueError(f"free uses left are 0 or more; got {free!r}")
        return min(int(free), self.machine.free_uses)

    def _goal_layers(self, goal: int) -> Stored:
        """Every layer of ``goal``'s table: shape ``(machine.layers, size)``."""
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

    def _load_or_build(self, goals: list[int]) -> list[Stored]:
        folder = cache_dir()
        if folder is None:
            return self._build(goals)
        name = hashlib.sha256(self.machine.key().encode()).hexdigest()[:32]
        paths = {goal: folder / f"{name}-{goal}.npz" for goal in goals}
        shape = (self.machine.layers, self.size)
        found: dict[int, Stored] = {}
        for goal, path in paths.items():
            stored = _load(path, f"{self.machine.key()} goal={goal}", shape[0] * shape[1])
            if stored is not None:
                found[goal] = stored.reshape(shape)
        missing = [goal for goal in goals if goal not in found]
        if missing:
            for goal, table in zip(missing, self._build(missing), strict=True):
                _store(paths[goal], f"{self.machine.key()} goal={goal}", table.reshape(-1))
                found[goal] = table
        return [found[goal] for goal in goals]

    def _reverse(self) -> list[_Group]:
        """The reverse graph, one compressed adjacency per price and freeness: for each stored
        state, the states one operation of that price takes to it (duplicates removed)."""
        if self._reverse_graph is not None:
            return self._reverse_graph
        size = self.size
        graph = []
        free_names = self.machine.free
        for price, free in sorted({(e.price, e.operation in free_names) for e in self.edges}):
            edges = [
                edge
                for edge in self.edges
                if edge.price == price and (edge.operation in free_names) == free
            ]
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
            graph.append(_Group(price, free, starts, sources.astype(np.int32)))
        self._reverse_graph = graph
        return graph

    def _apply(self, states: Array, edge: Edge) -> Array:
        """Rows of register values after ``edge``."""
        source = states[:, edge.source] if edge.source >= 0 else 0
        after = states.copy()
        after[:, edge.target] = self._forward[edge.operation][source, states[:, edge.target]]
        return after

    def _build(self, goals: list[int]) -> list[Stored]:
        """Every layer of the tables of several goals, as kept (see :func:`_narrow`): shape
        ``(layers, size)`` each. Four operand registers: the set search of
        :mod:`moonbase.agents.moon_sets`; fewer: :meth:`_build_by_graph`."""
        if self.others == 3:
            search = self._level_search()
            return [_narrow(search.distances(goal)) for goal in goals]
        return [_narrow(table) for table in self._build_by_graph(goals)]

    def _build_by_graph(self, goals: list[int]) -> list[NDArray[np.uint16]]:
        """Dial's algorithm over the reverse graph, several goals at once (laid end to end).

        Layer 0 is the search backwards from the goal states over every edge. Layer
        ``k`` starts from the goal states at 0 and from each state at its cheapest free edge
        into layer ``k − 1``, and searches over the edges that are not free. More free uses
        are never worse, so layer ``k`` also starts no higher than layer ``k − 1``; then only
        the states it improves need expanding (from any other state, every edge that is not
        free already gave its predecessors as much in layer ``k − 1``).
        """
        size = self.size
        graph = self._reverse()
        dist = np.full(size * len(goals), UNREACHABLE, np.uint16)
        for number, goal in enumerate(goals):
            start = number * size + goal * self.multisets
            dist[start : start + self.multisets] = 0
        layers = [self._dial(dist, graph, len(goals))]
        paid = [group for group in graph if not group.free]
        for _ in range(1, self.machine.layers):
            below = layers[-1]
            initial = np.minimum(self._free_start(below, goals), below)
            layers.append(self._dial(initial, paid, len(goals), below))
        if self.width > _EAGER_WIDTH and len(goals) == self.values_count:
            self._reverse_graph = self._free_graph = None
        return [
            np.stack([layer[number * size : (number + 1) * size] for layer in layers])
            for number in range(len(goals))
        ]

    def _level_search(self) -> LevelSearch:
        """The set search of :mod:`moonbase.agents.moon_sets` (four operand registers)."""
        if self._sets is None:
            steps = [
                Step(edge.target, edge.source, self._forward[edge.operation], edge.price, free)
                for edge, free in zip(self.edges, self._free_edges, strict=True)
                if (edge.target, edge.source) in REPRESENTATIVE
            ]
            self._sets = LevelSearch(self.width, steps, self.machine.layers)
        return self._sets

    def _free_successors(self) -> NDArray[np.int32]:
        """``result[f, i]``: the stored index the ``f``-th free edge takes stored state ``i``
        to (worked out once per machine, like the reverse graph)."""
        if self._free_graph is None:
            free_edges = [e for e, free in zip(self.edges, self._free_edges, strict=True) if free]
            graph = np.zeros((len(free_edges), self.size), np.int32)
            for begin in range(0, self.size, _CHUNK * 8):
                end = min(self.size, begin + _CHUNK * 8)
                states = self._decode(np.arange(begin, end, dtype=np.int64))
                for number, edge in enumerate(free_edges):
                    graph[number, begin:end] = self.indices(self._apply(states, edge))
            self._free_graph = graph
        return self._free_graph

    def _free_start(self, below: NDArray[np.uint16], goals: list[int]) -> NDArray[np.uint16]:
        """The starting distances of a layer: 0 at the goal states, elsewhere the cheapest free
        edge into the layer ``below`` (goals laid end to end as in :meth:`_build`)."""
        size = self.size
        previous = below.reshape(len(goals), size)
        start = np.full((len(goals), size), UNREACHABLE, np.uint16)
        successors = self._free_successors()
        for begin in range(0, size, _CHUNK * 8):
            end = min(size, begin + _CHUNK * 8)
            part = start[:, begin:end]
            for row in successors[:, begin:end]:
                np.minimum(part, previous[:, row], out=part)
        for number, goal in enumerate(goals):
            start[number, goal * self.multisets : (goal + 1) * self.multisets] = 0
        return start.reshape(-1)

    def _dial(
        self,
        dist: NDArray[np.uint16],
        graph: list[_Group],
        goals: int,
        below: NDArray[np.uint16] | None = None,
    ) -> NDArray[np.uint16]:
        """Dial's algorithm backwards over ``graph`` from the starting distances ``dist``
        (``goals`` goals laid end to end); ``dist`` is updated in place and returned. With
        ``below`` (the layer under this one), only states that improve on it are expanded."""
        size = self.size
        finite = dist[dist != UNREACHABLE]
        level, last = (int(finite.min()), int(finite.max())) if finite.size else (1, 0)
        while level <= last:
            frontier = np.flatnonzero(dist == level)
            if below is not None:
                frontier = frontier[below[frontier] > level]
            for begin in range(0, frontier.size, _CHUNK):
                offset, local = np.divmod(frontier[begin : begin + _CHUNK], size)
                offset = (offset * size).astype(np.int32)
                for price, _free, starts, sources in graph:
                    first = starts[local]
                    count = starts[local + 1] - first
                    total = int(count.sum())
                    if not total:
                        continue
                    where = np.repeat(first - (np.cumsum(count) - count), count)
                    where += np.arange(total)
                    found = sources[where]
                    if goals > 1:
                        found = found + np.repeat(offset, count)
                    value = level + price
                    better = found[dist[found] > value]
                    if better.size:
                        dist[better] = value
                        last = max(last, value)
            level += 1
        return dist

    # ------------------------------------------------------------------ queries
    def distance(self, values: Sequence[int], goal: int, free: int = 0) -> int | None:
        """The minimum energy in half-units to get ``goal`` into A with ``free`` free uses left
        this turn; ``None`` if impossible.

        >>> tables(Machine(operations=("INC",))).distance((15, 0, 0, 0), goal=2)
        12
        >>> tables(Machine(operations=("ROL",))).distance((1, 0, 0, 0), goal=3) is None
        True
        >>> red = tables(Machine(free=("OR", "AND", "XOR"), free_uses=2))
        >>> [red.distance((0, 3, 5, 15), goal=6, free=k) for k in (0, 1, 2)]  # OR A B, XOR A C
        [2, 1, 0]
        """
        layers = self._goal_layers(goal)
        found = int(layers[self.layer(free), self.index(values)])
        return None if found == _missing(layers) else found

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

    def is_free(self, edge: Edge) -> bool:
        """Whether ``edge`` costs nothing while free uses are left (and spends one).

        >>> purple = tables(Machine(free=("MOV",), free_uses=2))
        >>> purple.is_free(Edge("MOV", 1, 0, 2)), purple.is_free(Edge("XOR", 0, 1, 1))
        (True, False)
        """
        return edge.operation in self.machine.free

    def cost(self, edges: Sequence[Edge], free: int = 0) -> int:
        """What ``edges`` cost in half-units with ``free`` free uses left, spent as the game
        spends them: a free operation costs nothing while any use is left, and uses one.

        >>> purple = tables(Machine(free=("MOV",), free_uses=2))
        >>> moves = [Edge("MOV", 1, 0, 2), Edge("MOV", 2, 0, 2), Edge("MOV", 3, 0, 2)]
        >>> purple.cost(moves, free=0), purple.cost(moves, free=2)
        (6, 2)
        """
        left, total = self.layer(free), 0
        for edge in edges:
            if left and self.is_free(edge):
                left -= 1
            else:
                total += edge.price
        return total

    def _lowest_layer(self, layers: Stored, index: int, free: int) -> int:
        """The fewest free uses that reach the goal from stored state ``index`` as cheaply as
        ``free`` uses do (planning there never spends a free use that saves nothing)."""
        top = self.layer(free)
        if not top:
            return 0
        column = layers[: top + 1, index]
        return int(np.flatnonzero(column == column[-1])[0])

    def first_step(self, values: Sequence[int], goal: int, free: int = 0) -> Edge | None:
        """The first operation of one cheapest way to ``goal`` with ``free`` free uses left
        (``None``: A holds it already, or it cannot be reached). The first edge in
        :attr:`edges` order that keeps to a cheapest way is taken, so plans are deterministic;
        a free use is spent only where it saves energy (the plan is made with the fewest free
        uses that reach the goal as cheaply).

        >>> tables(Machine()).first_step((0, 3, 5, 15), goal=6)
        Edge(operation='OR', target=0, source=1, price=1)
        """
        layers = self._goal_layers(goal)
        index = self.index(values)
        layer = self._lowest_layer(layers, index, free)
        left = int(layers[layer, index])
        missing = _missing(layers)
        if left == missing or values[0] == goal:
            return None
        after = self.indices(self.successors(values))
        rest = layers[layer, after].astype(np.int64)
        cost = self._edge_arrays[3]
        if layer:
            rest = np.where(self._free_edges, layers[layer - 1, after], rest)
            cost = np.where(self._free_edges, 0, cost)
        fits = np.flatnonzero((rest + cost == left) & (rest != missing))
        return self.edges[int(fits[0])]

    def plan_edges(self, values: Sequence[int], goal: int, free: int = 0) -> list[Edge] | None:
        """One cheapest sequence of operations to ``goal`` with ``free`` free uses left;
        ``None`` if it is unreachable. Played in the game it costs :meth:`distance` exactly
        (:meth:`cost` of it with the same ``free``).

        >>> purple = tables(Machine(free=("MOV",), free_uses=2))
        >>> edges = purple.plan_edges((0, 3, 5, 15), goal=5, free=1)
        >>> [edge.text("ABCD") for edge in edges], purple.cost(edges, free=1)
        (['MOV A C'], 0)
        """
        current = tuple(int(value) for value in values)
        if self.distance(current, goal, free) is None:
            return None
        left = self.layer(free)
        plan: list[Edge] = []
        while current[0] != goal:
            edge = self.first_step(current, goal, left)
            assert edge is not None, "a reachable goal always has a cheapest next step"
            plan.append(edge)
            if left and self.is_free(edge):
                left -= 1
            current = self.step(current, edge)
        return plan

    def plan(self, values: Sequence[int], goal: int, free: int = 0) -> list[str] | None:
        """One cheapest sequence to ``goal`` in MOON notation; ``None`` if unreachable.

        >>> tables(Machine()).plan((3, 0, 0, 0), goal=3)
        []
        >>> red = tables(Machine(free=("OR", "AND", "XOR"), free_uses=2))
        >>> red.plan((0, 3, 5, 15), goal=6, free=2)
        ['OR A B', 'XOR A C']
        """
        edges = self.plan_edges(values, goal, free)
        if edges is None:
            return None
        return [edge.text(self.machine.registers) for edge in edges]

    def _successor_indices(self, local: Array) -> Array:
        """``result[e, i]``: the stored index that edge ``e`` takes stored state ``local[i]``
        to (a table of every edge and state is kept up to :data:`_FORWARD_WIDTH`)."""
        if self.width <= _FORWARD_WIDTH:
            if self._forward_graph is None:
                every = np.arange(self.size, dtype=np.int64)
                self._forward_graph = self._successor_rows(every).astype(np.int32)
            return self._forward_graph[:, local].astype(np.int64)
        return self._successor_rows(local)

    def _successor_rows(self, local: Array) -> Array:
        states = self._decode(local)
        return np.stack([self.indices(self._apply(states, edge)) for edge in self.edges])

    def reachable(
        self, values: Sequence[int], budget: int, stop_goal: int | None = None, free: int = 0
    ) -> Reachable:
        """Every state reachable from ``values`` for at most ``budget`` half-units, with
        ``free`` free uses left at the start.

        With ``stop_goal``, a state whose A holds it is not expanded further (the goal would
        be solved there). States that differ only in the order of the non-A registers are one
        (their rows show those registers sorted); ``first`` still names the real first
        operation from ``values``. With free uses the search runs over (state, free uses left)
        and a state gets a row for each number of uses left that is reached more cheaply than
        with more uses left (more uses left are never worse). Found by a forward bucketed
        search over the stored states, vectorised over each level.

        >>> found = tables(Machine()).reachable((0, 0, 0, 0), budget=2)   # NOT A or NOT B/C/D
        >>> found.states.tolist(), found.costs.tolist()
        ([[0, 0, 0, 0], [0, 0, 0, 15], [15, 0, 0, 0]], [0, 2, 2])
        >>> purple = tables(Machine(operations=("INC", "MOV"), free=("MOV",), free_uses=2))
        >>> found = purple.reachable((1, 0, 0, 0), budget=0, free=1)   # MOV B A or MOV A B, free
        >>> found.states.tolist(), found.costs.tolist(), found.free.tolist()
        ([[0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 1]], [0, 0, 0], [0, 1, 0])
        """
        infinite = np.iinfo(np.int32).max
        top = self.layer(free)
        best = np.full((top + 1, self.size), infinite, np.int32)
        first = np.full((top + 1, self.size), -1, np.int32)
        prices = self._edge_arrays[3]
        frees = self._free_edges
        order = np.argsort(prices, kind="stable")
        start = self.index(values)
        best[top, start] = 0
        after = self.indices(self.successors(values))
        for number in order:
            target = int(after[number])
            layer, cost = (top - 1, 0) if top and frees[number] else (top, int(prices[number]))
            if cost <= budget and best[layer, target] > cost:
                best[layer, target], first[layer, target] = cost, number
        for level in range(budget + 1):
            for layer in range(top, -1, -1):  # free moves go one layer down at the same cost
                frontier = np.flatnonzero(best[layer] == level)
                if level == 0 and layer == top:
                    frontier = frontier[frontier != start]  # its moves were made above
                if stop_goal is not None:
                    frontier = frontier[frontier // self.multisets != stop_goal]
                if not frontier.size:
                    continue
                successors = self._successor_indices(frontier)
                inherited = first[layer, frontier]
                for number in order:
                    if layer and frees[number]:
                        to, cost = layer - 1, level
                    else:
                        to, cost = layer, level + int(prices[number])
                    if cost > budget:
                        continue
                    row = successors[number]
                    better = best[to, row] > cost
                    if better.any():
                        best[to, row[better]] = cost
                        first[to, row[better]] = inherited[better]
        kept: list[Array] = []
        uses: list[Array] = []
        above = np.full(self.size, infinite, np.int32)  # cheapest with more uses left
        for layer in range(top, -1, -1):
            reached = np.flatnonzero((best[layer] <= budget) & (best[layer] < above))
            kept.append(reached)
            uses.append(np.full(reached.size, layer, np.int64))
            np.minimum(above, best[layer], out=above)
        indices, left = np.concatenate(kept), np.concatenate(uses)
        rows = np.lexsort((-left, indices))
        indices, left = indices[rows], left[rows]
        return Reachable(
            self._decode(indices),
            best[left, indices].astype(np.int64),
            first[left, indices].astype(np.int64),
            indices,
            left,
        )  # fmt: skip

    def distances(self, states: Array, goal: int, free: int = 0) -> Array:
        """The distance of each row of register values to ``goal`` with ``free`` free uses
        left (``UNREACHABLE`` if none).

        >>> purple = tables(Machine(free=("MOV",), free_uses=2))
        >>> purple.distances(np.array([[0, 3, 5, 15], [3, 0, 0, 0]]), goal=3, free=1).tolist()
        [0, 0]
        """
        return self.lookup(goal, self.indices(states), free)


def _missing(layers: Stored) -> int:
    """What ``layers`` hold for an unreachable state."""
    return _BYTE_UNREACHABLE if layers.dtype == np.uint8 else UNREACHABLE


def _narrow(layers: NDArray[np.uint16]) -> Stored:
    """``layers`` as bytes if every finite distance is below 255 (most machines; half the
    memory), else unchanged.

    >>> _narrow(np.array([[3, 65535]], np.uint16)).tolist()
    [[3, 255]]
    >>> _narrow(np.array([[300, 65535]], np.uint16)).dtype
    dtype('uint16')
    """
    finite = layers[layers != UNREACHABLE]
    if finite.size and int(finite.max()) >= _BYTE_UNREACHABLE:
        return layers
    narrow = layers.astype(np.uint8)
    narrow[layers == UNREACHABLE] = _BYTE_UNREACHABLE
    return narrow


def _widen(distances: Stored) -> NDArray[np.uint16]:
    """Stored distances as uint16 with ``UNREACHABLE`` (a new array for bytes)."""
    if distances.dtype == np.uint16:
        return distances.astype(np.uint16, copy=False)
    wide = distances.astype(np.uint16)
    wide[distances == _BYTE_UNREACHABLE] = UNREACHABLE
    return wide


def _sort_rows(values: Array) -> Array:
    """Each row sorted (a min/max sorting network for up to three columns: faster than
    ``np.sort`` on short rows).

    >>> _sort_rows(np.array([[3, 1, 2], [0, 5, 4]])).tolist()
    [[1, 2, 3], [0, 4, 5]]
    """
    if values.shape[1] == 2:
        a, b = values[:, 0], values[:, 1]
        return np.stack([np.minimum(a, b), np.maximum(a, b)], axis=1)
    if values.shape[1] == 3:
        a, b, c = values[:, 0], values[:, 1], values[:, 2]
        low, high = np.minimum(a, b), np.maximum(a, b)
        first, rest = np.minimum(low, c), np.maximum(low, c)
        return np.stack([first, np.minimum(rest, high), np.maximum(rest, high)], axis=1)
    return np.sort(values, axis=1)


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


def _load(path: Path, key: str, size: int) -> Stored | None:
    """A stored table if the file exists, names this machine and goal, and has the right
    shape and type; otherwise ``None`` (the caller rebuilds it)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["key"]) != key:
                return None
            stored = data["table"]
    except (OSError, ValueError, KeyError, EOFError):
        return None
    if stored.dtype not in (np.uint8, np.uint16) or stored.shape != (size,):
        return None
    found: Stored = stored
    return found


def _store(path: Path, key: str, table: Stored) -> None:
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
