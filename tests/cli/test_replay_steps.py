"""Replay steps: one per seat's action, each told as its viewer may know it."""

from __future__ import annotations

import io
import random

from rich.console import Console

import moonbase
from moonbase.cli.prompts import Prompter, lines
from moonbase.cli.replay import Replay
from moonbase.cli.table import Table


def test_steps_follow_the_actions_and_hide_what_the_viewer_may_not_know() -> None:
    state = moonbase.load("moons", players=3).new(seed=3)
    for seat in (0, 1, 2):
        state.apply(seat, state.legal_actions(seat)[0])
    replay = Replay(Table(state, ["human"] * 3), viewer=1)
    assert replay.last == 3
    assert replay.describe(1) == "step 1 of 3 — seat 0: made a choice you cannot see yet"
    assert replay.describe(2) == f"step 2 of 3 — seat 1: {state.history[-2][1]}"
    tableaus = [action for _, action in state.history[-3:]]
    revealed = f"step 3 of 3 — seat 0, now shown: {tableaus[0]}; seat 2: {tableaus[2]}; "
    assert replay.describe(3).startswith(revealed), "seat 0's tableau is shown with seat 2's"
    assert "the first-player marker" in replay.describe(3)
    replay.viewer = None
    assert replay.describe(2) == "step 2 of 3 — seat 1: made a choice you cannot see yet"
    assert replay.describe(0) == "step 0 of 3 — the start"


def test_a_person_steps_back_and_forth() -> None:
    state = moonbase.load("moon-leap").new(seed=5)
    state.apply(0, "MOVE 3")
    console = Console(file=io.StringIO(), width=100, color_system=None)
    typed = ["", "", "b", "first", "9", "seat 1", "fly", "q"]
    assert Replay(Table(state, ["human", "random"]), 0).run(Prompter(console, lines(typed))) == 0
    shown = console.file.getvalue()
    moved = "seat 0 (you): MOVE 3 — a3 from the reserve to space 1 (worth −3); chance: ROLL 2"
    assert shown.count("step 1 of 1 · view of seat 0 (you)") == 1 and shown.count(moved) == 1
    assert shown.count("step 0 of 1 · view of") == 4 and shown.count("\nthe start\n") == 4
    assert "This is the last step (steps go from 0 to 1)." in shown
    assert "step 0 of 1 · view of seat 1 (random)" in shown
    assert "Unknown replay command 'fly'" in shown


def test_an_unfinished_game_is_replayed_from_the_chosen_seat_only() -> None:
    state = moonbase.load("moons", players=3, mini_asteroids=False).new(seed=3)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    hand_of_0 = " ".join(state.view(0)["hand"][:4])
    console = Console(file=io.StringIO(), width=120, color_system=None)
    typed = ["last", "seat 0", "spectator", "seat 2", "q"]
    assert Replay(Table(state, ["human"] * 3), 2).run(Prompter(console, lines(typed))) == 0
    shown = console.file.getvalue()
    assert "Not shown: the game is unfinished: this replay shows only seat 2's view" in shown
    assert "view of seat 0" not in shown and hand_of_0 not in shown
    assert "step 2 of 2 · view of the spectator" in shown
    assert "step 2 of 2 · view of seat 2" in shown, "back to the seat chosen"
    spectator = Console(file=io.StringIO(), width=120, color_system=None)
    Replay(Table(state, ["human"] * 3), None).run(Prompter(spectator, lines(["seat 1", "q"])))
    assert "to see seat 1's, replay it with --seat 1" in spectator.file.getvalue()


def test_a_finished_game_is_replayed_from_any_seat() -> None:
    state = moonbase.load("moons", players=3, mini_asteroids=False).new(seed=3)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    console = Console(file=io.StringIO(), width=120, color_system=None)
    Replay(Table(state, ["human"] * 3), 2).run(Prompter(console, lines(["last", "seat 0", "q"])))
    shown = console.file.getvalue()
    assert "view of seat 0" in shown and "Not shown" not in shown
    assert "The game is over here." in shown
    assert "All 3 rounds are played: every player has been first player once." in shown
