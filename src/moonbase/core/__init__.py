"""The protocol and what every moonbase game shares: options, chance, errors, the registry."""

from moonbase.core.chance import CHANCE
from moonbase.core.errors import CorruptSave, IllegalAction, InvalidOption, MoonbaseError
from moonbase.core.game import ChanceMode, Game, State
from moonbase.core.options import Option, OptionValue, resolve_options
from moonbase.core.registry import from_json, game_class, games, load

__all__ = [
    "CHANCE",
    "ChanceMode",
    "CorruptSave",
    "Game",
    "IllegalAction",
    "InvalidOption",
    "MoonbaseError",
    "Option",
    "OptionValue",
    "State",
    "from_json",
    "game_class",
    "games",
    "load",
    "resolve_options",
]
