"""MOON: a cooperative and competitive card game that simulates a 4-bit CPU.

Rules: ``rules/moon.md`` of the shared design folder, restated in ``docs`` of this project
(:mod:`moonbase.games.moon` follows it exactly). Decisions the rule page makes where the
rulebook is silent, as this package implements them:

- the two operands of a two-operand operation must differ (option ``same_register``);
- competitive games also end after ``max_rounds`` full rounds (default 30);
- a player's own decisions where the rule page leaves a gap are listed in ``docs/moon.md``.

>>> import moonbase
>>> state = moonbase.load("moon").new(seed=11)
>>> sorted(state.view(0))[:5]
['costs', 'deck', 'disabled', 'ended', 'energy']
"""

from moonbase.games.moon.competitive import CompetitiveState
from moonbase.games.moon.cooperative import CooperativeState
from moonbase.games.moon.game import MoonGame
from moonbase.games.moon.state import MoonState

__all__ = ["CompetitiveState", "CooperativeState", "MoonGame", "MoonState"]
