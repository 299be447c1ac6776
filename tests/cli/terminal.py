"""Driving the real ``moonbase`` program in a pseudo-terminal (pexpect), as a person would.

Output is read as plain text: the terminal is ``dumb`` by default (rich then writes no colours
or styles) and any escape sequence left (a screen clear) is stripped before text is searched,
while the raw output stays available. With ``term="xterm"`` the program edits lines as on a
real terminal; :meth:`Terminal.screen` then shows what the screen holds, through a terminal
emulator (pyte) of the same size.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Final

import pexpect
import pyte

ANSI: Final = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\r")
CLEAR: Final = "\x1b[2J"
"""The escape sequence that clears the screen."""
CLEAR_SCROLLBACK: Final = "\x1b[3J"
"""The escape sequence that clears the scrollback."""
WIDTH: Final = 100
HEIGHT: Final = 40


UP: Final = "\x1b[A"
HOME: Final = "\x1b[H"
END_KEY: Final = "\x1b[F"
TAB: Final = "\t"
CTRL_R: Final = "\x12"
ENTER: Final = "\r"
"""Keys as a terminal sends them."""


def environment(term: str = "dumb", size: tuple[int, int] = (HEIGHT, WIDTH)) -> dict[str, str]:
    """The environment the program runs in: a fixed terminal size (rows, columns), no colour.

    ``PROMPT_TOOLKIT_NO_CPR`` keeps the line editor from asking the terminal where its cursor
    is (pexpect does not answer).
    """
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("FORCE_") and key not in ("PAGER", "MANPAGER")
    }
    env.update(
        TERM=term,
        NO_COLOR="1",
        COLUMNS=str(size[1]),
        LINES=str(size[0]),
        PYTHONIOENCODING="utf-8",
        LANG="C.UTF-8",
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    return env


def default_interrupt() -> None:
    """In a child about to start: Ctrl-C back to its default, as a terminal gives a program.

    A process started with SIGINT ignored keeps it ignored (Python then installs no
    KeyboardInterrupt handler), so a test process that some earlier code left ignoring it
    would otherwise start programs that Ctrl-C cannot reach.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """One run of ``python -m moonbase ARGS`` in a pseudo-terminal."""

    def __init__(
        self,
        *args: str,
        term: str = "dumb",
        size: tuple[int, int] = (HEIGHT, WIDTH),
        cwd: Path | None = None,
        timeout: float = 30,
        env: dict[str, str] | None = None,
    ) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "moonbase", *args],
            env={**environment(term, size), **(env or {})},
            encoding="utf-8",
            codec_errors="replace",
            dimensions=size,
            timeout=timeout,
            cwd=str(cwd) if cwd else None,
            preexec_fn=default_interrupt,
        )
        self.size = size
        self.timeout = timeout
        self.raw = ""
        self.position = 0

    @property
    def text(self) -> str:
        """Everything shown so far, as plain text."""
        return ANSI.sub("", self.raw)

    def _read(self, deadline: float) -> bool:
        """Read what is there; ``False`` once the program has ended."""
        try:
            self.raw += self.child.read_nonblocking(
                1 << 16, timeout=max(0.01, deadline - time.time())
            )
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            return False
        return True

    def expect(self, *texts: str) -> tuple[int, str]:
        """Wait until one of ``texts`` is shown after what was already read; returns which one
        and the plain text from the last read position up to and including it."""
        deadline = time.time() + self.timeout
        while True:
            shown = self.text
            found = [(shown.find(text, self.position), index) for index, text in enumerate(texts)]
            hits = [(at, index) for at, index in found if at >= 0]
            if hits:
                at, index = min(hits)
                end = at + len(texts[index])
                segment = shown[self.position : end]
                self.position = end
                return index, segment
            alive = self._read(deadline)
            if time.time() > deadline or (not alive and not self._more()):
                raise AssertionError(
                    f"{'timed out' if alive else 'the program ended'} waiting for {texts!r}; "
                    f"last output:\n{shown[-3000:]}"
                )

    def _more(self) -> bool:
        before = len(self.raw)
        with contextlib.suppress(pexpect.TIMEOUT, pexpect.EOF):
            self.raw += self.child.read_nonblocking(1 << 16, timeout=0.05)
        return len(self.raw) > before

    def wait_for(self, text: str) -> str:
        """Wait for ``text``; returns the plain text up to it (see :meth:`expect`)."""
        return self.expect(text)[1]

    def type(self, line: str) -> None:
        """Type ``line`` and Enter."""
        self.child.send(line + ENTER)

    def keys(self, keys: str) -> None:
        """Press ``keys`` (text, or key sequences such as :data:`UP`), without Enter."""
        self.child.send(keys)

    def settle(self, seconds: float = 0.5) -> None:
        """Read what the program shows until it has shown nothing new for ``seconds``."""
        while True:
            before = len(self.raw)
            with contextlib.suppress(pexpect.TIMEOUT, pexpect.EOF):
                self.raw += self.child.read_nonblocking(1 << 16, timeout=seconds)
            if len(self.raw) == before:
                return

    def answer(self, line: str) -> None:
        """Type ``line`` and Enter at the prompt just shown, and wait until the line is taken
        (the line editor draws the prompt again with the line, then ends the line), so that
        the next :meth:`expect` sees only what follows."""
        self.type(line)
        self.wait_for("\n")

    def screen(self) -> list[str]:
        """The lines the terminal's screen shows now (everything read so far, drawn by a
        terminal emulator of this size), without trailing spaces."""
        rows, columns = self.size
        drawn = pyte.Screen(columns, rows)
        pyte.Stream(drawn).feed(self.raw)
        return [line.rstrip() for line in drawn.display]

    def quit(self) -> None:
        """Type ``quit`` and, if asked whether to save the game first, say no."""
        self.type("quit")
        if self.expect("Save the game before leaving? [y/N]", "Game left unfinished.")[0] == 0:
            self.type("n")
            self.wait_for("Game left unfinished.")

    def finish(self) -> int:
        """Wait for the program to end; returns its exit status."""
        deadline = time.time() + self.timeout
        while self._read(deadline):
            if time.time() > deadline:
                raise AssertionError(f"the program did not end; last output:\n{self.text[-3000:]}")
        self.child.close()
        status = self.child.exitstatus
        assert status is not None, f"ended by signal {self.child.signalstatus}"
        return status

    def rest(self) -> str:
        """The plain text shown after the last read position."""
        return self.text[self.position :]


def run(*args: str, cwd: Path | None = None) -> tuple[int, str]:
    """Run the program to its end without typing anything; returns its status and output."""
    terminal = Terminal(*args, cwd=cwd)
    status = terminal.finish()
    return status, terminal.text
