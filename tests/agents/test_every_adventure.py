"""The bots play every Welcome to the Moon adventure to its end."""

from __future__ import annotations

import pytest

import moonbase
from moonbase.agents import make_agent, play


@pytest.mark.parametrize("adventure", range(1, 9))
def test_greedy_and_mcts_finish_every_adventure(adventure: int) -> None:
    game = moonbase.load("welcome-to-the-moon", adventure=adventure, players=2)
    state = play(game, [make_agent("greedy", 1), make_agent("mcts:iterations=3", 2)], seed=5)
    assert state.winners()
    assert len(state.scores()) == 2
