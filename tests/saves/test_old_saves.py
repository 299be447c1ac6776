"""Saves written by moonbase before the integer engine still load, exactly as they were.

The fixtures were written once, by the release before issue 13, for every preset: a game
stopped after a dozen decisions and a game played to the end. Each must load, write itself back
byte for byte, and stand where it stood: the same scores, seats to act, legal actions, winners
and spectator view. A view may have gained keys since (a Welcome to the Moon sheet's ``marks``,
issue 14); every key it had keeps its value.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import moonbase

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_an_old_save_loads_as_it_was(file: str) -> None:
    text = (FIXTURES / file).read_text().strip()
    state = moonbase.from_json(text)
    expected = EXPECTED[file]
    assert state.to_json() == text
    assert state.scores() == expected["scores"]
    assert list(state.to_act) == expected["to_act"]
    assert {str(seat): state.legal_actions(seat) for seat in state.to_act} == expected["legal"]
    assert state.winners() == expected["winners"]
    assert kept(expected["view"], json.loads(json.dumps(state.view(None))))


def kept(old: object, new: object) -> bool:
    """Whether ``new`` holds everything ``old`` held, unchanged (dicts may have gained keys).

    >>> kept({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2, "c": 3}], "d": 4})
    True
    >>> kept({"a": [1, {"b": 2}]}, {"a": [1, {"b": 5}]}), kept([1, 2], [1, 2, 3])
    (False, False)
    """
    if isinstance(old, dict):
        return isinstance(new, dict) and all(
            key in new and kept(value, new[key]) for key, value in old.items()
        )
    if isinstance(old, list):
        return (
            isinstance(new, list)
            and len(old) == len(new)
            and all(kept(a, b) for a, b in zip(old, new, strict=True))
        )
    return old == new


def test_every_preset_has_old_saves() -> None:
    presets = {
        f"{name}-{preset}"
        for name in moonbase.games()
        for preset in moonbase.core.game_class(name).presets
    }
    saved = {file.rsplit("-", 1)[0] for file in EXPECTED}
    assert saved == presets
