"""Helpers for the Moons tests: scripted deals in explicit chance mode."""

from __future__ import annotations

from typing import Any

from moonbase.core import CHANCE
from moonbase.games.moons import MoonsGame, MoonsState
from moonbase.games.moons.cards import CARD_NAMES, DECK_COUNTS

# The standard layout (4 players): every seat holds two planets, ranks split so that seats
# 2 and 3 can tie for the lowest off-suit card.
STANDARD_HANDS = {
    0: [f"S{r}" for r in range(1, 8)] + [f"J{r}" for r in range(1, 8)] + ["AST"],
    1: [f"S{r}" for r in range(8, 15)] + [f"J{r}" for r in range(8, 15)] + ["AST"],
    2: [f"N{r}" for r in range(1, 8)] + [f"U{r}" for r in range(8, 15)] + ["AST"],
    3: [f"N{r}" for r in range(8, 15)] + [f"U{r}" for r in range(1, 8)] + ["AST"],
}
STANDARD_TABLEAUS = {0: "S1 J1 S2", 1: "S14 J14 S8", 2: "N1 U14 N2", 3: "N14 U1 N8"}


def full_hands(players: int, hands: dict[int, list[str]]) -> dict[int, list[str]]:
    """``hands`` completed from the rest of the deck (in deck order) to the hand size."""
    size = 60 // players
    rest: list[str] = []
    for name, count in zip(CARD_NAMES, DECK_COUNTS, strict=True):
        rest += [name] * count
    for cards in hands.values():
        for name in cards:
            rest.remove(name)
    full = {}
    for seat in range(players):
        cards = list(hands.get(seat, []))
        while len(cards) < size:
            cards.append(rest.pop(0))
        full[seat] = cards
    return full


def deal(state: MoonsState, hands: dict[int, list[str]]) -> None:
    """Apply the DEAL outcomes that give each seat ``hands`` (completed from the deck)."""
    full = full_hands(state.players, hands)
    for position in range(60):
        seat = (state.dealer + 1 + position) % state.players
        state.apply(CHANCE, f"DEAL {full[seat][position // state.players]}")


def scripted(
    hands: dict[int, list[str]] | None = None,
    players: int = 4,
    minis: dict[int, list[str]] | None = None,
    tableaus: dict[int, str] | None = None,
    **options: Any,
) -> MoonsState:
    """An explicit-chance game: Mini-Asteroids ``minis`` (two per seat; none if omitted), then the
    cards ``hands`` (the standard layout if omitted) and the ``tableaus`` chosen (if given)."""
    game = MoonsGame(players=players, mini_asteroids=minis is not None, **options)
    state = game.new(seed=1, chance="explicit")
    if minis is not None:
        for position in range(2 * players):
            seat = (1 + position) % players
            state.apply(CHANCE, f"DRAW {minis[seat][position // players]}")
    deal(state, STANDARD_HANDS if hands is None else hands)
    for seat, cards in (tableaus or {}).items():
        state.apply(seat, f"TABLEAU {cards}")
    return state


def standard(minis: dict[int, list[str]] | None = None, **options: Any) -> MoonsState:
    """The standard layout with the standard tableaus: seat 1 is first player and leads.

    Hands then: seat 0 S3–S7 J2–J7 AST; seat 1 S9–S13 J8–J13 AST; seat 2 N3–N7 U8–U13 AST;
    seat 3 N9–N13 U2–U7 AST.
    """
    return scripted(minis=minis, tableaus=STANDARD_TABLEAUS, **options)


def give_hands(state: MoonsState, hands: dict[int, list[int]]) -> None:
    """Replace the hands of some seats (raw state, for a position dealing cannot reach
    quickly), with what the rules keep beside the hands."""
    for seat, hand in hands.items():
        state.hands[seat] = sorted(hand)
        state._sort_plays(seat)
    state._legal_cache.clear()


def play(state: MoonsState, *moves: str) -> None:
    """Apply ``"seat action"`` moves, e.g. ``"1 PLAY S9"``."""
    for move in moves:
        seat, _, action = move.partition(" ")
        state.apply(int(seat), action)


def strings(data: object) -> set[str]:
    """Every string in a JSON-like value (keys included)."""
    found: set[str] = set()
    if isinstance(data, str):
        found.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            found.add(str(key))
            found |= strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= strings(value)
    return found
