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
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["LETTERS", "MISSION_CARDS", "TEXTS", "Mission", "mission_option", "missions_of"]

LETTERS: Final = ("A", "B", "C")
"""The three mission letters; one card of each is in play."""

MISSION_CARDS: Final = ("A1", "A2", "B1", "B2", "C1", "C2")
"""The card names of every adventure."""

TEXTS: Final = (
    N_("Fill every space of floors AST1, AST2 and WAT."),
    N_("Fill every space of floors ROB1, ROB2 and PLA."),
    N_("Fill every space of floor ENE."),
    N_("Fill every space of floors PLT and WILD."),
    N_("Have at least 10 X marks on the sheet."),
    N_("Have at least 5 System Errors circled and not repaired."),
    N_("Have a circled multiplier at 3 stations."),
    N_("Circle every plant of 2 stations."),
    N_("Complete 2 zones of exactly 6 spaces."),
    N_("Complete zones of exactly 6, 4 and 2 spaces."),
    N_("Circle at least 6 water tanks."),
    N_("Circle 4 water tanks in a row along the trajectory."),
    N_("Fill every building of 3 columns."),
    N_("Fill every building of 3 rows."),
    N_("Connect the observatory to the tunnel network."),
    N_("Circle every antenna of 2 quarters."),
    N_("Circle at least 10 plants."),
    N_("Circle both water tanks of 2 quarters."),
    N_("Extract at least 5 columns."),
    N_("Extract 4 adjacent columns."),
    N_("Complete all 5 secondary factories."),
    N_("Complete 6 factories, main or secondary."),
    N_("Circle at least 8 plants of the mine."),
    N_("Circle at least 5 waters of the mine."),
    N_(
        "Fill every level of one skyscraper. Reward: a ★ symbol (first) or ✩ (later), "
        "valued by the Missions table."
    ),
    N_(
        "Fill the top level of 2 skyscrapers. Reward: a ★ symbol (first) or ✩ (later), "
        "valued by the Missions table."
    ),
    N_(
        "Circle at least 2 symbols in 3 tower levels. Reward: a ★ symbol (first) or ✩ "
        "(later), valued by the Missions table."
    ),
    N_(
        "Circle all 3 symbols in 2 tower levels. Reward: a ★ symbol (first) or ✩ (later),"
        " valued by the Missions table."
    ),
    N_(
        "Build every dome section and subsection. Reward: a ★ symbol (first) or ✩ "
        "(later), valued by the Missions table."
    ),
    N_(
        "Write at least 4 X marks on the skyscrapers. Reward: a ★ symbol (first) or ✩ "
        "(later), valued by the Missions table."
    ),
    N_("Evacuate at least 2 quarters. First: releases the red virus."),
    N_("Evacuate every quarter of one floor. First: releases red."),
    N_("Close every walkway of 3 quarters. First: releases purple."),
    N_("Close every walkway of Q2 and of Q8. First: releases purple."),
    N_("Circle every energy of every quarter of 2 floors. First: yellow."),
    N_("Circle every plant and water tank of 2 floors. First: yellow."),
    N_("Fill 3 greenhouses and circle all 3 plants of each."),
    N_("Fill the top greenhouse and circle its 3 plants."),
    N_("Fill at least 7 modules completely."),
    N_("Fill 3 starships completely, greenhouses included."),
    N_("Circle every reactor of 3 starships."),
    N_("Circle every water tank of 3 starships."),
    N_("Control 4 planets on the same sheet."),
    N_("Control a green, a blue and a grey planet on the same sheet."),
    N_("Your insignia on 7 asteroids of the same sheet."),
    N_("On one half, 2 boxes of each planet multiplier track."),
    N_("On one half, 6 plant boxes and 4 water boxes."),
    N_("Your insignia on the moons of 4 planets of the same sheet."),
)
"""Every mission's requirement as ``missions.json`` writes it, marked for translation (a test
checks that the two agree)."""


@dataclass(frozen=True)
class Mission:
    """A mission card: its name, requirement in words, and its high and low values."""

    card: str
    text: str
    high: int
    low: int

    @property
    def described(self) -> str:
        """The requirement in the language spoken (``text`` is the English)."""
        return _(self.text)

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
            _(
                "option 'missions': name one card of each letter A, B and C (e.g. A1,B2,C1); "
                "got {cards}"
            ).format(cards=",".join(cards))
        )
    return upper[0], upper[1], upper[2]


_CARDS: Final = json.loads(
    resources.files(__package__).joinpath("missions.json").read_text("utf-8")
)
"""``missions.json``, read with the module (not in the middle of the first game to meet a
mission)."""


@cache
def missions_of(adventure: int) -> dict[str, Mission]:
    """Adventure ``adventure``'s six mission cards by name, from ``missions.json`` (the values
    are points but in adventure 1, where they are rockets).

    >>> missions_of(3)["B1"]
    Mission(card='B1', text='Connect the observatory to the tunnel network.', high=9, low=4)
    """
    return {card: Mission(card, **values) for card, values in _CARDS[str(adventure)].items()}
