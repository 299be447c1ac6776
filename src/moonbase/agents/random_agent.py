"""The random agent: a uniformly random legal action, from the agent's own generator.

>>> import moonbase
>>> state = moonbase.load("moon-leap").new(seed=4)
>>> RandomAgent(seed=1).choose(state.resample(0, __import__("random").Random(0)), 0)
'MOVE 2'
"""

from __future__ import annotations

from typing import ClassVar

from moonbase.agents.protocol import Agent
from moonbase.core import State

__all__ = ["RandomAgent"]


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions (the baseline every bot must beat)."""

    name: ClassVar[str] = "random"

    def choose(self, observed: State, seat: int) -> str:
        """A uniformly random legal action of ``seat``."""
        return self.rng.choice(observed.legal_actions(seat))
