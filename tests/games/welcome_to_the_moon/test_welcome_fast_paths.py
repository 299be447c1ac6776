"""The fast paths agree with the plain rules they stand for, on the sheets random games reach:
each adventure's fits (by zone, skyscraper, starship), adventure 5's placements, adventure 3's
bounds and fits per row and column, adventure 8's end test; and a state's fields stay few enough
for their names to be shared among states."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator, Sequence

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon import WelcomeState
from moonbase.games.welcome_to_the_moon.adventures import a2_journey as a2
from moonbase.games.welcome_to_the_moon.adventures import a5_dome as a5
from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.adventures.a3_colony import COLUMNS, ROWS
from moonbase.games.welcome_to_the_moon.adventures.turn import in_spaces
from moonbase.games.welcome_to_the_moon.sheet import FitTable, Sheet, open_spaces, slots_in


def _sheets(number: int, players: int, games: int) -> Iterator[tuple[WelcomeState, Sheet]]:
    """Every sheet of ``games`` random games of adventure ``number``, after every decision."""
    game = moonbase.load("welcome-to-the-moon", adventure=number, players=players)
    rng = random.Random(number)
    for seed in range(games):
        state = game.new(seed=seed)
        assert isinstance(state, WelcomeState)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_ids(seat)))
            for sheet in state.sheets:
                yield state, sheet


def _fits(tables: Sequence[FitTable], number: int) -> list[int]:
    """The slots ``number`` fits, read from an adventure's :meth:`~Engine.fitting` tables."""
    return sorted(slot for table in tables for slot in slots_in(table[number]))


@pytest.mark.parametrize("number", [2, 3, 4, 5, 6, 7])
def test_fits_are_the_open_spaces(number: int) -> None:
    rules = adventure(number)
    for _, sheet in _sheets(number, 2, 4):
        marks = sheet.marks
        if number == 2:  # the zones between the walls drawn
            spaces = [space for zone in a2.zones(marks) for space in open_spaces(marks, zone)]
        else:
            spaces = list(rules.open_spaces(marks))
        tables = rules.fitting(marks) or []
        plain = [in_spaces(spaces)]
        for written in range(18):
            assert _fits(tables, written) == _fits(plain, written), written


def test_a5_placements_are_the_available_spaces_with_their_bounds() -> None:
    for _, sheet in _sheets(5, 2, 6):
        marks = sheet.marks
        expected = [
            space
            for sk in a5.SKYSCRAPERS
            for space in open_spaces(marks, sk.slots)
            if space[0] in a5.available(marks, sk)
        ]
        assert a5.placements(marks) == expected


def test_a3_bounds_are_those_of_the_row_and_the_column() -> None:
    colony = adventure(3)
    for _, sheet in _sheets(3, 2, 6):
        marks = sheet.marks
        columns = {s: (lo, hi) for z in COLUMNS for s, lo, hi in open_spaces(marks, z.slots)}
        expected = sorted(
            (slot, max(low, columns[slot][0]), min(high, columns[slot][1]))
            for zone in ROWS
            for slot, low, high in open_spaces(marks, zone.slots)
        )
        assert list(colony.open_spaces(marks)) == expected
        fitting, plain = colony.fitting(marks), [in_spaces(expected)]
        for number in range(18):
            assert _fits(fitting, number) == _fits(plain, number), number


@pytest.mark.parametrize("players", [1, 3])
def test_a8_end_test_matches_the_triggers(players: int) -> None:
    battle = adventure(8)
    for state, _ in _sheets(8, players, 4):
        for index in range(players):
            listed = battle.end_triggers(state.sheets, index)
            assert battle.ends(state.sheets, index) == bool(listed), listed


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="CPython's shared-key dicts")
@pytest.mark.parametrize("players", [1, 4])
def test_a_finished_state_shares_its_field_names(players: int) -> None:
    state = next(_sheets(1, players, 1))[0]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply_id(seat, state.legal_ids(seat)[0])
    for copy in (state, state.clone(), moonbase.from_json(state.to_json())):
        # a dict with its own keys costs over 1 500 bytes with this many fields
        assert sys.getsizeof(copy.__dict__) < 600, len(copy.__dict__)
