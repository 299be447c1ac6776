"""A whole cooperative MOON game won at the terminal, every action typed (menu numbers and
notation mixed), as a person would play it."""

from __future__ import annotations

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


def test_a_cooperative_moon_game_is_won_through_typed_input() -> None:
    terminal = Terminal("play", "moon", "--seed", str(SEED))
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
    assert terminal.finish() == 0
