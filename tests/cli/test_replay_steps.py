"""Replay steps: one per seat's action, each told as its viewer may know it."""

from __future__ import annotations

import io

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
