"""Moons rules: the deal, tableaus, the first player, tricks, awards, rounds and the end."""

from __future__ import annotations

import pytest

from moonbase.core import CHANCE, IllegalAction
from moonbase.games.moons import MoonsGame
from moonbase.games.moons.cards import card
from moonbase.games.moons.state import Phase
from tests.games.moons.moons_helpers import (
    ASTEROID_HANDS,
    ASTEROID_KEPT,
    ASTEROID_TABLEAUS,
    STANDARD_HANDS,
    STANDARD_TABLEAUS,
    TIE_HANDS,
    TIE_TABLEAUS,
    deal,
    lead_out,
    play,
    scripted,
    standard,
    to_the_round_awards,
)


def tokens(state, seat):
    return state.view(seat)["tokens"][seat]


# ---------------------------------------------------------------------- the deal and tableaus
def test_deal_is_chance_over_the_undealt_multiset():
    state = MoonsGame(players=4, mini_asteroids=False).new(seed=0, chance="explicit")
    assert state.to_act == (CHANCE,)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 57
    assert outcomes["DEAL AST"] == pytest.approx(4 / 60)
    assert outcomes["DEAL S1"] == pytest.approx(1 / 60)
    state.apply(CHANCE, "deal s1")
    assert state.history[-1] == (CHANCE, "DEAL S1")
    assert state.hands[1] == [card("S1")]  # dealt from the dealer's (seat 0's) left
    assert "DEAL S1" not in dict(state.chance_outcomes())


def test_minis_are_dealt_two_each_before_the_cards():
    state = MoonsGame(players=3).new(seed=0, chance="explicit")
    assert state.phase is Phase.SETUP
    outcomes = dict(state.chance_outcomes())
    assert outcomes["DRAW GRAB"] == pytest.approx(6 / 38)
    for _ in range(6):
        state.apply(CHANCE, "DRAW GRAB")
    assert [sum(m) for m in state.minis] == [2, 2, 2]
    assert state.phase is Phase.DEAL
    assert dict(state.chance_outcomes())["DEAL AST"] == pytest.approx(4 / 60)


def test_hand_sizes_by_player_count():
    for players, size in ((2, 30), (3, 20), (4, 15), (5, 12), (6, 10)):
        state = MoonsGame(players=players).new(seed=3)
        assert [len(hand) for hand in state.hands] == [size] * players


def test_tableau_is_simultaneous():
    state = scripted()
    assert state.phase is Phase.TABLEAU
    assert state.to_act == (0, 1, 2, 3)
    state.apply(2, "tableau u14 n1  n2")
    assert state.history[-1] == (2, "TABLEAU N1 N2 U14")
    assert state.to_act == (0, 1, 3)
    assert state.legal_actions(2) == []
    assert len(state.legal_actions(0)) == 364  # C(14, 3): the Asteroid may not be chosen
    with pytest.raises(IllegalAction, match="Asteroid"):
        state.apply(0, "TABLEAU S1 S2 AST")
    with pytest.raises(IllegalAction):
        state.apply(0, "TABLEAU S1 S2 N9")  # N9 is not in seat 0's hand
    for seat in (0, 1, 3):
        state.apply(seat, f"TABLEAU {STANDARD_TABLEAUS[seat]}")
    assert state.phase is Phase.TRICK
    assert state.revealed
    assert len(state.hands[0]) == 12


# ---------------------------------------------------------------------- the first player
def test_highest_tableau_card_takes_marker_and_earth():
    state = standard()
    assert state.first_player == state.earth == 1
    assert state.leader == state.turn == 1
    assert state.to_act == (1,)


def test_first_player_tie_compares_next_highest_card():
    tableaus = {0: "S1 J1 S2", 1: "S14 J9 S8", 2: "N1 U14 N2", 3: "N14 N10 U1"}
    state = scripted(tableaus=tableaus)
    # seat 1: 14 9 8, seat 2: 14 2 1, seat 3: 14 10 1 -> seat 3 on the second card
    assert state.first_player == state.earth == 3


def test_first_player_full_tie_goes_to_lower_seat():
    tableaus = {0: "S1 J1 S2", 1: "S14 J10 S8", 2: "N1 U14 N2", 3: "N14 N10 N8"}
    state = scripted(tableaus=tableaus)
    assert state.first_player == 1


# ---------------------------------------------------------------------- tricks
def test_following_suit_is_enforced():
    state = standard()
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5")
    legal = state.legal_actions(0)
    assert legal == sorted(f"PLAY {name}" for name in ("S3", "S4", "S5", "S6", "S7", "AST"))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="follow SATURN"):
        state.apply(0, "PLAY J2")
    assert state.to_json() == before


def test_void_players_may_play_anything():
    state = standard()
    play(state, "1 PLAY S9")
    assert len(state.legal_actions(2)) == 12  # no Saturn: any of its 12 cards


def test_asteroid_may_be_played_instead_of_following_and_draws_a_mini():
    state = standard(minis={seat: ["GRAB", "BLOCK"] for seat in range(4)})
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5")
    assert "PLAY AST" in state.legal_actions(0)
    play(state, "0 PLAY AST")
    assert state.to_act == (CHANCE,)
    state.apply(CHANCE, "DRAW TOKEN-SWAP")
    assert sum(state.minis[0]) == 3
    assert state.voids[0] == 0  # playing AST shows nothing about the hand


def test_asteroid_draw_needs_the_option():
    state = standard()
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY AST")
    assert state.to_act != (CHANCE,)
    assert sum(sum(m) for m in state.minis) == 0


def asteroid_game():
    """Three players, seat 1 leading every trick until it holds only its two Asteroids (the
    16th of 17 tricks): seat 2 then holds N9 and an Asteroid, seat 0 N14 and an Asteroid."""
    state = scripted(hands=ASTEROID_HANDS, players=3, tableaus=ASTEROID_TABLEAUS)
    assert "PLAY AST" not in state.legal_actions(1)
    lead_out(state, 15, ASTEROID_KEPT)
    assert [state.view(seat)["hand"] for seat in range(3)] == [
        ["N14", "AST"], ["AST", "AST"], ["N9", "AST"]
    ]  # fmt: skip
    return state


def test_asteroid_is_led_only_when_nothing_else_is_in_hand():
    state = standard()
    assert "PLAY AST" not in state.legal_actions(1), "seat 1 holds an Asteroid and Moon cards"
    state = asteroid_game()
    assert state.to_act == (1,)
    assert state.legal_actions(1) == ["PLAY AST"]


def test_first_moon_card_after_an_asteroid_lead_sets_the_planet():
    state = asteroid_game()
    play(state, "1 PLAY AST")
    assert state.led is None
    assert state.legal_actions(2) == ["PLAY AST", "PLAY N9"], "no led planet yet: anything goes"
    play(state, "2 PLAY N9")
    assert state.view(0)["led"] == "NEPTUNE"
    # seat 0 holds Neptune: it must follow (or play its Asteroid)
    assert state.legal_actions(0) == ["PLAY AST", "PLAY N14"]
    play(state, "0 PLAY N14")
    assert state.tricks == [1, 15, 0], "N14 is the highest Neptune: seat 0 wins"


def test_trick_winner_chooses_a_planet_of_its_own_tableau():
    state = standard()
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4")
    assert state.tricks == [0, 1, 0, 0]
    assert state.to_act == (1,)
    assert state.legal_actions(1) == ["TAKE JUPITER", "TAKE SATURN"]
    # the lowest off-suit card's token (N3: seat 2) comes after the winner's
    assert tokens(state, 2)["NEPTUNE"] == 0
    play(state, "1 take jup")
    assert tokens(state, 1) == {"SATURN": 0, "JUPITER": 1, "NEPTUNE": 0, "URANUS": 0}
    assert tokens(state, 2)["NEPTUNE"] == 1
    assert state.view(0)["supply"]["NEPTUNE"] == 16
    assert state.leader == state.turn == 1  # the winner leads the next trick


def test_winner_with_one_tableau_planet_takes_it_automatically():
    tableaus = {0: "S1 J1 S2", 1: "S14 S13 S8", 2: "N1 U14 N2", 3: "N14 U1 N8"}
    state = scripted(tableaus=tableaus)
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4")
    assert tokens(state, 1)["SATURN"] == 1
    assert state.to_act == (1,)  # leads the next trick: no TAKE was needed
    assert all(not action.startswith("TAKE") for action in state.legal_actions(1))


def test_lowest_off_suit_tie_gives_nobody_a_token():
    state = standard()
    play(state, "1 PLAY S10", "2 PLAY N4", "3 PLAY U4", "0 PLAY S5", "1 TAKE SATURN")
    assert state.last_trick is not None
    assert state.last_trick[2] is None
    assert sum(sum(row) for row in state.tokens) == 1  # only the winner's


def test_lowest_off_suit_ignores_asteroids():
    state = standard()
    play(state, "1 PLAY S10", "2 PLAY AST", "3 PLAY U6", "0 PLAY S5", "1 TAKE SATURN")
    assert tokens(state, 3)["URANUS"] == 1
    assert tokens(state, 2) == {"SATURN": 0, "JUPITER": 0, "NEPTUNE": 0, "URANUS": 0}


def test_a_trick_of_asteroids_has_no_winner():
    state = asteroid_game()
    before = [tokens(state, seat) for seat in range(3)]
    play(state, "1 PLAY AST", "2 PLAY AST", "0 PLAY AST")
    assert state.tricks == [0, 15, 0]
    assert state.last_trick is not None
    assert state.last_trick[1] is None
    assert [tokens(state, seat) for seat in range(3)] == before, "no token for anyone"
    assert state.turn == 1  # its leader leads again
    assert state.legal_actions(1) == ["PLAY AST"]


# ---------------------------------------------------------------------- round awards
def test_most_tricks_tie_and_zero_trick_awards():
    state = scripted(hands=TIE_HANDS, tableaus=TIE_TABLEAUS)
    assert state.first_player == 1
    to_the_round_awards(state)
    assert state.phase is Phase.AWARDS
    assert state.tricks == [4, 4, 3, 0]
    before = [tokens(state, seat) for seat in range(4)]
    # seats 0 and 1 share the most tricks: each takes any planet, in turn from the first player
    planets = ("SATURN", "JUPITER", "NEPTUNE", "URANUS")
    assert state.to_act == (1,)
    assert state.legal_actions(1) == sorted(f"TAKE {p}" for p in planets)
    play(state, "1 TAKE URANUS")
    assert state.to_act == (0,)
    assert state.legal_actions(0) == sorted(f"TAKE {p}" for p in planets)
    play(state, "0 TAKE NEPTUNE")
    # seat 3 took no trick: it takes a planet of its tableau (S8 J2 J3)
    assert state.to_act == (3,)
    assert state.legal_actions(3) == ["TAKE JUPITER", "TAKE SATURN"]
    play(state, "3 TAKE JUPITER")
    gained = [
        {p: tokens(state, seat)[p] - before[seat][p] for p in planets if tokens(state, seat)[p]
         != before[seat][p]}
        for seat in range(4)
    ]  # fmt: skip
    assert gained == [{"NEPTUNE": 1}, {"URANUS": 1}, {}, {"JUPITER": 1}]
    # the marker passes left; its new holder deals round 2; the Earth token stays
    assert state.phase is Phase.DEAL
    assert state.round == 2
    assert state.first_player == state.dealer == 2
    assert state.earth == 1
    assert state.to_act == (CHANCE,)
    assert state.deal_next == 3


def test_game_ends_after_every_player_has_dealt():
    state = standard(tokens_per_planet=99)  # the supply never runs out
    for round_number in range(1, 5):
        assert state.round == round_number
        to_the_round_awards(state)
        while state.phase is Phase.AWARDS:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[-1])
        if round_number < 4:
            assert state.phase is Phase.DEAL and not state.is_over
            assert state.dealer == state.first_player == (1 + round_number) % 4
            deal(state, STANDARD_HANDS)
            for seat, cards in STANDARD_TABLEAUS.items():
                state.apply(seat, f"TABLEAU {cards}")
    assert state.phase is Phase.OVER
    assert state.is_over
    assert state.to_act == ()
    assert state.round == 4, "every player has dealt once"
    assert min(state.supply) > 0, "it ended by the rounds, not by an empty supply"


# ---------------------------------------------------------------------- an empty supply
def test_exhausted_planet_is_replaced_and_supply_runs_out_mid_round():
    state = standard(tokens_per_planet=1)
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    assert state.supply == [0, 1, 0, 1]  # Saturn to seat 1, Neptune to seat 2
    # seat 1 wins again: Saturn is gone, so Jupiter (the other tableau planet) without a choice;
    # seat 3's U3 is the lowest off-suit card and takes the last token
    play(state, "1 PLAY S10", "2 PLAY N4", "3 PLAY U3", "0 PLAY S5")
    assert tokens(state, 1) == {"SATURN": 1, "JUPITER": 1, "NEPTUNE": 0, "URANUS": 0}
    assert tokens(state, 3)["URANUS"] == 1
    assert state.is_over
    assert state.tricks_played == 2
    assert state.winners() == [1]


def test_owed_token_of_exhausted_planet_is_lost_when_rule_allows_no_other():
    state = standard(tokens_per_planet=1)
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    # seat 2 plays N4, the lowest off-suit card, but Neptune is exhausted
    play(state, "1 PLAY S10", "2 PLAY N4", "3 PLAY U6", "0 PLAY S5")
    assert tokens(state, 2)["NEPTUNE"] == 1
    assert state.supply == [0, 0, 0, 1]
    assert not state.is_over


def test_the_winner_leads_the_next_trick():
    tableaus = {0: "S1 J1 S2", 1: "S8 S9 J8", 2: "U14 U13 U12", 3: "N14 U1 N8"}
    state = scripted(tableaus=tableaus)
    assert state.first_player == state.turn == 2  # 14 13 12 beats 14 8 1 and 9 8 8
    play(state, "2 PLAY N3", "3 PLAY N9", "0 PLAY S3", "1 PLAY J9", "3 TAKE URANUS")
    assert state.last_trick is not None
    assert state.last_trick[1:] == (3, 0)  # seat 3 won; S3 is the lowest off-suit card
    assert tokens(state, 0)["SATURN"] == 1
    assert state.leader == state.turn == 3
    assert state.first_player == 2
