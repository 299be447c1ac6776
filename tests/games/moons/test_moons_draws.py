"""The deal's chance draws computed all at once are the ones drawn event by event."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from moonbase.core import CHANCE
from moonbase.core.chance import draw_index, hash_words
from moonbase.games.moons import MoonsGame
from moonbase.games.moons.cards import AST
from moonbase.games.moons.draws import deck_positions

SEEDS = st.one_of(
    st.integers(0, 1000), st.integers(-(2**80), 2**80), st.integers(2**64 - 10, 2**64 + 10)
)


@given(seed=SEEDS, counter=st.integers(0, 5000), size=st.integers(0, 70))
def test_each_position_is_the_draw_of_its_chance_event(seed, counter, size):
    expected = [draw_index(seed, counter + k, size - k) for k in range(size)]
    assert deck_positions(hash_words(seed, counter, size), size) == expected


def test_counters_past_the_first_few_thousand_draw_alike():
    # chance.py keeps the counter's hash for the first 4096 events: cross that line
    expected = [draw_index(99, 4090 + k, 60 - k) for k in range(60)]
    assert deck_positions(hash_words(99, 4090, 60), 60) == expected


def test_an_auto_deal_deals_the_cards_the_seed_draws_one_event_at_a_time():
    game = MoonsGame(players=4)
    state = game.new(seed=11)
    deck = [*range(AST), *[AST] * 4]  # the undealt cards in deck order, the Asteroids last
    setup = 2 * game.seats  # the Mini-Asteroid draws come first
    drawn = [deck.pop(draw_index(11, setup + k, 60 - k)) for k in range(60)]
    outcomes = game.table.outcome_texts
    assert state.history[setup : setup + 60] == [
        (CHANCE, outcomes[game.table.deal[c]]) for c in drawn
    ]
