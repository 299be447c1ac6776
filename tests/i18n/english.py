"""Finding English left on a screen that should be in another language: one check for the
terminal, the browser's pages and the games' own texts.

The English texts are the msgids of the catalogs of the areas a screen shows (the terminal:
``terminal`` and ``games``; a page: ``web`` and ``server``). A screen in ``lang`` must contain
none of them, except:

- a text translated as itself (``{planet} {rank}``, ``robot``), or whose one word is a word of
  its translation too (``{colour} hacker``: "hacker verde"); a text whose translation is
  missing or empty is looked for: the screen shows it in English;
- a text with no word outside its fields but capitals (notation: ``MOVE {n}``) and connecting
  words (``{first} and {last}``: any English sentence has them);
- a lone word, unless ``words=True``: most one-word texts are also notation, proper names or
  words of other texts (``Saturn``, ``score``); with ``words``, those the caller names
  ``shared`` (a word the translations use as it is, or a typed value) are still left out.

Each ``{field}`` of a msgid matches anything within a line (a field at either end matches
nothing: anything may stand there), case-sensitively, on whole words: ``Undo`` is found in
"Undo", never in "Undone" nor in "UNDO" (notation).

>>> bool(pattern("Took back {action}.").search("Took back END."))
True
>>> bool(pattern("a key").search("a keys"))
False
>>> bool(pattern("easy").search("preset coop-easy")), bool(pattern("easy").search("an easy one"))
(False, True)
>>> english_found("asiento 1 gana. Game over: seat 0 wins.", ["terminal"], "es")
['Game over', 'Game over: {seats} wins.', 'seat {seat}', '{seat} wins.']
>>> english_found("Te toca. Your turn. Deshacer", ["web"], "es", words=True)
['Your turn.']
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence

from babel.messages.pofile import read_po

from moonbase import i18n
from moonbase.i18n.catalogs import area_named, catalog_path

__all__ = [
    "NOTATION_WORDS",
    "english_found",
    "english_lines",
    "english_texts",
    "entries",
    "looked_for",
    "pattern",
    "translated",
]

NOTATION_WORDS = frozenset(
    {"none", "green", "yellow", "purple", "red", "energy", "missions", "Moon"}
)
"""The games' one-word texts that a screen also shows as typed values or names, so never a leak
(``shared`` for the games' catalog): MOON's hacker colours, option names (``hackers=green,none``,
``energy=12``, ``missions=A1,B2,C3``), the games' names (``Moon Leap``). A word in capitals is
notation's too (``WATER``) and never looked for."""

_FIELD = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_CONNECTIVES = frozenset({"and", "then", "of"})


@functools.cache
def pattern(msgid: str) -> re.Pattern[str]:
    """The regular expression that finds ``msgid`` on a screen (see the module)."""
    text = _FIELD.sub("{}", msgid).strip()
    while text.startswith("{}") or text.endswith("{}"):
        text = text.removeprefix("{}").removesuffix("{}")
    body = r"[^\n]*?".join(re.escape(piece) for piece in text.split("{}"))
    # A word joined to another by a hyphen is part of a name (the preset ``coop-easy``), the
    # notation: only a word standing apart is English left on the screen.
    start = r"(?<![\w-])" if text[:1].isalnum() else ""
    end = r"(?![\w-])" if text[-1:].isalnum() else ""
    return re.compile(start + body + end)


def entries(area: str, lang: str) -> Iterator[tuple[list[str], list[str]]]:
    """Each entry of ``area``'s catalog in ``lang``: its English forms and its translations
    (the empty ones included)."""
    with catalog_path(area_named(area), lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        yield [str(text) for text in ids], [str(string or "") for string in strings]


def looked_for(
    msgid: str, strings: Sequence[str], *, words: bool = False, shared: Iterable[str] = ()
) -> bool:
    """Whether ``msgid``, translated as ``strings`` (a plural's forms; ``""``: not yet), is
    looked for on a screen (see the module).

    >>> looked_for("robot", ["robot"], words=True), looked_for("robot", [""], words=True)
    (False, True)
    >>> looked_for("MOVE {n}", ["MOVER {n}"]), looked_for("{a} and {b}", ["{a} y {b}"])
    (False, False)
    """
    if (all(strings) and msgid in strings) or msgid.strip() in shared:
        return False
    found = _WORD.findall(_FIELD.sub(" ", msgid))
    if not {word for word in found if not word.isupper()} - _CONNECTIVES:
        return False  # nothing but notation and connecting words
    if len(found) == 1 and any(found[0] in string.split() for string in strings):
        return False  # its one word is the translation's too
    return words or len(found) >= 2 or bool(_FIELD.search(msgid))


@functools.cache
def english_texts(
    area: str, lang: str, *, words: bool = False, shared: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The English texts of ``area`` a screen in ``lang`` must not show, sorted: every msgid
    (each form of a plural) the check looks for (see the module)."""
    texts = {
        msgid
        for ids, strings in entries(area, lang)
        for msgid in ids
        if looked_for(msgid, strings, words=words, shared=shared)
    }
    return tuple(sorted(texts))


def english_found(
    screen: str,
    areas: Iterable[str],
    lang: str,
    *,
    words: bool = False,
    shared: Iterable[str] = (),
) -> list[str]:
    """The English texts of ``areas`` (catalog areas: ``terminal``, ``games``, …) that
    ``screen`` shows, though it should be in ``lang``; sorted. ``words``: lone words are looked
    for too, but those ``shared``."""
    found: set[str] = set()
    kept = frozenset(shared)
    for area in areas:
        for msgid in english_texts(area, lang, words=words, shared=kept):
            if pattern(msgid).search(screen):
                found.add(msgid)
    return sorted(found)


def translated(lang: str, text: str) -> str:
    """``text`` in ``lang``, as the catalogs (all areas) give it."""
    return i18n.translator(lang).gettext(text)


def english_lines(screen: str, msgids: Sequence[str]) -> list[str]:
    """The lines of ``screen`` where ``msgids`` show (to say where a failure is)."""
    shown = [
        line for line in screen.splitlines() if any(pattern(msgid).search(line) for msgid in msgids)
    ]
    return list(dict.fromkeys(shown))[:20]
