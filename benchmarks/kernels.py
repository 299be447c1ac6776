"""Compiled playout kernels beside the reference path and OpenSpiel: decisions/s per game.

Run: ``python benchmarks/kernels.py [--seconds S] [--rounds N] [--batch B] [--compile]`` (needs
the ``fast`` extra for the kernels and the ``bench`` extra for OpenSpiel; a missing one shows
``—``).

Every contestant plays random games to their end and counts decisions (a seat's action; chance
costs time but is no decision), for about S seconds per run:

- ``kernel games``: a new state per game (``game.new(seed)``, seeds from 0 up), encoded and
  played out once by the kernel (:func:`moonbase.fast.playouts`): the deal and the encoding
  are timed with the play;
- ``kernel batch``: one state, encoded once, played out B times per call with B policy seeds
  (what a search's rollouts from one node do);
- ``reference``: the same games as ``kernel games`` through the rules engine
  (:func:`moonbase.fast.reference.playout`);
- ``peer``: OpenSpiel's C++ game of the same kind, driven from Python as ``peers.py`` drives
  it (the pairs and the reason for them are in its docstring).

Rounds interleave all contestants; each column is the median of N rounds, and ``batch/peer``
is the median of the rounds' ratios against the issue's target of 10. ``--mcts`` also measures
MCTS with random and with greedy rollouts (``mcts:rollout=random``, ``rollout=greedy``; each
game's other tuned settings), iterations/s with the kernel (``kernel=on``) and without
(``kernel=off``), searching the first decision of games dealt from seeds 0 up, median of the
rounds. ``--compile`` also times
the one-time JIT compilation: a fresh interpreter with an empty cache folder plays one game
(import, compilation and the game), then a second one with the cache filled.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from importlib import metadata

import moonbase
from moonbase import fast
from moonbase.core import game_class
from moonbase.fast import reference
from peers import PAIRS, Pair, cell, openspiel_rate
from playouts import machine_load

Rate = Callable[[float], float]
TARGET = 10.0
KERNEL_PAIRS = (*PAIRS, Pair("moon", "competitive-2", "hanabi", TARGET))
"""``peers.py``'s pairs, and MOON's competitive game beside the same peer (its kernel plays
both modes; its games are about 350 decisions long, so it pays the deal far less often)."""


def kernel_games_rate(game: moonbase.Game) -> Rate:
    """Decisions/s of the kernel on a new state per game."""

    def rate(seconds: float) -> float:
        decisions, seed = 0, 0
        start = time.perf_counter()
        while True:
            decisions += fast.playouts(game.new(seed=seed), [seed])[0].decisions
            seed += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions / elapsed

    return rate


def kernel_batch_rate(game: moonbase.Game, batch: int) -> Rate:
    """Decisions/s of the kernel playing one state out ``batch`` times per call."""

    def rate(seconds: float) -> float:
        state = game.new(seed=0)
        decisions, first = 0, 0
        start = time.perf_counter()
        while True:
            found = fast.playouts(state, range(first, first + batch))
            decisions += sum(result.decisions for result in found)
            first += batch
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions / elapsed

    return rate


def reference_rate(game: moonbase.Game) -> Rate:
    """Decisions/s of the reference playout, the games ``kernel_games_rate`` plays."""

    def rate(seconds: float) -> float:
        decisions, seed = 0, 0
        start = time.perf_counter()
        while True:
            decisions += reference.playout(game.new(seed=seed), seed).decisions
            seed += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions / elapsed

    return rate


_ONE_GAME = (
    "import time; start = time.perf_counter()\n"
    "import moonbase; from moonbase import fast\n"
    "fast.playouts(moonbase.load({name!r}).new(seed=1), [1])\n"
    "print(time.perf_counter() - start)\n"
)


def compile_seconds(name: str) -> tuple[float, float]:
    """Seconds for a fresh interpreter to import moonbase and play one game of ``name`` by
    the kernel: with an empty cache folder (compiling), then with the cache it filled."""
    with tempfile.TemporaryDirectory(prefix="moonbase-numba-") as folder:
        env = {**os.environ, "MOONBASE_NUMBA_CACHE": folder, "NUMBA_CACHE_DIR": folder}
        found = []
        for _ in range(2):
            done = subprocess.run(
                [sys.executable, "-c", _ONE_GAME.format(name=name)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            found.append(float(done.stdout))
    return found[0], found[1]


MCTS_GAMES = (
    ("moon-leap", "2p"),
    ("moon", "coop-easy"),
    ("moon", "competitive-2"),
    ("moons", "3p"),
)
MCTS_ITERATIONS = 200


def mcts_rate(game: moonbase.Game, kernel: str, rollout: str) -> Rate:
    """MCTS iterations/s with ``rollout`` rollouts, the kernel ``on`` or ``off``."""
    from moonbase.agents.mcts import MCTSAgent

    def rate(seconds: float) -> float:
        iterations, seed = 0, 0
        start = time.perf_counter()
        while True:
            state = game.new(seed=seed)
            seat = state.to_act[0]
            agent = MCTSAgent(seed=seed, iterations=MCTS_ITERATIONS, rollout=rollout, kernel=kernel)
            agent.search(state, seat)
            iterations += MCTS_ITERATIONS
            seed += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return iterations / elapsed

    return rate


def mcts_table(seconds: float, rounds: int) -> None:
    """Print MCTS iterations/s with and without the kernels, per game and rollout policy."""
    print(f"MCTS, {MCTS_ITERATIONS} iterations a search")
    print(f"{'game':<20}{'rollouts':<9}{'kernel=off it/s':>16}{'kernel=on it/s':>16}{'on/off':>8}")
    for name, preset in MCTS_GAMES:
        game = moonbase.load(name, **game_class(name).presets[preset])
        for rollout in ("random", "greedy"):
            off, on = mcts_rate(game, "off", rollout), mcts_rate(game, "on", rollout)
            on(0.01)
            found: tuple[list[float], list[float]] = ([], [])
            for number in range(rounds):
                pairs = [(off, found[0]), (on, found[1])]
                for rate, rates in pairs if number % 2 == 0 else pairs[::-1]:
                    rates.append(rate(seconds))
            ratio = statistics.median(b / a for a, b in zip(*found, strict=True))
            print(
                f"{name + ' ' + preset:<20}{rollout:<9}{cell(statistics.median(found[0]), 16)}"
                f"{cell(statistics.median(found[1]), 16)}{cell(ratio, 8, 1)}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median shown)")
    parser.add_argument("--batch", type=int, default=1000, help="playouts per kernel call")
    parser.add_argument("--compile", action="store_true", help="time the JIT compilation too")
    parser.add_argument("--mcts", action="store_true", help="MCTS iterations/s, kernel on/off")
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    rows = []
    for pair in KERNEL_PAIRS:
        game = moonbase.load(pair.game, **game_class(pair.game).presets[pair.preset])
        compiled = fast.has_kernel(game)
        rates: list[Rate | None] = [
            kernel_games_rate(game) if compiled else None,
            kernel_batch_rate(game, args.batch) if compiled else None,
            reference_rate(game),
            openspiel_rate(pyspiel.load_game(pair.peer)) if pyspiel else None,
        ]
        rows.append((pair, game, rates))
    for _, _, rates in rows:  # compile (or load) every kernel before timing
        if rates[1] is not None:
            rates[1](0.01)
    found: dict[Pair, list[list[float]]] = {pair: [[], [], [], []] for pair, _, _ in rows}
    for number in range(args.rounds):
        for pair, _, rates in rows:
            order = list(enumerate(rates))
            for column, rate in order if number % 2 == 0 else order[::-1]:
                if rate is not None:
                    found[pair][column].append(rate(args.seconds))
    spiel = metadata.version("open_spiel") if pyspiel else "absent"
    print(
        f"numba {metadata.version('numba') if fast.COMPILED else 'absent'}, OpenSpiel {spiel}, "
        f"Python {platform.python_version()}; {args.seconds:g} s per run, median of "
        f"{args.rounds} interleaved rounds, batches of {args.batch}; {machine_load()}"
    )
    print(
        f"{'game':<20}{'kernel games':>13}{'kernel batch':>13}{'reference':>11}  "
        f"{'peer':<8}{'peer dec/s':>11}{'batch/peer':>11}{'games/peer':>11}{'target':>8}"
    )
    for pair, _, _ in rows:
        games, batch, ref, peer = found[pair]

        def median(values: list[float]) -> float | None:
            return statistics.median(values) if values else None

        def ratio(ours: list[float], theirs: list[float]) -> float | None:
            pairs = list(zip(ours, theirs, strict=False))
            return statistics.median(a / b for a, b in pairs) if pairs else None

        print(
            f"{pair.game + ' ' + pair.preset:<20}{cell(median(games), 13)}"
            f"{cell(median(batch), 13)}{cell(median(ref), 11)}  {pair.peer:<8}"
            f"{cell(median(peer), 11)}{cell(ratio(batch, peer), 11, 1)}"
            f"{cell(ratio(games, peer), 11, 1)}{'>= ' + format(TARGET, 'g'):>8}"
        )
    if args.mcts and fast.COMPILED:
        mcts_table(args.seconds, args.rounds)
    if args.compile and fast.COMPILED:
        compiled = sorted({pair.game for pair, _, rates in rows if rates[0] is not None})
        for name in compiled:
            cold, warm = compile_seconds(name)
            print(
                f"{name}: first game in a fresh process {cold:.2f} s with an empty "
                f"cache (compiling), {warm:.2f} s with the cache filled"
            )


if __name__ == "__main__":
    main()
