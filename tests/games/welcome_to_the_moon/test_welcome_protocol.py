"""Options, notation and messages, hidden choices and resampling, saves."""

from __future__ import annotations

import random
import re

import pytest

import moonbase
from moonbase import CHANCE
from tests.games.welcome_to_the_moon.helpers import fill, new, play, sheet, start


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"adventure": 9}, "option 'adventure': 9 is not allowed"),
        ({"players": 7}, "option 'players': 7 is not allowed"),
        ({"players": 3, "level": 2}, "ASTRA's level is for the solo game"),
        ({"players": 1, "level": 9}, "option 'level': 9 is not allowed"),
        ({"missions": "A1,B1"}, "name one card of each letter A, B and C"),
        ({"missions": "A1,B1,D1"}, "D1 not allowed"),
    ],
)
def test_bad_options_are_refused_with_what_is_allowed(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(moonbase.InvalidOption, match=re.escape(message)):
        moonbase.load("welcome-to-the-moon", **options)


def test_an_adventure_not_implemented_yet_is_refused() -> None:
    from moonbase.games.welcome_to_the_moon.adventures import IMPLEMENTED, TITLES

    missing = [number for number in TITLES if number not in IMPLEMENTED]
    if not missing:
        pytest.skip("every adventure is implemented")
    allowed = ", ".join(str(number) for number in IMPLEMENTED)
    message = f"adventure {missing[0]} ({TITLES[missing[0]]}) is not implemented yet; allowed: "
    with pytest.raises(moonbase.InvalidOption, match=re.escape(message + allowed)):
        moonbase.load("welcome-to-the-moon", adventure=missing[0])


def test_options_and_defaults() -> None:
    game = moonbase.load("welcome-to-the-moon")
    assert game.options == {"players": 2, "adventure": 1, "missions": None, "level": None}
    solo = moonbase.load("welcome-to-the-moon", players="1", adventure="2")
    assert solo.options["level"] == 1 and solo.seats == 1
    assert not solo.has_hidden_information and game.has_hidden_information
    fixed = moonbase.load("welcome-to-the-moon", missions="b2, a1, c2")
    assert fixed.options["missions"] == ("A1", "B2", "C2")


def test_actions_are_read_leniently_and_printed_canonically() -> None:
    state = new()
    start(state)
    state.apply(0, "  write 1,  rob1.2 ")
    assert state.history[-1] == (0, "WRITE 1 ROB1.2")
    state.apply(1, "WRITE 3 #38")  # slot 38 is PLT.1
    assert state.history[-1] == (1, "WRITE 3 PLT.1")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("WRITE 4 ROB1.1", "combination 4 does not exist; choose 1, 2, 3"),
        ("WRITE 1 MARS.1", "MARS.1 is not a space of this sheet"),
        ("WRITE 1 ROB1.1 +1", "adventure 1 has no Astronaut change"),
        ("WRITE 1 ROB1.1 WILD WATER", "adventure 1 has no wild actions"),
        ("WRITE 1", "write WRITE <combination> <space>"),
        ("X ROB1.1", "first choose a combination"),
        ("ERROR", "a combination can be written, so ERROR is not allowed"),
        ("ACTIVATE Q2", "first choose a combination"),
    ],
)
def test_an_illegal_action_says_why_and_changes_nothing(action: str, message: str) -> None:
    state = new()
    start(state)
    before = state.to_json()
    with pytest.raises(moonbase.IllegalAction, match=message) as raised:
        state.apply(0, action)
    assert "allowed: WRITE 1 ROB1.1" in str(raised.value)
    assert state.to_json() == before


def test_a_seat_mid_turn_may_only_finish_its_steps() -> None:
    state = new()
    start(state, ("3 ASTRONAUT", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "6 ROBOT", "7 ROBOT"))
    fill(state, 0, AST1_1=1, AST1_2=2)
    play(state, 0, "WRITE 1 AST1.3")
    with pytest.raises(moonbase.IllegalAction, match="combination is chosen; finish its steps"):
        state.apply(0, "WRITE 2 ENE.1")
    with pytest.raises(moonbase.IllegalAction, match="steps left this turn: ACTIVATE, X"):
        state.apply(0, "X AST1.1")


def test_a_choice_stays_hidden_until_everyone_has_finished_and_resamples_redraw_it() -> None:
    state = new(players=3)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    before = state.view(1)
    play(state, 0, "WRITE 1 ROB1.3")
    view = state.view(1)
    assert view["sheets"][0] == before["sheets"][0]
    assert view["to_act"] == [1, 2] and view["done"] == [True, False, False]
    assert state.view(0)["sheet"]["spaces"]["ROB1.3"] == 6
    assert state.view(0)["sheets"] == view["sheets"], "the table shows no choice yet"
    assert state.view(None)["sheets"][0]["spaces"]["ROB1.3"] is None
    index = len(state.history) - 1
    seen = set()
    for number in range(12):
        sample = state.resample(1, random.Random(number))
        assert sample.view(1) == view and sample.to_act == state.to_act
        seen.add(sample.history[index])
        replayed = moonbase.load("welcome-to-the-moon", **sample.game.options).new(
            sample.seed, chance="explicit"
        )
        for seat, action in sample.history:
            replayed.apply(seat, action)
        assert replayed.summary() == sample.summary()
    assert len(seen) > 3, "seat 0's choice is redrawn among its legal choices"
    assert all(seat == 0 and action.startswith("WRITE") for seat, action in seen)
    own = state.resample(0, random.Random(1))
    assert own.history[index] == (0, "WRITE 1 ROB1.3"), "a seat's own choice is never redrawn"


def test_the_backs_of_number_cards_are_redrawn_but_never_their_numbers() -> None:
    state = new()
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    backs: dict[str, set[str]] = {"6": set(), "7": set(), "8": set()}
    for number in range(30):
        sample = state.resample(0, random.Random(number))
        for pile, (seat, action) in enumerate(sample.history[3:6], start=1):
            _, drawn_pile, drawn_number, back = action.split(" ")
            assert seat == CHANCE and (drawn_pile, drawn_number) == (str(pile), str(pile + 5))
            backs[drawn_number].add(back)
        assert sample.history[:3] == state.history[:3], "flipped cards are seen whole"
    assert backs["6"] == {"ROBOT", "ENERGY", "PLANT", "WATER", "ASTRONAUT", "PLANNING"}
    assert backs["8"] == {"ROBOT", "PLANT", "WATER", "ASTRONAUT", "PLANNING"}


def test_a_save_mid_turn_replays_exactly() -> None:
    state = moonbase.load("welcome-to-the-moon", players=3, adventure=2).new(seed=9)
    rng = random.Random(2)
    for _ in range(30):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    loaded = moonbase.from_json(state.to_json())
    assert loaded == state and str(loaded) == str(state)
    assert sheet(loaded, 0) == sheet(state, 0)
