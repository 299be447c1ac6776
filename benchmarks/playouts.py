"""Random playouts through the public protocol: games/s and actions/s per game and preset.

Run: ``python benchmarks/playouts.py [--seconds S] [--runs N] [GAME ...]``. Each run plays
random games from seed 0 upward for about S seconds; the table shows the median of N runs.
Seats choose uniformly among ``legal_actions``; chance is resolved by the state (auto mode).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import moonbase
from moonbase.core import game_class


def one_run(game: moonbase.Game, seconds: float) -> tuple[float, float]:
    """Play random games for about ``seconds``; return (games/s, actions/s)."""
    rng = random.Random(0)
    games = actions = 0
    start = time.perf_counter()
    while True:
        state = game.new(seed=games)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per preset (median shown)")
    args = parser.parse_args()
    names = args.games or moonbase.games()
    print(f"{'game':<22}{'preset':<26}{'games/s':>10}{'actions/s':>12}{'actions/game':>14}")
    for name in names:
        for preset, options in game_class(name).presets.items():
            game = moonbase.load(name, **options)
            runs = [one_run(game, args.seconds) for _ in range(args.runs)]
            games_s = statistics.median(run[0] for run in runs)
            actions_s = statistics.median(run[1] for run in runs)
            print(
                f"{name:<22}{preset:<26}{games_s:>10.1f}{actions_s:>12.0f}"
                f"{actions_s / games_s:>14.1f}"
            )


if __name__ == "__main__":
    main()
