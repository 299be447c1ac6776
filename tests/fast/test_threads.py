"""Threads playing greedy MOON playouts of one game share its plan library, taking turns."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from moonbase import fast
from moonbase.agents.heuristics.moon import choose
from moonbase.agents.moon_planner import tables
from moonbase.fast import moon, moon_plans, reference
from moonbase.fast.moon_plans import PlanLibrary
from tests.fast.helpers import positions, preset_game

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")


@needs_numba
def test_threads_sharing_a_plan_library_play_the_heuristics_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The planner lets other threads run while it builds a table (its loops are compiled
    # without the GIL; a pause here makes it certain). Two additions interleaved, or an
    # addition under a playout reading the arrays, left the library wrong for good: later
    # playouts, in any thread, played other games than the heuristic, or never ended (the
    # kernel looping in compiled code: the threads are daemons, so the test fails instead).
    game = preset_game("moon", "competitive-3-hackers")
    states = [state for state, _ in positions(game, 24, 90)]
    expected = [reference.greedy_playout(state, choose) for state in states]
    library = PlanLibrary(game)
    monkeypatch.setattr(moon_plans, "library_of", lambda _game: library)

    def slow_tables(machine: Any) -> Any:
        time.sleep(0.002)
        return tables(machine)

    monkeypatch.setattr(moon_plans, "tables", slow_tables)
    found: dict[int, fast.Playout] = {}

    def play(first: int) -> None:
        for number in range(first, len(states), 3):
            found[number] = moon.greedy_playout(states[number])

    threads = [threading.Thread(target=play, args=(first,), daemon=True) for first in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a playout never ended"
    assert [found[number] for number in range(len(states))] == expected
    assert [moon.greedy_playout(state) for state in states] == expected
