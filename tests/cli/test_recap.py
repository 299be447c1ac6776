"""Recaps tell a seat only what it may know of the history."""

from __future__ import annotations

import random

import pytest

import moonbase
from moonbase.cli.recap import hidden_entries, recap
from moonbase.core import State


def test_another_seats_hidden_tableau_is_told_without_its_cards() -> None:
    state = moonbase.load("moons", players=3).new(seed=3)
    start = len(state.history)
    chosen = state.legal_actions(0)[0]
    state.apply(0, chosen)
    labels = ["seat 0", "seat 1", "seat 2"]
    assert recap(state, 1, start, labels) == ["seat 0: made a choice you cannot see yet"]
    assert recap(state, 0, start, labels) == [f"seat 0: {chosen}"]
    assert recap(state, 0, start, labels, skip_own=True) == []


def test_the_deal_shows_only_the_own_cards() -> None:
    state = moonbase.load("moons", players=3, mini_asteroids=False).new(seed=3)
    hidden = hidden_entries(state, 0)
    assert len(state.history) == 60 and len(hidden) == 40
    (line,) = recap(state, 0, 0, ["a", "b", "c"])
    assert line.startswith("chance: DEAL ") and line.endswith("(14 more); 40 hidden from you")
    (spectator,) = recap(state, None, 0, ["a", "b", "c"])
    assert spectator == "chance: 60 outcomes hidden"


def test_games_without_hidden_information_tell_everything() -> None:
    state = moonbase.load("moon-leap").new(seed=5)
    state.apply(0, "MOVE 3")
    assert hidden_entries(state, None) == {}


def _welcome_seed_2_at_turn_5() -> State:
    state = moonbase.load("welcome-to-the-moon").new(seed=2)
    while state.view(None)["turn"] < 5:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_the_reported_welcome_to_the_moon_log_shows_the_numbers_but_not_the_backs() -> None:
    state = _welcome_seed_2_at_turn_5()
    start = len(state.history) - 3
    assert state.history[start:][0][1] == "DRAW 1 2 PLANT", "the case the issue reported"
    (line,) = recap(state, 0, start, ["seat 0", "seat 1"])
    assert line == "chance: DRAW 1 2 ?, DRAW 2 12 ?, DRAW 3 2 ?"


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("moon", {}),
        ("moon", {"mode": "competitive", "players": 3}),
        ("moons", {"players": 4}),
        ("welcome-to-the-moon", {"players": 3}),
        ("welcome-to-the-moon", {"players": 3, "adventure": 8}),
    ],
)
def test_a_recap_is_the_same_in_every_state_the_seat_cannot_tell_apart(
    name: str, options: dict[str, object]
) -> None:
    """The log never prints a hidden outcome: what it tells a seat is a function of what the
    seat may know, so a resample (another deal it cannot tell apart) gets the same lines."""
    game = moonbase.load(name, **options)
    rng = random.Random(5)
    state = game.new(seed=9)
    labels = [f"seat {seat}" for seat in range(game.seats)]
    checked = 0
    while not state.is_over and checked < 12:
        if len(state.history) % 7 == 0:
            for seat in [*range(game.seats), None]:
                told = recap(state, seat, 0, labels)
                for number in range(3):
                    other = state.resample(seat, random.Random(number))
                    assert recap(other, seat, 0, labels) == told, f"seat {seat} learns a secret"
            checked += 1
        actor = rng.choice(state.to_act)
        state.apply(actor, rng.choice(state.legal_actions(actor)))
    assert checked
