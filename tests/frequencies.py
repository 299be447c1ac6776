"""Comparing drawn frequencies with exact probabilities: Pearson's chi-square at p = 0.001."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Final

CRITICAL: Final = (0, 10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12, 27.88, 29.59, 31.26)
"""Chi-square critical values at p = 0.001, by degrees of freedom."""


def critical(cells: int) -> float:
    """The chi-square value that ``cells`` outcomes exceed by chance once in a thousand (above
    the table, a bound that is higher than the true value for every larger degree of freedom)."""
    df = cells - 1
    if df < len(CRITICAL):
        return CRITICAL[df]
    return df + 3.1 * (2 * df) ** 0.5 + 10


def chi_square(seen: Counter[Hashable], exact: Mapping[Hashable, float], samples: int) -> float:
    """Pearson's statistic of the counts ``seen`` in ``samples`` draws against ``exact``; an
    outcome drawn that ``exact`` gives no chance fails at once."""
    assert set(seen) <= set(exact), f"impossible outcomes drawn: {set(seen) - set(exact)}"
    return sum((seen[key] - samples * p) ** 2 / (samples * p) for key, p in exact.items())
