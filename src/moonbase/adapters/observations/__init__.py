"""Observation encoders: fixed-size ``float32`` vectors of exactly what a seat's view holds,
and the action mask over a game's integer action universe.

:func:`encoder_for` gives the :class:`Encoder` of a game, sized by its options. An
observation is a public part, written from ``state.view(None)`` (the same for every seat),
then a private part, written from ``state.view(seat)`` (what that seat knows beyond it).
Every value lies in [0, 1]: one-hot slots, bit planes and numbers scaled by their bounds.
:meth:`Encoder.fields` names every run of the vector; ``docs/observations.md`` lists them
per game.

>>> import moonbase
>>> game = moonbase.load("moon-leap", players=3)
>>> encoder = encoder_for(game)
>>> state = game.new(seed=4)
>>> observation = encoder.observe(state, 1)
>>> observation.shape == (encoder.size,)
True
>>> bool(0 <= observation.min() <= observation.max() <= 1)
True
>>> seat = state.to_act[0]
>>> mask = action_mask(state, seat)   # ids as numpy integers: .tolist() gives ints
>>> [game.action_text(i) for i in mask.nonzero()[0].tolist()] == state.legal_actions(seat)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from moonbase.adapters.observations.encoder import Encoder, Field, Layout
from moonbase.core.game import Game, State

__all__ = ["Encoder", "Field", "Layout", "action_mask", "encoder_for", "encoder_names"]


def _moon_leap(game: Game) -> Encoder:
    from moonbase.adapters.observations.moon_leap import moon_leap_encoder

    return moon_leap_encoder(game)


def _moon(game: Game) -> Encoder:
    from moonbase.adapters.observations.moon import moon_encoder

    return moon_encoder(game)


def _moons(game: Game) -> Encoder:
    from moonbase.adapters.observations.moons import moons_encoder

    return moons_encoder(game)


def _welcome(game: Game) -> Encoder:
    from moonbase.adapters.observations.welcome_to_the_moon import welcome_encoder

    return welcome_encoder(game)


_BUILDERS: dict[str, Callable[[Game], Encoder]] = {
    "moon": _moon,
    "moon-leap": _moon_leap,
    "moons": _moons,
    "welcome-to-the-moon": _welcome,
}


def encoder_names() -> list[str]:
    """The games that have an encoder, sorted.

    >>> "moon-leap" in encoder_names()
    True
    """
    return sorted(_BUILDERS)


def encoder_for(game: Game) -> Encoder:
    """The observation encoder of ``game``, sized by its options.

    >>> import moonbase
    >>> encoder_for(moonbase.load("moon-leap")).private_size
    2
    >>> encoder_for("moon-leap")
    Traceback (most recent call last):
    ...
    TypeError: encoder_for needs a game from moonbase.load(...), not str
    """
    if not isinstance(game, Game):
        raise TypeError(
            f"encoder_for needs a game from moonbase.load(...), not {type(game).__name__}"
        )
    builder = _BUILDERS.get(game.name)
    if builder is None:
        raise ValueError(
            f"no observation encoder for {game.name!r}; encoders: {', '.join(encoder_names())}"
        )
    return builder(game)


def action_mask(state: State[Any], seat: int) -> npt.NDArray[np.int8]:
    """An ``int8`` vector over the game's action universe: 1 where ``seat`` may act now.

    All zeros for a seat that may not act (the game over, a chance node, another's turn).

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=1)
    >>> mask = action_mask(state, 0)
    >>> int(action_mask(state, 1).sum()), mask.nonzero()[0].tolist() == state.legal_ids(0)
    (0, True)
    """
    if not isinstance(state, State):
        raise TypeError(f"action_mask reads a moonbase state, not {type(state).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.game.seats:
        raise ValueError(f"seat {seat!r} does not exist; seats: 0 to {state.game.seats - 1}")
    mask = np.zeros(state.game.num_actions, dtype=np.int8)
    mask[state.legal_ids(seat)] = 1
    return mask
