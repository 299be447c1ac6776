"""``python -m moonbase.fast``: compile every kernel now, so that no game waits for it later.

numba compiles a kernel the first time a process calls it and keeps the result on disk
(:data:`~moonbase.fast.compiled.CACHE_DIR`); every later process loads it in a moment. ``make``
runs this once after installing the ``fast`` extra, so a fresh install's first bot move (an
``mcts`` search with random rollouts) and the MOON planner at 6 bits do not pause to compile.
It prints what it compiled and how long each took; without numba it says so and does nothing.
Where the cache folder cannot be written it still compiles, and says on standard error that
nothing was kept. It takes no arguments: ``-h``/``--help`` prints its usage, anything else is
answered with its usage on standard error and exit status 2.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import moonbase
from moonbase.fast import KERNELS, playout
from moonbase.fast.compiled import CACHE_DIR, CACHED, COMPILED

USAGE = "usage: python -m moonbase.fast (compiles every kernel now; no arguments)"


def warm() -> list[tuple[str, float]]:
    """Compile (or load from the cache) every kernel and the planner's loops; return each
    with the seconds it took."""
    taken: list[tuple[str, float]] = []
    for name in KERNELS:
        started = time.perf_counter()
        playout(moonbase.load(name).new(seed=0), seed=0)
        taken.append((f"{name} playouts", time.perf_counter() - started))
    from moonbase.fast import planner

    started = time.perf_counter()
    words = np.zeros(64, np.uint64)
    planner.gather_or(words, words, np.zeros(64, np.int32))
    planner.transpose_blocks(words, 6)
    planner.extract(np.zeros((1, 8), np.uint64), np.zeros(8, np.uint64), 1, np.zeros(8, np.uint16))
    taken.append(("MOON planner loops", time.perf_counter() - started))
    return taken


def main(argv: list[str]) -> int:
    """Compile everything and say what it took (``argv``: the arguments, which must be none,
    or a request for help)."""
    if argv in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if argv:
        print(USAGE, file=sys.stderr)
        return 2
    if not COMPILED:
        print("numba is not installed (the fast extra): nothing to compile")
        return 0
    for what, seconds in warm():
        print(f"{what}: ready in {seconds:.1f} s")
    if CACHED:
        print(f"compiled code is kept in {CACHE_DIR} (safe to delete)")
    else:
        print(
            f"{CACHE_DIR} cannot be written: nothing was kept, every process compiles the "
            "kernels it uses (set MOONBASE_NUMBA_CACHE to a writable folder)",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
