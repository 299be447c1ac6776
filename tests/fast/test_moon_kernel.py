"""MOON's kernel, both modes, against the reference playout: the same games, seed for seed,
by the random policy and by the greedy heuristic (the planner's first steps)."""

from __future__ import annotations

import pytest

import moonbase
from moonbase import fast
from moonbase.agents.heuristics.moon import choose, current_goal
from moonbase.core import game_class
from moonbase.fast import moon, reference
from moonbase.fast.moon_plans import PlanLibrary
from moonbase.fast.reference import policy_pick
from moonbase.fast.results import as_playouts
from tests.fast.helpers import positions, preset_game

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")
PRESETS = sorted(game_class("moon").presets)
COOPERATIVE_GAMES = 2000
"""Positions per cooperative preset (random games are short: about 16 decisions)."""
COMPETITIVE_GAMES = 600
"""Positions per competitive preset (random games are long: about 350 decisions)."""
GREEDY_PRESETS = [preset for preset in PRESETS if preset != "coop-wide"]
"""Every preset but the 6-bit one, whose greedy play asks the planner for 6-bit tables (each
a second or so to build: MCTS plays random rollouts there)."""


@needs_numba
@pytest.mark.parametrize("preset", PRESETS)
def test_the_kernel_plays_the_reference_games(preset: str) -> None:
    game = preset_game("moon", preset)
    assert fast.has_kernel(game)
    count, depth = (
        (COMPETITIVE_GAMES, 200)
        if game.options["mode"] == "competitive"
        else (COOPERATIVE_GAMES, 8)
    )
    played = 0
    for state, seed in positions(game, count, depth):
        expected = reference.playout(state, seed)
        assert moon.playouts(state, [seed]) == [expected], (preset, state.seed, seed)
        played += expected.decisions > 0
    assert played > count // 2  # most started before the end


@needs_numba
@pytest.mark.parametrize("preset", ["coop-events-extras", "competitive-3-hackers"])
def test_one_batch_plays_each_seed_from_the_same_state(preset: str) -> None:
    state = preset_game("moon", preset).new(seed=31)
    seeds = list(range(40))
    assert fast.playouts(state, seeds) == [reference.playout(state, seed) for seed in seeds]


@needs_numba
def test_a_repair_choice_is_played_from_where_it_waits() -> None:
    # Positions waiting for a REPAIR (an OK card found two errors), reached through the rules.
    game = moonbase.load("moon", mode="competitive", players=2, events=True)
    waiting = []
    for seed in range(200):
        state = game.new(seed=seed)
        decision = 0
        while not state.is_over and len(waiting) < 20:
            seat = state.to_act[0]
            legal = state.legal_ids(seat)
            if game.action_text(legal[0]).startswith("REPAIR"):
                waiting.append(state.clone())
            state.apply_id(seat, policy_pick(legal, seed, decision))
            decision += 1
    assert waiting
    for number, state in enumerate(waiting):
        assert fast.playouts(state, [number, number + 1]) == [
            reference.playout(state, number),
            reference.playout(state, number + 1),
        ]


@needs_numba
@pytest.mark.parametrize("preset", GREEDY_PRESETS)
def test_the_greedy_kernel_plays_the_heuristics_games(preset: str) -> None:
    """Greedy playouts from positions all through the game, to the end: the kernel's game is
    the one the heuristic plays through the rules (repairs, hackers' free uses, ERRORs that
    change the machine and 5-bit goals included)."""
    game = preset_game("moon", preset)
    assert fast.has_greedy_kernel(game)
    competitive = game.options["mode"] == "competitive"
    count, depth = (60, 120) if competitive else (300, 8)
    for state, _ in positions(game, count, depth):
        expected = reference.greedy_playout(state, choose)
        assert moon.greedy_playout(state) == expected, (preset, state.seed)


@needs_numba
@pytest.mark.parametrize("preset", ["coop-events-extras", "competitive-3-hackers"])
@pytest.mark.parametrize("depth", [0, 1, 5, 40])
def test_a_greedy_playout_cut_short_is_the_same_game_so_far(preset: str, depth: int) -> None:
    game = preset_game("moon", preset)
    for state, _ in positions(game, 30, 10):
        expected = reference.greedy_playout(state, choose, depth)
        found = moon.greedy_playout(state, depth)
        assert found == expected, (preset, state.seed, depth)
        assert found.over or found.decisions == depth


@needs_numba
@pytest.mark.parametrize("limit", [1 << 28, 1])
def test_a_greedy_playout_takes_the_tables_it_lacks_and_plays_the_same_game(limit: int) -> None:
    """A library that starts empty gains the machines the playout meets (past its limit too:
    it is trimmed only between playouts), and the playout it finally plays whole is the
    heuristic's."""
    state = preset_game("moon", "coop-events-extras").new(seed=12)
    library = PlanLibrary(state.game, limit)
    encoded = moon.encode(state)
    wanted = []
    while (missing := moon.run(encoded, [0], library)[1]) is not None:
        wanted.append(missing)
        library.add(*missing)
    goal = current_goal(state.view(0))
    assert goal is not None
    assert wanted[0] == (0, 0, goal)  # the first decision's machine, with its goal's table
    assert len(set(wanted)) == len(wanted) > 1  # each asked for once; ERRORs made others
    assert as_playouts(moon.run(encoded, [0], library)[0]) == [
        reference.greedy_playout(state, choose)
    ]
    library.trim()
    assert library.machines == (0 if limit == 1 else len({need[:2] for need in wanted}))


def test_encode_refuses_another_game() -> None:
    with pytest.raises(ValueError, match="plays moon states, not moon-leap"):
        moon.encode(moonbase.load("moon-leap").new(seed=1))


def test_the_encoding_mirrors_the_state() -> None:
    state = preset_game("moon", "competitive-3-hackers").new(seed=8)
    encoded = moon.encode(state)
    assert list(encoded.registers) == state.registers  # type: ignore[attr-defined]
    assert int(encoded.deck.sum()) == state.view(None)["deck"]
    assert list(encoded.seats[moon.R_BUGS]) == state.view(None)["bugs"]
    assert int(encoded.scalars[moon.S_ENERGY]) == state.view(None)["energy"] * 2
