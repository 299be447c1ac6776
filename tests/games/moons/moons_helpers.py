"""Helpers for the Moons tests: scripted deals in explicit chance mode."""

from __future__ import annotations

from typing import Any

from moonbase.core import CHANCE
from moonbase.games.moons import MoonsGame, MoonsState
from moonbase.games.moons.cards import CARD_NAMES, DECK_COUNTS, card, rank
from moonbase.games.moons.state import Phase

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


def deal(state: MoonsState, hands: dict[int, list[str]] | dict[int, str]) -> None:
    """Apply the DEAL outcomes that give each seat ``hands`` (card lists, or names separated by
    spaces; completed from the deck)."""
    lists = {
        seat: cards.split(" ") if isinstance(cards, str) else cards for seat, cards in hands.items()
    }
    full = full_hands(state.players, lists)
    for position in range(60):
        seat = (state.dealer + 1 + position) % state.players
        state.apply(CHANCE, f"DEAL {full[seat][position // state.players]}")


def scripted(
    hands: dict[int, list[str]] | dict[int, str] | None = None,
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


def ranked(action: str) -> int:
    """A ``PLAY``'s card rank (an Asteroid above every Moon card)."""
    name = action.removeprefix("PLAY ")
    return 15 if name == "AST" else rank(card(name))


def to_the_round_awards(state: MoonsState, pause: int | None = None) -> None:
    """Play the round's tricks: seat 0 always plays its lowest card, the others their highest
    Moon card (never a Mini-Asteroid); trick winners take their first planet. Under the
    standard layout seat 0 wins no trick (its cards are the lowest of its planets).
    ``pause``: stop when that seat is next to play a card."""
    while state.phase is Phase.TRICK:
        seat = state.to_act[0]
        if seat == pause and not state.legal_actions(seat)[0].startswith("TAKE"):
            return
        if seat == CHANCE:  # an Asteroid played draws a Mini-Asteroid: the first one left
            state.apply(CHANCE, state.chance_outcomes()[0][0])
            continue
        legal = state.legal_actions(seat)
        if legal[0].startswith("TAKE"):
            state.apply(seat, legal[0])
            continue
        plays = [action for action in legal if action.startswith("PLAY")]
        choice = min(plays, key=ranked) if seat == 0 else max(plays, key=lambda a: ranked(a) % 15)
        state.apply(seat, choice)


# A deal under which ``to_the_round_awards`` ends round 1 with tricks 4 4 3 0: seats 0 and 1 tie
# for the most, seat 3 takes none (its tableau shows Saturn and Jupiter); seat 1 is first player.
TIE_HANDS = {
    0: "S2 S9 S10 S12 J5 J9 N6 N12 N13 U4 U9 U10 U13 U14 AST",
    1: "S1 S5 S13 S14 J1 J4 J6 J7 J11 J13 N4 N9 N14 U8 AST",
    2: "S3 S4 S6 S7 S11 J8 J10 J12 N1 N7 N8 U1 U7 U12 AST",
    3: "S8 J2 J3 J14 N2 N3 N5 N10 N11 U2 U3 U5 U6 U11 AST",
}
TIE_TABLEAUS = {0: "S2 S9 S10", 1: "S1 S5 S13", 2: "S3 S4 S6", 3: "S8 J2 J3"}

# Three players: seat 1 holds every Saturn, the top Jupiters and two Asteroids, so it leads and
# wins every trick while it has a Moon card; seats 2 and 0 are void in Saturn and hold lower
# Jupiters, one Asteroid each, and keep N9 and N14 for the end (see ``lead_out``).
ASTEROID_HANDS = {
    1: [f"S{r}" for r in range(1, 15)] + ["J11", "J12", "J13", "J14", "AST", "AST"],
    2: [f"J{r}" for r in range(1, 11)] + [f"N{r}" for r in range(1, 10)] + ["AST"],
    0: [f"N{r}" for r in range(10, 15)] + [f"U{r}" for r in range(1, 15)] + ["AST"],
}
ASTEROID_TABLEAUS = {1: "S14 S13 J14", 2: "J1 J2 J3", 0: "N10 N11 U1"}
ASTEROID_KEPT = {1: ["AST"], 2: ["AST", "N9"], 0: ["AST", "N14"]}


def lead_out(state: MoonsState, tricks: int, kept: dict[int, list[str]]) -> None:
    """Play ``tricks`` tricks: each seat plays its first legal card that is not one it ``kept``
    (a kept card only when nothing else is legal); trick winners take their first planet."""
    done = state.tricks_played + tricks
    while state.tricks_played < done:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if legal[0].startswith("TAKE"):
            state.apply(seat, legal[0])
            continue
        free = [a for a in legal if a.removeprefix("PLAY ") not in kept.get(seat, [])]
        state.apply(seat, (free or legal)[0])


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
