"""Moons Mini-Asteroids: each effect, and when they may be played."""

from __future__ import annotations

import random

import pytest

from moonbase.core import IllegalAction
from moonbase.games.moons import MoonsGame
from moonbase.games.moons.cards import MINI_INDEX, MINIS
from tests.games.moons.moons_helpers import (
    TIE_HANDS,
    TIE_TABLEAUS,
    play,
    scripted,
    standard,
    to_the_round_awards,
)

MINIS_DEALT = {
    0: ["BONUS-JUPITER", "SET-BONUS"],
    1: ["BLOCK", "GRAB"],
    2: ["TOKEN-SWAP", "GRAB"],
    3: ["TABLEAU-SWAP", "GRAB"],
}


def tokens(state, seat):
    return state.view(seat)["tokens"][seat]


def minis(state, seat):
    return state.view(seat)["minis"]


def test_the_reconstructed_deck():
    assert sum(mini.count for mini in MINIS) == 38
    counts = {mini.name: mini.count for mini in MINIS}
    assert counts["GRAB"] == counts["BLOCK"] == 6
    assert counts["TOKEN-SWAP"] == counts["TABLEAU-SWAP"] == 7
    assert counts["SET-BONUS"] == 4
    assert all(counts[f"BONUS-{p}"] == 2 for p in ("SATURN", "JUPITER", "NEPTUNE", "URANUS"))


def test_mini_is_optional_before_the_card_and_one_per_trick():
    state = standard(minis=MINIS_DEALT)
    legal = state.legal_actions(1)
    assert "MINI GRAB URANUS" in legal
    assert "MINI BLOCK SATURN" in legal
    assert "PLAY S9" in legal
    play(state, "1 MINI GRAB URANUS")
    assert state.to_act == (1,)  # still seat 1's turn: now its card
    assert all(action.startswith("PLAY") for action in state.legal_actions(1))
    with pytest.raises(IllegalAction, match="one Mini-Asteroid"):
        state.apply(1, "MINI BLOCK SATURN")
    play(state, "1 PLAY S9")
    assert any(action.startswith("MINI") for action in state.legal_actions(2))
    play(state, "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    # a new trick: seat 1 may play its other Mini-Asteroid
    assert "MINI BLOCK SATURN" in state.legal_actions(1)


def test_grab_takes_any_planet_from_the_supply():
    state = standard(minis=MINIS_DEALT)
    play(state, "1 mini grab uranus")
    assert state.history[-1] == (1, "MINI GRAB URANUS")
    assert tokens(state, 1)["URANUS"] == 1
    assert state.supply[3] == 16
    assert minis(state, 1) == ["BLOCK"]
    assert state.discard[MINI_INDEX["GRAB"]] == 1


def test_block_stops_gains_of_a_planet_until_the_trick_ends():
    state = standard(minis=MINIS_DEALT)
    play(state, "1 MINI BLOCK SATURN", "1 PLAY S9")
    assert state.view(2)["blocked"] == "SATURN"
    assert "MINI GRAB SATURN" not in state.legal_actions(2)
    assert "MINI GRAB JUPITER" in state.legal_actions(2)
    play(state, "2 PLAY N3", "3 PLAY U5", "0 PLAY S4")
    # seat 1 wins: its tableau shows Saturn (blocked) and Jupiter, so Jupiter without a choice
    assert tokens(state, 1) == {"SATURN": 0, "JUPITER": 1, "NEPTUNE": 0, "URANUS": 0}
    assert state.blocked is None
    assert state.to_act == (1,)


def test_block_also_stops_the_lowest_off_suit_token():
    state = standard(minis=MINIS_DEALT)
    play(state, "1 MINI BLOCK NEPTUNE", "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4")
    play(state, "1 TAKE SATURN")
    assert tokens(state, 2)["NEPTUNE"] == 0
    assert state.view(0)["blocked"] is None


def test_block_is_not_offered_on_a_planet_whose_supply_is_empty():
    state = standard(minis=MINIS_DEALT, tokens_per_planet=1)
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    assert state.view(1)["supply"] == {"SATURN": 0, "JUPITER": 1, "NEPTUNE": 0, "URANUS": 1}
    blocks = [action for action in state.legal_actions(1) if "BLOCK" in action]
    assert blocks == ["MINI BLOCK JUPITER", "MINI BLOCK URANUS"]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no SATURN or NEPTUNE token is left") as raised:
        state.apply(1, "MINI BLOCK SATURN")
    assert "MINI BLOCK SATURN" not in raised.value.allowed
    assert list(raised.value.allowed) == state.legal_actions(1)
    assert state.to_json() == before


def test_token_swap_exchanges_tokens_of_different_planets():
    state = standard(minis=MINIS_DEALT)
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    # seat 1 has a Saturn token, seat 2 a Neptune token
    play(state, "1 PLAY S10")
    legal = [action for action in state.legal_actions(2) if "TOKEN-SWAP" in action]
    assert legal == ["MINI TOKEN-SWAP 1 NEPTUNE SATURN"]
    play(state, "2 mini token-swap 1 nep sat")
    assert tokens(state, 2) == {"SATURN": 1, "JUPITER": 0, "NEPTUNE": 0, "URANUS": 0}
    assert tokens(state, 1) == {"SATURN": 0, "JUPITER": 0, "NEPTUNE": 1, "URANUS": 0}


def test_tableau_swap_exchanges_a_tableau_card_with_a_hand_card():
    state = standard(minis=MINIS_DEALT)
    play(state, "1 PLAY S9", "2 PLAY N3")
    assert "MINI TABLEAU-SWAP N14 U2" in state.legal_actions(3)
    assert not any("AST" in a for a in state.legal_actions(3) if "TABLEAU-SWAP" in a)
    play(state, "3 MINI TABLEAU-SWAP N14 U2")
    assert state.view(0)["tableaus"][3] == ["N8", "U1", "U2"]
    assert "N14" in state.view(3)["hand"]
    assert "U2" not in state.view(3)["hand"]
    # everyone saw N14 go back into seat 3's hand
    assert state.view(0)["known_in_hand"][3] == ["N14"]
    play(state, "3 PLAY N14")
    assert state.view(0)["known_in_hand"][3] == []


def test_tableau_swap_changes_the_planets_a_winner_may_take():
    state = standard(minis={**MINIS_DEALT, 1: ["BLOCK", "TABLEAU-SWAP"]})
    play(state, "1 MINI TABLEAU-SWAP J14 S13", "1 PLAY S9")
    play(state, "2 PLAY N3", "3 PLAY U5", "0 PLAY S4")
    # the tableau is now S8 S13 S14: Saturn only, taken without a choice
    assert tokens(state, 1)["SATURN"] == 1
    assert state.to_act == (1,)


def test_bonus_cards_are_kept_and_scored():
    state = scripted(hands=TIE_HANDS, tableaus=TIE_TABLEAUS, minis=MINIS_DEALT)
    to_the_round_awards(state, pause=0)
    play(state, "0 MINI BONUS-JUPITER")
    assert state.view(1)["bonuses"][0] == ["BONUS-JUPITER"]
    assert state.view(1)["mini_counts"][0] == 1
    assert state.discard == [0] * len(MINIS), "a bonus card is kept, not discarded"
    to_the_round_awards(state)
    assert tokens(state, 0) == {"SATURN": 4, "JUPITER": 0, "NEPTUNE": 0, "URANUS": 0}
    assert state.score(0).points == 6 + 1, "a Saturn triple and single; no Jupiter to bonus"
    play(state, "1 TAKE URANUS", "0 TAKE JUPITER")  # seats 1 and 0 tie for the most tricks
    # a Saturn triple (6) and single (1), a Jupiter single (1), and 1 per Jupiter token
    assert state.score(0).points == 6 + 1 + 1 + 1
    assert state.view(1)["bonuses"][0] == ["BONUS-JUPITER"], "kept into the next round"


def test_minis_stay_hidden_and_are_kept_between_tricks():
    state = standard(minis=MINIS_DEALT)
    view = state.view(2)
    assert view["minis"] == ["GRAB", "TOKEN-SWAP"]
    assert view["mini_counts"] == [2, 2, 2, 2]
    assert view["pile"] == 30
    assert "BLOCK" not in str(view)


def test_random_minis_game_conserves_cards_and_tokens():
    rng = random.Random(4)
    for seed in range(6):
        state = MoonsGame(players=4, tokens_per_planet=5).new(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            held = sum(map(sum, state.minis)) + sum(map(sum, state.bonuses))
            assert held + sum(state.pile) + sum(state.discard) == 38
            assert [sum(col) for col in zip(*state.tokens, strict=True)] == [
                5 - left for left in state.supply
            ]
            cards = sum(map(len, state.hands)) + sum(map(len, state.tableaus))
            assert cards + sum(map(len, state.played)) + len(state.undealt) == 60


def test_token_swap_may_not_move_a_blocked_planet():
    state = standard(minis=MINIS_DEALT)
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    play(state, "1 MINI BLOCK SATURN", "1 PLAY S10")
    assert not [action for action in state.legal_actions(2) if "TOKEN-SWAP" in action]
    with pytest.raises(IllegalAction, match="blocked"):
        state.apply(2, "MINI TOKEN-SWAP 1 NEPTUNE SATURN")
