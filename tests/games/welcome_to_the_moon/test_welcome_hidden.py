"""Hidden information: what ``history_for`` masks, and that resamples redraw the card backs and
the other seats' choices from what the seat can know only, with the exact distribution."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import moonbase
from moonbase import CHANCE
from moonbase.games.welcome_to_the_moon import WelcomeState
from tests.games.welcome_to_the_moon.helpers import new, play, start, turn


def _seed_2_at_turn_5() -> WelcomeState:
    """The game ``moonbase play welcome-to-the-moon --seed 2`` deals, played to turn 5 (the
    cards drawn do not depend on what the seats write)."""
    state = moonbase.load("welcome-to-the-moon").new(seed=2)
    assert isinstance(state, WelcomeState)
    while state.turn < 5:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def _backs(state: WelcomeState, first: int) -> tuple[str, ...]:
    """The backs of the three number cards whose draws start at history index ``first``."""
    return tuple(action.split(" ")[3] for _, action in state.history[first : first + 3])


def test_two_piles_showing_the_same_number_hide_both_backs_and_may_trade_them() -> None:
    state = _seed_2_at_turn_5()
    first = len(state.history) - 3
    assert state.history[first:] == [
        (CHANCE, "DRAW 1 2 PLANT"),
        (CHANCE, "DRAW 2 12 ASTRONAUT"),
        (CHANCE, "DRAW 3 2 ROBOT"),
    ], "the case reported: piles 1 and 3 both show a 2, and the deck has only two 2s"
    for seat in (0, 1, None):
        assert state.history_for(seat)[first:] == [
            (CHANCE, "DRAW 1 2 ?"),
            (CHANCE, "DRAW 2 12 ?"),
            (CHANCE, "DRAW 3 2 ?"),
        ]
        assert state.history_for(seat)[:first] == state.history[:first], "flipped: seen"
    swapped = Counter(
        _backs(state.resample(0, random.Random(number)), first)[::2] for number in range(400)
    )
    assert set(swapped) == {("PLANT", "ROBOT"), ("ROBOT", "PLANT")}
    assert swapped[("ROBOT", "PLANT")] / 400 == pytest.approx(0.5, abs=0.1)


def test_a_state_and_its_twin_resample_alike_when_two_piles_show_the_same_number() -> None:
    state = _seed_2_at_turn_5()
    twin = next(
        sample
        for number in range(50)
        if (sample := state.resample(0, random.Random(number))).history != state.history
    )
    assert twin.view(0) == state.view(0) and twin.history_for(0) == state.history_for(0)
    for key in range(20):
        for seat in (0, 1, None):
            assert (
                state.resample(seat, random.Random(key)).to_json()
                == twin.resample(seat, random.Random(key)).to_json()
            ), f"seat {seat}, Random({key}): the true backs show through the resample"


EXACT_FIVES = {
    ("ROBOT", "ROBOT"): 2 / 5 * 1 / 4,
    ("ROBOT", "ENERGY"): 2 / 5 * 2 / 4,
    ("ROBOT", "PLANT"): 2 / 5 * 1 / 4,
    ("ENERGY", "ROBOT"): 2 / 5 * 2 / 4,
    ("ENERGY", "ENERGY"): 2 / 5 * 1 / 4,
    ("ENERGY", "PLANT"): 2 / 5 * 1 / 4,
    ("PLANT", "ROBOT"): 1 / 5 * 2 / 4,
    ("PLANT", "ENERGY"): 1 / 5 * 2 / 4,
}
"""Two hidden 5s dealt from the deck's five (Robot ×2, Energy ×2, Plant): each pair of backs
with its exact probability; two Plants are impossible (there is one)."""


def test_hidden_backs_are_redrawn_with_the_exact_distribution() -> None:
    state = new()
    start(state, ("6 ROBOT", "6 ENERGY", "6 PLANT"), ("5 ROBOT", "5 ENERGY", "9 WATER"))
    samples = 4000
    pairs = Counter(
        _backs(state.resample(1, random.Random(number)), 3)[:2] for number in range(samples)
    )
    assert set(pairs) == set(EXACT_FIVES)
    for pair, probability in EXACT_FIVES.items():
        assert pairs[pair] / samples == pytest.approx(probability, abs=0.025), pair
    nines = Counter(_backs(state.resample(1, random.Random(n)), 3)[2] for n in range(600))
    assert set(nines) == {"ROBOT", "ENERGY", "PLANT", "WATER"}, "9s: R, E ×2, P ×2, W"
    assert nines["ENERGY"] / 600 == pytest.approx(2 / 6, abs=0.07)


def test_other_seats_choices_show_as_a_question_mark_until_the_turn_is_revealed() -> None:
    state = new(players=3)
    start(state)
    play(state, 0, "WRITE 1 ROB1.3")
    play(state, 2, "WRITE 3 PLT.1")
    mine, theirs = len(state.history) - 2, len(state.history) - 1
    assert state.history_for(1)[mine] == (0, "?") and state.history_for(1)[theirs] == (2, "?")
    assert state.history_for(None)[mine:] == [(0, "?"), (2, "?")]
    assert state.history_for(0)[mine:] == [(0, "WRITE 1 ROB1.3"), (2, "?")], "its own: shown"
    play(state, 1, "WRITE 2 ENE.1")
    turn(state, "9 PLANT", "10 ROBOT", "11 ENERGY")
    known = state.history_for(1)
    assert known[mine : mine + 3] == state.history[mine : mine + 3], "revealed with the turn"
    assert known[-3:] == [(CHANCE, "DRAW 1 9 ?"), (CHANCE, "DRAW 2 10 ?"), (CHANCE, "DRAW 3 11 ?")]
    assert known[3:6] == state.history[3:6], "last turn's number cards have flipped: seen"


def test_resampled_choices_depend_only_on_what_the_seat_sees() -> None:
    game = moonbase.load("welcome-to-the-moon", players=3, adventure=2)
    state = game.new(seed=9)
    rng = random.Random(2)
    checked = 0
    while not state.is_over and checked < 40:
        if state.phase.value == "play" and len(state.to_act) < 3:
            seat = state.to_act[0]
            twin = state.resample(seat, random.Random(checked))
            for key in range(3):
                first = state.resample(seat, random.Random(key))
                assert first.to_json() == twin.resample(seat, random.Random(key)).to_json()
            checked += 1
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked == 40


def test_solo_hides_nothing_in_the_history() -> None:
    state = moonbase.load("welcome-to-the-moon", players=1, adventure=6).new(seed=3)
    rng = random.Random(0)
    while state.turn < 4:
        state.apply(0, rng.choice(state.legal_actions(0)))
    assert state.history_for(0) == state.history == state.history_for(None)


def test_a_rare_unfinished_turn_is_redrawn_from_the_seat_s_knowledge_too() -> None:
    state = new(adventure=6)
    play(state, 0, "GREY Q10.5")
    play(state, 1, "GREY Q10.5")
    start(state, ("5 PLANT", "4 PLANNING", "5 ROBOT"), ("2 PLANT", "6 PLANNING", "7 ROBOT"))
    play(state, 0, "WRITE 1 Q2.1", "PLANT")
    play(state, 1, "WRITE 1 Q2.1", "SKIP")
    turn(state, "9 PLANT", "10 PLANNING", "11 ROBOT")
    play(state, 0, "WRITE 1 Q4.2", "PLANT")
    assert state.to_act == (0, 1), "the plant row's walkway is still to close"
    hidden = [state.history[-2], state.history[-1]]
    samples = (state.resample(1, random.Random(number)) for number in range(50))
    twin = next(sample for sample in samples if sample.history[-2:] != hidden)
    assert twin.view(1) == state.view(1) and twin.to_act == state.to_act
    redrawn = set()
    for key in range(30):
        first = state.resample(1, random.Random(key))
        assert first.to_json() == twin.resample(1, random.Random(key)).to_json(), key
        seat, action = first.history[-1]
        assert seat == 0 and action == "PLANT", "only a Plant that ends a row leaves a step"
        redrawn.add(first.history[-2][1])
    assert len(redrawn) > 5
