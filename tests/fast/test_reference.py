"""The reference playout: the random policy through the rules engine, and the fallback."""

from __future__ import annotations

import subprocess
import sys

import pytest

import moonbase
from moonbase import fast
from moonbase.core.chance import draw_index
from moonbase.fast import reference
from tests.fast.helpers import positions, preset_game


def test_a_playout_is_the_policy_applied_through_the_engine() -> None:
    # Replay the playout's own decisions on the state and check each was the policy's pick
    # among the legal ids at that point, and that the game ends where the playout says.
    game = preset_game("moon-leap", "3p")
    for state, seed in positions(game, 30):
        result = reference.playout(state, seed)
        replay = state.clone()
        decision = 0
        while not replay.is_over:
            seat = replay.to_act[0]
            legal = replay.legal_ids(seat)
            replay.apply_id(seat, legal[draw_index(seed, decision, len(legal))])
            decision += 1
        assert result == reference.Playout(
            tuple(replay.scores()), decision, tuple(replay.winners())
        )


def test_a_playout_leaves_the_state_as_it_was() -> None:
    state = preset_game("moon-leap", "2p").new(seed=12)
    before = state.to_json()
    reference.playout(state, 3)
    fast.playouts(state, [3, 4])
    assert state.to_json() == before


def test_different_policy_seeds_play_different_games() -> None:
    state = preset_game("moon-leap", "4p").new(seed=5)
    results = {reference.playout(state, seed) for seed in range(20)}
    assert len(results) > 10


def test_a_finished_state_plays_no_decision() -> None:
    state = preset_game("moon-leap", "2p").new(seed=1)
    reference.playout(state, 0)
    finished = state.clone()
    while not finished.is_over:
        seat = finished.to_act[0]
        finished.apply_id(seat, finished.legal_ids(seat)[0])
    expected = reference.Playout(tuple(finished.scores()), 0, tuple(finished.winners()))
    assert reference.playout(finished, 8) == expected
    assert fast.playout(finished, 8) == expected


def test_an_explicit_chance_state_is_refused_with_the_reason() -> None:
    state = moonbase.load("moon-leap").new(seed=1, chance="explicit")
    with pytest.raises(ValueError, match=r"chance mode 'auto'.*'explicit' mode"):
        fast.playout(state, 1)
    with pytest.raises(ValueError, match="needs a moonbase state, not str"):
        reference.playout("MOVE 1", 1)  # type: ignore[arg-type]


def test_the_reference_path_can_be_asked_for() -> None:
    game = preset_game("moon-leap", "3p")
    for state, seed in positions(game, 20):
        assert fast.playouts(state, [seed], use_kernel=False) == [reference.playout(state, seed)]


def test_without_numba_the_reference_path_plays_the_same_games() -> None:
    # A fresh interpreter in which numba cannot be imported: moonbase.fast must still work,
    # report no kernel, and give the games this process computes.
    cases = [
        (state.to_json(), seed)
        for name, preset in (
            ("moon-leap", "2p"),
            ("moon", "coop-normal"),
            ("moon", "competitive-2"),
            ("moons", "3p"),
        )
        for state, seed in positions(preset_game(name, preset), 8, 6)
    ]
    expected = [fast.playout(moonbase.from_json(text), seed) for text, seed in cases]
    program = (
        "import json, sys\n"
        "sys.modules['numba'] = None\n"
        "import moonbase\n"
        "from moonbase import fast\n"
        "assert not fast.COMPILED and not fast.has_kernel(moonbase.load('moon-leap'))\n"
        "assert not fast.has_kernel(moonbase.load('moon'))\n"
        "assert not fast.has_kernel(moonbase.load('moons'))\n"
        "cases = json.loads(sys.stdin.read())\n"
        "found = [fast.playout(moonbase.from_json(text), seed) for text, seed in cases]\n"
        "print(json.dumps([[list(r.scores), r.decisions, list(r.winners)] for r in found]))\n"
    )
    import json

    done = subprocess.run(
        [sys.executable, "-c", program],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found = [reference.Playout(tuple(s), d, tuple(w)) for s, d, w in json.loads(done.stdout)]
    assert found == expected
