"""The start menu (``moonbase`` with no arguments): a game, its options and who sits where.

Every question has a default, so pressing Enter throughout starts cooperative MOON with you in
its seat. Bad answers get one line saying what is allowed, and the question is asked again.
Beside the game's options, the options question takes ``forced=off``: ask even when only one
action is possible (the default, ``forced=on``, plays it for you; see
:mod:`moonbase.cli.turns`).

>>> import io
>>> from rich.console import Console
>>> from moonbase.cli.prompts import lines
>>> console = Console(file=io.StringIO(), width=100)
>>> setup = start_menu(Prompter(console, lines(["moon-leap", "players=3", "", "", "1", "3"])))
>>> setup.game.name, setup.game.seats, setup.seats, setup.skip_forced
('moon-leap', 3, ['human', 'human', 'random'], True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from rich import box
from rich.table import Table
from rich.text import Text

import moonbase
from moonbase.cli.bots import bot_names, bots_for
from moonbase.cli.errors import BadInput
from moonbase.cli.options import build_game, game_type, option_text, read_assignments
from moonbase.cli.prompts import Prompter, say
from moonbase.cli.seats import DEFAULT_BOT, HUMAN, check_seat
from moonbase.core import Game
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = [
    "BOT_STRENGTHS",
    "FORCED",
    "Setup",
    "choose_game",
    "choose_options",
    "choose_seats",
    "start_menu",
]

BOT_STRENGTHS: Final = {
    "random": N_("easiest: plays any legal action"),
    "greedy": N_("medium: takes the best-looking action now"),
    "mcts": N_("strong: searches ahead, tuned for each game (up to about a second a move)"),
    "planner": N_("MOON's planner: the cheapest way to each goal"),
}
"""What each bot is like, as the menu offers it, in English (translate it to show it; bots not
listed here are offered by name)."""
FORCED: Final = "forced"
"""The options question's setting for forced choices: ``forced=on`` or ``forced=off``."""


@dataclass(frozen=True)
class Setup:
    """What the menu chose: the game with its options, one seat spec per seat, and whether
    forced choices are played for the people."""

    game: Game
    seats: list[str]
    skip_forced: bool = True
    """Whether a person's only legal action is played for them."""


def _summary(cls: type[Game]) -> str:
    line = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
    prefix = f"{cls.title}:"
    return line[len(prefix) :].strip() if line.startswith(prefix) else line


def choose_game(prompter: Prompter) -> str:
    """Ask which game to play; returns its name."""
    console = prompter.console
    names = moonbase.games()
    say(console, _("Welcome to moonbase. Which game?"), "bold")
    for number, name in enumerate(names, 1):
        cls = game_type(name)
        say(console, f"  {number}) {cls.title:<20} {_summary(cls)}")
    while True:
        first = game_type(names[0]).title
        typed = prompter.ask(_("Game [1 {game}]: ").format(game=first), choices=names)
        if not typed:
            return names[0]
        if typed.isdigit() and 1 <= int(typed) <= len(names):
            return names[int(typed) - 1]
        if typed.lower() in names:
            return typed.lower()
        say(
            console,
            _(
                "There is no game {typed}: type a number from 1 to {last} or a name ({names})."
            ).format(typed=repr(typed), last=len(names), names=", ".join(names)),
            "bold red",
        )


def _options_table(game: Game, changed: set[str]) -> Table:
    title = _("{game} options").format(game=game.title)
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left")
    table.add_column(_("option"), style="bold", no_wrap=True)
    table.add_column(_("value"), no_wrap=True, max_width=24)
    table.add_column(_("what it does"))
    for spec in game.option_specs:
        value = Text(option_text(game.options.get(spec.name)))
        if spec.name in changed:
            value.stylize("bold green")
        default = spec.default_about or option_text(spec.default)
        about = Text(spec.about)
        about.append(
            "\n"
            + _("allowed: {allowed} · default: {default}").format(
                allowed=spec.allowed, default=default
            ),
            style="dim",
        )
        table.add_row(spec.name, value, about)
    return table


def _forced_words(words: list[str]) -> tuple[list[str], bool | None]:
    """The words that are not ``forced=on|off``, and the last such setting (``None``: none).

    >>> _forced_words(["players=3", "forced=off"])
    (['players=3'], False)
    """
    rest: list[str] = []
    setting: bool | None = None
    for word in words:
        key, _equals, value = word.partition("=")
        if key.lower() == FORCED and value.lower() in ("on", "off"):
            setting = value.lower() == "on"
        elif key.lower() == FORCED:
            raise BadInput(_("forced={value}: allowed: on, off").format(value=repr(value)))
        else:
            rest.append(word)
    return rest, setting


def _check_assignments(game: Game, words: list[str]) -> None:
    """Raise :class:`BadInput` in the menu's own words if a word is not ``KEY=VALUE``.

    >>> _check_assignments(moonbase.load("moon-leap"), ["players=3", "foo"])
    Traceback (most recent call last):
    ...
    moonbase.cli.errors.BadInput: 'foo' is neither a preset nor KEY=VALUE; type e.g. players=2, a preset (2p, 3p, 4p, custom-board), reset, or Enter to play
    """  # noqa: E501
    for word in words:
        key, equals, _value = word.partition("=")
        if equals and key:
            continue
        spec = game.option_specs[0] if game.option_specs else None
        example = f"{spec.name}={option_text(spec.default)}" if spec else f"{FORCED}=off"
        if game.presets:
            message = _(
                "{typed} is neither a preset nor KEY=VALUE; type e.g. {example}, a preset "
                "({presets}), reset, or Enter to play"
            )
        else:
            message = _("{typed} is not KEY=VALUE; type e.g. {example}, reset, or Enter to play")
        raise BadInput(
            message.format(typed=repr(word), example=example, presets=", ".join(game.presets))
        )


def choose_options(prompter: Prompter, name: str) -> tuple[Game, bool]:
    """Show ``name``'s options with their descriptions and defaults, and let them be changed;
    returns the game and whether forced choices are played for the people (``forced=``)."""
    console = prompter.console
    cls = game_type(name)
    preset: str | None = None
    given: dict[str, str] = {}
    skip_forced = True
    game = build_game(name, given)
    while True:
        console.print(_options_table(game, set(given)))
        if cls.presets:
            say(console, _("presets: {presets}").format(presets=", ".join(cls.presets)))
        say(
            console,
            _("forced=on (played for you): a choice with only one action possible (on, off)")
            if skip_forced
            else _("forced=off (asked): a choice with only one action possible (on, off)"),
        )
        typed = prompter.ask(
            _("Enter: play with these · KEY=VALUE: change an option · a preset · reset: "),
            choices=[*cls.presets, "reset", f"{FORCED}=on", f"{FORCED}=off"],
        )
        if not typed:
            return game, skip_forced
        if typed.lower() == "reset":
            preset, given, skip_forced = None, {}, True
        elif typed in cls.presets:
            preset, given = typed, {}
        else:
            try:
                words, forced = _forced_words(re.sub(r"\s*=\s*", "=", typed).split())
                _check_assignments(game, words)
                changes = read_assignments(words)
                game = build_game(name, {**given, **changes}, preset)
            except BadInput as error:
                say(console, _("Not changed: {error}.").format(error=error), "bold red")
                continue
            given.update(changes)
            skip_forced = skip_forced if forced is None else forced
            continue
        game = build_game(name, given, preset)


def _seat_choices(game: Game) -> list[tuple[str, str]]:
    choices = [(HUMAN, _("you")), (HUMAN, _("another person at this screen"))]
    known = list(BOT_STRENGTHS)
    ordered = sorted(
        bot_names(),
        key=lambda bot: (bot not in known, known.index(bot) if bot in known else 0, bot),
    )
    playing = bots_for(game)
    for bot in ordered:
        if bot in playing:
            about = _(BOT_STRENGTHS[bot]) if bot in BOT_STRENGTHS else _("a bot")
            choices.append((bot, _("{bot} bot — {about}").format(bot=bot, about=about)))
    return choices


def choose_seats(prompter: Prompter, game: Game) -> list[str]:
    """Ask who sits in each seat: you, another person at this screen, or a bot."""
    console = prompter.console
    choices = _seat_choices(game)
    say(console, _("Who sits where?"), "bold")
    for number, (_spec, text) in enumerate(choices, 1):
        say(console, f"  {number}) {text}")
    if len(choices) > 2:
        say(console, "  " + _("or type a bot spec, e.g. mcts:iterations=500"))
    seats: list[str] = []
    for seat in range(game.seats):
        default = HUMAN if seat == 0 or len(choices) == 2 else DEFAULT_BOT
        if seat == 0:
            shown = _("you")
        elif default == HUMAN:
            shown = _("person")
        else:
            shown = _("{bot} bot").format(bot=default)
        while True:
            question = _("Seat {seat} [{default}]: ").format(seat=seat, default=shown)
            typed = prompter.ask(question, choices=[HUMAN, *bot_names()])
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
                say(
                    console,
                    _("{error}; or a number from 1 to {last}.").format(
                        error=error, last=len(choices)
                    ),
                    "bold red",
                )
    return seats


def start_menu(prompter: Prompter) -> Setup:
    """Ask for a game, its options and its seats (raises
    :class:`~moonbase.cli.prompts.EndOfInput` if input ends)."""
    name = choose_game(prompter)
    game, skip_forced = choose_options(prompter, name)
    return Setup(game, choose_seats(prompter, game), skip_forced)
