"""The check the browser tests make of a page in Spanish or Polish (tests/web/english.py):
it finds the English of the client's and the server's catalogs, and only where it must."""

from __future__ import annotations

import json
import re

import pytest

from moonbase.i18n.catalogs import SOURCE, area_named, extract
from tests.i18n.english import english_texts, entries, looked_for
from tests.web import english


def test_a_page_in_english_is_full_of_english() -> None:
    page = "Open a table\nYou are Ada (seat 0)\nYour turn.\nWinners: Ada (seat 0), Bo (seat 1).\n"
    for lang in ("es", "pl"):
        assert english.english_in(page, lang) == [
            "Open a table",
            "Winners: {names}.",
            "You are {name}",
            "Your turn.",
            "seat",
            "seat {seat}",
            "seat {seat} ({name})",
            "{name} (seat {seat})",
        ]


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_translations_themselves_hold_no_english(lang: str) -> None:
    shown = "\n".join(  # as shown: each field filled (the texts a page shows: web, server)
        re.sub(r"\{[^{}]*\}", "7", text)
        for area in english.AREAS
        for _, strings in entries(area, lang)
        for text in strings
    )
    found = english.english_in(shown, lang)
    # words the languages share with English ("robot", "bot", "token"…) are skipped where the
    # translation is the English itself; none of the rest may be left in a translation
    assert found == []


def test_notation_fields_and_texts_translated_as_themselves_are_not_looked_for() -> None:
    looked_for = set(english_texts("web", "es", words=True, shared=english.SHARED))
    looked_for |= set(english_texts("server", "es", words=True, shared=english.SHARED))
    assert "{planet} {rank}" not in looked_for  # translated as itself
    assert "robot" not in looked_for
    assert "{op}: choose a register" in looked_for
    assert english.english_in("MOVE 3 · ROLL · TAKE SATURN · UNDO", "es") == []
    assert english.english_in("Undone, Hints", "es") == []  # whole words only


def test_an_untranslated_text_is_looked_for_even_where_its_translation_would_be_itself() -> None:
    assert english.english_in("Te toca.\nrobot 3\nPista", "es") == []  # "robot" is Spanish too
    assert not looked_for("robot", ["robot"], words=True)
    assert looked_for("robot", [""], words=True)  # left untranslated: shown in English


_CALL = re.compile(r'(?<![\w.$])(tn?)\(\s*"((?:[^"\\\n]|\\.)*)"')


def _called(area: str) -> set[tuple[str, str, int]]:
    """Every text ``area``'s script files pass to ``t()``/``tn()`` as a string literal, read
    from the source as written (a comment's line left out): file, text, line."""
    found = set()
    for path in area_named(area).files():
        if path.suffix != ".js":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            for match in _CALL.finditer(line):
                text = json.loads(f'"{match.group(2)}"')
                found.add((path.relative_to(SOURCE).as_posix(), text, number))
    return found


def test_every_text_the_client_translates_is_extracted_for_the_catalogs() -> None:
    # the catalogs' extraction (babel's JavaScript lexer) misses a t() call inside a template
    # literal (`${t("…")}`) or inside the arguments of another t() call: such a text is never
    # put in a catalog, and the page shows it in English in every language
    extracted = {key if isinstance(key, str) else key[0] for key in extract(area_named("web"))}
    missed = sorted(entry for entry in _called("web") if entry[1] not in extracted)
    assert missed == []
