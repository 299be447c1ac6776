"""Moon Leap's kernel against the reference playout: the same games, seed for seed."""

from __future__ import annotations

import pytest

import moonbase
from moonbase import fast
from moonbase.agents.heuristics.moon_leap import choose
from moonbase.core import game_class
from moonbase.fast import moon_leap, reference
from tests.fast.helpers import positions, preset_game

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")
GAMES_PER_PRESET = 2000


@needs_numba
@pytest.mark.parametrize("preset", sorted(game_class("moon-leap").presets))
def test_the_kernel_plays_the_reference_games(preset: str) -> None:
    game = preset_game("moon-leap", preset)
    assert fast.has_kernel(game)
    played = 0
    for state, seed in positions(game, GAMES_PER_PRESET):
        expected = reference.playout(state, seed)
        assert moon_leap.playouts(state, [seed]) == [expected], (preset, state.seed, seed)
        played += expected.decisions > 0
    assert played > GAMES_PER_PRESET // 2  # most started before the end


@needs_numba
def test_one_batch_plays_each_seed_from_the_same_state() -> None:
    state = preset_game("moon-leap", "4p").new(seed=77)
    seeds = list(range(50))
    assert fast.playouts(state, seeds) == [reference.playout(state, seed) for seed in seeds]


@needs_numba
def test_seeds_beyond_63_bits_and_negative_draw_as_the_engine_does() -> None:
    game = preset_game("moon-leap", "2p")
    for seed in (-1, -(2**70), 2**64 - 1, 2**80 + 5):
        state = game.new(seed=seed)
        assert fast.playouts(state, [seed, -seed]) == [
            reference.playout(state, seed),
            reference.playout(state, -seed),
        ]


@needs_numba
def test_an_inline_board_is_encoded_from_the_game() -> None:
    board = '{"values": [-2, 0, 1, 3, 0, 5, 8, 2], "barriers": {"2": 2, "3": 3, "4": 4}}'
    game = moonbase.load("moon-leap", players=3, board=board)
    for state, seed in positions(game, 200):
        assert fast.playouts(state, [seed]) == [reference.playout(state, seed)]


def test_encode_refuses_another_game() -> None:
    with pytest.raises(ValueError, match="plays moon-leap states, not moons"):
        moon_leap.encode(moonbase.load("moons").new(seed=1))


def test_the_encoding_mirrors_the_state() -> None:
    state = preset_game("moon-leap", "3p").new(seed=8)
    state.apply_id(state.to_act[0], state.legal_ids(state.to_act[0])[0])
    encoded = moon_leap.encode(state)
    assert list(encoded.track) == state.track and list(encoded.places) == state.places
    assert encoded.turn == state.turn and encoded.roll == state.roll
    assert encoded.chance_count == sum(1 for seat, _ in state.history if seat == moonbase.CHANCE)


GREEDY_GAMES_PER_PRESET = 150
"""Fewer than the random policy's: the reference greedy playout tries every move on a clone."""


@needs_numba
@pytest.mark.parametrize("preset", sorted(game_class("moon-leap").presets))
def test_the_greedy_kernel_plays_the_reference_greedy_games(preset: str) -> None:
    game = preset_game("moon-leap", preset)
    ended_by_a_move = 0
    for state, _seed in positions(game, GREEDY_GAMES_PER_PRESET):
        expected = reference.greedy_playout(state, choose)
        assert moon_leap.greedy_playout(state) == expected, (preset, state.seed)
        assert fast.greedy_playout(state) == expected
        ended_by_a_move += expected.decisions > 0
    assert ended_by_a_move > GREEDY_GAMES_PER_PRESET // 2


@needs_numba
def test_the_greedy_kernel_is_not_the_random_one() -> None:
    state = preset_game("moon-leap", "2p").new(seed=5)
    greedy = moon_leap.greedy_playout(state)
    assert greedy != moon_leap.playouts(state, [1])[0]
    assert greedy.scores[greedy.winners[0]] > 0  # greedy play gets tokens onto good spaces


@needs_numba
def test_a_greedy_playout_cut_short_is_the_reference_s() -> None:
    game = preset_game("moon-leap", "2p")
    for state, _seed in positions(game, 20):
        for depth in (0, 1, 4, 30):
            expected = reference.greedy_playout(state, choose, depth)
            assert moon_leap.greedy_playout(state, depth) == expected, (state.seed, depth)
            assert expected.over or (expected.decisions == depth and not expected.winners)
