"""MOON's board (every preset) and the Moons table (3–6 players) fit 80 columns in English,
Spanish and Polish without cutting anything: no line is wider, and no text is shortened to
``…`` (the only ``…`` allowed is the one in *choosing…*)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console, RenderableType

import moonbase
from moonbase import i18n
from moonbase.cli.renderers import moon, moons
from moonbase.core.registry import game_class

SETUPS = [("moon", preset) for preset in game_class("moon").presets] + [
    ("moons", f"{players}p") for players in range(3, 7)
]


def _options(name: str, preset: str) -> dict[str, Any]:
    if name == "moons":
        return {"players": int(preset[0])}
    return dict(game_class(name).presets[preset])


def _drawn(render: Callable[[Any], RenderableType], view: Any, lang: str) -> str:
    with i18n.speaking(lang):
        console = Console(width=80, file=io.StringIO(), color_system=None)
        console.print(render(view))
        text = console.file.getvalue()  # type: ignore[attr-defined]
        choosing = i18n.gettext("choosing…")
    assert isinstance(text, str)
    return text.replace(choosing, "")


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
@pytest.mark.parametrize(("name", "preset"), SETUPS, ids=[f"{n}-{p}" for n, p in SETUPS])
def test_the_board_fits_80_columns_whole(name: str, preset: str, lang: str) -> None:
    render = moon.render if name == "moon" else moons.render
    state = moonbase.load(name, **_options(name, preset)).new(seed=1)
    rng = random.Random(1)
    for step in range(300):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        if seat >= 0 and step % 5 == 0:
            drawn = _drawn(render, state.view(seat), lang)
            assert max(len(line) for line in drawn.splitlines()) <= 80, drawn
            assert "…" not in drawn, drawn
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))


def test_a_seats_table_too_wide_to_stand_beside_the_registers_goes_below_them() -> None:
    state = moonbase.load("moon", **game_class("moon").presets["competitive-4-wide"]).new(seed=1)
    view = dict(state.view(0))
    view["peeked"] = {"1": "10101", "2": "01010"}  # a column more: no room beside
    drawn = _drawn(moon.render, view, "pl").splitlines()
    assert max(len(line) for line in drawn) <= 80
    registers = [line for line in drawn if line.startswith(("│ A ", "│ D "))]
    assert len(registers) == 2 and "miejsce" not in " ".join(registers), drawn
    assert any("podejrzany" in line for line in drawn) and "…" not in "".join(drawn), drawn
