"""The greedy agent: each game's heuristic (see :mod:`moonbase.agents.heuristics`).

>>> import moonbase
>>> from moonbase.agents.runner import play
>>> play(moonbase.load("moon-leap"), ["greedy", "random"], seed=1).winners()
[0]
"""

from __future__ import annotations

from typing import ClassVar

from moonbase.agents.heuristics import heuristic_for
from moonbase.agents.protocol import Agent
from moonbase.core import State

__all__ = ["GreedyAgent"]


class GreedyAgent(Agent):
    """Plays the observed game's heuristic (a generic one-step lookahead for a game without
    one of its own)."""

    name: ClassVar[str] = "greedy"

    def choose(self, observed: State, seat: int) -> str:
        """The heuristic's action for ``seat``."""
        return heuristic_for(observed.game.name)(observed, seat, self.rng)
