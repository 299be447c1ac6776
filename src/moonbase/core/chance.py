"""Chance: the :data:`CHANCE` seat and the deterministic draw behind ``chance="auto"``.

At a chance node ``to_act == (CHANCE,)``. In explicit mode the caller applies one of
``chance_outcomes()``; in auto mode the state draws the outcome itself from its seed and the
number of chance events so far, so a game is a pure function of its options, seed and the
seats' actions. The draw is a counter-based hash (SplitMix64), so the generator's whole state
is two integers and a save needs nothing but the seed and the history.

The ``counter``-th chance event hashes to the 64-bit word ``splitmix64((seed & MASK64) ^
splitmix64(counter))`` (:func:`hash_words` gives many at once) and draws ``word % total``.

>>> draw_index(seed=7, counter=0, total=16) == draw_index(seed=7, counter=0, total=16)
True
>>> sorted({draw_index(7, n, 3) for n in range(100)})
[0, 1, 2]
>>> [word % 6 for word in hash_words(7, 40, 3)] == [draw_index(7, 40 + k, 6) for k in range(3)]
True
"""

from __future__ import annotations

import sys
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import accumulate
from typing import Final, TypeVar

__all__ = ["CHANCE", "ChanceTable", "draw_index", "hash_word", "hash_words", "pick_weighted"]

CHANCE: Final = -1
"""The seat that acts at a chance node (a card drawn, a die rolled)."""

_MASK64: Final = (1 << 64) - 1
_Outcome = TypeVar("_Outcome")


_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
"""SplitMix64's increment and multipliers."""


def _splitmix64(x: int) -> int:
    x = (x + _GOLDEN) & _MASK64
    x = ((x ^ (x >> 30)) * _MIX1) & _MASK64
    x = ((x ^ (x >> 27)) * _MIX2) & _MASK64
    return x ^ (x >> 31)


_COUNTERS_MIXED: Final = 4096
_COUNTER_MIX: Final = [_splitmix64(counter) for counter in range(_COUNTERS_MIXED)]
"""The counter's half of the hash, for the first chance events of a game."""


def hash_word(seed: int, counter: int) -> int:
    """The 64-bit word chance event ``counter`` hashes to under ``seed``:
    ``splitmix64((seed & MASK64) ^ splitmix64(counter))``.

    >>> all(hash_word(9, n) == _splitmix64(9 ^ _splitmix64(n)) for n in (0, 5000))
    True
    """
    mixed = _COUNTER_MIX[counter] if counter < _COUNTERS_MIXED else _splitmix64(counter)
    return _splitmix64((seed & _MASK64) ^ mixed)


def draw_index(seed: int, counter: int, total: int) -> int:
    """Return a number in ``range(total)`` determined by ``seed`` and ``counter``: the word
    of :func:`hash_word` modulo ``total``.

    >>> draw_index(1, 2, 6) in range(6)
    True
    """
    return hash_word(seed, counter) % total


_LANE: Final = 128
"""Bits per lane of :func:`hash_words`: a 64-bit value times a 64-bit constant stays below
2**128."""
_BIG_ENDIAN: Final = sys.byteorder == "big"


def hash_words(seed: int, counter: int, count: int) -> array[int]:
    """The 64-bit words that chance events ``counter`` … ``counter + count - 1`` hash to, all
    at once: the ``k``-th is :func:`hash_word` of event ``counter + k``.

    It packs one 64-bit lane per event into a single Python integer, the lanes 128 bits apart
    so that a lane's product with a 64-bit constant never reaches the next lane, and runs each
    step of the hash once on every lane (a shift brings a neighbour's bits into a lane only
    above its 64 bits, where the mask that follows removes them): for a few dozen events, about
    a third of the work of hashing them one by one. ``counter + count`` must be below 2**64.

    >>> words = hash_words(seed=-5, counter=4094, count=4)   # past the kept counter hashes
    >>> [word % 9 for word in words] == [draw_index(-5, 4094 + k, 9) for k in range(4)]
    True
    >>> len(hash_words(1, 0, 0))
    0
    """
    if count <= 0:
        return array("Q")
    ones, masks, golden, _ = _lanes(count)
    seeds = (seed & _MASK64) * ones
    hashed = _splitmix_lanes(seeds ^ _counter_lanes(counter, count), masks, golden)
    words = array("Q", hashed.to_bytes(_LANE // 8 * count, "little"))  # 8-byte items
    if _BIG_ENDIAN:
        words.byteswap()
    return words[::2]  # each lane's low half


@cache
def _lanes(count: int) -> tuple[int, int, int, int]:
    """For ``count`` lanes: 1 in each lane, the 64-bit mask in each lane, SplitMix64's
    increment in each lane, and lane ``k`` holding ``k``."""
    ones = sum(1 << _LANE * k for k in range(count))
    steps = sum(k << _LANE * k for k in range(count))
    return ones, _MASK64 * ones, _GOLDEN * ones, steps


def _splitmix_lanes(lanes: int, masks: int, golden: int) -> int:
    """SplitMix64 of every lane at once."""
    x = (lanes + golden) & masks
    x = ((x ^ ((x >> 30) & masks)) * _MIX1) & masks
    x = ((x ^ ((x >> 27) & masks)) * _MIX2) & masks
    return x ^ ((x >> 31) & masks)


@lru_cache(maxsize=1024)
def _counter_lanes(counter: int, count: int) -> int:
    """SplitMix64 of the counters ``counter`` to ``counter + count - 1``, one per lane: the
    seed's half of the hash differs from game to game, this half repeats (games draw their
    blocks of events from the same few counters)."""
    ones, masks, golden, steps = _lanes(count)
    return _splitmix_lanes(counter * ones + steps, masks, golden)


def pick_weighted(weights: list[tuple[_Outcome, int]], seed: int, counter: int) -> _Outcome:
    """Pick one outcome of ``weights`` (outcome, positive integer weight) deterministically.

    >>> pick_weighted([("ROLL 1", 1)], seed=3, counter=9)
    'ROLL 1'
    """
    total = sum(weight for _, weight in weights)
    point = draw_index(seed, counter, total)
    for outcome, weight in weights:
        if point < weight:
            return outcome
        point -= weight
    raise AssertionError("unreachable: the point lies below the total weight")


class ChanceTable:
    """A chance node's outcome ids with their weights, summed once so a draw is a search.

    A game whose chance nodes repeat (a die) keeps one table; :meth:`pick` draws what
    :func:`pick_weighted` would from the same weights in the same order. When every weight is
    1 (a die, one of each card) a draw needs no search: the point drawn is the outcome's index.

    >>> die = ChanceTable([(3, 1), (5, 1), (7, 2)])
    >>> die.total, die.weights()
    (4, [(3, 1), (5, 1), (7, 2)])
    >>> all(die.pick(9, n) == pick_weighted(die.weights(), 9, n) for n in range(50))
    True
    >>> even = ChanceTable([(3, 1), (5, 1), (7, 1)])
    >>> even.bounds is None, all(even.pick(9, n) == pick_weighted(even.weights(), 9, n)
    ...                          for n in range(50))
    (True, True)
    """

    __slots__ = ("bounds", "outcomes", "total")

    def __init__(self, weights: Iterable[tuple[int, int]]) -> None:
        pairs = weights if isinstance(weights, list) else list(weights)
        self.outcomes: list[int] = [outcome for outcome, _ in pairs]
        """The outcome ids, in the order given."""
        bounds = list(accumulate([weight for _, weight in pairs]))
        self.total = bounds[-1] if bounds else 0
        """The sum of every weight."""
        self.bounds: list[int] | None = None if self.total == len(bounds) else bounds
        """The running sum of the weights, outcome by outcome; ``None`` when every weight is
        1 (the sum is then the count: weights are positive)."""

    @classmethod
    def from_counts(cls, outcomes: Sequence[int], counts: Sequence[int]) -> ChanceTable:
        """A draw from a multiset: ``counts[k]`` of outcome ``outcomes[k]``, zeros allowed (an
        outcome none of is left is never drawn), without listing the pairs in Python: the
        running sums are summed in C. It draws what the table of the nonzero counts does.

        >>> pile = ChanceTable.from_counts([10, 11, 12], [2, 0, 1])
        >>> pile.weights(), pile.total
        ([(10, 2), (12, 1)], 3)
        >>> all(pile.pick(4, n) == ChanceTable([(10, 2), (12, 1)]).pick(4, n) for n in range(30))
        True
        """
        table = object.__new__(cls)
        table.outcomes = outcomes  # type: ignore[assignment]  # read only: any sequence
        table.bounds = list(accumulate(counts))
        table.total = table.bounds[-1]
        return table

    def pick(self, seed: int, counter: int) -> int:
        """The outcome drawn by ``seed`` for the ``counter``-th chance event."""
        return self.outcome(hash_word(seed, counter))

    def outcome(self, word: int) -> int:
        """The outcome a chance event draws when it hashes to ``word`` (:func:`hash_word`):
        the one whose running sum of weights first passes ``word % total``.

        >>> ChanceTable([(3, 1), (5, 1), (7, 2)]).outcome(6)   # 6 % 4 = 2: within 7's two
        7
        """
        point = word % self.total
        bounds = self.bounds
        return self.outcomes[point if bounds is None else bisect_right(bounds, point)]

    def without_one(self, outcome: int) -> ChanceTable:
        """A new table with one less of ``outcome`` (a card drawn from a deck); this one is
        unchanged, so states that share it stay independent.

        >>> deck = ChanceTable([(3, 1), (5, 2)])
        >>> deck.without_one(5).weights(), deck.without_one(3).weights(), deck.weights()
        ([(3, 1), (5, 1)], [(5, 2)], [(3, 1), (5, 2)])
        """
        outcomes, bounds = self.outcomes, self.bounds
        at = outcomes.index(outcome)
        other = object.__new__(ChanceTable)
        if bounds is None:
            other.outcomes = outcomes[:at] + outcomes[at + 1 :]
            other.bounds = None
        elif bounds[at] - (bounds[at - 1] if at else 0) == 1:
            other.outcomes = outcomes[:at] + outcomes[at + 1 :]
            other.bounds = bounds[:at] + [bound - 1 for bound in bounds[at + 1 :]]
        else:
            other.outcomes = outcomes
            other.bounds = bounds[:at] + [bound - 1 for bound in bounds[at:]]
        other.total = self.total - 1
        return other

    def snapshot(self) -> list[tuple[int, int]]:
        """The table as data: its weights."""
        return self.weights()

    def weights(self) -> list[tuple[int, int]]:
        """Each outcome with its weight, in order (an outcome none of is left is not listed)."""
        if self.bounds is None:
            return [(outcome, 1) for outcome in self.outcomes]
        below = 0
        found = []
        for outcome, bound in zip(self.outcomes, self.bounds, strict=True):
            if bound > below:
                found.append((outcome, bound - below))
            below = bound
        return found
