"""The runner: :func:`play` one whole game with one agent per seat.

Whenever seats are to act, each of them is asked *independently*: every seat in ``to_act`` is
shown its own resample of the state as it stands (``state.resample(seat, rng)``), and the
actions are applied afterwards in seat order. A simultaneous decision (Moons' tableaus) is
therefore chosen by each seat without seeing the others' choices, and an agent never holds the
real state.

Three generators are kept apart, so that adding a bot never changes the deals:

- chance in ``auto`` mode is the state's own (seed and counter, see :mod:`moonbase.core.chance`);
  in ``explicit`` mode the runner draws outcomes by their probabilities from a generator seeded
  by the game seed alone;
- the resamples shown to agents come from a generator seeded by the game seed alone;
- each agent has its own generator (its seed).

>>> import moonbase
>>> final = play(moonbase.load("moon-leap"), ["random", "random"], seed=3)
>>> final.is_over, len(final.winners()) >= 1
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from moonbase.agents.protocol import Agent, make_agent
from moonbase.core import CHANCE, ChanceMode, Game, State

__all__ = ["Decision", "agent_seed", "play", "sample_outcome"]

Decision = Callable[[State, int, str], None]
"""``on_decision(state, seat, action)``: called with the real state for each seat's choice,
before any of the choices made at that point is applied."""


def agent_seed(seed: int, seat: int) -> int:
    """The seed the runner gives the agent it makes from a spec for ``seat`` of game ``seed``.

    >>> agent_seed(7, 0) == agent_seed(7, 0) != agent_seed(7, 1)
    True
    """
    return random.Random(f"moonbase-agent:{seed}:{seat}").getrandbits(32)


def sample_outcome(state: State, rng: random.Random) -> str:
    """A chance outcome of ``state`` drawn by its probability from ``rng``.

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=1, chance="explicit")
    >>> sample_outcome(state, random.Random(0)).startswith("ROLL")
    True
    """
    return state.game.chance_text(sample_outcome_id(state, rng))


def sample_outcome_id(state: State, rng: random.Random) -> int:
    """The id of a chance outcome of ``state`` drawn by its probability from ``rng`` (the
    same draw :func:`sample_outcome` makes).

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=1, chance="explicit")
    >>> state.game.chance_text(sample_outcome_id(state, random.Random(0)))
    'ROLL *'
    >>> sample_outcome(state, random.Random(0))
    'ROLL *'
    """
    outcomes = state.chance_ids()
    point = rng.random()
    for outcome, probability in outcomes:
        point -= probability
        if point < 0:
            return outcome
    return outcomes[-1][0]


def play(
    game: Game,
    agents: Sequence[Agent | str],
    seed: int = 0,
    *,
    chance: ChanceMode = "auto",
    on_decision: Decision | None = None,
) -> State:
    """Play one game of ``game`` from ``seed`` to the end; return the finished state.

    ``agents`` has one agent (or spec string) per seat; a spec is made into an agent seeded
    by :func:`agent_seed`. Raises ``ValueError`` if the game runs past ``game.max_history``.

    >>> import moonbase
    >>> final = play(moonbase.load("moon", difficulty="hard"), ["planner"], seed=2)
    >>> final.winners(), final.scores()
    ([0], [16.0])
    """
    if len(agents) != game.seats:
        raise ValueError(f"{game.title} with these options has {game.seats} seats; "
                         f"got {len(agents)} agents")  # fmt: skip
    players = [
        make_agent(agent, agent_seed(seed, seat)) if isinstance(agent, str) else agent
        for seat, agent in enumerate(agents)
    ]
    state = game.new(seed=seed, chance=chance)
    observe = random.Random(f"moonbase-observe:{seed}")
    draws = random.Random(f"moonbase-chance:{seed}")
    limit = game.max_history
    while not state.is_over:
        if len(state.history) > limit:
            raise ValueError(f"the game ran past its bound of {limit} actions")
        actors = state.to_act
        if actors == (CHANCE,):
            state.apply(CHANCE, sample_outcome(state, draws))
            continue
        chosen = [
            (seat, players[seat].choose(state.resample(seat, observe), seat)) for seat in actors
        ]
        if on_decision is not None:
            for seat, action in chosen:
                on_decision(state, seat, action)
        for seat, action in chosen:
            state.apply(seat, action)
    return state
