"""Welcome to the Moon's notation: canonical spelling, the action universe, and decoding ids.

Actions (``rules/welcome-to-the-moon.md``)::

    WRITE 2 ENE.3                      combination 2's number in space ENE.3 (adventure 1)
    WRITE 1 T14 +1 WILD ASTRONAUT      adventure 2: a wild action, the number changed by +1
    WRITE 1 3 T14 BONUS                solo: number of card 1, action of card 3; card 2 is
                                       removed with a solo bonus instead of going to ASTRA
    ERROR / ERROR 2 [BONUS]            nothing can be written (solo: card 2 goes to ASTRA)
    X WILD.3 / ACTIVATE Q4             adventure 1's bonus sub-steps
    ROBOT ST2 / PLANT ST1 / WATER / ENERGY / ASTRONAUT / X T5 / WALL #95 / SKIP   adventure 2
    CROSS #59                          solo: the sabotage (or high multiplier) an ASTRA card
                                       crosses off
    MISSION A2 / DRAW 2 7 ENERGY / DRAW 7 ENERGY / DRAW SOLO A        chance

Parsing is lenient — any case, extra spaces, commas, ``#<slot>`` for a space with an alias — and
printing is canonical. :func:`notation` numbers every action an adventure can ever have (its
*universe*: every ``WRITE`` form its sheet allows, ``ERROR``, every sub-step and ``CROSS``) and
every chance outcome, and holds the tables that turn an id into its parts and the rules' parts
into an id, so the rules never read text.

>>> from moonbase.games.welcome_to_the_moon.adventures import adventure
>>> canonical(" write 2,  ene.3 ", adventure(1).data)
'WRITE 2 ENE.3'
>>> canonical("x #28", adventure(1).data), canonical("wall #095", adventure(2).data)
('X ENE.1', 'WALL #95')
>>> parse_choice("WRITE 1 T14 +1 WILD ASTRONAUT".split(), False, adventure(2).data)
Choice(error=False, label='1', slot=14, modified=1, wild='ASTRONAUT', bonus=False, card=0, combo=0)
>>> parse_choice("WRITE 4".split(), False, adventure(2).data)
'write WRITE <combination> <space> [±1|±2] [WILD <action>]'
>>> tables = notation(2, False)
>>> tables.decoded[tables.ids["WRITE 2 T5 -1"]]
Choice(error=False, label='2', slot=5, modified=-1, wild=None, bonus=False, card=0, combo=1)
>>> tables.texts[tables.rows[1, -1, None][5]]
'WRITE 2 T5 -1'
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import NamedTuple

from moonbase.core.chance import ChanceTable
from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.adventures.turn import ASTRONAUT_CHANGES, WriteRows
from moonbase.games.welcome_to_the_moon.cards import ACTIONS, CARD_TYPES, PILES, SOLO_CARDS
from moonbase.games.welcome_to_the_moon.cards import card_text as _card_text
from moonbase.games.welcome_to_the_moon.missions import LETTERS, MISSION_CARDS
from moonbase.games.welcome_to_the_moon.sheet import SheetData
from moonbase.i18n import gettext as _

__all__ = ["Choice", "Notation", "canonical", "labels", "notation", "parse_choice"]

_CHANGES = {"+1": 1, "+2": 2, "-1": -1, "-2": -2}
_TYPES = len(CARD_TYPES)


class Choice(NamedTuple):
    """A seat's choice of phases 2–3, read from its words."""

    error: bool
    """``ERROR``: nothing can be written."""
    label: str
    """The combination (``"2"``; solo ``"1 3"``); ``""`` for an error."""
    slot: int
    modified: int
    wild: str | None
    bonus: bool
    """Solo: spend a solo bonus to remove the third card instead of giving it to ASTRA."""
    card: int
    """Solo ``ERROR``: the card (1–3) that goes to ASTRA."""
    combo: int = -1
    """The combination's index in the turn's offer (``-1``: an error, or no such label)."""


def labels(solo: bool) -> tuple[str, ...]:
    """The combinations' labels in the order the turn offers them.

    >>> labels(False), labels(True)[:3]
    (('1', '2', '3'), ('1 2', '1 3', '2 1'))
    """
    if not solo:
        return tuple(str(pile + 1) for pile in range(PILES))
    return tuple(f"{i + 1} {j + 1}" for i in range(3) for j in range(3) if i != j)


def canonical(action: str, data: SheetData) -> str:
    """The canonical spelling of an action typed by a person."""
    words = action.replace(",", " ").upper().split()
    for index, word in enumerate(words):
        if word.startswith("#") and word[1:].isdigit():
            words[index] = data.name(int(word[1:]))
    return " ".join(words)


def _usage(solo: bool, data: SheetData) -> str:
    if solo:
        if data.adventure == 1:
            return _("write WRITE <number card> <action card> <space> [BONUS]")
        return _("write WRITE <number card> <action card> <space> [±1|±2] [WILD <action>] [BONUS]")
    if data.adventure == 1:
        return _("write WRITE <combination> <space>")
    return _("write WRITE <combination> <space> [±1|±2] [WILD <action>]")


def parse_choice(words: list[str], solo: bool, data: SheetData) -> Choice | str:
    """Read ``WRITE …`` or ``ERROR …`` (canonical words); a text says what is wrong."""
    if words[0] == "ERROR":
        bonus = solo and words[-1] == "BONUS"
        rest = words[1:-1] if bonus else words[1:]
        if not solo:
            return _("write ERROR") if rest else Choice(True, "", 0, 0, None, False, 0)
        if rest not in (["1"], ["2"], ["3"]):
            return _("write ERROR <card 1–3 that goes to ASTRA> [BONUS]")
        return Choice(True, "", 0, 0, None, bonus, int(rest[0]))
    size = 2 if solo else 1
    if words[0] != "WRITE" or len(words) < 2 + size:
        return _usage(solo, data)
    label = " ".join(words[1 : 1 + size])
    slot = data.slot(words[1 + size])
    if slot is None:
        first, last = data.spaces[0].alias, data.spaces[-1].alias
        return _("{space} is not a space of this sheet ({first} … {last})").format(
            space=words[1 + size], first=first, last=last
        )
    rest = words[2 + size :]
    bonus = bool(rest) and rest[-1] == "BONUS"
    if bonus:
        if not solo:
            return _("BONUS is a solo word")
        rest = rest[:-1]
    modified = 0
    if rest and rest[0] in _CHANGES:
        modified = _CHANGES[rest[0]]
        rest = rest[1:]
    wild: str | None = None
    if rest and rest[0] == "WILD":
        if len(rest) != 2 or rest[1] not in ACTIONS:
            return _("write WILD <action>, the action one of {actions}").format(
                actions=", ".join(ACTIONS)
            )
        wild = rest[1]
        rest = []
    if rest:
        return _usage(solo, data)
    order = labels(solo)
    combo = order.index(label) if label in order else -1
    return Choice(False, label, slot, modified, wild, bonus, 0, combo)


def why_unknown(words: list[str], solo: bool, number: int) -> str:
    """Why canonical ``words`` are no action of adventure ``number``, in a few words."""
    rules = adventure(number)
    if not words:
        return _("an action is a word or more")
    if words[0] in ("WRITE", "ERROR"):
        choice = parse_choice(words, solo, rules.data)
        if isinstance(choice, str):
            return choice
        if choice.combo < 0:
            if solo and len(set(choice.label.split(" "))) == 1:
                return _("the number and the action come from two different cards")
            return _("combination {label} does not exist; choose {labels}").format(
                label=choice.label, labels=", ".join(labels(solo))
            )
        if choice.modified and not rules.changes:
            return _(
                "adventure {number} has no Astronaut change: the number is written as it is"
            ).format(number=number)
        if choice.wild is not None and not rules.wilds:
            return _("adventure {number} has no wild actions").format(number=number)
        return ""
    if words[0] in rules.words or words[0] == "CROSS":
        return _("no such {word} on this sheet").format(word=words[0])
    steps = ", ".join(rules.words) + (", CROSS" if solo else "")
    return _("actions are WRITE …, ERROR, and the sub-steps {steps}").format(steps=steps)


class Notation:
    """An adventure's numbered actions and chance outcomes (solo or not), and the tables
    between ids and the parts the rules read. Built once per adventure and mode."""

    def __init__(self, number: int, solo: bool) -> None:
        rules = adventure(number)
        choices = _choices(number, solo)
        crosses = {f"CROSS #{slot}": slot for slot in rules.cross_slots()} if solo else {}
        parts: dict[str, Choice | str | int] = {**choices, **crosses}
        parts.update((text, text) for text in rules.step_texts())
        self.texts: tuple[str, ...] = tuple(sorted(parts))
        """Every action, by id (the order the core numbers them in)."""
        ids = self.ids = {text: index for index, text in enumerate(self.texts)}
        """Canonical text → id."""
        self.decoded: list[Choice | str | int] = [parts[text] for text in self.texts]
        """Per id: a ``WRITE``/``ERROR`` as its :class:`Choice`, a sub-step as its text (the
        adventure's words), a ``CROSS`` as its slot."""
        self.rows = WriteRows()
        """``(combination index, change, wild action)`` → the id of that write per slot
        (``-1``: no space)."""
        self.bonus_twin = [-1] * len(self.texts)
        """Solo: per write or error id, the id of the same choice with ``BONUS``."""
        for text, choice in choices.items():
            if choice.bonus:
                continue
            at = ids[text]
            if solo:
                self.bonus_twin[at] = ids[text + " BONUS"]
            if not choice.error:
                key = (choice.combo, choice.modified, choice.wild)
                self.rows.setdefault(key, [-1] * rules.data.size)[choice.slot] = at
        self.errors = tuple(
            ids[text] for text, choice in choices.items() if choice.error and not choice.bonus
        )
        """The ``ERROR`` ids without ``BONUS`` (solo: the card 1, 2, 3 going to ASTRA)."""
        self.cross = {slot: ids[text] for text, slot in crosses.items()}
        """Solo: slot → the id of ``CROSS #<slot>``."""
        self._chance(solo)

    def _chance(self, solo: bool) -> None:
        parts = {f"MISSION {card}": (-2, index) for index, card in enumerate(MISSION_CARDS)}
        if solo:
            cards = [_card_text(card) for card in range(_TYPES)]
            cards += [f"SOLO {letter}" for letter in SOLO_CARDS]
            parts.update((f"DRAW {text}", (-1, card)) for card, text in enumerate(cards))
        else:
            for pile, card in product(range(PILES), range(_TYPES)):
                parts[f"DRAW {pile + 1} {_card_text(card)}"] = (pile, card)
        self.outcome_texts: tuple[str, ...] = tuple(sorted(parts))
        """Every chance outcome, by id."""
        self.outcomes: list[tuple[int, int]] = [parts[text] for text in self.outcome_texts]
        """Per outcome id: ``(-2, mission card index 0–5)`` or ``(pile, card)`` (solo: pile
        ``-1``)."""
        ids = {outcome: at for at, outcome in enumerate(self.outcomes)}
        self.missions = tuple((ids[-2, 2 * x], ids[-2, 2 * x + 1]) for x in range(len(LETTERS)))
        """Per mission letter: the ids of its cards 1 and 2."""
        self.mission_tables = tuple(ChanceTable([(one, 1), (two, 1)]) for one, two in self.missions)
        """Per mission letter: the draw of one of its two cards."""
        self.pile_draws = tuple(
            tuple(ids[pile, card] for card in range(_TYPES)) for pile in range(0 if solo else PILES)
        )
        """Multiplayer: per pile, per card type, the id of its draw."""
        self.solo_draws = tuple(ids[-1, card] for card in range(len(cards))) if solo else ()
        """Solo: per card (types, then the effect cards), the id of its draw."""
        self.masked_draws = {
            at: text.rsplit(" ", 1)[0] + " ?"
            for at, text in enumerate(self.outcome_texts)
            if not solo and text.startswith("DRAW")
        }
        """Multiplayer: per draw id, its text with the card's back hidden (``DRAW 2 7 ?``)."""


def _choices(number: int, solo: bool) -> dict[str, Choice]:
    """Every ``WRITE`` and ``ERROR`` adventure ``number`` allows in some game, by text (solo:
    an ``ERROR`` per card going to ASTRA; every choice with and without ``BONUS``)."""
    rules = adventure(number)
    data = rules.data
    changes = ASTRONAUT_CHANGES if rules.changes else (0,)
    wilds: tuple[str | None, ...] = (None, *ACTIONS) if rules.wilds else (None,)
    bonuses = (False, True) if solo else (False,)
    result = {}
    for combo, label in enumerate(labels(solo)):
        for slot, modified, wild, bonus in product(data.space_slots, changes, wilds, bonuses):
            text = f"WRITE {label} {data.names[slot]}"
            text += f" {modified:+d}" if modified else ""
            text += f" WILD {wild}" if wild else ""
            text += " BONUS" if bonus else ""
            result[text] = Choice(False, label, slot, modified, wild, bonus, 0, combo)
    if not solo:
        result["ERROR"] = Choice(True, "", 0, 0, None, False, 0)
    for card, bonus in product((1, 2, 3) if solo else (), bonuses):
        result[f"ERROR {card}" + (" BONUS" if bonus else "")] = Choice(
            True, "", 0, 0, None, bonus, card
        )
    return result


@cache
def notation(number: int, solo: bool) -> Notation:
    """The numbered actions of adventure ``number`` (``solo``: against ASTRA), built once."""
    return Notation(number, solo)
