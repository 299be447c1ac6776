"""moonbase's agents: opponents and partners for people, baselines for research.

An agent chooses an action for a seat from an *observed* state — a resample the seat cannot
tell apart from the real one — and keeps its own random generator, so bots are honest by
construction and adding one never changes the deals. Agents are named by spec strings
(``"random"``, ``"greedy"``, ``"mcts"`` — the strong bot, with each game's tuned settings from
:mod:`~moonbase.agents.mcts_defaults` — ``"mcts:iterations=200"``, ``"mcts:seconds=0.5"``,
``"planner"``) and made with :func:`make_agent`.

- :func:`play` plays one game; :func:`match` plays many, seats rotating, in parallel.
- ``random`` (:mod:`~moonbase.agents.random_agent`), ``greedy`` (per-game heuristics in
  :mod:`~moonbase.agents.heuristics`), ``mcts`` (information-set MCTS,
  :mod:`~moonbase.agents.mcts`) and ``planner`` (the MOON planner bot,
  :mod:`~moonbase.agents.planner_agent`, on the exact distance tables of
  :mod:`~moonbase.agents.moon_planner`).
- :func:`hint` tells a person what a bot would do.

The game packages never import this package. See ``docs/agents.md``.

>>> import moonbase
>>> from moonbase.agents import match
>>> result = match(moonbase.load("moon-leap"), ["greedy", "random"], games=4, workers=1)
>>> [entry.label for entry in result.entries]
['greedy', 'random']
"""

from moonbase.agents.hint import hint
from moonbase.agents.match import EntryResult, GameRecord, MatchResult, match
from moonbase.agents.protocol import (
    Agent,
    InvalidAgent,
    agent_names,
    make_agent,
    parse_spec,
    register_agent,
)
from moonbase.agents.runner import play

__all__ = [
    "Agent",
    "EntryResult",
    "GameRecord",
    "InvalidAgent",
    "MatchResult",
    "agent_names",
    "hint",
    "make_agent",
    "match",
    "parse_spec",
    "play",
    "register_agent",
]
