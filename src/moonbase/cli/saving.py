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
from moonbase.i18n import gettext as _

__all__ = ["confirm", "default_file", "offer_save", "save_table"]

_YES = frozenset({"y", "yes"})


def confirm(prompter: Prompter, question: str) -> bool:
    """Ask a yes/no ``question``; only ``y`` or ``yes`` (any case), or the language's own
    words for them, is a yes."""
    return prompter.ask(question).lower() in _YES | {_("y"), _("yes")}


def default_file(table: Table) -> str:
    """The file name offered for the game on ``table``: the game's name and its seed."""
    return f"{table.game.name}-{table.state.seed}.json"


def save_table(prompter: Prompter, table: Table, path: str, *, then: str = "load") -> Path | None:
    """Save ``table`` to ``path``, asking first if that file exists; says where it went and how
    to go on with it (``moonbase load`` or ``moonbase replay``). ``None`` if not saved."""
    console = prompter.console
    target = Path(path).expanduser()
    if target.is_dir():
        say(
            console,
            _("Cannot save to {path}: it is a folder; give a file name.").format(path=path),
            "bold red",
        )
        return None
    if target.exists() and not confirm(
        prompter, _("{path} exists. Overwrite it? [y/N] ").format(path=path)
    ):
        say(console, _("Not saved."))
        return None
    try:
        written = table.save(target)
    except OSError as error:
        reason = error.strerror or str(error)
        say(
            console,
            _("Cannot save to {path}: {reason}.").format(path=path, reason=reason),
            "bold red",
        )
        return None
    how = (
        _("Saved to {file}. Continue it with: {command}")
        if then == "load"
        else _("Saved to {file}. Step through it with: {command}")
    )
    say(console, how.format(file=written, command=f"moonbase {then} {written}"))
    return written


def offer_save(prompter: Prompter, table: Table, question: str, *, then: str = "load") -> bool:
    """Ask ``question`` (yes/no); on yes ask for a file name (Enter: :func:`default_file`) and
    save. Returns whether the game was saved."""
    if not confirm(prompter, question):
        return False
    default = default_file(table)
    path = prompter.ask(_("File name [{file}]: ").format(file=default)) or default
    return save_table(prompter, table, path, then=then) is not None
