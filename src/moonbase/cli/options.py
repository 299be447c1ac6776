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

__all__ = ["build_game", "changed_options", "game_type", "option_text", "read_assignments"]


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


def changed_options(game: Game) -> dict[str, OptionValue]:
    """The options of ``game`` that differ from the game's own defaults, in the game's order.

    An option whose default the game derives from the others (declared ``None``: MOON's energy
    by difficulty, Welcome to the Moon's level in solo) is compared with what the game makes of
    it when it is left out; if the game cannot be made without it, it is counted as changed.

    >>> changed_options(moonbase.load("moon", operations="INC,DEC", mode="competitive"))
    {'mode': 'competitive', 'operations': ('INC', 'DEC')}
    >>> changed_options(moonbase.load("welcome-to-the-moon", players=1, level=3))
    {'players': 1, 'level': 3}
    >>> changed_options(moonbase.load("welcome-to-the-moon", players=1, level=1))
    {'players': 1}
    """
    changed: dict[str, OptionValue] = {}
    for spec in game.option_specs:
        value = game.options.get(spec.name)
        default = spec.default
        if default is None:
            others = {key: other for key, other in game.saved_options().items() if key != spec.name}
            try:
                default = moonbase.load(game.name, **others).options.get(spec.name)
            except InvalidOption:
                default = None
        if value != default:
            changed[spec.name] = value
    return changed


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
