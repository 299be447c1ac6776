"""Loading a game by name with options: every option name is the game's to judge."""

from __future__ import annotations

import pytest

import moonbase


@pytest.mark.parametrize("game", moonbase.games())
@pytest.mark.parametrize("option", ["name", "self"])
def test_an_option_named_like_a_parameter_is_refused_as_unknown(game: str, option: str) -> None:
    with pytest.raises(moonbase.InvalidOption, match=f"unknown option '{option}'; allowed: "):
        moonbase.load(game, **{option: 1})
