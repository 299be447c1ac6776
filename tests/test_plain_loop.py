"""The plain text loop that ``make play`` starts: a person's whole game through typed lines."""

from __future__ import annotations

import io
import subprocess
import sys

from moonbase.cli.plain import play


def test_a_typed_game_runs_to_its_end_and_bad_lines_are_explained() -> None:
    typed = io.StringIO("help\nfly me\n999\n" + "END\n" * 60)
    shown = io.StringIO()
    state = play(5, typed, shown)
    text = shown.getvalue()
    assert state.is_over
    assert "Not allowed: 'fly me' is not legal for seat 0 now: FLY is not an operation" in text
    assert "Not allowed: '999'" in text
    assert "END ends the round" in text
    assert "The mission is lost — a slow CPU. Goals solved: 3." in text


def test_menu_numbers_choose_actions() -> None:
    shown = io.StringIO()
    state = play(5, io.StringIO("1\nquit\n"), shown)
    assert state.history[-1] == (0, state.history[-1][1]) and len(state.history) > 4
    assert "Game left unfinished." in shown.getvalue()


def test_the_command_starts_and_quits() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "moonbase", "--seed", "1"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "MOON — cooperative" in done.stdout and "Game left unfinished." in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "moonbase", "--difficulty", "brutal"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and "invalid choice: 'brutal'" in bad.stderr
