"""The solo game's deck and ASTRA's cards: :class:`SoloDeck`, one field of a game's state.

Solo, the 63 starship cards and the three ASTRA effect cards form one deck, dealt three cards
a turn in two passes (``astra.md``). What that deal needs between turns is kept together in one
small object, so that a state has few enough fields for the interpreter to share their names
among states (a state's own dictionary then costs a few hundred bytes, not a kilobyte and a
half). A multiplayer game keeps an unused one.

>>> deck = SoloDeck(types=53)
>>> deck.pass_number, deck.drawn, deck.cards, len(deck.deck), list(deck.solo_unseen)
(1, 0, [-1, -1, -1], 0, [53, 54, 55])
>>> twin = deck.clone()
>>> twin.astra_cards[0] += 1
>>> deck.astra_cards[0], twin.snapshot()["astra_cards"][0]
(0, 1)
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar, overload

from moonbase.core.fields import snapshot_value
from moonbase.games.welcome_to_the_moon.cards import ACTIONS

__all__ = ["DeckField", "SoloDeck"]

T = TypeVar("T")


class SoloDeck:
    """Solo: the deck's passes and piles, this turn's cards and choice, and ASTRA's cards.

    Cards are indices into :data:`~moonbase.games.welcome_to_the_moon.cards.CARD_TYPES`, the
    three effect cards following the ``types`` starship card types; a pile is its cards in
    card order.
    """

    __slots__ = (
        "astra_cards",
        "cards",
        "deck",
        "discard",
        "drawn",
        "effect",
        "pass_number",
        "solo_choice",
        "solo_unseen",
    )

    def __init__(self, types: int) -> None:
        self.solo_unseen = bytearray(range(types, types + 3))
        """The effect cards not drawn yet in the first pass."""
        self.pass_number = 1
        self.drawn = 0
        """Cards drawn in this pass."""
        self.deck = bytearray()
        """Second pass: the reshuffled deck."""
        self.discard = bytearray()
        self.cards = [-1, -1, -1]
        """This turn's three cards (``-1``: not drawn yet)."""
        self.solo_choice = [0, 0, 0, 0]
        """The number card, action card, ASTRA's card (1–3) and whether a bonus is spent."""
        self.effect = ""
        """The letter of the ASTRA card waiting for ``CROSS``."""
        self.astra_cards = [0] * len(ACTIONS)
        """ASTRA's cards per action."""

    def clone(self) -> SoloDeck:
        """An independent copy."""
        other = SoloDeck.__new__(SoloDeck)
        other.solo_unseen = self.solo_unseen.copy()
        other.pass_number = self.pass_number
        other.drawn = self.drawn
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.cards = self.cards.copy()
        other.solo_choice = self.solo_choice.copy()
        other.effect = self.effect
        other.astra_cards = self.astra_cards.copy()
        return other

    def snapshot(self) -> dict[str, Any]:
        """Every field as JSON-safe data."""
        return {name: snapshot_value(getattr(self, name)) for name in self.__slots__}


class _Dealing(Protocol):
    solo_deck: SoloDeck


class DeckField(Generic[T]):
    """A state's attribute that reads and writes the field of the same name of its
    ``solo_deck`` (so ``state.astra_cards`` is ``state.solo_deck.astra_cards``).

    >>> class Table:
    ...     drawn: DeckField[int] = DeckField()
    ...     def __init__(self) -> None:
    ...         self.solo_deck = SoloDeck(types=53)
    >>> table = Table()
    >>> table.drawn = 42
    >>> table.solo_deck.drawn, table.drawn
    (42, 42)
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, state: None, owner: type | None = None) -> DeckField[T]: ...
    @overload
    def __get__(self, state: _Dealing, owner: type | None = None) -> T: ...
    def __get__(self, state: _Dealing | None, owner: type | None = None) -> T | DeckField[T]:
        if state is None:
            return self
        value: T = getattr(state.solo_deck, self.name)
        return value

    def __set__(self, state: _Dealing, value: T) -> None:
        setattr(state.solo_deck, self.name, value)
