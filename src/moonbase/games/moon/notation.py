"""MOON's action notation: canonical spelling, and why an action is not legal.

Actions are upper case words separated by single spaces, destination first: ``XOR A C`` means
``A := A xor C``. Parsing also accepts lower case, extra spaces and commas.

>>> canonical("  xor a,c ")
'XOR A C'
>>> canonical("mov ram  b")
'MOV RAM B'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from moonbase.core import CHANCE
from moonbase.games.moon.machine import OPERATIONS, REGISTERS, energy_text

if TYPE_CHECKING:
    from moonbase.games.moon.state import MoonState

__all__ = ["canonical", "explain"]


def canonical(action: str) -> str:
    """The canonical spelling of an action typed by a person."""
    return " ".join(action.replace(",", " ").upper().split())


def explain(state: MoonState, seat: int, action: str) -> str:
    """Why ``action`` (canonical) is not legal for ``seat`` now, in a few words."""
    from moonbase.games.moon.state import REPAIR

    if seat == CHANCE:
        return "no such card is left in the deck"
    name, *operands = action.split(" ") if action else [""]
    if state.phase == REPAIR:
        return "an OK card was drawn: choose which error to repair first"
    if name == "REPAIR":
        return "REPAIR is chosen only when an OK card finds several errors"
    if name in ("PEEK", "END"):
        return "" if state.competitive or name == "END" else "PEEK is a competitive action"
    op = OPERATIONS.get(name)
    if op is None:
        return f"{name or 'nothing'} is not an operation"
    if name not in state.operations:
        return f"{name} is not in play (option operations)"
    if name in state.disabled:
        return f"{name} is disabled by an ERROR"
    if len(operands) != op.operands:
        return f"{name} takes {op.operands} operand{'s' if op.operands > 1 else ''}"
    for operand in operands:
        if operand == "RAM":
            if not state.competitive:
                return "RAM exists only in the competitive game"
            if name != "MOV":
                return "RAM is read and written only with MOV"
        elif operand not in REGISTERS:
            return f"{operand} is not a register (A, B, C, D)"
        elif operand in state.disabled:
            return f"register {operand} is disabled by an ERROR"
    if len(operands) == 2 and operands[0] == operands[1]:
        return "the two operands must differ (option same_register)"
    price = state._price(seat, op)
    if price > state.energy:
        return f"{name} costs {energy_text(price)} energy and {energy_text(state.energy)} is left"
    return ""
