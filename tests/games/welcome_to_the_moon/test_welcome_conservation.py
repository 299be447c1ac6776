"""Conservation: along random games no card appears or vanishes, and marks only accumulate."""

from __future__ import annotations

import random

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon import WelcomeGame, WelcomeState
from moonbase.games.welcome_to_the_moon.cards import DECK_COUNTS


def _cards_in_place(state: WelcomeState) -> None:
    if state.solo:
        if state.phase.value == "over":
            return
        starship = len(DECK_COUNTS)
        in_play = sum(1 for card in state.cards if 0 <= card < starship)
        total = (
            len(state.unseen) + len(state.solo_unseen) + len(state.deck) + len(state.discard)
            + in_play + sum(state.astra_cards)
        )  # fmt: skip
        assert total == 66, f"{total} cards in the solo game"
        return
    counts = [0] * len(DECK_COUNTS)  # piles are their cards, in card order
    for card in state.unseen:
        counts[card] += 1
    for pile in range(3):
        for card in (state.action_cards[pile], state.number_cards[pile]):
            if card >= 0:
                counts[card] += 1
        for card in state.pools[pile] + state.discards[pile]:
            counts[card] += 1
    assert counts == list(DECK_COUNTS), "every card is in a pile, a discard or on show"


@pytest.mark.parametrize("preset", ["a1-4p", "a2-3p", "a1-solo", "a2-solo"])
def test_cards_are_conserved_and_marks_never_disappear(preset: str) -> None:
    options = WelcomeGame.presets[preset]
    game = moonbase.load("welcome-to-the-moon", **options)
    for seed in range(4):
        state = game.new(seed)
        assert isinstance(state, WelcomeState)
        rng = random.Random(seed)
        before = [bytes(sheet.marks) for sheet in state.sheets]
        spaces = set(state.adventure.data.space_slots)
        while not state.is_over:
            _cards_in_place(state)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for old, sheet in zip(before, state.sheets, strict=True):
                for slot, (mark, new) in enumerate(zip(old, sheet.marks, strict=True)):
                    if slot in spaces:
                        assert mark in (0, new), f"space {slot} was rewritten"
                    else:
                        assert new | mark == new, f"slot {slot} lost a mark"
            before = [bytes(sheet.marks) for sheet in state.sheets]
