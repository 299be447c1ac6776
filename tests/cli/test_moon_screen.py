"""MOON fits a standard 80×24 terminal: at every prompt the whole board (its registers above
all) and the prompt are on the one screen, and the menu keeps END and every operation at the
same number all game."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import moonbase
from moonbase.cli.actions import menu_for
from moonbase.cli.play import PlayLoop
from moonbase.cli.prompts import Prompter, lines
from moonbase.cli.table import Table
from tests.cli.terminal import Terminal

SCREEN = (24, 80)
SETUPS = {
    "cooperative": ("-o", "difficulty=normal"),
    "cooperative, width 6, extras": ("-o", "width=6", "-o", "extras=true"),
    "competitive, 3 seats, width 5, hackers": (
        "-o", "mode=competitive", "-o", "players=3", "-o", "width=5",
        "-o", "hackers=green,yellow,red",
    ),
    "competitive, 4 seats, width 6, hackers": (
        "-o", "mode=competitive", "-o", "players=4", "-o", "width=6",
        "-o", "hackers=green,yellow,purple,red",
    ),
}  # fmt: skip
_REGISTER = re.compile(r"^│ ([ABCD]) +[○●]")


def _board_on_screen(screen: list[str], prompt: str) -> None:
    shown = [line for line in screen if line.strip()]
    assert shown[-1].startswith(prompt), "\n".join(screen)
    registers = [match[1] for line in screen if (match := _REGISTER.match(line))]
    assert registers == ["A", "B", "C", "D"], "\n".join(screen)
    assert any(line.startswith("╭─ MOON") for line in screen), "the board's top is on screen"
    assert any(line.startswith("╰") for line in screen), "the board's bottom is on screen"
    assert any(re.search(r"\b1\) END\b", line) for line in screen), "END is 1, on screen"
    assert all(len(line) <= SCREEN[1] for line in screen)


@pytest.mark.parametrize("options", SETUPS.values(), ids=SETUPS.keys())
def test_the_board_menu_and_prompt_fit_on_one_80_by_24_screen(options: tuple[str, ...]) -> None:
    seats = 4 if "players=4" in options else 3 if "players=3" in options else 1
    who = ",".join(["human"] + ["random"] * (seats - 1))
    terminal = Terminal(
        "play", "moon", *options, "--seed", "3", "-s", who, term="xterm", size=SCREEN
    )
    prompt = "seat 0 (you) >" if seats > 1 else "seat 0 >"
    terminal.wait_for(prompt)
    terminal.settle()
    _board_on_screen(terminal.screen(), prompt)
    for bad in ("fly to the moon", "999", "xor a a"):
        terminal.answer(bad)
        terminal.wait_for("Not allowed")
        terminal.wait_for(prompt)
        terminal.settle()
        _board_on_screen(terminal.screen(), prompt)
        assert any(line.startswith("Not allowed") for line in terminal.screen())
    terminal.answer("1")
    terminal.wait_for("╯")
    terminal.wait_for(prompt)
    terminal.settle()
    _board_on_screen(terminal.screen(), prompt)
    terminal.quit()
    assert terminal.finish() == 0


def _numbers(state: moonbase.State) -> dict[str, int]:
    game = state.game
    menu = menu_for(game, state.view(0), state.legal_actions(0), 80)
    return {action: number for number, action in menu.numbers.items()}


def test_moon_actions_keep_their_numbers_as_energy_runs_down() -> None:
    state = moonbase.load("moon", mode="competitive", players=3).new(seed=11)
    first = _numbers(state)
    assert first["END"] == 1
    state.apply(0, "INC A")
    state.apply(0, "ROL A")
    later = _numbers(state)
    assert "INC B" not in state.legal_actions(0), "INC costs 2, 1 energy is left"
    assert later["INC B"] == first["INC B"] and later["XOR A C"] == first["XOR A C"]
    assert later["END"] == 1


def test_the_number_of_an_action_not_possible_now_gets_the_games_reason() -> None:
    table = Table(moonbase.load("moon", mode="competitive", players=3).new(seed=11),
                  ["human", "greedy", "greedy"])  # fmt: skip
    number = _numbers(table.state)["INC B"]
    console = Console(file=io.StringIO(), width=80, color_system=None)
    PlayLoop(table, Prompter(console, lines(["inc a", "rol a", str(number), "quit"]))).run()
    shown = console.file.getvalue()
    assert isinstance(shown, str)
    assert "Not allowed: 'INC B' is not legal for seat 0 now" in shown
    assert table.state.history[-1] == (0, "ROL A")


def test_a_finished_race_s_board_says_game_over_and_points_at_no_seat() -> None:
    from moonbase.agents import make_agent, play
    from moonbase.cli.renderers.moon import render

    game = moonbase.load("moon", mode="competitive", players=2)
    final = play(game, [make_agent("greedy", seed=seat) for seat in range(2)], seed=3)
    assert final.is_over
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(render(final.view(0)))
    drawn = console.file.getvalue()  # type: ignore[attr-defined]
    assert "game over" in drawn.splitlines()[0], drawn
    assert "to play" not in drawn and "▶" not in drawn, drawn
