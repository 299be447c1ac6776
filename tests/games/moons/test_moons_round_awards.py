"""Moons round awards played out: a player with no trick takes a token of its tableau, as the
rule page has it; with ``decline_awards`` (the rulebook's "mogą wziąć") it may PASS instead."""

from __future__ import annotations

import random

import pytest

from moonbase.core import IllegalAction
from moonbase.games.moons import MoonsGame
from moonbase.games.moons.state import Phase
from tests.games.moons.moons_helpers import (
    STANDARD_TABLEAUS,
    scripted,
    standard,
    to_the_round_awards,
)


def test_a_player_with_no_trick_takes_a_tableau_token() -> None:
    state = standard()
    assert state.game.options["decline_awards"] is False
    to_the_round_awards(state)
    assert state.phase is Phase.AWARDS and state.tricks[0] == 0
    while state.to_act != (0,):
        seat = state.to_act[0]
        assert "PASS" not in state.legal_actions(seat)
        state.apply(seat, state.legal_actions(seat)[-1])
    # seat 0's tableau is S1 S2 J1: Saturn or Jupiter, never nothing
    assert state.legal_actions(0) == ["TAKE JUPITER", "TAKE SATURN"]
    assert state.view(0)["may_pass"] is False
    before = state.to_json()
    with pytest.raises(IllegalAction, match="'PASS' is not legal"):
        state.apply(0, "PASS")
    assert state.to_json() == before
    state.apply(0, "TAKE SATURN")
    assert state.view(0)["tokens"][0]["SATURN"] == 1


def test_one_possible_planet_is_taken_for_the_player() -> None:
    state = scripted(tableaus={**STANDARD_TABLEAUS, 0: "S1 S2 S3"})
    to_the_round_awards(state)
    while 0 in state.to_act or state.phase is Phase.AWARDS:
        assert state.to_act != (0,), "seat 0 has nothing to choose"
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[-1])
    assert state.view(0)["tokens"][0]["SATURN"] == 1


def test_a_player_with_no_trick_may_take_a_tableau_token_or_pass() -> None:
    state = standard(decline_awards=True)
    to_the_round_awards(state)
    assert state.phase is Phase.AWARDS and state.tricks[0] == 0
    while state.to_act != (0,):  # the most tricks first (they must take), then no tricks
        seat = state.to_act[0]
        assert ("PASS" in state.legal_actions(seat)) == (state.tricks[seat] == 0)
        state.apply(seat, state.legal_actions(seat)[-1])
    # seat 0's tableau is S1 S2 J1: Saturn or Jupiter, or nothing
    assert state.legal_actions(0) == ["PASS", "TAKE JUPITER", "TAKE SATURN"]
    assert state.view(0)["may_pass"] is True
    before = state.view(0)["tokens"][0]
    supply = state.view(0)["supply"]
    state.apply(0, "pass")
    assert state.history[-1] == (0, "PASS")
    assert state.view(0)["tokens"][0] == before
    assert state.view(0)["supply"] == supply
    assert state.round == 2


def test_pass_is_offered_only_to_a_player_with_no_trick() -> None:
    state = standard()
    with pytest.raises(IllegalAction, match="'PASS' is not legal for seat 1") as raised:
        state.apply(1, "PASS")
    assert "PASS" not in raised.value.allowed
    for action in ("1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4"):
        seat, _, move = action.partition(" ")
        state.apply(int(seat), move)
    assert state.legal_actions(1) == ["TAKE JUPITER", "TAKE SATURN"], "a won trick pays"
    before = state.to_json()
    with pytest.raises(IllegalAction, match="TAKE"):
        state.apply(1, "PASS")
    assert state.to_json() == before


def test_one_possible_planet_is_still_a_choice_when_it_may_be_declined() -> None:
    # seat 0's tableau holds only Saturn: TAKE SATURN or PASS (no longer taken for it)
    state = scripted(tableaus={**STANDARD_TABLEAUS, 0: "S1 S2 S3"}, decline_awards=True)
    to_the_round_awards(state)
    while state.to_act != (0,):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[-1])
    assert state.legal_actions(0) == ["PASS", "TAKE SATURN"]
    state.apply(0, "TAKE SATURN")
    assert state.view(0)["tokens"][0]["SATURN"] == 1


def test_taking_the_last_token_ends_the_game_and_passing_goes_on() -> None:
    found = 0
    for seed in range(20):
        game = MoonsGame(players=5, mini_asteroids=False, tokens_per_planet=4, decline_awards=True)
        state = game.new(seed)
        rng = random.Random(seed)
        while not state.is_over:
            last = sum(state.supply) == 1 and not state.awards and state.round < 5
            if state.view(0)["may_pass"] and last:
                seat = state.to_act[0]
                taken = state.clone()
                taken.apply(seat, taken.legal_actions(seat)[-1])
                assert taken.is_over, "the supply is empty: the game ends"
                passed = state.clone()
                passed.apply(seat, "PASS")
                assert not passed.is_over and passed.round == state.round + 1
                found += 1
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert found, "no game reached a last token a player with no trick could take"


def test_pass_is_never_offered_alone() -> None:
    """A player with no trick whose tableau planets have all run out is not asked."""
    offers = 0
    for seed in range(10):
        game = MoonsGame(players=6, mini_asteroids=False, tokens_per_planet=6, decline_awards=True)
        state = game.new(seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.view(0)["may_pass"]:
                seat = state.to_act[0]
                offered = [action.removeprefix("TAKE ") for action in state.legal_actions(seat)]
                assert offered[0] == "PASS" and len(offered) > 1
                assert all(state.view(0)["supply"][planet] for planet in offered[1:])
                offers += 1
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert offers
