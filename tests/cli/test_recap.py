"""Recaps tell a seat only what it may know of the history."""

from __future__ import annotations

import moonbase
from moonbase.cli.recap import hidden_entries, recap


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
    assert hidden_entries(state, None) == set()
