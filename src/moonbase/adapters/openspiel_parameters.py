"""A game's options as OpenSpiel game parameters, and back.

OpenSpiel parameters are typed (bool, int, float, string) and every one has a default, so each
option kind maps to one parameter type:

========  ==========  =====================================================================
option    parameter   written in a game string
========  ==========  =====================================================================
bool      bool        ``events=True``
int       int         ``players=3``
number    float       ``energy=2.5`` (OpenSpiel reads ``2`` as an int: write ``2.0``)
choice    string      ``difficulty=hard``
list      string      ``operations=INC+DEC+MOV`` (``+`` between words, since OpenSpiel
                      splits a game string at commas; a dict of parameters may use commas)
text      string      ``board=short.json``
========  ==========  =====================================================================

An option whose default moonbase works out from the other options (MOON's ``energy`` follows the
difficulty) gets a parameter default that is no allowed value — ``-1`` for numbers, the empty
string for words — and meaning "as moonbase decides". A parameter left at its default is not
passed to moonbase at all, so moonbase's own defaults and checks apply unchanged.

>>> import moonbase
>>> spec = parameter_defaults(moonbase.load("moon"))
>>> spec["difficulty"], spec["energy"], spec["operations"], spec["events"]
('easy', -1.0, '', False)
>>> options_from_parameters(moonbase.load("moon"), {"energy": -1.0, "operations": "INC+DEC"})
{'operations': 'INC,DEC'}
"""

from __future__ import annotations

from collections.abc import Mapping

from moonbase.core import Game, InvalidOption
from moonbase.core.options import Option

__all__ = [
    "LIST_SEPARATOR",
    "options_from_parameters",
    "parameter_defaults",
    "parameters_from_options",
]

LIST_SEPARATOR = "+"
"""What separates the words of a list option in an OpenSpiel game string."""

ParameterValue = bool | int | float | str
_DERIVED_NUMBER = -1
_DERIVED_WORD = ""


def _default(option: Option) -> ParameterValue:
    """The parameter default standing for ``option``'s default."""
    value = option.default
    if option.kind == "bool":
        return bool(value)
    if option.kind == "int":
        return _derived_number(option) if value is None else int(value)  # type: ignore[arg-type]
    if option.kind == "number":
        if value is None:
            return float(_derived_number(option))
        return float(value)  # type: ignore[arg-type]
    if value is None:
        return _DERIVED_WORD
    if isinstance(value, tuple):
        return LIST_SEPARATOR.join(value)
    return str(value)


def _derived_number(option: Option) -> int:
    try:
        option.parse(_DERIVED_NUMBER)
    except InvalidOption:
        return _DERIVED_NUMBER
    raise AssertionError(f"option {option.name!r} allows {_DERIVED_NUMBER}: pick another stand-in")


def parameter_defaults(game: Game) -> dict[str, ParameterValue]:
    """Every option of ``game``'s kind as a parameter name with its typed default (OpenSpiel's
    ``parameter_specification``)."""
    return {option.name: _default(option) for option in game.option_specs}


def options_from_parameters(game: Game, parameters: Mapping[str, object]) -> dict[str, object]:
    """The options to give moonbase for OpenSpiel ``parameters`` (a parameter at its default is
    left out; list words are rejoined with commas). Unknown names raise
    :class:`~moonbase.InvalidOption` naming the allowed ones."""
    specs = {option.name: option for option in game.option_specs}
    options: dict[str, object] = {}
    for name, value in parameters.items():
        option = specs.get(name)
        if option is None:
            raise InvalidOption(
                f"unknown parameter {name!r} for {game.title}; allowed: {', '.join(specs)}"
            )
        if value == _default(option) and type(value) is type(_default(option)):
            continue
        if option.kind == "list" and isinstance(value, str):
            value = ",".join(word for word in value.replace(LIST_SEPARATOR, ",").split(","))
        options[name] = value
    return options


def parameters_from_options(game: Game, options: Mapping[str, object]) -> dict[str, ParameterValue]:
    """OpenSpiel parameters for moonbase ``options`` given as :func:`moonbase.load` takes them
    (numbers as floats, lists joined with ``+``); moonbase checks the values when the game is
    made.

    >>> import moonbase
    >>> parameters_from_options(moonbase.load("moon"), {"energy": 3, "operations": ("INC", "DEC")})
    {'energy': 3.0, 'operations': 'INC+DEC'}
    """
    specs = {option.name: option for option in game.option_specs}
    parameters: dict[str, ParameterValue] = {}
    for name, value in options.items():
        option = specs.get(name)
        if option is None:
            raise InvalidOption(
                f"unknown option {name!r} for {game.title}; allowed: {', '.join(specs)}"
            )
        if option.kind == "number" and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        elif option.kind == "list" and isinstance(value, tuple | list):
            value = LIST_SEPARATOR.join(str(word) for word in value)
        elif option.kind == "list" and isinstance(value, str):
            value = value.replace(",", LIST_SEPARATOR)
        if not isinstance(value, bool | int | float | str):
            raise InvalidOption(
                f"option {name!r}: {value!r} is not allowed; allowed: {option.allowed}"
            )
        parameters[name] = value
    return parameters
