"""A whole cooperative MOON game won at the terminal, every action typed (menu numbers and
notation mixed), as a person would play it."""

from __future__ import annotations

from pathlib import Path

from tests.cli.terminal import Terminal

SEED = 7
WINNING_SCRIPT = [
    "63", "or a b", "rol a", "68", "xor a b", "xor d a", "20", "and a b", "xor a d", "69",
    "or c b", "xor d c", "61", "and a c", "or c b", "36", "or d c", "xor c b", "58", "xor a d",
    "xor d a", "39", "not d", "xor a d", "36", "xor d b", "end", "64", "or a b", "end", "69",
    "xor a b", "or c a", "59", "rol a", "and c d", "55", "or b a", "and a c", "59", "xor a b",
    "or d c", "64", "xor a b", "xor a b", "64", "end", "and a d", "17", "end", "xor b a", "52",
    "or a b", "xor a b", "1", "xor a d", "end",
]  # fmt: skip
"""Cooperative MOON, easy, seed 7: a winning game (each line typed at one prompt; a number is
the action's fixed place in MOON's grid menu, e.g. 1 END, 63 XOR B D)."""


def test_a_cooperative_moon_game_is_won_through_typed_input(tmp_path: Path) -> None:
    terminal = Terminal("play", "moon", "--seed", str(SEED), cwd=tmp_path)
    first = terminal.wait_for("seat 0 > ")
    assert "MOON · seed 7" in first
    assert "MOON — cooperative · round 1" in first
    assert "goal  " in first and "← make A show this" in first
    assert "1) END" in first and "XOR (½)  58  59  60  61  62  63" in first
    for number, line in enumerate(WINNING_SCRIPT):
        terminal.type(line)
        if number < len(WINNING_SCRIPT) - 1:
            shown = terminal.wait_for("seat 0 > ")
            assert "Not allowed" not in shown, (line, shown)
    ending = terminal.wait_for("The game is won. Score: 16.")
    assert "Game over" in ending and "The mission is won." in ending
    assert "Goal 1101 solved: A shows it! 16 goals solved so far; no goal waiting." in ending
    told = terminal.wait_for("Save this game to replay it? [y/N] ")
    assert "Every goal is solved and the deck is empty: the mission is won." in told
    assert "How the scores are made:" in told and "16 goals solved" in told
    terminal.type("y")
    terminal.wait_for("File name [moon-7.json]: ")
    terminal.type("")
    saved = terminal.wait_for("Play again, same seats, a new deal? [y/N] ")
    assert "Saved to moon-7.json. Step through it with: moonbase replay moon-7.json" in saved
    terminal.type("yes")
    again = terminal.wait_for("seat 0 > ")
    assert "MOON · seed " in again and "round 1" in again
    terminal.quit()
    assert terminal.finish() == 0

    replay = Terminal("replay", "moon-7.json", cwd=tmp_path)
    replay.wait_for("replay > ")
    replay.type("last")
    assert "The game is over here." in replay.wait_for("replay > ")
    replay.type("q")
    assert replay.finish() == 0
