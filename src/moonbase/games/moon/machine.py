"""MOON's machine: four registers and the operations that change them, as one data table.

Energy is counted in integer half-units (``2`` is one energy unit) so that costs of ½ stay
exact. Values are plain integers; :func:`bits` shows them most significant bit first.

>>> OPERATIONS["XOR"].effect(0b0101, 0b1110, 0b1111) == 0b1011
True
>>> bits(rotate_left(0b1100, 4), 4)
'1001'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

__all__ = [
    "BASE_OPERATIONS",
    "EXTRA_OPERATIONS",
    "OPERATIONS",
    "REGISTERS",
    "Operation",
    "bits",
    "energy_text",
    "rotate_left",
    "rotate_right",
]

REGISTERS: Final = ("A", "B", "C", "D")
"""The CPU registers; goals are solved in A."""


def rotate_left(value: int, width: int) -> int:
    """Rotate left: the leftmost bit re-enters on the right.

    >>> bits(rotate_left(0b0101, 4), 4)
    '1010'
    """
    return ((value << 1) | (value >> (width - 1))) & ((1 << width) - 1)


def rotate_right(value: int, width: int) -> int:
    """Rotate right: the rightmost bit re-enters on the left.

    >>> bits(rotate_right(0b0110, 4), 4), bits(rotate_right(0b0111, 4), 4)
    ('0011', '1011')
    """
    return (value >> 1) | ((value & 1) << (width - 1))


def bits(value: int, width: int) -> str:
    """A value as a bit string, most significant bit first.

    >>> bits(9, 4)
    '1001'
    """
    return format(value, f"0{width}b")


def energy_text(half_units: int) -> str:
    """Half-units of energy as people write them.

    >>> energy_text(5), energy_text(4), energy_text(1)
    ('2.5', '2', '0.5')
    """
    whole, half = divmod(half_units, 2)
    return f"{whole}.5" if half else str(whole)


Effect = Callable[[int, int, int], int]
"""``effect(destination, source, mask) -> new destination``; one-operand effects ignore source."""


@dataclass(frozen=True)
class Operation:
    """One operation card: its name, operand count, costs in half-units and effect.

    >>> OPERATIONS["MOV"].cost(competitive=True), OPERATIONS["MOV"].cost(competitive=False)
    (1, 2)
    """

    name: str
    operands: int
    cooperative_cost: int
    competitive_cost: int
    extra: bool
    effect: Effect
    logic: bool = False
    """One of OR, AND, XOR: the operations the red hacker may use for free."""

    def cost(self, competitive: bool) -> int:
        """Cost in half-units in the given mode (before any hacker's discount)."""
        return self.competitive_cost if competitive else self.cooperative_cost


def _rol(value: int, _source: int, mask: int) -> int:
    return rotate_left(value, mask.bit_length())


def _ror(value: int, _source: int, mask: int) -> int:
    return rotate_right(value, mask.bit_length())


OPERATIONS: Final[dict[str, Operation]] = {
    op.name: op
    for op in (
        Operation("INC", 1, 4, 4, False, lambda d, s, m: (d + 1) & m),
        Operation("DEC", 1, 4, 4, False, lambda d, s, m: (d - 1) & m),
        Operation("ROL", 1, 2, 2, False, _rol),
        Operation("ROR", 1, 2, 2, False, _ror),
        Operation("NOT", 1, 2, 2, False, lambda d, s, m: ~d & m),
        Operation("MOV", 2, 2, 1, False, lambda d, s, m: s),
        Operation("OR", 2, 1, 1, False, lambda d, s, m: d | s, logic=True),
        Operation("AND", 2, 1, 1, False, lambda d, s, m: d & s, logic=True),
        Operation("XOR", 2, 1, 1, False, lambda d, s, m: d ^ s, logic=True),
        Operation("NOR", 2, 1, 1, True, lambda d, s, m: ~(d | s) & m),
        Operation("NAND", 2, 2, 2, True, lambda d, s, m: ~(d & s) & m),
        Operation("XNOR", 2, 1, 1, True, lambda d, s, m: ~(d ^ s) & m),
        Operation("ADD", 2, 3, 3, True, lambda d, s, m: (d + s) & m),
        Operation("SUB", 2, 3, 3, True, lambda d, s, m: (d - s) & m),
    )
}
"""Every operation of the base game and the Kickstarter extras, by name."""

BASE_OPERATIONS: Final = tuple(name for name, op in OPERATIONS.items() if not op.extra)
"""INC, DEC, ROL, ROR, NOT, MOV, OR, AND, XOR."""
EXTRA_OPERATIONS: Final = tuple(name for name, op in OPERATIONS.items() if op.extra)
"""NOR, NAND, XNOR, ADD, SUB (option ``extras``)."""
