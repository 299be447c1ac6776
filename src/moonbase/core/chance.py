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

from typing import Final, TypeVar

__all__ = ["CHANCE", "draw_index", "pick_weighted"]

CHANCE: Final = -1
"""The seat that acts at a chance node (a card drawn, a die rolled)."""

_MASK64: Final = (1 << 64) - 1
_Outcome = TypeVar("_Outcome")


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def draw_index(seed: int, counter: int, total: int) -> int:
    """Return a number in ``range(total)`` determined by ``seed`` and ``counter``.

    >>> draw_index(1, 2, 6) in range(6)
    True
    """
    mixed = _splitmix64((seed & _MASK64) ^ _splitmix64(counter))
    return mixed % total


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
