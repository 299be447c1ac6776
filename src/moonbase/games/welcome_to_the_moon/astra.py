"""ASTRA, the solo opponent, as data: her levels, her card per adventure and her score.

In solo, the card the player does not use each turn goes to ASTRA and counts by its action: her
score is ``F + L × G + Σ cards × multiplier`` (adventures 2–8), or the value of her 81-rocket track
in adventure 1, where each card crosses as many rockets as her multiplier for its action
(``astra.md`` §4–5). The player's result is their score minus hers.

>>> LEVELS[3].multipliers["ROBOT"], LEVELS[8].name
(5, 'Peggy')
>>> precrossed_rockets(1), precrossed_rockets(5), precrossed_rockets(8)
(15, 6, 0)
>>> [rocket_score(r) for r in (0, 15, 16, 20, 21, 80, 81)]
[10, 10, 20, 20, 30, 140, 150]
>>> astra_score(2, 3, [1, 0, 2, 4, 0, 1])  # 5 + 3·1 + robot 5·1 + plant 2·2 + energy 4·4 + 3·1
36
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import mul
from typing import Final

from moonbase.games.welcome_to_the_moon.cards import ACTIONS

__all__ = [
    "ASTRA_ADVENTURES",
    "LEVELS",
    "ROCKETS",
    "ROCKET_LABELS",
    "AstraAdventure",
    "Level",
    "astra_rockets",
    "astra_score",
    "precrossed_rockets",
    "rocket_score",
]


@dataclass(frozen=True)
class Level:
    """An ASTRA opponent card: its level, name and multiplier per action."""

    level: int
    name: str
    multipliers: dict[str, int]


_PRINTED: Final = ("ROBOT", "ENERGY", "PLANT", "WATER", "ASTRONAUT", "PLANNING")
"""The actions in the printed table's column order."""

LEVELS: Final = {
    level: Level(level, name, {action: values[_PRINTED.index(action)] for action in ACTIONS})
    for level, name, *values in (
        (1, "Katherine", 2, 3, 2, 3, 1, 4),
        (2, "Alexei", 2, 3, 3, 2, 4, 3),
        (3, "Margaret", 5, 4, 2, 2, 2, 3),
        (4, "Franklin", 2, 6, 4, 3, 3, 2),
        (5, "Sergei", 4, 4, 4, 4, 4, 3),
        (6, "Stephanie", 6, 2, 4, 5, 4, 4),
        (7, "Thomas", 5, 4, 3, 6, 5, 4),
        (8, "Peggy", 5, 3, 6, 3, 6, 6),
    )
}
"""The eight opponent cards (``astra.md`` §4)."""


@dataclass(frozen=True)
class AstraAdventure:
    """ASTRA's adventure card: her fixed score ``fixed``, ``per_level`` points per level, the
    solo-bonus boxes on the sheet and the effect cards that have an effect."""

    fixed: int
    per_level: int
    bonus_boxes: int
    effect_letters: tuple[str, ...]


ASTRA_ADVENTURES: Final = {
    1: AstraAdventure(0, 0, 9, ("A", "B", "C")),
    2: AstraAdventure(5, 1, 10, ("A", "B")),
    3: AstraAdventure(10, 3, 8, ("A", "B")),
    4: AstraAdventure(5, 2, 8, ("A", "B")),
    5: AstraAdventure(10, 2, 8, ("A", "B", "C")),
    6: AstraAdventure(5, 4, 9, ("A", "B", "C")),
    7: AstraAdventure(15, 1, 6, ("A", "B", "C")),
    8: AstraAdventure(20, 3, 6, ("A", "B", "C")),
}
"""ASTRA's card per adventure (``astra.md`` §5–7); adventure 1 scores by rockets instead."""

ROCKETS: Final = 81
"""ASTRA's rocket track in adventure 1; crossing the last ends the game."""

ROCKET_LABELS: Final = (8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2)
"""The labels of her first row: rockets labelled above the level start crossed."""


@cache
def precrossed_rockets(level: int) -> int:
    """Rockets ASTRA starts with crossed at ``level`` (adventure 1)."""
    return sum(1 for label in ROCKET_LABELS if label > level)


_ROCKETS_AT: Final = {
    level: (precrossed_rockets(level), tuple(LEVELS[level].multipliers[a] for a in ACTIONS))
    for level in LEVELS
}
"""Per level: the rockets she starts with crossed, and her multiplier per action in the order
of :data:`ACTIONS` (read once per turn by the end check)."""


def astra_rockets(level: int, cards: Sequence[int]) -> int:
    """Rockets ASTRA has crossed with ``cards`` (her card count per action), at most 81.

    >>> astra_rockets(4, [0] * 6) == precrossed_rockets(4)
    True
    """
    precrossed, multipliers = _ROCKETS_AT[level]
    crossed: int = precrossed + sum(map(mul, cards, multipliers))
    return crossed if crossed < ROCKETS else ROCKETS


def rocket_score(rockets: int) -> int:
    """ASTRA's adventure-1 score for ``rockets`` crossed: 10 up to 15, then 20 and +10 every
    fifth rocket, 150 at 81."""
    if rockets <= 15:
        return 10
    return 20 + 10 * ((min(rockets, ROCKETS) - 16) // 5)


def astra_score(adventure: int, level: int, cards: Sequence[int]) -> int:
    """ASTRA's final score in ``adventure`` at ``level`` holding ``cards`` (count per action)."""
    if adventure == 1:
        return rocket_score(astra_rockets(level, cards))
    card = ASTRA_ADVENTURES[adventure]
    multipliers = LEVELS[level].multipliers
    held = sum(count * multipliers[action] for action, count in zip(ACTIONS, cards, strict=True))
    return card.fixed + level * card.per_level + held
