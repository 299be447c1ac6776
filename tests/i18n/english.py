"""Finding English left on a screen that should be in another language.

The English texts are the msgids of the catalogs. A screen shown in Spanish or Polish must
contain none of the msgids of the areas it shows whose translation differs from the English.
Each ``{field}`` of a msgid matches anything (as little as possible), the comparison is case
sensitive, and a msgid must match on whole words. Texts left out: a lone word (one-word texts
are mostly also notation, proper names or the words of other texts: ``MOON``, ``Saturn``,
``score``), fields joined by connecting words only (``{first} and {last}``: any English
sentence has them), and texts whose translation is the English.

>>> bool(pattern("Took back {action}.").search("Took back END."))
True
>>> bool(pattern("a key").search("a keys"))
False
>>> english_found("asiento 1 gana. Game over: seat 0 wins.", ["terminal"], "es")
['Game over', 'Game over: {seats} wins.', 'seat {seat}', '{seat} wins.']
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from babel.messages.pofile import read_po

from moonbase.i18n.catalogs import area_named, catalog_path

__all__ = ["checked_texts", "english_found", "pattern"]

_FIELD = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


def pattern(msgid: str) -> re.Pattern[str]:
    """The regular expression that finds ``msgid`` on a screen: its text as written, each field
    inside it as a wildcard within one line (a field at either end matches nothing: anything
    may stand there), on whole words."""
    text = _FIELD.sub("{}", msgid).strip()
    while text.startswith("{}") or text.endswith("{}"):
        text = text.removeprefix("{}").removesuffix("{}")
    body = r"[^\n]*?".join(re.escape(piece) for piece in text.split("{}"))
    start = r"(?<!\w)" if text[:1].isalnum() else ""
    end = r"(?!\w)" if text[-1:].isalnum() else ""
    return re.compile(start + body + end)


_CONNECTIVES = frozenset({"and", "then", "of"})


def _checked(msgid: str) -> bool:
    """Whether ``msgid`` says enough to be told apart from notation and other texts."""
    words = _WORD.findall(_FIELD.sub(" ", msgid))
    if not set(words) - _CONNECTIVES:
        return False
    return len(words) >= 2 or bool(_FIELD.search(msgid))


@functools.cache
def checked_texts(area: str, lang: str) -> tuple[str, ...]:
    """The English texts of ``area`` a screen in ``lang`` must not show: every msgid (each form
    of a plural) that says enough (see the module), whose translation differs."""
    with catalog_path(area_named(area), lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    texts: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        for msgid in ids:
            if _checked(msgid) and msgid not in strings:
                texts.add(msgid)
    return tuple(sorted(texts))


def english_found(screen: str, areas: Iterable[str], lang: str) -> list[str]:
    """The English texts of ``areas`` (catalog areas: ``terminal``, ``games``, …) that
    ``screen`` shows, though it should be in ``lang``; sorted."""
    found: set[str] = set()
    for area in areas:
        for msgid in checked_texts(area, lang):
            if pattern(msgid).search(screen):
                found.add(msgid)
    return sorted(found)


def english_lines(screen: str, msgids: Sequence[str]) -> list[str]:
    """The lines of ``screen`` where ``msgids`` show (to say where a failure is)."""
    shown = [
        line for line in screen.splitlines() if any(pattern(msgid).search(line) for msgid in msgids)
    ]
    return list(dict.fromkeys(shown))[:20]
