"""The lab: tournaments between bots, ratings and results stores, locally or on Dask.

Needs the ``lab`` extra (``pip install 'moonbase[lab]'``: Dask, openskill, polars and
matplotlib). The pieces, one module each: :mod:`~moonbase.lab.schedule` (every seating of the
agents over the deals), :mod:`~moonbase.lab.executors` (local processes or a Dask cluster),
:mod:`~moonbase.lab.store` (the Parquet results store, resumable), :mod:`~moonbase.lab.ratings`
(openskill Plackett–Luce) and :mod:`~moonbase.lab.tournament` (the whole run, summed up).

>>> import moonbase
>>> from moonbase.lab import tournament
>>> result = tournament(moonbase.load("moon"), ["greedy", "random"], games=4, workers=1)
>>> [(standing.label, standing.games) for standing in result.standings], result.rated
([('greedy', 2), ('random', 2)], False)
"""

from moonbase.lab.ratings import Rating, rate
from moonbase.lab.schedule import PlannedGame, plan, seatings
from moonbase.lab.store import Identity, Store, StoreMismatch, export_csv
from moonbase.lab.tournament import (
    Standing,
    TournamentInterrupted,
    TournamentResult,
    labels,
    tournament,
)

__all__ = [
    "Identity",
    "PlannedGame",
    "Rating",
    "Standing",
    "Store",
    "StoreMismatch",
    "TournamentInterrupted",
    "TournamentResult",
    "export_csv",
    "labels",
    "plan",
    "rate",
    "seatings",
    "tournament",
]
