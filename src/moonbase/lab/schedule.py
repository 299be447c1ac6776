"""The plan of a tournament: which agents sit where in each game, and which deal it plays.

A tournament of ``k`` agents at a game of ``n`` seats plays every *seating* — every ordered
choice of ``n`` different agents for the ``n`` seats, ``k!/(k-n)!`` of them — once per deal,
so every agent meets every other from every seat equally often. A solo or cooperative game
(one seat) has ``k`` seatings: each agent plays each deal alone. Round ``r`` plays deal
``seed + r`` under every seating in turn; game ``number`` is seating ``number % len(seatings)``
of round ``number // len(seatings)``. A tournament plays whole rounds only.

>>> seatings(3, 2)
[(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
>>> rounds_for(7, seatings(2, 2))
4
>>> [(game.number, game.deal, game.seating) for game in plan(2, seatings(2, 2), seed=10)]
[(0, 10, (0, 1)), (1, 10, (1, 0)), (2, 11, (0, 1)), (3, 11, (1, 0))]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

__all__ = ["PlannedGame", "plan", "rounds_for", "seatings"]


@dataclass(frozen=True)
class PlannedGame:
    """One game of a tournament's plan: its number, its deal and its seating."""

    number: int
    deal: int
    seating: tuple[int, ...]
    """``seating[seat]``: the index of the agent that plays the seat."""


def seatings(agents: int, seats: int) -> list[tuple[int, ...]]:
    """Every ordered choice of ``seats`` different agents out of ``agents``.

    >>> seatings(2, 3)
    Traceback (most recent call last):
    ...
    ValueError: 2 agents cannot fill 3 seats without one playing twice; give at least 3 agents
    """
    if seats < 1:
        raise ValueError(f"a game needs at least one seat; got {seats}")
    if agents < seats:
        raise ValueError(
            f"{agents} agents cannot fill {seats} seats without one playing twice; "
            f"give at least {seats} agents"
        )
    return list(itertools.permutations(range(agents), seats))


def rounds_for(games: int, seating_list: list[tuple[int, ...]]) -> int:
    """How many rounds (deals) it takes to play at least ``games`` games, whole rounds only."""
    if games < 1:
        raise ValueError(f"games must be at least 1; got {games}")
    return -(-games // len(seating_list))


def plan(rounds: int, seating_list: list[tuple[int, ...]], seed: int) -> list[PlannedGame]:
    """Every game of ``rounds`` rounds from deal ``seed`` on, in order."""
    return [
        PlannedGame(index * len(seating_list) + place, seed + index, seating)
        for index in range(rounds)
        for place, seating in enumerate(seating_list)
    ]
