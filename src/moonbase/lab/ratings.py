"""Ratings from a tournament's games: openskill's Plackett–Luce model, one team per seat.

Each game is one rated match: the winners share first place, and the other seats follow by
score (equal scores tie). Games are rated in the order of their numbers, never in the order
they happened to finish, so a tournament's ratings do not depend on how many workers played
it or whether it was interrupted and continued. Every agent starts at openskill's default
(``mu`` 25, ``sigma`` 25/3); ``ordinal`` is the cautious estimate ``mu - 3 sigma``.

>>> from moonbase.agents.match import GameRecord
>>> seated = [(0, 1), (1, 0)] * 4  # agent 0 wins every game, from either seat
>>> games = [GameRecord(n, n, s, (1.0, 0.0), (s.index(0),), 9, 0.0) for n, s in enumerate(seated)]
>>> strong, weak = rate(games, 2)
>>> strong.mu > 25 > weak.mu, strong.sigma < 25 / 3
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from moonbase.agents.match import GameRecord

__all__ = ["Rating", "places", "rate"]


@dataclass(frozen=True)
class Rating:
    """An agent's rating: the mean skill ``mu`` and its uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a skill the agent has with about 99.7% confidence."""
        return self.mu - 3 * self.sigma

    @property
    def low(self) -> float:
        """The bottom of the 95% interval, ``mu - 1.96 sigma``."""
        return self.mu - 1.96 * self.sigma

    @property
    def high(self) -> float:
        """The top of the 95% interval, ``mu + 1.96 sigma``."""
        return self.mu + 1.96 * self.sigma


def places(record: GameRecord) -> list[int]:
    """Each seat's place in the game, from 1: winners first, the rest by score, ties shared.

    >>> places(GameRecord(0, 0, (0, 1, 2), (3.0, 5.0, 3.0), (1,), 9, 0.0))
    [2, 1, 2]
    """
    keys = [
        (0 if seat in record.winners else 1, -score) for seat, score in enumerate(record.scores)
    ]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def rate(records: Sequence[GameRecord], agents: int) -> list[Rating]:
    """The rating of each of ``agents`` agents after ``records`` (rated by game number)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=str(index)) for index in range(agents)]
    for record in sorted(records, key=lambda game: game.number):
        teams = [[ratings[entry]] for entry in record.seating]
        rated = model.rate(teams, ranks=[float(place) for place in places(record)])
        for entry, team in zip(record.seating, rated, strict=True):
            ratings[entry] = team[0]
    return [Rating(float(rating.mu), float(rating.sigma)) for rating in ratings]
