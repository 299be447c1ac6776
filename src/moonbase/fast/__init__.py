"""Compiled playout kernels: whole random games played in compiled code, checked against
the rules engine.

:func:`playout` plays a copy of a state to its end by the random policy of
:mod:`moonbase.fast.reference` and returns each seat's final score and the decisions taken;
:func:`playouts` does so once per policy seed. Where a game has a kernel and numba is
installed (the ``fast`` extra; :data:`COMPILED`), the game is played by the kernel; otherwise,
and for games without one, by the reference path through the rules engine. Both give the same
games: the same die and cards (the engine's own draws from the state's seed) and the same
policy picks.

>>> import moonbase
>>> from moonbase.fast import reference
>>> state = moonbase.load("moon-leap").new(seed=9)
>>> playout(state, seed=1) == reference.playout(state, seed=1)
True
>>> has_kernel(state.game), len(playouts(state, [1, 2, 3]))
(True, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, SupportsIndex

from moonbase.core import Game, State
from moonbase.fast import moon, moon_leap, moons, reference
from moonbase.fast.compiled import CACHE_DIR, COMPILED
from moonbase.fast.reference import Playout

__all__ = [
    "CACHE_DIR",
    "COMPILED",
    "GREEDY_KERNELS",
    "KERNELS",
    "Playout",
    "greedy_playout",
    "has_greedy_kernel",
    "has_kernel",
    "playout",
    "playouts",
]

Kernel = Callable[[State[Any], Sequence[int], int | None], list[Playout]]

KERNELS: Final[dict[str, Kernel]] = {
    "moon": moon.playouts,
    "moon-leap": moon_leap.playouts,
    "moons": moons.playouts,
}
"""The games with a kernel, by registry name: each plays a state out once per policy seed, to
the end or a number of turns."""

GREEDY_KERNELS: Final[dict[str, Callable[[State[Any], int | None], Playout]]] = {
    "moon": moon.greedy_playout,
    "moon-leap": moon_leap.greedy_playout,
    "moons": moons.greedy_playout,
}
"""The games whose kernel plays their greedy heuristic too, by registry name: each plays a
state out, to the end or a number of turns."""


def _name(game: Game | str) -> str:
    """The registry name of ``game`` (a game, or its name)."""
    return game if isinstance(game, str) else game.name


def has_kernel(game: Game | str) -> bool:
    """Whether ``game`` (a game, or its registry name) is played by a compiled kernel here
    (numba installed and a kernel written for it).

    >>> import moonbase
    >>> has_kernel(moonbase.load("moons")) == has_kernel("moons") == COMPILED
    True
    >>> has_kernel("welcome-to-the-moon")
    False
    """
    return COMPILED and _name(game) in KERNELS


def _policy_seeds(seeds: Iterable[SupportsIndex]) -> list[int]:
    """``seeds`` as a list of Python integers, or ``TypeError`` saying what a seed is."""
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Iterable):
        raise TypeError(
            "seeds is a sequence of policy seeds (integers), "
            f"not {type(seeds).__name__} (playout takes one seed)"
        )
    return [reference.check_seed(seed) for seed in seeds]


def playouts(
    state: State[Any],
    seeds: Iterable[SupportsIndex],
    *,
    depth: SupportsIndex | None = None,
    use_kernel: bool = True,
) -> list[Playout]:
    """Play copies of ``state`` to their end, or ``depth`` turns (a simultaneous decision of
    several seats is one turn), once per policy seed in ``seeds``, in order; ``state`` is
    unchanged. ``use_kernel=False`` takes the reference path even where a kernel is at hand.
    ``ValueError`` for a state in explicit chance mode or a negative ``depth``; ``TypeError``
    for a seed or a depth that is not an integer. A seed may be any integer (it is masked to
    64 bits, as the engine's draws mask it); a depth beyond any game's length plays to the end.

    >>> import moonbase
    >>> state = moonbase.load("moons").new(seed=2)
    >>> cut = playouts(state, [7], depth=3)[0]
    >>> cut == playouts(state, [7], depth=3, use_kernel=False)[0], cut.over, cut.decisions
    (True, False, 6)
    """
    reference.check_playable(state)
    words, depth = _policy_seeds(seeds), reference.check_depth(depth)
    if use_kernel and has_kernel(state.game):
        return KERNELS[state.game.name](state, words, depth)
    return [reference.playout(state, seed, depth) for seed in words]


def playout(
    state: State[Any],
    seed: SupportsIndex,
    *,
    depth: SupportsIndex | None = None,
    use_kernel: bool = True,
) -> Playout:
    """One playout of ``state`` by the random policy with ``seed`` (see :func:`playouts`)."""
    return playouts(state, [seed], depth=depth, use_kernel=use_kernel)[0]


def has_greedy_kernel(game: Game | str) -> bool:
    """Whether ``game``'s (a game's, or a registry name's) greedy playouts are played by a
    compiled kernel here."""
    return COMPILED and _name(game) in GREEDY_KERNELS


def greedy_playout(
    state: State[Any], *, depth: SupportsIndex | None = None, use_kernel: bool = True
) -> Playout:
    """Play a copy of ``state`` to its end, or ``depth`` turns (a simultaneous decision of
    several seats is one turn), every seat by the game's greedy heuristic
    (:func:`moonbase.agents.heuristics.heuristic_for`), by its kernel where it has one, else
    through the rules engine (:func:`~moonbase.fast.reference.greedy_playout`): the same game.

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=9)
    >>> greedy_playout(state) == greedy_playout(state, use_kernel=False)
    True
    >>> greedy_playout(state, depth=5).over, greedy_playout(state, depth=5).decisions
    (False, 5)
    """
    reference.check_playable(state)
    depth = reference.check_depth(depth)
    if use_kernel and has_greedy_kernel(state.game):
        return GREEDY_KERNELS[state.game.name](state, depth)
    from moonbase.agents.heuristics import heuristic_for

    return reference.greedy_playout(state, heuristic_for(state.game.name), depth)
