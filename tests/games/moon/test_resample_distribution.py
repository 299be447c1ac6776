"""Competitive resamples deal the unseen goals with every consistent deal equally likely.

The exact frequencies come from enumerating every deal in small cases; the resamples are
compared with them by a chi-square test (the critical values are those of p = 0.001, so an
exact sampler fails about once in a thousand runs of a seed, and these seeds are fixed).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable
from itertools import permutations

import pytest

from moonbase.games.moon.cards import goal_value
from moonbase.games.moon.hidden import deal_goals
from tests.frequencies import chi_square, critical
from tests.games.moon.helpers import draw, new, play


def uniform(outcomes: Iterable[Hashable]) -> dict[Hashable, float]:
    counts = Counter(outcomes)
    total = sum(counts.values())
    return {key: count / total for key, count in counts.items()}


def test_tightly_constrained_goals_are_dealt_in_proportion_to_the_consistent_deals() -> None:
    state = new(mode="competitive", players=3, bugs=0, energy=20)  # INC and DEC cost 2
    draw(state, "0110", "1110", "1111")  # the goals of seats 0, 1 and 2
    play(state, 0, "END")
    play(state, 1, *["INC A"] * 10)  # A = 0…10 on seat 1's turn (which ends: energy spent)
    play(state, 2, "END")  # A = 10
    play(state, 0, "END")
    play(state, 1, *["INC A"] * 3, "END")  # 11, 12, 13: seat 1's goal is 14 or 15
    play(state, 2, "INC A", *["DEC A"] * 9)  # 13, 14, 13…5
    play(state, 0, "END")
    play(state, 1, "END")
    play(state, 2, *["DEC A"] * 4, "END")  # 5…1: seat 2's goal is 0 or 15
    assert state.to_act == (0,)
    # the deals seat 0 cannot rule out: (seat 1, seat 2) = (14, 0), (14, 15), (15, 0)
    pool = [value for value in range(16) if value != 0b0110]
    exact = uniform(
        (one, two) for one, two in permutations(pool, 2) if one in (14, 15) and two in (0, 15)
    )
    assert exact[(14, 0)] == pytest.approx(1 / 3)
    samples = 3000
    seen: Counter[Hashable] = Counter()
    for number in range(samples):
        sample = state.resample(0, random.Random(number))
        seen[(int(sample.view(1)["goal"], 2), int(sample.view(2)["goal"], 2))] += 1
    assert chi_square(seen, exact, samples) < critical(len(exact)), seen
    # seat 1's goal is 1110 in two of the three deals
    assert seen[(14, 0)] + seen[(14, 15)] == pytest.approx(2 / 3 * samples, abs=0.04 * samples)


def deals(pool: list[int], forbidden: list[int], width: int) -> dict[Hashable, float]:
    """Every owners' deal of ``pool`` that ``forbidden`` allows, equally likely."""
    size = 1 if width == 4 else 2
    consistent = []
    for cards in permutations(pool, size * len(forbidden)):
        goals = [list(cards[n * size : n * size + size]) for n in range(len(forbidden))]
        if not any(
            mask >> goal_value(goal, width) & 1 for goal, mask in zip(goals, forbidden, strict=True)
        ):
            consistent.append(cards)
    return uniform(consistent)


@pytest.mark.parametrize(
    ("width", "owners", "pool_size", "seed"),
    [(4, 3, 6, 1), (4, 2, 8, 2), (5, 2, 6, 3), (6, 2, 6, 4), (5, 1, 8, 5)],
)
def test_deal_goals_matches_the_enumerated_deals(
    width: int, owners: int, pool_size: int, seed: int
) -> None:
    rng = random.Random(seed)
    size = 1 if width == 4 else 2
    while True:  # tight constraints, so that counting (not only shuffling) is exercised
        pool = sorted(rng.sample(range(16), pool_size))
        forbidden = [
            sum(1 << v for v in range(1 << width) if rng.random() < 0.8) for _ in range(owners)
        ]
        exact = deals(pool, forbidden, width)
        if 2 <= len(exact) <= 9:
            break
    samples = 400 * len(exact)
    seen: Counter[Hashable] = Counter()
    for number in range(samples):
        dealt = deal_goals(pool, forbidden, width, random.Random(number))
        assert sorted(dealt) == pool
        seen[tuple(dealt[: size * owners])] += 1
    assert chi_square(seen, exact, samples) < critical(len(exact)), (seen, exact)
