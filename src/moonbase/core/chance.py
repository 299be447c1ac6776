"""Chance: the :data:`CHANCE` seat and the deterministic draw behind ``chance="auto"``.

At a chance node ``to_act == (CHANCE,)``. In explicit mode the caller applies one of
``chance_outcomes()``; in auto mode the state draws the outcome itself from its seed and the
number of chance events so far, so a game is a pure function of its options, seed and the
seats' actions. The draw is a counter-based hash (SplitMix64), so the generator's whole state
is two integers and a save needs nothing but the seed and the history.

>>> draw_index(seed=7, counter=0, total=16) == draw_index(seed=7, counter=0, total=16)
True
>>> sorted({draw_index(7, n, 3) for n in range(100)})
[0, 1, 2]
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate
from typing import Final, TypeVar

__all__ = ["CHANCE", "ChanceTable", "draw_index", "pick_weighted"]

CHANCE: Final = -1
"""The seat that acts at a chance node (a card drawn, a die rolled)."""

_MASK64: Final = (1 << 64) - 1
_Outcome = TypeVar("_Outcome")


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


_COUNTERS_MIXED: Final = 4096
_COUNTER_MIX: Final = [_splitmix64(counter) for counter in range(_COUNTERS_MIXED)]
"""The counter's half of :func:`draw_index`'s hash, for the first chance events of a game."""


def draw_index(seed: int, counter: int, total: int) -> int:
    """Return a number in ``range(total)`` determined by ``seed`` and ``counter``:
    ``splitmix64((seed & MASK64) ^ splitmix64(counter)) % total``.

    >>> draw_index(1, 2, 6) in range(6)
    True
    >>> all(draw_index(9, n, 7) == _splitmix64(9 ^ _splitmix64(n)) % 7 for n in (0, 5000))
    True
    """
    # written out, with the counter's half of the hash kept (ChanceTable.pick does the same)
    x = _COUNTER_MIX[counter] if counter < _COUNTERS_MIXED else _splitmix64(counter)
    x = ((seed & _MASK64) ^ x) + 0x9E3779B97F4A7C15 & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (x ^ (x >> 31)) % total


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

    def pick(self, seed: int, counter: int) -> int:
        """The outcome drawn by ``seed`` for the ``counter``-th chance event."""
        if len(self.outcomes) == 1:
            return self.outcomes[0]
        # draw_index, written out, with the counter's half of the hash kept: this runs at
        # every chance event of every playout
        x = _COUNTER_MIX[counter] if counter < _COUNTERS_MIXED else _splitmix64(counter)
        x = ((seed & _MASK64) ^ x) + 0x9E3779B97F4A7C15 & _MASK64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
        point = (x ^ (x >> 31)) % self.total
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
        """Each outcome with its weight, in order."""
        if self.bounds is None:
            return [(outcome, 1) for outcome in self.outcomes]
        below = 0
        found = []
        for outcome, bound in zip(self.outcomes, self.bounds, strict=True):
            found.append((outcome, bound - below))
            below = bound
        return found
