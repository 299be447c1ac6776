"""The ``moonbase`` command and its subcommands (click).

``moonbase`` alone opens the start menu; ``play``, ``load``, ``replay``, ``simulate``,
``rules``, ``serve``, ``games`` and ``lab`` do one thing each (``moonbase COMMAND --help``). Bad
input on the command line — an unknown game, a bad option or seat, a wrong flag, a missing or
damaged file — is answered with one line on standard error saying what is wrong and what is
allowed, and exit status 2; never a traceback.

Each command's help is given to click as ``help=`` (a text marked with ``N_``, translated
into the language spoken when shown); the command's function does not repeat it as its
docstring. Click's own texts — its errors ("Missing argument 'FILE'"), ``[default: …]`` and
``[required]`` in a help — are translated too (:func:`_click_speaks`).

>>> main(["rules", "chess"])
2
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

import click
from rich.console import Console
from rich.text import Text

import moonbase
from moonbase import i18n
from moonbase.cli.errors import USAGE_ERROR, BadInput
from moonbase.cli.lab import EXPORTS, run_study, run_tournament, study_game
from moonbase.cli.lab import FORMATS as LAB_FORMATS
from moonbase.cli.menu import start_menu
from moonbase.cli.options import build_game, game_type, option_text, read_assignments
from moonbase.cli.play import PlayLoop
from moonbase.cli.prompts import EndOfInput, Prompter, say
from moonbase.cli.replay import Replay
from moonbase.cli.rules import RulesMissing, rules_text, show_rules
from moonbase.cli.seats import read_seats
from moonbase.cli.simulate import FORMATS
from moonbase.cli.simulate import simulate as run_simulation
from moonbase.cli.table import Table, load_table
from moonbase.i18n import N_, N_plural
from moonbase.i18n import gettext as _

__all__ = ["cli", "main"]

INTERRUPTED: Final = 130
"""The exit status after Ctrl-C."""
_CONTEXT: Final = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
_F = TypeVar("_F", bound=Callable[..., Any])


_CLICK_WORDS: Final = (N_("Usage:"), N_("Options"), N_("Commands"), N_("Arguments"))
"""The headings click writes in a help text (it reads them in English: translated here)."""
_CLICK_HELP: Final = (N_("Show this message and exit."), N_("Show the version and exit."))
_CLICK_TEXTS: Final = (
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("default: {default}"),
    N_("required"),
    N_plural("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    N_plural(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."
    ),
    N_plural("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)
"""Click's own texts that moonbase's command shows (errors, and the notes in brackets beside an
option in a help), each as click writes it: marked here to be kept in the terminal catalog."""
_CLICK_MODULES: Final = ("core", "decorators", "exceptions", "formatting", "parser", "types")
"""The modules of click that translate their texts."""


def _click_speaks() -> None:
    """Have click say its own texts (:data:`_CLICK_TEXTS`) in the language spoken.

    Click translates them with the standard library's :func:`gettext.gettext` and
    :func:`gettext.ngettext`, which each of its modules imports by name and which read ``.mo``
    files of the default domain; moonbase's catalogs are compiled in memory. So, in click's
    modules only, those two names are bound to :func:`moonbase.i18n.gettext` and
    :func:`moonbase.i18n.ngettext` instead (English: the texts as click writes them).
    """
    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if getattr(module, "_", None) is gettext.gettext:
            module._ = i18n.gettext  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = i18n.ngettext  # type: ignore[attr-defined]


_click_speaks()


class _Integer(click.types.IntParamType):
    """A whole number, named in the language spoken in click's "'x' is not a valid integer"."""

    @property
    def name(self) -> str:  # type: ignore[override]
        """The type's name, in the language spoken."""
        return _("integer")


class _IntegerRange(click.IntRange):
    """A whole number in a range, named in the language spoken in click's errors."""

    @property
    def name(self) -> str:  # type: ignore[override]
        """The type's name, in the language spoken."""
        return _("integer")


class _NumberRange(click.FloatRange):
    """A number in a range, named in the language spoken in click's errors."""

    @property
    def name(self) -> str:  # type: ignore[override]
        """The type's name, in the language spoken."""
        return _("number")


class _SpokenFormatter(click.HelpFormatter):
    """Click's help formatter with its headings in the language spoken."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, prefix if prefix is not None else _("Usage:") + " ")

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(heading))


class _SpokenContext(click.Context):
    formatter_class = _SpokenFormatter


class _Spoken:
    """Help in the language spoken: click reads the help texts at import, before ``--lang`` is
    read, so they are marked with ``N_`` and translated only when the help is shown."""

    help: str | None
    params: list[click.Parameter]
    context_class: type[click.Context] = _SpokenContext

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        params = click.Command.get_params(self, ctx)  # type: ignore[arg-type]
        texts = [(self, self.help)] + [
            (param, param.help) for param in params if isinstance(param, click.Option)
        ]
        for holder, text in texts:
            holder.help = _(text) if text else text
        try:
            super().format_help(ctx, formatter)  # type: ignore[misc]
        finally:
            for holder, text in texts:
                holder.help = text

    def get_short_help_str(self, limit: int = 45) -> str:
        text = self.help
        self.help = _(text) if text else text
        try:
            return str(super().get_short_help_str(limit))  # type: ignore[misc]
        finally:
            self.help = text


class _SpokenCommand(_Spoken, click.Command):
    """A command whose help is shown in the language spoken."""


class _SpokenGroup(_Spoken, click.Group):
    """A group whose help, and its commands', is shown in the language spoken."""

    command_class = _SpokenCommand
    group_class = type


def _console() -> Console:
    return Console(highlight=False)


def _new_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def _reports_bad_input(command: _F) -> _F:
    """Turn :class:`BadInput` raised by ``command`` into a click usage error."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except BadInput as error:
            raise click.UsageError(str(error), click.get_current_context()) from None

    return cast(_F, wrapper)


def _play(table: Table, skip_forced: bool = True) -> int:
    """Play the game on ``table``, and again with the same seats (a new deal) while the
    people at the screen ask for it."""
    while True:
        loop = PlayLoop(table, Prompter(_console()), skip_forced=skip_forced)
        status = loop.run()
        if not loop.again:
            return status
        table = Table(table.game.new(seed=_new_seed()), table.seats)


_SKIP_FORCED = click.option(
    "--skip-forced/--no-skip-forced",
    default=True,
    show_default=True,
    help=N_("play a person's only possible action for them (with one line saying so), or ask"),
)


def _speak(ctx: click.Context, param: click.Parameter, lang: str | None) -> str:
    """Speak the language asked for with ``--lang``, else the one of ``LC_ALL``/``LANG``."""
    try:
        chosen = i18n.choose(lang, os.environ)
    except i18n.UnknownLanguage as error:
        raise click.BadParameter(str(error), ctx, param) from None
    i18n.use(chosen)
    return chosen


@click.group(
    cls=_SpokenGroup,
    invoke_without_command=True,
    context_settings=_CONTEXT,
    help=N_(
        "moonbase: MOON, Moon Leap, Welcome to the Moon and Moons at the terminal.\n\n"
        "Without a command, a menu asks for the game, its options and who sits where."
    ),
)
@click.version_option(moonbase.__version__, prog_name="moonbase")
@click.option(
    "--lang", metavar="|".join(i18n.LANGUAGES), callback=_speak, is_eager=True,
    help=N_("the language to speak (default: from LC_ALL, LC_MESSAGES or LANG; else English)"),
)  # fmt: skip
@click.pass_context
def cli(ctx: click.Context, lang: str) -> int:
    if ctx.invoked_subcommand is not None:
        return 0
    prompter = Prompter(_console())
    try:
        setup = start_menu(prompter)
    except EndOfInput:
        say(prompter.console, _("Input ended: no game started."))
        return 0
    return _play(Table(setup.game.new(seed=_new_seed()), setup.seats), setup.skip_forced)


_OPTION_HELP = N_("a game option, e.g. players=3 (repeatable; `moonbase games` lists them)")
_SEAT_HELP = N_(
    "who plays each seat, in seat order: human, or a bot — random, greedy, mcts, planner, "
    "or a spec like mcts:iterations=200 (repeatable or comma-separated; default: you and "
    "greedy bots)"
)
_GAME_OPTIONS = click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help=_OPTION_HELP
)
_PRESET = click.option(
    "--preset", "-p", metavar="NAME", help=N_("start from one of the game's presets")
)
_FIRST_SEED = click.option(
    "--seed", type=_Integer(), default=0, show_default=True, metavar="N",
    help=N_("the first deal"),
)  # fmt: skip
_EXECUTOR = click.option(
    "--executor", default="local", show_default=True, metavar="local|dask://HOST:PORT",
    help=N_("play in local processes or on the Dask scheduler at HOST:PORT"),
)  # fmt: skip
_WORKERS = click.option(
    "--workers", "-j", type=_IntegerRange(min=1), metavar="N",
    help=N_("local worker processes (default: one per core)"),
)  # fmt: skip


@cli.command(
    context_settings=_CONTEXT, help=N_("Play GAME at this screen (moon, moon-leap, moons, …).")
)
@click.argument("game")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help=_OPTION_HELP)
@click.option("--preset", "-p", metavar="NAME", help=N_("start from one of the game's presets"))
@click.option("--seat", "-s", "seats", multiple=True, metavar="WHO", help=_SEAT_HELP)
@click.option("--seed", type=_Integer(), metavar="N", help=N_("the deal (default: a random one)"))
@_SKIP_FORCED
@_reports_bad_input
def play(
    game: str,
    options: tuple[str, ...],
    preset: str | None,
    seats: tuple[str, ...],
    seed: int | None,
    skip_forced: bool,
) -> int:
    chosen = build_game(game, read_assignments(options), preset)
    specs = read_seats(seats, chosen.seats)
    state = chosen.new(seed=_new_seed() if seed is None else seed)
    return _play(Table(state, specs), skip_forced)


@cli.command(
    context_settings=_CONTEXT, help=N_("Continue the game saved in FILE, with the same seats.")
)
@click.argument("file", type=click.Path(dir_okay=True, path_type=str))
@_SKIP_FORCED
@_reports_bad_input
def load(file: str, skip_forced: bool) -> int:
    return _play(load_table(file), skip_forced)


@cli.command(
    context_settings=_CONTEXT, help=N_("Step forward and back through the game saved in FILE.")
)
@click.argument("file", type=click.Path(dir_okay=True, path_type=str))
@click.option("--seat", type=_Integer(), metavar="N", help=N_("see the game from this seat's view"))
@click.option("--spectator", is_flag=True, help=N_("see the game as a spectator (the default)"))
@_reports_bad_input
def replay(file: str, seat: int | None, spectator: bool) -> int:
    table = load_table(file)
    if seat is not None and spectator:
        raise BadInput(_("give --seat N or --spectator, not both"))
    if seat is not None and not 0 <= seat < table.game.seats:
        raise BadInput(
            _("--seat {seat}: allowed: 0 to {last}").format(seat=seat, last=table.game.seats - 1)
        )
    prompter = Prompter(_console())
    try:
        return Replay(table, seat).run(prompter)
    except EndOfInput:
        return 0


_SIMULATE_HELP = N_(
    "Play many games of GAME between bots and print the results.\n"
    "\n"
    "Ctrl-C stops at once and prints the results of the games finished (exit status 130).\n"
    "The csv and json columns: game, seat (the agent's place in --agents), agent, spec, games,\n"
    "wins, sole_wins, shared_wins, win_rate, win_low, win_high (95% interval), mean_score,\n"
    "score_low, score_high, move_seconds, slow_move_seconds (median and 90th percentile)."
)


@cli.command(context_settings=_CONTEXT, help=_SIMULATE_HELP)
@click.argument("game")
@click.option(
    "--agents",
    "-a",
    multiple=True,
    required=True,
    metavar="A,B,…",
    help=N_("one bot per seat, comma-separated, e.g. greedy,random"),
)
@click.option(
    "--games", "-n", type=_IntegerRange(min=1), default=100, show_default=True, metavar="N"
)
@click.option(
    "--jobs", "-j", type=_IntegerRange(min=1), metavar="N",
    help=N_("worker processes (default: one per core)"),
)  # fmt: skip
@_GAME_OPTIONS
@_PRESET
@_FIRST_SEED
@click.option(
    "--format",
    "output",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help=N_("table for people; csv or json (one row per agent) for programs"),
)
@_reports_bad_input
def simulate(
    game: str,
    agents: tuple[str, ...],
    games: int,
    jobs: int | None,
    options: tuple[str, ...],
    preset: str | None,
    seed: int,
    output: str,
) -> int:
    chosen = build_game(game, read_assignments(options), preset)
    return run_simulation(_console(), chosen, agents, games, jobs, seed, output)


_LAB_HELP = N_("Tournaments, ratings and studies between bots (needs the lab extra).")


@cli.group(context_settings=_CONTEXT, help=_LAB_HELP)
def lab() -> None:  # the help: _LAB_HELP, translated when shown
    pass


_TOURNAMENT_HELP = N_(
    "Play every seating of the bots at GAME over many deals; print win rates and ratings.\n"
    "\n"
    "Ctrl-C stops at once, keeps the games finished in --store and prints their results\n"
    "(exit status 130)."
)


@lab.command(context_settings=_CONTEXT, help=_TOURNAMENT_HELP)
@click.argument("game")
@click.option(
    "--agents",
    "-a",
    multiple=True,
    required=True,
    metavar="A,B,…",
    help=N_("the bots in the tournament, at least one per seat, e.g. mcts,greedy,random"),
)
@_GAME_OPTIONS
@_PRESET
@click.option(
    "--games", "-n", type=_IntegerRange(min=1), default=100, show_default=True, metavar="N",
    help=N_("at least this many games: whole rounds of every seating"),
)  # fmt: skip
@_FIRST_SEED
@click.option(
    "--store", metavar="PATH",
    help=N_("a folder for the results (Parquet); a run on it again continues where it stopped"),
)  # fmt: skip
@_EXECUTOR
@_WORKERS
@click.option(
    "--format", "output", type=click.Choice(LAB_FORMATS), default="table", show_default=True,
    help=N_("table for people; csv or json (one row per agent) for programs"),
)  # fmt: skip
@click.option(
    "--export", type=click.Choice(EXPORTS),
    help=N_("also write the stored games as PATH/games.csv (needs --store)"),
)  # fmt: skip
@_reports_bad_input
def tournament(
    game: str,
    agents: tuple[str, ...],
    options: tuple[str, ...],
    preset: str | None,
    games: int,
    seed: int,
    store: str | None,
    executor: str,
    workers: int | None,
    output: str,
    export: str | None,
) -> int:
    chosen = build_game(game, read_assignments(options), preset)
    return run_tournament(
        _console(),
        chosen,
        agents,
        games,
        seed,
        store=store,
        executor=executor,
        workers=workers,
        output=output,
        export=export,
    )


_STUDY_HELP = N_(
    "Run the study NAME and write its report: seat-value GAME, moon-difficulty, wttm,\n"
    "moons-scoring (GAME may be left out where the study plays one game)."
)


@lab.command(context_settings=_CONTEXT, help=_STUDY_HELP)
@click.argument("name", metavar="NAME")
@click.argument("game", required=False)
@_GAME_OPTIONS
@_PRESET
@click.option(
    "--agents", "--agent", "-a", "agents", multiple=True, metavar="A,B,…",
    help=N_("the bots (default: the study's own); seat-value takes one, playing every seat"),
)  # fmt: skip
@click.option(
    "--games", "-n", type=_IntegerRange(min=1), metavar="N",
    help=N_("deals (games, in moons-scoring) per point of the study (default: the study's own)"),
)  # fmt: skip
@_FIRST_SEED
@click.option(
    "--out", default="lab-report", show_default=True, metavar="FOLDER",
    help=N_("where the report (index.html and its pictures) is written"),
)  # fmt: skip
@click.option(
    "--store", metavar="PATH",
    help=N_("the folder of the study's tournament stores (default: OUT/games); a rerun continues"),
)  # fmt: skip
@_EXECUTOR
@_WORKERS
@_reports_bad_input
def study(
    name: str,
    game: str | None,
    options: tuple[str, ...],
    preset: str | None,
    agents: tuple[str, ...],
    games: int | None,
    seed: int,
    out: str,
    store: str | None,
    executor: str,
    workers: int | None,
) -> int:
    name_of_game = study_game(name, game)
    assignments = read_assignments(options)
    chosen = build_game(name_of_game, assignments, preset)
    given = set(assignments)
    if preset is not None:
        given |= set(chosen.presets.get(preset, {}))
    return run_study(
        _console(), name, chosen, agents, games, seed, out, given=frozenset(given),
        store=store, executor=executor, workers=workers,
    )  # fmt: skip


_RULES_HELP = N_(
    "Show the rules of GAME in the language spoken, as moonbase plays them (paged on a terminal)."
)


@cli.command(context_settings=_CONTEXT, help=_RULES_HELP)
@click.argument("game")
@_reports_bad_input
def rules(game: str) -> int:
    console = _console()
    try:
        show_rules(console, rules_text(game))
    except RulesMissing as error:
        say(console, _("Sorry: {error}.").format(error=error))
        return 1
    return 0


_SERVE_HELP = N_("Serve tables over the network (REST and WebSocket API; see docs/server.md).")


@cli.command(context_settings=_CONTEXT, help=_SERVE_HELP)
@click.option(
    "--host", default="127.0.0.1", show_default=True, metavar="HOST",
    help=N_("the address to listen on"),
)  # fmt: skip
@click.option("--port", type=_IntegerRange(1, 65535), default=8000, show_default=True, metavar="N")
@click.option(
    "--database",
    metavar="URL",
    help=N_("sqlite:///FILE or postgresql://… (default: an SQLite file in your data directory)"),
)
@click.option(
    "--bot-workers", type=_IntegerRange(min=1), default=1, show_default=True, metavar="N",
    help=N_("processes that think for the bots"),
)  # fmt: skip
@click.option(
    "--grace", type=_NumberRange(min=0), default=60.0, show_default=True, metavar="SECONDS",
    help=N_("how long a player may be disconnected before a bot takes their seat"),
)  # fmt: skip
def serve(host: str, port: int, database: str | None, bot_workers: int, grace: float) -> int:
    try:
        from moonbase.server.serve import serve as run_server
    except ImportError as error:
        raise click.ClickException(
            _(
                "the server needs the server extra ({name} is missing): "
                "pip install 'moonbase[server]'"
            ).format(name=error.name)
        ) from None
    return run_server(host, port, database, bot_workers, grace)


_GAMES_HELP = N_("List the games, their options and presets.")


@cli.command(context_settings=_CONTEXT, help=_GAMES_HELP)
def games() -> int:
    console = _console()
    for name in moonbase.games():
        cls = game_type(name)
        console.rule(Text(f"{name} — {cls.title}", style="bold"), align="left")
        for spec in cls.option_specs:
            default = spec.default_about or option_text(spec.default)
            say(console, f"  {spec.name}={default}  ({spec.allowed}) — {spec.about}")
        if cls.presets:
            say(console, "  " + _("presets: {presets}").format(presets=", ".join(cls.presets)))
    return 0


def _usage_line(error: click.UsageError) -> str:
    """``error`` as the one line the command prints: where, what is wrong and what is allowed
    (in the language spoken; what click says is recognised by the error's kind, never its
    words)."""
    ctx = error.ctx
    where = ctx.command_path if ctx is not None else "moonbase"
    message = " ".join(error.format_message().split())
    command = getattr(error, "command_name", None)  # click.NoSuchCommand (click 8.4 and later)
    if isinstance(error, click.NoSuchOption) and ctx is not None:
        message = " ".join(error.message.split())  # what is allowed follows: no "did you mean"
        names = sorted(
            name
            for param in ctx.command.params
            if isinstance(param, click.Option)
            for name in (*param.opts, *param.secondary_opts)
            if name.startswith("--")
        )
        names.append("--help")
        message = message.rstrip(".") + _("; allowed: {allowed}").format(allowed=", ".join(names))
    elif isinstance(command, str) and ctx is not None and isinstance(ctx.command, click.Group):
        commands = ", ".join(ctx.command.list_commands(ctx))
        message = " ".join(error.message.split()).rstrip(".")
        message += _("; allowed: {allowed}").format(allowed=commands)
    elif (
        isinstance(error, click.MissingParameter)
        and error.param is not None
        and error.param.name == "game"
    ):
        message = message.rstrip(".") + _("; allowed: {allowed}").format(
            allowed=", ".join(moonbase.games())
        )
    return f"{where}: {message}"


def _language_asked(args: Sequence[str]) -> str | None:
    """The language named with ``--lang`` before the command in ``args`` (``None``: none).

    >>> _language_asked(["--lang", "pl", "play", "moon"]), _language_asked(["--lang=es"])
    ('pl', 'es')
    >>> _language_asked(["play", "--lang", "pl"]) is None
    True
    """
    for index, arg in enumerate(args):
        if arg == "--lang":
            return args[index + 1] if index + 1 < len(args) else None
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-"):
            return None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); returns the exit
    status."""
    args = list(sys.argv[1:] if argv is None else argv)
    # Spoken before click reads the command line, so that its errors are in the language too
    # (a language not spoken is said by --lang itself).
    with contextlib.suppress(i18n.UnknownLanguage):
        i18n.use(i18n.choose(_language_asked(args), os.environ))
    try:
        result = cli.main(args=args, prog_name="moonbase", standalone_mode=False)
    except click.UsageError as error:
        click.echo(_usage_line(error), err=True)
        return USAGE_ERROR
    except click.ClickException as error:
        click.echo(f"moonbase: {' '.join(error.format_message().split())}", err=True)
        return error.exit_code
    except (click.Abort, KeyboardInterrupt):
        click.echo(_("Interrupted."), err=True)
        return INTERRUPTED
    return result if isinstance(result, int) else 0
