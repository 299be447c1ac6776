"""Loading a game by name with options: every option name and value is the game's to judge,
and a value it cannot take is an ``InvalidOption`` saying what is allowed."""

from __future__ import annotations

import pytest

import moonbase


@pytest.mark.parametrize("game", moonbase.games())
@pytest.mark.parametrize("option", ["name", "self"])
def test_an_option_named_like_a_parameter_is_refused_as_unknown(game: str, option: str) -> None:
    with pytest.raises(moonbase.InvalidOption, match=f"unknown option '{option}'; allowed: "):
        moonbase.load(game, **{option: 1})


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("energy", float("inf")),
        ("energy", float("-inf")),
        ("energy", float("nan")),
        ("energy", "Infinity"),
        ("max_rounds", "²"),
    ],
)
def test_numbers_no_game_can_use_are_refused(option: str, value: object) -> None:
    with pytest.raises(moonbase.InvalidOption, match=f"option '{option}': .* is not allowed"):
        moonbase.load("moon", **{option: value})
