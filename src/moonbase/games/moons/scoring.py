"""Moons' scoring: tokens grouped to score best, plus the bonus cards (**reconstruction**).

Each complete set (one token of each planet) scores ``set_points``; each three tokens of one
planet not used in a set score ``triple_points``; every other token scores ``single_points``
(the options ``set_points``, ``triple_points``, ``single_points``: 10, 6 and 1 by default).

The best grouping is found by trying every number of sets ``k`` from 0 to the smallest planet
count: once ``k`` is fixed, the rest of each planet is split into triples and singles on its own,
and since that split is linear in the number of triples, all-triples or all-singles is best. A
``SET-BONUS`` card adds to the value of every set, so it takes part in choosing ``k``
(**decision**: the set bonus counts the sets of the grouping that scores best *with* it). When
several ``k`` score the same, the one with the most sets is reported (it is the tie-break
"most complete sets").

The rule page's example: 3 Saturn, 3 Jupiter, 3 Neptune and 1 Uranus score 19 (three triples
and a single), not 16 (a set and three pairs):

>>> best_grouping([3, 3, 3, 1])
Grouping(points=19, sets=0)
>>> best_grouping([2, 2, 2, 2])
Grouping(points=20, sets=2)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

__all__ = ["Grouping", "best_grouping", "final_score", "grouping_rest", "winners"]


class Grouping(NamedTuple):
    """The best score of a set of tokens and how many complete sets it uses."""

    points: int
    sets: int


def _planet_split(count: int, triple_points: int, single_points: int) -> tuple[int, int]:
    """The triples and singles that one planet's ``count`` tokens outside the sets score
    best as: as many triples as they make (the rest singles), or all singles."""
    triples, left = divmod(count, 3)
    if triples * triple_points + left * single_points >= count * single_points:
        return triples, left
    return 0, count


def _planet_rest(count: int, triple_points: int, single_points: int) -> int:
    triples, singles = _planet_split(count, triple_points, single_points)
    return triples * triple_points + singles * single_points


def grouping_rest(
    tokens: Sequence[int], sets: int, triple_points: int = 6, single_points: int = 1
) -> tuple[int, int]:
    """The triples and singles of ``tokens`` (a count per planet) once ``sets`` complete sets
    are taken out, grouped as they score best (with :func:`best_grouping`'s ``sets``, the
    grouping it scores).

    >>> grouping_rest([3, 3, 3, 1], 0), grouping_rest([2, 2, 2, 2], 2)
    ((3, 1), (0, 0))
    """
    triples = singles = 0
    for count in tokens:
        planet_triples, planet_singles = _planet_split(count - sets, triple_points, single_points)
        triples += planet_triples
        singles += planet_singles
    return triples, singles


def best_grouping(
    tokens: Sequence[int],
    set_points: int = 10,
    triple_points: int = 6,
    single_points: int = 1,
    per_set_bonus: int = 0,
) -> Grouping:
    """The best score of ``tokens`` (a count per planet); each set also earns ``per_set_bonus``.

    >>> best_grouping([1, 1, 1, 1]).points, best_grouping([6, 0, 0, 1]).points
    (10, 13)
    >>> best_grouping([3, 3, 3, 1], per_set_bonus=3)
    Grouping(points=19, sets=1)
    >>> best_grouping([0, 0, 0, 0])
    Grouping(points=0, sets=0)
    """
    best = Grouping(-1, 0)
    for sets in range(min(tokens) + 1):
        points = sets * (set_points + per_set_bonus) + sum(
            _planet_rest(count - sets, triple_points, single_points) for count in tokens
        )
        if points >= best.points:
            best = Grouping(points, sets)
    return best


def final_score(
    tokens: Sequence[int],
    per_token_bonus: Sequence[int],
    per_set_bonus: int,
    set_points: int = 10,
    triple_points: int = 6,
    single_points: int = 1,
) -> Grouping:
    """A player's score: the best grouping of ``tokens`` plus the bonus cards in front of them.

    ``per_token_bonus`` gives the points per token of each planet (``BONUS-<PLANET>`` cards);
    ``per_set_bonus`` the points per complete set (``SET-BONUS`` cards).

    >>> final_score([3, 3, 3, 1], per_token_bonus=[0, 1, 0, 0], per_set_bonus=0)
    Grouping(points=22, sets=0)
    """
    return _final_score(
        tuple(tokens),
        tuple(per_token_bonus),
        per_set_bonus,
        set_points,
        triple_points,
        single_points,
    )


@lru_cache(maxsize=8192)
def _final_score(
    tokens: tuple[int, ...],
    per_token_bonus: tuple[int, ...],
    per_set_bonus: int,
    set_points: int,
    triple_points: int,
    single_points: int,
) -> Grouping:
    # Searching bots score the same few token counts over and over, hence the cache.
    grouping = best_grouping(tokens, set_points, triple_points, single_points, per_set_bonus)
    extra = sum(count * bonus for count, bonus in zip(tokens, per_token_bonus, strict=True))
    return Grouping(grouping.points + extra, grouping.sets)


def winners(scores: Sequence[Grouping], tokens: Sequence[Sequence[int]]) -> list[int]:
    """The winning seats, given each seat's score and tokens: most points, then most complete
    sets, then most tokens; a tie after that shares the win.

    >>> winners([Grouping(13, 1), Grouping(13, 0), Grouping(0, 0)], [[1] * 4, [3, 3, 1, 0], []])
    [0]
    >>> winners([Grouping(13, 0), Grouping(13, 0)], [[3, 3, 1, 0], [6, 0, 0, 1]])
    [0, 1]
    """
    ranks = [
        (score.points, score.sets, sum(held)) for score, held in zip(scores, tokens, strict=True)
    ]
    best = max(ranks)
    return [seat for seat, rank in enumerate(ranks) if rank == best]
