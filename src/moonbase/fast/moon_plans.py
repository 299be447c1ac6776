"""The MOON planner's tables as MOON's greedy kernel reads them: a library that grows.

MOON's greedy heuristic (:mod:`moonbase.agents.heuristics.moon`) plays the first step of the
planner's cheapest plan to the current goal. Which plan depends on the *machine* the seat has:
the operations and registers an ERROR left usable and the seat's prices (a hacker's). A
playout meets few machines — the one it starts with and those its ERRORs and repairs make —
and a handful of goals, so the kernel is not given every table: it is given a
:class:`PlanLibrary` of those met so far, and when it reaches a machine or a goal the library
lacks it stops and names it. :meth:`PlanLibrary.add` asks the planner for it
(:func:`moonbase.agents.moon_planner.tables`, the same tables the heuristic reads) and the
playout is played again from its start: a playout is a pure function of its state, so the
second run is the same game, this time whole. A search's playouts soon find everything they
need in the library, kept per game for the life of the process.

The arrays (every figure an int64 but the distances):

- ``keys`` — one per machine slot: ``disabled * seats + seat`` (the seat's prices and what an
  ERROR disabled);
- ``info`` — per slot: whether any operation is usable (no machine otherwise), the registers
  besides A that may be operands, the stored states per goal and the sorted tuples of the
  other registers (:class:`~moonbase.agents.moon_planner.DistanceTables`' ``size`` and
  ``multisets``), the table layers (free uses per turn + 1), where the slot's edges start and
  how many there are, and the register (0–3) at each operand position (−1 past the last);
- ``goals`` — per slot and goal value: where that goal's layers start in ``distances``
  (−1: not in the library yet);
- ``distances`` — every table's layers end to end, as bytes (``255``: unreachable) while
  every distance fits in one, as the planner keeps them, else as uint16 (``65535``);
- ``edges`` — per edge, in the planner's order: operation (its index in
  :data:`~moonbase.games.moon.machine.OPERATIONS`), target and source positions (−1: none),
  price, whether it is free while free uses are left, and the action id of its text.

>>> import moonbase
>>> game = moonbase.load("moon")
>>> library = PlanLibrary(game)
>>> library.add(seat=0, disabled=0, goal=6)
>>> library.machines, int(library.info[0, I_USABLE]), int(library.goals[0, 6]) >= 0
(1, 1, True)
>>> from moonbase.fast.moon import E_ACTION
>>> game.action_text(int(library.edges[0, E_ACTION]))   # the planner's first edge
'INC A'
"""

from __future__ import annotations

import threading
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt

from moonbase.agents.heuristics.moon import machine_with
from moonbase.agents.moon_planner import UNREACHABLE, Machine, tables
from moonbase.fast.compiled import per_game
from moonbase.fast.moon import (
    EDGE_COLUMNS,
    I_EDGE_COUNT,
    I_EDGE_START,
    I_LAYERS,
    I_MULTISETS,
    I_OTHERS,
    I_REGISTERS,
    I_SIZE,
    I_USABLE,
    INFO_COLUMNS,
    Distances,
    Plans,
)
from moonbase.games.moon.machine import OPERATIONS, REGISTERS
from moonbase.games.moon.notation import disabled_names

__all__ = ["PlanLibrary", "library_of"]

Ints = npt.NDArray[np.int64]

_OPS: Final = tuple(OPERATIONS)
_BYTE_UNREACHABLE: Final = 255


class PlanLibrary:
    """The machines and goal tables one game's greedy playouts have needed so far.

    The arrays keep room to grow (doubling, so adding stays cheap however large the library
    gets); the kernel reads only the filled part: unused ``keys`` are −1, which no machine's
    key is, and ``goals`` and ``info`` say where each table and edge list lies. Past ``limit``
    distances, :meth:`trim` (called before a playout, never during one) empties the library:
    the planner keeps its own tables, and what is needed again is copied again, so the ERRORs
    of a long session cannot make it grow without end. A library serves one playout at a
    time: :func:`~moonbase.fast.moon.greedy_playout` holds its ``lock`` from the trim to the
    playout's end, so threads playing one game take turns with it (each process has its own:
    the server's bots and the lab's workers are processes).

    >>> import moonbase
    >>> library = PlanLibrary(moonbase.load("moon"), limit=20_000)   # one 4-bit table
    >>> library.add(0, 0, goal=6); library.add(0, 0, goal=6); library.machines
    1
    >>> library.add(0, 0, goal=9); library.trim(); library.machines   # two tables: too many
    0
    """

    def __init__(self, game: Any, limit: int = 1 << 28) -> None:
        self.game = game
        self.seats: int = game.seats
        self.values: int = 1 << game.width
        self.limit = limit
        """The most distances kept (entries: bytes, or two where widened)."""
        self.lock = threading.Lock()
        """Held by a greedy playout while it reads or adds to the library."""
        self._empty()

    def _empty(self) -> None:
        self.machines = 0
        """Machine slots filled."""
        self.keys: Ints = np.full(4, -1, np.int64)
        self.info: Ints = np.zeros((4, INFO_COLUMNS), np.int64)
        self.goals: Ints = np.full((4, self.values), -1, np.int64)
        self.distances: Distances = np.zeros(1 << 16, np.uint8)
        self.unreachable = _BYTE_UNREACHABLE
        """What ``distances`` holds for "unreachable": 255 while every distance fits in a byte
        (as the planner keeps its tables), 65535 once one did not and they were widened."""
        self.edges: Ints = np.zeros((64, EDGE_COLUMNS), np.int64)
        self._distances_used = 0
        self._edges_used = 0
        self._slots: dict[int, int] = {}
        """The slot of each key (the kernel searches ``keys``)."""
        self._machines: list[Machine | None] = []
        """The machine of each slot (``None``: no operation usable)."""

    def __repr__(self) -> str:
        return f"<PlanLibrary of {self.game!r}: {self.machines} machines>"

    def arrays(self) -> Plans:
        """``keys``, ``info``, ``goals``, ``distances``, ``edges`` and ``unreachable``, as the
        kernel takes them."""
        return self.keys, self.info, self.goals, self.distances, self.edges, self.unreachable

    def trim(self) -> None:
        """Empty the library if it holds more than ``limit`` distances."""
        if self._distances_used > self.limit:
            self._empty()

    def add(self, seat: int, disabled: int, goal: int) -> None:
        """Take in the machine of ``seat`` with ``disabled`` (what the kernel named), and
        ``goal``'s table on it (``goal`` −1: the machine alone)."""
        key = disabled * self.seats + seat
        slot = self._slots.get(key)
        if slot is None:
            slot = self._add_machine(key, machine_with(self.game, seat, disabled_names(disabled)))
        machine = self._machines[slot]
        if goal < 0 or machine is None or self.goals[slot, goal] >= 0:
            return
        table = tables(machine)
        layers = np.concatenate([table.table(goal, free) for free in range(machine.layers)])
        self.goals[slot, goal] = self.append_distances(layers)

    def append_distances(self, layers: npt.NDArray[np.uint16]) -> int:
        """Keep ``layers`` (distances as the planner gives them: uint16, 65535 unreachable) at
        the end of ``distances``; return where they start. They are kept as bytes while every
        distance fits; one that does not widens the whole library.

        >>> import moonbase
        >>> library = PlanLibrary(moonbase.load("moon"))
        >>> library.append_distances(np.array([3, 65535], np.uint16)), library.distances.dtype
        (0, dtype('uint8'))
        >>> library.append_distances(np.array([300, 65535], np.uint16)), library.unreachable
        (2, 65535)
        >>> library.distances[:4].tolist()
        [3, 65535, 300, 65535]
        """
        unreachable = layers == UNREACHABLE
        finite = layers[~unreachable]
        if self.unreachable == _BYTE_UNREACHABLE and finite.size and finite.max() >= 255:
            wide = self.distances.astype(np.uint16)
            wide[self.distances == _BYTE_UNREACHABLE] = UNREACHABLE
            self.distances, self.unreachable = wide, UNREACHABLE
        if self.unreachable == _BYTE_UNREACHABLE:
            layers = np.where(unreachable, _BYTE_UNREACHABLE, layers).astype(np.uint8)
        start = self._distances_used
        self.distances = _room(self.distances, start + len(layers))
        self.distances[start : start + len(layers)] = layers
        self._distances_used += len(layers)
        return start

    def _add_machine(self, key: int, machine: Machine | None) -> int:
        info = np.zeros(INFO_COLUMNS, np.int64)
        info[I_REGISTERS:] = -1
        rows: list[list[int]] = []
        if machine is not None:
            table = tables(machine)
            info[I_USABLE] = 1
            info[I_OTHERS] = table.others
            info[I_SIZE] = table.size
            info[I_MULTISETS] = table.multisets
            info[I_LAYERS] = machine.layers
            for position, name in enumerate(machine.registers):
                info[I_REGISTERS + position] = REGISTERS.index(name)
            action_id = self.game.action_id
            rows = [
                [
                    _OPS.index(edge.operation),
                    edge.target,
                    edge.source,
                    edge.price,
                    int(table.is_free(edge)),
                    action_id(edge.text(machine.registers)),
                ]
                for edge in table.edges
            ]
        info[I_EDGE_START] = self._edges_used
        info[I_EDGE_COUNT] = len(rows)
        if rows:
            self.edges = _room(self.edges, self._edges_used + len(rows))
            self.edges[self._edges_used : self._edges_used + len(rows)] = rows
            self._edges_used += len(rows)
        slot = self.machines
        self.machines += 1
        self.info = _room(self.info, self.machines)
        self.goals = _room(self.goals, self.machines, fill=-1)
        self.info[slot] = info
        self.keys = _room(self.keys, self.machines, fill=-1)
        self.keys[slot] = key  # last: the kernel finds the slot only once it is whole
        self._slots[key] = slot
        self._machines.append(machine)
        return slot


_A = TypeVar("_A", bound=np.ndarray)


def _room(array: _A, rows: int, fill: int = 0) -> _A:
    """``array``, or a copy twice as long (new rows ``fill``), so that it holds ``rows``."""
    if rows <= len(array):
        return array
    grown = np.full((max(rows, 2 * len(array)), *array.shape[1:]), fill, array.dtype)
    grown[: len(array)] = array
    return grown  # type: ignore[return-value]


@per_game
def library_of(game: Any) -> PlanLibrary:
    """The library of ``game``'s greedy playouts (one per game, for the life of the process)."""
    return PlanLibrary(game)
