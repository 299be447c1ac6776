"""Missions: the card type, the letters, and reading the ``missions`` option.

Each adventure has six mission cards, two per letter (``A1``, ``A2``, ``B1``, …); a game plays one
of each letter. A card has a requirement (a predicate over one sheet, kept beside the adventure's
data) and two values: **high** for everyone who meets it in the turn it is first met, **low**
afterwards (``standard.md`` §9). Adventure 1 pays rockets, adventure 2 points.

>>> Mission("B2", "Fill PLT and WILD.", 3, 2).letter
'B'
>>> mission_option(("c1", "A2", "b1"))
('A2', 'B1', 'C1')
>>> mission_option(("A1", "A2", "C1"))
Traceback (most recent call last):
...
moonbase.core.errors.InvalidOption: option 'missions': name one card of each letter ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from moonbase.core import InvalidOption

__all__ = ["LETTERS", "MISSION_CARDS", "Mission", "mission_option", "missions_of"]

LETTERS: Final = ("A", "B", "C")
"""The three mission letters; one card of each is in play."""

MISSION_CARDS: Final = ("A1", "A2", "B1", "B2", "C1", "C2")
"""The card names of every adventure."""


@dataclass(frozen=True)
class Mission:
    """A mission card: its name, requirement in words, and its high and low values."""

    card: str
    text: str
    high: int
    low: int

    @property
    def letter(self) -> str:
        """``A``, ``B`` or ``C``."""
        return self.card[0]

    @property
    def index(self) -> int:
        """0, 1 or 2 for A, B, C."""
        return LETTERS.index(self.card[0])


def mission_option(cards: tuple[str, ...]) -> tuple[str, str, str]:
    """Check the ``missions`` option (one card per letter, any order, any case) and return the
    cards in letter order."""
    upper = sorted(card.strip().upper() for card in cards)
    if (
        len(upper) != 3
        or [card[:1] for card in upper] != list(LETTERS)
        or any(card not in MISSION_CARDS for card in upper)
    ):
        raise InvalidOption(
            "option 'missions': name one card of each letter A, B and C (e.g. A1,B2,C1); "
            f"got {','.join(cards)}"
        )
    return upper[0], upper[1], upper[2]


@cache
def missions_of(adventure: int) -> dict[str, Mission]:
    """Adventure ``adventure``'s six mission cards by name, read from ``missions.json`` (the
    values are points but in adventure 1, where they are rockets).

    >>> missions_of(3)["B1"]
    Mission(card='B1', text='Connect the observatory to the tunnel network.', high=9, low=4)
    """
    text = resources.files(__package__).joinpath("missions.json").read_text("utf-8")
    cards = json.loads(text)[str(adventure)]
    return {card: Mission(card, c["text"], c["high"], c["low"]) for card, c in cards.items()}
