"""The start menu (``moonbase`` with no arguments): a game, its options and who sits where.

Every question has a default, so pressing Enter throughout starts cooperative MOON with you in
its seat. Bad answers get one line saying what is allowed, and the question is asked again.

>>> import io
>>> from rich.console import Console
>>> from moonbase.cli.prompts import lines
>>> console = Console(file=io.StringIO(), width=100)
>>> setup = start_menu(Prompter(console, lines(["moon-leap", "players=3", "", "", "1", "3"])))
>>> setup.game.name, setup.game.seats, setup.seats
('moon-leap', 3, ['human', 'human', 'random'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rich import box
from rich.table import Table
from rich.text import Text

import moonbase
from moonbase.cli.bots import bot_names
from moonbase.cli.errors import BadInput
from moonbase.cli.options import build_game, game_type, option_text, read_assignments
from moonbase.cli.prompts import Prompter, say
from moonbase.cli.seats import DEFAULT_BOT, HUMAN, check_seat
from moonbase.core import Game

__all__ = ["BOT_STRENGTHS", "Setup", "choose_game", "choose_options", "choose_seats", "start_menu"]

BOT_STRENGTHS: Final = {
    "random": "easiest: plays any legal action",
    "greedy": "medium: takes the best-looking action now",
    "mcts": "strong: searches ahead, tuned for each game (up to about a second a move)",
    "planner": "MOON's planner: the cheapest way to each goal",
}
"""What each bot is like, as the menu offers it (bots not listed here are offered by name)."""
_ONLY_FOR: Final = {"planner": "moon"}


@dataclass(frozen=True)
class Setup:
    """What the menu chose: the game with its options, and one seat spec per seat."""

    game: Game
    seats: list[str]


def _summary(cls: type[Game]) -> str:
    line = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
    prefix = f"{cls.title}:"
    return line[len(prefix) :].strip() if line.startswith(prefix) else line


def choose_game(prompter: Prompter) -> str:
    """Ask which game to play; returns its name."""
    console = prompter.console
    names = moonbase.games()
    say(console, "Welcome to moonbase. Which game?", "bold")
    for number, name in enumerate(names, 1):
        cls = game_type(name)
        say(console, f"  {number}) {cls.title:<20} {_summary(cls)}")
    while True:
        typed = prompter.ask(f"Game [1 {game_type(names[0]).title}]: ")
        if not typed:
            return names[0]
        if typed.isdigit() and 1 <= int(typed) <= len(names):
            return names[int(typed) - 1]
        if typed.lower() in names:
            return typed.lower()
        say(
            console,
            f"There is no game {typed!r}: type a number from 1 to {len(names)} or a name "
            f"({', '.join(names)}).",
            "bold red",
        )


def _options_table(game: Game, changed: set[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=f"{game.title} options", title_justify="left")
    table.add_column("option", style="bold", no_wrap=True)
    table.add_column("value", no_wrap=True, max_width=24)
    table.add_column("what it does")
    for spec in game.option_specs:
        value = Text(option_text(game.options.get(spec.name)))
        if spec.name in changed:
            value.stylize("bold green")
        default = spec.default_text or option_text(spec.default)
        about = Text(spec.description)
        about.append(f"\nallowed: {spec.allowed} · default: {default}", style="dim")
        table.add_row(spec.name, value, about)
    return table


def choose_options(prompter: Prompter, name: str) -> Game:
    """Show ``name``'s options with their descriptions and defaults, and let them be changed."""
    console = prompter.console
    cls = game_type(name)
    preset: str | None = None
    given: dict[str, str] = {}
    game = build_game(name, given)
    while True:
        console.print(_options_table(game, set(given)))
        if cls.presets:
            say(console, f"presets: {', '.join(cls.presets)}")
        typed = prompter.ask(
            "Enter to play with these; KEY=VALUE to change an option, a preset name, or reset: "
        )
        if not typed:
            return game
        if typed.lower() == "reset":
            preset, given = None, {}
        elif typed in cls.presets:
            preset, given = typed, {}
        else:
            try:
                changes = read_assignments(typed.split())
                game = build_game(name, {**given, **changes}, preset)
            except BadInput as error:
                say(console, f"Not changed: {error}.", "bold red")
                continue
            given.update(changes)
            continue
        game = build_game(name, given, preset)


def _seat_choices(game: Game) -> list[tuple[str, str]]:
    choices = [(HUMAN, "you"), (HUMAN, "another person at this screen")]
    known = list(BOT_STRENGTHS)
    ordered = sorted(
        bot_names(),
        key=lambda bot: (bot not in known, known.index(bot) if bot in known else 0, bot),
    )
    for bot in ordered:
        if _ONLY_FOR.get(bot, game.name) == game.name:
            choices.append((bot, f"{bot} bot — {BOT_STRENGTHS.get(bot, 'a bot')}"))
    return choices


def choose_seats(prompter: Prompter, game: Game) -> list[str]:
    """Ask who sits in each seat: you, another person at this screen, or a bot."""
    console = prompter.console
    choices = _seat_choices(game)
    say(console, "Who sits where?", "bold")
    for number, (_, text) in enumerate(choices, 1):
        say(console, f"  {number}) {text}")
    if len(choices) > 2:
        say(console, "  or type a bot spec, e.g. mcts:iterations=500")
    seats: list[str] = []
    for seat in range(game.seats):
        default = HUMAN if seat == 0 or len(choices) == 2 else DEFAULT_BOT
        shown = "you" if seat == 0 else ("person" if default == HUMAN else f"{default} bot")
        while True:
            typed = prompter.ask(f"Seat {seat} [{shown}]: ")
            if not typed:
                seats.append(default)
                break
            if typed.isdigit() and 1 <= int(typed) <= len(choices):
                seats.append(choices[int(typed) - 1][0])
                break
            try:
                seats.append(check_seat(typed))
                break
            except BadInput as error:
                say(console, f"{error}; or a number from 1 to {len(choices)}.", "bold red")
    return seats


def start_menu(prompter: Prompter) -> Setup:
    """Ask for a game, its options and its seats (raises
    :class:`~moonbase.cli.prompts.EndOfInput` if input ends)."""
    name = choose_game(prompter)
    game = choose_options(prompter, name)
    return Setup(game, choose_seats(prompter, game))
