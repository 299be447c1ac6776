"""The MOON planner's search over sets of register states, one distance level at a time.

Used for machines where A and three other registers may be operands (see
:mod:`moonbase.agents.moon_planner`). A set of register states (A, B, C, D) is an array of
``2**(3 * width)`` unsigned 64-bit words: word ``(a * side + b) * side + c`` holds bit ``d``
for each value ``d`` of D (``side = 2**width``); a whole 6-bit set is 2 MB.

The search runs backwards from the goal states, level by level over integer half-unit
distances. The states first reached at level ``L`` are those with an operation of price ``p``
into the states of level ``L − p`` (and, with free uses, a free operation into the layer
below at level ``L``), less those already reached. "The states an operation takes into a
set" is a gather: the word of each state is the word of the state it goes to, and since no
operation may touch D here, whole words move at once. Operations that read or write D are
not needed: every set in the search is symmetric in B, C and D (no operation or price
depends on a register's name), so the operations on A and B, and B from C, stand for their
images under every reordering of B, C and D, and each level's new set is made symmetric
(swapping B and C moves words; swapping C and D transposes each block of ``side`` words as a
bit matrix). Distances are kept as bit planes over the sets and read out at the end for the
stored states (A, then the other registers sorted). Nothing per edge or per state is stored
but one index of ``side**3`` words per operation used (about 1 MB each at 6 bits).

>>> import numpy as np
>>> inc = np.array([[(d + 1) & 15 for d in range(16)]] * 16)
>>> search = LevelSearch(4, [Step(0, -1, inc, 4, False)], layers=1)  # INC A only
>>> table = search.distances(goal=3)
>>> int(table[0, 0]), int(table[0, 2 * 816])   # from A = 0: 3 INCs; from A = 2: one
(12, 4)
"""

from __future__ import annotations

import importlib.util
from types import ModuleType
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

__all__ = ["REPRESENTATIVE", "LevelSearch", "Step"]

REPRESENTATIVE = frozenset({(0, -1), (1, -1), (0, 0), (0, 1), (1, 0), (1, 1), (1, 2)})
"""(target, source) operand positions that stand for all: every other choice is one of these
with B, C and D renamed (source ``-1``: a one-operand operation)."""

Words = NDArray[np.uint64]
_UNREACHABLE = 65535


class Step(NamedTuple):
    """One operation on operand positions (0 is A; 1 and 2 are two of the other registers)."""

    target: int
    source: int
    """``-1`` for a one-operand operation."""
    forward: NDArray[np.int64]
    """``forward[source value, target value]``: the new target value."""
    price: int
    free: bool
    """Whether it is free while free uses are left."""


class LevelSearch:
    """The distance tables of one machine with four operand registers, one goal at a time.

    ``steps`` are the machine's operations on the :data:`REPRESENTATIVE` operand positions;
    ``layers`` the number of tables per goal (free uses left, 0 to ``layers − 1``).
    ``compiled`` picks numba's loops or numpy's; by default numba's where it is installed
    (the ``fast`` extra) and the width is 6 (narrower, numpy builds a goal in less time than
    loading the compiled loops takes). :mod:`moonbase.fast` is imported only when they are
    used.
    """

    def __init__(
        self, width: int, steps: list[Step], layers: int, compiled: bool | None = None
    ) -> None:
        if any((step.target, step.source) not in REPRESENTATIVE for step in steps):
            raise ValueError(f"steps are on the operand positions {sorted(REPRESENTATIVE)}")
        self.steps = tuple(steps)
        self.width = width
        self.side = side = 1 << width
        self.words = side**3
        self.layers = layers
        if compiled is None:
            compiled = width >= 6 and importlib.util.find_spec("numba") is not None
        self._loops: ModuleType | None = None
        if compiled:
            from moonbase.fast import planner

            self._loops = planner
        cube = np.indices((side, side, side)).reshape(3, -1)
        self._all: dict[int, list[NDArray[np.int32]]] = {}
        self._paid: dict[int, list[NDArray[np.int32]]] = {}
        self._free: list[NDArray[np.int32]] = []
        for step in steps:
            source = cube[step.source] if step.source >= 0 else 0
            values = cube.copy()
            values[step.target] = step.forward[source, cube[step.target]]
            index = ((values[0] * side + values[1]) * side + values[2]).astype(np.int32)
            self._all.setdefault(step.price, []).append(index)
            if step.free:
                self._free.append(index)
            else:
                self._paid.setdefault(step.price, []).append(index)
        self._longest = max((step.price for step in steps), default=1)
        self.size = side * (side * (side + 1) * (side + 2) // 6)
        """Stored states: A, and the other three registers sorted."""
        self._bits: NDArray[np.int64] | None = None

    def distances(self, goal: int) -> NDArray[np.uint16]:
        """Every layer's distance (half-units; 65535: unreachable) of every stored state to
        ``goal`` in A: shape ``(layers, size)``."""
        side, words = self.side, self.words
        full = np.uint64((1 << side) - 1)
        start = np.zeros(words, np.uint64)
        start.reshape(side, -1)[goal] = full
        settled = [np.zeros(words, np.uint64) for _ in range(self.layers)]
        planes: list[list[Words]] = [[] for _ in range(self.layers)]
        history: list[dict[int, Words]] = [{} for _ in range(self.layers)]
        level = 0
        while True:
            below: Words | None = None
            for layer in range(self.layers):
                found = start.copy() if level == 0 else np.zeros(words, np.uint64)
                for price, indices in (self._paid if layer else self._all).items():
                    source = history[layer].get(level - price)
                    if source is not None:
                        for index in indices:
                            self._gather(found, source, index)
                if below is not None:
                    for index in self._free:
                        self._gather(found, below, index)
                below = None
                if not found.any():
                    continue
                self._symmetric(found)
                found &= ~settled[layer]
                if not found.any():
                    continue
                settled[layer] |= found
                history[layer][level] = below = found
                while len(planes[layer]) < level.bit_length():
                    planes[layer].append(np.zeros(words, np.uint64))
                for bit, plane in enumerate(planes[layer]):
                    if level >> bit & 1:
                        plane |= found
            level += 1
            for kept in history:
                for old in [old for old in kept if old <= level - 1 - self._longest]:
                    del kept[old]
            if not any(history):
                break
        return np.stack([self._read(planes[k], settled[k]) for k in range(self.layers)])

    @property
    def compiled(self) -> bool:
        """Whether numba's loops are used."""
        return self._loops is not None

    def _gather(self, found: Words, source: Words, index: NDArray[np.int32]) -> None:
        if self._loops is not None:
            self._loops.gather_or(found, source, index)
        else:
            found |= source[index]

    def _symmetric(self, found: Words) -> None:
        """Add to ``found`` its images under every reordering of B, C and D."""
        side = self.side
        cube = found.reshape(side, side, side)
        cube |= cube.transpose(0, 2, 1).copy()
        turned = found.copy()
        if self._loops is not None:
            self._loops.transpose_blocks(turned, self.width)
        else:
            _transpose_blocks(turned, self.width)
        found |= turned
        cube |= turned.reshape(side, side, side).transpose(0, 2, 1)

    def _read(self, planes: list[Words], settled: Words) -> NDArray[np.uint16]:
        """The distances of the stored states from a layer's bit planes."""
        if self._loops is not None:
            out = np.empty(self.size, np.uint16)
            stacked = np.stack(planes) if planes else np.zeros((0, self.words), np.uint64)
            self._loops.extract(stacked, settled, self.width, out)
            return out
        bits = self._stored_bits()
        out = np.zeros(self.size, np.uint16)
        for bit, plane in enumerate(planes):
            out |= _unpack(plane)[bits].astype(np.uint16) << np.uint16(bit)
        out[_unpack(settled)[bits] == 0] = _UNREACHABLE
        return out

    def _stored_bits(self) -> NDArray[np.int64]:
        """Per stored state, in order, its bit among a set's words unpacked (see
        :func:`_unpack`): state ``(a, x, y, z)``, ``x ≤ y ≤ z``, is bit ``x`` of word
        ``(a, z, y)``."""
        if self._bits is None:
            side = self.side
            z, y, x = np.indices((side, side, side)).reshape(3, -1)
            keep = (x <= y) & (y <= z)
            within = (z[keep] * side + y[keep]) * 64 + x[keep]
            per_a = np.arange(side, dtype=np.int64)[:, None] * (side * side * 64)
            self._bits = (per_a + within[None, :]).reshape(-1)
        return self._bits


def _unpack(words: Words) -> NDArray[np.uint8]:
    """One byte per bit of ``words`` (bit ``d`` of word ``w`` at ``64 * w + d``)."""
    return np.unpackbits(words.astype("<u8", copy=False).view(np.uint8), bitorder="little")


def _transpose_blocks(words: Words, width: int) -> None:
    """:func:`moonbase.fast.planner.transpose_blocks` with numpy.

    >>> block = np.array([0b0001, 0b0001] + [0] * 14, np.uint64)
    >>> _transpose_blocks(block, 4); block[:4].tolist()
    [3, 0, 0, 0]
    """
    side = 1 << width
    step = side >> 1
    while step:
        mask = np.uint64(sum(1 << bit for bit in range(side) if not bit & step))
        shift = np.uint64(step)
        pairs = words.reshape(-1, side // (2 * step), 2, step)
        low, high = pairs[:, :, 0, :], pairs[:, :, 1, :]
        swap = ((low >> shift) ^ high) & mask
        low ^= swap << shift
        high ^= swap
        step >>= 1
