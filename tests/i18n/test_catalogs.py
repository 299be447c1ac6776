"""Every text marked for translation has a finished entry in each language's catalog."""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.pofile import read_po

from moonbase import i18n
from moonbase.i18n.catalogs import AREAS, Area, catalog_path, extract

_FIELD = re.compile(r"\{[^{}]*\}")
_CASES = [(area, lang) for area in AREAS for lang in i18n.LANGUAGES[1:]]
_IDS = [f"{area.name}-{lang}" for area, lang in _CASES]


def _entries(area: Area, lang: str) -> dict[object, object]:
    with catalog_path(area, lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    return {message.id: message for message in catalog if message.id}


@pytest.mark.parametrize(("area", "lang"), _CASES, ids=_IDS)
def test_the_catalog_has_every_text_of_the_source_and_no_other(area: Area, lang: str) -> None:
    marked = set(extract(area))
    kept = set(_entries(area, lang))
    assert sorted(map(str, marked - kept)) == [], "missing: run `make messages`, then translate"
    assert sorted(map(str, kept - marked)) == [], "stale: run `make messages`"


@pytest.mark.parametrize(("area", "lang"), _CASES, ids=_IDS)
def test_every_entry_is_translated_with_the_same_fields(area: Area, lang: str) -> None:
    unfinished, fields = [], []
    for message in _entries(area, lang).values():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            unfinished.append(message.id)
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(_FIELD.findall(ids[-1]))
        for string in strings:
            if set(_FIELD.findall(string)) - set(_FIELD.findall(" ".join(ids))) or (
                not isinstance(message.id, tuple) and set(_FIELD.findall(string)) != wanted
            ):
                fields.append((message.id, string))
    assert unfinished == []
    assert fields == [], "a translation must use the {fields} of its English text"


@pytest.mark.parametrize("area", AREAS, ids=[area.name for area in AREAS])
def test_polish_plurals_have_three_forms_chosen_by_the_number(area: Area) -> None:
    with catalog_path(area, "pl").open("rb") as source:
        catalog = read_po(source, locale="pl")
    form = gettext.c2py(catalog.plural_expr)
    assert catalog.num_plurals == 3
    assert [form(n) for n in (1, 2, 4, 5, 12, 22, 25, 112)] == [0, 1, 1, 2, 2, 1, 2, 2]


@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_the_catalogs_of_every_area_are_read_together(lang: str) -> None:
    """One process reads every area's catalog into one: a text two areas share must be
    translated alike in both (else one of them would show the other's translation)."""
    translations: dict[object, set[object]] = {}
    for area in AREAS:
        for key, message in _entries(area, lang).items():
            string = message.string  # type: ignore[attr-defined]
            translations.setdefault(key, set()).add(
                string if isinstance(string, str) else tuple(string)
            )
            if isinstance(key, str):
                assert i18n.translator(lang).gettext(key) in translations[key]
    assert {
        str(key): sorted(map(str, found)) for key, found in translations.items() if len(found) > 1
    } == {}
    assert i18n.catalog(lang)["Spanish"] == i18n.translator(lang).gettext("Spanish") != "Spanish"


def test_english_is_the_text_as_written() -> None:
    assert i18n.translator("en").gettext("Spanish") == "Spanish"
    assert i18n.catalog("en") == {}
