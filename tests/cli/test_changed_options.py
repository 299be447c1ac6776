"""The options a game was set up with that differ from the game's own defaults (what the title
line of ``moonbase play`` names), derived defaults included."""

from __future__ import annotations

import pytest

import moonbase
from moonbase.cli.options import changed_options


@pytest.mark.parametrize(
    ("game", "options", "changed"),
    [
        ("moon", {"operations": "INC,DEC"}, {"operations": ("INC", "DEC")}),
        ("moon", {"energy": 5}, {"energy": 5.0}),
        ("moon", {"energy": 3}, {}),  # easy's own energy
        ("moon", {"difficulty": "hard", "bugs": 2}, {"difficulty": "hard"}),
        ("moon", {"difficulty": "hard", "bugs": 0}, {"difficulty": "hard", "bugs": 0}),
        ("moon", {"mode": "competitive", "players": 2}, {"mode": "competitive"}),
        (
            "moon",
            {"mode": "competitive", "players": 3, "hackers": "red,green,none"},
            {"mode": "competitive", "players": 3, "hackers": ("red", "green", "none")},
        ),
        ("moon", {"extras": True}, {"extras": True}),  # all 14 operations: extras' own default
        ("welcome-to-the-moon", {"missions": "A1,B1,C1"}, {"missions": ("A1", "B1", "C1")}),
        ("welcome-to-the-moon", {"players": 1, "level": 3}, {"players": 1, "level": 3}),
        ("welcome-to-the-moon", {"players": 1, "level": 1}, {"players": 1}),
        ("moon-leap", {}, {}),
        ("moons", {"players": 3}, {"players": 3}),
    ],
)
def test_every_option_that_differs_from_the_game_s_own_default(
    game: str, options: dict[str, object], changed: dict[str, object]
) -> None:
    assert changed_options(moonbase.load(game, **options)) == changed


def test_the_options_come_in_the_game_s_order() -> None:
    game = moonbase.load("moon", width=5, energy=5, mode="competitive")
    assert list(changed_options(game)) == ["mode", "energy", "width"]
