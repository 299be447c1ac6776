"""Moons' notation: reading actions as people type them, printing them canonically, and the
numbered action universe.

Cards are ``S7``, ``J14``, ``N1``, ``U3`` and ``AST``; planets ``SATURN``, ``JUPITER``,
``NEPTUNE``, ``URANUS``. The actions (``rules/moons.md``)::

    TABLEAU S3 J14 N7                 three cards, printed in deck order (S, J, N, U, by rank)
    PLAY J5 / PLAY AST
    MINI GRAB URANUS / MINI BLOCK SATURN
    MINI TOKEN-SWAP 2 SATURN URANUS   with seat 2: give a Saturn token, take a Uranus token
    MINI TABLEAU-SWAP S3 J9           tableau card, then hand card
    MINI BONUS-JUPITER / MINI SET-BONUS
    TAKE SATURN                       choosing a token
    PASS                              declining a no-trick token (option decline_awards)
    DEAL S5 / DRAW GRAB               chance: a card dealt, a Mini-Asteroid drawn

Parsing is lenient — any case, extra spaces or commas, tableau cards in any order, a planet by
any beginning of its name (``u``, ``sat``), leading zeros in ranks — and printing is canonical.

>>> canonical("tableau n7  s3 j14")
'TABLEAU S3 J14 N7'
>>> canonical("mini token-swap 2 sat u")
'MINI TOKEN-SWAP 2 SATURN URANUS'
>>> canonical("play j05")
'PLAY J5'

**The action universe** (ids are stable for a game's ``players`` and ``mini_asteroids``): every
text above a seat could ever take, numbered in sorted text order. The tableau is enumerated
faithfully — one action per choice of three different Moon cards, ``C(56, 3) = 27720`` of them
— then ``PASS``, the 57 ``PLAY`` actions, the four ``TAKE`` and, with the Mini-Asteroids, every
``MINI`` action (a ``TOKEN-SWAP`` with any seat). Chance outcomes: the 57 ``DEAL`` (the four
Asteroids are one outcome) and, with the Mini-Asteroids, the 9 ``DRAW``.

>>> table = action_table(4, True)
>>> len(table.texts), len(table.outcome_texts)
(30923, 66)
>>> table.texts[table.tableau[card("S3")][card("J14")][card("N7")]]
'TABLEAU S3 J14 N7'
>>> table.decode[table.play[card("J5")]]
Act(op=1, a=18, b=0, c=0)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import Final, NamedTuple

from moonbase.core.actions import ActionSpace
from moonbase.games.moons.cards import (
    AST,
    CARD_NAMES,
    MINI_INDEX,
    MINIS,
    PLANETS,
    RANKS,
    SUIT_LETTERS,
    card,
)
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = [
    "DEAL",
    "DRAW",
    "MINI",
    "PASS",
    "PLAY",
    "TABLEAU",
    "TAKE",
    "Act",
    "ActionTable",
    "action_table",
    "canonical",
    "card_text",
    "normal_card",
    "normal_planet",
    "tableau_action",
    "unknown",
]

PASS: Final = 0
PLAY: Final = 1
TABLEAU: Final = 2
TAKE: Final = 3
MINI: Final = 4
DEAL: Final = 5
DRAW: Final = 6
"""The kinds of action (and chance outcome): :attr:`Act.op`."""


class Act(NamedTuple):
    """An action id decoded once: its kind ``op`` and its parts.

    ``PLAY``: ``a`` the card. ``TABLEAU``: the cards ``a < b < c``. ``TAKE``: ``a`` the planet.
    ``MINI``: ``a`` the kind (index into :data:`~moonbase.games.moons.cards.MINIS`), then for a
    grab or block ``b`` the planet, for a token swap ``b`` the other seat and ``c`` the planets
    given and taken as ``give * 4 + take``, for a tableau swap ``b`` the tableau card and ``c``
    the hand card. ``DEAL``: ``a`` the card. ``DRAW``: ``a`` the kind.
    """

    op: int
    a: int = 0
    b: int = 0
    c: int = 0


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


_FORMS: Final = N_(
    "TABLEAU <three cards>, PLAY <card>, MINI <Mini-Asteroid> ..., TAKE <planet> or PASS"
)


_MINI_FORMS: Final = {
    "grab": N_("MINI GRAB <planet>"),
    "block": N_("MINI BLOCK <planet>"),
    "token-swap": N_("MINI TOKEN-SWAP <seat> <planet given> <another planet taken>"),
    "tableau-swap": N_("MINI TABLEAU-SWAP <tableau card> <another Moon card from the hand>"),
    "bonus": N_("MINI BONUS-<PLANET>, alone"),
    "set-bonus": N_("MINI SET-BONUS, alone"),
}


def unknown(text: str) -> str:
    """Why a canonical text is no action of Moons, in a few words (the forms actions take).

    >>> unknown("TABLEAU S1 S2 AST")
    'a tableau is three different Moon cards, never an Asteroid'
    >>> unknown("MINI TOKEN-SWAP 2 URANUS URANUS")
    'it is played as MINI TOKEN-SWAP <seat> <planet given> <another planet taken>'
    >>> unknown("PLAY S15")
    'S15 is no card: cards are S1-S14, J1-J14, N1-N14, U1-U14 and AST'
    """
    words = text.split(" ")
    head = words[0]
    if head == "TABLEAU":
        return _("a tableau is three different Moon cards, never an Asteroid")
    if head in ("PLAY", "DEAL") and len(words) == 2 and normal_card(words[1]) is None:
        return _("{text} is no card: cards are S1-S14, J1-J14, N1-N14, U1-U14 and AST").format(
            text=words[1]
        )
    if head == "TAKE":
        return _("TAKE names a planet: {planets}").format(planets=", ".join(PLANETS))
    if head == "MINI" and len(words) > 1 and words[1] in MINI_INDEX:
        form = _(_MINI_FORMS[MINIS[MINI_INDEX[words[1]]].effect])
        return _("it is played as {form}").format(form=form)
    if head == "MINI":
        return _("the Mini-Asteroids: {names}").format(names=", ".join(mini.name for mini in MINIS))
    return _("actions: {forms}").format(forms=_(_FORMS))


# ---------------------------------------------------------------------- the action universe
def _planet_acts(kind: int) -> dict[str, Act]:
    name = MINIS[kind].name
    return {f"MINI {name} {planet}": Act(MINI, kind, p) for p, planet in enumerate(PLANETS)}


def _mini_acts(players: int) -> dict[str, Act]:
    acts: dict[str, Act] = {}
    for kind, mini in enumerate(MINIS):
        name = f"MINI {mini.name}"
        if mini.effect in ("grab", "block"):
            acts.update(_planet_acts(kind))
        elif mini.effect == "token-swap":
            for other in range(players):
                for give, give_name in enumerate(PLANETS):
                    for take, take_name in enumerate(PLANETS):
                        if take != give:
                            text = f"{name} {other} {give_name} {take_name}"
                            acts[text] = Act(MINI, kind, other, give * 4 + take)
        elif mini.effect == "tableau-swap":
            for out in range(AST):
                for into in range(AST):
                    if into != out:
                        text = f"{name} {CARD_NAMES[out]} {CARD_NAMES[into]}"
                        acts[text] = Act(MINI, kind, out, into)
        else:
            acts[name] = Act(MINI, kind)
    return acts


def _universe(players: int, minis: bool) -> dict[str, Act]:
    """Every action any seat can ever take, with its parts."""
    acts: dict[str, Act] = {"PASS": Act(PASS)}
    acts.update((f"PLAY {name}", Act(PLAY, c)) for c, name in enumerate(CARD_NAMES))
    acts.update((f"TAKE {planet}", Act(TAKE, p)) for p, planet in enumerate(PLANETS))
    for a, b, c in combinations(range(AST), 3):
        acts[f"TABLEAU {CARD_NAMES[a]} {CARD_NAMES[b]} {CARD_NAMES[c]}"] = Act(TABLEAU, a, b, c)
    if minis:
        acts.update(_mini_acts(players))
    return acts


def _outcomes(minis: bool) -> dict[str, Act]:
    """Every chance outcome, with its parts."""
    acts = {f"DEAL {name}": Act(DEAL, c) for c, name in enumerate(CARD_NAMES)}
    if minis:
        acts.update((f"DRAW {mini.name}", Act(DRAW, kind)) for kind, mini in enumerate(MINIS))
    return acts


def _planets(mask: int) -> list[int]:
    """The planets of a bit mask, in deck order."""
    return [planet for planet in range(4) if mask >> planet & 1]


_NONE: Final = [-1] * AST
"""A row of no actions (never changed), shared."""


class ActionTable:
    """The numbered actions and outcomes of one player count (with or without the
    Mini-Asteroids), decoded, with the lookup tables the rules build legal ids from.

    Tables from parts to ids hold ``-1`` where no action exists.
    """

    def __init__(self, players: int, minis: bool) -> None:
        acts = _universe(players, minis)
        outcomes = _outcomes(minis)
        space, chance = ActionSpace(acts), ActionSpace(outcomes)
        self.texts: tuple[str, ...] = space.texts
        """Every action text, by id (the game's :attr:`~moonbase.core.Game.actions`)."""
        self.outcome_texts: tuple[str, ...] = chance.texts
        """Every chance outcome text, by id."""
        self.decode: tuple[Act, ...] = tuple(acts[text] for text in space.texts)
        """Each action id's parts."""
        self.decode_outcome: tuple[Act, ...] = tuple(outcomes[text] for text in chance.texts)
        """Each chance outcome id's parts."""
        self.pass_id = space.id("PASS")
        self.name_rank = [sorted(CARD_NAMES).index(name) for name in CARD_NAMES]
        """Card -> where its name comes in alphabetical order: the ids of the actions that
        differ in one card ascend with it (ids number the texts in sorted order)."""
        self.play = [space.id(f"PLAY {name}") for name in CARD_NAMES]
        """Card -> its ``PLAY`` id."""
        self.play_range = [
            (min(self.play[c] for c in cards), max(self.play[c] for c in cards) + 1)
            for cards in (range(planet * RANKS, planet * RANKS + RANKS) for planet in range(4))
        ]
        """Planet -> the ids ``low, high`` its cards' ``PLAY`` ids fill (``range(low, high)``:
        the names of a planet's cards share its letter, so they are together in sorted order)."""
        self.take = [space.id(f"TAKE {planet}") for planet in PLANETS]
        """Planet -> its ``TAKE`` id."""
        self.tableau = [[[-1] * AST if a < b else _NONE for b in range(AST)] for a in range(AST)]
        """``tableau[a][b][c]`` for cards ``a < b < c``: the id of ``TABLEAU a b c``."""
        self.grab = [-1] * 4
        self.block = [-1] * 4
        self.swap = [[-1] * 16 for _ in range(players)]
        """``swap[other][give * 4 + take]``: the id of that token swap."""
        self.tableau_swap = [[-1] * AST for _ in range(AST)]
        """``tableau_swap[out][into]``: the id of that tableau swap."""
        self.kept = [-1] * len(MINIS)
        """Kind of a bonus card -> the id of playing it."""
        for number, act in enumerate(self.decode):
            self._index(number, act)
        self.grabs = [[self.grab[p] for p in _planets(mask)] for mask in range(16)]
        """A bit mask of planets -> the ids of grabbing a token of each."""
        self.blocks = [[self.block[p] for p in _planets(mask)] for mask in range(16)]
        """A bit mask of planets -> the ids of blocking each."""
        self.swaps = [
            [[self._swaps(row, give, take) for take in range(16)] for give in range(16)]
            for row in self.swap
        ]
        """``swaps[other][give][take]``: the ids of the token swaps with ``other`` giving a
        planet of the bit mask ``give`` and taking another planet of the bit mask ``take``."""
        self.deal = [chance.id(f"DEAL {name}") for name in CARD_NAMES]
        """Card -> its ``DEAL`` outcome id."""
        self.draw = [chance.get(f"DRAW {mini.name}") or 0 for mini in MINIS]
        """Kind -> its ``DRAW`` outcome id (with the Mini-Asteroids)."""

    @staticmethod
    def _swaps(row: list[int], give: int, take: int) -> list[int]:
        return [row[g * 4 + t] for g in _planets(give) for t in _planets(take) if t != g]

    def _index(self, number: int, act: Act) -> None:
        if act.op == TABLEAU:
            self.tableau[act.a][act.b][act.c] = number
        elif act.op == MINI:
            effect = MINIS[act.a].effect
            if effect == "grab":
                self.grab[act.b] = number
            elif effect == "block":
                self.block[act.b] = number
            elif effect == "token-swap":
                self.swap[act.b][act.c] = number
            elif effect == "tableau-swap":
                self.tableau_swap[act.b][act.c] = number
            else:
                self.kept[act.a] = number


@cache
def action_table(players: int, minis: bool) -> ActionTable:
    """The action table of ``players`` seats (with or without Mini-Asteroids), built once."""
    return ActionTable(players, minis)
