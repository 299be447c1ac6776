"""``moonbase simulate``: many games between bots, with a progress bar and the results.

The match runner does the work (seats rotate, games run in parallel processes); its progress
bar — games done, the rate and the time left — is shown only when standard error is a
terminal, so piping the output is safe. Results are a table (``--format table``, the default;
written to a file or a pipe it is as wide as it needs, never cut to the terminal's 80
columns), or machine-readable with ``--format csv`` or ``--format json``.

**Ctrl-C** stops the match at once: the worker processes end, the results of the games
finished so far are printed (with a note on standard error), and the exit status is 130.

**The columns** (:data:`COLUMNS`), one row per agent, in the order of ``--agents``:

``game``
    the game and its options (``moon-leap(players=2)``);
``seat``
    the agent's place in ``--agents``, from 0: the seat it plays in the first game (seats
    rotate, so every agent plays every seat);
``agent``, ``spec``
    the agent as labelled in the table (``random #2`` when two agents are alike) and its
    full spec;
``games``
    games played;
``wins``, ``sole_wins``, ``shared_wins``
    wins, a ``k``-way shared win counting ``1/k``; how many were outright and how many shared;
``win_rate``, ``win_low``, ``win_high``
    ``wins / games`` and its 95% Wilson interval;
``mean_score``, ``score_low``, ``score_high``
    the mean final score and its 95% interval;
``move_seconds``, ``slow_move_seconds``
    the median and 90th-percentile processor time of a move that had a choice.

JSON gives ``{"game", "seed", "games_planned", "games_played", "interrupted", "agents":
[row, …]}`` with the rows as objects; CSV gives a header line and the rows.

>>> import moonbase
>>> from moonbase.agents.match import match
>>> result = match(moonbase.load("moon-leap"), ["random", "greedy"], games=2, workers=1)
>>> print(csv_text(result).splitlines()[0])
game,seat,agent,spec,games,wins,sole_wins,shared_wins,win_rate,win_low,win_high,...
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Final

from rich import box
from rich.console import Console
from rich.table import Table

from moonbase.cli.bots import BotError, bots_for, check_plays, run_match, split_specs
from moonbase.cli.errors import BadInput
from moonbase.cli.prompts import say
from moonbase.cli.render import number_text
from moonbase.cli.results import games_played, print_wide, result_json, rows_csv
from moonbase.cli.seats import HUMAN, check_seat, read_seats
from moonbase.core import Game
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

__all__ = [
    "COLUMNS",
    "FORMATS",
    "INTERRUPTED",
    "csv_text",
    "json_text",
    "read_agents",
    "result_rows",
    "result_table",
    "simulate",
]

FORMATS: Final = ("table", "csv", "json")
"""The ``--format`` values."""
INTERRUPTED: Final = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""
COLUMNS: Final = (
    "game",
    "seat",
    "agent",
    "spec",
    "games",
    "wins",
    "sole_wins",
    "shared_wins",
    "win_rate",
    "win_low",
    "win_high",
    "mean_score",
    "score_low",
    "score_high",
    "move_seconds",
    "slow_move_seconds",
)
"""The machine-readable columns, one row per agent (see the module)."""


def read_agents(given: Sequence[str], game: Game) -> list[str]:
    """One bot spec per seat from the ``--agents`` values (comma-separated, may repeat), each
    checked to be a bot that plays ``game`` (:class:`BadInput` says which bots do).

    >>> import moonbase
    >>> read_agents(["planner,random"], moonbase.load("moon-leap"))
    Traceback (most recent call last):
    ...
    moonbase.cli.errors.BadInput: agent 'planner' does not play Moon Leap; allowed: greedy, ...
    """
    specs = [spec for text in given for spec in split_specs(text)]
    seats = game.seats
    if len(specs) != seats:
        example = ",".join(["greedy", "random", "mcts", "random"][: max(seats, 1)])
        has = ngettext(
            "{game} with these options has {n} seat",
            "{game} with these options has {n} seats",
            seats,
        ).format(game=game.title, n=seats)
        got = ngettext("got {n} agent", "got {n} agents", len(specs)).format(n=len(specs))
        give = _("give one per seat, e.g. --agents {example}").format(example=example)
        raise BadInput(f"{has}; {got}; {give}")
    if HUMAN in read_seats(specs, seats, check=False):  # human, you, …: a person
        raise BadInput(
            _("simulate plays bots only; allowed: {bots}").format(bots=", ".join(bots_for(game)))
        )
    checked = [check_seat(spec, people=False) for spec in specs]
    for spec in checked:
        try:
            check_plays(spec, game)
        except BotError as error:
            raise BadInput(str(error)) from None
    return checked


def result_rows(result: Any) -> list[dict[str, Any]]:
    """One row per agent of the match result (``moonbase.agents.match.MatchResult``), keyed
    by :data:`COLUMNS`."""
    return [
        {
            "game": str(result.game),
            "seat": seat,
            "agent": str(entry.label),
            "spec": str(entry.spec),
            "games": int(entry.games),
            "wins": round(float(entry.wins), 6),
            "sole_wins": int(entry.sole_wins),
            "shared_wins": int(entry.shared_wins),
            "win_rate": round(float(entry.win_rate), 6),
            "win_low": round(float(entry.win_low), 6),
            "win_high": round(float(entry.win_high), 6),
            "mean_score": round(float(entry.mean_score), 6),
            "score_low": round(float(entry.score_low), 6),
            "score_high": round(float(entry.score_high), 6),
            "move_seconds": round(float(entry.move_seconds), 6),
            "slow_move_seconds": round(float(entry.slow_move_seconds), 6),
        }
        for seat, entry in enumerate(result.entries)
    ]


def csv_text(result: Any) -> str:
    """The result as CSV: a header of :data:`COLUMNS`, then one line per agent."""
    return rows_csv(result_rows(result), COLUMNS)


def json_text(result: Any, seed: int) -> str:
    """The result as one JSON object (see the module)."""
    return result_json(result, seed, result_rows(result))


def result_table(result: Any) -> Table:
    """The match result (``moonbase.agents.match.MatchResult``) as a rich table."""
    table = Table(
        box=box.SIMPLE_HEAD,
        title=str(result.game),
        title_justify="left",
        padding=(0, 0),
        show_edge=False,
    )
    columns = (
        _("agent"), _("games"), _("wins"), _("sole"), _("shared"), _("win rate"), _("95% CI"),
        _("mean"), _("95% CI"),
    )  # fmt: skip
    for index, column in enumerate(columns):
        table.add_column(column, justify="right" if index else "left", no_wrap=True)
    for entry in result.entries:
        table.add_row(
            str(entry.label),
            str(entry.games),
            number_text(round(float(entry.wins), 2)),
            str(entry.sole_wins),
            str(entry.shared_wins),
            f"{entry.win_rate:.3f}",
            f"{entry.win_low:.2f}–{entry.win_high:.2f}",
            f"{entry.mean_score:.2f}",
            f"{entry.score_low:.2f}–{entry.score_high:.2f}",
        )
    return table


def _print_table(console: Console, result: Any, seed: int) -> None:
    print_wide(console, result_table(result))
    games = games_played(len(result.records), result.planned, interrupted=result.interrupted)
    say(
        console,
        _("{games} from seed {seed}; seats rotate every game.").format(games=games, seed=seed),
    )


def simulate(
    console: Console,
    game: Game,
    agents: Sequence[str],
    games: int,
    jobs: int | None,
    seed: int,
    output: str = "table",
) -> int:
    """Play ``games`` games of ``game`` between ``agents`` and print the results in the
    ``output`` format (:data:`FORMATS`); returns the exit status (:data:`INTERRUPTED` after
    Ctrl-C, with the results of the games finished)."""
    specs = read_agents(agents, game)
    status = 0
    try:
        result = run_match(game, specs, games, seed, jobs, progress=sys.stderr.isatty())
    except BotError as error:
        raise BadInput(str(error)) from None
    except KeyboardInterrupt as interrupt:
        result = getattr(interrupt, "partial", None)
        if result is None:
            raise
        status = INTERRUPTED
        played = len(result.records)
        print(
            ngettext(
                "Interrupted: {played} of {n} game played; the results below are theirs.",
                "Interrupted: {played} of {n} games played; the results below are theirs.",
                result.planned,
            ).format(played=played, n=result.planned),
            file=sys.stderr,
        )
    if output == "csv":
        console.file.write(csv_text(result))
    elif output == "json":
        console.file.write(json_text(result, seed) + "\n")
    else:
        _print_table(console, result, seed)
    console.file.flush()
    return status
