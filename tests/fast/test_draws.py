"""The kernels' draw is the engine's: SplitMix64 over uint64 against ``draw_index`` and
``ChanceTable.pick``, past the counters the engine keeps mixed in advance."""

from __future__ import annotations

import pytest

from moonbase import fast
from moonbase.core.chance import ChanceTable, draw_index
from moonbase.fast.compiled import draw, seed_word

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")
SEEDS = (0, 1, 7, -1, -(2**63), 2**63 - 1, 2**64 + 3, 123456789123456789)


@needs_numba
@pytest.mark.parametrize("seed", SEEDS)
def test_the_compiled_draw_is_draw_index(seed: int) -> None:
    word = seed_word(seed)
    for counter in range(0, 9000, 13):  # the engine premixes counters below 4096 only
        for total in (1, 2, 6, 17, 60, 2**40 + 1):
            assert draw(word, counter, total) == draw_index(seed, counter, total)


@needs_numba
def test_the_compiled_draw_picks_what_a_chance_table_picks() -> None:
    table = ChanceTable([(2, 1), (5, 3), (9, 1), (11, 4)])
    outcomes = [outcome for outcome, weight in table.weights() for _ in range(weight)]
    for seed in SEEDS:
        for counter in range(0, 6000, 11):
            point = draw(seed_word(seed), counter, table.total)
            assert outcomes[point] == table.pick(seed, counter)
