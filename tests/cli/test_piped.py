"""The command with its input piped rather than typed at a terminal (the plain loop it
replaces played this way): a whole game through lines of text."""

from __future__ import annotations

import subprocess
import sys

from tests.cli.terminal import environment


def _run(*args: str, typed: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "moonbase", *args],
        input=typed, capture_output=True, text=True, timeout=60, check=False, env=environment(),
    )  # fmt: skip


def test_a_piped_game_runs_to_its_end_and_bad_lines_are_explained() -> None:
    done = _run("play", "moon", "--seed", "5", typed="help\nfly me\n999\n" + "END\n" * 60)
    assert done.returncode == 0 and done.stderr == ""
    assert (
        "Not allowed: 'fly me' is not an action of MOON (FLY is not an operation)." in done.stdout
    )
    assert "Not allowed: there is no action 999: the menu goes from 1 to 69." in done.stdout
    assert "undo          take back your last action" in done.stdout
    assert "The game is lost. Score: 3." in done.stdout


def test_the_menu_reads_piped_answers_and_stops_when_input_ends() -> None:
    done = _run(typed="\n\n\nquit\n")
    assert done.returncode == 0
    assert "MOON — cooperative · round 1" in done.stdout and "Game left unfinished." in done.stdout
    ended = _run(typed="")
    assert ended.returncode == 0 and "Input ended: no game started." in ended.stdout
