"""Moons hidden information: what each view shows, and resampling what a seat cannot know."""

from __future__ import annotations

import json
import random

import pytest

from moonbase.core import CHANCE
from moonbase.games.moons import MoonsGame, MoonsState
from moonbase.games.moons.cards import AST, CARD_NAMES, suit
from moonbase.games.moons.hidden import ALL_KINDS, deal_hidden, match_draws
from moonbase.games.moons.notation import tableau_action
from tests.games.moons.moons_helpers import STANDARD_TABLEAUS, play, scripted, standard, strings

MINIS_DEALT = {
    0: ["BONUS-JUPITER", "SET-BONUS"],
    1: ["BLOCK", "GRAB"],
    2: ["TOKEN-SWAP", "GRAB"],
    3: ["TABLEAU-SWAP", "GRAB"],
}


def names(cards):
    return {CARD_NAMES[c] for c in cards if c != AST}


def replay(state: MoonsState) -> MoonsState:
    again = state.game.new(state.seed, chance="explicit")
    for seat, action in state.history:
        again.apply(seat, action)
    return again


def mid_trick() -> MoonsState:
    """Trick 2 of the standard game: seats 2 and 3 have shown they hold no Saturn, seat 3 took
    N14 back from its tableau, seat 2 drew a Mini-Asteroid for an Asteroid."""
    state = standard(minis=MINIS_DEALT)
    play(state, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    play(state, "1 MINI GRAB URANUS", "1 PLAY S10", "2 PLAY AST")
    state.apply(CHANCE, "DRAW BLOCK")
    play(state, "3 MINI TABLEAU-SWAP N14 U2")
    return state


# ---------------------------------------------------------------------- views
def test_others_hands_and_face_down_tableaus_never_show():
    state = scripted(minis=MINIS_DEALT)
    state.apply(0, f"TABLEAU {STANDARD_TABLEAUS[0]}")
    view = state.view(1)
    assert view["tableaus"] == [None, [], None, None]
    assert view["chosen"] == [True, False, False, False]
    assert view["hand_sizes"] == [12, 15, 15, 15]
    seen = strings(view)
    for other in (0, 2, 3):
        assert not names(state.hands[other] + state.tableaus[other]) & seen
    assert not {"BONUS-JUPITER", "SET-BONUS", "TOKEN-SWAP", "TABLEAU-SWAP"} & seen
    assert state.view(0)["tableaus"][0] == ["S1", "S2", "J1"]
    for seat in (1, 2, 3):
        state.apply(seat, f"TABLEAU {STANDARD_TABLEAUS[seat]}")
    view = state.view(1)
    assert view["tableaus"][0] == ["S1", "S2", "J1"]
    seen = strings(view)
    for other in (0, 2, 3):
        assert not names(state.hands[other]) & seen


def test_spectator_sees_no_hand():
    state = mid_trick()
    view = state.view(None)
    assert view["hand"] is None
    assert view["minis"] is None
    seen = strings(view)
    for seat in range(4):
        assert not (names(state.hands[seat]) - {"N14"}) & seen  # N14 was seen going back
    json.dumps(view)


def test_view_keys_of_the_rule_page():
    view = mid_trick().view(0)
    for key in (
        "hand",
        "minis",
        "tableaus",
        "trick",
        "led",
        "tokens",
        "supply",
        "tricks",
        "round",
        "leader",
        "first_player",
        "earth",
        "blocked",
        "bonuses",
        "scores",
    ):
        assert key in view
    assert view["trick"] == [{"seat": 1, "card": "S10"}, {"seat": 2, "card": "AST"}]
    assert view["led"] == "SATURN"
    assert view["tokens"][1] == {"SATURN": 1, "JUPITER": 0, "NEPTUNE": 0, "URANUS": 1}
    assert view["voids"][2] == ["SATURN"]


# ---------------------------------------------------------------------- resampling
def test_resample_keeps_the_view_respects_voids_and_replays():
    state = mid_trick()
    before = state.to_json()
    hands_of_2 = set()
    minis_of_1 = set()
    for number in range(25):
        other = state.resample(0, random.Random(number))
        assert other.view(0) == state.view(0)
        # seats 2 and 3 failed to follow Saturn: no Saturn among their hidden cards
        for seat in (2, 3):
            assert not [c for c in other.hands[seat] if c != AST and suit(c) == 0]
        assert 41 in other.hands[3]  # N14, seen going back into the hand
        assert other.hands[0] == state.hands[0]
        assert sorted(other.hands[1] + other.hands[2] + other.hands[3]) == sorted(
            state.hands[1] + state.hands[2] + state.hands[3]
        )
        hands_of_2.add(tuple(other.hands[2]))
        minis_of_1.add(tuple(other.minis[1]))
        again = replay(other)
        assert again._snapshot() == other._snapshot()
    assert len(hands_of_2) > 1
    assert len(minis_of_1) > 1
    assert state.to_json() == before  # resampling leaves the original alone


def test_resample_redraws_a_face_down_tableau_and_rewrites_its_action():
    state = scripted(minis=MINIS_DEALT)
    state.apply(0, f"TABLEAU {STANDARD_TABLEAUS[0]}")
    tableaus = set()
    for number in range(20):
        other = state.resample(1, random.Random(number))
        assert other.view(1) == state.view(1)
        index = other.tableau_events[0]
        assert index is not None
        assert other.history[index] == (0, tableau_action(other.tableaus[0]))
        assert AST not in other.tableaus[0]
        tableaus.add(tuple(other.tableaus[0]))
        assert replay(other) == other
    assert len(tableaus) > 1


def test_own_tableau_and_hand_are_kept():
    state = scripted(minis=MINIS_DEALT)
    state.apply(0, f"TABLEAU {STANDARD_TABLEAUS[0]}")
    other = state.resample(0, random.Random(5))
    assert other.tableaus[0] == state.tableaus[0]
    assert other.hands[0] == state.hands[0]
    assert other.minis[0] == state.minis[0]


def test_resample_mid_deal_and_in_setup():
    state = MoonsGame(players=3).new(seed=2, chance="explicit")
    for _ in range(3):
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    other = state.resample(1, random.Random(0))
    assert other.view(1) == state.view(1)
    assert replay(other)._snapshot() == other._snapshot()
    for _ in range(3 + 10):
        state.apply(CHANCE, state.chance_outcomes()[-1][0])
    other = state.resample(2, random.Random(0))
    assert other.view(2) == state.view(2)
    assert replay(other)._snapshot() == other._snapshot()


@pytest.mark.parametrize("preset", ["3p", "4p", "6p", "4p-no-minis"])
def test_resample_anywhere_in_random_games(preset):
    game = MoonsGame(**MoonsGame.presets[preset])
    rng = random.Random(preset)
    for seed in range(2):
        state = game.new(seed)
        while not state.is_over:
            if rng.random() < 0.04:
                seat = rng.choice([None, *range(game.seats)])
                other = state.resample(seat, random.Random(rng.random()))
                assert other.view(seat) == state.view(seat)
                assert replay(other)._snapshot() == other._snapshot()
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


# ---------------------------------------------------------------------- the helpers
def test_deal_hidden_respects_every_mask():
    rng = random.Random(0)
    pool = list(range(56)) + [AST] * 4
    voids = [0b0011, 0b1100, 0, 0b0001]
    for _ in range(20):
        hands = deal_hidden(pool, [15] * 4, [ALL_KINDS & ~void for void in voids], rng)
        assert sorted(c for hand in hands for c in hand) == sorted(pool)
        assert [len(hand) for hand in hands] == [15] * 4
        for hand, void in zip(hands, voids, strict=True):
            assert all(c == AST or not void >> suit(c) & 1 for c in hand)


def test_match_draws_gives_played_cards_earlier_draws():
    rng = random.Random(1)
    for _ in range(30):
        outcome = match_draws([2, 4, 10, 12], [(5, 7), (11, 8)], [0, 1], rng)
        assert sorted(outcome) == [2, 4, 10, 12]
        assert sorted(outcome.values()) == [0, 1, 7, 8]
        assert next(event for event, kind in outcome.items() if kind == 7) < 5
        assert next(event for event, kind in outcome.items() if kind == 8) < 11


# ---------------------------------------------------------------------- the history a seat knows
def test_history_masks_other_hands_deals_draws_and_face_down_tableaus():
    state = scripted(minis=MINIS_DEALT)
    state.apply(0, f"TABLEAU {STANDARD_TABLEAUS[0]}")
    known = state.history_for(1)
    draws = [shown for _, shown in known[:8]]  # two Mini-Asteroids each, from seat 1 on
    assert draws == [
        "DRAW BLOCK",
        "DRAW ?",
        "DRAW ?",
        "DRAW ?",
        "DRAW GRAB",
        "DRAW ?",
        "DRAW ?",
        "DRAW ?",
    ]
    deals = [shown for _, shown in known[8:68]]
    assert deals[0::4] == [f"DEAL {name}" for name in sorted_hand(state, 1)]  # seat 1 first
    assert set(deals[1::4] + deals[2::4] + deals[3::4]) == {"DEAL ?"}
    assert known[68] == (0, "TABLEAU ? ? ?")
    assert state.history_for(0)[68] == (0, "TABLEAU S1 S2 J1"), "a seat's own action"
    for seat in (1, 2, 3):
        state.apply(seat, f"TABLEAU {STANDARD_TABLEAUS[seat]}")
    assert state.history_for(1)[68] == (0, "TABLEAU S1 S2 J1"), "revealed"
    assert {shown for _, shown in state.history_for(None)[:68]} == {"DEAL ?", "DRAW ?"}


def sorted_hand(state, seat):
    """The cards dealt to ``seat`` this round, in the order the scripted deal gave them."""
    return [CARD_NAMES[c] for c in sorted(state.hands[seat] + state.tableaus[seat])]


def test_earlier_rounds_deals_stay_masked_and_are_redealt():
    game = MoonsGame(players=3, mini_asteroids=False)
    state = game.new(seed=4)
    rng = random.Random(4)
    while state.round == 1:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    first_round = range(60)  # round 1 deals the 60 cards first
    known = state.history_for(0)
    for index in first_round:
        dealt_to = (1 + index) % 3  # seat 0 deals round 1, from its left
        shown = known[index][1]
        assert shown == state.history[index][1] if dealt_to == 0 else shown == "DEAL ?"
    orders = set()
    for number in range(10):
        other = state.resample(0, random.Random(number))
        assert other.history_for(0) == known
        orders.add(tuple(other.history[index] for index in first_round))
        assert replay(other)._snapshot() == other._snapshot()
    assert len(orders) > 1, "the order the other hands were dealt in is not known"


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_hands_play_ids_follow_the_hands_through_play_and_resampling(players: int) -> None:
    # hand_plays is kept beside the hands (the legal plays are sliced from it): it must name
    # the hand's Moon cards after every deal, tableau, play, tableau swap and resample.
    game = MoonsGame(players=players)
    play_id = game.table.play
    rng = random.Random(players)
    for seed in range(6):
        state = game.new(seed=seed, chance="explicit" if seed % 2 else "auto")
        while not state.is_over:
            states = [state, state.resample(rng.choice(range(players)), rng)]
            for each in states:
                for seat, hand in enumerate(each.hands):
                    assert each.hand_plays[seat] == sorted(play_id[c] for c in hand if c != AST)
            seat = rng.choice(state.to_act)
            if seat == CHANCE:
                state.apply_id(seat, rng.choice(state.chance_ids())[0])
            else:
                state.apply_id(seat, rng.choice(state.legal_ids(seat)))
