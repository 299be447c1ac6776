"""``moonbase lab``: tournaments between bots, with ratings, a results store and Dask.

The work is :func:`moonbase.lab.tournament` (the ``lab`` extra); this module reads the
command line, prints the table and answers bad input with one line naming what is allowed.
The table lists the agents from best to worst: by rating (openskill Plackett–Luce,
``mu ± sigma``; ranked by ``mu - 3 sigma``) in a game of several seats, by win rate in a solo
or cooperative game, which shows the score's quartiles instead of ratings.

>>> import moonbase
>>> read_pool(["greedy,random"], moonbase.load("moon-leap"))
['greedy', 'random']
>>> read_pool(["greedy"], moonbase.load("moon-leap"))
Traceback (most recent call last):
...
moonbase.cli.errors.BadInput: Moon Leap with these options has 2 seats; got 1 agent; a ...
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Final

from rich import box
from rich.console import Console
from rich.table import Table

from moonbase.cli.bots import BotError, bot_names, make_bot, split_specs
from moonbase.cli.errors import BadInput
from moonbase.cli.prompts import say
from moonbase.cli.render import counted
from moonbase.cli.results import games_played, print_wide, result_json, rows_csv
from moonbase.cli.seats import HUMAN, read_seats
from moonbase.core import Game

__all__ = [
    "EXPORTS",
    "FORMATS",
    "INTERRUPTED",
    "STUDIES",
    "check_bot",
    "read_pool",
    "run_study",
    "run_tournament",
    "standings_table",
]

FORMATS: Final = ("table", "csv", "json")
"""The ``--format`` values of ``moonbase lab tournament``."""
EXPORTS: Final = ("csv",)
"""The ``--export`` values: the stored games written beside the store's Parquet files."""
INTERRUPTED: Final = 130
"""The exit status after Ctrl-C."""


def _lab(*needs: str) -> Any:
    """:mod:`moonbase.lab`, once the libraries it needs here (``needs``, beside openskill and
    polars) are there; else one line saying how to install them."""
    import importlib

    for name in ("openskill", "polars", *needs):
        try:
            importlib.import_module(name)
        except ImportError:
            raise BadInput(
                f"the lab needs the lab extra ({name} is missing): pip install 'moonbase[lab]'"
            ) from None
    return importlib.import_module("moonbase.lab")


def check_bot(spec: str, plays: str) -> str:
    """``spec`` (stripped) if it names a bot; else :class:`BadInput` with the bot's reason and
    what is allowed, only bots being allowed: a person (``human``) is refused, ``plays`` (``a
    tournament``) playing bots only.

    >>> check_bot(" greedy ", "a tournament")
    'greedy'
    >>> check_bot("bogus", "a tournament")
    Traceback (most recent call last):
    ...
    moonbase.cli.errors.BadInput: unknown agent 'bogus'; allowed: greedy, mcts, planner, random
    """
    text = spec.strip()
    try:
        make_bot(text, 0)
    except BotError as error:
        if read_seats([text], seats=1, check=False) == [HUMAN]:  # human, you, …: a person
            raise BadInput(f"{plays} plays bots only; allowed: {', '.join(bot_names())}") from None
        raise BadInput(str(error)) from None
    return text


def read_pool(given: Sequence[str], game: Game) -> list[str]:
    """The tournament's agents from the ``--agents`` values (comma-separated, may repeat): at
    least one per seat, bots only."""
    specs = [spec for text in given for spec in split_specs(text)]
    seats = game.seats
    if len(specs) < seats or not specs:
        example = ",".join(["greedy", "random", "mcts", "random", "greedy", "random"][:seats])
        raise BadInput(
            f"{game.title} with these options has {counted(seats, 'seat')}; "
            f"got {counted(len(specs), 'agent')}; a tournament needs at least one agent per "
            f"seat, e.g. --agents {example}"
        )
    return [check_bot(spec, "a tournament") for spec in specs]


def standings_table(result: Any) -> Table:
    """The tournament result (:class:`moonbase.lab.TournamentResult`) as a rich table, best
    agent first."""
    table = Table(
        box=box.SIMPLE_HEAD,
        title=str(result.game),
        title_justify="left",
        padding=(0, 1, 0, 0),
        show_edge=False,
    )
    columns = ["#", "agent", "games", "win rate", "95% CI", "mean score", "95% CI"]
    if result.rated:
        columns += ["rating μ±σ", "95% CI", "μ−3σ"]
    else:
        columns += ["min", "q1", "median", "q3", "max"]
    columns += ["s/move", "p90"]
    for column in columns:
        table.add_column(column, justify="left" if column == "agent" else "right", no_wrap=True)
    for place, standing in enumerate(result.ranking(), start=1):
        row = [
            str(place),
            str(standing.label),
            str(standing.games),
            f"{standing.win_rate:.3f}",
            f"{standing.win_low:.2f}–{standing.win_high:.2f}",
            f"{standing.mean_score:.2f}",
            f"{standing.score_low:.2f}–{standing.score_high:.2f}",
        ]
        rating = standing.rating
        if rating is not None:
            row += [
                f"{rating.mu:.1f}±{rating.sigma:.1f}",
                f"{rating.low:.1f}–{rating.high:.1f}",
                f"{rating.ordinal:.1f}",
            ]
        else:
            row += [f"{value:g}" for value in standing.quartiles]
        row += [_seconds(standing.move_seconds), _seconds(standing.slow_move_seconds)]
        table.add_row(*row)
    return table


def _seconds(value: float) -> str:
    return f"{value * 1000:.1f}ms" if value < 1 else f"{value:.2f}s"


def _print_table(console: Console, result: Any, store: str | None) -> None:
    print_wide(console, standings_table(result))
    rounds = result.planned // result.seatings
    games = games_played(len(result.records), result.planned, interrupted=result.interrupted)
    say(
        console,
        f"{games} from seed {result.seed}: {counted(rounds, 'deal')}, each played in "
        f"{counted(result.seatings, 'seating')}.",
    )
    if store is not None:
        say(console, f"Stored in {store}.")


def run_tournament(
    console: Console,
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int,
    *,
    store: str | None = None,
    executor: str = "local",
    workers: int | None = None,
    output: str = "table",
    export: str | None = None,
) -> int:
    """Run ``moonbase lab tournament`` and print its result; returns the exit status
    (:data:`INTERRUPTED` after Ctrl-C, with the results of the games finished)."""
    specs = read_pool(agents, game)
    if export is not None and store is None:
        raise BadInput(f"--export {export} writes the stored games: give --store PATH too")
    if workers is not None and executor.strip().lower() != "local":
        raise BadInput(
            f"--workers is for --executor local; a Dask cluster ({executor}) plays on its own "
            "workers"
        )
    lab = _lab()
    status = 0
    try:
        result = lab.tournament(
            game,
            specs,
            games,
            seed,
            store=store,
            executor=executor,
            workers=workers,
            progress=sys.stderr.isatty(),
        )
    except lab.TournamentInterrupted as interrupt:
        result = interrupt.partial
        status = INTERRUPTED
        again = " run it again with the same --store to play the rest." if store else ""
        print(
            f"Interrupted: {len(result.records)} of {counted(result.planned, 'game')} played; "
            f"the results below are theirs.{again}",
            file=sys.stderr,
        )
    except ValueError as error:
        raise BadInput(str(error)) from None
    if export is not None and store is not None:
        target = f"{store.rstrip('/')}/games.csv"
        lab.export_csv(result.records, result.specs, target)
        print(f"Exported {counted(len(result.records), 'game')} to {target}.", file=sys.stderr)
    if output == "csv":
        console.file.write(rows_csv(result.rows()))
    elif output == "json":
        console.file.write(result_json(result, result.seed, result.rows()) + "\n")
    else:
        _print_table(console, result, store)
    console.file.flush()
    return status


STUDIES: Final = ("seat-value", "moon-difficulty", "wttm", "moons-scoring")
"""The studies ``moonbase lab study`` runs."""

_STUDY_GAMES: Final = {
    "moon-difficulty": "moon",
    "wttm": "welcome-to-the-moon",
    "moons-scoring": "moons",
}
"""The game each study plays (``seat-value`` plays any game of several seats)."""


def study_game(name: str, game: str | None) -> str:
    """The game the study ``name`` plays, checking the GAME given on the command line.

    >>> study_game("wttm", None)
    'welcome-to-the-moon'
    >>> study_game("moon-difficulty", "moons")
    Traceback (most recent call last):
    ...
    moonbase.cli.errors.BadInput: the moon-difficulty study plays moon; got GAME moons
    """
    if name not in STUDIES:
        raise BadInput(f"unknown study {name!r}; allowed: {', '.join(STUDIES)}")
    wanted = _STUDY_GAMES.get(name)
    if wanted is None:
        if game is None:
            raise BadInput(f"the {name} study needs a GAME, e.g. moonbase lab study {name} moons")
        return game
    if game is not None and game != wanted:
        raise BadInput(f"the {name} study plays {wanted}; got GAME {game}")
    return wanted


def run_study(
    console: Console,
    name: str,
    game: Game,
    agents: Sequence[str],
    games: int | None,
    seed: int,
    out: str,
    *,
    given: frozenset[str] = frozenset(),
    store: str | None = None,
    executor: str = "local",
    workers: int | None = None,
) -> int:
    """Run the study ``name`` (:data:`STUDIES`), write its report to ``out``, print its tables
    and where the report is. ``agents``: the bots (empty: the study's own); ``games``: per
    point of the study (``None``: its default); ``given``: the game options set on the command
    line; ``store``: the folder of the study's tournament stores (default ``out/games``)."""
    if name not in STUDIES:
        raise BadInput(f"unknown study {name!r}; allowed: {', '.join(STUDIES)}")
    specs = [spec for text in agents for spec in split_specs(text)]
    checked = [check_bot(spec, "a study") for spec in specs]
    if workers is not None and executor.strip().lower() != "local":
        raise BadInput(
            f"--workers is for --executor local; a Dask cluster ({executor}) plays on its own "
            "workers"
        )
    lab = _lab("matplotlib")
    folder = store if store is not None else f"{out.rstrip('/')}/games"
    common: dict[str, Any] = {"executor": executor, "workers": workers}
    sized: dict[str, Any] = {} if games is None else {"games": games}
    progress = sys.stderr.isatty()
    try:
        if name == "seat-value":
            if len(checked) > 1:
                raise BadInput(
                    f"the seat-value study plays one bot in every seat; got {len(checked)}"
                )
            from moonbase.lab.seat_value import seat_value, seat_value_report

            agent = checked[0] if checked else "greedy"
            report = seat_value_report(
                seat_value(game, agent, seed=seed, store=folder, **sized, **common)
            )
        elif name == "moon-difficulty":
            from moonbase.lab.moon_difficulty import DEFAULT_AGENTS, moon_difficulty

            options = {key: game.options[key] for key in given - {"mode", "difficulty"}}
            if "mode" in given and game.options["mode"] != "cooperative":
                raise BadInput("the moon-difficulty study plays cooperative MOON; drop mode=")
            report = moon_difficulty(
                seed=seed, agents=checked or DEFAULT_AGENTS, options=options, store=folder,
                progress=progress, **sized, **common,
            ).report()  # fmt: skip
        elif name == "wttm":
            if given:
                raise BadInput(
                    "the wttm study sweeps every adventure, player count and ASTRA level; "
                    f"it takes no game options (got {', '.join(sorted(given))})"
                )
            from moonbase.lab.wttm import wttm

            chosen: dict[str, Any] = {"opponents": tuple(checked)} if checked else {}
            report = wttm(
                seed=seed, store=folder, progress=progress, **chosen, **sized, **common
            ).report()
        else:
            from moonbase.lab.moons_scoring import DEFAULT_AGENTS as POOL
            from moonbase.lab.moons_scoring import moons_scoring

            if not given:  # the study's own base: three players
                game = type(game)(players=3)
            pool = checked or [*POOL, *["random"] * (game.seats - len(POOL))]
            read_pool([",".join(pool)], game)
            report = moons_scoring(
                game, seed=seed, agents=pool, store=folder, progress=progress, **sized, **common
            ).report()
    except lab.StoreMismatch as error:
        raise BadInput(f"{error} (a study's stores are in --store, default OUT/games)") from None
    except ValueError as error:
        raise BadInput(str(error)) from None
    page = report.write(out)
    console.file.write(report.text() + "\n\n")
    say(console, f"Report: {page}")
    return 0
