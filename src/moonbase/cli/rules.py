"""Each game's rules in English: the ``RULES.md`` shipped in its package, drawn with rich and
shown in a pager when the screen is a terminal.

During a game, :func:`rules_for` keeps only what the game being played needs: a game with an
``adventure`` option (Welcome to the Moon) shows the rules every adventure shares and the
``## Adventure N`` section of its own adventure only, and the solo page (``## Solo…``) only
when there is one seat.

>>> rules_text("moon").startswith("# MOON")
True
>>> import moonbase
>>> text = rules_for(moonbase.load("welcome-to-the-moon", adventure=3))
>>> "## Adventure 3 — The Colony" in text, "## Adventure 1" in text, "## Solo" in text
(True, False, False)
>>> "## A turn" in text and "## What to type" in text
True
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from typing import Final

from rich.console import Console
from rich.markdown import Markdown

from moonbase.cli.options import game_type
from moonbase.core import Game

__all__ = ["RULES_FILE", "RulesMissing", "rules_for", "rules_text", "show_rules"]

RULES_FILE = "RULES.md"
"""The file name of a game's rules in its package."""
_SECTION: Final = re.compile(r"^## ", re.MULTILINE)
_ADVENTURE: Final = re.compile(r"## Adventure (\d+)\b")
_SOLO: Final = "## Solo"


class RulesMissing(LookupError):
    """The game's package ships no rules file."""


def rules_text(name: str) -> str:
    """The rules of game ``name`` as Markdown text (:class:`~moonbase.cli.errors.BadInput` for
    an unknown game, :class:`RulesMissing` when none are shipped)."""
    cls = game_type(name)
    package = sys.modules[cls.__module__].__package__ or ""
    try:
        return resources.files(package).joinpath(RULES_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        raise RulesMissing(f"no English rules are shipped for {cls.title} yet") from None


def _wanted(section: str, game: Game) -> bool:
    adventure = _ADVENTURE.match(section)
    if adventure is not None and "adventure" in game.options:
        return int(adventure.group(1)) == game.options["adventure"]
    if section.startswith(_SOLO):
        return game.seats == 1
    return True


def rules_for(game: Game) -> str:
    """The rules of ``game`` as played with its options (see the module), as Markdown."""
    text = rules_text(game.name)
    starts = [match.start() for match in _SECTION.finditer(text)]
    pieces = [text[: starts[0]] if starts else text]
    pieces.extend(
        text[start:end] for start, end in zip(starts, [*starts[1:], len(text)], strict=True)
    )
    return "".join(piece for piece in pieces if _wanted(piece, game))


def show_rules(console: Console, text: str) -> None:
    """Print the Markdown ``text``: through the system pager (``$PAGER``, else ``less``) when
    ``console`` is a terminal, straight out otherwise."""
    markdown = Markdown(text)
    if console.is_terminal:
        with console.pager():
            console.print(markdown)
    else:
        console.print(markdown)
