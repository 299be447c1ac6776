"""Forced choices are played for the person, with one line saying so; unless they may still
take back their last action, or they asked to be asked (``--no-skip-forced``, ``forced off``,
``forced=off`` in the start menu)."""

from __future__ import annotations

import io
import random
import subprocess
import sys

from rich.console import Console

import moonbase
from moonbase.cli.menu import start_menu
from moonbase.cli.prompts import Prompter, lines
from moonbase.cli.table import Table
from moonbase.cli.undo import barrier
from moonbase.core import State
from tests.cli.playing import shown_playing
from tests.cli.terminal import environment

PLAYED_FOR_YOU = "the only action possible, played for you"


_play = shown_playing


def _forced_decisions(state: State, seat: int) -> tuple[int, int]:
    """How many of ``seat``'s decisions in the game so far had one legal action, and how many
    had more."""
    replay = state.game.new(seed=state.seed, chance="explicit")
    forced = free = 0
    for who, action in state.history:
        if who == seat:
            if len(replay.legal_actions(seat)) == 1:
                forced += 1
            else:
                free += 1
        replay.apply(who, action)
    return forced, free


def test_moon_leap_forced_moves_are_played_and_told_in_one_line() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=8), ["human", "random"])
    shown = _play(table, ["1"] * 300)
    assert table.state.is_over
    forced, free = _forced_decisions(table.state, 0)
    assert forced > 5 and free > 5
    assert shown.count("seat 0 (you) > ") == free, "asked only where there was a choice"
    told = [line for line in shown.splitlines() if PLAYED_FOR_YOU in line]
    assert len(told) == forced
    assert told[0].startswith("seat 0 (you): MOVE ") or told[0].startswith("seat 0 (you): PASS")
    assert "forced off" in told[0] and all("forced off" not in line for line in told[1:])


def test_with_skipping_off_every_decision_is_asked() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=8), ["human", "random"])
    shown = _play(table, ["1"] * 300, skip_forced=False)
    forced, free = _forced_decisions(table.state, 0)
    assert shown.count("seat 0 (you) > ") == forced + free
    assert PLAYED_FOR_YOU not in shown


def test_forced_off_and_on_during_a_game() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=8), ["human", "random"])
    shown = _play(table, ["forced off", *["1"] * 300])
    forced, free = _forced_decisions(table.state, 0)
    before, after = shown.split("Forced choices will be asked.")
    assert before.count("seat 0 (you) > ") == 1, "typed at the first prompt"
    played_before = before.count(PLAYED_FOR_YOU)
    assert played_before > 0 and PLAYED_FOR_YOU not in after
    assert shown.count("seat 0 (you) > ") == forced - played_before + free + 1
    table = Table(moonbase.load("moon-leap").new(seed=8), ["human", "random"])
    shown = _play(table, ["forced on", *["1"] * 300], skip_forced=False)
    assert "Forced choices will be played for you." in shown and PLAYED_FOR_YOU in shown
    refused = _play(Table(moonbase.load("moon-leap").new(seed=8), ["human", "random"]),
                    ["forced maybe", "quit"])  # fmt: skip
    assert "forced on or forced off" in refused


def _forced_after_own_undoable_action() -> tuple[State, int, str]:
    """A Moons state and seat with an action after which that seat has exactly one legal
    action, and may still take the first one back."""
    for seed in range(50):
        state = moonbase.load("moons", players=3).new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            for action in state.legal_actions(seat):
                after = state.clone()
                after.apply(seat, action)
                next_is_own = after.to_act[:1] == (seat,)
                next_is_own &= len(after.history) == len(state.history) + 1
                forced = next_is_own and len(after.legal_actions(seat)) == 1
                if forced and barrier(state, seat, after.history[-1][1], after) is None:
                    return state, seat, action
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no forced choice after an undoable action found")


def test_a_forced_choice_is_asked_while_the_last_action_may_be_taken_back() -> None:
    state, seat, action = _forced_after_own_undoable_action()
    seats = ["random"] * 3
    seats[seat] = "human"
    table = Table(state.clone(), seats)
    shown = _play(table, [action, "undo", "quit"])
    assert PLAYED_FOR_YOU not in shown
    assert f"Took back {action}." in shown
    assert table.state.history == state.history


def test_hot_seat_forced_moves_do_not_pass_the_screen_and_are_told_later() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=8), ["human", "human"])
    shown = _play(table, ["", "1"] * 300)
    assert table.state.is_over
    forced = [_forced_decisions(table.state, seat) for seat in (0, 1)]
    passes = shown.count("Pass the screen to seat")
    assert passes <= forced[0][1] + forced[1][1], "no screen passed for a forced move alone"
    assert "played for you (the only action possible): MOVE" in shown, "told at the next turn"
    holder = None
    for line in shown.splitlines():
        if line.startswith("Pass the screen to seat "):
            holder = line.removeprefix("Pass the screen to ").rstrip(".")
        elif PLAYED_FOR_YOU in line:
            assert line.startswith(f"{holder}: "), f"told on {holder}'s screen: {line}"


def test_the_start_menu_and_the_command_line_turn_skipping_off() -> None:
    console = Console(file=io.StringIO(), width=100)
    setup = start_menu(Prompter(console, lines(["moon-leap", "forced=off", "", "", ""])))
    assert setup.skip_forced is False and setup.seats == ["human", "greedy"]
    assert "forced=on" in console.file.getvalue()
    setup = start_menu(Prompter(console, lines(["moon-leap", "", "", ""])))
    assert setup.skip_forced is True
    typed = "1\n" * 300
    for flag, asked in (("--skip-forced", False), ("--no-skip-forced", True)):
        done = subprocess.run(
            [sys.executable, "-m", "moonbase", "play", "moon-leap", "--seed", "8",
             "-s", "human,random", flag],
            input=typed, capture_output=True, text=True, timeout=60, check=False,
            env=environment(),
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert (PLAYED_FOR_YOU in done.stdout) is not asked
