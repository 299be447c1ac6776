"""Reading what people type, and the screen between hot-seat turns.

A :class:`Prompter` asks for a line through a rich console. End of input (Ctrl-D, a closed
pipe) raises :class:`EndOfInput`, which every caller treats as leaving. Tests give it a list
of lines instead of the keyboard.

>>> from rich.console import Console
>>> import io
>>> prompter = Prompter(Console(file=io.StringIO()), lines(["3", ""]))
>>> prompter.ask("Game: "), prompter.ask("Again: ")
('3', '')
>>> prompter.ask("More: ")
Traceback (most recent call last):
...
moonbase.cli.prompts.EndOfInput
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from rich.console import Console
from rich.text import Text

__all__ = ["CLEAR_SCROLLBACK", "EndOfInput", "Prompter", "lines", "say"]

CLEAR_SCROLLBACK = "\x1b[3J"
"""The escape sequence that clears a terminal's scrollback (xterm and most others)."""

Reader = Callable[[], str]
"""Reads one line (without its newline); raises ``EOFError`` at the end of input."""


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


class Prompter:
    """Asks questions on ``console`` and reads the answers with ``read`` (the keyboard)."""

    def __init__(self, console: Console, read: Reader | None = None) -> None:
        self.console = console
        self._read = read or _keyboard

    def ask(self, prompt: str | Text) -> str:
        """Show ``prompt`` and return the line typed (without surrounding spaces)."""
        self.console.print(prompt, end="", markup=False, highlight=False)
        self.console.file.flush()
        try:
            return self._read().strip()
        except EOFError:
            self.console.print()
            raise EndOfInput from None

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
        say(self.console, f"Pass the screen to {to}.", "bold")
        self.ask(f"{to}: press Enter when nobody else is looking. ")
        self.clear()
