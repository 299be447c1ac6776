"""Hints for people."""

from __future__ import annotations

import random

import moonbase
from moonbase.agents import hint
from moonbase.core import CHANCE


def test_moon_hint_gives_the_cheapest_sequence_and_its_cost() -> None:
    state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
    state.apply(CHANCE, "DRAW 0011")
    text = hint(state, 0)
    assert text.startswith("Goal 0011: cheapest way OR B A, ROL A, OR A B costs 2 energy")
    assert "you have 1.5" in text


def test_moon_hint_is_the_same_for_states_the_seat_cannot_tell_apart() -> None:
    state = moonbase.load("moon", mode="competitive").new(seed=3)
    twin = state.resample(0, random.Random(8))
    assert twin.summary() != state.summary()
    assert hint(state, 0) == hint(twin, 0)


def test_other_games_get_the_search_s_choice() -> None:
    state = moonbase.load("moon-leap").new(seed=2, chance="explicit")
    state.apply(CHANCE, "ROLL *")
    text = hint(state, 0, search="mcts:iterations=10")
    assert text.startswith("Suggested: MOVE ")
    assert text.split()[2] in {"1", "2", "3", "4", "5"}


def test_a_seat_with_nothing_to_decide_is_told_so() -> None:
    assert hint(moonbase.load("moon-leap").new(seed=2), 1) == "Seat 1 has nothing to decide now."


def test_moon_hint_counts_and_marks_a_hacker_s_free_uses() -> None:
    game = moonbase.load("moon", mode="competitive", hackers="purple,red", bugs=0)
    state = game.new(seed=1, chance="explicit")
    for card in ("1110", "1000"):
        state.apply(CHANCE, f"DRAW {card}")
    state.apply(0, "INC B")  # B = 0001: without free MOVs, NOT A, XOR A B costs 1.5
    assert hint(state, 0) == (
        "Goal 1110: cheapest way NOT B, MOV A B (free) costs 1 energy (you have enough). "
        "Suggested now: NOT B."
    )
    state.apply(0, "MOV C A")  # a free MOV spent elsewhere: one left
    state.apply(0, "MOV D A")  # none left: the MOV is paid now
    assert state.view(0)["free"] == 0
    assert hint(state, 0).startswith("Goal 1110: cheapest way NOT A, XOR A B costs 1.5 energy")
    state.apply(0, "END")  # seat 1 (red): goal 1000 from A = 0000, B = 0001, C = D = 0000
    text = hint(state, 1)
    assert "(free)" in text and text.count("(free)") <= 2
    assert hint(state, 1) == hint(state.resample(1, random.Random(4)), 1)
