"""Reading what people type, and the screen between hot-seat turns.

A :class:`Prompter` asks for a line through a rich console. At a terminal (standard input and
output both a terminal) it reads through a :class:`~moonbase.cli.editor.LineEditor`: line
editing, history (Up, Ctrl-R) and Tab completion of the choices a question offers; and what was
typed before a prompt appeared is thrown away, and said so, rather than taken as the answer to
a question nobody has seen. Anywhere else (a pipe, a script) lines are read plainly, in order,
each one answering the next question. End of input (Ctrl-D, a closed pipe) raises
:class:`EndOfInput`, which every caller treats as leaving. Tests give it a list of lines
instead of the keyboard.

>>> from rich.console import Console
>>> import io
>>> prompter = Prompter(Console(file=io.StringIO()), lines(["3", ""]))
>>> prompter.ask("Game: "), prompter.ask("Again: ", choices=["1", "2"])
('3', '')
>>> prompter.ask("More: ")
Traceback (most recent call last):
...
moonbase.cli.prompts.EndOfInput
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.cli.editor import LineEditor

__all__ = ["ACTIONS", "ANSWERS", "CLEAR_SCROLLBACK", "EndOfInput", "Prompter", "lines", "say"]

CLEAR_SCROLLBACK = "\x1b[3J"
"""The escape sequence that clears a terminal's scrollback (xterm and most others)."""

Reader = Callable[[], str]
"""Reads one line (without its newline); raises ``EOFError`` at the end of input."""

ACTIONS = "actions"
"""The history kind of the lines typed at a game's prompt."""
ANSWERS = "answers"
"""The history kind of every other answer (the start menu, replay, passing the screen)."""


class EndOfInput(Exception):
    """The person closed the input (Ctrl-D or the end of a pipe)."""


def _keyboard() -> str:
    return input()


def say(console: Console, message: str, style: str = "") -> None:
    """Print ``message`` as one line, never wrapped by rich and never read as markup."""
    console.print(Text(message, style=style), soft_wrap=True)


def lines(typed: Iterable[str]) -> Reader:
    """A reader that returns ``typed`` one line at a time, then ends (for tests and scripts)."""
    source: Iterator[str] = iter(typed)

    def read() -> str:
        try:
            return next(source)
        except StopIteration:
            raise EOFError from None

    return read


def _edits(console: Console) -> bool:
    return console.is_terminal and not console.is_dumb_terminal and sys.stdin.isatty()


class Prompter:
    """Asks questions on ``console`` and reads the answers with ``read`` (default: the
    keyboard, with line editing when at a terminal)."""

    def __init__(self, console: Console, read: Reader | None = None) -> None:
        self.console = console
        self._read = read or _keyboard
        self._typed_ahead = read is None and sys.stdin.isatty()
        self._editor: LineEditor | None = None
        if read is None and _edits(console):
            from moonbase.cli.editor import LineEditor

            self._editor = LineEditor()

    @property
    def editing(self) -> bool:
        """Whether lines are read with editing, history and completion (at a terminal)."""
        return self._editor is not None

    def ask(
        self, prompt: str | Text, *, choices: Sequence[str] = (), history: str = ANSWERS
    ) -> str:
        """Show ``prompt`` and return the line typed (without surrounding spaces).

        At a terminal, Tab completes ``choices`` and Up/Ctrl-R recall earlier lines of the same
        ``history`` kind (:data:`ACTIONS` or :data:`ANSWERS`).
        """
        self._discard_typeahead()
        try:
            if self._editor is not None:
                plain = prompt.plain if isinstance(prompt, Text) else prompt
                return self._editor.read(plain, choices, history).strip()
            self.console.print(prompt, end="", markup=False, highlight=False)
            self.console.file.flush()
            return self._read().strip()
        except EOFError:
            self.console.print()
            raise EndOfInput from None

    def _discard_typeahead(self) -> None:
        """At a terminal, throw away what was typed before this prompt, and say so."""
        if not self._typed_ahead:
            return
        from moonbase.cli.editor import describe_typeahead, discard_pending

        early = self._editor.discard_typeahead() if self._editor else discard_pending()
        if early:
            shown = describe_typeahead(early) or _("a key")
            say(
                self.console,
                _("(Ignored what was typed before this question: {typed}.)").format(typed=shown),
                "dim",
            )
        self.console.file.flush()

    def clear(self) -> None:
        """Clear the screen and its scrollback (on a terminal that can, so that scrolling up
        shows nothing of the last person's turn; elsewhere draw a line across)."""
        if self.console.is_terminal and not self.console.is_dumb_terminal:
            self.console.clear()
            self.console.file.write(CLEAR_SCROLLBACK)
            self.console.file.flush()
        else:
            self.console.rule()

    def pass_screen(self, to: str) -> None:
        """Hot seat: clear the screen and wait until ``to`` has the screen (Enter)."""
        self.clear()
        say(self.console, _("Pass the screen to {seat}.").format(seat=to), "bold")
        self.ask(_("{seat}: press Enter when nobody else is looking. ").format(seat=to))
        self.clear()
