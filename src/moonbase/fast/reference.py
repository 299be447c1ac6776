"""The reference playout: a whole game played through the rules engine by the random policy.

The policy is defined here, once, and the compiled kernels draw exactly as it does: the
``k``-th decision of a playout (``k`` from 0, every decision counted, forced ones included) is
made by the first seat of ``to_act``, which picks
``legal_ids[draw_index(policy_seed, k, len(legal_ids))]``. Chance is left to the state: in
auto mode the engine draws it from the state's seed and its count of chance events, so a
playout is a pure function of the state and ``policy_seed``.

>>> import moonbase
>>> state = moonbase.load("moon-leap").new(seed=3)
>>> result = playout(state, seed=11)
>>> result == playout(state, seed=11), len(result.scores), result.decisions > 0
(True, 2, True)
>>> state.history == moonbase.load("moon-leap").new(seed=3).history   # left unchanged
True
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, SupportsIndex

from moonbase.core import State
from moonbase.core.chance import draw_index

__all__ = [
    "Playout",
    "check_depth",
    "check_playable",
    "check_seed",
    "greedy_playout",
    "playout",
    "policy_pick",
]


@dataclass(frozen=True)
class Playout:
    """How a playout ended: each seat's final ``scores``, the ``decisions`` it took (the
    seats' actions; chance events are not counted) and the ``winners`` (a tie shares the win;
    a lost cooperative game has none). A playout cut short (``depth``) is not ``over``: its
    scores are those at the cut, and it has no winners."""

    scores: tuple[float, ...]
    decisions: int
    winners: tuple[int, ...]
    over: bool = True

    @staticmethod
    def from_masks(scores: list[float], decisions: int, winners: int) -> Playout:
        """A playout from a kernel's figures: ``winners`` as a mask of seats (bit ``s``), or
        −1 for a playout cut short.

        >>> Playout.from_masks([3.0, 5.0, 5.0], 40, 0b110)
        Playout(scores=(3.0, 5.0, 5.0), decisions=40, winners=(1, 2), over=True)
        >>> Playout.from_masks([3.0, 4.0], 30, -1).over
        False
        """
        if winners < 0:
            return Playout(tuple(scores), decisions, (), over=False)
        seats = tuple(seat for seat in range(len(scores)) if winners >> seat & 1)
        return Playout(tuple(scores), decisions, seats)


def policy_pick(legal_ids: list[int], policy_seed: int, decision: int) -> int:
    """The random policy: the id the ``decision``-th decision of a playout picks.

    >>> policy_pick([4, 7, 9], policy_seed=5, decision=0) in (4, 7, 9)
    True
    >>> policy_pick([], 5, 0)
    Traceback (most recent call last):
    ...
    ValueError: a decision needs at least one legal action; got none
    """
    if not legal_ids:
        raise ValueError("a decision needs at least one legal action; got none")
    return legal_ids[draw_index(policy_seed, decision, len(legal_ids))]


def check_playable(state: State[Any]) -> None:
    """Raise ``ValueError`` unless ``state`` can be played out: a playout leaves chance to
    the engine, so the state must be in auto chance mode.

    >>> import moonbase
    >>> check_playable(moonbase.load("moon-leap").new(seed=1, chance="explicit"))
    Traceback (most recent call last):
    ...
    ValueError: a playout needs a state in chance mode 'auto' (chance drawn from its seed); \
this one is in 'explicit' mode
    """
    if not isinstance(state, State):
        raise ValueError(f"a playout needs a moonbase state, not {type(state).__name__}")
    if state.chance_mode != "auto":
        raise ValueError(
            "a playout needs a state in chance mode 'auto' (chance drawn from its seed); "
            f"this one is in {state.chance_mode!r} mode"
        )


def check_seed(seed: object) -> int:
    """``seed`` as the Python integer a policy draws from (any integer: Python's or numpy's,
    of any size or sign, masked to 64 bits as ``draw_index`` masks it); ``TypeError`` for
    anything else.

    >>> import numpy as np
    >>> check_seed(np.int64(-3)), type(check_seed(np.uint64(2**63))).__name__
    (-3, 'int')
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    TypeError: a policy seed is an integer (of any size), not float
    """
    if type(seed) is int:  # the common case, without the protocol's slower check
        return seed
    if not isinstance(seed, SupportsIndex):
        raise TypeError(f"a policy seed is an integer (of any size), not {type(seed).__name__}")
    return operator.index(seed)


def check_depth(depth: object) -> int | None:
    """``depth`` as a number of turns to play, 0 or more (a Python integer), or ``None`` (to
    the end); ``TypeError`` or ``ValueError`` saying what is allowed for anything else.

    >>> check_depth(None), check_depth(0), check_depth(10**30) == 10**30
    (None, 0, True)
    >>> check_depth(-1)
    Traceback (most recent call last):
    ...
    ValueError: depth is a number of turns, 0 or more (None: to the end); got -1
    >>> check_depth("3")
    Traceback (most recent call last):
    ...
    TypeError: depth is a number of turns, 0 or more (None: to the end); got str
    """
    if depth is None or (type(depth) is int and depth >= 0):
        return depth
    refusal = "depth is a number of turns, 0 or more (None: to the end); got {}"
    if isinstance(depth, bool) or not isinstance(depth, SupportsIndex):
        raise TypeError(refusal.format(type(depth).__name__))
    turns = operator.index(depth)
    if turns < 0:
        raise ValueError(refusal.format(turns))
    return turns


def playout(state: State[Any], seed: SupportsIndex, depth: SupportsIndex | None = None) -> Playout:
    """Play a copy of ``state`` to its end, or ``depth`` turns, by the random policy with
    ``seed``; ``state`` itself is unchanged. A turn is one decision, or the decisions of
    several seats acting at once (a Moons round's tableaus), as :func:`greedy_playout` and an
    MCTS rollout count them; the seats of such a turn still decide one after another, each from
    the state the previous one left.

    >>> import moonbase
    >>> state = moonbase.load("moons").new(seed=2)
    >>> cut = playout(state, 5, depth=2)
    >>> cut.over, cut.decisions, cut.winners   # the four tableaus, then the first card
    (False, 5, ())
    """
    check_playable(state)
    policy, cut = check_seed(seed), check_depth(depth)
    game = state.clone()
    decision = turns = 0
    turn = game.to_act
    while turn and (cut is None or turns < cut):
        seat = turn[0]
        legal = game.legal_ids(seat)
        game.apply_id(seat, legal[draw_index(policy, decision, len(legal))])
        decision += 1
        rest = turn[1:]
        turn = game.to_act
        if not rest or turn != rest:  # the seats left of a simultaneous turn still to choose
            turns += 1
    return Playout(tuple(game.scores()), decision, tuple(game.winners()), game.is_over)


def greedy_playout(
    state: State[Any],
    choose: Callable[[State[Any], int, random.Random], str],
    depth: SupportsIndex | None = None,
) -> Playout:
    """Play a copy of ``state`` to its end, or ``depth`` turns, every seat to act choosing by
    ``choose`` (a game's greedy heuristic, :mod:`moonbase.agents.heuristics`), the first seat
    of ``to_act`` first, as an MCTS rollout plays it (a turn is every seat to act choosing at
    once, then their actions applied); ``state`` itself is unchanged. The heuristics a kernel
    mirrors draw nothing from the generator they are given.

    >>> import moonbase
    >>> from moonbase.agents.heuristics.moons import choose
    >>> cut = greedy_playout(moonbase.load("moons").new(seed=1), choose, depth=3)
    >>> cut.over, cut.decisions   # the four tableaus at once, then two cards
    (False, 6)
    """
    check_playable(state)
    cut = check_depth(depth)
    game = state.clone()
    rng = random.Random(0)
    decision = turns = 0
    turn = game.to_act
    while turn and (cut is None or turns < cut):
        chosen = [(seat, choose(game, seat, rng)) for seat in turn]
        for seat, action in chosen:
            game.apply(seat, action)
        decision += len(chosen)
        turns += 1
        turn = game.to_act
    return Playout(tuple(game.scores()), decision, tuple(game.winners()), game.is_over)
