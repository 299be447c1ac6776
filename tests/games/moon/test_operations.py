"""Every operation example of the rule page, through real games."""

from __future__ import annotations

import pytest

import moonbase
from moonbase.games.moon.machine import OPERATIONS
from tests.games.moon.helpers import draw, new, play, registers


@pytest.mark.parametrize(
    ("op", "before", "after"),
    [
        ("INC", "1111", "0000"),  # overflow
        ("INC", "0110", "0111"),
        ("DEC", "0000", "1111"),  # underflow
        ("DEC", "0001", "0000"),
        ("ROL", "0101", "1010"),
        ("ROL", "1100", "1001"),
        ("ROR", "0110", "0011"),
        ("ROR", "0111", "1011"),
        ("NOT", "0110", "1001"),
    ],
)
def test_one_operand_examples(op: str, before: str, after: str) -> None:
    state = new(energy=20)
    draw(state, before, "1110", "1101", "1000")  # B := before; C, D; first goal 1000
    play(state, 0, f"{op} B")
    assert registers(state)["B"] == after


@pytest.mark.parametrize(
    ("op", "source", "destination", "after"),
    [
        ("OR", "0110", "1001", "1111"),
        ("AND", "0110", "1101", "0100"),
        ("XOR", "1110", "0101", "1011"),
        ("MOV", "1110", "0101", "1110"),
        ("NOR", "0110", "1000", "0001"),
        ("NAND", "0110", "1100", "1011"),
        ("XNOR", "0110", "1100", "0101"),
        ("ADD", "0111", "1011", "0010"),
        ("SUB", "0111", "0101", "1110"),
    ],
)
def test_two_operand_examples_write_the_first_operand(
    op: str, source: str, destination: str, after: str
) -> None:
    state = new(energy=20, extras=True)
    draw(state, destination, source, "1111", "1010")  # B := destination, C := source
    play(state, 0, f"{op} B C")  # B := B op C
    assert registers(state)["B"] == after
    assert registers(state)["C"] == source


def test_costs_are_kept_in_half_units() -> None:
    costs = {name: op.cooperative_cost for name, op in OPERATIONS.items()}
    assert costs == {
        "INC": 4, "DEC": 4, "ROL": 2, "ROR": 2, "NOT": 2, "MOV": 2, "OR": 1, "AND": 1,
        "XOR": 1, "NOR": 1, "NAND": 2, "XNOR": 1, "ADD": 3, "SUB": 3,
    }  # fmt: skip
    assert OPERATIONS["MOV"].competitive_cost == 1


def test_normal_energy_buys_five_half_cost_operations_and_then_the_round_ends() -> None:
    state = new(difficulty="normal")
    draw(state, "0011", "0101", "1000")  # B, C, first goal 1000
    assert state.view(0)["energy"] == 2.5
    for number in range(5):
        play(state, 0, "XOR B C")
        assert state.view(0)["energy"] == 2.5 - 0.5 * (number + 1)
    assert state.is_chance, "nothing affordable: the round ended by itself"
    assert state.view(0)["round"] == 2


def test_an_unaffordable_operation_is_refused_with_its_price() -> None:
    state = new(difficulty="normal")
    draw(state, "0011", "0101", "1000")
    play(state, 0, "INC A")
    assert "INC B" not in state.legal_actions(0)
    with pytest.raises(moonbase.IllegalAction) as raised:
        state.apply(0, "INC B")
    error = raised.value
    assert error.reason == (
        "'INC B' is not legal for seat 0 now "
        "(spend the 0.5 energy left on what it pays for, or END)"
    )
    assert error.allowed == tuple(state.legal_actions(0)) and "END" in error.allowed
    assert state.view(0)["costs"]["INC"] == 2.0


def test_wide_registers_wrap_at_their_width() -> None:
    state = new(energy=20, width=6)
    draw(state, "0011", "1111", "0000", "0001", "0010", "0100", "0101", "0110")
    assert registers(state) == {"A": "000000", "B": "111111", "C": "000001", "D": "100100"}
    play(state, 0, "INC B", "ROL D", "ROR C")
    assert registers(state) == {"A": "000000", "B": "000000", "C": "100000", "D": "001001"}
