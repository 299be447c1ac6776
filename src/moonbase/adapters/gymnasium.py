"""Gymnasium: one seat of a moonbase game learns, moonbase agents play the others.

:func:`make` makes an environment; importing this module also registers one Gymnasium id per
game, so ``gymnasium.make("moonbase/MoonLeap-v0", players=3)`` works once it is imported
(:data:`IDS` lists them).

- The observation is the game's observation encoder for the learning seat
  (:mod:`moonbase.adapters.observations`, ``docs/observations.md``): a ``float32`` vector in
  [0, 1]. The action is an action id, ``Discrete(game.num_actions)``.
- The legal actions: ``info["action_mask"]`` (``int8``, 1 where legal) after every reset and
  step, and :meth:`MoonbaseEnv.action_masks` (booleans, as maskable learners ask).
  ``env.action_space.sample()`` draws a legal action of the state as it stands.
- An illegal action raises :class:`moonbase.IllegalAction` naming it and the legal ones; the
  game is left as it was (nothing is remapped). With ``illegal="lose"`` it ends the episode
  instead, as PettingZoo's classic games do: terminated, paid ``illegal_reward`` (−1 by
  default), ``info["illegal"]`` saying why, the game left as it was.
- The other seats are moonbase agents (:mod:`moonbase.agents`): ``opponents`` is one spec
  (``"greedy"``, ``"mcts:iterations=50"``) or agent for every other seat, or a list with one
  per other seat in seat order. An agent made from a spec gets a seed drawn from the game's
  seed, so a seed replays a whole episode; each agent chooses from its own resample of the
  state (``state.resample(seat, rng)``), never the real state.
- Simultaneous decisions are taken seat by seat in seat order; the learner's choice is hidden
  from the seats after it, and theirs from it, as the rules hide them.
- The reward is 0 until the game ends, then the learner's terminal reward
  (:mod:`moonbase.adapters.rewards`: ``"win"``, ``"margin"``, ``"score"`` or a function).
- ``reset(seed=s)`` deals ``game.new(seed=s)``; a reset without a seed deals a seed drawn from
  the environment's generator (``env.np_random``).

>>> import gymnasium
>>> from moonbase.adapters.gymnasium import make
>>> env = make("moon-leap", seat=1, opponents="random", players=3)
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, sorted(info)
(True, ['action_mask'])
>>> _ = env.action_space.seed(0)   # its draws are its own, as in every Gymnasium space
>>> total = 0.0
>>> terminated = False
>>> while not terminated:
...     observation, reward, terminated, truncated, info = env.step(env.action_space.sample())
...     total += reward
>>> info["winners"], total
([1], 1.0)
>>> gymnasium.make("moonbase/MoonLeap-v0", players=3).unwrapped.game.seats
3
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from moonbase.adapters.loading import apply_action, load_game
from moonbase.adapters.observations import action_mask, encoder_for
from moonbase.adapters.rewards import Reward, check_reward, terminal_rewards
from moonbase.agents.protocol import Agent, make_agent
from moonbase.agents.runner import agent_seed
from moonbase.core.errors import IllegalAction
from moonbase.core.game import Game, State

__all__ = ["IDS", "ILLEGAL", "LegalDiscrete", "MoonbaseEnv", "make"]

ILLEGAL = ("raise", "lose")
"""What an illegal action may do (``make(..., illegal=...)``): raise, or end the episode."""

IDS = {
    "moonbase/Moon-v0": "moon",
    "moonbase/MoonLeap-v0": "moon-leap",
    "moonbase/Moons-v0": "moons",
    "moonbase/WelcomeToTheMoon-v0": "welcome-to-the-moon",
}
"""Each registered Gymnasium id with the game it plays (options go to ``gymnasium.make``)."""

Opponent = str | Agent
Vector = npt.NDArray[np.float32]


def make(
    game: Game | str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "greedy",
    reward: Reward = "win",
    render_mode: str | None = None,
    illegal: str = "raise",
    illegal_reward: float = -1.0,
    **options: Any,
) -> MoonbaseEnv:
    """An environment where ``seat`` of ``game`` (a name with ``options``, or a game from
    :func:`moonbase.load`) learns against ``opponents``.

    >>> make("moon-leap", seat=2)
    Traceback (most recent call last):
    ...
    ValueError: seat 2 does not exist: Moon Leap with these options has seats 0 to 1
    >>> make("moon-leap", opponents=["greedy", "random"])
    Traceback (most recent call last):
    ...
    ValueError: opponents: 2 given; Moon Leap with these options has 1 other seat (name one ...)
    >>> make("moon-leap", illegal="ignore")
    Traceback (most recent call last):
    ...
    ValueError: illegal 'ignore' is not allowed; allowed: raise, lose
    """
    return MoonbaseEnv(
        load_game(game, options),
        seat=seat,
        opponents=opponents,
        reward=reward,
        render_mode=render_mode,
        illegal=illegal,
        illegal_reward=illegal_reward,
    )


class LegalDiscrete(gymnasium.spaces.Discrete):
    """``Discrete(game.num_actions)`` whose :meth:`sample` without a mask draws among the
    legal actions of its environment's state as it stands (with a mask, among the masked).

    A copy that has crossed a process boundary (pickled) is a plain ``Discrete`` again.
    """

    def __init__(self, n: int, env: MoonbaseEnv) -> None:
        super().__init__(n)
        self._env = weakref.ref(env)

    def sample(self, mask: npt.NDArray[np.int8] | None = None, probability: Any = None) -> np.int64:
        """A random action id: a legal one unless ``mask`` (or ``probability``) is given."""
        env = self._env()
        if mask is None and probability is None and env is not None and env.has_decision:
            mask = env.action_mask()
        return super().sample(mask=mask, probability=probability)

    def __reduce__(self) -> tuple[Any, ...]:
        return (gymnasium.spaces.Discrete, (int(self.n),))


class MoonbaseEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a moonbase game as a Gymnasium environment (see the module docstring).

    Made by :func:`make`. :attr:`state` is the game's current state, the real one (for
    analysis: it holds what the learner may not see).
    """

    # Gymnasium declares metadata an instance variable with a class-level default.
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "greedy",
        reward: Reward = "win",
        render_mode: str | None = None,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal {illegal!r} is not allowed; allowed: {', '.join(ILLEGAL)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not allowed; allowed: ansi, or None")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.seats:
            raise ValueError(
                f"seat {seat!r} does not exist: {game.title} with these options has seats "
                f"0 to {game.seats - 1}"
            )
        self.game = game
        """The game with its options."""
        self.seat = seat
        """The learning seat."""
        self.reward = check_reward(reward)
        """How the end of a game is paid (see :mod:`moonbase.adapters.rewards`)."""
        self.render_mode = render_mode
        self.illegal = illegal
        """What an illegal action does: ``"raise"`` (the default) or ``"lose"``."""
        self.illegal_reward = float(illegal_reward)
        """What an illegal action pays when ``illegal="lose"``."""
        self._lost: str | None = None  # why the episode ended on an illegal action
        self.opponents = _seat_opponents(game, seat, opponents)
        """Each seat's opponent (a spec or an agent; ``None`` for the learner's seat)."""
        self.encoder = encoder_for(game)
        """The observation encoder (:mod:`moonbase.adapters.observations`)."""
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, shape=(self.encoder.size,), dtype=np.float32
        )
        self.action_space = LegalDiscrete(game.num_actions, self)
        self._state: State[Any] | None = None
        self._agents: list[Agent | None] = []
        self._observe = random.Random(0)

    @property
    def state(self) -> State[Any]:
        """The game's state as it stands."""
        if self._state is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._state

    @property
    def has_decision(self) -> bool:
        """Whether the learning seat has a decision to take now."""
        return self._state is not None and self.seat in self._state.to_act

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """Deal a new game and play the other seats up to the learner's first decision.

        ``options`` is accepted as Gymnasium's API asks and not read: a game's options are
        fixed when the environment is made.
        """
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63))
        self._state = self.game.new(seed=game_seed)
        self._lost = None
        self._observe = random.Random(f"moonbase-observe:{game_seed}")
        self._agents = [
            make_agent(opponent, agent_seed(game_seed, seat))
            if isinstance(opponent, str)
            else opponent
            for seat, opponent in enumerate(self.opponents)
        ]
        self._play_others()
        if self._state.is_over:
            raise RuntimeError(
                f"this {self.game.title} game (seed {game_seed}) ended before seat {self.seat} "
                "had a decision to take"
            )
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Carry out the learner's action id, then the other seats' moves up to its next
        decision or the end of the game."""
        state = self.state
        if state.is_over or self._lost is not None:
            raise RuntimeError("this episode is over: call reset() to start another")
        try:
            apply_action(state, self.seat, action)
        except IllegalAction as error:
            if self.illegal == "raise":
                raise
            self._lost = str(error)
            info = self._info()
            info["illegal"] = self._lost
            return self._observation(), self.illegal_reward, True, False, info
        self._play_others()
        paid = terminal_rewards(state, self.reward)[self.seat] if state.is_over else 0.0
        return self._observation(), paid, state.is_over, False, self._info()

    def _play_others(self) -> None:
        state = self.state
        while not state.is_over:
            seat = state.to_act[0]
            if seat == self.seat:
                return
            agent = self._agents[seat]
            assert agent is not None
            state.apply(seat, agent.choose(state.resample(seat, self._observe), seat))

    def action_mask(self) -> npt.NDArray[np.int8]:
        """The learner's action mask now: ``int8``, 1 where an action id is legal."""
        return action_mask(self.state, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal action ids now as booleans (what maskable learners call)."""
        return self.action_mask().astype(np.bool_)

    def _observation(self) -> Vector:
        return self.encoder.observe(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_mask()}
        state = self.state
        if state.is_over:
            info["scores"] = list(state.scores())
            info["winners"] = state.winners()
        return info

    def render(self) -> str | None:
        """The game's text picture (``render_mode="ansi"``), or ``None`` without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode; pass render_mode='ansi'"
            )
            return None
        return str(self.state)


def _seat_opponents(
    game: Game, seat: int, opponents: Opponent | Sequence[Opponent]
) -> list[Opponent | None]:
    others = game.seats - 1
    if isinstance(opponents, str | Agent):
        chosen: list[Opponent] = [opponents] * others
    elif isinstance(opponents, Sequence) and all(isinstance(o, str | Agent) for o in opponents):
        chosen = list(opponents)
        if len(chosen) != others:
            raise ValueError(
                f"opponents: {len(chosen)} given; {game.title} with these options has {others} "
                f"other seat{'s' if others != 1 else ''} (name one agent for all, or one per "
                "other seat)"
            )
    else:
        raise TypeError(
            "opponents are agent specs (e.g. 'greedy') or agents, one for all other seats or "
            f"a list of one per other seat; not {opponents!r}"
        )
    for opponent in chosen:
        if isinstance(opponent, str):
            make_agent(opponent)  # a bad spec is told now, not at the first reset
    listed: list[Opponent | None] = list(chosen)
    listed.insert(seat, None)
    return listed


def _entry_point(**kwargs: Any) -> gymnasium.Env[Any, Any]:
    """What ``gymnasium.make`` calls for the registered ids: :func:`make`."""
    return make(**kwargs)


for _id, _name in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=_entry_point, kwargs={"game": _name})
