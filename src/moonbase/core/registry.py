"""The registry of games: :func:`games`, :func:`load`, :func:`load_saved` and :func:`from_json`.

>>> "moon" in games()
True
>>> load("moon", difficulty="hard").options["energy"]
2.0
>>> load("chess")
Traceback (most recent call last):
...
moonbase.core.errors.InvalidOption: unknown game 'chess'; allowed: moon...
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from moonbase.core.errors import InvalidOption
from moonbase.core.game import Game, State
from moonbase.i18n import gettext as _

__all__ = ["from_json", "game_class", "games", "load", "load_saved"]

_GAMES: dict[str, str] = {
    "moon": "moonbase.games.moon:MoonGame",
    "moon-leap": "moonbase.games.moon_leap:MoonLeapGame",
    "moons": "moonbase.games.moons:MoonsGame",
    "welcome-to-the-moon": "moonbase.games.welcome_to_the_moon:WelcomeGame",
}


def games() -> list[str]:
    """The names of every game, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``name``."""
    if name not in _GAMES:
        raise InvalidOption(
            _("unknown game {name}; allowed: {names}").format(
                name=repr(name), names=", ".join(games())
            )
        )
    module_name, _colon, class_name = _GAMES[name].partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load(name: str, /, **options: object) -> Game:
    """The game ``name`` with ``options`` checked and defaults filled in."""
    return game_class(name)(**options)


def load_saved(name: str, options: Mapping[str, object]) -> Game:
    """The game ``name`` as stored ``options`` (a save's, a stored table's) describe it: an
    option they do not name because it did not exist yet takes the value it had then
    (:attr:`Game.SAVED_DEFAULTS`), not today's default.

    >>> load_saved("moons", {"players": 3}).options["decline_awards"]
    True
    >>> load("moons", players=3).options["decline_awards"]
    False
    """
    cls = game_class(name)
    return cls(**{**cls.SAVED_DEFAULTS, **options})


def from_json(data: str | bytes | dict[str, Any]) -> State:
    """Rebuild a state from :meth:`State.to_json` text (see :mod:`moonbase.core.saves`)."""
    from moonbase.core.saves import decode

    return decode(data)
