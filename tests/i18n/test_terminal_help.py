"""``--help`` is shown in the language chosen with ``--lang`` (click reads the help texts at
import, before ``--lang``: they are translated when the help is shown)."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest

from moonbase import i18n
from moonbase.cli.main import cli, main


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


_COMMANDS = [
    (),
    ("play",),
    ("load",),
    ("replay",),
    ("simulate",),
    ("rules",),
    ("serve",),
    ("games",),
    ("lab",),
    ("lab", "tournament"),
    ("lab", "study"),
]


def _texts(command: tuple[str, ...]) -> list[str]:
    """The help texts moonbase writes for ``command`` and its options, in English."""
    found: click.Command = cli
    for name in command:
        assert isinstance(found, click.Group)
        found = found.commands[name]
    texts = [found.help or ""]
    texts += [p.help for p in found.params if isinstance(p, click.Option) and p.help]
    return texts


@pytest.mark.parametrize("lang", ["es", "pl"])
@pytest.mark.parametrize("command", _COMMANDS, ids=[" ".join(c) or "moonbase" for c in _COMMANDS])
def test_every_command_s_help_is_in_the_language(
    command: tuple[str, ...], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = "".join(_help(capsys, "--lang", lang, *command).split())  # as wrapped: no spaces
    translate = i18n.translator(lang).gettext
    for text in _texts(command):
        assert "".join(translate(text).split()) in shown
        assert "".join(text.split()) not in shown
    for heading in ("Usage:", "Options:", "Showthismessageandexit."):
        assert heading not in shown
    assert translate("Usage:") in shown
