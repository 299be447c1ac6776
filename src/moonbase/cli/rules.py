"""Each game's rules: the ``RULES.md`` shipped in its package (English) or its translation
``RULES.es.md`` / ``RULES.pl.md``, drawn with rich and shown in a pager when the screen is a
terminal. A language without its own file is answered in English.

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

A translation has the English file's sections in the same order, so a section is kept or left
out by its English heading:

>>> spanish = rules_for(moonbase.load("welcome-to-the-moon", adventure=3), "es")
>>> spanish.count("## ") == text.count("## ")
True
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from typing import Final

from rich.console import Console
from rich.markdown import Markdown

from moonbase import i18n
from moonbase.cli.options import game_type
from moonbase.core import Game

__all__ = ["RULES_FILE", "RulesMissing", "rules_file", "rules_for", "rules_text", "show_rules"]

RULES_FILE = "RULES.md"
"""The file name of a game's rules in English in its package."""
_SECTION: Final = re.compile(r"^## ", re.MULTILINE)
_ADVENTURE: Final = re.compile(r"## Adventure (\d+)\b")
_SOLO: Final = "## Solo"


class RulesMissing(LookupError):
    """The game's package ships no rules file."""


def rules_file(lang: str) -> str:
    """The file name of a game's rules in ``lang``.

    >>> rules_file("en"), rules_file("pl")
    ('RULES.md', 'RULES.pl.md')
    """
    return RULES_FILE if i18n.check(lang) == "en" else f"RULES.{lang}.md"


def rules_text(name: str, lang: str | None = None) -> str:
    """The rules of game ``name`` as Markdown text, in ``lang`` (default: the language being
    spoken; English where there is no translation). :class:`~moonbase.cli.errors.BadInput` for
    an unknown game, :class:`RulesMissing` when no rules are shipped."""
    cls = game_type(name)
    package = resources.files(sys.modules[cls.__module__].__package__ or "")
    for file in dict.fromkeys((rules_file(lang or i18n.current()), RULES_FILE)):
        try:
            return package.joinpath(file).read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            continue
    raise RulesMissing(i18n.gettext("no rules are shipped for {game} yet").format(game=cls.title))


def _sections(text: str) -> list[str]:
    """``text`` cut before each ``## `` heading (the first piece: what precedes them)."""
    starts = [match.start() for match in _SECTION.finditer(text)]
    pieces = [text[: starts[0]] if starts else text]
    pieces.extend(
        text[start:end] for start, end in zip(starts, [*starts[1:], len(text)], strict=True)
    )
    return pieces


def _wanted(section: str, game: Game) -> bool:
    adventure = _ADVENTURE.match(section)
    if adventure is not None and "adventure" in game.options:
        return int(adventure.group(1)) == game.options["adventure"]
    if section.startswith(_SOLO):
        return game.seats == 1
    return True


def rules_for(game: Game, lang: str | None = None) -> str:
    """The rules of ``game`` as played with its options (see the module), as Markdown in
    ``lang`` (default: the language being spoken)."""
    english = _sections(rules_text(game.name, "en"))
    translated = _sections(rules_text(game.name, lang))
    if len(translated) != len(english):
        translated = english
    return "".join(
        piece for piece, heading in zip(translated, english, strict=True) if _wanted(heading, game)
    )


def show_rules(console: Console, text: str) -> None:
    """Print the Markdown ``text``: through the system pager (``$PAGER``, else ``less``) when
    ``console`` is a terminal, straight out otherwise."""
    markdown = Markdown(text)
    if console.is_terminal:
        with console.pager():
            console.print(markdown)
    else:
        console.print(markdown)
