"""Every renderer draws every view of a played game (each seat's and the spectator's)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

import moonbase
from moonbase.cli.render import results_table, text_view, view_panel
from moonbase.cli.renderers import moon, moon_leap, moons, welcome_to_the_moon

RENDERERS: dict[str, Any] = {
    "moon": moon,
    "moon-leap": moon_leap,
    "moons": moons,
    "welcome-to-the-moon": welcome_to_the_moon,
}
GAMES = [
    ("moon", {}),
    ("moon", {"mode": "competitive", "players": 3, "hackers": "green,purple,red", "max_rounds": 3}),
    ("moon", {"difficulty": "normal", "events": True, "extras": True, "width": 5}),
    ("moon-leap", {"players": 4}),
    ("moons", {"players": 3}),
    ("welcome-to-the-moon", {"players": 2}),
    ("welcome-to-the-moon", {"players": 3, "adventure": 2}),
    ("welcome-to-the-moon", {"players": 1}),
]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_views_draw_through_a_random_game(name: str, options: dict[str, object]) -> None:
    game = moonbase.load(name, **options)
    state = game.new(seed=11)
    rng = random.Random(1)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    steps = 0
    while True:
        if steps % 13 == 0 or state.is_over:
            for seat in [None, *range(game.seats)]:
                console.print(RENDERERS[name].render(state.view(seat)))
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    console.print(results_table(state, [f"seat {seat}" for seat in range(game.seats)]))
    assert "Final scores" in console.file.getvalue() or game.seats == 1


def test_a_view_the_renderer_does_not_understand_is_a_bug_shown_not_hidden() -> None:
    game = moonbase.load("moon")
    view = game.new(seed=1).view(0)
    text = text_view(game, view)
    assert text is not None and text.startswith("MOON — cooperative")
    broken = {key: value for key, value in view.items() if key != "slots"}
    with pytest.raises(KeyError, match="slots"):
        view_panel(game, broken)
