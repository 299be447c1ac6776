"""Every game's rules are shipped in each language, with the English text's sections, notation
and marks of moonbase's decisions."""

from __future__ import annotations

import re

import pytest

import moonbase
from moonbase.cli.main import main
from moonbase.cli.rules import rules_for, rules_text

_CODE = re.compile(r"`([^`\n]+)`")
_MARKS = {
    "es": {"Decision": "Decisión", "Reconstruction": "Reconstrucción"},
    "pl": {"Decision": "Decyzja", "Reconstruction": "Rekonstrukcja"},
}
_CASES = [(name, lang) for name in moonbase.games() for lang in ("es", "pl")]


def _headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


@pytest.mark.parametrize(("name", "lang"), _CASES)
def test_a_translation_has_the_sections_and_notation_of_the_english(name: str, lang: str) -> None:
    english, translated = rules_text(name, "en"), rules_text(name, lang)
    assert translated != english, f"no {lang} rules are shipped for {name}"
    assert len(_headings(translated)) == len(_headings(english))
    assert translated.splitlines()[0].startswith("# ")
    missing = set(_CODE.findall(english)) - set(_CODE.findall(translated))
    assert sorted(missing) == [], "notation is never translated"


@pytest.mark.parametrize(("name", "lang"), _CASES)
def test_the_decisions_are_marked_in_the_language(name: str, lang: str) -> None:
    english, translated = rules_text(name, "en"), rules_text(name, lang)
    for mark, word in _MARKS[lang].items():
        assert translated.count(f"**{word}") == english.count(f"**{mark}"), mark


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_a_game_shows_its_own_adventure_in_the_language(lang: str) -> None:
    game = moonbase.load("welcome-to-the-moon", adventure=5)
    english, translated = rules_for(game, "en"), rules_for(game, lang)
    assert (
        len(_headings(translated))
        == len(_headings(english))
        < len(_headings(rules_text(game.name, "en")))
    )
    assert translated != english


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_moonbase_rules_speaks_the_language_asked_for(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "rules", "moons"]) == 0
    shown = capsys.readouterr().out
    first = rules_text("moons", lang).splitlines()[2]
    assert first.split()[0] in shown
    assert rules_text("moons", "en").splitlines()[2] not in shown
