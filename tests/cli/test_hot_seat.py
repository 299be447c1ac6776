"""Two people at one screen play a Moons trick: the screen is cleared and passed between them,
and neither sees the other's hand."""

from __future__ import annotations

import re

from tests.cli.terminal import CLEAR, CLEAR_SCROLLBACK, Terminal


def _hand(segment: str) -> list[str]:
    """The lines of the 'your hand' block in a drawn table."""
    lines = segment.splitlines()
    start = next(index for index, line in enumerate(lines) if "your hand" in line)
    block = []
    for line in lines[start + 1 :]:
        inner = line.strip("│ ")
        if not inner or inner.startswith("Mini-Asteroids"):
            break
        block.append(inner)
    return block


def test_a_hot_seat_moons_trick_passes_the_screen_and_hides_hands() -> None:
    terminal = Terminal(
        "play", "moons", "--seed", "4", "--option", "players=3", "--option", "mini_asteroids=false",
        "--seat", "human", "--seat", "human", "--seat", "random",
        term="xterm",
    )  # fmt: skip
    hands: dict[int, list[str]] = {}
    holder: int | None = None
    passes: list[int] = []
    trick_done = False
    while not trick_done:
        which, segment = terminal.expect(
            "press Enter when nobody else is looking.", "seat 0 >", "seat 1 >"
        )
        if which == 0:
            seat = int(re.findall(r"Pass the screen to seat (\d)", segment)[-1])
            assert CLEAR in terminal.raw, "the screen is cleared before it is passed"
            cleared = terminal.raw.count(CLEAR)
            assert terminal.raw.count(CLEAR_SCROLLBACK) == cleared, "the scrollback is cleared too"
            passes.append(seat)
            holder = seat
            terminal.answer("")
            continue
        prompt_seat = which - 1
        assert prompt_seat == holder, "only the seat that has the screen is asked"
        hand = _hand(segment)
        other = hands.get(1 - prompt_seat)
        if other is not None:
            assert not set(other) & set(hand)
            assert not any(line in segment for line in other), "another seat's hand is shown"
        hands[prompt_seat] = hand
        if "last trick:" in segment:
            trick_done = True
            assert re.search(r"last trick: seat \d \w+, seat \d \w+, seat \d \w+ — won by", segment)
            break
        terminal.answer("1")
    assert passes[:2] == [0, 1], "the first two turns (the tableaus) pass from seat 0 to seat 1"
    assert len(passes) >= 3
    first_tableau_of_1 = terminal.text.split("Pass the screen to seat 1")[1]
    assert "seat 0: made a choice you cannot see yet" in first_tableau_of_1
    terminal.quit()
    assert terminal.finish() == 0
