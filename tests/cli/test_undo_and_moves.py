"""Undo at the terminal follows the policy (never across a die roll), and an illegal move is
explained in one line while the game goes on."""

from __future__ import annotations

from tests.cli.terminal import Terminal


def test_undo_is_refused_across_a_die_roll_in_moon_leap() -> None:
    terminal = Terminal("play", "moon-leap", "--seed", "3", "--seat", "human", "--seat", "random")
    terminal.wait_for("seat 0 (you) > ")
    terminal.type("undo")
    assert "Cannot undo: nothing of yours to undo this turn." in terminal.wait_for(
        "seat 0 (you) > "
    )
    terminal.type("move 1")
    terminal.wait_for("seat 0 (you) > ")
    terminal.type("undo")
    refused = terminal.wait_for("seat 0 (you) > ")
    assert "Cannot undo: MOVE 1 stands: a chance event followed it (ROLL " in refused
    terminal.quit()
    assert terminal.finish() == 0


def test_undo_takes_back_a_moon_operation_within_the_round() -> None:
    terminal = Terminal("play", "moon", "--seed", "5")
    terminal.wait_for("seat 0 > ")
    terminal.type("inc b")
    assert "energy 1" in terminal.wait_for("seat 0 > ")
    terminal.type("undo")
    back = terminal.wait_for("seat 0 > ")
    assert "Took back INC B." in back and "energy 3" in back and "1100 = 12" in back
    terminal.quit()
    assert terminal.finish() == 0


def test_an_illegal_move_is_explained_and_the_game_goes_on() -> None:
    terminal = Terminal("play", "moon-leap", "--seed", "3", "--seat", "human,random")
    terminal.wait_for("seat 0 (you) > ")
    terminal.type("move 9")
    refused = terminal.wait_for("seat 0 (you) > ")
    lines = [line for line in refused.splitlines() if "Not allowed" in line]
    assert lines == [
        "Not allowed: 'move 9' is not an action of Moon Leap (a move is written MOVE 3, "
        "MOVE 1+4 (a split: token 1, then token 4) or PASS). "
        "Type a number from the menu, an action, or help."
    ]
    assert "Traceback" not in terminal.text
    terminal.type("42")
    assert "Not allowed: there is no action 42: the menu goes from 1 to 5." in terminal.wait_for(
        "seat 0 (you) > "
    )
    terminal.type("1")
    assert "seat 1 (random): MOVE" in terminal.wait_for("seat 0 (you) > ")
    terminal.quit()
    assert terminal.finish() == 0
