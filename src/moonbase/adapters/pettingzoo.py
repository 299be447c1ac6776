"""PettingZoo: every moonbase game as an AEC (agent-environment-cycle) environment.

:func:`env` makes one. Its agents are ``seat_0``, ``seat_1``, … (one per seat); each observes
a dict ``{"observation": float32 vector, "action_mask": int8 vector}`` — the game's
observation encoder (:mod:`moonbase.adapters.observations`, ``docs/observations.md``) and a 1
for every legal action id — and acts with an action id, ``Discrete(game.num_actions)``.

- Rewards are paid once, at the end, as ``reward`` says (:mod:`moonbase.adapters.rewards`:
  ``"win"``, ``"margin"``, ``"score"`` or a function).
- Chance is the game's own: ``reset(seed=s)`` deals ``game.new(seed=s)``, whose dice and decks
  are then drawn from that seed, so a seed and the actions replay a game exactly. A reset
  without a seed deals the next seed from the environment's generator (seeded by the last
  seeded reset, or at random).
- Simultaneous decisions (several seats in ``state.to_act``: Moons' tableaus, Welcome to the
  Moon's writes) are stepped seat by seat, in seat order. A seat that has chosen is not shown
  to the others beyond what the rules reveal (that it has chosen): observations are written
  from ``state.view(seat)``, which hides a choice until the rules reveal it.
- An illegal action raises :class:`moonbase.IllegalAction` naming it and the legal ones; the
  game is left as it was.
- ``render_mode="ansi"``: :meth:`MoonbaseAEC.render` returns the game's text picture.

>>> from moonbase.adapters.pettingzoo import env
>>> table = env("moon-leap", players=3, render_mode="ansi")
>>> table.reset(seed=7)
>>> table.agents, table.agent_selection
(['seat_0', 'seat_1', 'seat_2'], 'seat_0')
>>> observation, reward, terminated, truncated, info = table.last()
>>> sorted(observation), observation["action_mask"].shape
(['action_mask', 'observation'], (14,))
>>> paid = {}
>>> for agent in table.agent_iter():
...     observation, reward, terminated, truncated, info = table.last()
...     if terminated:
...         paid[agent] = reward
...     table.step(None if terminated else int(observation["action_mask"].nonzero()[0][0]))
>>> table.state_now().winners(), paid, table.agents
([2], {'seat_0': -1.0, 'seat_1': -1.0, 'seat_2': 1.0}, [])
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from moonbase.adapters.loading import apply_action, load_game, seat_name
from moonbase.adapters.observations import action_mask, encoder_for
from moonbase.adapters.rewards import Reward, check_reward, terminal_rewards
from moonbase.core.chance import CHANCE
from moonbase.core.game import Game, State

__all__ = ["MoonbaseAEC", "env", "env_name"]

Observation = dict[str, npt.NDArray[Any]]
RENDER_MODES = ("ansi",)
"""The render modes the environment offers (PettingZoo's ``metadata["render_modes"]``)."""


def env_name(game: Game) -> str:
    """The environment's name (PettingZoo's ``metadata["name"]``) for ``game``.

    >>> import moonbase
    >>> env_name(moonbase.load("welcome-to-the-moon"))
    'moonbase_welcome_to_the_moon_v0'
    """
    return f"moonbase_{game.name.replace('-', '_')}_v0"


def env(
    game: Game | str, render_mode: str | None = None, reward: Reward = "win", **options: Any
) -> MoonbaseAEC:
    """An AEC environment of ``game`` (a name with ``options``, or a game from
    :func:`moonbase.load`), paying ``reward`` at the end.

    >>> table = env("moon-leap", players=3, reward="margin")
    >>> table.possible_agents, table.action_space("seat_0")
    (['seat_0', 'seat_1', 'seat_2'], Discrete(14))
    >>> env("moon-leap", render_mode="human")
    Traceback (most recent call last):
    ...
    ValueError: render_mode 'human' is not allowed; allowed: ansi, or None
    """
    return MoonbaseAEC(load_game(game, options), render_mode=render_mode, reward=reward)


class MoonbaseAEC(AECEnv):  # type: ignore[misc]
    """A moonbase game as a PettingZoo AEC environment (see the module docstring).

    Made by :func:`env`. Besides PettingZoo's API it offers :meth:`state_now`, the game's
    current state (for analysis: it holds what no seat may see).
    """

    def __init__(self, game: Game, render_mode: str | None = None, reward: Reward = "win") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not allowed; allowed: ansi, or None")
        self.game = game
        """The game with its options."""
        self.render_mode = render_mode
        self.reward = check_reward(reward)
        """How the end of a game is paid (see :mod:`moonbase.adapters.rewards`)."""
        self.metadata: dict[str, Any] = {
            "name": env_name(game),
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.encoder = encoder_for(game)
        """The observation encoder (:mod:`moonbase.adapters.observations`)."""
        self.possible_agents: list[str] = [seat_name(seat) for seat in range(game.seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, 1.0, shape=(self.encoder.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(game.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {
            agent: _copy_space(observation) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(game.num_actions) for agent in self.possible_agents
        }
        self._seeds: random.Random | None = None
        self._state: State[Any] | None = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(game.num_actions)``."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: str) -> str:
        if agent not in self._seats:
            raise KeyError(f"no agent {agent!r}; agents: {', '.join(self.possible_agents)}")
        return agent

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``game.new(seed=seed)``, or the next seed of the environment's
        generator when ``seed`` is ``None``.

        ``options`` is accepted as PettingZoo's API asks and not read: a game's options are
        fixed when the environment is made.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise ValueError(f"seed {seed!r} is not allowed; allowed: a whole number or None")
            self._seeds = random.Random(int(seed))
            game_seed = int(seed)
        else:
            if self._seeds is None:
                self._seeds = random.Random(int(seeding.np_random(None)[1]))
            game_seed = self._seeds.getrandbits(63)
        self._state = self.game.new(seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select()

    def state_now(self) -> State[Any]:
        """The game's state as it stands (the real one: for analysis, not for an agent)."""
        if self._state is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._state

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now: its encoded view and its action mask."""
        seat = self._seats[self._agent(agent)]
        state = self.state_now()
        return {
            "observation": self.encoder.observe(state, seat),
            "action_mask": action_mask(state, seat),
        }

    def step(self, action: Any) -> None:
        """Carry out ``action`` (an action id) for the selected agent, then select the next
        seat to act; once the game is over every agent is terminated and steps ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_now()
        apply_action(state, self._seats[agent], action)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            paid = terminal_rewards(state, self.reward)
            self.rewards = {name: paid[self._seats[name]] for name in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            scores = state.scores()
            self.infos = {
                name: {"scores": list(scores), "winners": state.winners()} for name in self.agents
            }
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        state = self.state_now()
        actors = state.to_act
        if actors and actors[0] != CHANCE:
            self.agent_selection = seat_name(actors[0])
        else:
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The game's text picture (``render_mode="ansi"``), or ``None`` without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode; pass render_mode='ansi'"
            )
            return None
        return str(self.state_now())

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resources."""


def _copy_space(space: gymnasium.spaces.Dict) -> gymnasium.spaces.Dict:
    return gymnasium.spaces.Dict({key: _copy_box(value) for key, value in space.spaces.items()})


def _copy_box(space: gymnasium.spaces.Space[Any]) -> gymnasium.spaces.Box:
    assert isinstance(space, gymnasium.spaces.Box)
    return gymnasium.spaces.Box(space.low, space.high, shape=space.shape, dtype=space.dtype)
