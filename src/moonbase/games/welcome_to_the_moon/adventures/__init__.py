"""The adventures: one module each, holding its sheet data, missions and the rules only it has.

:func:`adventure` returns the shared rules object of an adventure, each an
:class:`~.engine.Engine` over the slot-indexed
:class:`~moonbase.games.welcome_to_the_moon.sheet.Sheet`. Adventure 8 (The Battle) shares each
sheet between two neighbours (``Engine.sheet_for``).

>>> adventure(1).title, adventure(2).title
('The Launch', 'The Journey')
>>> {1, 2} <= set(IMPLEMENTED)
True
"""

from __future__ import annotations

from functools import cache
from typing import Final

from moonbase.games.welcome_to_the_moon.adventures.a1_launch import Launch
from moonbase.games.welcome_to_the_moon.adventures.a2_journey import Journey
from moonbase.games.welcome_to_the_moon.adventures.a3_colony import Colony
from moonbase.games.welcome_to_the_moon.adventures.a4_mine import Mine
from moonbase.games.welcome_to_the_moon.adventures.a5_dome import Dome
from moonbase.games.welcome_to_the_moon.adventures.a6_virus import Virus
from moonbase.games.welcome_to_the_moon.adventures.a7_escape import Escape
from moonbase.games.welcome_to_the_moon.adventures.a8_battle import Battle
from moonbase.games.welcome_to_the_moon.adventures.engine import Engine
from moonbase.games.welcome_to_the_moon.adventures.turn import Combination, Context

__all__ = ["IMPLEMENTED", "TITLES", "Combination", "Context", "Engine", "adventure"]


_CLASSES: Final[dict[int, type[Engine]]] = {
    rules.data.adventure: rules
    for rules in (Launch, Journey, Colony, Mine, Dome, Virus, Escape, Battle)
}

TITLES: Final = {number: rules.title for number, rules in _CLASSES.items()}
"""Every adventure's name."""

IMPLEMENTED: Final = tuple(sorted(_CLASSES))
"""The adventures that can be played."""


@cache
def adventure(number: int) -> Engine:
    """The rules of adventure ``number`` (built once)."""
    return _CLASSES[number]()
