"""Moon Leap's greedy play: the best immediate score change, runs and a good ending.

Every legal move is tried on a copy of the observed state (Moon Leap hides nothing, so the
copy is the table as the seat sees it). A move is worth its change of the seat's own score,
plus :data:`RUN_BONUS` when it earns an extra roll (a new or extended run of three); a move
that ends the game is worth a win or a loss outright. Ties go to the first move in sorted
order.

>>> import moonbase, random
>>> state = moonbase.load("moon-leap").new(seed=1, chance="explicit")
>>> state.apply(moonbase.CHANCE, "ROLL *")
>>> choose(state, 0, random.Random(0))   # token 5 leaves the reserve (−25) for −3 × 5
'MOVE 5'
"""

from __future__ import annotations

import random
from typing import Final

from moonbase.core import State

__all__ = ["ENDING", "RUN_BONUS", "choose", "move_value"]

RUN_BONUS: Final = 12.0
"""What an extra roll is worth, in points (about one good move)."""
ENDING: Final = 1000.0
"""What ending the game is worth: a win (shared among the winners), or a loss (negated)."""


def move_value(observed: State, seat: int, action: str) -> float:
    """What ``action`` is worth to ``seat`` one step ahead (see the module docstring).

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=1, chance="explicit")
    >>> state.apply(moonbase.CHANCE, "ROLL 3")
    >>> move_value(state, 0, "MOVE 3")   # token 3 from the reserve (−15) to space 1 (−9)
    6.0
    """
    before = observed.scores()[seat]
    trial = observed.clone()
    trial.apply(seat, action)
    value = trial.scores()[seat] - before
    if trial.is_over:
        winners = trial.winners()
        return value + (ENDING / len(winners) if seat in winners else -ENDING)
    if getattr(trial, "extra_turn", False):
        value += RUN_BONUS
    return value


def choose(observed: State, seat: int, rng: random.Random) -> str:
    """Moon Leap's greedy move for ``seat``."""
    actions = observed.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    return max(actions, key=lambda action: move_value(observed, seat, action))
