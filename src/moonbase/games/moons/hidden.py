"""Redrawing what a seat cannot know: hands under known voids, and Mini-Asteroid draws.

:meth:`MoonsState._redraw <moonbase.games.moons.state.MoonsState>` uses two helpers:

* :func:`deal_under_voids` shares a pool of unseen cards among seats so that each gets as many as
  it holds and none gets a card of a planet it is known to lack (a seat that failed to follow
  suit, or led an Asteroid). Cards go out one at a time in random order to a random seat
  (weighted by the room it has left), and a seat is only chosen if the rest can still be
  shared out — checked by Hall's condition over the card kinds (four planets and the Asteroid).
* :func:`match_draws` says which of a seat's Mini-Asteroid draws produced which card, given the
  cards it has played since (each must come from a draw made before it was played) and the cards
  it holds now.

>>> import random
>>> hands = deal_under_voids([0, 1, 14, 15, 56], [2, 3], [0b0001, 0], random.Random(1))
>>> sorted(len(hand) for hand in hands), all(card >= 14 for card in hands[0])
([2, 3], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from moonbase.games.moons.cards import AST, RANKS

__all__ = ["deal_under_voids", "match_draws"]

_KINDS = 5  # four planets and the Asteroid
_ALL_SUITS = 0b1111


def _kind(card: int) -> int:
    return 4 if card == AST else card // RANKS


_SETS = 1 << _KINDS
_LOWEST = [0] + [(kinds & -kinds).bit_length() - 1 for kinds in range(1, _SETS)]


def _feasible(counts: list[int], room: list[int], allowed: list[int]) -> bool:
    """Hall's condition: every set of card kinds fits in the seats that may take one of them.

    The room of the seats that may take *none* of a set ``T`` of kinds is the room of the seats
    whose allowed kinds lie inside the complement of ``T``: a sum over subsets, computed for all
    sets at once.
    """
    inside = [0] * _SETS
    for r, a in zip(room, allowed, strict=True):
        inside[a] += r
    for bit in (1, 2, 4, 8, 16):
        for kinds in range(_SETS):
            if kinds & bit:
                inside[kinds] += inside[kinds ^ bit]
    total = inside[_SETS - 1]
    need = [0] * _SETS
    for kinds in range(1, _SETS):
        need[kinds] = need[kinds & (kinds - 1)] + counts[_LOWEST[kinds]]
        if need[kinds] > total - inside[(_SETS - 1) ^ kinds]:
            return False
    return True


def deal_under_voids(
    pool: Sequence[int], sizes: Sequence[int], voids: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """Share ``pool`` into hands of ``sizes`` cards, hand ``i`` lacking the planets in the bit
    mask ``voids[i]`` (Asteroids are always allowed). The pool must be shareable.

    >>> rng = random.Random(3)
    >>> deal_under_voids([0, 14, 28, 42], [1, 1, 1, 1], [0b1110, 0b1101, 0b1011, 0b0111], rng)
    [[0], [14], [28], [42]]
    """
    assert len(pool) == sum(sizes)
    cards = list(pool)
    rng.shuffle(cards)
    if not any(voids):
        hands, start = [], 0
        for size in sizes:
            hands.append(cards[start : start + size])
            start += size
        return hands
    allowed = [(_ALL_SUITS & ~void) | 1 << 4 for void in voids]
    counts = [0] * _KINDS
    for card in cards:
        counts[_kind(card)] += 1
    room = list(sizes)
    assert _feasible(counts, room, allowed), "the hidden cards cannot be shared out"
    hands = [[] for _ in sizes]
    for card in cards:
        kind = _kind(card)
        counts[kind] -= 1
        seats = [seat for seat in range(len(sizes)) if room[seat] and allowed[seat] >> kind & 1]
        while True:
            seat = rng.choices(seats, weights=[room[s] for s in seats])[0]
            room[seat] -= 1
            if _feasible(counts, room, allowed):
                break
            room[seat] += 1
            seats.remove(seat)
        hands[seat].append(card)
    return hands


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
