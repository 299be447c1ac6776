"""Moons scoring: the best grouping of tokens, bonus cards and the winners."""

from __future__ import annotations

import itertools

from moonbase.games.moons.scoring import best_grouping, final_score, winners
from tests.games.moons.moons_helpers import standard


def brute_force(tokens, set_points=10, triple_points=6, single_points=1):
    """Every way of taking sets, then triples per planet, then singles."""
    best = 0
    for sets in range(min(tokens) + 1):
        rest = [count - sets for count in tokens]
        for triples in itertools.product(*(range(count // 3 + 1) for count in rest)):
            points = sets * set_points + sum(
                t * triple_points + (count - 3 * t) * single_points
                for t, count in zip(triples, rest, strict=True)
            )
            best = max(best, points)
    return best


def test_the_rule_page_example_scores_19():
    assert best_grouping([3, 3, 3, 1]).points == 19
    assert final_score([3, 3, 3, 1], [0] * 4, 0).points == 19


def test_best_grouping_matches_brute_force():
    for tokens in itertools.product(range(7), repeat=4):
        assert best_grouping(tokens).points == brute_force(tokens), tokens
    assert best_grouping([2, 2, 2, 2], 4, 6, 1).points == brute_force([2, 2, 2, 2], 4, 6, 1)
    assert best_grouping([6, 6, 0, 0], 10, 2, 1).points == 12  # triples worth less than singles


def test_scoring_values_are_options():
    state = standard(set_points=20, triple_points=3, single_points=0)
    assert state.points == (20, 3, 0)
    assert final_score([1, 1, 1, 4], [0] * 4, 0, *state.points).points == 20 + 3


def test_bonus_cards_add_to_the_grouping():
    # BONUS-NEPTUNE twice: +2 per Neptune token; 2 Saturn singles + a Neptune triple and 2 singles
    assert final_score([2, 0, 5, 0], [0, 0, 2, 0], 0).points == 2 + 6 + 2 + 10
    # a SET-BONUS card makes sets worth 13: with 3 3 3 1, a set and three pairs now tie the
    # three triples (19), and the grouping with the set is reported
    assert final_score([3, 3, 3, 1], [0] * 4, 3) == (19, 1)
    assert final_score([4, 4, 4, 1], [0] * 4, 3).points == 13 + 3 * 6


def test_winner_ties_break_on_sets_then_tokens_then_share():
    tokens = [[1, 1, 1, 1], [3, 3, 1, 0], [0, 0, 0, 0], [6, 0, 0, 1]]
    set_bonus = [0] * 4
    scores = [final_score(held, [0] * 4, 3 if seat == 0 else 0) for seat, held in enumerate(tokens)]
    assert [score.points for score in scores] == [13, 13, 0, 13]
    assert winners(scores, tokens) == [0]  # the only one of the three with a complete set
    scores = [final_score(held, [0] * 4, 0) for held in tokens]
    assert winners(scores, tokens) == [1, 3]  # 13 points, no set, 7 tokens each: shared
    tokens = [[3, 0, 0, 0], [2, 2, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    scores = [final_score(held, set_bonus, 0) for held in tokens]
    assert [score.points for score in scores[:2]] == [6, 6]
    assert winners(scores, tokens) == [1]  # more tokens
