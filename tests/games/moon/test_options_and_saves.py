"""MOON's options (every one validated, unknown ones refused) and its saves."""

from __future__ import annotations

import json
import re

import pytest

import moonbase
from tests.games.moon.helpers import draw, new, play


def test_defaults_are_filled_in_from_the_difficulty_tables() -> None:
    options = moonbase.load("moon", difficulty="normal").options
    assert options["energy"] == 2.5 and options["bugs"] == 1 and options["players"] == 1
    assert options["operations"] == (
        "INC", "DEC", "ROL", "ROR", "NOT", "MOV", "OR", "AND", "XOR",
    )  # fmt: skip
    competitive = moonbase.load("moon", mode="competitive", difficulty="master").options
    assert competitive["energy"] == 2.0 and competitive["bugs"] == 2
    assert competitive["players"] == 2
    assert len(moonbase.load("moon", extras=True).options["operations"]) == 14  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown option 'colour'; allowed: mode, players, difficulty"),
        ({"width": 7}, "option 'width': 7 is not allowed; allowed: 4, 5, 6"),
        ({"difficulty": "brutal"}, "allowed: easy, normal, hard, master"),
        ({"energy": 2.2}, "allowed: a number in steps of 0.5 from 0.5 to 20"),
        ({"energy": "lots"}, "'lots' is not allowed"),
        ({"bugs": 3}, "allowed: a whole number from 0 to 2"),
        ({"events": "maybe"}, "allowed: true, false"),
        ({"operations": "INC,FLY"}, "FLY not allowed; allowed: a comma-separated list of INC"),
        ({"operations": "INC,ADD"}, "ADD is a Kickstarter extra; set extras=true"),
        ({"players": 3}, "cooperative MOON has one seat"),
        ({"mode": "competitive", "players": 1}, "competitive MOON needs 2 to 4 players"),
        ({"hackers": "red"}, "hackers play only in competitive mode"),
        ({"mode": "competitive", "hackers": "red"}, "name one colour (or none) for each of the 2"),
        ({"mode": "competitive", "hackers": "red,red"}, "each hacker colour is one RAM card"),
        ({"mode": "competitive", "hackers": "red,blue"}, "blue not allowed"),
        ({"max_rounds": 1}, "option 'max_rounds': the round limit is for competitive mode only"),
        ({"mode": "cooperative", "max_rounds": 31}, "is for competitive mode only"),
    ],
)
def test_bad_options_are_refused_with_what_is_allowed(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(moonbase.InvalidOption, match=re.escape(message)):
        moonbase.load("moon", **options)


def test_a_cooperative_game_keeps_the_default_round_limit_that_every_save_holds() -> None:
    """A cooperative game ends when the deck is played out: ``max_rounds`` has no meaning there,
    but the default (which saves and ``repr`` write out) is accepted."""
    game = moonbase.load("moon", max_rounds=30)
    assert game.options["max_rounds"] == 30
    assert moonbase.from_json(game.new(seed=4).to_json()).game == game
    assert moonbase.load("moon", mode="competitive", max_rounds=1).options["max_rounds"] == 1


def test_the_first_game_preset_has_no_logic_operations() -> None:
    state = moonbase.load("moon", operations="INC,DEC,ROL,ROR,MOV,NOT").new(seed=3)
    assert not any(a.split()[0] in ("OR", "AND", "XOR") for a in state.legal_actions(0))


def test_same_register_is_a_decision_behind_an_option() -> None:
    state = new()
    draw(state, "0001", "0010", "0100", "1000")
    assert "XOR A A" not in state.legal_actions(0)
    with pytest.raises(moonbase.IllegalAction, match="the two operands must differ"):
        state.apply(0, "XOR A A")
    allowed = new(same_register=True)
    draw(allowed, "0001", "0010", "0100", "1000")
    play(allowed, 0, "MOV A B", "XOR A A")
    assert allowed.view(0)["registers"]["A"] == "0000"


def test_illegal_actions_say_why_and_change_nothing() -> None:
    state = new()
    draw(state, "0001", "0010", "0100", "1000")
    before = state.to_json()
    for action, reason in [
        ("FLY A", "FLY is not an operation"),
        ("INC E", "E is not a register"),
        ("INC", "INC takes 1 operand"),
        ("MOV RAM A", "RAM exists only in the competitive game"),
        ("PEEK 1", "PEEK is a competitive action"),
        ("NOR A B", "NOR is not in play"),
        ("REPAIR B", "REPAIR is chosen only when an OK card finds several errors"),
    ]:
        with pytest.raises(moonbase.IllegalAction, match=reason):
            state.apply(0, action)
    with pytest.raises(moonbase.IllegalAction, match="chance may not act now"):
        state.apply(moonbase.CHANCE, "DRAW 0011")
    assert state.to_json() == before


def test_a_save_round_trips_mid_game_with_its_randomness() -> None:
    state = moonbase.load("moon", mode="competitive", players=3, events=True).new(seed=9)
    for _ in range(20):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    loaded = moonbase.from_json(state.to_json())
    assert loaded == state
    for _ in range(30):
        action = state.legal_actions(state.to_act[0])[-1]
        state.apply(state.to_act[0], action)
        loaded.apply(loaded.to_act[0], action)
    assert loaded == state and loaded.history == state.history


def test_damaged_or_foreign_saves_are_refused_with_a_reason() -> None:
    state = moonbase.load("moon").new(seed=1)
    state.apply(0, "INC B")
    good = json.loads(state.to_json())
    tampered = dict(good, history=[*good["history"][:-1], [0, "INC C"]])
    cases = [
        ("{not json", "not JSON"),
        ("[1, 2]", "the JSON is not an object"),
        (json.dumps({**good, "format": "other"}), "'format' is 'other'"),
        (json.dumps({**good, "version": 99}), "version 99 is not supported"),
        (json.dumps(tampered), "the checksum does not match"),
        (json.dumps({k: v for k, v in good.items() if k != "seed"}), "missing seed"),
    ]
    for text, reason in cases:
        with pytest.raises(moonbase.CorruptSave, match=reason):
            moonbase.from_json(text)


def test_a_save_that_does_not_replay_is_refused() -> None:
    from moonbase.core.saves import _checksum

    state = moonbase.load("moon").new(seed=1)
    body = json.loads(state.to_json())
    body["history"].append([0, "INC Q"])
    del body["checksum"]
    body["checksum"] = _checksum(body)
    with pytest.raises(moonbase.CorruptSave, match=r"history entry .* 'INC Q'.*not a register"):
        moonbase.from_json(json.dumps(body))
