"""What the public functions take: seeds and depths of every kind, refused with the reason
where they are not seeds or numbers of turns, and the same answer on both paths."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import moonbase
from moonbase import fast
from moonbase.core import State
from moonbase.fast import moon_leap, reference
from tests.fast.helpers import preset_game

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")
GAMES = [("moon-leap", "2p"), ("moon", "competitive-2"), ("moons", "3p")]
PATHS = [pytest.param(True, marks=needs_numba, id="kernel"), pytest.param(False, id="reference")]


def start(name: str, preset: str) -> State:
    """A dealt game of ``name``'s ``preset``."""
    return preset_game(name, preset).new(seed=3)


@pytest.mark.parametrize("use_kernel", PATHS)
@pytest.mark.parametrize(("name", "preset"), GAMES)
@pytest.mark.parametrize("depth", [-1, -30])
def test_a_negative_depth_is_refused_on_both_paths(
    name: str, preset: str, use_kernel: bool, depth: int
) -> None:
    # The kernels read a negative limit as "to the end", the reference as "no turn at all":
    # refused before either plays.
    state = start(name, preset)
    with pytest.raises(ValueError, match=rf"depth is a number of turns, 0 or more .*got {depth}"):
        fast.playout(state, 1, depth=depth, use_kernel=use_kernel)
    with pytest.raises(ValueError, match="0 or more"):
        fast.greedy_playout(state, depth=depth, use_kernel=use_kernel)


@pytest.mark.parametrize("use_kernel", PATHS)
@pytest.mark.parametrize("depth", ["3", 1.5, True, [2]])
def test_a_depth_that_is_not_a_whole_number_is_refused(depth: object, use_kernel: bool) -> None:
    state = start("moon-leap", "2p")
    kind = type(depth).__name__
    with pytest.raises(TypeError, match=rf"depth is a number of turns.*got {kind}"):
        fast.playout(state, 1, depth=depth, use_kernel=use_kernel)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=rf"depth is a number of turns.*got {kind}"):
        fast.greedy_playout(state, depth=depth, use_kernel=use_kernel)  # type: ignore[arg-type]


@pytest.mark.parametrize("use_kernel", PATHS)
@pytest.mark.parametrize(("name", "preset"), GAMES)
def test_a_depth_beyond_any_game_plays_to_the_end(name: str, preset: str, use_kernel: bool) -> None:
    state = start(name, preset)
    whole = reference.playout(state, 5)
    for depth in (2**63 - 1, 2**63, 10**30):
        assert fast.playout(state, 5, depth=depth, use_kernel=use_kernel) == whole
    assert fast.greedy_playout(state, depth=2**64, use_kernel=use_kernel) == fast.greedy_playout(
        state, use_kernel=use_kernel
    )


@pytest.mark.parametrize("use_kernel", PATHS)
@pytest.mark.parametrize(("name", "preset"), GAMES)
def test_numpy_integers_are_seeds_and_depths(name: str, preset: str, use_kernel: bool) -> None:
    state = start(name, preset)
    python = [0, 1, 2, -1, 2**63 + 5]
    numpy = [*np.arange(3), np.int64(-1), np.uint64(2**63 + 5)]
    expected = [reference.playout(state, seed) for seed in python]
    assert fast.playouts(state, numpy, use_kernel=use_kernel) == expected
    assert fast.playout(state, np.int32(2), use_kernel=use_kernel) == expected[2]
    cut = reference.playout(state, 1, 4)
    assert fast.playout(state, 1, depth=np.int16(4), use_kernel=use_kernel) == cut


@needs_numba
def test_a_numpy_depth_is_played_by_the_kernel_already_compiled() -> None:
    # A depth reaches the kernel as a Python int, whatever its kind: a numpy or bool depth
    # made numba compile the whole kernel again for that type.
    state = start("moon-leap", "2p")
    fast.playout(state, 1, depth=3)
    kernel: Any = moon_leap.play_many
    compiled = len(kernel.signatures)
    assert fast.playout(state, 1, depth=np.int32(3)) == fast.playout(state, 1, depth=3)
    assert fast.greedy_playout(state, depth=np.uint8(3)) == fast.greedy_playout(state, depth=3)
    assert len(kernel.signatures) == compiled


@pytest.mark.parametrize("use_kernel", PATHS)
@pytest.mark.parametrize("seed", [1.5, "1", None, b"1"])
def test_a_seed_that_is_not_an_integer_is_refused_saying_what_a_seed_is(
    seed: object, use_kernel: bool
) -> None:
    state = start("moons", "3p")
    refusal = rf"a policy seed is an integer \(of any size\), not {type(seed).__name__}"
    with pytest.raises(TypeError, match=refusal):
        fast.playout(state, seed, use_kernel=use_kernel)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=refusal):
        fast.playouts(state, [1, seed], use_kernel=use_kernel)  # type: ignore[list-item]


@pytest.mark.parametrize("use_kernel", PATHS)
def test_seeds_come_from_any_iterable_and_a_lone_seed_is_refused(use_kernel: bool) -> None:
    state = start("moon-leap", "3p")
    expected = [reference.playout(state, seed) for seed in range(4)]
    assert fast.playouts(state, (seed for seed in range(4)), use_kernel=use_kernel) == expected
    assert fast.playouts(state, iter(range(4)), use_kernel=use_kernel) == expected
    for seeds in (5, "12", None):
        kind = type(seeds).__name__
        with pytest.raises(TypeError, match=rf"seeds is a sequence of policy seeds.*not {kind}"):
            fast.playouts(state, seeds, use_kernel=use_kernel)  # type: ignore[arg-type]


def test_the_reference_playouts_check_what_they_are_given_too() -> None:
    state = moonbase.load("moon-leap").new(seed=4)
    assert reference.playout(state, np.int64(-7)) == reference.playout(state, -7)
    with pytest.raises(ValueError, match="0 or more"):
        reference.playout(state, 1, depth=-1)
    with pytest.raises(TypeError, match="a policy seed is an integer"):
        reference.playout(state, 2.0)  # type: ignore[arg-type]
