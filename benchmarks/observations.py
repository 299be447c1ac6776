"""Observations/s of the observation encoders, per game and preset.

Run: ``python benchmarks/observations.py [--games N] [--seconds S] [GAME ...]``. For each game
and preset, random seats play N games (seeds 0 upward) and every state met is kept; then, for
about S seconds each, the encoder's ``observe(state, seat)`` (public and private part), its
``public(state)`` alone and ``action_mask(state, seat)`` run over those states, the acting seat
each time. The table shows calls per second (processor time) and the observation's size.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import moonbase
from moonbase.adapters.observations import Encoder, action_mask, encoder_for
from moonbase.core import game_class
from moonbase.core.game import State


def collect(game: moonbase.Game, games: int) -> list[tuple[State[Any], int]]:
    """Every decision state of ``games`` random games, with the seat acting there."""
    found: list[tuple[State[Any], int]] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            found.append((state.clone(), seat))
            state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    return found


def rate(
    calls: Callable[[State[Any], int], object], states: list[tuple[State[Any], int]], seconds: float
) -> float:
    """Calls per second of ``calls`` cycling over ``states`` for about ``seconds``."""
    done = 0
    start = time.process_time()
    while True:
        for state, seat in states:
            calls(state, seat)
        done += len(states)
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


def _public_of(encoder: Encoder) -> Callable[[State[Any], int], object]:
    def public(state: State[Any], seat: int) -> object:
        return encoder.public(state)

    return public


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--games", type=int, default=2, help="random games per preset")
    parser.add_argument("--seconds", type=float, default=0.5, help="seconds per figure")
    args = parser.parse_args()
    print(
        f"{'game':<22}{'preset':<24}{'size':>6}{'states':>8}"
        f"{'observe/s':>11}{'public/s':>10}{'mask/s':>10}"
    )
    for name in args.names or moonbase.games():
        for preset, options in game_class(name).presets.items():
            game = moonbase.load(name, **options)
            encoder = encoder_for(game)
            states = collect(game, args.games)
            observe = rate(encoder.observe, states, args.seconds)
            public = rate(_public_of(encoder), states, args.seconds)
            mask = rate(action_mask, states, args.seconds)
            print(
                f"{name:<22}{preset:<24}{encoder.size:>6}{len(states):>8}"
                f"{observe:>11.0f}{public:>10.0f}{mask:>10.0f}"
            )


if __name__ == "__main__":
    main()
