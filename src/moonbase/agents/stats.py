"""Confidence intervals for match results: Wilson's for win rates, the normal one for means.

>>> low, high = wilson(95, 100)
>>> round(low, 3), round(high, 3)
(0.888, 0.978)
>>> mean_interval([1.0, 2.0, 3.0])
(2.0, 0.868..., 3.131...)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from moonbase.agents.totals import total

__all__ = ["Z95", "mean_interval", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a success rate (``successes`` may be fractional, as when a
    shared win counts a part of a win); ``(0, 1)`` with no trials.

    >>> wilson(0, 10)[0], wilson(10, 10)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    spread /= denominator
    low = 0.0 if rate <= 0 else max(0.0, centre - spread)
    high = 1.0 if rate >= 1 else min(1.0, centre + spread)
    return low, high


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal-approximation interval ``(mean, low, high)``.

    >>> mean_interval([4.0])
    (4.0, 4.0, 4.0)
    """
    count = len(values)
    if not count:
        return 0.0, 0.0, 0.0
    mean = total(values) / count
    if count < 2:
        return mean, mean, mean
    variance = total((value - mean) ** 2 for value in values) / (count - 1)
    spread = z * math.sqrt(variance / count)
    return mean, mean - spread, mean + spread
