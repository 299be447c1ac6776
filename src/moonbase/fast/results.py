"""What every kernel's ``run`` shares: the arrays a batch of playouts writes its results into,
the policy seeds as the words the kernels draw from, and the results read back.

A kernel's ``play_many`` fills row ``i`` of ``scores`` and entries ``i`` of ``decisions`` and
``winners`` (a mask of seats, −1 for a playout cut short) with playout ``i``'s figures;
:func:`as_lists` and :func:`as_playouts` turn them into Python values.

>>> scores, decisions, winners = result_arrays(2, players=3)
>>> scores[1] = (3, 5, 5); decisions[1] = 40; winners[1] = 0b110
>>> as_playouts(as_lists(scores, decisions, winners))[1]
Playout(scores=(3.0, 5.0, 5.0), decisions=40, winners=(1, 2), over=True)
>>> [int(word) for word in policy_words([5, -1])] == [5, 2**64 - 1]
True
>>> limit(None), limit(30), limit(10**30) == 2**63 - 1
(-1, 30, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from moonbase.fast.compiled import seed_word
from moonbase.fast.reference import Playout, check_depth, check_seed

__all__ = ["Lists", "as_lists", "as_playouts", "limit", "policy_words", "result_arrays"]

Ints = npt.NDArray[np.int64]
Lists = tuple[list[list[float]], list[int], list[int]]
"""Each playout's final scores, its decisions and its winners (a mask of seats)."""


def result_arrays(count: int, players: int) -> tuple[Ints, Ints, Ints]:
    """Zeroed ``scores`` (``count`` × ``players``), ``decisions`` and ``winners`` arrays."""
    return (
        np.zeros((count, players), dtype=np.int64),
        np.zeros(count, dtype=np.int64),
        np.zeros(count, dtype=np.int64),
    )


_MOST_TURNS: Final = 2**63 - 1
"""The largest limit a kernel takes (an int64): more turns than any game lasts."""


def policy_words(seeds: Sequence[int]) -> npt.NDArray[np.uint64]:
    """The policy seeds (integers of any size, :func:`~moonbase.fast.reference.check_seed`)
    as unsigned 64-bit words (as the engine's draws mask them)."""
    return np.array([seed_word(check_seed(seed)) for seed in seeds], dtype=np.uint64)


def limit(depth: int | None) -> int:
    """The ``limit`` a kernel's ``play`` takes for ``depth`` (checked by
    :func:`~moonbase.fast.reference.check_depth`): −1 for ``None`` (to the end), else the
    turns as an int64, a depth beyond it capped (no game lasts so long)."""
    turns = check_depth(depth)
    return -1 if turns is None else min(turns, _MOST_TURNS)


def as_lists(scores: Ints, decisions: Ints, winners: Ints) -> Lists:
    """The filled arrays as Python lists (scores as floats, as the engine gives them)."""
    return (
        [[float(score) for score in row] for row in scores],
        [int(n) for n in decisions],
        [int(mask) for mask in winners],
    )


def as_playouts(found: Lists) -> list[Playout]:
    """:func:`as_lists`' figures as :class:`~moonbase.fast.reference.Playout` values."""
    scores, decisions, winners = found
    return [
        Playout.from_masks(row, count, mask)
        for row, count, mask in zip(scores, decisions, winners, strict=True)
    ]
