"""Random playouts cut after a number of turns: each kernel plays the reference's game."""

from __future__ import annotations

import pytest

from moonbase import fast
from moonbase.fast import reference
from tests.fast.helpers import positions, preset_game

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")
SETTINGS = [
    ("moon", "coop-events-extras"),
    ("moon", "competitive-3-hackers"),
    ("moon-leap", "2p"),
    ("moons", "4p"),
    ("moons", "3p-no-minis"),
]


@needs_numba
@pytest.mark.parametrize(("name", "preset"), SETTINGS)
def test_a_cut_random_playout_is_the_reference_game_so_far(name: str, preset: str) -> None:
    game = preset_game(name, preset)
    for state, seed in positions(game, 60, 30):
        for depth in (0, 1, 3, 25, 80):
            expected = reference.playout(state, seed, depth)
            assert fast.playout(state, seed, depth=depth) == expected, (state.seed, depth)
            if not expected.over:
                assert not expected.winners


def test_a_simultaneous_turn_is_one_turn() -> None:
    """A Moons round's tableaus are one turn: cut after it, every seat has chosen one."""
    state = preset_game("moons", "4p").new(seed=3)
    cut = reference.playout(state, 9, depth=1)
    assert (cut.over, cut.decisions) == (False, 4)
    assert reference.playout(state, 9, depth=None).over
