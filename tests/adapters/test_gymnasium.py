"""The Gymnasium environment: Gymnasium's environment checker on every game and preset, the
registered ids, the mask, opponents, illegal actions and determinism."""

from __future__ import annotations

import pickle
import warnings
from copy import deepcopy
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils import env_checker
from gymnasium.utils.passive_env_checker import (
    env_render_passive_checker,
    env_reset_passive_checker,
    env_step_passive_checker,
)

import moonbase
from moonbase.adapters.gymnasium import IDS, MoonbaseEnv, make
from moonbase.agents import make_agent

ID_OF = {name: id_ for id_, name in IDS.items()}
PRESETS = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in moonbase.games()
    for preset in moonbase.load(name).presets
]
FIRST_PRESETS = [
    pytest.param(name, next(iter(moonbase.load(name).presets)), id=name)
    for name in moonbase.games()
]
"""One preset per game: the raise-mode checks below (every preset is checked whole in lose mode)."""


def _registered(name: str, preset: str, **settings: Any) -> MoonbaseEnv:
    options = moonbase.load(name).presets[preset]
    env = gymnasium.make(ID_OF[name], **options, **settings).unwrapped
    assert isinstance(env, MoonbaseEnv)
    return env


def _check_step_determinism_legally(env: MoonbaseEnv, seed: int = 123) -> None:
    """Gymnasium's check_step_determinism with the action drawn after the seeded reset."""
    env.reset(seed=seed)
    env.action_space.seed(seed)
    action = env.action_space.sample()
    first = env.step(action)
    first_copy = deepcopy(first)
    rng = deepcopy(env.np_random)
    env.reset(seed=seed)
    second = env.step(action)
    assert env.np_random.bit_generator.state == rng.bit_generator.state
    for part_1, part_2 in zip(first_copy, second, strict=True):
        assert env_checker.data_equivalence(part_1, part_2)
    assert first[3] is False


def _check_env_legally(env: MoonbaseEnv) -> None:
    """Every check of ``gymnasium.utils.env_checker.check_env``, in its order, with
    :func:`_check_step_determinism_legally` in place of its step-determinism check."""
    env_checker.check_action_space(env.action_space)
    env_checker.check_space_limit(env.action_space, "action")
    env_checker.check_observation_space(env.observation_space)
    env_checker.check_space_limit(env.observation_space, "observation")
    env_checker.check_seed_deprecation(env)
    env_checker.check_reset_return_info_deprecation(env)
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_reset_options(env)
    env_reset_passive_checker(env)
    env_step_passive_checker(env, env.action_space.sample())
    _check_step_determinism_legally(env)
    env_checker.check_returned_data_not_reused(env)
    assert env.spec is not None
    for render_mode in env.metadata["render_modes"]:
        rendering = env.spec.make(render_mode=render_mode)
        rendering.reset()
        env_render_passive_checker(rendering)
        rendering.close()
    closing = env.spec.make()
    closing.close()
    closing.close()


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_gymnasium_check_env(name: str, preset: str) -> None:
    """``check_env`` itself, whole, on every game and preset, with ``illegal="lose"``: its
    step-determinism check draws its action *before* the seeded reset it then steps, so in
    Moons and Welcome to the Moon that action may belong to a later phase of another game; it
    must then end both episodes alike, which is what losing on an illegal action does."""
    env = _registered(name, preset, illegal="lose")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice, e.g. no render_fps for a text picture
        env_checker.check_env(env)


@pytest.mark.parametrize(("name", "preset"), FIRST_PRESETS)
def test_gymnasium_checks_with_illegal_actions_raising(name: str, preset: str) -> None:
    """The default env (an illegal action raises): every check of ``check_env``, with the
    step-determinism check drawing its action after the reset."""
    env = _registered(name, preset)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if name in {"moon", "moon-leap"}:  # the learner faces the same kind of decision always
            env_checker.check_env(env)
        else:
            _check_env_legally(env)


def test_an_illegal_action_ends_the_episode_when_asked() -> None:
    env = make("moons", opponents="random", illegal="lose", illegal_reward=-2.0)
    _, info = env.reset(seed=4)
    before = env.state.to_json()
    wrong = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(wrong)
    assert (reward, terminated, truncated) == (-2.0, True, False)
    assert f"action {wrong} (" in info["illegal"] and "legal:" in info["illegal"]
    assert env.state.to_json() == before, "the game is left as it was"
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env.reset(seed=4)
    assert env.state.to_json() == before


@pytest.mark.parametrize("name", sorted(IDS.values()))
def test_every_game_has_a_registered_id(name: str) -> None:
    env = gymnasium.make(ID_OF[name])
    assert env.unwrapped.game == moonbase.load(name)  # type: ignore[attr-defined]


def test_registered_ids_take_options() -> None:
    env = gymnasium.make("moonbase/MoonLeap-v0", players=3, seat=2, opponents="random")
    inner = env.unwrapped
    assert isinstance(inner, MoonbaseEnv)
    assert (inner.game.seats, inner.seat) == (3, 2)
    observation, _ = env.reset(seed=1)
    assert observation.shape == (inner.encoder.size,)
    assert 2 in inner.state.to_act


def test_the_mask_is_the_learners_legal_actions() -> None:
    env = make("moon-leap", seat=1, players=3, opponents="random")
    _, info = env.reset(seed=4)
    for _ in range(30):
        legal = env.state.legal_ids(1)
        assert list(np.flatnonzero(info["action_mask"])) == legal
        assert list(np.flatnonzero(env.action_masks())) == legal
        assert env.action_masks().dtype == np.bool_ and info["action_mask"].dtype == np.int8
        action = env.action_space.sample()
        assert int(action) in legal
        _, _, terminated, _, info = env.step(action)
        if terminated:
            break


def test_an_illegal_action_is_refused_naming_it_and_the_legal_ones() -> None:
    env = make("moon-leap", opponents="random")
    _, info = env.reset(seed=1)
    before = env.state.to_json()
    legal = [int(i) for i in np.flatnonzero(info["action_mask"])]
    illegal = next(i for i in range(env.game.num_actions) if i not in legal)
    with pytest.raises(moonbase.IllegalAction) as caught:
        env.step(illegal)
    assert f"action {illegal} ({env.game.action_text(illegal)})" in str(caught.value)
    assert all(f"{i} ({env.game.action_text(i)})" in str(caught.value) for i in legal)
    assert env.state.to_json() == before


def test_the_same_seed_replays_the_episode() -> None:
    def episode() -> tuple[list[Any], list[float]]:
        env = make("moons", players=3, seat=1, opponents="greedy")
        env.reset(seed=6)
        env.action_space.seed(6)
        rewards = []
        terminated = False
        while not terminated:
            _, reward, terminated, _, _ = env.step(env.action_space.sample())
            rewards.append(reward)
        return env.state.history, rewards

    assert episode() == episode()


def test_opponents_by_name_by_agent_and_one_per_seat() -> None:
    mixed = make(
        "moon-leap", players=3, opponents=[make_agent("random", seed=2), "greedy"], reward="score"
    )
    assert mixed.opponents[0] is None
    assert mixed.opponents[2] == "greedy"
    _, info = mixed.reset(seed=3)
    terminated = False
    while not terminated:
        _, reward, terminated, _, info = mixed.step(mixed.action_space.sample())
    assert reward == info["scores"][0] == mixed.state.scores()[0]
    with pytest.raises(ValueError, match="2 other seats"):
        make("moon-leap", players=3, opponents=["greedy"])
    with pytest.raises(moonbase.agents.InvalidAgent, match="unknown agent 'oracle'"):
        make("moon-leap", opponents="oracle")
    with pytest.raises(TypeError, match="opponents are agent specs"):
        make("moon-leap", opponents=3)  # type: ignore[arg-type]


def test_the_learner_cannot_see_the_tableaus_chosen_before_it() -> None:
    observations, histories = [], []
    for first, second in ((1, 2), (3, 4)):
        opponents = [make_agent("random", seed=first), make_agent("random", seed=second)]
        env = make("moons", players=3, seat=2, opponents=opponents)
        observation, _ = env.reset(seed=2)
        assert env.state.to_act == (2,)  # seats 0 and 1 have chosen their tableaus
        observations.append(observation)
        histories.append(env.state.history)
    assert histories[0] != histories[1]  # they chose differently...
    assert np.array_equal(observations[0], observations[1])  # ...and seat 2 cannot tell


def test_stepping_a_finished_episode_is_refused() -> None:
    env = make("moon", opponents="random")
    env.reset(seed=1)
    terminated = False
    while not terminated:
        _, _, terminated, _, _ = env.step(env.action_space.sample())
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_the_action_space_pickles_as_a_plain_discrete() -> None:
    env = make("moon-leap")
    copied = pickle.loads(pickle.dumps(env.action_space))
    assert type(copied) is gymnasium.spaces.Discrete
    assert copied == env.action_space
