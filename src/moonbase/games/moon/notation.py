"""MOON's action notation: spelling, the numbered universe of actions and cards, and decoding.

Actions are upper case words separated by single spaces, destination first: ``XOR A C`` means
``A := A xor C``. Parsing also accepts lower case, extra spaces and commas. A chance outcome is
the card drawn: ``DRAW 0110``, ``DRAW BUG``, ``DRAW ERROR ROL``.

Every action a game can ever allow (under its options) is in its universe, and each is decoded
once into a :class:`Move` (each card into a :class:`Card`), so the rules never read text. This
module only converts between text and what it means; which action is legal when is the state's.

>>> canonical("  xor a,c ")
'XOR A C'
>>> canonical("mov ram  b")
'MOV RAM B'
>>> move = decode_move("MOV RAM B")
>>> move.kind, move.op, move.target == RAM, move.source, move.registers, move.ram
(<Kind.OPERATE: 'operate'>, 5, True, 1, 2, True)
>>> decode_card("RESET 4"), decode_card("0110").value
(Card(kind=<CardKind.RESET_BITS: 'reset bits'>, value=4), 6)
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Final, NamedTuple

from moonbase.games.moon.cards import BUG, GOAL_CARDS, event_cards
from moonbase.games.moon.machine import OPERATIONS, REGISTERS
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

__all__ = [
    "ERROR_TARGETS",
    "OPERATION_INDEX",
    "RAM",
    "Card",
    "CardKind",
    "Kind",
    "Move",
    "Universe",
    "action_texts",
    "canonical",
    "chance_texts",
    "decode_card",
    "decode_move",
    "disabled_bit",
    "disabled_name",
    "disabled_names",
    "unknown",
]

RAM: Final = 4
"""The operand index of a seat's RAM word (registers A–D are 0–3)."""
OPERATION_INDEX: Final = {name: index for index, name in enumerate(OPERATIONS)}
"""Each operation's index in the rules' order (its bit in masks of operations)."""
ERROR_TARGETS: Final = ("B", "C", "D", "ROL", "NOT", "XOR")
"""What an ERROR card can disable (and so what REPAIR can name)."""
_REGISTER_INDEX: Final = {name: index for index, name in enumerate(REGISTERS)}
_OPERAND_INDEX: Final = {**_REGISTER_INDEX, "RAM": RAM}


def canonical(action: str) -> str:
    """The canonical spelling of an action typed by a person."""
    return " ".join(action.replace(",", " ").upper().split())


# ---------------------------------------------------------------------- what is disabled
def disabled_bit(name: str) -> int:
    """The bit of a register (bits 0–3) or an operation (bits 4 and up) in a mask of what an
    ERROR disabled.

    >>> disabled_bit("B"), disabled_bit("ROL")
    (2, 64)
    """
    if name in _REGISTER_INDEX:
        return 1 << _REGISTER_INDEX[name]
    return 1 << (4 + OPERATION_INDEX[name])


def disabled_name(bit: int) -> str:
    """The register or operation of a single bit of a disabled mask (see :func:`disabled_bit`)."""
    index = bit.bit_length() - 1
    return REGISTERS[index] if index < 4 else tuple(OPERATIONS)[index - 4]


def disabled_names(mask: int) -> list[str]:
    """Every register and operation of a disabled mask, by name, sorted.

    >>> disabled_names(disabled_bit("ROL") | disabled_bit("B"))
    ['B', 'ROL']
    """
    names = []
    while mask:
        bit = mask & -mask
        names.append(disabled_name(bit))
        mask ^= bit
    return sorted(names)


# ---------------------------------------------------------------------- actions
class Kind(Enum):
    """What an action does."""

    END = "end"
    OPERATE = "operate"
    PEEK = "peek"
    REPAIR = "repair"


class Move(NamedTuple):
    """One action, decoded: what it does and what it depends on."""

    kind: Kind
    op: int = -1
    """The operation's index in :data:`~moonbase.games.moon.machine.OPERATIONS` (OPERATE)."""
    target: int = -1
    """The operand written: a register 0–3 or :data:`RAM`."""
    source: int = -1
    """The second operand read (a one-operand operation's effect ignores it: the target)."""
    registers: int = 0
    """The registers it names, as a mask (an ERROR on one of them forbids it)."""
    ram: bool = False
    """Whether it reads or writes the seat's RAM (competitive MOV)."""
    seat: int = -1
    """The seat a PEEK looks at."""
    repair: int = 0
    """What a REPAIR re-enables, as its bit of the disabled mask."""


def decode_move(text: str) -> Move:
    """The meaning of a canonical action text of the universe."""
    name, *operands = text.split(" ")
    if name == "END":
        return Move(Kind.END)
    if name == "PEEK":
        return Move(Kind.PEEK, seat=int(operands[0]))
    if name == "REPAIR":
        return Move(Kind.REPAIR, repair=disabled_bit(operands[0]))
    indices = [_OPERAND_INDEX[operand] for operand in operands]
    registers = sum({1 << index for index in indices if index != RAM})
    source = indices[-1]
    return Move(Kind.OPERATE, OPERATION_INDEX[name], indices[0], source, registers, RAM in indices)


def action_texts(
    operations: tuple[str, ...], competitive: bool, same_register: bool, seats: int, events: bool
) -> Iterator[str]:
    """Every action a game with these settings can ever allow.

    >>> sorted(action_texts(("INC", "XOR"), False, False, 1, False))[:3]
    ['END', 'INC A', 'INC B']
    """
    yield "END"
    for name in operations:
        if OPERATIONS[name].operands == 1:
            yield from (f"{name} {r}" for r in REGISTERS)
            continue
        yield from (
            f"{name} {target} {source}"
            for target in REGISTERS
            for source in REGISTERS
            if target != source or same_register
        )
        if competitive and name == "MOV":
            yield from (f"MOV RAM {r}" for r in REGISTERS)
            yield from (f"MOV {r} RAM" for r in REGISTERS)
    if competitive:
        yield from (f"PEEK {seat}" for seat in range(seats))
    if events:
        yield from (
            f"REPAIR {target}"
            for target in ERROR_TARGETS
            if target in _REGISTER_INDEX or target in operations
        )


# ---------------------------------------------------------------------- cards
class CardKind(Enum):
    """What a card drawn does."""

    GOAL = "goal"
    BUG = "bug"
    RESET_REGISTER = "reset register"
    RESET_BITS = "reset bits"
    ERROR = "error"
    OK = "ok"


class Card(NamedTuple):
    """One card, decoded."""

    kind: CardKind
    value: int = 0
    """A goal card's value, a RESET's register index or bit, an ERROR's disabled bit."""


def decode_card(card: str) -> Card:
    """The meaning of a card's name (a chance outcome's text without ``DRAW``)."""
    if card in GOAL_CARDS:
        return Card(CardKind.GOAL, int(card, 2))
    if card == BUG:
        return Card(CardKind.BUG)
    if card == "OK":
        return Card(CardKind.OK)
    kind, _space, target = card.partition(" ")
    if kind == "RESET":
        if target in _REGISTER_INDEX:
            return Card(CardKind.RESET_REGISTER, _REGISTER_INDEX[target])
        return Card(CardKind.RESET_BITS, int(target))
    return Card(CardKind.ERROR, disabled_bit(target))


def chance_texts(bugs: int, events: bool, extras: bool) -> Iterator[str]:
    """Every card a deck with these settings can hold, as chance outcomes.

    >>> list(chance_texts(1, False, False))[-2:]
    ['DRAW 1111', 'DRAW BUG']
    """
    yield from (f"DRAW {card}" for card in GOAL_CARDS)
    if bugs:
        yield f"DRAW {BUG}"
    if events:
        yield from (f"DRAW {card}" for card in event_cards(extras))


class Universe(NamedTuple):
    """A game's actions and cards decoded, by id."""

    moves: tuple[Move, ...]
    cards: tuple[Card, ...]


# ---------------------------------------------------------------------- why a text is no action
def unknown(
    text: str, operations: tuple[str, ...], competitive: bool, seats: int, events: bool
) -> str:
    """Why a canonical text is no action of a game with these settings, in a few words.

    >>> unknown("INC E", ("INC",), False, 1, False)
    'E is not a register (A, B, C, D)'
    """
    name, *operands = text.split(" ") if text else [""]
    if name == "DRAW":
        return _("no such card is in this game's deck")
    if name == "REPAIR":
        if not events:
            return _("REPAIR is chosen only when an OK card finds several errors (option events)")
        targets = [t for t in ERROR_TARGETS if t in _REGISTER_INDEX or t in operations]
        return _("REPAIR names what an ERROR disabled: {targets}").format(
            targets=", ".join(targets)
        )
    if name == "PEEK":
        if not competitive:
            return _("PEEK is a competitive action")
        return _("PEEK names a seat, 0 to {last}").format(last=seats - 1)
    if name == "END":
        return _("END takes no operand")
    op = OPERATIONS.get(name)
    if op is None:
        if not name:
            return _("nothing is not an operation")
        return _("{name} is not an operation").format(name=name)
    if name not in operations:
        return _("{name} is not in play (option operations)").format(name=name)
    if len(operands) != op.operands:
        return ngettext(
            "{name} takes {count} operand", "{name} takes {count} operands", op.operands
        ).format(name=name, count=op.operands)
    for operand in operands:
        if operand == "RAM":
            if not competitive:
                return _("RAM exists only in the competitive game")
            if name != "MOV":
                return _("RAM is read and written only with MOV")
        elif operand not in REGISTERS:
            return _("{operand} is not a register (A, B, C, D)").format(operand=operand)
    if len(operands) == 2 and operands[0] == operands[1]:
        return _("the two operands must differ (option same_register)")
    return ""
