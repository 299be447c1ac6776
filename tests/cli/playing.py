"""Playing a table in-process with typed lines, as the tests of the play loop do."""

from __future__ import annotations

import io

from rich.console import Console

from moonbase.cli.play import PlayLoop
from moonbase.cli.prompts import Prompter, lines
from moonbase.cli.table import Table


def play_typed(
    table: Table, typed: list[str], *, width: int = 100, skip_forced: bool = True
) -> tuple[int, str]:
    """Play ``table`` with ``typed`` as the lines people type, on a console ``width`` wide
    without colour; returns the exit status and everything shown."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    status = PlayLoop(table, Prompter(console, lines(typed)), skip_forced=skip_forced).run()
    shown = console.file.getvalue()
    assert isinstance(shown, str)
    return status, shown


def shown_playing(
    table: Table, typed: list[str], *, width: int = 100, skip_forced: bool = True
) -> str:
    """What playing ``table`` with ``typed`` shows (see :func:`play_typed`)."""
    return play_typed(table, typed, width=width, skip_forced=skip_forced)[1]
