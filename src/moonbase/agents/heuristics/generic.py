"""The generic heuristic: a one-step lookahead on the observed state, for any game.

Each legal action is tried on a copy of the observed state; the action that leaves the seat
best placed wins — a finished game is judged by its winners, an unfinished one by the seat's
score minus the best other score (the score alone with one seat). Ties are broken by the
agent's generator. Only the observed state is used, so the lookahead knows nothing the seat
does not; chance that follows the action is whatever the observed state's future holds.

>>> import moonbase, random
>>> state = moonbase.load("moon-leap").new(seed=4)
>>> choose(state, 0, random.Random(0))    # token 5 off the −25 of the reserve
'MOVE 5'
"""

from __future__ import annotations

import random

from moonbase.core import State

__all__ = ["choose", "standing"]

_LIMIT = 64
"""At most this many actions are tried (a random subset beyond it)."""


def standing(state: State, seat: int) -> float:
    """How well ``seat`` stands: a big bonus for (a share of) a finished win, plus the lead.

    >>> import moonbase
    >>> standing(moonbase.load("moon-leap").new(seed=1), 0)
    0.0
    """
    scores = state.scores()
    others = [score for other, score in enumerate(scores) if other != seat]
    value = scores[seat] - (max(others) if others else 0.0)
    if state.is_over:
        winners = state.winners()
        value += 1000.0 / len(winners) if seat in winners else -1000.0
    return value


def choose(observed: State, seat: int, rng: random.Random) -> str:
    """The action that stands ``seat`` best one step ahead (see the module docstring)."""
    actions = observed.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    if len(actions) > _LIMIT:
        actions = sorted(rng.sample(actions, _LIMIT))
    best: list[str] = []
    best_value = float("-inf")
    for action in actions:
        trial = observed.clone()
        trial.apply(seat, action)
        value = standing(trial, seat)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)
