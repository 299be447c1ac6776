"""Redrawing what a seat cannot know: the unseen cards, and Mini-Asteroid draws.

:meth:`MoonsState._redraw <moonbase.games.moons.state.MoonsState>` uses two helpers:

* :func:`deal_hidden` shares the unseen cards among the places they may be in — the other hands
  and the cards still to be dealt — each place taking only the kinds of card it may hold: a seat
  that failed to follow a planet, or led an Asteroid, holds none of the planets it showed it
  lacks. Every sharing that keeps to that, with the cards told apart (the four Asteroids too),
  is equally likely, as it is for a seat that reasons from what it saw and a well-shuffled
  deck. It counts them: places
  that may hold the same kinds are one group, kinds of card that the same groups may hold are
  one class, and the number of sharings is a sum over how many cards of each class go to each
  group (a table over the room left in each group); one such split is drawn in proportion to
  its sharings, then the cards of each class are shuffled into their groups, and each group's
  cards into its places.
* :func:`match_draws` says which of a seat's Mini-Asteroid draws produced which card, given the
  cards it has played since (each must come from a draw made before it was played) and the cards
  it holds now.

>>> import random
>>> no_saturn = ALL_KINDS & ~0b0001
>>> hands = deal_hidden([0, 1, 14, 15, 56], [2, 3], [no_saturn, ALL_KINDS], random.Random(1))
>>> sorted(len(hand) for hand in hands), all(card >= 14 for card in hands[0])
([2, 3], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from math import factorial
from typing import Final

from moonbase.games.moons.cards import AST, RANKS

__all__ = ["ALL_KINDS", "deal_hidden", "match_draws"]

ALL_KINDS: Final = 0b11111
"""Every kind of card: the four planets (bits 0–3, deck order) and the Asteroid (bit 4)."""


def _kind(card: int) -> int:
    return 4 if card == AST else card // RANKS


def deal_hidden(
    pool: Sequence[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """Share ``pool`` (sorted, so that the draw depends on nothing but what is shared) into
    places of ``sizes`` cards, place ``i`` taking only the kinds of card in the bit mask
    ``allowed[i]`` (:data:`ALL_KINDS` less the planets a seat is known to lack).
    Every such sharing is equally likely; the pool must have one.

    >>> rng = random.Random(3)
    >>> deal_hidden([0, 14, 28, 42], [1, 1, 1, 1], [0b10001, 0b10010, 0b10100, 0b11000], rng)
    [[0], [14], [28], [42]]
    >>> deal_hidden([0, 56], [1, 1], [0b10000, ALL_KINDS], rng)   # it led an Asteroid
    [[56], [0]]
    """
    assert len(pool) == sum(sizes)
    by_kind: list[list[int]] = [[] for _ in range(5)]
    for card in pool:
        by_kind[_kind(card)].append(card)
    present = sum(1 << kind for kind in range(5) if by_kind[kind])
    if all(mask & present == present for mask in allowed):
        cards = list(pool)
        rng.shuffle(cards)
        return _split(cards, sizes)
    # places that may hold the same kinds form a group; kinds the same groups may hold, a class
    group_of: dict[int, int] = {}
    places: list[list[int]] = []
    for place, mask in enumerate(allowed):
        group = group_of.setdefault(mask & present, len(group_of))
        if group == len(places):
            places.append([])
        places[group].append(place)
    masks = list(group_of)
    classes: dict[int, list[int]] = {}
    for kind in range(5):
        if by_kind[kind]:
            groups = sum(1 << group for group, mask in enumerate(masks) if mask >> kind & 1)
            classes.setdefault(groups, []).append(kind)
    order = sorted(classes, key=lambda groups: (groups.bit_count(), classes[groups][0]))
    members = [[card for kind in classes[groups] for card in by_kind[kind]] for groups in order]
    room = tuple(sum(sizes[place] for place in group) for group in places)
    split = _draw_split(tuple(order), tuple(len(cards) for cards in members), room, rng)
    shared: list[list[int]] = [[] for _ in places]
    for cards, counts in zip(members, split, strict=True):
        rng.shuffle(cards)
        start = 0
        for group, count in enumerate(counts):
            shared[group] += cards[start : start + count]
            start += count
    hands: list[list[int]] = [[] for _ in sizes]
    for spots, cards in zip(places, shared, strict=True):
        if len(spots) > 1:
            rng.shuffle(cards)
        for place, hand in zip(spots, _split(cards, [sizes[p] for p in spots]), strict=True):
            hands[place] = hand
    return hands


def _split(cards: list[int], sizes: Sequence[int]) -> list[list[int]]:
    hands, start = [], 0
    for size in sizes:
        hands.append(cards[start : start + size])
        start += size
    return hands


def _draw_split(
    order: tuple[int, ...], counts: tuple[int, ...], room: tuple[int, ...], rng: random.Random
) -> list[tuple[int, ...]]:
    """How many cards of each class go to each group: one split drawn in proportion to the
    sharings it allows. ``order[i]`` is the bit mask of the groups class ``i`` may go to, and
    ``counts[i]`` its number of cards."""
    last = len(order) - 1
    memo = _memo(order, counts)

    def ways(number: int, left: tuple[int, ...]) -> int:
        """Sharings of classes ``number…`` into the room ``left`` (which they fill exactly)."""
        if number == last:  # the last class fills what is left, if it may
            if any(taken and not order[last] >> group & 1 for group, taken in enumerate(left)):
                return 0
            return _ways(counts[last], left)
        key = (number, left)
        found = memo.get(key)
        if found is None:
            found = sum(
                weight * ways(number + 1, rest)
                for _, rest, weight in _spreads(counts[number], order[number], left)
            )
            memo[key] = found
        return found

    assert ways(0, room), "the hidden cards cannot be shared out"
    split, left = [], room
    for number in range(last):
        options = [
            (spread, rest, weight * ways(number + 1, rest))
            for spread, rest, weight in _spreads(counts[number], order[number], left)
        ]
        point = rng.randrange(sum(weight for _, _, weight in options))
        for option in options:
            if point < option[2]:
                break
            point -= option[2]
        split.append(option[0])
        left = option[1]
    split.append(left)
    return split


@lru_cache(maxsize=256)
def _memo(
    order: tuple[int, ...], counts: tuple[int, ...]
) -> dict[tuple[int, tuple[int, ...]], int]:
    """The counts of sharings already worked out for these classes, by (class, room left):
    a searching bot resamples the same state again and again, and the counts stay the same."""
    return {}


_FACTORIALS: Final = [factorial(number) for number in range(61)]


def _ways(count: int, spread: Sequence[int]) -> int:
    """The ways to put ``count`` cards told apart into groups, ``spread[g]`` into group ``g``."""
    ways = _FACTORIALS[count]
    for taken in spread:
        ways //= _FACTORIALS[taken]
    return ways


@lru_cache(maxsize=4096)
def _spreads(
    count: int, groups: int, room: tuple[int, ...]
) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Every way to put ``count`` cards told apart into the ``groups`` (a bit mask) without
    overfilling ``room``: the cards per group, the room left, and the number of ways."""
    allowed = [group for group in range(len(room)) if groups >> group & 1]
    if not allowed or sum(room[group] for group in allowed) < count:
        return [] if count else [((0,) * len(room), room, 1)]
    *free, final = allowed
    found = []
    for taken in product(*(range(min(count, room[group]) + 1) for group in free)):
        rest = count - sum(taken)
        if not 0 <= rest <= room[final]:
            continue
        spread = [0] * len(room)
        for group, number in zip(free, taken, strict=True):
            spread[group] = number
        spread[final] = rest
        left = tuple(space - number for space, number in zip(room, spread, strict=True))
        found.append((tuple(spread), left, _ways(count, spread)))
    return found


def match_draws(
    events: Sequence[int],
    plays: Sequence[tuple[int, int]],
    held: Sequence[int],
    rng: random.Random,
) -> dict[int, int]:
    """Assign a card to each draw event of one seat: ``events`` are the history indices of its
    draws (ascending), ``plays`` the ``(history index, card)`` of the cards it played (ascending)
    and ``held`` the cards it holds now. Every played card gets a draw made before it was played.

    Going through the plays in order works: the draws before an earlier play are among those
    before a later one, and the real game shows there are enough.

    >>> match_draws([1, 5, 9], [(6, 0)], [2, 3], random.Random(0))[9] in (2, 3)
    True
    """
    assert len(events) == len(plays) + len(held)
    outcome: dict[int, int] = {}
    for index, card in plays:
        free = [event for event in events if event < index and event not in outcome]
        outcome[rng.choice(free)] = card
    rest = [event for event in events if event not in outcome]
    cards = list(held)
    rng.shuffle(cards)
    outcome.update(zip(rest, cards, strict=True))
    return outcome
