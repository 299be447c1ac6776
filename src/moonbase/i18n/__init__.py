"""moonbase's texts in English, Spanish and Polish (gettext catalogs read with Babel).

The catalogs are ``locale/{es,pl}/LC_MESSAGES/AREA.po`` in this package, one per area of the
source (:mod:`moonbase.i18n.catalogs` lists them); they are compiled in memory when first used.
English is the source language: a text missing from a catalog is shown in English. :func:`use`
chooses the language of the process; :func:`gettext` and :func:`ngettext` translate into it
(Polish has three plural forms); :func:`N_` and :func:`N_plural` mark a text to translate later.

>>> choose(None, {"LANG": "pl_PL.UTF-8"})
'pl'
>>> choose("es", {"LANG": "pl_PL.UTF-8"})
'es'
>>> choose(None, {"LANG": "C"})
'en'
>>> translator("pl").gettext("Spanish")
'hiszpański'
>>> translator("es").gettext("no such text")
'no such text'
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import io
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from babel.messages.catalog import Message

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "N_plural",
    "UnknownLanguage",
    "catalog",
    "choose",
    "current",
    "gettext",
    "ngettext",
    "speaking",
    "translator",
    "use",
]

LANGUAGES: Final = ("en", "es", "pl")
"""The languages moonbase speaks; English is the source language."""
DOMAIN: Final = "moonbase"


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (it is translated where it
    is shown, with :func:`gettext`)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural text (its English singular and plural) for translation without translating
    it now: it is translated where it is shown, with :func:`ngettext` (e.g. by a library that
    translates its own texts through moonbase's catalogs).

    >>> N_plural("{n} card", "{n} cards")
    ('{n} card', '{n} cards')
    """
    return singular, plural


LANGUAGE_NAMES: Final = {"en": N_("English"), "es": N_("Spanish"), "pl": N_("Polish")}
"""Each language's name, in English (translate it to show it)."""
_ENVIRONMENT: Final = ("LC_ALL", "LC_MESSAGES", "LANG")
_current: contextvars.ContextVar[str] = contextvars.ContextVar("moonbase_language", default="en")


class UnknownLanguage(ValueError):
    """A language moonbase does not speak was asked for."""


def check(lang: str) -> str:
    """``lang`` if moonbase speaks it, else :class:`UnknownLanguage` naming the allowed ones.

    >>> check("de")
    Traceback (most recent call last):
    ...
    moonbase.i18n.UnknownLanguage: unknown language 'de'; allowed: en, es, pl
    """
    if lang not in LANGUAGES:
        raise UnknownLanguage(f"unknown language {lang!r}; allowed: {', '.join(LANGUAGES)}")
    return lang


def _from_locale(value: str) -> str | None:
    """The language of a locale name such as ``es_ES.UTF-8`` (``None``: not one spoken)."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def choose(lang: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: ``lang`` when given (checked), else the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set, when it names a language spoken; else English."""
    if lang is not None:
        return check(lang)
    for name in _ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            return _from_locale(value) or "en"
    return "en"


def from_accept_language(header: str | None) -> str:
    """The language a browser's ``Accept-Language`` header prefers among those spoken
    (English when none is).

    >>> from_accept_language("de-DE,pl;q=0.8,es;q=0.9")
    'es'
    >>> from_accept_language(None)
    'en'
    """
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        pieces = part.strip().split(";")
        quality = 1.0
        for piece in pieces[1:]:
            key, _, value = piece.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = _from_locale(pieces[0].strip())
        if code is not None and quality > 0:
            ranked.append((-quality, index, code))
    return min(ranked)[2] if ranked else "en"


def _messages(lang: str) -> list[Message]:
    """Every translated message of ``lang``: the catalogs of all areas (see
    :mod:`moonbase.i18n.catalogs`), read in name order."""
    from babel.messages.pofile import read_po

    folder = resources.files(__package__ or "moonbase.i18n").joinpath(f"locale/{lang}/LC_MESSAGES")
    messages: list[Message] = []
    for path in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if not path.name.endswith(".po"):
            continue
        with path.open("rb") as source:
            catalog = read_po(source, locale=lang)
        messages.extend(message for message in catalog if message.id and message.string)
    return messages


@functools.cache
def translator(lang: str) -> _gettext.NullTranslations:
    """The translations into ``lang`` (English: the texts as written)."""
    if check(lang) == "en":
        return _gettext.NullTranslations()
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    merged = Catalog(locale=lang, domain=DOMAIN)
    for message in _messages(lang):
        merged[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


@functools.cache
def catalog(lang: str) -> dict[str, str | list[str]]:
    """The catalog of ``lang`` as plain data, for the browser: each English text (a plural's
    singular) and its translation (a plural: the list of forms).

    >>> catalog("es")["Polish"]
    'polaco'
    """
    if check(lang) == "en":
        return {}
    table: dict[str, str | list[str]] = {}
    for message in _messages(lang):
        if isinstance(message.id, tuple | list):
            table[str(message.id[0])] = [str(form) for form in message.string or ()]
        else:
            table[str(message.id)] = str(message.string)
    return table


def use(lang: str) -> None:
    """Speak ``lang`` from now on (in this thread or task and what it starts; see
    :func:`speaking` for one block only)."""
    _current.set(check(lang))


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block only (a server answering each request in its
    own language); the language spoken before comes back after it.

    >>> with speaking("pl"):
    ...     gettext("Spanish")
    'hiszpański'
    >>> gettext("Spanish")
    'Spanish'
    """
    token = _current.set(check(lang))
    try:
        yield lang
    finally:
        _current.reset(token)


def current() -> str:
    """The language being spoken."""
    return _current.get()


def gettext(message: str) -> str:
    """``message`` in the current language (English when it has no translation)."""
    return translator(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language."""
    return translator(_current.get()).ngettext(singular, plural, n)
