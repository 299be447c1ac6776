"""moonbase beside OpenSpiel's C++ games, driven by the same Python loop: decisions/s and ratios.

Run: ``python benchmarks/peers.py [--seconds S] [--rounds N] [--api ids|text|hooks]`` (needs
the ``bench`` extra: ``pip install -e '.[bench]'``, or ``make bench``).

Each pair is one moonbase game and an OpenSpiel game of the same kind, played in this process
with random seats by the same loop: pick a seat's action uniformly among the legal ones, apply
it, count it as a decision. Chance costs time but is no decision: moonbase resolves it itself
(auto mode); OpenSpiel's chance nodes are resolved by sampling ``state.chance_outcomes()`` with
Python's ``random``, as a Python caller would. moonbase goes through the id API by default
(``legal_ids``/``apply_id``; ``--api text``: ``legal_actions``/``apply``); OpenSpiel through
``legal_actions()``/``apply_action()``.

``--api hooks`` is a diagnosis, not a way to play: the loop calls the game's own hooks
(``_actors``, ``_legal_ids``, ``_do``, then the core's chance resolution), recording each decision
in the history but checking nothing and keeping no legality cache (:func:`play_hooks`). No caller
can go faster through the protocol, so its ratio bounds what any work on the protocol alone could
reach; the rest of a gap is the rules' own work.

A round runs every contestant once for about S seconds, the two of a pair back to back (which
goes first alternates from round to round). The table shows the median decisions/s over N
rounds and the median of the rounds' ratios (moonbase / OpenSpiel), against the targets of
issue 13. The pairs, chosen so the two games do comparable work per decision:

- Moon Leap, preset ``2p``, and ``pig`` with OpenSpiel's defaults (2 players, a six-sided die,
  first to 100): both are two-player dice races with a chance node before each move, and random
  games are about as long (about 110 decisions for Moon Leap, 120 for pig). The defaults are kept:
  changing the target score would only change the game's length.
- Moons, preset ``4p``, and ``hearts`` with its defaults (4 players, passing three cards): both
  four-player trick-taking games over a shuffled deck, with hidden hands.
- MOON, preset ``coop-easy`` (the game's default options), and ``hanabi`` with its defaults
  (2 players, 5 colours, 5 ranks, 5 cards in hand, 8 clue and 3 life tokens): both cooperative
  card games over a shuffled deck, and random games of both are short (about 16 and 13
  decisions), so both pay the deal about as often per decision. The competitive presets play
  about 350 decisions per deal and would flatter MOON by spreading the deal thin.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

import moonbase
from moonbase.core import game_class
from moonbase.core.game import _SEAT_BITS
from playouts import PLAYOUTS, decisions_per_second, machine_load, supports_ids

NOT_AVAILABLE = "—"


@dataclass(frozen=True)
class Pair:
    """A moonbase game and preset, the OpenSpiel game it is measured against, and the target
    ratio of their decisions/s (moonbase / OpenSpiel)."""

    game: str
    preset: str
    peer: str
    target: float


PAIRS = (
    Pair("moon-leap", "2p", "pig", 0.6),
    Pair("moons", "4p", "hearts", 0.8),
    Pair("moon", "coop-easy", "hanabi", 1.5),
)

Rate = Callable[[float], float]
"""Run for about the given seconds; return decisions/s."""


def play_openspiel(state: Any, rng: random.Random) -> int:
    """Play an OpenSpiel state to its end with random players; return the decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


THROUGH = {"hooks": "its games' hooks, unchecked (a bound, not a way to play)"}
"""How the header names an API that is not one."""


def play_hooks(state: moonbase.State, rng: random.Random) -> int:
    """Play a moonbase state to its end with random seats through its game's hooks alone,
    unchecked (``--api hooks``); return the decisions."""
    decisions = 0
    actors, legal, do, history = state._actors, state._legal_ids, state._do, state._history
    while turn := actors():
        seat = rng.choice(turn)
        action = rng.choice(legal(seat))
        history.append((action << _SEAT_BITS) | (seat + 1))
        do(seat, action)
        state._resolve_chance()
        decisions += 1
    return decisions


def openspiel_rate(game: Any) -> Rate:
    """Decisions/s of random OpenSpiel games, new games until the time is up."""

    def rate(seconds: float) -> float:
        rng = random.Random(0)
        decisions = 0
        start = time.perf_counter()
        while True:
            decisions += play_openspiel(game.new_initial_state(), rng)
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return decisions / elapsed

    return rate


def moonbase_rate(pair: Pair, api: str) -> Rate | None:
    """Decisions/s of random moonbase games through ``api``; ``None`` if the game does not
    load or has no id API."""
    try:
        game = moonbase.load(pair.game, **game_class(pair.game).presets[pair.preset])
    except TypeError:  # a game not yet written against this core
        return None
    if api != "text" and not supports_ids(game):
        return None
    playout = play_hooks if api == "hooks" else PLAYOUTS[api]
    return lambda seconds: decisions_per_second(game, playout, seconds)


def verdict(ratio: float | None, target: float, bound: bool = False) -> str:
    """Whether a ratio meets its target; for a ``bound`` (``--api hooks``), whether the target
    is within reach of any protocol at all.

    >>> verdict(0.61, 0.6), verdict(0.59, 0.6), verdict(None, 0.6)
    ('met', 'not met', 'not measured')
    >>> verdict(0.79, 0.8, bound=True), verdict(0.77, 0.6, bound=True)
    ('out of reach', 'within reach')
    """
    if ratio is None:
        return "not measured"
    if bound:
        return "within reach" if ratio >= target else "out of reach"
    return "met" if ratio >= target else "not met"


def cell(value: float | None, width: int, digits: int = 0) -> str:
    """A right-aligned table cell; ``—`` for a missing value.

    >>> cell(1234.5, 8), cell(None, 8), cell(0.256, 6, 2)
    ('    1234', '       —', '  0.26')
    """
    text = NOT_AVAILABLE if value is None else f"{value:.{digits}f}"
    return text.rjust(width)


Contestants = tuple[Pair, Rate | None, Rate]
"""A pair with its two timers: moonbase's (``None`` if it cannot be measured) and OpenSpiel's."""


def run_rounds(
    contestants: list[Contestants], seconds: float, rounds: int
) -> dict[Pair, tuple[list[float], list[float]]]:
    """Every pair's decisions/s per round, moonbase's and OpenSpiel's; within a round the two
    of a pair run back to back, which first alternating."""
    found: dict[Pair, tuple[list[float], list[float]]] = {
        pair: ([], []) for pair, _, _ in contestants
    }
    for number in range(rounds):
        for pair, ours, theirs in contestants:
            runs = [(ours, found[pair][0]), (theirs, found[pair][1])]
            for rate, rates in runs if number % 2 == 0 else runs[::-1]:
                if rate is not None:
                    rates.append(rate(seconds))
    return found


def table_line(pair: Pair, ours: list[float], theirs: list[float], bound: bool = False) -> str:
    """One pair's medians, the median of its rounds' ratios, its target and the verdict
    (:func:`verdict`)."""
    ratios = [mine / peer for mine, peer in zip(ours, theirs, strict=False)]
    ratio = statistics.median(ratios) if ratios else None
    ours_median = statistics.median(ours) if ours else None
    return (
        f"{pair.game + ' ' + pair.preset:<20}{cell(ours_median, 10)}  "
        f"{pair.peer:<8}{cell(statistics.median(theirs), 10)}{cell(ratio, 8, 2)}"
        f"{'>= ' + format(pair.target, '.1f'):>9}  {verdict(ratio, pair.target, bound)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median shown)")
    parser.add_argument(
        "--api",
        choices=("ids", "text", "hooks"),
        default="ids",
        help="moonbase's API (hooks: the game's hooks unchecked, a bound; see above)",
    )
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("peers.py needs OpenSpiel: pip install -e '.[bench]' (or: make bench)")
    contestants = [
        (pair, moonbase_rate(pair, args.api), openspiel_rate(pyspiel.load_game(pair.peer)))
        for pair in PAIRS
    ]
    print(
        f"OpenSpiel {metadata.version('open_spiel')}, Python {platform.python_version()}; "
        f"moonbase through {THROUGH.get(args.api, f'the {args.api} API')}; "
        f"{args.seconds:g} s per run, "
        f"median of {args.rounds} interleaved rounds; {machine_load()}"
    )
    print(
        f"{'moonbase':<20}{'dec/s':>10}  {'peer':<8}{'dec/s':>10}{'ratio':>8}{'target':>9}  result"
    )
    found = run_rounds(contestants, args.seconds, args.rounds)
    for pair, (ours, theirs) in found.items():
        print(table_line(pair, ours, theirs, bound=args.api == "hooks"))


if __name__ == "__main__":
    main()
