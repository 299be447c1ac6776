"""The check the browser tests make of a page in Spanish or Polish (tests/web/english.py):
it finds the English of the client's and the server's catalogs, and only where it must."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

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
        for _, strings in english._entries(area, lang)
        for text in strings
    )
    found = english.english_in(shown, lang)
    # words the languages share with English ("robot", "bot", "token"…) are skipped where the
    # translation is the English itself; none of the rest may be left in a translation
    assert found == []


def test_notation_fields_and_texts_translated_as_themselves_are_not_looked_for() -> None:
    looked_for = {entry.text for entry in english.english_of("es")}
    assert "{planet} {rank}" not in looked_for  # translated as itself
    assert "robot" not in looked_for
    assert "{op}: choose a register" in looked_for
    assert english.english_in("MOVE 3 · ROLL · TAKE SATURN · UNDO", "es") == []
    assert english.english_in("Undone, Hints", "es") == []  # whole words only


def test_an_emptied_translation_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    real = english._entries

    def emptied(area: str, lang: str) -> Iterable[tuple[tuple[str, ...], tuple[str, ...]]]:
        for ids, strings in real(area, lang):
            yield ids, ("",) * len(strings) if ids == ("robot",) else strings

    page = "Te toca.\nrobot 3\nPista"
    assert english.english_in(page, "es") == []  # "robot" is Spanish too
    english.english_of.cache_clear()
    monkeypatch.setattr(english, "_entries", emptied)
    try:
        # left untranslated, the page shows it in English: now it is looked for, and found
        assert english.english_in(page, "es") == ["robot"]
    finally:
        english.english_of.cache_clear()
