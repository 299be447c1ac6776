"""Where moonbase's translatable texts live, and how the catalogs are kept in step with them.

Each **area** of the source has its own catalog per language,
``locale/{lang}/LC_MESSAGES/{area}.po``: the terminal, the server's messages, the browser client,
the games' own texts (Welcome to the Moon's printed sheets too: the words of its layout files).
A text is marked in Python with :func:`moonbase.i18n.gettext` (imported as
``_``), :func:`moonbase.i18n.ngettext`, :func:`moonbase.i18n.N_` or
:func:`moonbase.i18n.N_plural` (marked, translated later),
and in the browser's JavaScript with ``t("…")`` / ``tn("…", "…", n)``.

``python -m moonbase.i18n.catalogs`` (``make messages``) brings every catalog in step with the
source: a new text gets an empty entry to translate, a text gone from the source is dropped.
The tests fail while any entry is missing, empty, fuzzy or stale.

>>> [area.name for area in AREAS]
['games', 'i18n', 'server', 'terminal', 'web']
>>> sorted(extract(area_named("i18n")))[:2]
['English', 'Polish']
"""

from __future__ import annotations

import dataclasses
import fnmatch
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Final

from moonbase.i18n import LANGUAGES

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

__all__ = ["AREAS", "Area", "area_named", "catalog_path", "extract", "update"]

SOURCE: Final = Path(__file__).resolve().parent.parent
"""The ``moonbase`` package folder, whose files the areas name relative to."""
LOCALE: Final = Path(__file__).resolve().parent / "locale"
_HEADER: Final = (
    "# moonbase's {area} texts in {lang}.\n"
    "# Kept in step with the source by `make messages`; translate each empty msgstr."
)
_PYTHON_KEYWORDS: Final = {
    "_": None,
    "gettext": None,
    "N_": None,
    "ngettext": (1, 2),
    "N_plural": (1, 2),
}
_JAVASCRIPT_KEYWORDS: Final = {"t": None, "tn": (1, 2)}


@dataclasses.dataclass(frozen=True)
class Area:
    """A part of the source with its own catalog: ``patterns`` are globs relative to the
    ``moonbase`` package folder (``**`` matches any folders)."""

    name: str
    patterns: tuple[str, ...]

    def files(self) -> Iterator[Path]:
        """The source files of this area, in name order."""
        for path in sorted(SOURCE.rglob("*")):
            relative = path.relative_to(SOURCE).as_posix()
            if path.is_file() and any(fnmatch.fnmatch(relative, p) for p in self.patterns):
                yield path


AREAS: Final = (
    Area(
        "games",
        (
            "games/*.py",
            "games/*/*.py",
            "games/*/*/*.py",
            "games/welcome_to_the_moon/layouts/*.json",
            "core/*.py",
            "agents/*.py",
        ),
    ),
    Area("i18n", ("i18n/*.py",)),
    Area("server", ("server/*.py",)),
    Area("terminal", ("cli/*.py", "cli/*/*.py")),
    Area("web", ("web/*.js", "web/*/*.js")),
)
"""Every area, by name."""


def area_named(name: str) -> Area:
    """The area called ``name`` (``KeyError`` naming the areas there are)."""
    for area in AREAS:
        if area.name == name:
            return area
    raise KeyError(f"no area {name!r}; areas: {', '.join(a.name for a in AREAS)}")


def catalog_path(area: Area, lang: str) -> Path:
    """Where the catalog of ``area`` in ``lang`` is kept."""
    return LOCALE / lang / "LC_MESSAGES" / f"{area.name}.po"


def extract(area: Area) -> dict[str | tuple[str, str], list[tuple[str, int]]]:
    """Every text marked for translation in ``area``'s files: the text (a plural: its two
    English forms) and where it is marked (file relative to the package, line)."""
    from babel.messages.extract import extract as babel_extract

    found: dict[str | tuple[str, str], list[tuple[str, int]]] = {}
    for path in area.files():
        if path.suffix == ".json":
            for line, text in _printed_words(path):
                found.setdefault(text, []).append((path.relative_to(SOURCE).as_posix(), line))
            continue
        method = "javascript" if path.suffix == ".js" else "python"
        keywords = _JAVASCRIPT_KEYWORDS if method == "javascript" else _PYTHON_KEYWORDS
        with path.open("rb") as source:
            for line, message, _comments, _context in babel_extract(
                method, source, keywords=keywords, strip_comment_tags=True
            ):
                key = message if isinstance(message, str) else (message[0], message[1])
                found.setdefault(key, []).append((path.relative_to(SOURCE).as_posix(), line))
    return found


def _printed_words(path: Path) -> Iterator[tuple[int, str]]:
    """The printed words of a Welcome to the Moon layout file (its labels' and spots' texts
    that hold words, :func:`~moonbase.games.welcome_to_the_moon.layout.worded`), each with the
    line it is on."""
    from moonbase.games.welcome_to_the_moon.layout import layout_from_json, worded

    lines = path.read_text(encoding="utf-8").splitlines()
    layout = layout_from_json(json.loads("\n".join(lines)))
    texts = [label.text for area in layout.areas for label in area.labels]
    texts += [spot.printed for spot in layout.spots]
    for text in dict.fromkeys(filter(worded, texts)):
        quoted = json.dumps(text, ensure_ascii=False)
        yield next((n for n, line in enumerate(lines, 1) if quoted in line), 1), text


def _translated(catalog: Catalog) -> dict[str | tuple[str, ...], str | tuple[str, ...]]:
    """Each translated entry of ``catalog``: its id as :func:`extract` names it, its translation."""
    found: dict[str | tuple[str, ...], str | tuple[str, ...]] = {}
    for message in catalog:
        if message.id and message.string and any(message.string):
            string = message.string
            found[_key(message.id)] = string if isinstance(string, str) else tuple(string)
    return found


def _elsewhere(area: Area, lang: str) -> dict[str | tuple[str, ...], str | tuple[str, ...]]:
    """What the other areas' catalogs in ``lang`` translate: a text that moves from one area
    to another keeps its translation."""
    from babel.messages.pofile import read_po

    found: dict[str | tuple[str, ...], str | tuple[str, ...]] = {}
    for other in AREAS:
        path = catalog_path(other, lang)
        if other != area and path.exists():
            with path.open("rb") as source:
                found.update(_translated(read_po(source, locale=lang)))
    return found


def _key(message_id: str | Iterable[str]) -> str | tuple[str, ...]:
    """A catalog entry's id as :func:`extract` names it (a plural: a pair)."""
    return message_id if isinstance(message_id, str) else tuple(message_id)


def update(area: Area, lang: str) -> tuple[int, int]:
    """Bring the catalog of ``area`` in ``lang`` in step with the source; the numbers of
    entries added (still to translate) and dropped (no longer in the source)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    path = catalog_path(area, lang)
    if path.exists():
        with path.open("rb") as source:
            catalog = read_po(source, locale=lang)
    else:
        catalog = Catalog(locale=lang, domain=area.name, fuzzy=False)
    wanted = extract(area)
    before = {message.id for message in catalog if message.id}
    fresh = Catalog(
        locale=lang,
        domain=area.name,
        header_comment=_HEADER.format(area=area.name, lang=lang),
        project="moonbase",
        version="1",
        msgid_bugs_address="",
        last_translator="moonbase",
        language_team="moonbase",
        creation_date=catalog.creation_date,
        revision_date=catalog.creation_date,
        fuzzy=False,
    )
    known = _translated(catalog)
    if any(key not in known for key in wanted):
        known = _elsewhere(area, lang) | known
    for key, places in wanted.items():
        string = known.get(key, ("",) * fresh.num_plurals if isinstance(key, tuple) else "")
        fresh.add(key, string, locations=places)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, fresh, width=100, sort_output=True, include_lineno=False)
    after = set(wanted)
    return len(after - before), len(before - after)


def main() -> None:
    """Update every catalog and say what changed."""
    for area in AREAS:
        for lang in LANGUAGES[1:]:
            added, dropped = update(area, lang)
            print(f"{catalog_path(area, lang).relative_to(LOCALE)}: +{added} new, -{dropped} gone")


if __name__ == "__main__":
    main()
