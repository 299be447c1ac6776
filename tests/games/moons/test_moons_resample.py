"""Moons resamples deal the unseen cards with every consistent deal equally likely.

The exact frequencies come from enumerating every deal (the cards told apart, the Asteroids
too) in small cases; the resamples are compared with them by a chi-square test at p = 0.001
(fixed seeds, so the tests are repeatable).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from itertools import combinations
from math import comb

import pytest

from moonbase.games.moons import MoonsGame, MoonsState
from moonbase.games.moons.cards import AST, PLANETS, suit
from moonbase.games.moons.hidden import ALL_KINDS, deal_hidden
from tests.frequencies import chi_square, critical
from tests.games.moons.moons_helpers import STANDARD_TABLEAUS, scripted


def fits(cards: Sequence[int], allowed: int) -> bool:
    return all(allowed >> (4 if c == AST else suit(c)) & 1 for c in cards)


def sharings(
    pool: list[int], sizes: list[int], allowed: list[int]
) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every sharing of ``pool`` (positions told apart) into the places, as sorted hands."""

    def share(place: int, left: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
        if place == len(sizes):
            yield ()
            return
        for chosen in combinations(left, sizes[place]):
            hand = [pool[i] for i in chosen]
            if fits(hand, allowed[place]):
                rest = [i for i in left if i not in chosen]
                for others in share(place + 1, rest):
                    yield (tuple(sorted(hand)), *others)

    return share(0, list(range(len(pool))))


def exact_of(outcomes: Iterator[Hashable]) -> dict[Hashable, float]:
    counts = Counter(outcomes)
    total = sum(counts.values())
    return {key: count / total for key, count in counts.items()}


def late_in_a_round(seed: int, tricks: int) -> MoonsState:
    """A random 4-player game without Mini-Asteroids, at the start of trick ``tricks + 1``."""
    state = MoonsGame(players=4, mini_asteroids=False).new(seed)
    rng = random.Random(seed)
    while state.tricks_played < tricks or state.trick or state.taker is not None:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.round == 1
    return state


def test_late_in_a_round_every_deal_under_the_voids_is_equally_likely() -> None:
    state = late_in_a_round(29, tricks=9)  # 9 unseen cards; seats 1, 2 and 3 lack planets
    view = state.view(0)
    others = [1, 2, 3]
    assert any(view["voids"][other] for other in others), "some planets are known to be lacking"
    pool = sorted(c for other in others for c in state.hands[other])  # what seat 0 has not seen
    sizes = [view["hand_sizes"][other] for other in others]
    allowed = [
        ALL_KINDS & ~sum(1 << PLANETS.index(p) for p in view["voids"][other]) for other in others
    ]
    exact = exact_of(hands[:2] for hands in sharings(pool, sizes, allowed))
    assert len(exact) > 2  # (36 deals, each 1/36, in this game)
    samples = 150 * len(exact)
    seen: Counter[Hashable] = Counter()
    for number in range(samples):
        sample = state.resample(0, random.Random(number))
        seen[(tuple(sample.hands[1]), tuple(sample.hands[2]))] += 1
    assert chi_square(seen, exact, samples) < critical(len(exact)), (seen, exact)


@pytest.mark.parametrize("seed", range(6))
def test_deal_hidden_matches_the_enumerated_deals(seed: int) -> None:
    rng = random.Random(seed)
    while True:
        pool = sorted(rng.sample([*range(0, 56, 3), AST, AST, AST], 7))
        places = rng.randint(2, 4)
        cut = sorted(rng.sample(range(1, len(pool)), places - 1))
        sizes = [b - a for a, b in zip([0, *cut], [*cut, len(pool)], strict=True)]
        allowed = [ALL_KINDS & ~rng.randrange(16) for _ in range(places - 1)] + [ALL_KINDS]
        exact = exact_of(sharings(pool, sizes, allowed))
        if 3 <= len(exact) <= 30:
            break
    samples = 200 * len(exact)
    seen: Counter[Hashable] = Counter()
    for number in range(samples):
        hands = deal_hidden(pool, sizes, allowed, random.Random(number))
        seen[tuple(tuple(sorted(hand)) for hand in hands)] += 1
    assert chi_square(seen, exact, samples) < critical(len(exact)), (seen, exact)


def test_a_face_down_tableau_does_not_change_how_the_hand_was_dealt() -> None:
    """The tableau was a choice, not chance: its seat's 15 cards are any 15 of the unseen ones
    (seat 1 sees 3 of the 4 Asteroids are elsewhere), and the tableau any 3 of its Moon cards."""
    state = scripted()
    state.apply(0, f"TABLEAU {STANDARD_TABLEAUS[0]}")
    exact = {a: comb(3, a) * comb(42, 15 - a) / comb(45, 15) for a in range(4)}
    samples = 3000
    seen: Counter[Hashable] = Counter()
    for number in range(samples):
        sample = state.resample(1, random.Random(number))
        assert AST not in sample.tableaus[0]
        seen[sample.hands[0].count(AST)] += 1
    assert chi_square(seen, exact, samples) < critical(len(exact)), seen
