"""The history as a seat knows it: face-down and secret goal cards are shown as ``DRAW ?``."""

from __future__ import annotations

import moonbase
from tests.games.moon.helpers import draw, new, play

CHANCE = moonbase.CHANCE


def test_face_down_goals_are_masked_until_they_turn_up() -> None:
    state = new()
    draw(state, "0001", "0010", "0100", "1000")
    play(state, 0, "END")
    draw(state, "0011")  # face down under 1000
    known = state.history_for(0)
    assert known[-1] == (CHANCE, "DRAW ?")
    assert (CHANCE, "DRAW 1000") in known, "the face-up goal is seen"
    assert known[:3] == state.history[:3], "the setup goals went into the registers, face up"
    assert state.history_for(None) == known, "a spectator sees what the crew sees"
    play(state, 0, "MOV A D", "ROL A")  # 1000 solved: 0011 turns up
    assert state.history_for(0) == state.history


def test_the_first_card_of_a_wide_goal_is_masked_until_the_goal_is_complete() -> None:
    state = new(width=6, difficulty="master")
    draw(state, "0011")
    assert state.history_for(0)[-1] == (CHANCE, "DRAW ?")
    draw(state, "0110")  # the goal 110110 is face up
    assert state.history_for(0) == state.history


def test_other_seats_goals_are_masked_unless_peeked_or_solved() -> None:
    state = new(mode="competitive", players=3)
    draw(state, "BUG", "0110", "1001", "1100")  # seat 0: a bug, then 0110; 1: 1001; 2: 1100
    assert state.history_for(0)[1:] == [
        (CHANCE, "DRAW 0110"),
        (CHANCE, "DRAW ?"),
        (CHANCE, "DRAW ?"),
    ]
    assert state.history_for(1)[1:] == [
        (CHANCE, "DRAW ?"),
        (CHANCE, "DRAW 1001"),
        (CHANCE, "DRAW ?"),
    ]
    assert state.history_for(None)[0] == (CHANCE, "DRAW BUG"), "a bug is shown to everyone"
    assert state.history_for(None)[1:] == [(CHANCE, "DRAW ?")] * 3
    play(state, 0, "PEEK 2")
    assert state.history_for(0)[3] == (CHANCE, "DRAW 1100"), "seat 0 has seen seat 2's goal"
    assert state.history_for(1)[3] == (CHANCE, "DRAW ?")
    assert state.history_for(2)[3] == (CHANCE, "DRAW 1100"), "a seat's own goal"


def test_a_solved_goal_is_revealed_in_the_history() -> None:
    state = new(mode="competitive", bugs=0)
    draw(state, "0001", "1111")
    assert state.history_for(1)[0] == (CHANCE, "DRAW ?")
    play(state, 0, "INC A")  # seat 0 solves 0001 and draws its next goal
    draw(state, "0100")
    known = state.history_for(1)
    assert known[0] == (CHANCE, "DRAW 0001")
    assert known[-1] == (CHANCE, "DRAW ?")
    assert known[1] == (CHANCE, "DRAW 1111"), "seat 1's own goal"
