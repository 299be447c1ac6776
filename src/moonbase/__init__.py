"""moonbase: a digital tabletop for MOON, Moon Leap, Welcome to the Moon and Moons.

>>> import moonbase
>>> game = moonbase.load("moon", difficulty="normal")
>>> state = game.new(seed=42)
>>> state.view(0)["energy"]
2.5
"""

from moonbase.core import (
    CHANCE,
    CorruptSave,
    Game,
    IllegalAction,
    InvalidOption,
    MoonbaseError,
    State,
    from_json,
    games,
    load,
)

__all__ = [
    "CHANCE",
    "CorruptSave",
    "Game",
    "IllegalAction",
    "InvalidOption",
    "MoonbaseError",
    "State",
    "from_json",
    "games",
    "load",
]
__version__ = "0.1.0"
