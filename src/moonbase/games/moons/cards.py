"""Moons' components as data: the 60-card deck, the planets and the Mini-Asteroid table.

A card is a small integer: the Moon cards are ``0``–``55`` in deck order (Saturn 1–14, Jupiter
1–14, Neptune 1–14, Uranus 1–14) and every large Asteroid is :data:`AST` (``56``); the four
Asteroids are alike, so hands and the undealt deck are multisets. Planets (suits) are ``0``–``3``
in the same order. Mini-Asteroid kinds are indices into :data:`MINIS`, a data table: the real
card texts are not public, so the table is the **reconstruction** of ``rules/moons.md``
(38 cards); a corrected or varied deck is a change to this table only.

>>> CARD_NAMES[0], CARD_NAMES[13], CARD_NAMES[14], CARD_NAMES[AST]
('S1', 'S14', 'J1', 'AST')
>>> suit(card("N7")), rank(card("N7"))
(2, 7)
>>> sum(DECK_COUNTS), sum(mini.count for mini in MINIS)
(60, 38)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = [
    "AST",
    "ASTEROIDS",
    "CARD_NAMES",
    "CARD_TYPES",
    "DECK_COUNTS",
    "DECK_SIZE",
    "MINIS",
    "MINI_INDEX",
    "PLANETS",
    "PLANET_INDEX",
    "RANKS",
    "SUIT_LETTERS",
    "TABLEAU_SIZE",
    "Mini",
    "card",
    "hand_size",
    "planet_of",
    "rank",
    "suit",
]

PLANETS: Final = ("SATURN", "JUPITER", "NEPTUNE", "URANUS")
"""The four planets (suits) in deck order."""
PLANET_INDEX: Final = {name: index for index, name in enumerate(PLANETS)}
"""The planet number of each planet name."""
SUIT_LETTERS: Final = ("S", "J", "N", "U")
"""The letter of each planet in card names."""
RANKS: Final = 14
"""Moon cards per planet, ranked 1–14."""
AST: Final = 4 * RANKS
"""The large Asteroid card (there are :data:`ASTEROIDS` of them, all alike)."""
ASTEROIDS: Final = 4
"""Large Asteroid cards in the deck."""
CARD_TYPES: Final = AST + 1
"""Distinct cards: 56 Moon cards and the Asteroid."""
CARD_NAMES: Final = tuple(
    [f"{letter}{value}" for letter in SUIT_LETTERS for value in range(1, RANKS + 1)] + ["AST"]
)
"""Notation of each card, indexed by card number."""
_CARD_INDEX: Final = {name: index for index, name in enumerate(CARD_NAMES)}
DECK_COUNTS: Final = tuple([1] * AST + [ASTEROIDS])
"""How many of each card the deck holds (60 in all)."""
DECK_SIZE: Final = sum(DECK_COUNTS)
TABLEAU_SIZE: Final = 3
"""Cards each player puts in the tableau."""


def card(name: str) -> int:
    """The card number of a card name (canonical spelling).

    >>> card("S1"), card("U14"), card("AST")
    (0, 55, 56)
    """
    return _CARD_INDEX[name]


def suit(card_number: int) -> int:
    """The planet of a Moon card (not for :data:`AST`).

    >>> PLANETS[suit(card("J14"))]
    'JUPITER'
    """
    return card_number // RANKS


def rank(card_number: int) -> int:
    """The rank 1–14 of a Moon card (not for :data:`AST`).

    >>> rank(card("U3"))
    3
    """
    return card_number % RANKS + 1


def planet_of(card_number: int) -> str:
    """The planet name of a Moon card.

    >>> planet_of(card("N1"))
    'NEPTUNE'
    """
    return PLANETS[suit(card_number)]


def hand_size(players: int) -> int:
    """Cards dealt to each player: the whole deck shared out.

    >>> [hand_size(players) for players in range(2, 7)]
    [30, 20, 15, 12, 10]
    """
    return DECK_SIZE // players


@dataclass(frozen=True)
class Mini:
    """One kind of Mini-Asteroid card: its name (notation), count in the deck and effect.

    ``effect`` is one of ``"grab"``, ``"block"``, ``"token-swap"``, ``"tableau-swap"``,
    ``"bonus"`` (kept in front of its owner: ``per_token`` points per token of ``planet``) and
    ``"set-bonus"`` (kept in front: ``per_set`` points per complete set).

    >>> MINIS[MINI_INDEX["BONUS-JUPITER"]].planet
    1
    >>> MINIS[MINI_INDEX["SET-BONUS"]].kept
    True
    """

    name: str
    count: int
    effect: str
    text: str
    planet: int | None = None
    per_token: int = 0
    per_set: int = 0

    @property
    def described(self) -> str:
        """What the card does, in the language spoken (``text`` is the English template).

        >>> MINIS[MINI_INDEX["BONUS-JUPITER"]].described
        'kept in front of you: +1 point per JUPITER token at the end'
        """
        planet = "" if self.planet is None else PLANETS[self.planet]
        return _(self.text).format(planet=planet)

    @property
    def kept(self) -> bool:
        """Whether the card stays face up in front of its owner (a bonus card)."""
        return self.effect in ("bonus", "set-bonus")


MINIS: Final = (
    Mini("GRAB", 6, "grab", N_("take one token of any planet from the supply")),
    Mini("BLOCK", 6, "block",
         N_("put the Block token on a planet: nobody gains tokens of it until this trick ends")),
    Mini("TOKEN-SWAP", 7, "token-swap",
         N_("give one of your tokens to another player and take one of theirs of another "
            "planet")),
    Mini("TABLEAU-SWAP", 7, "tableau-swap",
         N_("exchange one card of your tableau with one card in your hand")),
    *(
        Mini(f"BONUS-{planet}", 2, "bonus",
             N_("kept in front of you: +1 point per {planet} token at the end"),
             planet=index, per_token=1)
        for index, planet in enumerate(PLANETS)
    ),
    Mini("SET-BONUS", 4, "set-bonus",
         N_("kept in front of you: +3 points per complete set at the end"), per_set=3),
)  # fmt: skip
"""The Mini-Asteroid deck (**reconstruction**, see ``rules/moons.md``), in notation order."""
MINI_INDEX: Final = {mini.name: index for index, mini in enumerate(MINIS)}
"""The kind number (index into :data:`MINIS`) of each Mini-Asteroid name."""
