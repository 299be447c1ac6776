"""Every space the menu names can be found on the drawn sheet: an empty space either shows its
name (``B7``) or stands at a place the printed labels tell — the ``k``-th space after its
row's label (``AST1`` holds ``AST1.1``, ``AST1.2``, …) or after a label giving the row's range
(``M13–24`` holds ``M13`` … ``M24``). Each name is checked where the drawing puts it: writing a
number in that space changes the drawing at exactly the place the name or the labels point at.
"""

from __future__ import annotations

import re

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon import WelcomeState
from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.drawing import plain_lines, told
from moonbase.games.welcome_to_the_moon.layout import Area, Kind, Label, Layout, Spot

_TOKEN = re.compile(r"\S+")
_RANGE = re.compile(r"(\D+)(\d+)[–-](\d+)")
_ROW = re.compile(r"[A-Z]+\d*")
"""A row's label: capitals, maybe a number (``ENE``, ``AST1``, ``Q10``), not a printed word."""


def _named_spaces(state: WelcomeState) -> set[str]:
    """The space names the legal actions of seat 0 use now."""
    spaces = {spot.name for spot in state.adventure.layout.of_kind(Kind.SPACE)}
    return {word for action in state.legal_actions(0) for word in action.split() if word in spaces}


def _told_by(tokens: list[str], index: int) -> str | None:
    """The name the nearest row label before ``tokens[index]`` (an empty space) gives it,
    counting the empty spaces between them, if any."""
    rank = 1
    for token in reversed(tokens[:index]):
        ranged = _RANGE.fullmatch(token)
        if ranged is not None:
            return f"{ranged[1]}{int(ranged[2]) + rank - 1}"
        if token == "·":
            rank += 1
        elif _ROW.fullmatch(token):
            return f"{token}.{rank}"
    return None


def _where(before: list[str], after: list[str]) -> str:
    """What the one place that changed from ``before`` to ``after`` names: the name drawn
    there, or the name the labels on its line tell."""
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1, changed
    old, new = changed[0]
    first = next(i for i, (x, y) in enumerate(zip(old, new, strict=False)) if x != y)
    tokens = list(_TOKEN.finditer(old))
    index = next(i for i, token in enumerate(tokens) if token.end() > first)
    text = tokens[index].group()
    if text != "·":
        return text
    return _told_by([token.group() for token in tokens], index) or "·"


def _start(number: int, players: int) -> WelcomeState:
    options = {"adventure": number, "players": players} | ({"level": 4} if players == 1 else {})
    state = moonbase.load("welcome-to-the-moon", **options).new(seed=2)
    assert isinstance(state, WelcomeState)
    while not state.is_over and 0 not in state.to_act:
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    return state


@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize("number", range(1, 9))
@pytest.mark.parametrize("width", [100, 120])
def test_every_space_the_menu_names_is_found_on_the_drawn_sheet(
    number: int, players: int, width: int
) -> None:
    state = _start(number, players)
    names = _named_spaces(state)
    assert names, state.legal_actions(0)
    view = state.view(0)
    marks = list(view["sheet"]["marks"] if view["sheet"] else view["sheets"][0]["marks"])
    layout = adventure(number).layout.for_sheet(players == 1)
    empty = plain_lines(layout, marks, width)
    for name in sorted(names):
        slot = next(spot.slot for spot in layout.of_kind(Kind.SPACE) if spot.name == name)
        written = [18 if index == slot else mark for index, mark in enumerate(marks)]
        assert _where(empty, plain_lines(layout, written, width)) == name, "\n".join(empty)


def test_a_space_shows_its_name_unless_a_label_beside_it_tells_it() -> None:
    row = Area(
        "rows",
        (
            Spot(1, 0, 1, Kind.SPACE, name="R.1"),
            Spot(2, 0, 2, Kind.SPACE, name="R.2"),
            Spot(3, 1, 1, Kind.SPACE, name="M5"),
            Spot(4, 1, 2, Kind.SPACE, name="M6"),
            Spot(5, 2, 1, Kind.SPACE, name="B7"),
            Spot(6, 3, 1, Kind.SPACE, name="R.4"),
        ),
        (Label(0, 0, "R"), Label(1, 0, "M5–6"), Label(3, 0, "R")),
    )
    assert told(row) == {1, 2, 3, 4}  # R.4 is the first space after its label: not told
    lines = plain_lines(Layout(3, (row,)), [0] * 7)
    assert lines == ["R      ·  ·", "M5–6   ·  ·", "      B7", "R    R.4"]
