"""Moons' notation: reading actions as people type them and printing them canonically.

Cards are ``S7``, ``J14``, ``N1``, ``U3`` and ``AST``; planets ``SATURN``, ``JUPITER``,
``NEPTUNE``, ``URANUS``. The actions (``rules/moons.md``)::

    TABLEAU S3 J14 N7                 three cards, printed in deck order (S, J, N, U, by rank)
    PLAY J5 / PLAY AST
    MINI GRAB URANUS / MINI BLOCK SATURN
    MINI TOKEN-SWAP 2 SATURN URANUS   with seat 2: give a Saturn token, take a Uranus token
    MINI TABLEAU-SWAP S3 J9           tableau card, then hand card
    MINI BONUS-JUPITER / MINI SET-BONUS
    TAKE SATURN                       choosing a token
    PASS                              declining the token a player with no trick may take
    DEAL S5 / DRAW GRAB               chance: a card dealt, a Mini-Asteroid drawn

Parsing is lenient — any case, extra spaces or commas, tableau cards in any order, a planet by
any beginning of its name (``u``, ``sat``), leading zeros in ranks — and printing is canonical.

>>> canonical("tableau n7  s3 j14")
'TABLEAU S3 J14 N7'
>>> canonical("mini token-swap 2 sat u")
'MINI TOKEN-SWAP 2 SATURN URANUS'
>>> canonical("play j05")
'PLAY J5'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from moonbase.games.moons.cards import (
    CARD_NAMES,
    MINI_INDEX,
    MINIS,
    PLANETS,
    SUIT_LETTERS,
    card,
)

if TYPE_CHECKING:
    from moonbase.games.moons.state import MoonsState

__all__ = [
    "canonical",
    "card_text",
    "explain",
    "normal_card",
    "normal_planet",
    "tableau_action",
]


def normal_card(word: str) -> str | None:
    """The canonical name of a card as typed, or ``None`` if it is not a card.

    >>> normal_card("s03"), normal_card("ast"), normal_card("X3"), normal_card("S15")
    ('S3', 'AST', None, None)
    """
    word = word.upper()
    if word in ("AST", "ASTEROID"):
        return "AST"
    if len(word) >= 2 and word[0] in SUIT_LETTERS and word[1:].isdigit():
        name = f"{word[0]}{int(word[1:])}"
        return name if name in CARD_NAMES else None
    return None


def normal_planet(word: str) -> str | None:
    """The planet a word names (any beginning of the name), or ``None``.

    >>> normal_planet("j"), normal_planet("Neptune"), normal_planet("pluto")
    ('JUPITER', 'NEPTUNE', None)
    """
    word = word.upper()
    if not word:
        return None
    for planet in PLANETS:
        if planet.startswith(word):
            return planet
    return None


def card_text(cards: Iterable[int]) -> str:
    """Cards as notation, in the order given.

    >>> card_text([0, 27, 56])
    'S1 J14 AST'
    """
    return " ".join(CARD_NAMES[number] for number in cards)


def tableau_action(cards: Iterable[int]) -> str:
    """The canonical ``TABLEAU`` action for three cards.

    >>> tableau_action([card("N7"), card("S3"), card("J14")])
    'TABLEAU S3 J14 N7'
    """
    return "TABLEAU " + card_text(sorted(cards))


def _mini_name(word: str) -> str | None:
    word = word.replace("_", "-")
    return word if word in MINI_INDEX else None


@lru_cache(maxsize=1 << 16)
def canonical(action: str) -> str:
    """The canonical spelling of an action (or chance outcome) as typed by a person.

    Text that is not an action comes back only normalised (upper case, single spaces), so that
    the caller can report it as illegal.

    >>> canonical("  mini  tableau-swap s03 j9 ")
    'MINI TABLEAU-SWAP S3 J9'
    >>> canonical("take nep"), canonical("deal u1"), canonical("draw set-bonus")
    ('TAKE NEPTUNE', 'DEAL U1', 'DRAW SET-BONUS')
    >>> canonical("dance")
    'DANCE'
    """
    words = action.replace(",", " ").upper().split()
    fallback = " ".join(words)
    if not words:
        return fallback
    head, args = words[0], words[1:]
    if head in ("PLAY", "DEAL") and len(args) == 1:
        name = normal_card(args[0])
        return f"{head} {name}" if name else fallback
    if head == "TABLEAU":
        names = [normal_card(word) for word in args]
        if all(names) and names:
            return "TABLEAU " + " ".join(sorted((str(name) for name in names), key=card))
        return fallback
    if head == "TAKE" and len(args) == 1:
        planet = normal_planet(args[0])
        return f"TAKE {planet}" if planet else fallback
    if head == "DRAW" and len(args) == 1:
        mini = _mini_name(args[0])
        return f"DRAW {mini}" if mini else fallback
    if head == "MINI" and args:
        return _canonical_mini(args) or fallback
    return fallback


def _canonical_mini(args: list[str]) -> str | None:
    name = _mini_name(args[0])
    if name is None:
        return None
    effect = MINIS[MINI_INDEX[name]].effect
    rest = args[1:]
    if effect in ("grab", "block") and len(rest) == 1:
        planet = normal_planet(rest[0])
        return f"MINI {name} {planet}" if planet else None
    if effect == "token-swap" and len(rest) == 3 and rest[0].isdigit():
        give, take = normal_planet(rest[1]), normal_planet(rest[2])
        return f"MINI {name} {int(rest[0])} {give} {take}" if give and take else None
    if effect == "tableau-swap" and len(rest) == 2:
        out, into = normal_card(rest[0]), normal_card(rest[1])
        return f"MINI {name} {out} {into}" if out and into else None
    if effect in ("bonus", "set-bonus") and not rest:
        return f"MINI {name}"
    return None


def explain(state: MoonsState, seat: int, action: str) -> str:
    """Why ``action`` (canonical) is not legal for ``seat`` now, in a few words ('' if unknown)."""
    from moonbase.games.moons.state import TABLEAU, TRICK

    words = action.split(" ") if action else [""]
    head = words[0]
    if seat < 0:
        return ""
    if state.taker == seat:
        if state.may_pass:
            return "take a token of a planet in your tableau (TAKE <planet>) or decline it (PASS)"
        return "choose the planet of the token you are owed (TAKE <planet>)"
    if head == "PASS":
        return "only a player who won no trick may decline (PASS) the token it is offered"
    if state.phase == TABLEAU:
        if head != "TABLEAU":
            return "every player first chooses a tableau of three cards"
        if len(words) != 4 or len(set(words[1:])) != 3:
            return "a tableau is three different cards"
        if "AST" in words:
            return "an Asteroid may not go in the tableau"
        return "choose three cards from your own hand"
    if state.phase != TRICK:
        return ""
    if head == "PLAY" and len(words) == 2:
        name = words[1]
        if name not in CARD_NAMES or CARD_NAMES.index(name) not in state.hands[seat]:
            return f"{name} is not in your hand"
        if name == "AST" and not state.trick:
            return "an Asteroid may be led only when the hand holds nothing else"
        if state.led is not None:
            return f"you must follow {PLANETS[state.led]} (or play AST)"
        return "an Asteroid may be led only when the hand holds nothing else"
    if head == "MINI":
        if state.mini_played:
            return "at most one Mini-Asteroid per player per trick"
        name = words[1] if len(words) > 1 else ""
        if name not in MINI_INDEX or not state.minis[seat][MINI_INDEX[name]]:
            return f"you hold no {name or 'such'} Mini-Asteroid"
        if state.blocked is not None and PLANETS[state.blocked] in words:
            return f"{PLANETS[state.blocked]} is blocked until this trick ends"
        planet = words[-1]
        if name == "BLOCK" and planet in PLANETS and not state.supply[PLANETS.index(planet)]:
            return f"no {planet} token is left to block"
        return f"that {name} cannot be played that way now"
    if head == "TAKE":
        return "there is no token to choose now"
    if head == "TABLEAU":
        return "the tableaus were chosen at the start of the round"
    return "" if head in ("DEAL", "DRAW") else f"{head or 'nothing'} is not an action of Moons"
