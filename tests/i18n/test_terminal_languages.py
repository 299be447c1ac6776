"""A whole game of each game played through the terminal in Spanish and Polish shows no English
outside notation; the same game in English shows the English texts (so the check can tell)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console

import moonbase
from moonbase import i18n
from moonbase.cli.play import PlayLoop
from moonbase.cli.prompts import Prompter
from moonbase.cli.table import Table
from tests.i18n.english import english_found, english_lines

AREAS = ["terminal", "games"]
"""The catalog areas whose English the terminal must not show: its own and the games' texts."""
GAMES = {
    "moon": ({}, ["human"]),
    "moon-leap": ({}, ["human", "greedy"]),
    "moons": ({"players": 3}, ["human", "greedy", "random"]),
    "welcome-to-the-moon": ({"players": 2}, ["human", "greedy"]),
}
"""Each game with its options and seats: a person (typing the first legal action) and bots."""
_FIRST = ["help", "999", "actions", "table", "hint", "undo", "forced off", "sheet 9"]
"""What the person types before playing: commands, a number not on the menu, a bad sheet."""


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def _typist(table_of: Callable[[], Table]) -> Callable[[], str]:
    """A person who types :data:`_FIRST`, then the first legal action of their seat, and "n"
    to every question once the game is over (no save, no new game)."""
    first = iter(_FIRST)

    def read() -> str:
        state = table_of().state
        if state.is_over:
            return "n"
        typed = next(first, None)
        if typed is not None:
            return typed
        seat = next(seat for seat in state.to_act if table_of().is_human(seat))
        return state.legal_actions(seat)[0]

    return read


def play(game: str, lang: str, seed: int = 3) -> str:
    """Everything the terminal shows for a whole game of ``game`` spoken in ``lang``."""
    i18n.use(lang)
    options, seats = GAMES[game]
    table = Table(moonbase.load(game, **options).new(seed=seed), seats)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    loop = PlayLoop(table, Prompter(console, _typist(lambda: loop.table)))
    assert loop.run() == 0
    assert table.state.is_over
    shown = console.file.getvalue()
    assert isinstance(shown, str)
    return shown


@pytest.mark.parametrize("lang", ["es", "pl"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_shows_no_english_outside_notation(game: str, lang: str) -> None:
    shown = play(game, lang)
    found = english_found(shown, AREAS, lang)
    assert found == [], "\n".join(english_lines(shown, found))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_same_game_in_english_shows_the_english_texts(game: str) -> None:
    shown = play(game, "en")
    found = english_found(shown, AREAS, "es")
    assert "Type help for the commands." in found
    assert len(found) >= 10, found


def test_the_check_finds_a_text_whose_translation_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Emptying one translation (here: as if the catalog had none) makes it English on screen,
    and the check says so."""
    real = i18n.translator("es")
    missing = "Type help for the commands."

    class Forgetful:
        def gettext(self, message: str) -> str:
            return message if message == missing else real.gettext(message)

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return real.ngettext(singular, plural, n)

    monkeypatch.setattr(i18n, "translator", lambda lang: Forgetful() if lang == "es" else real)
    assert english_found(play("moon-leap", "es"), AREAS, "es") == [missing]
