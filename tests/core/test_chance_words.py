"""Chance hashed in blocks draws what chance hashed one event at a time draws, so seeds keep
their games: across blocks, after a resample's new seed, and from clones."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

import moonbase
from moonbase.core import CHANCE
from moonbase.core.chance import hash_word, hash_words
from moonbase.games.moon_leap.notation import ROLL_TABLE

SEEDS = st.one_of(
    st.integers(0, 1000), st.integers(-(2**80), 2**80), st.integers(2**64 - 10, 2**64 + 10)
)


@given(seed=SEEDS, counter=st.integers(0, 5000), count=st.integers(0, 70))
def test_a_block_of_words_is_each_event_hashed_alone(seed: int, counter: int, count: int) -> None:
    assert list(hash_words(seed, counter, count)) == [
        hash_word(seed, counter + k) for k in range(count)
    ]


def seed_of(state: moonbase.State) -> int:
    seed: int = json.loads(state.to_json())["seed"]
    return seed


def rolls_drawn(state: moonbase.State) -> list[int]:
    """The chance outcome ids of ``state``'s history, in order."""
    return [outcome for seat, outcome in state.history_ids if seat == CHANCE]


def test_a_long_game_draws_each_roll_from_its_own_event() -> None:
    state = moonbase.load("moon-leap", players=4).new(seed=2**70 + 3)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    rolls = rolls_drawn(state)
    assert len(rolls) > 80, "the game crosses several blocks of drawn-ahead words"
    assert rolls == [ROLL_TABLE.pick(2**70 + 3, k) for k in range(len(rolls))]


def test_a_resample_draws_from_its_new_seed_and_the_original_keeps_its_own() -> None:
    state = moonbase.load("moon-leap").new(seed=8)
    rng = random.Random(2)
    for _ in range(5):  # a few turns: words for the coming events are drawn ahead
        seat = state.to_act[0]
        state.apply_id(seat, state.legal_ids(seat)[0])
    clone = state.clone()
    other = state.resample(0, random.Random(3))
    for world in (state, clone, other):
        start = world.chance_count
        for _ in range(40):
            seat = world.to_act[0]
            world.apply_id(seat, rng.choice(world.legal_ids(seat)))
        drawn = rolls_drawn(world)[start:]
        assert drawn == [ROLL_TABLE.pick(seed_of(world), start + k) for k in range(len(drawn))]
    assert seed_of(other) != seed_of(state)
