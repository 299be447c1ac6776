"""MOON's cards as data: goal cards, bugs, events, hacker RAM cards and the difficulty tables.

A card is named by its notation: goal cards by their four bits (``"0110"``), then ``"BUG"``,
``"RESET B"``, ``"RESET 4"``, ``"ERROR ROL"``, ``"OK"``. The deck is a multiset of these names;
its order is never stored, because each draw is a chance event over what is left.

>>> len(GOAL_CARDS), GOAL_CARDS[6]
(16, '0110')
>>> event_cards(extras=False)["OK"]
4
>>> goal_value([0b0011, 0b0110], width=6) == 0b110110
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

__all__ = [
    "BUG",
    "COMPETITIVE_ENERGY",
    "COOPERATIVE_SETUP",
    "GOAL_CARDS",
    "HACKERS",
    "CooperativeSetup",
    "Hacker",
    "event_cards",
    "goal_value",
    "is_goal_card",
]

Difficulty = Literal["easy", "normal", "hard", "master"]

GOAL_CARDS: Final = tuple(format(value, "04b") for value in range(16))
"""The sixteen goal cards, one of each value 0000–1111."""

BUG: Final = "BUG"


def is_goal_card(card: str) -> bool:
    """Whether a card name is a goal card.

    >>> is_goal_card("1010"), is_goal_card("BUG")
    (True, False)
    """
    return len(card) == 4 and card.isdigit()


def event_cards(extras: bool) -> dict[str, int]:
    """The event cards and their counts; the Kickstarter RESET 2/4/8 join with ``extras``."""
    cards = {f"RESET {r}": 1 for r in "ABCD"}
    cards.update({f"ERROR {target}": 1 for target in ("B", "C", "D", "ROL", "NOT", "XOR")})
    cards["OK"] = 4
    if extras:
        cards.update({f"RESET {bit}": 1 for bit in (2, 4, 8)})
    return cards


def goal_value(cards: list[int], width: int) -> int:
    """The goal that goal cards make: with extra bits, the low ``width − 4`` bits of the left
    card above the four bits of the right card.

    >>> goal_value([0b1010], width=4)
    10
    >>> goal_value([0b1111, 0b0001], width=5)
    17
    """
    if len(cards) == 1:
        return cards[0]
    left, right = cards
    return ((left & ((1 << (width - 4)) - 1)) << 4) | right


@dataclass(frozen=True)
class CooperativeSetup:
    """One row of the cooperative difficulty table."""

    energy: float
    bugs: int
    registers_from_goals: tuple[str, ...]
    """Registers set from the first goals drawn (those goals count as solved)."""
    register_a: int = 0


COOPERATIVE_SETUP: Final[dict[str, CooperativeSetup]] = {
    "easy": CooperativeSetup(3.0, 0, ("B", "C", "D")),
    "normal": CooperativeSetup(2.5, 1, ("B", "C")),
    "hard": CooperativeSetup(2.0, 2, ("B",)),
    "master": CooperativeSetup(1.5, 2, (), register_a=1),
}

COMPETITIVE_ENERGY: Final[dict[str, float]] = {
    "easy": 4.0,
    "normal": 3.0,
    "hard": 2.5,
    "master": 2.0,
}
"""Energy per turn in the competitive game, by difficulty."""


@dataclass(frozen=True)
class Hacker:
    """The power on the back of a RAM card (competitive option ``hackers``).

    >>> HACKERS["yellow"].costs["ROL"]
    1
    """

    colour: str
    costs: dict[str, int]
    """Discounted costs in half-units."""
    free: frozenset[str] = frozenset()
    """Operations of which ``free_uses`` per turn cost nothing."""
    free_uses: int = 0

    def snapshot(self) -> str:
        """The card as a state's snapshot writes it: its colour."""
        return self.colour


HACKERS: Final[dict[str, Hacker]] = {
    "green": Hacker("green", {"INC": 2, "DEC": 2}),
    "yellow": Hacker("yellow", {"ROL": 1, "ROR": 1}),
    "purple": Hacker("purple", {}, frozenset({"MOV"}), 2),
    "red": Hacker("red", {}, frozenset({"OR", "AND", "XOR"}), 2),
}
