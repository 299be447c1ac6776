"""Terminal rewards for the research environments, computed from a finished game's result.

Every environment pays its rewards once, when the game ends (every step before pays 0). The
``reward`` argument of :func:`moonbase.adapters.pettingzoo.env` and
:func:`moonbase.adapters.gymnasium.make` chooses how a result becomes rewards:

- ``"win"`` (the default) — from :meth:`~moonbase.core.game.State.winners`: a sole winner gets
  +1, every seat that did not win gets −1, and seats that share the win (a tie, the game's own
  tie-breaks already applied) get 0 each. With one seat (cooperative MOON, solo Welcome to the
  Moon), +1 if the game was won and −1 if it was lost.
- ``"margin"`` — from :meth:`~moonbase.core.game.State.scores`: a seat's score minus the mean
  score of the other seats, divided by the spread of the scores (highest minus lowest), so it
  lies in [−1, 1]; 0 for every seat when all scores are equal. With one seat there are no
  others to compare with: it pays as ``"win"``.
- ``"score"`` — the final score itself, unscaled (the game's own points; useful alone in
  solo games).
- a function taking the finished state and returning one reward per seat.

>>> import moonbase
>>> from moonbase.agents import play
>>> final = play(moonbase.load("moon-leap", players=3), ["random"] * 3, seed=2)
>>> final.scores(), final.winners()
([17.0, 21.0, 65.0], [2])
>>> terminal_rewards(final, "win")
[-1.0, -1.0, 1.0]
>>> [round(value, 3) for value in terminal_rewards(final, "margin")]
[-0.542, -0.417, 0.958]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeAlias

from moonbase.core.game import State

__all__ = ["REWARD_NAMES", "Reward", "check_reward", "terminal_rewards"]

Reward: TypeAlias = Literal["win", "margin", "score"] | Callable[[State[Any]], Sequence[float]]
"""A reward choice: one of :data:`REWARD_NAMES` or a function of the finished state."""

REWARD_NAMES = ("win", "margin", "score")
"""The named reward choices."""


def check_reward(reward: object) -> Reward:
    """``reward`` if it is a reward choice, else ``ValueError`` naming the allowed ones.

    >>> check_reward("margin")
    'margin'
    >>> check_reward("points")
    Traceback (most recent call last):
    ...
    ValueError: reward 'points' is not allowed; allowed: win, margin, score, or a function ...
    """
    if callable(reward) or (isinstance(reward, str) and reward in REWARD_NAMES):
        return reward  # type: ignore[return-value]
    raise ValueError(
        f"reward {reward!r} is not allowed; allowed: {', '.join(REWARD_NAMES)}, "
        "or a function of the finished state returning one reward per seat"
    )


def terminal_rewards(state: State[Any], reward: Reward = "win") -> list[float]:
    """One reward per seat for the finished game ``state`` (see the module docstring).

    >>> import moonbase
    >>> from moonbase.agents import play
    >>> final = play(moonbase.load("moon", difficulty="hard"), ["planner"], seed=2)
    >>> final.winners(), terminal_rewards(final), terminal_rewards(final, "score")
    ([0], [1.0], [16.0])
    >>> terminal_rewards(moonbase.load("moon").new(seed=1))
    Traceback (most recent call last):
    ...
    ValueError: rewards are paid at the end; this MOON game is not over yet
    """
    if not state.is_over:
        raise ValueError(
            f"rewards are paid at the end; this {state.game.title} game is not over yet"
        )
    seats = state.game.seats
    if callable(reward):
        values = [float(value) for value in reward(state)]
        if len(values) != seats:
            raise ValueError(
                f"the reward function returned {len(values)} rewards; "
                f"{state.game.title} with these options has {seats} seats"
            )
        return values
    if reward == "score":
        return [float(score) for score in state.scores()]
    if reward == "margin" and seats > 1:
        return _margins(state.scores())
    if reward in ("win", "margin"):
        return _wins(state.winners(), seats)
    check_reward(reward)
    raise AssertionError("unreachable")  # pragma: no cover


def _wins(winners: list[int], seats: int) -> list[float]:
    if seats == 1:
        return [1.0 if winners else -1.0]
    shared = 1.0 if len(winners) == 1 else 0.0
    return [shared if seat in winners else -1.0 for seat in range(seats)]


def _margins(scores: list[float]) -> list[float]:
    spread = max(scores) - min(scores)
    if spread == 0:
        return [0.0] * len(scores)
    total = sum(scores)
    others = len(scores) - 1
    return [(score - (total - score) / others) / spread for score in scores]
