"""Line editing at a terminal (prompt_toolkit): history, completion, and no type-ahead.

When standard input and output are both a terminal, :class:`~moonbase.cli.prompts.Prompter`
reads each line through a :class:`LineEditor`: the arrow keys, Home/End and the usual Emacs
keys edit the line; Up/Down and Ctrl-R recall earlier lines (each kind of question keeps its
own history, so game actions are not mixed with menu answers; Enter on a line Ctrl-R found
plays it, as in a shell); Tab completes the choices the
question offers (at a game prompt: the legal actions and the commands), as a shell does —
the common part first, then a list of what is left.

Lines typed before a prompt appears (while the bots played, say) are thrown away rather than
taken as the answer to a question the person has not seen: :meth:`LineEditor.discard_typeahead`
returns what was thrown away so that the person can be told.

:class:`ChoiceCompleter` works without a terminal:

>>> from prompt_toolkit.document import Document
>>> completer = ChoiceCompleter(["NOT A", "NOT B", "END", "help"])
>>> [c.text for c in completer.get_completions(Document("no"), None)]
['t a', 't b']
>>> [c.text for c in completer.get_completions(Document("HE"), None)]
['LP']
>>> [c.display_text for c in completer.get_completions(Document("no"), None)]
['NOT A', 'NOT B']
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input, create_input
from prompt_toolkit.input.typeahead import get_typeahead
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.bindings.search import accept_search_and_accept_input
from prompt_toolkit.shortcuts import CompleteStyle

__all__ = ["ChoiceCompleter", "LineEditor", "describe_typeahead", "discard_pending"]

_READ_CHUNK: Final = 4096


class ChoiceCompleter(Completer):
    """Completes the start of a line to any of ``choices``, ignoring case.

    A completion only adds to what was typed, in the case it was typed in (the game reads
    either), so Tab fills in the part all remaining choices share, as a shell does; the list
    shows each choice as the menu does.
    """

    def __init__(self, choices: Iterable[str]) -> None:
        self.choices = list(dict.fromkeys(choices))

    def get_completions(
        self, document: Document, complete_event: CompleteEvent | None
    ) -> Iterator[Completion]:
        """The choices that start with the text before the cursor."""
        typed = document.text_before_cursor
        wanted = typed.upper()
        for choice in self.choices:
            if choice.upper().startswith(wanted) and len(choice) > len(typed):
                rest = choice[len(typed) :]
                if typed.islower():
                    rest = rest.lower()
                elif typed.isupper():
                    rest = rest.upper()
                yield Completion(rest, start_position=0, display=choice)


_KEYS: Final = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|O.)")
"""The escape sequences special keys send (``ESC [ 4 ~`` for End, ``ESC O H`` for Home…)."""


def describe_typeahead(typed: str) -> str:
    """What was typed ahead, told in one line: the lines typed (an empty one as Enter), with
    the keys that send escape sequences (arrows, Home, End…) left out.

    >>> describe_typeahead("end\\r\\r1\\r"), describe_typeahead("\\r"), describe_typeahead("ab")
    ('end / Enter / 1', 'Enter', 'ab')
    >>> describe_typeahead("\\x1b[4~inc a\\x1b[A\\r")
    'inc a'
    """
    lines = _KEYS.sub("", typed).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    shown = ("".join(char for char in line if char.isprintable()).strip() for line in lines)
    return " / ".join(text or "Enter" for text in shown)


def discard_pending() -> str:
    """Throw away what waits in the terminal's input queue; returns the complete lines among
    it (a line still being typed is dropped by the terminal unread). Nothing happens when
    standard input is not a terminal: piped lines are all answers, read in order."""
    if not sys.stdin.isatty():
        return ""
    descriptor = sys.stdin.fileno()
    typed = ""
    while select.select([descriptor], [], [], 0)[0]:
        chunk = os.read(descriptor, _READ_CHUNK)
        if not chunk:
            break
        typed += chunk.decode(errors="replace")
    with contextlib.suppress(ImportError, OSError):
        import termios

        termios.tcflush(descriptor, termios.TCIFLUSH)
    return typed


class LineEditor:
    """Reads lines at the terminal with editing, history per kind of question, and Tab
    completion."""

    def __init__(self) -> None:
        self._input: Input = create_input()
        self._sessions: dict[str, PromptSession[str]] = {}
        self._keys = KeyBindings()
        # Enter on a line found with Ctrl-R plays it, as in a shell (not only ends the search).
        self._keys.add("enter")(accept_search_and_accept_input)

    def _session(self, kind: str) -> PromptSession[str]:
        if kind not in self._sessions:
            self._sessions[kind] = PromptSession(
                input=self._input,
                history=InMemoryHistory(),
                complete_style=CompleteStyle.READLINE_LIKE,
                complete_while_typing=False,
                key_bindings=self._keys,
            )
        return self._sessions[kind]

    def read(self, prompt: str, choices: Sequence[str] = (), kind: str = "answers") -> str:
        """Show ``prompt`` and return the line typed; ``EOFError`` at Ctrl-D on an empty line.

        Tab completes ``choices``; Up, Down and Ctrl-R recall lines of the same ``kind``.
        """
        completer = ChoiceCompleter(choices) if choices else None
        return self._session(kind).prompt(prompt, completer=completer)

    def discard_typeahead(self) -> str:
        """Throw away whatever was typed since the last line was read; returns it.

        That is the keys the editor read with the last line but did not use, and what waits
        in the terminal's input queue (:func:`discard_pending`).
        """
        typed = "".join(key.data for key in get_typeahead(self._input))
        return typed + discard_pending()
