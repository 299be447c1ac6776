"""``--help`` is shown in the language chosen with ``--lang`` (click reads the help texts at
import, before ``--lang``: they are translated when the help is shown)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from moonbase import i18n
from moonbase.cli.main import main


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main([*args, "--help"]) == 0
    return capsys.readouterr().out


def test_the_command_help_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    shown = " ".join(_help(capsys, "--lang", "es").split())
    assert "Sin comando, un menú pregunta el juego" in shown
    assert "Juega a GAME en esta pantalla" in shown  # a command's short help
    assert "Without a command" not in shown and "Play GAME at this screen" not in shown


def test_play_help_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    shown = " ".join(_help(capsys, "--lang", "pl", "play").split())
    assert "Zagraj w GAME przy tym ekranie" in shown
    assert "rozdanie (domyślnie: losowe)" in shown
    assert "kto gra na każdym miejscu" in shown
    assert "--seat WHO" in shown and "--no-skip-forced" in shown  # notation stays


def test_english_help_is_as_written_and_stays_after_another_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _help(capsys, "--lang", "es", "play")
    i18n.use("en")
    shown = " ".join(_help(capsys, "--lang", "en", "play").split())
    assert "Play GAME at this screen" in shown and "the deal (default: a random one)" in shown
