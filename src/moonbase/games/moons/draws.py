"""A whole deal's chance draws at once, in a few operations on one large integer.

In auto chance mode a state draws the outcome of its ``counter``-th chance event as
``draw_index(seed, counter, total)`` (:mod:`moonbase.core.chance`): SplitMix64 of the seed mixed
with SplitMix64 of the counter, modulo the number of outcomes. A round of Moons deals 60 cards,
one chance event each, from a deck one card smaller each time. :func:`deck_positions` computes
all of those draws together: it packs one 64-bit lane per event into a single Python integer,
the lanes 128 bits apart so that a lane's product with a 64-bit constant never reaches the next
lane, and runs each step of the hash once on every lane (a shift brings a neighbour's bits into
a lane only above its 64 bits, where the mask that follows removes them). That is a fifth of the
work of hashing the events one by one, and the draws are the same, draw for draw. The setup's
Mini-Asteroids are drawn the same way: a few draws from a pile of 38.

>>> from moonbase.core.chance import draw_index
>>> deck_positions(seed=7, counter=3, size=5) == [draw_index(7, 3 + k, 5 - k) for k in range(5)]
True
"""

from __future__ import annotations

import sys
from array import array
from functools import cache, lru_cache
from typing import Final

__all__ = ["deck_positions"]

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
"""SplitMix64's constants (as :mod:`moonbase.core.chance` hashes with them)."""
_BIG_ENDIAN: Final = sys.byteorder == "big"
_LANE: Final = 128
"""Bits per lane: a 64-bit value times a 64-bit constant stays below 2**128."""


@cache
def _lanes(count: int) -> tuple[int, int, int, int]:
    """For ``count`` lanes: 1 in each lane, the 64-bit mask in each lane, SplitMix64's
    increment in each lane, and lane ``k`` holding ``k``."""
    ones = sum(1 << _LANE * k for k in range(count))
    steps = sum(k << _LANE * k for k in range(count))
    return ones, _MASK64 * ones, _GOLDEN * ones, steps


def _splitmix(lanes: int, masks: int, golden: int) -> int:
    """SplitMix64 of every lane at once."""
    x = (lanes + golden) & masks
    x = ((x ^ ((x >> 30) & masks)) * _MIX1) & masks
    x = ((x ^ ((x >> 27) & masks)) * _MIX2) & masks
    return x ^ ((x >> 31) & masks)


@lru_cache(maxsize=1024)
def _counter_lanes(counter: int, count: int) -> int:
    """SplitMix64 of the counters ``counter`` to ``counter + count - 1``, one per lane: the
    seed's half of the hash differs from game to game, this half repeats (every round of
    every game starts its deal at one of a few counters)."""
    ones, masks, golden, steps = _lanes(count)
    return _splitmix(counter * ones + steps, masks, golden)


def deck_positions(seed: int, counter: int, size: int, count: int | None = None) -> list[int]:
    """The positions drawn from a deck of ``size`` items, one item at a time, by chance
    events ``counter``, ``counter + 1``, …: the ``k``-th is
    ``draw_index(seed, counter + k, size - k)``, a position among the ``size - k`` left.
    ``count`` items are drawn (all of them by default).

    ``counter + size`` must be below 2**64 (a game has a few hundred chance events).

    >>> deck_positions(seed=1, counter=0, size=3)[-1]   # the last item is the only one left
    0
    >>> deck_positions(seed=1, counter=0, size=0)
    []
    >>> from moonbase.core.chance import draw_index
    >>> deck_positions(seed=4, counter=2, size=38, count=8) == [
    ...     draw_index(4, 2 + k, 38 - k) for k in range(8)]
    True
    """
    if count is None:
        count = size
    if count <= 0:
        return []
    ones, masks, golden, _ = _lanes(count)
    hashed = _splitmix(((seed & _MASK64) * ones) ^ _counter_lanes(counter, count), masks, golden)
    words = array("Q", hashed.to_bytes(_LANE // 8 * count, "little"))  # 8-byte items
    if _BIG_ENDIAN:
        words.byteswap()
    lefts = range(size, size - count, -1)
    return [word % left for word, left in zip(words[::2], lefts, strict=True)]
