"""The Welcome to the Moon table tells every seat's sheet in words of the language spoken: no
key of the view (``circled``, ``repaired``) reaches the screen as it is, in any adventure."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import moonbase
from moonbase import i18n
from moonbase.cli.renderers.welcome_to_the_moon import errors_text, render, summary


def _keys(value: object) -> set[str]:
    """Every key of every dict in ``value``, words only (not a space's or mission's name)."""
    if isinstance(value, dict):
        words = {key for key in value if re.fullmatch(r"[a-z_]{3,}", key)}
        return words.union(*(_keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(item) for item in value))
    return set()


def _played(number: int, turns: int, seed: int = 5) -> moonbase.State:
    state = moonbase.load("welcome-to-the-moon", adventure=number, players=3).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.history and turns:
        seat = rng.choice(state.to_act)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
        turns -= seat != moonbase.CHANCE
    return state


def _table(view: dict[str, Any], lang: str) -> str:
    with i18n.speaking(lang):
        console = Console(width=120, file=io.StringIO(), color_system=None)
        console.print(render(view))  # type: ignore[arg-type]
        text = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(text, str)
    return text


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
@pytest.mark.parametrize("number", range(1, 9))
def test_no_view_key_reaches_the_table(number: int, lang: str) -> None:
    state = _played(number, 40)
    view = state.view(0)
    keys = _keys(view["sheets"])
    drawn = _table(view, lang)
    with i18n.speaking(lang):
        rows = [" ".join(summary(sheet).values()) for sheet in view["sheets"]]
    for key in keys:
        shown = re.compile(rf"(?<![\w-]){re.escape(key)}[ :]+\d")
        # in English a score part's name is its key (``score 12``): words, not keys
        assert lang == "en" or not shown.search(drawn), (key, drawn)
        assert not any(shown.search(row) for row in rows), (key, rows)


def test_adventure_1_s_errors_are_told_as_circled_boxes_and_repaired_ones() -> None:
    state = moonbase.load("welcome-to-the-moon", players=2).new(seed=2)
    drawn = _table(state.view(0), "es")
    assert "circled" not in drawn and "repaired" not in drawn, drawn
    assert errors_text({"circled": 0, "repaired": 0}) == "0"
    assert errors_text({"circled": 4, "repaired": 2}) == "4 (2 repaired)"
    assert errors_text(3) == "3"
