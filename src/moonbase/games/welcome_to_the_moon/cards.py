"""The starship deck as data: 63 cards, each a number (front) and an action (back).

Identical cards are one *card type* ``(number, action)``; a pile or deck is a multiset of types,
kept as its cards' indices into :data:`CARD_TYPES` in that order. The order of a pile is never
stored: each draw is a chance event over what the pile holds (``standard.md`` §2).

>>> len(CARD_TYPES), sum(DECK_COUNTS)
(53, 63)
>>> [ACTIONS[action] for number, action in CARD_TYPES if number == 3]
['WATER', 'ASTRONAUT', 'PLANNING']
>>> sum(count for (n, a), count in zip(CARD_TYPES, DECK_COUNTS) if ACTIONS[a] == "WATER")
7
"""

from __future__ import annotations

from collections import Counter
from typing import Final

__all__ = [
    "ACTIONS",
    "ACTION_INDEX",
    "CARD_INDEX",
    "CARD_TYPES",
    "DECK",
    "DECK_COUNTS",
    "DECK_SIZE",
    "PILES",
    "PILE_SIZE",
    "SOLO_CARDS",
    "card_text",
]

ACTIONS: Final = ("ROBOT", "WATER", "PLANT", "ENERGY", "ASTRONAUT", "PLANNING")
"""The six actions, in the order the rule page names them."""

ACTION_INDEX: Final = {name: index for index, name in enumerate(ACTIONS)}
"""Action name → index in :data:`ACTIONS`."""

_R, _W, _P, _E, _A, _N = ACTIONS

DECK: Final[tuple[tuple[int, tuple[str, ...]], ...]] = (
    (1, (_R, _E)),
    (2, (_R, _P)),
    (3, (_W, _A, _N)),
    (4, (_E, _P, _A, _N)),
    (5, (_R, _R, _E, _E, _P)),
    (6, (_R, _E, _P, _W, _A, _N)),
    (7, (_R, _E, _E, _P, _P, _W)),
    (8, (_R, _R, _P, _P, _W, _A, _N)),
    (9, (_R, _E, _E, _P, _P, _W)),
    (10, (_R, _E, _P, _W, _A, _N)),
    (11, (_R, _R, _E, _E, _P)),
    (12, (_E, _P, _A, _N)),
    (13, (_W, _A, _N)),
    (14, (_R, _P)),
    (15, (_R, _E)),
)
"""Every card as ``standard.md`` §2 lists it: a number and the actions on its copies' backs."""


_COUNTS: Final = Counter((number, ACTION_INDEX[back]) for number, backs in DECK for back in backs)

CARD_TYPES: Final = tuple(sorted(_COUNTS))
"""The distinct cards ``(number, action index)``, sorted."""

DECK_COUNTS: Final = tuple(_COUNTS[card] for card in CARD_TYPES)
"""How many copies of each card of :data:`CARD_TYPES` the deck holds."""

CARD_INDEX: Final = {card: index for index, card in enumerate(CARD_TYPES)}
"""``(number, action index)`` → index in :data:`CARD_TYPES`."""

DECK_SIZE: Final = 63
PILES: Final = 3
"""Multiplayer games deal the deck into three draw piles…"""
PILE_SIZE: Final = 21
"""…of 21 cards each."""

SOLO_CARDS: Final = ("A", "B", "C")
"""The three ASTRA effect cards of the solo game (no number, no action)."""


def card_text(card: int) -> str:
    """A card type as the notation writes it: number, then action.

    >>> card_text(CARD_INDEX[(7, ACTION_INDEX["ENERGY"])])
    '7 ENERGY'
    """
    number, action = CARD_TYPES[card]
    return f"{number} {ACTIONS[action]}"
