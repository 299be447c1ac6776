"""Damaged saves are refused with :class:`moonbase.CorruptSave` and a reason, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest

import moonbase
from moonbase.core import saves


def _resealed(body: dict[str, Any]) -> str:
    """``body`` with its checksum made right again (so that only the change is wrong)."""
    body = {key: value for key, value in body.items() if key != "checksum"}
    body["checksum"] = saves._checksum(body)
    return json.dumps(body)


@pytest.mark.parametrize("text", ["[" * 2000 + "]" * 2000, '{"a":' * 3000 + "1" + "}" * 3000])
def test_deep_nesting_is_refused_as_not_a_save(text: str) -> None:
    with pytest.raises(moonbase.CorruptSave, match=r"^not a moonbase save: its JSON nests"):
        moonbase.from_json(text)


def test_a_deep_save_given_as_data_is_refused_too() -> None:
    body = json.loads(moonbase.load("moon-leap").new(seed=2).to_json())
    nested: Any = 1
    for _level in range(100):
        nested = [nested]
    body["options"] = {"players": nested}
    with pytest.raises(moonbase.CorruptSave, match="nests lists and objects deeper than"):
        moonbase.from_json(body)


def test_a_truncated_save_says_where_it_breaks_off() -> None:
    text = moonbase.load("moon-leap").new(seed=2).to_json()
    with pytest.raises(moonbase.CorruptSave) as caught:
        moonbase.from_json(text[:30])
    assert str(caught.value) == (
        "not a moonbase save: not JSON (Unterminated string starting at line 1, column 27)"
    )
    with pytest.raises(moonbase.CorruptSave, match=r"at line 2, column 1\)$"):
        moonbase.from_json('{"format":\n')


def test_a_chance_outcome_that_cannot_be_drawn_names_those_that_can() -> None:
    body = json.loads(moonbase.load("moon-leap").new(seed=2).to_json())
    assert body["history"][0] == [moonbase.CHANCE, "ROLL 2"]
    body["history"][0][1] = "ROLL 9"
    with pytest.raises(moonbase.CorruptSave) as caught:
        moonbase.from_json(_resealed(body))
    assert str(caught.value) == (
        "save does not replay: history entry 0 (chance: 'ROLL 9') is not an outcome chance can "
        "draw now; allowed: ROLL 1, ROLL 2, ROLL 3, ROLL 4, ROLL 5, ROLL *"
    )


def test_a_seats_action_out_of_turn_still_says_who_acts() -> None:
    body = json.loads(moonbase.load("moon-leap").new(seed=2).to_json())
    body["history"].insert(0, [0, "MOVE 1"])
    with pytest.raises(moonbase.CorruptSave, match=r"\(seat 0: 'MOVE 1'\): seat 0 may not act"):
        moonbase.from_json(_resealed(body))
