"""Finding English left on a page that should be in another language.

The English texts are the msgids of the catalogs of the areas a page shows (the browser
client's and the server's). A page in ``lang`` must contain none of them, except those whose
translation in ``lang`` is the English itself (``{planet} {rank}``, ``robot``) and those with no
word outside their fields but notation (``{op}, …`` keeps only punctuation; ``RAM`` is
notation). Each ``{field}`` matches anything (``.*?``), and a text is found case-sensitively,
on whole words: ``Undo`` is found in "Undo", never in "Undone" nor in "UNDO" (notation).
A msgid whose translation is missing or empty is looked for: the page shows it in English.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from babel.messages.pofile import read_po

from moonbase.i18n.catalogs import area_named, catalog_path
from tests.i18n.english import pattern

__all__ = ["AREAS", "SHARED", "English", "english_in", "english_of"]

AREAS = ("web", "server")
"""The areas whose texts a browser page shows."""

SHARED = frozenset({"token"})
"""One-word texts that Spanish and Polish use as they are too: a seat's *token* of the API is
"token" in both (a Moon Leap token is translated, "ficha", "pionek")."""

_FIELD = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True)
class English:
    """An English text to look for: the msgid (a plural's form) and its pattern."""

    text: str
    pattern: re.Pattern[str]


def _pattern(text: str) -> re.Pattern[str] | None:
    """The pattern of ``text`` (:func:`tests.i18n.english.pattern`: each field a wildcard, on
    whole words); ``None`` when nothing but fields, punctuation and notation (capitals) is left
    to find."""
    words = [word for piece in _FIELD.split(text) for word in _WORD.findall(piece)]
    if not any(not word.isupper() for word in words):
        return None
    return pattern(text)


def _entries(area: str, lang: str) -> Iterable[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each entry of ``area``'s catalog in ``lang``: its English forms and its translations
    (the empty ones included)."""
    with catalog_path(area_named(area), lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        yield tuple(map(str, ids)), tuple(str(s or "") for s in strings)


@functools.cache
def english_of(lang: str, areas: tuple[str, ...] = AREAS) -> tuple[English, ...]:
    """The English texts that must not be on a page in ``lang``."""
    found: dict[str, English] = {}
    for area in areas:
        for ids, strings in _entries(area, lang):
            for text in ids:
                if (all(strings) and text in strings) or text in SHARED:
                    continue  # translated as the English itself, or a word shared
                pattern = _pattern(text)
                if pattern is not None:
                    found.setdefault(text, English(text, pattern))
    return tuple(found.values())


def english_in(page_text: str, lang: str, areas: tuple[str, ...] = AREAS) -> list[str]:
    """The English texts (msgids) of ``areas`` found in ``page_text`` of a page in ``lang``.

    >>> english_in("Te toca. Your turn.", "es")
    ['Your turn.']
    >>> english_in("Te toca. Deshacer", "es")
    []
    """
    return sorted(
        english.text for english in english_of(lang, areas) if english.pattern.search(page_text)
    )
