"""Environment steps/s of the PettingZoo and Gymnasium adapters, per game.

Run: ``python benchmarks/adapters.py [--seconds 1] [--rounds 5] [GAME ...]``. Each round
steps each environment for ``--seconds`` with random legal actions, resetting (seeds 0
upward) whenever a game ends; the table shows the median steps/s of the rounds, which
alternate between the environments.

- PettingZoo: one step is one ``env.step(action)`` of the selected agent after ``env.last()``
  (its observation and mask included); the dead steps at the end of a game count too.
- Gymnasium: one step is one ``env.step(action)`` of the learning seat 0 (the others are
  ``random``, or ``greedy`` with ``--opponents greedy``), observation and mask included; the
  opponents' moves inside it are not counted as steps.

>>> rate = steps_per_second(lambda: pettingzoo_stepper("moon-leap", {}), 0.05)
>>> rate > 0
True
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import moonbase
from moonbase.adapters.gymnasium import make
from moonbase.adapters.observations import encoder_names
from moonbase.adapters.pettingzoo import env

Stepper = Callable[[], None]


def pettingzoo_stepper(name: str, options: dict[str, Any]) -> Stepper:
    """One AEC step per call, a new game (the next seed) whenever one ends."""
    table = env(name, **options)
    seeds = iter(range(10**9))
    rng = random.Random(0)
    table.reset(seed=next(seeds))

    def step() -> None:
        if not table.agents:
            table.reset(seed=next(seeds))
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
        else:
            table.step(rng.choice(np.flatnonzero(observation["action_mask"])))

    return step


def gymnasium_stepper(name: str, options: dict[str, Any], opponents: str) -> Stepper:
    """One Gymnasium step of seat 0 per call, a new game whenever one ends."""
    learner = make(name, opponents=opponents, **options)
    seeds = iter(range(10**9))
    learner.reset(seed=next(seeds))
    learner.action_space.seed(0)

    def step() -> None:
        _, _, terminated, _, _ = learner.step(learner.action_space.sample())
        if terminated:
            learner.reset(seed=next(seeds))

    return step


def steps_per_second(make_stepper: Callable[[], Stepper], seconds: float) -> float:
    """Steps/s of a fresh stepper over ``seconds`` of wall time."""
    step = make_stepper()
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        step()
        count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def main() -> None:
    """Measure every game named (default: all that have an observation encoder)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per environment")
    parser.add_argument("--opponents", default="random", help="the Gymnasium env's opponents")
    args = parser.parse_args()
    names = args.games or [name for name in moonbase.games() if name in encoder_names()]
    print(f"{'game':<22}{'options':<20}{'PettingZoo steps/s':>20}{'Gymnasium steps/s':>19}")
    for name in names:
        options = dict(next(iter(moonbase.load(name).presets.values())))
        zoo: list[float] = []
        gym: list[float] = []
        zoo_stepper = partial(pettingzoo_stepper, name, options)
        gym_stepper = partial(gymnasium_stepper, name, options, args.opponents)
        for _ in range(args.rounds):
            zoo.append(steps_per_second(zoo_stepper, args.seconds))
            gym.append(steps_per_second(gym_stepper, args.seconds))
        shown = ",".join(f"{key}={value}" for key, value in options.items()) or "defaults"
        print(
            f"{name:<22}{shown:<20}{statistics.median(zoo):>20.0f}{statistics.median(gym):>19.0f}"
        )


if __name__ == "__main__":
    main()
