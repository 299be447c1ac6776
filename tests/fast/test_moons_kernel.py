"""Moons' kernel against the reference playout: the same games, seed for seed."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import moonbase
from moonbase import fast
from moonbase.agents.heuristics.moons import choose
from moonbase.core import Game, State, game_class
from moonbase.fast import moons, reference
from moonbase.fast.reference import policy_pick
from tests.fast.helpers import preset_game

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")
GAMES_PER_PRESET = 30


def spread(game: Game, count: int) -> Iterator[tuple[State, int]]:
    """``count`` positions: game ``i`` dealt with seed ``i``, then played ``i * 37 % 400``
    decisions by the random policy (at the deal, mid-round, near and at the end)."""
    for i in range(count):
        state = game.new(seed=i)
        for decision in range(i * 37 % 400):
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply_id(seat, policy_pick(state.legal_ids(seat), i + 1, decision))
        yield state, 1000 + i


def check(game: Game, count: int) -> int:
    """Assert the kernel plays ``count`` positions as the reference; return how many of them
    had decisions left."""
    played = 0
    for state, seed in spread(game, count):
        expected = reference.playout(state, seed)
        assert moons.playouts(state, [seed]) == [expected], (repr(game), state.seed, seed)
        played += expected.decisions > 0
    return played


@needs_numba
@pytest.mark.parametrize("preset", sorted(game_class("moons").presets))
def test_the_kernel_plays_the_reference_games(preset: str) -> None:
    game = preset_game("moons", preset)
    assert fast.has_kernel(game)
    assert check(game, GAMES_PER_PRESET) > GAMES_PER_PRESET // 2


@needs_numba
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 5, "tokens_per_planet": 2},
        {"players": 3, "tokens_per_planet": 4, "set_points": 0, "triple_points": 9},
        {"players": 4, "mini_asteroids": False, "single_points": 3, "triple_points": 2},
    ],
)
def test_every_option_is_played_as_the_rules_play_it(options: dict[str, object]) -> None:
    game = moonbase.load("moons", **options)
    assert check(game, 10) > 0


@needs_numba
def test_one_batch_plays_each_seed_from_the_same_state() -> None:
    state = preset_game("moons", "4p").new(seed=77)
    seeds = list(range(20))
    assert fast.playouts(state, seeds) == [reference.playout(state, seed) for seed in seeds]


@needs_numba
def test_seeds_beyond_63_bits_and_negative_draw_as_the_engine_does() -> None:
    game = preset_game("moons", "3p")
    for seed in (-1, 2**64 - 1, 2**80 + 5):
        state = game.new(seed=seed)
        assert fast.playouts(state, [seed]) == [reference.playout(state, seed)]


def test_encode_refuses_another_game_and_explicit_chance() -> None:
    with pytest.raises(ValueError, match="plays moons states, not moon-leap"):
        moons.encode(moonbase.load("moon-leap").new(seed=1))
    with pytest.raises(ValueError, match="chance mode 'auto'"):
        moons.encode(moonbase.load("moons").new(seed=1, chance="explicit"))


GREEDY_GAMES_PER_PRESET = 24
"""Fewer than the random policy's: the reference greedy playout tries tokens on clones."""


@needs_numba
@pytest.mark.parametrize("preset", sorted(game_class("moons").presets))
def test_the_greedy_kernel_plays_the_reference_greedy_games(preset: str) -> None:
    game = preset_game("moons", preset)
    assert fast.has_greedy_kernel(game)
    played = 0
    for state, _seed in spread(game, GREEDY_GAMES_PER_PRESET):
        expected = reference.greedy_playout(state, choose)
        assert moons.greedy_playout(state) == expected, (preset, state.seed)
        played += expected.decisions > 0
    assert played > GREEDY_GAMES_PER_PRESET // 2


@needs_numba
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 5, "tokens_per_planet": 2},
        {"players": 4, "mini_asteroids": False, "single_points": 3, "triple_points": 2},
    ],
)
def test_the_greedy_kernel_plays_every_option_as_the_heuristic(options: dict[str, object]) -> None:
    game = moonbase.load("moons", **options)
    for state, _seed in spread(game, 8):
        assert moons.greedy_playout(state) == reference.greedy_playout(state, choose)


@needs_numba
def test_the_greedy_kernel_declines_a_token_as_the_heuristic_does() -> None:
    """Positions where a seat without a trick may decline its token (``decline_awards``;
    reached by random play in a game whose supply runs out early): the greedy games from there
    are the heuristic's, and it both takes and declines among them."""
    game = moonbase.load(
        "moons", players=5, mini_asteroids=False, tokens_per_planet=4, decline_awards=True
    )
    seen: set[str] = set()
    for seed in range(20):
        state, rng = game.new(seed=seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
            actions = state.legal_actions(seat)
            if "PASS" in actions:
                seen.add(choose(state, seat, random.Random(0)).split(" ")[0])
                assert moons.greedy_playout(state) == reference.greedy_playout(state, choose)
            state.apply(seat, rng.choice(actions))
    assert seen == {"PASS", "TAKE"}


@needs_numba
@pytest.mark.parametrize("preset", ["3p", "4p", "6p"])
def test_a_greedy_playout_cut_short_is_the_reference_s(preset: str) -> None:
    """Cut at a number of turns (a round's tableaus are one turn), the greedy game is the
    reference's: the same decisions, the scores at the cut, no winners yet."""
    game = preset_game("moons", preset)
    cut = 0
    for state, _seed in spread(game, 8):
        for depth in (0, 1, 2, 5, 30):
            expected = reference.greedy_playout(state, choose, depth)
            assert moons.greedy_playout(state, depth) == expected, (preset, state.seed, depth)
            assert fast.greedy_playout(state, depth=depth) == expected
            cut += not expected.over
    assert cut > 8
