"""Welcome to the Moon's notation: canonical spelling, reading a choice, and why it is illegal.

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
printing is canonical.

>>> from moonbase.games.welcome_to_the_moon.adventures import adventure
>>> canonical(" write 2,  ene.3 ", adventure(1).data)
'WRITE 2 ENE.3'
>>> canonical("x #28", adventure(1).data), canonical("wall #095", adventure(2).data)
('X ENE.1', 'WALL #95')
>>> parse_choice("WRITE 1 T14 +1 WILD ASTRONAUT".split(), False, adventure(2).data)
Choice(error=False, label='1', slot=14, modified=1, wild='ASTRONAUT', bonus=False, card=0)
>>> parse_choice("WRITE 4".split(), False, adventure(2).data)
'write WRITE <combination> <space> [±1|±2] [WILD <action>]'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from moonbase.core import CHANCE
from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.sheet import Sheet, SheetData

if TYPE_CHECKING:
    from moonbase.games.welcome_to_the_moon.state import WelcomeState

__all__ = ["Choice", "canonical", "explain", "parse_choice"]

_CHANGES = {"+1": 1, "+2": 2, "-1": -1, "-2": -2}


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


def canonical(action: str, data: SheetData) -> str:
    """The canonical spelling of an action typed by a person."""
    words = action.replace(",", " ").upper().split()
    for index, word in enumerate(words):
        if word.startswith("#") and word[1:].isdigit():
            slot = int(word[1:])
            words[index] = data.names.get(slot, f"#{slot}")
    return " ".join(words)


def _usage(solo: bool, data: SheetData) -> str:
    label = "<number card> <action card>" if solo else "<combination>"
    extra = "" if data.adventure == 1 else " [±1|±2] [WILD <action>]"
    return f"write WRITE {label} <space>{extra}{' [BONUS]' if solo else ''}"


def parse_choice(words: list[str], solo: bool, data: SheetData) -> Choice | str:
    """Read ``WRITE …`` or ``ERROR …`` (canonical words); a text says what is wrong."""
    if words[0] == "ERROR":
        if not solo:
            return Choice(True, "", 0, 0, None, False, 0) if len(words) == 1 else "write ERROR"
        bonus = words[-1] == "BONUS"
        rest = words[1:-1] if bonus else words[1:]
        if len(rest) != 1 or rest[0] not in ("1", "2", "3"):
            return "write ERROR <card 1–3 that goes to ASTRA> [BONUS]"
        return Choice(True, "", 0, 0, None, bonus, int(rest[0]))
    size = 2 if solo else 1
    if words[0] != "WRITE" or len(words) < 2 + size:
        return _usage(solo, data)
    label = " ".join(words[1 : 1 + size])
    slot = data.slot(words[1 + size])
    if slot is None:
        first, last = data.spaces[0].alias, data.spaces[-1].alias
        return f"{words[1 + size]} is not a space of this sheet ({first} … {last})"
    rest = words[2 + size :]
    bonus = bool(rest) and rest[-1] == "BONUS"
    if bonus:
        if not solo:
            return "BONUS is a solo word"
        rest = rest[:-1]
    modified = 0
    if rest and rest[0] in _CHANGES:
        modified = _CHANGES[rest[0]]
        rest = rest[1:]
    wild: str | None = None
    if rest and rest[0] == "WILD":
        if len(rest) != 2 or rest[1] not in ACTIONS:
            return f"write WILD <action>, the action one of {', '.join(ACTIONS)}"
        wild = rest[1]
        rest = []
    if rest:
        return _usage(solo, data)
    return Choice(False, label, slot, modified, wild, bonus, 0)


def explain(state: WelcomeState, seat: int, action: str) -> str:
    """Why ``action`` (canonical) is not legal for ``seat`` now, in a few words."""
    from moonbase.games.welcome_to_the_moon.state import EFFECT, PLAY, RESOLVE

    if seat == CHANCE:
        return "no such card is left to draw there"
    words = action.split(" ") if action else [""]
    if state.phase == EFFECT and state.effect:
        return "an ASTRA card is resolved first: choose what it crosses off (CROSS #<slot>)"
    if state.phase in (EFFECT, RESOLVE):
        return f"steps to resolve first: {', '.join(state.sheets[state.writing(seat)].pending)}"
    if state.phase != PLAY:
        return ""
    sheet = state.sheets[state.writing(seat)]
    adventure = state.adventure
    if sheet.stage != Sheet.CHOOSE:
        if words[0] in ("WRITE", "ERROR"):
            return "this turn's combination is chosen; finish its steps"
        return f"steps left this turn: {', '.join(sheet.pending)}"
    if words[0] not in ("WRITE", "ERROR"):
        return "first choose a combination (WRITE …), or ERROR when none can be written"
    choice = parse_choice(words, state.solo, adventure.data)
    if isinstance(choice, str):
        return choice
    if choice.bonus and sheet.solo_bonus <= sheet.solo_used:
        return "no solo bonus is circled and unused"
    combos = state.combinations()
    if choice.error:
        if adventure.can_write(sheet, combos):
            return "a combination can be written, so ERROR is not allowed"
        return ""
    by_label = {combo.label: combo for combo in combos}
    combo = by_label.get(choice.label)
    if combo is None:
        if state.solo and len(set(choice.label.split(" "))) == 1:
            return "the number and the action come from two different cards"
        return f"combination {choice.label} does not exist; choose {', '.join(by_label)}"
    return adventure.why_not_write(sheet, combo, choice.slot, choice.modified, choice.wild)
