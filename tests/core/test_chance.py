"""A chance table draws exactly what the plain weighted draw does, so seeds keep their games."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from moonbase.core.chance import ChanceTable, pick_weighted

weights = st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=30)


@given(weights, st.integers(min_value=-(2**63), max_value=2**64), st.integers(0, 10**7))
def test_a_table_draws_what_the_weighted_draw_draws(counts: list[int], seed: int, n: int) -> None:
    table = ChanceTable([(outcome * 3, count) for outcome, count in enumerate(counts)])
    assert table.pick(seed, n) == pick_weighted(table.weights(), seed, n)


@given(weights)
def test_a_table_keeps_its_weights_and_their_total(counts: list[int]) -> None:
    pairs = [(outcome, count) for outcome, count in enumerate(counts)]
    table = ChanceTable(pairs)
    assert table.weights() == pairs
    assert table.total == sum(counts)


@given(weights, st.data())
def test_a_table_without_one_outcome_is_the_table_of_the_weights_left(
    counts: list[int], data: st.DataObject
) -> None:
    pairs = [(outcome * 2, count) for outcome, count in enumerate(counts)]
    table = ChanceTable(pairs)
    at = data.draw(st.integers(0, len(pairs) - 1))
    outcome, count = pairs[at]
    left = [*pairs[:at], *([(outcome, count - 1)] if count > 1 else []), *pairs[at + 1 :]]
    smaller = table.without_one(outcome)
    assert smaller.weights() == left
    assert smaller.total == table.total - 1
    assert table.weights() == pairs, "the table it came from is unchanged"
    if left:
        seed = data.draw(st.integers(0, 2**64))
        assert smaller.pick(seed, 5) == ChanceTable(left).pick(seed, 5)


@given(st.integers(1, 40), st.integers(min_value=-(2**63), max_value=2**64), st.integers(0, 10**7))
def test_a_table_of_unit_weights_draws_what_the_weighted_draw_draws(
    size: int, seed: int, n: int
) -> None:
    pairs = [(outcome * 5, 1) for outcome in range(size)]
    table = ChanceTable(pairs)
    assert table.weights() == pairs
    assert table.pick(seed, n) == pick_weighted(pairs, seed, n)
    if size > 1:
        smaller = table.without_one(pairs[n % size][0])
        left = [pair for pair in pairs if pair != pairs[n % size]]
        assert smaller.weights() == left
        assert smaller.pick(seed, n) == pick_weighted(left, seed, n)


@given(
    st.lists(st.integers(min_value=0, max_value=9), min_size=1, max_size=30).filter(any),
    st.integers(min_value=-(2**63), max_value=2**64),
    st.integers(0, 10**7),
)
def test_a_table_of_counts_draws_what_the_table_of_its_nonzero_counts_draws(
    counts: list[int], seed: int, n: int
) -> None:
    outcomes = [outcome * 7 for outcome in range(len(counts))]
    table = ChanceTable.from_counts(outcomes, counts)
    nonzero = [(outcome, count) for outcome, count in zip(outcomes, counts, strict=True) if count]
    assert table.weights() == nonzero
    assert table.total == sum(counts)
    assert table.pick(seed, n) == ChanceTable(nonzero).pick(seed, n)
