"""The start menu (what ``make play`` runs), ``rules``, ``games`` and ``simulate``."""

from __future__ import annotations

import subprocess
import sys

from tests.cli.terminal import Terminal, environment, run


def test_the_menu_with_enter_everywhere_starts_cooperative_moon() -> None:
    terminal = Terminal()
    menu = terminal.wait_for("Game [1 MOON]: ")
    assert "Welcome to moonbase. Which game?" in menu
    assert "1) MOON" in menu and "2) Moon Leap" in menu and "Moons" in menu
    terminal.type("")
    options = terminal.wait_for("a preset · reset: ")
    assert "difficulty" in options and "sets energy, bugs and the starting registers" in options
    assert "allowed: easy, normal, hard, master · default: easy" in options
    assert "presets: coop-easy" in options
    terminal.type("difficulty=brutal")
    refused = terminal.wait_for("a preset · reset: ")
    assert "Not changed: option 'difficulty': 'brutal' is not allowed; allowed: easy," in refused
    terminal.type("")
    seats = terminal.wait_for("Seat 0 [you]: ")
    assert "1) you" in seats and "planner bot" in seats
    terminal.type("")
    game = terminal.wait_for("seat 0 > ")
    assert "MOON — cooperative · round 1" in game and "1) END" in game
    terminal.quit()
    assert terminal.finish() == 0


def test_the_menu_sets_up_bots_and_options() -> None:
    terminal = Terminal()
    terminal.wait_for("Game [1 MOON]: ")
    terminal.type("moon-leap")
    terminal.wait_for("a preset · reset: ")
    terminal.type("players=3")
    changed = terminal.wait_for("a preset · reset: ")
    assert any(
        line.split()[:2] == ["players", "3"] for line in changed.splitlines() if line.strip()
    )
    terminal.type("")
    terminal.wait_for("Seat 0 [you]: ")
    terminal.type("")
    terminal.wait_for("Seat 1 [greedy bot]: ")
    terminal.type("random")
    terminal.wait_for("Seat 2 [greedy bot]: ")
    terminal.type("mcts:iterations=banana")
    refused = terminal.wait_for("Seat 2 [greedy bot]: ")
    assert "seat 'mcts:iterations=banana': agent 'mcts': parameter iterations='banana'" in refused
    terminal.type("3")
    game = terminal.wait_for("seat 0 (you) > ")
    assert "Seats: seat 0 (you), seat 1 (random), seat 2 (random)." in game
    terminal.quit()
    assert terminal.finish() == 0


def test_rules_are_shown_in_english() -> None:
    status, shown = run("rules", "moon-leap")
    assert status == 0
    assert "Moon Leap" in shown and "Reconstruction" in shown and "MOVE 1+4" in shown


def test_simulate_prints_a_result_table_without_a_terminal() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "moonbase", "simulate", "moon-leap", "--agents", "random,greedy",
         "--games", "4", "--jobs", "1"],
        capture_output=True, text=True, env=environment(), timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "random" in done.stdout and "greedy" in done.stdout and "win rate" in done.stdout
    assert "4 games from seed 0" in done.stdout


def test_simulate_shows_a_progress_bar_on_a_terminal_and_checks_its_agents() -> None:
    status, shown = run("simulate", "moon-leap", "--agents", "random,random", "-n", "2", "-j", "1")
    assert status == 0 and "win rate" in shown
    status, shown = run("simulate", "moon-leap", "--agents", "random")
    assert status == 2
    assert shown.strip() == (
        "moonbase simulate: Moon Leap with these options has 2 seats; got 1 agent; "
        "give one per seat, e.g. --agents greedy,random"
    )
