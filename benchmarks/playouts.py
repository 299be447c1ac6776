"""Random playouts through the public protocol: decisions/s per game and preset, text and id API.

Run: ``python benchmarks/playouts.py [--seconds S] [--runs N] [--api text|ids|both] [GAME ...]``.

A run plays random games from seed 0 upward for about S seconds and counts decisions (actions
applied by a seat; chance is resolved by the state itself, in auto mode, and costs time but is
not counted). Seats choose uniformly: the text API picks among ``legal_actions(seat)`` and
applies with ``apply``; the id API picks among ``legal_ids(seat)`` and applies with
``apply_id``. Both use the same random stream and the same seeds, and ids ascending follow the
sorted text order, so the two APIs play the very same games. Runs of the two APIs alternate;
each column is the median of N runs. The id column shows ``—`` where the game has no id API.

Two more columns describe the finished games, measured once per preset: the memory a finished
state keeps (tracemalloc: the bytes still allocated by 10 finished states held in a list,
divided by 10; the same 10 games are played once before, so caches are not counted, and
garbage is collected before both readings), and the mean length of their history (decisions
and chance outcomes).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

import moonbase
from moonbase.core import game_class

Playout = Callable[[moonbase.State, random.Random], int]
"""Play one game to its end with random seats; return the number of decisions."""

MEMORY_GAMES = 10
NOT_AVAILABLE = "—"


def play_text(state: moonbase.State, rng: random.Random) -> int:
    """Random seats through the text API: ``legal_actions`` and ``apply``.

    >>> play_text(moonbase.load("moon-leap").new(seed=3), random.Random(0)) > 0
    True
    """
    decisions = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions += 1
    return decisions


def play_ids(state: moonbase.State, rng: random.Random) -> int:
    """Random seats through the id API: ``legal_ids`` and ``apply_id``."""
    decisions = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
        decisions += 1
    return decisions


PLAYOUTS: dict[str, Playout] = {"text": play_text, "ids": play_ids}


def supports_ids(game: moonbase.Game) -> bool:
    """Whether ``game`` speaks the id API: try one decision on a fresh state."""
    try:
        state = game.new(seed=0)
        seat = state.to_act[0]
        state.apply_id(seat, state.legal_ids(seat)[0])
    except (AttributeError, NotImplementedError):
        return False
    return True


def decisions_per_second(game: moonbase.Game, playout: Playout, seconds: float) -> float:
    """Play random games from seed 0 upward for about ``seconds``; return decisions/s."""
    rng = random.Random(0)
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += playout(game.new(seed=games), rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def finished_states(game: moonbase.Game) -> tuple[float, float, float]:
    """Play ``MEMORY_GAMES`` random games (text API) and keep them; return the bytes each
    finished state retains, its mean history length and the mean decisions per game.

    The same games are played once before, unkept, so that what a process keeps for all
    games (caches first filled by a game) is not counted as the states' own memory; garbage
    is collected before both readings.
    """
    play_games(game, keep=[])
    states: list[moonbase.State] = []
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        decisions = play_games(game, keep=states)
        gc.collect()
        retained = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    history = statistics.mean(len(state.history) for state in states)
    return retained / MEMORY_GAMES, history, decisions / MEMORY_GAMES


def play_games(game: moonbase.Game, keep: list[moonbase.State]) -> int:
    """Play the random games of seeds ``0 .. MEMORY_GAMES - 1``, keep every finished state
    in ``keep`` and return the number of decisions."""
    rng = random.Random(0)
    decisions = 0
    for seed in range(MEMORY_GAMES):
        state = game.new(seed=seed)
        decisions += play_text(state, rng)
        keep.append(state)
    return decisions


def measure(game: moonbase.Game, apis: list[str], seconds: float, runs: int) -> dict[str, float]:
    """The median decisions/s of each API in ``apis``, their runs alternating."""
    found: dict[str, list[float]] = {api: [] for api in apis}
    for _ in range(runs):
        for api in apis:
            found[api].append(decisions_per_second(game, PLAYOUTS[api], seconds))
    return {api: statistics.median(rates) for api, rates in found.items()}


def cell(value: float | None, width: int, digits: int = 0) -> str:
    """A right-aligned table cell; ``—`` for a missing value.

    >>> cell(1234.5, 8), cell(None, 8), cell(2.25, 6, 2)
    ('    1234', '       —', '  2.25')
    """
    text = NOT_AVAILABLE if value is None else f"{value:.{digits}f}"
    return text.rjust(width)


def machine_load() -> str:
    """The load of the machine when a benchmark starts, to read its figures by.

    >>> machine_load().startswith("load average ")
    True
    """
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


HEADER = (
    f"{'game':<22}{'preset':<24}{'text dec/s':>11}{'ids dec/s':>11}{'ids/text':>9}"
    f"{'dec/game':>9}{'KiB/state':>10}{'history':>9}"
)


def row(
    name: str, preset: str, game: moonbase.Game, apis: list[str], args: argparse.Namespace
) -> str:
    """Measure one preset and format its line of the table."""
    usable = [api for api in apis if api == "text" or supports_ids(game)]
    rates = measure(game, usable, args.seconds, args.runs)
    text, ids = rates.get("text"), rates.get("ids")
    ratio = ids / text if text and ids else None
    memory, history, decisions = finished_states(game)
    return (
        f"{name:<22}{preset:<24}{cell(text, 11)}{cell(ids, 11)}{cell(ratio, 9, 2)}"
        f"{cell(decisions, 9, 1)}{cell(memory / 1024, 10, 1)}{cell(history, 9)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per preset (median shown)")
    parser.add_argument(
        "--api", choices=("text", "ids", "both"), default="both", help="which API to time"
    )
    args = parser.parse_args()
    apis = ["text", "ids"] if args.api == "both" else [args.api]
    print(
        f"Python {platform.python_version()}; {args.seconds:g} s per run, median of {args.runs} "
        f"runs; {machine_load()}"
    )
    print(HEADER, flush=True)
    for name in args.games or moonbase.games():
        for preset, options in game_class(name).presets.items():
            try:
                game = moonbase.load(name, **options)
            except TypeError as error:  # a game not yet written against this core
                print(f"{name:<22}{preset:<24}cannot load: {error}")
                break
            print(row(name, preset, game, apis, args), flush=True)


if __name__ == "__main__":
    main()
