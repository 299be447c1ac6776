"""moonbase agents as OpenSpiel bots, and a resampler for OpenSpiel's IS-MCTS.

:class:`AgentBot` plays a seat of a moonbase OpenSpiel game with a moonbase agent (``"random"``,
``"greedy"``, ``"mcts:iterations=50"`` …): at each decision the agent sees a resample of the
state the seat cannot tell apart from the real one, as it does in moonbase itself, so it can
sit at OpenSpiel's ``evaluate_bots`` beside any other bot.

OpenSpiel's Python IS-MCTS bot draws each world with ``state.resample_from_infostate(player,
pyspiel.UniformProbabilitySampler(0., 1.))``, a new sampler seeded by the clock every time, so
no search can be repeated. :func:`resampler` gives a callback for the bot's ``set_resampler``
that draws every world from its own seeded generator instead, and :func:`ismcts_bot` makes an
IS-MCTS bot with it that can also sit at ``evaluate_bots`` (which
restarts every bot, a thing OpenSpiel's Python IS-MCTS does not implement).

>>> import numpy as np
>>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
>>> from moonbase.adapters.openspiel import load
>>> game = load("moon-leap")
>>> bots = [AgentBot(game, seat, "greedy", seed=seat) for seat in range(2)]
>>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
>>> sorted(returns)
[-1.0, 1.0]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from moonbase.adapters.openspiel import MoonbaseState, moonbase_state
from moonbase.agents import Agent, make_agent

__all__ = ["AgentBot", "SearchBot", "ismcts_bot", "resampler"]


class AgentBot(pyspiel.Bot):  # type: ignore[misc]
    """Seat ``player`` of ``game`` played by moonbase agent ``agent`` (an agent or a spec
    string, made with ``seed``); the agent sees resamples drawn from its own generator."""

    def __init__(self, game: Any, player: int, agent: Agent | str, seed: int = 0) -> None:
        super().__init__()
        seats = game.num_players()
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
            raise ValueError(f"player {player!r} does not exist; players: 0 to {seats - 1}")
        self.player = player
        self.agent = make_agent(agent, seed) if isinstance(agent, str) else agent
        self._observe = random.Random(f"moonbase-bot:{seed}:{player}")

    def step(self, state: Any) -> int:
        """The agent's action id for the current player, which must be this bot's seat."""
        inner = moonbase_state(state)
        if state.current_player() != self.player:
            raise ValueError(
                f"this bot plays player {self.player}, but player {state.current_player()} "
                "is to act"
            )
        observed = inner.resample(self.player, self._observe)
        return inner.game.action_id(self.agent.choose(observed, self.player))

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: the agent reads each decision afresh."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Others' actions need no bookkeeping: the next state's view holds them."""


def resampler(seed: int) -> Callable[[Any, int], MoonbaseState]:
    """A ``set_resampler`` callback for OpenSpiel's ``ISMCTSBot``: each call draws a new world
    for the player with moonbase's ``state.resample`` from a generator seeded by ``seed``, so
    the same seed draws the same worlds in the same order.

    >>> from moonbase.adapters.openspiel import load
    >>> state = load("moons", players=3).new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> draw = resampler(1)
    >>> worlds = {str(draw(state, 0)) for _ in range(3)}
    >>> len(worlds) > 1
    True
    """
    rng = random.Random(seed)

    def draw(state: Any, player: int) -> MoonbaseState:
        if not isinstance(state, MoonbaseState):
            moonbase_state(state)  # raises the TypeError naming what is expected
        world: MoonbaseState = state.resampled(player, rng)
        return world

    return draw


class SearchBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS bot, able to start a new game (``restart_at`` forgets the search
    tree) and to be told of others' actions (its search starts afresh from each state)."""

    def restart_at(self, state: Any) -> None:
        """Forget the search tree and the sampled worlds."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to keep: every search starts from the state it is given."""


def ismcts_bot(
    game: Any,
    seed: int = 0,
    *,
    simulations: int = 50,
    worlds: int = -1,
    rollouts: int = 1,
    uct_c: float = 2.0,
) -> SearchBot:
    """OpenSpiel's IS-MCTS on ``game`` (random rollouts), drawing its worlds with
    :func:`resampler` and seeded by ``seed``: ``simulations`` per decision, ``worlds`` distinct
    sampled worlds per search (``-1``: a new one every simulation).

    >>> from moonbase.adapters.openspiel import load
    >>> game = load("moon")   # IS-MCTS needs a game of imperfect information
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> bot = ismcts_bot(game, seed=1, simulations=5)
    >>> bot.step(state) in state.legal_actions()
    True
    """
    if simulations < 1:
        raise ValueError(f"simulations {simulations!r} is not allowed; allowed: 1 or more")
    if worlds == 0 or worlds < -1:
        raise ValueError(f"worlds {worlds!r} is not allowed; allowed: -1 or 1 or more")
    random_state = np.random.RandomState(seed)
    bot = SearchBot(
        game,
        mcts.RandomRolloutEvaluator(rollouts, random_state),
        uct_c=uct_c,
        max_simulations=simulations,
        max_world_samples=worlds,
        random_state=random_state,
    )
    bot.set_resampler(resampler(seed))
    return bot
