"""Moons notation, options, presets and the protocol basics."""

from __future__ import annotations

import random

import pytest

import moonbase
from moonbase.core import CHANCE, IllegalAction, InvalidOption
from moonbase.games.moons import MoonsGame
from moonbase.games.moons.notation import canonical
from tests.games.moons.moons_helpers import play, standard


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("tableau n7 s3 j14", "TABLEAU S3 J14 N7"),
        ("  TABLEAU   U1, S14 ,s2 ", "TABLEAU S2 S14 U1"),
        ("play j5", "PLAY J5"),
        ("play ast", "PLAY AST"),
        ("mini grab uranus", "MINI GRAB URANUS"),
        ("mini block s", "MINI BLOCK SATURN"),
        ("mini token-swap 2 saturn uranus", "MINI TOKEN-SWAP 2 SATURN URANUS"),
        ("mini tableau-swap s3 j9", "MINI TABLEAU-SWAP S3 J9"),
        ("mini bonus-jupiter", "MINI BONUS-JUPITER"),
        ("mini set-bonus", "MINI SET-BONUS"),
        ("take saturn", "TAKE SATURN"),
        ("deal s5", "DEAL S5"),
        ("draw grab", "DRAW GRAB"),
        ("play s15", "PLAY S15"),  # not a card: only normalised
    ],
)
def test_parsing_is_lenient_and_printing_canonical(typed, printed):
    assert canonical(typed) == printed


def test_legal_actions_are_sorted_unique_and_canonical():
    state = standard()
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        assert legal == sorted(set(legal))
        assert all(canonical(action) == action for action in legal)


def test_garbage_is_refused_and_changes_nothing():
    state = standard()
    before = state.to_json()
    for action in ("", "dance", "PLAY", "PLAY X9", "TAKE PLUTO", "MINI GRAB SATURN"):
        with pytest.raises(IllegalAction):
            state.apply(1, action)
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(0, "PLAY S3")
    assert state.to_json() == before


def test_options_and_presets():
    assert MoonsGame().options == {
        "players": 4,
        "mini_asteroids": True,
        "tokens_per_planet": 17,
        "set_points": 10,
        "triple_points": 6,
        "single_points": 1,
    }
    assert set(MoonsGame.presets) == {"3p", "3p-no-minis", "4p", "4p-no-minis", "6p", "6p-no-minis"}
    assert MoonsGame(players=2).seats == 2  # the unofficial variant
    for bad in ({"players": 1}, {"players": 7}, {"tokens_per_planet": 0}, {"colour": "red"}):
        with pytest.raises(InvalidOption):
            MoonsGame(**bad)


def test_registered_and_saves_round_trip():
    assert "moons" in moonbase.games()
    state = moonbase.load("moons", players=3).new(seed=9)
    rng = random.Random(9)
    for _ in range(80):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    loaded = moonbase.from_json(state.to_json())
    assert loaded == state
    clone = state.clone()
    assert clone == state
    seat = clone.to_act[0]
    clone.apply(seat, clone.legal_actions(seat)[0])
    assert clone != state


def test_clone_is_independent():
    state = standard()
    clone = state.clone()
    play(clone, "1 PLAY S9", "2 PLAY N3", "3 PLAY U5", "0 PLAY S4", "1 TAKE SATURN")
    assert state.tokens == [[0] * 4 for _ in range(4)]
    assert len(state.hands[1]) == 12
    assert state.trick == []


def test_games_end_within_the_bound():
    rng = random.Random(2)
    for preset in MoonsGame.presets.values():
        game = MoonsGame(**preset)
        state = game.new(seed=rng.randrange(1000))
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert len(state.history) <= game.max_history
        assert state.winners()
        assert str(state).splitlines()[-1].startswith("game over")


def test_fast_legality_check_agrees_with_the_legal_actions():
    from moonbase.games.moons.cards import CARD_NAMES

    rng = random.Random(8)
    for players in (3, 4, 6):
        state = MoonsGame(players=players).new(seed=players)
        while not state.is_over:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                candidates = set(legal)
                candidates |= {f"PLAY {name}" for name in CARD_NAMES}
                candidates |= {f"TAKE {p}" for p in ("SATURN", "JUPITER", "NEPTUNE", "URANUS")}
                names = rng.sample(CARD_NAMES, 12)
                candidates |= {
                    f"TABLEAU {a} {b} {c}"
                    for a, b, c in zip(names, names[1:], names[2:], strict=False)
                }
                candidates |= {action.replace("SATURN", "URANUS") for action in legal}
                candidates |= {"TABLEAU S1 S1 S2", "MINI GRAB", "PLAY", "TAKE"}
                for other in state.to_act:
                    candidates |= set(state.legal_actions(other))
                for action in candidates:
                    assert state._is_legal(seat, action) == (action in legal), action
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_undealt_cards_are_resampled_mid_deal():
    state = MoonsGame(players=3, mini_asteroids=False).new(seed=4, chance="explicit")
    for _ in range(30):
        state.apply(CHANCE, state.chance_outcomes()[0][0])  # S1, S2, ... to seats 1, 2, 0
    decks = set()
    for number in range(10):
        other = state.resample(0, random.Random(number))
        assert other.view(0) == state.view(0)
        assert sum(count for _, count in other.undealt) == 30
        decks.add(tuple(other.undealt))
    assert len(decks) > 1
