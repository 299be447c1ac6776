"""Random games through the OpenSpiel adapter: steps/s per game (median of runs).

Run: ``python benchmarks/adapters_openspiel.py [--seconds S] [--runs N] [GAME ...]``.

A run plays random games (seeded, from game 0 upward) for about S seconds and counts *steps*:
every ``apply_action`` of a decision or a chance outcome (chance drawn by its probabilities).
Three ways are timed on the very same games, alternating, each the median of N runs:

- ``moonbase``: the moonbase state itself in explicit chance mode (``legal_ids``,
  ``apply_id``, ``chance_ids``), the floor the adapter stands on;
- ``pyspiel``: the OpenSpiel state (``current_player``, ``legal_actions``,
  ``chance_outcomes``, ``apply_action``), i.e. through pyspiel's C++ and back;
- ``+obs``: the same, also reading the current player's observation (``observation_tensor``
  where the game has an encoder, else ``observation_string``) at each decision, as a
  learner would.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import moonbase
from moonbase import CHANCE
from moonbase.adapters.openspiel import load

Runner = Callable[[str, dict[str, object], int, random.Random], int]
"""Play game ``seed`` of a game to its end; return the steps taken."""

CASES: list[tuple[str, dict[str, object]]] = [
    ("moon", {}),
    ("moon", {"mode": "competitive", "players": 2}),
    ("moon-leap", {}),
    ("moon-leap", {"players": 4}),
    ("moons", {"players": 3}),
    ("moons", {}),
    ("welcome-to-the-moon", {}),
    ("welcome-to-the-moon", {"players": 1, "level": 4}),
]


def _pick(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    ids, weights = zip(*outcomes, strict=True)
    return int(rng.choices(ids, weights)[0])


def run_moonbase(name: str, options: dict[str, object], seed: int, rng: random.Random) -> int:
    """One random game on the bare moonbase state (explicit chance).

    >>> run_moonbase("moon-leap", {}, 0, random.Random(0)) > 0
    True
    """
    state = moonbase.load(name, **options).new(seed=seed, chance="explicit")
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        if seat == CHANCE:
            state.apply_id(CHANCE, _pick(state.chance_ids(), rng))
        else:
            state.apply_id(seat, rng.choice(state.legal_ids(seat)))
        steps += 1
    return steps


_GAMES: dict[str, Any] = {}


def _game(name: str, options: dict[str, object]) -> Any:
    key = f"{name}{sorted(options.items())}"
    if key not in _GAMES:
        _GAMES[key] = load(name, **options)
    return _GAMES[key]


def _run_pyspiel(name: str, options: dict[str, object], rng: random.Random, observe: bool) -> int:
    game = _game(name, options)
    tensors = game.get_type().provides_observation_tensor
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_pick(state.chance_outcomes(), rng))
        else:
            if observe:
                player = state.current_player()
                if tensors:
                    state.observation_tensor(player)
                else:
                    state.observation_string(player)
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def run_pyspiel(name: str, options: dict[str, object], seed: int, rng: random.Random) -> int:
    """One random game through the OpenSpiel state.

    >>> run_pyspiel("moon-leap", {}, 0, random.Random(0)) == run_moonbase(
    ...     "moon-leap", {}, 0, random.Random(0))
    True
    """
    return _run_pyspiel(name, options, rng, observe=False)


def run_observed(name: str, options: dict[str, object], seed: int, rng: random.Random) -> int:
    """One random game through the OpenSpiel state, observing at every decision."""
    return _run_pyspiel(name, options, rng, observe=True)


RUNNERS: dict[str, Runner] = {
    "moonbase": run_moonbase,
    "pyspiel": run_pyspiel,
    "+obs": run_observed,
}


def measure(runner: Runner, name: str, options: dict[str, object], seconds: float) -> float:
    """Steps per second of ``runner`` over games 0, 1, … for about ``seconds``."""
    steps = 0
    seed = 0
    start = time.perf_counter()
    while True:
        steps += runner(name, options, seed, random.Random(seed))
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def main(argv: list[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per run")
    parser.add_argument("--runs", type=int, default=3, help="runs per cell (median)")
    parser.add_argument("games", nargs="*", help="games to run (default: all)")
    args = parser.parse_args(argv)
    cases = [case for case in CASES if not args.games or case[0] in args.games]
    print(f"python {platform.python_version()}, {os.cpu_count()} cores; steps/s, median of "
          f"{args.runs} runs of {args.seconds:g} s")  # fmt: skip
    header = f"{'game':<44}" + "".join(f"{label:>12}" for label in RUNNERS) + f"{'cost':>8}"
    print(header)
    for name, options in cases:
        results: dict[str, list[float]] = {label: [] for label in RUNNERS}
        for runner in RUNNERS.values():  # warm up: load the game, fill the rules' memos
            runner(name, options, 0, random.Random(0))
        for _ in range(args.runs):
            for label, runner in RUNNERS.items():
                results[label].append(measure(runner, name, options, args.seconds))
        medians = {label: statistics.median(values) for label, values in results.items()}
        shown = ", ".join(f"{key}={value}" for key, value in options.items())
        row = f"{name + (f' ({shown})' if shown else ''):<44}"
        row += "".join(f"{medians[label]:>12,.0f}" for label in RUNNERS)
        row += f"{medians['moonbase'] / medians['pyspiel']:>7.1f}×"
        print(row, flush=True)


if __name__ == "__main__":
    main()
