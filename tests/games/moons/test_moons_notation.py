"""Moons notation, options, presets and the protocol basics."""

from __future__ import annotations

import contextlib
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
    with pytest.raises(IllegalAction, match="lead a card") as raised:
        state.apply(1, "PLAY N3")  # seat 1 leads: N3 is not in its hand
    assert raised.value.allowed == tuple(state.legal_actions(1))
    assert state.to_json() == before


def test_options_and_presets():
    assert MoonsGame().options == {
        "players": 4,
        "mini_asteroids": True,
        "tokens_per_planet": 17,
        "set_points": 10,
        "triple_points": 6,
        "single_points": 1,
        "decline_awards": False,
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


def test_legal_ids_are_exactly_the_ids_that_apply():
    from moonbase.games.moons.cards import CARD_NAMES

    rng = random.Random(8)
    for players in (3, 4, 6):
        state = MoonsGame(players=players).new(seed=players)
        game = state.game
        while not state.is_over:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                assert [game.action_text(i) for i in state.legal_ids(seat)] == legal
                candidates = {f"PLAY {name}" for name in CARD_NAMES}
                candidates |= {f"TAKE {p}" for p in ("SATURN", "JUPITER", "NEPTUNE", "URANUS")}
                names = rng.sample(CARD_NAMES[:-1], 12)
                candidates |= {
                    f"TABLEAU {a} {b} {c}"
                    for a, b, c in zip(names, names[1:], names[2:], strict=False)
                }
                candidates |= {action.replace("SATURN", "URANUS") for action in legal}
                candidates |= {"PASS", *rng.sample(game.actions.texts, 20)}
                for other in state.to_act:
                    candidates |= set(state.legal_actions(other))
                known = set()
                for text in candidates:
                    with contextlib.suppress(IllegalAction):  # not in the universe
                        known.add(game.action_text(game.action_id(text)))
                for action in sorted(known - set(legal)):
                    with pytest.raises(IllegalAction) as raised:
                        state.apply_id(seat, game.action_id(action))
                    assert raised.value.reason.startswith(f"{action!r} is not legal")
                    assert list(raised.value.allowed) == legal
                for action in rng.sample(legal, min(3, len(legal))):
                    state.clone().apply_id(seat, game.action_id(action))
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_tableau_universe_is_every_three_moon_cards():
    game = MoonsGame(players=4)
    tableaus = [text for text in game.actions.texts if text.startswith("TABLEAU ")]
    assert len(tableaus) == 56 * 55 * 54 // 6
    assert "TABLEAU S1 S2 AST" not in game.actions.texts
    with pytest.raises(IllegalAction, match="never an Asteroid"):
        game.action_id("tableau s1 s2 ast")
    assert game.action_id("tableau n7 s3 j14") == game.action_id("TABLEAU S3 J14 N7")
    assert MoonsGame(players=3).num_actions < game.num_actions  # token swaps with fewer seats
    assert not [text for text in MoonsGame(mini_asteroids=False).actions.texts if "MINI" in text]


def test_ids_are_stable_for_the_player_count_and_minis():
    assert MoonsGame(players=4, set_points=12).actions.texts == MoonsGame(players=4).actions.texts
    game = MoonsGame(players=4)
    assert game.action_id("PASS") == 3141
    assert game.action_id("PLAY AST") == 3142
    assert game.action_id("TABLEAU J1 J10 J11") == 3199
    assert game.chance_id("DEAL AST") == 0


def test_undealt_cards_are_resampled_mid_deal():
    state = MoonsGame(players=3, mini_asteroids=False).new(seed=4, chance="explicit")
    for _ in range(30):
        state.apply(CHANCE, state.chance_outcomes()[0][0])  # S1, S2, ... to seats 1, 2, 0
    decks = set()
    for number in range(10):
        other = state.resample(0, random.Random(number))
        assert other.view(0) == state.view(0)
        assert len(other.undealt) == 30
        decks.add(tuple(other.undealt))
    assert len(decks) > 1
