"""The undo policy: own actions of this turn only; never across chance, another seat's action
or something revealed."""

from __future__ import annotations

import pytest

import moonbase
from moonbase.cli.table import Table
from moonbase.cli.undo import UndoRefused, UndoStack, barrier, reveals


def test_a_moon_operation_may_be_taken_back_and_the_state_is_as_before() -> None:
    table = Table(moonbase.load("moon").new(seed=5), ["human"])
    start = table.state.clone()
    table.act(0, "inc b")
    table.act(0, "XOR A C")
    assert table.take_back(0) == "XOR A C"
    assert table.take_back(0) == "INC B"
    assert table.state == start
    with pytest.raises(UndoRefused, match="nothing of yours to undo this turn"):
        table.take_back(0)


def test_ending_a_moon_round_draws_a_card_so_it_stands() -> None:
    table = Table(moonbase.load("moon").new(seed=5), ["human"])
    table.act(0, "INC B")
    table.act(0, "END")
    with pytest.raises(UndoRefused, match=r"^END stands: a chance event followed it"):
        table.take_back(0)


def test_a_moon_leap_move_stands_once_the_die_is_rolled() -> None:
    state = moonbase.load("moon-leap").new(seed=5)
    before = state.clone()
    state.apply(0, "MOVE 3")
    assert str(barrier(before, 0, "MOVE 3", state)) == "a chance event followed it (ROLL 2)"


def test_the_last_hidden_tableau_reveals_them_all_so_it_stands() -> None:
    state = moonbase.load("moons", players=3).new(seed=3)
    first = state.clone()
    state.apply(0, state.legal_actions(0)[0])
    assert not reveals(first, 0, state)
    assert barrier(first, 0, state.history[-1][1], state) is None
    state.apply(1, state.legal_actions(1)[0])
    last = state.clone()
    action = state.legal_actions(2)[0]
    state.apply(2, action)
    assert reveals(last, 2, state)
    assert str(barrier(last, 2, action, state)) == "it revealed something that was hidden"


def test_another_seats_action_is_a_barrier() -> None:
    table = Table(moonbase.load("moons", players=3).new(seed=3), ["human", "human", "random"])
    table.act(0, table.state.legal_actions(0)[0])
    table.act(1, table.state.legal_actions(1)[0])
    with pytest.raises(UndoRefused, match=r"^TABLEAU .* stands: seat 1 acted after it$"):
        table.take_back(0)
    assert table.take_back(1).startswith("TABLEAU")
    table.act(1, table.state.legal_actions(1)[0])
    table.act(2, table.state.legal_actions(2)[0])
    with pytest.raises(UndoRefused, match=r"stands: seat 2 \(random\) acted after it$"):
        table.take_back(1)


def test_the_stack_keeps_only_the_owner_steps() -> None:
    stack = UndoStack()
    state = moonbase.load("moon").new(seed=1)
    stack.record(0, "seat 0", state.clone(), "INC A", None)
    assert stack.can_undo(0) and not stack.can_undo(1)
    stack.block("chance acted after it")
    assert not stack.can_undo(0)
    with pytest.raises(UndoRefused, match=r"^INC A stands: chance acted after it$"):
        stack.undo(0)
