"""A game named on the command line: its name, a preset and ``KEY=VALUE`` options as text.

>>> read_assignments(["players=3", "mini-asteroids = false"])
{'players': '3', 'mini_asteroids': 'false'}
>>> build_game("moon-leap", {"players": "3"}).seats
3
>>> build_game("chess", {})
Traceback (most recent call last):
...
moonbase.cli.errors.BadInput: unknown game 'chess'; allowed: moon, moon-leap, moons...
>>> build_game("moon-leap", {"players": "9"})
Traceback (most recent call last):
...
moonbase.cli.errors.BadInput: option 'players': '9' is not allowed; allowed: a whole number ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import moonbase
from moonbase.cli.errors import BadInput
from moonbase.core import Game, InvalidOption, OptionValue, game_class
from moonbase.i18n import gettext as _

__all__ = ["build_game", "game_type", "option_text", "read_assignments"]


def read_assignments(items: Sequence[str]) -> dict[str, str]:
    """``KEY=VALUE`` texts as a dict (a ``-`` in a key may stand for ``_``)."""
    options: dict[str, str] = {}
    for item in items:
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise BadInput(
                _("option {item}: write KEY=VALUE, e.g. --option players=3").format(item=repr(item))
            )
        options[key.strip().lower().replace("-", "_")] = value.strip()
    return options


def game_type(name: str) -> type[Game]:
    """The game class registered as ``name``, or :class:`BadInput` naming the games."""
    try:
        return game_class(name.strip().lower())
    except InvalidOption as error:
        raise BadInput(str(error)) from None


def build_game(name: str, options: Mapping[str, object], preset: str | None = None) -> Game:
    """The game ``name`` with ``preset`` (if any) and then ``options`` applied."""
    cls = game_type(name)
    merged: dict[str, object] = {}
    if preset is not None:
        if preset not in cls.presets:
            allowed = ", ".join(cls.presets) or _("none")
            raise BadInput(
                _("unknown preset {preset} of {game}; allowed: {allowed}").format(
                    preset=repr(preset), game=cls.name, allowed=allowed
                )
            )
        merged.update(cls.presets[preset])
    merged.update(options)
    try:
        return moonbase.load(cls.name, **merged)
    except InvalidOption as error:
        raise BadInput(str(error)) from None


def option_text(value: OptionValue) -> str:
    """An option's value as it would be typed.

    >>> option_text(("INC", "DEC")), option_text(True), option_text(None), option_text(2.5)
    ('INC,DEC', 'true', '-', '2.5')
    """
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(value) or "none"
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    return str(value)
