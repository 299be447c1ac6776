"""What the PettingZoo and Gymnasium environments share: reading the game they are asked for
and turning an action from a learning library into an action id.

>>> load_game("moon-leap", {"players": 3}).seats
3
>>> action_number(np.int64(4))
4
"""

from __future__ import annotations

from typing import Any

import numpy as np

from moonbase.core.errors import IllegalAction
from moonbase.core.game import Game, State
from moonbase.core.registry import games, load

__all__ = ["action_number", "apply_action", "load_game", "seat_name"]

_LISTED = 24


def load_game(game: Game | str, options: dict[str, Any]) -> Game:
    """The game an environment plays: ``game`` itself, or the game named ``game`` with
    ``options`` (any option :func:`moonbase.load` accepts).

    >>> import moonbase
    >>> load_game(moonbase.load("moons", players=3), {}).seats
    3
    >>> load_game(moonbase.load("moons"), {"players": 3})
    Traceback (most recent call last):
    ...
    ValueError: options go with a game's name (e.g. "moons"); this Moons game already has its ...
    >>> load_game(3, {})
    Traceback (most recent call last):
    ...
    TypeError: a game is a name (one of moon, moon-leap, moons, welcome-to-the-moon) or a game ...
    """
    if isinstance(game, Game):
        if options:
            raise ValueError(
                f'options go with a game\'s name (e.g. "{game.name}"); this {game.title} game '
                f"already has its options: {game.option_args()}"
            )
        return game
    if isinstance(game, str):
        return load(game, **options)
    raise TypeError(
        f"a game is a name (one of {', '.join(games())}) or a game from moonbase.load(...), "
        f"not {type(game).__name__}"
    )


def seat_name(seat: int) -> str:
    """The agent name of ``seat`` in the environments.

    >>> seat_name(2)
    'seat_2'
    """
    return f"seat_{seat}"


def action_number(action: object) -> int:
    """``action`` (a Python or NumPy whole number, or a 0-d or one-element array of one) as an
    ``int``, or :class:`~moonbase.IllegalAction` saying what an action is.

    >>> action_number(np.array([7]))
    7
    >>> action_number(2.5)
    Traceback (most recent call last):
    ...
    moonbase.core.errors.IllegalAction: an action is a whole number (an action id), not float 2.5
    """
    if isinstance(action, np.ndarray) and action.size == 1:
        action = action.reshape(()).item()
    if isinstance(action, np.integer):
        return int(action)
    if isinstance(action, int) and not isinstance(action, bool):
        return action
    reason = f"an action is a whole number (an action id), not {type(action).__name__} {action!r}"
    raise IllegalAction(reason, reason)


def apply_action(state: State[Any], seat: int, action: object) -> None:
    """Carry out action id ``action`` for ``seat``, or raise :class:`~moonbase.IllegalAction`
    naming the action and the legal ones (ids with their notation), leaving ``state`` unchanged.

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=1)
    >>> apply_action(state, 0, 0)
    Traceback (most recent call last):
    ...
    moonbase.core.errors.IllegalAction: action 0 (MOVE 1) is not legal ...; legal: 12 (MOVE 5)
    >>> apply_action(state, 0, 99)
    Traceback (most recent call last):
    ...
    moonbase.core.errors.IllegalAction: action id 99 does not exist; ids run from 0 to 13; ...
    """
    number = action_number(action)
    try:
        state.apply_id(seat, number)
    except IllegalAction as error:
        game = state.game
        reason = error.reason
        if 0 <= number < game.num_actions:
            text = game.action_text(number)
            named = f"action {number} ({text})"
            quoted = f"{text!r} "
            reason = (
                named + " " + reason[len(quoted) :]
                if reason.startswith(quoted)
                else f"{named}: {reason}"
            )
        legal = state.legal_ids(seat)
        listed = ", ".join(f"{i} ({game.action_text(i)})" for i in legal[:_LISTED])
        if len(legal) > _LISTED:
            listed += f", … ({len(legal)} in all)"
        raise IllegalAction(
            f"{reason}; legal: {listed or 'nothing'}", reason, error.allowed
        ) from None
