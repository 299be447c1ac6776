"""Saving a game from the play loop: ``save FILE`` asks before overwriting a file, ``quit``
offers to save what was played since the last save, and the end of a game offers to save it
for ``moonbase replay``.

>>> import io, moonbase
>>> from rich.console import Console
>>> from moonbase.cli.prompts import Prompter, lines
>>> from moonbase.cli.table import Table
>>> table = Table(moonbase.load("moon-leap").new(seed=7), ["human", "random"])
>>> default_file(table)
'moon-leap-7.json'
>>> prompter = Prompter(Console(file=io.StringIO()), lines(["yes", "n"]))
>>> confirm(prompter, "Save? [y/N] "), confirm(prompter, "Again? [y/N] ")
(True, False)
"""

from __future__ import annotations

from pathlib import Path

from moonbase.cli.prompts import Prompter, say
from moonbase.cli.table import Table

__all__ = ["confirm", "default_file", "offer_save", "save_table"]

_YES = frozenset({"y", "yes"})


def confirm(prompter: Prompter, question: str) -> bool:
    """Ask a yes/no ``question``; only ``y`` or ``yes`` (any case) is a yes."""
    return prompter.ask(question).lower() in _YES


def default_file(table: Table) -> str:
    """The file name offered for the game on ``table``: the game's name and its seed."""
    return f"{table.game.name}-{table.state.seed}.json"


def save_table(prompter: Prompter, table: Table, path: str, *, then: str = "load") -> Path | None:
    """Save ``table`` to ``path``, asking first if that file exists; says where it went and how
    to go on with it (``moonbase load`` or ``moonbase replay``). ``None`` if not saved."""
    console = prompter.console
    target = Path(path).expanduser()
    if target.is_dir():
        say(console, f"Cannot save to {path}: it is a folder; give a file name.", "bold red")
        return None
    if target.exists() and not confirm(prompter, f"{path} exists. Overwrite it? [y/N] "):
        say(console, "Not saved.")
        return None
    try:
        written = table.save(target)
    except OSError as error:
        reason = error.strerror or str(error)
        say(console, f"Cannot save to {path}: {reason}.", "bold red")
        return None
    how = "Continue it with" if then == "load" else "Step through it with"
    say(console, f"Saved to {written}. {how}: moonbase {then} {written}")
    return written


def offer_save(prompter: Prompter, table: Table, question: str, *, then: str = "load") -> bool:
    """Ask ``question`` (yes/no); on yes ask for a file name (Enter: :func:`default_file`) and
    save. Returns whether the game was saved."""
    if not confirm(prompter, question):
        return False
    default = default_file(table)
    path = prompter.ask(f"File name [{default}]: ") or default
    return save_table(prompter, table, path, then=then) is not None
