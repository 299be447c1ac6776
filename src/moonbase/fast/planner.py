"""Compiled loops for the MOON planner's set search (:mod:`moonbase.agents.moon_sets`).

A set of register states is an array of words: word ``(a, b, c)`` holds one bit per value of
register D. These loops are the three steps of the search that numpy does slowly; each is
also written with numpy in :mod:`moonbase.agents.moon_sets` (used where numba is not
installed), and the tests check that both give the same words. Without numba they run as
plain Python (correct, far too slow for 6 bits: only the tests call them so).

>>> import numpy as np
>>> found = np.zeros(3, np.uint64)
>>> gather_or(found, np.array([1, 2, 4], np.uint64), np.array([2, 0, 0], np.int32))
>>> found.tolist()
[4, 1, 1]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from moonbase.fast.compiled import kernel

__all__ = ["extract", "gather_or", "transpose_blocks"]

Words = NDArray[np.uint64]


@kernel
def gather_or(found: Words, words: Words, index: NDArray[np.int32]) -> None:
    """``found[i] |= words[index[i]]`` for every ``i`` (the states one operation takes into
    ``words``, added to ``found``)."""
    for i in range(found.shape[0]):
        found[i] |= words[index[i]]


@kernel
def transpose_blocks(words: Words, width: int) -> None:
    """Transpose, in place, every block of ``2**width`` consecutive words as a square bit
    matrix (row ``c``, bit ``d`` becomes row ``d``, bit ``c``).

    >>> import numpy as np
    >>> block = np.array([0b0001, 0b0001] + [0] * 14, np.uint64)   # rows 0, 1 hold bit 0
    >>> transpose_blocks(block, 4); block[:4].tolist()
    [3, 0, 0, 0]
    """
    side = 1 << width
    step = side >> 1
    while step:
        mask = np.uint64(0)
        for bit in range(side):
            if not bit & step:
                mask |= np.uint64(1) << np.uint64(bit)
        shift = np.uint64(step)
        for begin in range(0, words.shape[0], 2 * step):
            for low in range(begin, begin + step):
                high = low + step
                swap = ((words[low] >> shift) ^ words[high]) & mask
                words[low] ^= swap << shift
                words[high] ^= swap
        step >>= 1


@kernel
def extract(planes: Words, settled: Words, width: int, out: NDArray[np.uint16]) -> None:
    """The distance of every stored state from bit planes (plane ``i`` holds bit ``i`` of each
    state's distance), ``65535`` where ``settled`` lacks the state. Stored states run A, then
    the largest other value ``z``, then ``y ≤ z``, then ``x ≤ y``: state ``(a, x, y, z)`` is
    bit ``x`` of word ``(a, z, y)``."""
    side = 1 << width
    one = np.uint64(1)
    rank = 0
    for a in range(side):
        for z in range(side):
            for y in range(z + 1):
                word = (a * side + z) * side + y
                found = settled[word]
                for x in range(y + 1):
                    bit = np.uint64(x)
                    if not (found >> bit) & one:
                        out[rank] = 65535
                    else:
                        value = 0
                        for plane in range(planes.shape[0]):
                            if (planes[plane, word] >> bit) & one:
                                value |= 1 << plane
                        out[rank] = value
                    rank += 1
