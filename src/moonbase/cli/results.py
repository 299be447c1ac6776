"""Printing the results of many games (``moonbase simulate``, ``moonbase lab``): a table as
wide as it needs, the line of games played, and rows as CSV or JSON text.

>>> import io
>>> from rich.console import Console
>>> from rich.table import Table
>>> console = Console(file=io.StringIO(), width=20)
>>> table = Table("agent", "a long column name", "another long column name")
>>> print_wide(console, table)  # a file, not a terminal: never cut to 20 columns
>>> "another long column name" in console.file.getvalue()
True
>>> games_played(3, 10, interrupted=True), games_played(1, 1, interrupted=False)
('3 of 10 games', '1 game')
>>> print(rows_csv([{"agent": "greedy", "games": 4}]), end="")
agent,games
greedy,4
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from moonbase.i18n import ngettext

__all__ = ["games_played", "print_wide", "result_json", "rows_csv"]


def print_wide(console: Console, table: Table) -> None:
    """Print ``table``; to a file or a pipe as wide as it needs, never cut to the terminal's
    width."""
    width = console.width
    if not console.is_terminal:
        unbounded = console.options.update_width(10_000)
        console.width = max(width, Measurement.get(console, unbounded, table).maximum)
    try:
        console.print(table)
    finally:
        console.width = width


def games_played(played: int, planned: int, *, interrupted: bool) -> str:
    """``N games``, or ``N of M games`` when a run was interrupted."""
    if interrupted:
        return ngettext("{played} of {n} game", "{played} of {n} games", planned).format(
            played=played, n=planned
        )
    return ngettext("{n} game", "{n} games", played).format(n=played)


def rows_csv(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """``rows`` as CSV text under a header of ``columns`` (default: the first row's keys)."""
    out = io.StringIO()
    names = list(columns) if columns is not None else list(rows[0]) if rows else []
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def result_json(result: Any, seed: int, rows: Sequence[Mapping[str, Any]]) -> str:
    """A run's result as one JSON object: ``game``, ``seed``, ``games_planned``,
    ``games_played``, ``interrupted`` and ``agents`` (the rows)."""
    body = {
        "game": str(result.game),
        "seed": seed,
        "games_planned": int(result.planned),
        "games_played": len(result.records),
        "interrupted": bool(result.interrupted),
        "agents": list(rows),
    }
    return json.dumps(body, indent=2)
