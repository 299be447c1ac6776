"""Each game's rules in English: the ``RULES.md`` shipped in its package, drawn with rich.

>>> rules_text("moon").startswith("# MOON")
True
"""

from __future__ import annotations

import sys
from importlib import resources

from rich.markdown import Markdown

from moonbase.cli.options import game_type

__all__ = ["RULES_FILE", "RulesMissing", "rules_markdown", "rules_text"]

RULES_FILE = "RULES.md"
"""The file name of a game's rules in its package."""


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


def rules_markdown(name: str) -> Markdown:
    """The rules of game ``name`` ready to print."""
    return Markdown(rules_text(name))
