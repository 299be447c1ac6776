"""The language is chosen with ``--lang``, else from the locale variables; bad values are named."""

from __future__ import annotations

import pytest

from moonbase import i18n
from moonbase.cli.main import main


@pytest.fixture(autouse=True)
def _english_afterwards() -> object:
    yield
    i18n.use("en")


def test_an_unknown_language_is_named_with_the_allowed_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "de", "games"]) == 2
    error = capsys.readouterr().err
    assert "--lang" in error and "'de'" in error and "allowed: en, es, pl" in error


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_lang_is_spoken_over_the_environment(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8" if lang != "pl" else "es_ES.UTF-8")
    assert main(["--lang", lang, "games"]) == 0
    assert i18n.current() == lang


@pytest.mark.parametrize(
    ("environment", "lang"),
    [
        ({"LANG": "es_AR.UTF-8"}, "es"),
        ({"LANG": "en_GB.UTF-8", "LC_ALL": "pl_PL"}, "pl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_without_lang_the_locale_decides(
    environment: dict[str, str], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert main(["games"]) == 0
    assert i18n.current() == lang
