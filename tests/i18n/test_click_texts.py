"""Click's own texts — a bad command line's errors, and ``[default: …]`` / ``[required]`` beside
an option in ``--help`` — are said in the language chosen with ``--lang``, still with exit
status 2 for a bad command line."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import click
import pytest

from moonbase import i18n
from moonbase.cli import main as command
from moonbase.cli.main import main


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


_ERRORS = [
    (
        ["simulate", "moon-leap", "-a", "greedy,random", "-n", "-5"],
        "-5 is not in the range x>=1",
        {"es": "Valor no válido para '--games' / '-n': -5 no está en el rango x>=1.",
         "pl": "Nieprawidłowa wartość dla '--games' / '-n': -5 nie mieści się w zakresie x>=1."},
    ),
    (
        ["load"],
        "Missing argument",
        {"es": "Falta el argumento 'FILE'.", "pl": "Brak argumentu 'FILE'."},
    ),
    (
        ["simulate", "moon-leap"],
        "Missing option",
        {"es": "Falta la opción '--agents' / '-a'.", "pl": "Brak opcji '--agents' / '-a'."},
    ),
    (
        ["games", "extra"],
        "unexpected extra argument",
        {"es": "Sobra el argumento (extra)", "pl": "Nadmiarowy argument (extra)"},
    ),
    (
        ["games", "extra", "more"],
        "unexpected extra arguments",
        {"es": "Sobran los argumentos (extra more)", "pl": "Nadmiarowe argumenty (extra more)"},
    ),
    (
        ["simulate", "moon-leap", "-a", "greedy", "--seed", "abc"],
        "is not a valid integer",
        {"es": "'abc' no es un número entero válido.",
         "pl": "'abc' nie jest poprawną wartością (oczekiwano: liczba całkowita)."},
    ),
    (
        ["serve", "--grace", "soon"],
        "is not a valid",
        {"es": "'soon' no es un número válido.",
         "pl": "'soon' nie jest poprawną wartością (oczekiwano: liczba)."},
    ),
    (
        ["simulate", "moon-leap", "-a", "greedy", "--format", "xml"],
        "is not one of",
        {"es": "'xml' no está entre 'table', 'csv', 'json'.",
         "pl": "'xml' nie jest żadną z wartości 'table', 'csv', 'json'."},
    ),
    (
        ["play", "moon", "--seed"],
        "requires an argument",
        {"es": "La opción '--seed' necesita un argumento.",
         "pl": "Opcja '--seed' wymaga argumentu."},
    ),
    (
        ["replay", "game.json", "--spectator=yes"],
        "does not take a value",
        {"es": "La opción '--spectator' no admite un valor.",
         "pl": "Opcja '--spectator' nie przyjmuje wartości."},
    ),
    (
        ["play", "moon", "--sed", "3"],
        "No such option",
        {"es": "No existe la opción '--sed'; se admite: --no-skip-forced,",
         "pl": "Nie ma opcji '--sed'; dozwolone: --no-skip-forced,"},
    ),
    (
        ["game.json"],
        "No such command",
        {"es": "No existe la orden 'game.json'; se admite: games, lab,",
         "pl": "Nie ma polecenia 'game.json'; dozwolone: games, lab,"},
    ),
]  # fmt: skip
"""Bad command lines: the English click writes, and the line in each language."""


@pytest.mark.parametrize("lang", ["es", "pl"])
@pytest.mark.parametrize(
    ("args", "english", "spoken"), _ERRORS, ids=[" ".join(e[0]) for e in _ERRORS]
)
def test_a_bad_command_line_is_answered_in_the_language(
    args: list[str],
    english: str,
    spoken: dict[str, str],
    lang: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", lang, *args]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1
    assert spoken[lang] in said
    assert english not in said


@pytest.mark.parametrize("args", [e[0] for e in _ERRORS], ids=[" ".join(e[0]) for e in _ERRORS])
def test_the_same_errors_in_english(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    english = next(e[1] for e in _ERRORS if e[0] == args)
    assert main(["--lang", "en", *args]) == 2
    assert english in capsys.readouterr().err


def test_the_language_of_the_environment_speaks_before_the_command_is_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert main(["--bogus"]) == 2  # refused while the command's own options are read
    assert "Nie ma opcji '--bogus'; dozwolone: --lang, --version, --help" in capsys.readouterr().err
    assert main(["--lang", "es", "--bogus"]) == 2
    assert "No existe la opción '--bogus'; se admite:" in capsys.readouterr().err


_NOTES = {
    "es": ("[obligatorio]", "[por defecto: 100; x>=1]", "[por defecto: 0]"),
    "pl": ("[wymagane]", "[domyślnie: 100; x>=1]", "[domyślnie: 0]"),
}


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_notes_of_a_help_are_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "simulate", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    for note in _NOTES[lang]:
        assert note in shown
    for english in ("[required]", "default:", "INTEGER", "RANGE"):
        assert english not in shown
    assert "-n, --games N" in shown and "--seed N" in shown  # notation stays


_COMMANDS = [
    ("play",),
    ("replay",),
    ("simulate",),
    ("serve",),
    ("lab", "tournament"),
    ("lab", "study"),
]


@pytest.mark.parametrize("command", _COMMANDS, ids=[" ".join(c) for c in _COMMANDS])
def test_no_help_shows_click_s_english_words(
    command: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "es", *command, "--help"]) == 0
    shown = capsys.readouterr().out
    for english in ("[required]", "default:", "INTEGER", "FLOAT", "TEXT", "RANGE"):
        assert english not in shown


def test_every_click_text_moonbase_translates_is_one_click_writes() -> None:
    """A click release that rewords a text would leave its translation unused: caught here."""
    folder = pathlib.Path(click.__file__).parent
    source = "".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py")))
    for text in command._CLICK_TEXTS:
        for form in (text,) if isinstance(text, str) else text:
            assert form in source, form
