"""Dealing MOON's secret goals again, every consistent deal equally likely.

A competitive resample deals again the goal cards a seat has not seen — the other seats'
secret goals, a half-drawn wide goal and the deck's goal cards — keeping each owner's goal clear
of the values register A held on its owner's turns (had A held it, it would have been solved).
Every deal that keeps to those constraints is as likely as every other, as it is for a seat
that reasons from what it saw and a well-shuffled deck.

:func:`deal_goals` first shuffles a few times and keeps the first deal that fits, which is
exact and fast while the constraints are loose. When they are tight it counts: going through
the cards in order, it counts the consistent ways to give the owners their goals (a table over
which owners are served; with wide goals also how many goals take their left card from each
class of low bits, and how many right cards came from each class), then draws one of all those
ways backwards through the table, so each is equally likely.

>>> import random
>>> deal = deal_goals(list(range(16)), [0b1111_1111_1111_1110], 4, random.Random(1))
>>> deal[0], sorted(deal)[:3]
(0, [0, 1, 2])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import perm
from typing import TypeVar

from moonbase.games.moon.cards import goal_value

__all__ = ["deal_goals"]

_T = TypeVar("_T")

_TRIES = 8
"""Shuffles tried before counting (a fitting shuffle is an exact draw too)."""

_State = tuple[int, tuple[int, ...], tuple[int, ...]]
"""Owners served (a bit mask), left cards wanted per class, right cards taken per class."""


def deal_goals(
    pool: Sequence[int], forbidden: Sequence[int], width: int, rng: random.Random
) -> list[int]:
    """The goal cards ``pool`` (distinct values 0–15) in a random order in which the goal of
    owner ``i`` — its one card, or its two cards (left, then right) when ``width`` is 5 or 6 —
    lies at positions ``i·size …``, and its value is not in the bit mask ``forbidden[i]``; the
    cards after the owners' are the rest, in random order. Every such order is equally likely.
    The true deal must be among them.

    >>> rng = random.Random(4)
    >>> deal = deal_goals([1, 2, 3, 4], [0b11100, 0b10110], 4, rng)   # 0 may get 0001, 1 only 0011
    >>> deal[:2]
    [1, 3]
    >>> only = ~(1 << 0b10010)   # width 5: 10010 only, a left card of odd value, then 0010
    >>> wide = deal_goals([0, 1, 2, 3], [only], 5, rng)
    >>> wide[0] % 2, wide[1]
    (1, 2)
    """
    size = 1 if width == 4 else 2
    cards = list(pool)

    owners = range(len(forbidden))
    for _ in range(_TRIES):
        rng.shuffle(cards)
        if size == 1:
            values = cards
        else:
            values = [goal_value(cards[2 * number : 2 * number + 2], width) for number in owners]
        if not any(forbidden[number] >> values[number] & 1 for number in owners):
            return cards
    return _counted_deal(sorted(pool), forbidden, width, rng)


def _counted_deal(
    cards: list[int], forbidden: Sequence[int], width: int, rng: random.Random
) -> list[int]:
    """The exact draw by counting (see the module docstring)."""
    owners = len(forbidden)
    wide = width > 4
    classes = 1 << (width - 4) if wide else 1
    low = classes - 1
    options = [  # per owner and card: the classes of left card it may take with it as right
        [
            [c for c in range(classes) if not mask >> ((c << 4 | card) if wide else card) & 1]
            for card in cards
        ]
        for mask in forbidden
    ]
    zero = (0,) * classes if wide else ()
    layers: list[dict[_State, int]] = [{(0, zero, zero): 1}]
    for position, card in enumerate(cards):
        previous = layers[-1]
        layer = dict(previous)  # the card serves no owner as its (right) card
        for (served, wanted, taken), ways in previous.items():
            for owner in range(owners):
                if served >> owner & 1:
                    continue
                for c in options[owner][position]:
                    key = (served | 1 << owner, *_more(wanted, taken, c, card & low, wide))
                    layer[key] = layer.get(key, 0) + ways
        layers.append(layer)

    full = (1 << owners) - 1
    in_class = [sum(1 for card in cards if card & low == c) for c in range(classes)]

    def lefts(state: _State) -> int:
        """Ways to give every owner its left card, once the right cards are chosen."""
        ways = 1
        for c in range(len(state[1])):
            ways *= perm(in_class[c] - state[2][c], state[1][c])
        return ways

    finals = [
        (state, ways * lefts(state)) for state, ways in layers[-1].items() if state[0] == full
    ]
    state = _pick(finals, rng)
    right = [-1] * owners
    left_class = [0] * owners
    for position in range(len(cards) - 1, -1, -1):
        card, previous = cards[position], layers[position]
        served, wanted, taken = state
        choices: list[tuple[tuple[int, int] | None, int]] = []
        if state in previous:
            choices.append((None, previous[state]))
        for owner in range(owners):
            if not served >> owner & 1:
                continue
            for c in options[owner][position]:
                before = (served & ~(1 << owner), *_less(wanted, taken, c, card & low, wide))
                if before in previous:
                    choices.append(((owner, c), previous[before]))
        choice = _pick(choices, rng)
        if choice is not None:
            owner, c = choice
            right[owner], left_class[owner] = card, c
            state = (served & ~(1 << owner), *_less(wanted, taken, c, card & low, wide))
    rest = [card for card in cards if card not in right]
    dealt: list[int] = []
    if wide:
        left = [-1] * owners
        for c in range(classes):
            takers = [owner for owner in range(owners) if left_class[owner] == c]
            chosen = rng.sample([card for card in rest if card & low == c], len(takers))
            for owner, card in zip(takers, chosen, strict=True):
                left[owner] = card
        rest = [card for card in rest if card not in left]
        for owner in range(owners):
            dealt += [left[owner], right[owner]]
    else:
        dealt = right
    rng.shuffle(rest)
    return dealt + rest


def _more(
    wanted: tuple[int, ...], taken: tuple[int, ...], c: int, card_class: int, wide: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not wide:
        return wanted, taken
    return _bump(wanted, c, 1), _bump(taken, card_class, 1)


def _less(
    wanted: tuple[int, ...], taken: tuple[int, ...], c: int, card_class: int, wide: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not wide:
        return wanted, taken
    return _bump(wanted, c, -1), _bump(taken, card_class, -1)


def _bump(counts: tuple[int, ...], index: int, step: int) -> tuple[int, ...]:
    return (*counts[:index], counts[index] + step, *counts[index + 1 :])


def _pick(weighted: Sequence[tuple[_T, int]], rng: random.Random) -> _T:
    """One of ``weighted``'s items, each with probability proportional to its whole weight."""
    point = rng.randrange(sum(weight for _, weight in weighted))
    for item, weight in weighted:
        if point < weight:
            return item
        point -= weight
    raise AssertionError("unreachable: the point lies below the total")
