"""How long ``state.resample(seat, rng)`` takes at the states a searching bot meets.

Run: ``python benchmarks/resample.py [--games N] [--draws K] [GAME ...]``. For each game and
preset with hidden information, greedy bots play N games; at every decision point the acting
seat's state is resampled K times. The table shows the median and the 90th and 99th percentiles
of one resample, in microseconds (processor time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import moonbase
from moonbase.agents import make_agent
from moonbase.core import game_class


def times(game: moonbase.Game, games: int, draws: int) -> list[float]:
    """Seconds per resample at every decision point of ``games`` greedy games."""
    found: list[float] = []
    rng = random.Random(0)
    for seed in range(games):
        state = game.new(seed=seed)
        agents = [make_agent("greedy", seed=seed * 10 + seat) for seat in range(game.seats)]
        while not state.is_over:
            seat = rng.choice(state.to_act)
            for _ in range(draws):
                generator = random.Random(rng.getrandbits(32))
                start = time.process_time()
                state.resample(seat, generator)
                found.append(time.process_time() - start)
            state.apply(seat, agents[seat].choose(state, seat))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--games", dest="count", type=int, default=3, help="games per preset")
    parser.add_argument("--draws", type=int, default=5, help="resamples per decision point")
    args = parser.parse_args()
    names = args.games or moonbase.games()
    print(f"{'game':<22}{'preset':<26}{'states':>8}{'median µs':>11}{'p90 µs':>9}{'p99 µs':>9}")
    for name in names:
        for preset, options in game_class(name).presets.items():
            game = moonbase.load(name, **options)
            if not game.has_hidden_information:
                continue
            found = sorted(times(game, args.count, args.draws))
            if not found:
                continue
            median = statistics.median(found) * 1e6
            p90 = found[int(0.9 * (len(found) - 1))] * 1e6
            p99 = found[int(0.99 * (len(found) - 1))] * 1e6
            print(
                f"{name:<22}{preset:<26}{len(found) // args.draws:>8}{median:>11.0f}"
                f"{p90:>9.0f}{p99:>9.0f}"
            )


if __name__ == "__main__":
    main()
