"""The adventures: one module each, holding its sheet data, missions and the rules only it has.

:func:`adventure` returns the shared rules object of an adventure. Adventures 3–8 are specified in
the rule folder and fit the same model (:class:`~.base.Adventure` over the slot-indexed
:class:`~moonbase.games.welcome_to_the_moon.sheet.Sheet`); they are not implemented yet.

>>> adventure(1).title, adventure(2).title
('The Launch', 'The Journey')
>>> IMPLEMENTED
(1, 2)
"""

from __future__ import annotations

from functools import cache
from typing import Final

from moonbase.games.welcome_to_the_moon.adventures.a1_launch import Launch
from moonbase.games.welcome_to_the_moon.adventures.a2_journey import Journey
from moonbase.games.welcome_to_the_moon.adventures.base import Adventure, Combination, Context

__all__ = ["IMPLEMENTED", "TITLES", "Adventure", "Combination", "Context", "adventure"]

TITLES: Final = {
    1: "The Launch",
    2: "The Journey",
    3: "The Colony",
    4: "The Mine",
    5: "The Dome",
    6: "The Virus",
    7: "The Escape",
    8: "The Battle",
}
"""Every adventure's name."""

_CLASSES: Final[dict[int, type[Adventure]]] = {1: Launch, 2: Journey}

IMPLEMENTED: Final = tuple(sorted(_CLASSES))
"""The adventures that can be played."""


@cache
def adventure(number: int) -> Adventure:
    """The rules of adventure ``number`` (built once)."""
    return _CLASSES[number]()
