"""The deck, the piles, the flip, the mission draw: what every adventure shares."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from moonbase import CHANCE
from moonbase.games.welcome_to_the_moon import WelcomeState
from moonbase.games.welcome_to_the_moon.cards import ACTIONS, CARD_TYPES, DECK_COUNTS
from tests.games.welcome_to_the_moon.helpers import draw, new, play, start, turn


def test_the_deck_is_the_63_cards_of_the_rule_page() -> None:
    per_number = Counter[int]()
    per_action = Counter[str]()
    for (number, action), count in zip(CARD_TYPES, DECK_COUNTS, strict=True):
        per_number[number] += count
        per_action[ACTIONS[action]] += count
    assert [per_number[n] for n in range(1, 16)] == [2, 2, 3, 4, 5, 6, 6, 7, 6, 6, 5, 4, 3, 2, 2]
    assert per_action == {
        "ROBOT": 14, "ENERGY": 14, "PLANT": 14, "WATER": 7, "ASTRONAUT": 7, "PLANNING": 7,
    }  # fmt: skip
    sevens = {ACTIONS[a]: c for (n, a), c in zip(CARD_TYPES, DECK_COUNTS, strict=True) if n == 7}
    assert sevens == {"ROBOT": 1, "ENERGY": 2, "PLANT": 2, "WATER": 1}
    state = new()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 53 and all(name.startswith("DRAW 1 ") for name in outcomes)
    assert outcomes["DRAW 1 8 ROBOT"] == pytest.approx(2 / 63)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_missions_are_drawn_one_per_letter_unless_fixed() -> None:
    state = new(missions=None)
    assert state.chance_outcomes() == [("MISSION A1", 0.5), ("MISSION A2", 0.5)]
    draw(state, "MISSION A2", "MISSION B1")
    assert [name for name, _ in state.chance_outcomes()] == ["MISSION C1", "MISSION C2"]
    draw(state, "MISSION C2")
    assert [m["card"] for m in state.view(0)["missions"]] == ["A2", "B1", "C2"]
    assert state.chance_outcomes()[0][0].startswith("DRAW 1 ")
    fixed = new(missions="C1,A2,B2")
    assert [m["card"] for m in fixed.view(None)["missions"]] == ["A2", "B2", "C1"]
    assert fixed.chance_outcomes()[0][0].startswith("DRAW 1 ")


def test_a_card_gives_its_number_now_and_its_action_next_turn() -> None:
    state = new()
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 WATER", "8 ASTRONAUT"))
    combos = state.view(0)["combinations"]
    assert combos == [
        {"number": 6, "action": "ROBOT"},
        {"number": 7, "action": "ENERGY"},
        {"number": 8, "action": "PLANT"},
    ]
    for seat in (0, 1, None):
        text = json.dumps(state.view(seat))
        assert "WATER" not in text and "ASTRONAUT" not in text, "a back shows before its flip"
    play(state, 0, "WRITE 1 ROB1.1")
    play(state, 1, "WRITE 3 PLT.1")
    assert state.to_act == (CHANCE,)
    assert all(name.startswith("DRAW 1 ") for name, _ in state.chance_outcomes())
    turn(state, "9 PLANT", "10 ROBOT", "11 ENERGY")
    assert state.view(1)["combinations"] == [
        {"number": 9, "action": "ROBOT"},
        {"number": 10, "action": "WATER"},
        {"number": 11, "action": "ASTRONAUT"},
    ]
    assert state.view(0)["piles"] == [{"draw": 18, "discard": 1}] * 3
    assert state.history[-3:] == [
        (CHANCE, "DRAW 1 9 PLANT"),
        (CHANCE, "DRAW 2 10 ROBOT"),
        (CHANCE, "DRAW 3 11 ENERGY"),
    ]


def _steady(state: WelcomeState, seat: int) -> str:
    """A write at the first free space after a floor's numbers (numbers come in rising),
    else the first legal action."""
    legal = state.legal_actions(seat)
    sheet = state.view(seat)["sheet"]["spaces"]
    for action in legal:
        words = action.split(" ")
        if words[0] == "WRITE":
            floor, index = words[2].split(".")
            before = [sheet[f"{floor}.{i}"] for i in range(1, int(index))]
            if all(value is not None for value in before):
                return action
    return legal[0]


def test_a_pile_that_runs_out_reshuffles_only_its_own_discard() -> None:
    state = new(missions="A1,B1,C2")
    drawn: list[list[str]] = [[], [], []]
    while state.turn < 21 or state.to_act != (CHANCE,):
        assert not state.is_over, "the game ended before the piles ran out"
        if state.to_act == (CHANCE,):
            name = state.chance_outcomes()[0][0]  # the lowest number left: numbers rise
            drawn[int(name.split(" ")[1]) - 1].append(name.split(" ", 2)[2])
            state.apply(CHANCE, name)
            continue
        seat = state.to_act[0]
        state.apply(seat, _steady(state, seat))
    assert [len(cards) for cards in drawn] == [21, 21, 21]
    # Pile 1's last card now shows its action: the other 20 are its new draw pile.
    expected = Counter(drawn[0][:-1])
    outcomes = state.chance_outcomes()
    assert {name.split(" ", 2)[2]: p * 20 for name, p in outcomes} == pytest.approx(dict(expected))
    assert all(name.startswith("DRAW 1 ") for name, _ in outcomes)
    state.apply(CHANCE, outcomes[-1][0])
    assert {name.split(" ", 2)[2] for name, _ in state.chance_outcomes()} == set(drawn[1][:-1])
    assert state.view(None)["piles"][1] == {"draw": 20, "discard": 0}


@pytest.mark.parametrize("players", [1, 3])
def test_a_draw_by_index_into_the_cards_picks_what_the_table_of_the_cards_left_picks(
    players: int,
) -> None:
    """The state draws a card as one index into a pile's cards in order, without a table of
    its weights: every draw must be the one the core's table of the weights (the cards left,
    in card order, with their counts) picks for the same seed and chance event."""
    import moonbase
    from moonbase.core.chance import ChanceTable

    game = moonbase.load("welcome-to-the-moon", players=players)
    for seed in range(3):
        auto = game.new(seed)
        explicit = game.new(seed, chance="explicit")
        rng = random.Random(seed)
        while not auto.is_over:
            if explicit.is_chance:
                table = ChanceTable(explicit._chance_weights())
                explicit.apply_id(CHANCE, table.pick(explicit.seed, explicit.chance_count))
                continue
            seat = rng.choice(auto.to_act)
            action = rng.choice(auto.legal_ids(seat))
            auto.apply_id(seat, action)
            explicit.apply_id(seat, action)
        assert explicit.is_over and explicit.history == auto.history
