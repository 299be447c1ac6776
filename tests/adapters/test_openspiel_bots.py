"""OpenSpiel's algorithms on moonbase games: its IS-MCTS bot plays Moons through moonbase's
resampler, and ``evaluate_bots`` pits it against a moonbase agent wrapped as a bot."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots").evaluate_bots

from moonbase.adapters.openspiel import (  # noqa: E402
    MoonbaseState,
    load,
    moonbase_state,
    returns_for,
)
from moonbase.adapters.openspiel_bots import AgentBot, ismcts_bot, resampler  # noqa: E402

MOONS = {"players": 3, "mini_asteroids": False}
"""The smallest Moons: three seats, no Mini-Asteroids (the shortest game)."""


class _CountingResampler:
    """:func:`resampler`, counting its calls and checking every world it hands out."""

    def __init__(self, seed: int) -> None:
        self.draw = resampler(seed)
        self.calls = 0
        self.different = 0

    def __call__(self, state: MoonbaseState, player: int) -> MoonbaseState:
        world = self.draw(state, player)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        self.calls += 1
        self.different += moonbase_state(world).history_ids != moonbase_state(state).history_ids
        return world


def test_ismcts_plays_moons_through_the_resampler_against_an_agent() -> None:
    game = load("moons", **MOONS)
    seats_of_search = []
    for number in range(2):
        search_seat = number % 3
        search = ismcts_bot(game, seed=number, simulations=3, worlds=-1)
        counting = _CountingResampler(number)
        search.set_resampler(counting)
        bots = [
            search if seat == search_seat else AgentBot(game, seat, "greedy", seed=number)
            for seat in range(3)
        ]
        state = game.new_initial_state()
        returns = evaluate_bots(state, bots, np.random.RandomState(number))
        assert state.is_terminal()
        assert returns == returns_for(game.moonbase, moonbase_state(state).winners())
        assert counting.calls > 10, "the search drew its worlds through moonbase's resampler"
        assert counting.different > 0, "the worlds it drew were really different"
        seats_of_search.append(search_seat)
    assert seats_of_search == [0, 1]


def test_agent_bots_play_every_seat_and_follow_moonbase() -> None:
    game = load("moon-leap", players=3)
    bots = [AgentBot(game, seat, "greedy", seed=seat) for seat in range(3)]
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(0))
    inner = moonbase_state(state)
    assert state.is_terminal()
    assert [seat for seat in range(3) if returns[seat] > 0] == inner.winners()


def test_agent_bot_refuses_another_seats_turn() -> None:
    game = load("moon-leap")
    state = game.new_initial_state()
    state.apply_action(0)
    bot = AgentBot(game, 1, "random")
    with pytest.raises(ValueError, match="this bot plays player 1, but player 0 is to act"):
        bot.step(state)
    with pytest.raises(ValueError, match="player 2 does not exist; players: 0 to 1"):
        AgentBot(game, 2, "random")


def test_ismcts_bot_arguments_are_checked() -> None:
    game = load("moons", **MOONS)
    with pytest.raises(ValueError, match="simulations 0 is not allowed"):
        ismcts_bot(game, simulations=0)
    with pytest.raises(ValueError, match="worlds -2 is not allowed"):
        ismcts_bot(game, worlds=-2)


def test_resampler_draws_repeatable_worlds() -> None:
    """OpenSpiel's IS-MCTS samples worlds with a sampler seeded by the clock; :func:`resampler`
    draws them from a seed, so the same seed gives the same worlds and another seed others."""
    state = load("moons", **MOONS).new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(moonbase_state(state).history_ids) < 60:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    first, again, other = resampler(5), resampler(5), resampler(6)
    worlds = [str(first(state, 0)) for _ in range(3)]
    assert worlds == [str(again(state, 0)) for _ in range(3)]
    assert len(set(worlds)) == 3
    assert worlds != [str(other(state, 0)) for _ in range(3)]
    clocked = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert clocked.information_state_string(0) == state.information_state_string(0)
