"""The PettingZoo AEC environment: PettingZoo's own API and seed tests on every game and preset,
then what the issue asks beyond them (rewards, chance from the seed, simultaneous decisions,
illegal actions, rendering)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import moonbase
from moonbase.adapters.observations import encoder_for
from moonbase.adapters.pettingzoo import MoonbaseAEC, env
from moonbase.adapters.rewards import terminal_rewards

PRESETS = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in moonbase.games()
    for preset in moonbase.load(name).presets
]


def _options(name: str, preset: str) -> dict[str, Any]:
    return dict(moonbase.load(name).presets[preset])


def _play_out(table: MoonbaseAEC, rng: random.Random) -> dict[str, float]:
    """Random legal actions to the end; each agent's reward as it was terminated."""
    paid: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        assert not truncated
        if terminated:
            paid[agent] = reward
            table.step(None)
        else:
            table.step(rng.choice(list(np.flatnonzero(observation["action_mask"]))))
    return paid


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_pettingzoo_api_test(name: str, preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (e.g. "observation is not an array")
        api_test(env(name, **_options(name, preset)), num_cycles=15)


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_pettingzoo_seed_test(name: str, preset: str) -> None:
    options = _options(name, preset)
    seed_test(lambda: env(name, **options), num_cycles=10)


@pytest.mark.parametrize("name", moonbase.games())
def test_a_whole_game_pays_the_terminal_rewards_once(name: str) -> None:
    table = env(name, reward="margin")
    table.reset(seed=5)
    paid = _play_out(table, random.Random(5))
    final = table.state_now()
    assert final.is_over
    assert table.agents == []
    expected = terminal_rewards(final, "margin")
    assert paid == {f"seat_{seat}": expected[seat] for seat in range(final.game.seats)}


def test_reset_seed_deals_the_game_of_that_seed() -> None:
    table = env("moon-leap", players=3)
    table.reset(seed=11)
    state = moonbase.load("moon-leap", players=3).new(seed=11)
    assert table.state_now() == state
    encoder = encoder_for(state.game)
    observed = table.observe("seat_1")
    assert np.array_equal(observed["observation"], encoder.observe(state, 1))


def test_unseeded_resets_follow_the_last_seed() -> None:
    first, second = env("moon-leap"), env("moon-leap")
    first.reset(seed=3)
    second.reset(seed=3)
    first.reset()
    second.reset()
    assert first.state_now() == second.state_now()
    assert first.state_now() != moonbase.load("moon-leap").new(seed=3)


def test_the_same_seed_and_actions_replay_the_game() -> None:
    tables = [env("moon-leap", players=4) for _ in range(2)]
    for table in tables:
        table.reset(seed=21)
    paid = [_play_out(table, random.Random(8)) for table in tables]
    assert paid[0] == paid[1]
    assert tables[0].state_now().history == tables[1].state_now().history


def _at_simultaneous_decision(table: MoonbaseAEC, seed: int) -> None:
    table.reset(seed=seed)
    rng = random.Random(seed)
    while len(table.state_now().to_act) < 2:
        observation = table.observe(table.agent_selection)
        table.step(rng.choice(list(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(
    ("name", "options"),
    [("moons", {"players": 3}), ("welcome-to-the-moon", {"players": 3, "adventure": 2})],
)
def test_a_simultaneous_choice_is_hidden_from_the_seats_after_it(
    name: str, options: dict[str, Any]
) -> None:
    table = env(name, **options)
    _at_simultaneous_decision(table, 4)
    first = table.agent_selection
    assert first == "seat_0"
    legal = np.flatnonzero(table.observe(first)["action_mask"])
    assert len(legal) >= 2
    seen: dict[str, list[np.ndarray]] = {"seat_1": [], "seat_2": []}
    chosen = []
    for action in legal[:2]:
        _at_simultaneous_decision(table, 4)
        table.step(int(action))
        while table.agent_selection == "seat_0":  # a choice in several parts (write, effect)
            table.step(int(np.flatnonzero(table.observe("seat_0")["action_mask"])[0]))
        assert table.agent_selection == "seat_1"  # stepped seat by seat, in seat order
        chosen.append(table.state_now().clone())
        for agent, observations in seen.items():
            observations.append(table.observe(agent)["observation"])
    assert chosen[0] != chosen[1]  # the two choices really differ in the game...
    for observations in seen.values():  # ...and the seats still to choose cannot tell
        assert np.array_equal(observations[0], observations[1])


def test_an_illegal_action_is_refused_naming_it_and_the_legal_ones() -> None:
    table = env("moon-leap")
    table.reset(seed=1)
    before = table.state_now().to_json()
    legal = [int(i) for i in np.flatnonzero(table.observe("seat_0")["action_mask"])]
    illegal = next(i for i in range(table.game.num_actions) if i not in legal)
    with pytest.raises(moonbase.IllegalAction) as caught:
        table.step(illegal)
    message = str(caught.value)
    assert f"action {illegal} ({table.game.action_text(illegal)})" in message
    for action in legal:
        assert f"{action} ({table.game.action_text(action)})" in message
    assert table.state_now().to_json() == before
    with pytest.raises(moonbase.IllegalAction, match="whole number"):
        table.step("MOVE 5")
    with pytest.raises(moonbase.IllegalAction, match="does not exist"):
        table.step(table.game.num_actions)


def test_bad_arguments_are_told() -> None:
    with pytest.raises(ValueError, match="reward 'points' is not allowed"):
        env("moon-leap", reward="points")
    with pytest.raises(moonbase.InvalidOption, match="players"):
        env("moon-leap", players=9)
    with pytest.raises(ValueError, match="options go with a game's name"):
        env(moonbase.load("moon-leap"), players=3)
    with pytest.raises(KeyError, match="no agent 'seat_5'"):
        env("moon-leap").observation_space("seat_5")


def test_ansi_render_is_the_games_picture() -> None:
    table = env("moon-leap", render_mode="ansi")
    table.reset(seed=2)
    picture = table.render()
    assert picture == str(table.state_now())
    assert "Moon Leap" in picture


def test_win_rewards_are_plus_minus_one_and_zero_for_a_shared_win() -> None:
    table = env("moon-leap", players=3)
    table.reset(seed=9)
    paid = _play_out(table, random.Random(9))
    winners = table.state_now().winners()
    for seat in range(3):
        if seat not in winners:
            assert paid[f"seat_{seat}"] == -1.0
        else:
            assert paid[f"seat_{seat}"] == (1.0 if len(winners) == 1 else 0.0)
