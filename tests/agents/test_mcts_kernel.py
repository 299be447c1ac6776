"""MCTS with its rollouts played by the compiled kernels (``kernel=on``): random ones, and
MOON's, Moon Leap's and Moons' greedy ones (cut short too)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import moonbase
from moonbase import fast
from moonbase.agents import make_agent
from moonbase.agents.mcts import MCTSAgent, Settings, final_reward, margins_reward
from moonbase.core import State
from moonbase.fast import reference
from tests.agents.helpers import GAMES, decision_points

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")
KERNEL_GAMES = ["moon-coop", "moon-competitive", "moon-leap"]
SPEC = "mcts:iterations=24,rollout=random"


class ReferenceRollouts(MCTSAgent):
    """MCTS whose rollouts are the reference playouts, drawn from the same seeds the kernel
    path draws, to the end or cut at the search's depth: the search the kernel must
    reproduce."""

    def _rollout(self, world: State, seat: int, search: object) -> float:
        settings: Settings = search.settings  # type: ignore[attr-defined]
        baseline: float = search.baseline  # type: ignore[attr-defined]
        played = reference.playout(world, self.rng.getrandbits(63), settings.depth)
        if played.over:
            return final_reward(played.scores, played.winners, seat, baseline)
        return margins_reward(played.scores, seat, baseline)


@needs_numba
@pytest.mark.parametrize("depth", [0, 3])
@pytest.mark.parametrize("name", [*KERNEL_GAMES, "moons"])
def test_kernel_rollouts_search_as_the_reference_rollouts_do(name: str, depth: int) -> None:
    """Random rollouts to the end (depth 0) or cut after three turns and judged by the
    scores: the kernel's search is the reference playouts' search, visit for visit."""
    for number, state in enumerate(decision_points(GAMES[name], seed=5, every=3, limit=4)):
        seat = state.to_act[0]
        observed = state.resample(seat, random.Random(number))
        spec: dict[str, object] = {"iterations": 24, "rollout": "random", "depth": depth}
        kernel = MCTSAgent(seed=number, **spec).search(observed, seat)
        slow = ReferenceRollouts(seed=number, **spec)
        assert kernel == slow.search(observed, seat), (name, number)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_kernel_rollouts_choose_legal_actions_from_the_view_alone(name: str) -> None:
    for number, state in enumerate(decision_points(GAMES[name], seed=7, every=3, limit=6)):
        for seat in state.to_act:
            twin = state.resample(seat, random.Random(number))
            assert twin.view(seat) == state.view(seat)
            first = make_agent(SPEC, seed=number).choose(state, seat)
            assert first in state.legal_actions(seat)
            assert first == make_agent(SPEC, seed=number).choose(twin, seat)


@needs_numba
@pytest.mark.parametrize(
    ("name", "depth"),
    [
        ("moon-coop", None),
        ("moon-coop", 4),
        ("moon-competitive", None),
        ("moon-leap", 0),
        ("moon-leap", 10),
        ("moons", 0),
        ("moons", 30),
    ],
)
def test_greedy_kernel_rollouts_search_as_the_python_greedy_rollouts_do(
    name: str, depth: int | None
) -> None:
    """The same search, visit for visit and value for value, with the greedy rollouts played
    by the kernel — to the end, or cut at ``depth`` turns and judged by the scores — or
    through the rules engine."""
    for number, state in enumerate(decision_points(GAMES[name], seed=3, every=5, limit=4)):
        seat = state.to_act[0]
        spec: dict[str, object] = {"iterations": 24, "rollout": "greedy"}
        if depth is not None:
            spec["depth"] = depth
        on = MCTSAgent(seed=number, **spec)
        off = MCTSAgent(seed=number, kernel="off", **spec)
        assert on.search(state, seat) == off.search(state, seat), number


def test_kernel_off_and_explicit_chance_keep_the_python_rollouts() -> None:
    state = moonbase.load("moon-leap", players=3).new(seed=4, chance="explicit")
    state.apply(moonbase.CHANCE, "ROLL 3")
    stats = MCTSAgent(seed=1, iterations=20, rollout="random").search(state, 0)
    assert sum(visits for visits, _ in stats.values()) == 20
    agent = MCTSAgent(seed=1, iterations=20, rollout="random", kernel="off")
    assert agent.settings_for(state.game).spec.endswith(",kernel=off")
    assert sum(visits for visits, _ in agent.search(state, 0).values()) == 20


def test_a_bad_kernel_setting_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="kernel"):
        make_agent("mcts:kernel=fast", seed=0)


@needs_numba
@pytest.mark.parametrize("params", ["rollout='greedy'", "rollout='random', depth=0"])
def test_a_timed_search_loads_the_kernel_before_its_clock_starts(params: str) -> None:
    """In a fresh process the first kernel call loads the compiled code (most of a second): a
    search with a time budget does it before its first iteration, not in its budget."""
    program = f"""
import moonbase
from moonbase.agents.mcts import MCTSAgent
from moonbase.fast import moons

class Watched(MCTSAgent):
    def _iterate(self, *args):
        print("loaded" if moons.play_many.signatures else "not loaded")
        raise SystemExit(0)

state = moonbase.load("moons", players=3).new(seed=1)
Watched(seed=1, seconds=5.0, {params}).search(state, state.to_act[0])
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "loaded"
