"""Conservation laws per game: what the rules may move around but never create or destroy.

Each law takes a state and fails an assertion if something appeared or vanished. The harness
looks a game's laws up by name; a game without an entry has none yet.
"""

from __future__ import annotations

from collections.abc import Callable

from moonbase.core import State
from moonbase.games.moon.competitive import NO_GOAL, CompetitiveState
from moonbase.games.moon.cooperative import CooperativeState
from moonbase.games.moon.state import MoonState


def _moon_cards(state: State) -> None:
    """Every goal card is in the deck, half-drawn, in a goal (pending, held, solved or copied
    into a register at setup) — 16 in all; bugs are in the deck or placed or held."""
    assert isinstance(state, MoonState)
    per_goal = 2 if state.width > 4 else 1
    in_deck = sum(count for card, count in state.deck.items() if len(card) == 4)
    half = 0 if state.half is None else 1
    bugs_in_deck = state.deck.get("BUG", 0)
    if isinstance(state, CooperativeState):
        pending = sum(1 for value in state.slots if value >= 0)
        total = in_deck + half + per_goal * (pending + state.solved)
        assert total == 16, f"{total} goal cards"
        placed = state.slots.count(-2)
        assert state.solved >= 0
        assert placed <= 2
        if not state.setup_registers:
            assert bugs_in_deck + placed == state.game.options["bugs"]
    else:
        assert isinstance(state, CompetitiveState)
        held = sum(1 for goal in state.goals if goal != NO_GOAL)
        solved = sum(len(goals) for goals in state.solved_goals)
        total = in_deck + half + per_goal * (held + solved)
        assert total == 16, f"{total} goal cards"
        assert bugs_in_deck + sum(state.bugs) == state.game.options["bugs"]


LAWS: dict[str, list[Callable[[State], None]]] = {
    "moon": [_moon_cards],
}
"""Conservation laws by game name."""
