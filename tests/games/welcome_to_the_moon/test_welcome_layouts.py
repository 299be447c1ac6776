"""Every adventure's sheet layout places what the rules mark, and the terminal draws it whole.

The layouts (``game.sheet_layout()``) are the geometry a client draws a sheet from, with the
marks a view gives; these checks hold for every adventure that has one.
"""

from __future__ import annotations

import io
import json
import random
from functools import cache

import pytest
from rich.console import Console

import moonbase
from moonbase.cli.renderers.welcome_to_the_moon import render
from moonbase.games.welcome_to_the_moon import WelcomeGame, WelcomeState
from moonbase.games.welcome_to_the_moon.adventures import IMPLEMENTED, adventure
from moonbase.games.welcome_to_the_moon.drawing import plain_lines
from moonbase.games.welcome_to_the_moon.layout import Kind, Layout, layout_from_json, load_layout

LAID_OUT = IMPLEMENTED


def layout_of(number: int, players: int = 2) -> Layout:
    return WelcomeGame(adventure=number, players=players).sheet_layout()


@cache
def played(number: int, players: int, seed: int) -> tuple[WelcomeState, frozenset[int]]:
    """A random game to its end, and every slot marked on any sheet at any step of it."""
    state = moonbase.load("welcome-to-the-moon", adventure=number, players=players).new(seed)
    assert isinstance(state, WelcomeState)
    rng = random.Random(seed)
    marked: set[int] = set()
    while not state.is_over:
        for sheet in state.sheets:
            marked.update(slot for slot, mark in enumerate(sheet.marks) if mark)
        seat = rng.choice(state.to_act)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    for sheet in state.sheets:
        marked.update(slot for slot, mark in enumerate(sheet.marks) if mark)
    return state, frozenset(marked)


@pytest.mark.parametrize("number", LAID_OUT)
def test_the_spaces_are_placed_with_their_names(number: int) -> None:
    layout, data = layout_of(number), adventure(number).data
    spaces = {spot.slot: spot.name for spot in layout.of_kind(Kind.SPACE)}
    assert spaces == {slot: data.names[slot] for slot in data.space_slots}


@pytest.mark.parametrize("number", LAID_OUT)
def test_errors_and_mission_rewards_are_placed(number: int) -> None:
    layout, data = layout_of(number), adventure(number).data
    assert {spot.slot for spot in layout.of_kind(Kind.ERROR)} >= set(data.error_slots)
    assert set(data.mission_slots) <= set(layout.slots)


@pytest.mark.parametrize("number", LAID_OUT)
@pytest.mark.parametrize(("players", "seed"), [(1, 1), (1, 2), (3, 3), (4, 4), (6, 5)])
def test_every_slot_a_game_marks_is_placed(number: int, players: int, seed: int) -> None:
    layout = layout_of(number, players)
    state, marked = played(number, players, seed)
    size = len(state.sheets[0].marks)
    assert all(slot < size for slot in layout.slots)
    missing = marked - set(layout.slots) - set(layout.bookkeeping)
    assert not missing, f"marked but not on the layout: {sorted(missing)}"


@pytest.mark.parametrize("number", LAID_OUT)
def test_the_layout_is_json(number: int) -> None:
    layout = layout_of(number)
    shown = json.loads(json.dumps(layout.to_json()))
    assert sum(len(area["spots"]) for area in shown["areas"]) == len(layout.slots)
    assert shown["adventure"] == number


@pytest.mark.parametrize("number", LAID_OUT)
def test_the_data_file_and_a_clients_json_give_the_same_layout(number: int) -> None:
    layout = load_layout(number)
    assert layout == adventure(number).layout
    assert layout_from_json(json.loads(json.dumps(layout.to_json()))) == layout


@pytest.mark.parametrize("number", LAID_OUT)
def test_the_drawing_shows_every_number_written(number: int) -> None:
    state, _ = played(number, 3, 3)
    layout = layout_of(number)
    sheet = state.view(None)["sheets"][0]
    drawn = " ".join(plain_lines(layout, sheet["marks"])).split()
    written = [value for value in sheet["spaces"].values() if isinstance(value, int)]
    for value in set(written):
        assert drawn.count(str(value)) >= written.count(value)


@pytest.mark.parametrize("number", LAID_OUT)
@pytest.mark.parametrize("width", [100, 120])
def test_the_terminal_draws_the_sheet_without_wrapping(number: int, width: int) -> None:
    state, _ = played(number, 3, 3)
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(render(state.view(0)))
    lines = console.file.getvalue().splitlines()
    assert max(len(line) for line in lines) <= width
    for line in plain_lines(layout_of(number), state.view(0)["sheet"]["marks"], width - 6):
        assert line.strip() in console.file.getvalue()
    assert "False" not in console.file.getvalue() and "True" not in console.file.getvalue()


def test_only_a_solo_layout_has_astras_battlefield() -> None:
    solo, multiplayer = layout_of(8, players=1), layout_of(8, players=3)
    assert max(multiplayer.slots) < 230 <= max(solo.slots)
    assert set(multiplayer.slots) < set(solo.slots)
