"""Saves written by moonbase before the integer engine still load, exactly as they were.

The fixtures were written once, by the release before issue 13, for every preset: a game
stopped after a dozen decisions and a game played to the end. Each must load, write itself back
byte for byte, and stand where it stood: the same scores, seats to act, legal actions, winners
and spectator view. A view may have gained keys since (a Welcome to the Moon sheet's ``marks``,
issue 14); every key it had keeps its value. A game may have gained options since (Moons'
``decline_awards``): the save loads with the value its game was played with
(``SAVED_DEFAULTS``), and is written back naming it, nothing else changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
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
    assert written_back(text, state.to_json(), state.game.SAVED_DEFAULTS)
    assert moonbase.from_json(state.to_json()).to_json() == state.to_json()
    assert state.scores() == expected["scores"]
    assert list(state.to_act) == expected["to_act"]
    assert {str(seat): state.legal_actions(seat) for seat in state.to_act} == expected["legal"]
    assert state.winners() == expected["winners"]
    assert kept(expected["view"], json.loads(json.dumps(state.view(None))))


def written_back(old: str, new: str, added: Mapping[str, object]) -> bool:
    """Whether save text ``new`` is ``old`` as it is written today: byte for byte, but for the
    options ``old`` does not name, ``added`` since with these values (and so its checksum).

    >>> written_back('{"options":{"a":1},"checksum":"x"}', '{"options":{"a":1},"checksum":"x"}', {})
    True
    >>> written_back('{"options":{},"checksum":"x"}', '{"options":{"b":true},"checksum":"y"}',
    ...              {"b": True})
    True
    >>> written_back('{"options":{},"checksum":"x"}', '{"options":{"b":false},"checksum":"y"}',
    ...              {"b": True})
    False
    """
    was, now = json.loads(old), json.loads(new)
    missing = {key: value for key, value in added.items() if key not in was["options"]}
    if not missing:
        return new == old
    if now["options"] != {**was["options"], **missing}:
        return False
    was.pop("checksum"), now.pop("checksum")
    now["options"] = was["options"]
    return now == was


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
