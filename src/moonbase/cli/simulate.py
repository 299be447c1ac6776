"""``moonbase simulate``: many games between bots, with a progress bar and a result table.

The match runner does the work (seats rotate, games run in parallel processes); its progress
bar is shown only when standard error is a terminal, so piping the output is safe.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from moonbase.cli.bots import BotError, run_match, split_specs
from moonbase.cli.errors import BadInput
from moonbase.cli.prompts import say
from moonbase.cli.render import number_text
from moonbase.cli.seats import check_seat
from moonbase.core import Game

__all__ = ["read_agents", "result_table", "simulate"]


def read_agents(given: Sequence[str], game: Game) -> list[str]:
    """One bot spec per seat from the ``--agents`` values (comma-separated, may repeat)."""
    specs = [spec for text in given for spec in split_specs(text)]
    seats = game.seats
    if len(specs) != seats:
        example = ",".join(["greedy", "random", "mcts", "random"][: max(seats, 1)])
        raise BadInput(
            f"{game.title} with these options has {seats} seat{'s' if seats != 1 else ''}; "
            f"got {len(specs)} agents; give one per seat, e.g. --agents {example}"
        )
    checked = [check_seat(spec) for spec in specs]
    if "human" in checked:
        raise BadInput("simulate plays bots only; allowed: random, greedy, mcts, planner, …")
    return checked


def result_table(result: Any) -> Table:
    """The match result (``moonbase.agents.match.MatchResult``) as a rich table."""
    table = Table(
        box=box.SIMPLE_HEAD,
        title=str(result.game),
        title_justify="left",
        padding=(0, 0),
        show_edge=False,
    )
    columns = ("agent", "games", "wins", "sole", "shared", "win rate", "95% CI", "mean")
    for column in (*columns, "95% CI"):
        table.add_column(column, justify="left" if column == "agent" else "right", no_wrap=True)
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


def simulate(
    console: Console, game: Game, agents: Sequence[str], games: int, jobs: int | None, seed: int
) -> None:
    """Play ``games`` games of ``game`` between ``agents`` and print the result table."""
    specs = read_agents(agents, game)
    try:
        result = run_match(game, specs, games, seed, jobs, progress=sys.stderr.isatty())
    except BotError as error:
        raise BadInput(str(error)) from None
    console.print(result_table(result))
    say(console, f"{len(result.records)} games from seed {seed}; seats rotate every game.")
