"""Sums of floats that come out the same on every Python: a bot's choice must not depend on the
interpreter that runs it.

Python 3.12 made the built-in :func:`sum` of floats compensate its rounding errors, so the same
values can sum to a different last bit on 3.11 and on 3.12: enough to turn a tie between two
actions, and with it a whole seeded game. :func:`total` adds left to right in plain floating
point, as :func:`sum` did before 3.12, on every version. Sums of integers, and of floats that
are all multiples of a power of two small enough to add exactly (halves, counts), need none of
this.

>>> values = [0.1] * 10
>>> total(values)
0.9999999999999999
>>> total([]), total(iter([2.5, 0.25]))
(0.0, 2.75)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import add

__all__ = ["total"]


def total(values: Iterable[float]) -> float:
    """The sum of ``values`` added left to right, as Python 3.11's :func:`sum` adds floats."""
    return reduce(add, values, 0.0)
