"""Tournaments: every seating of a pool of agents over many deals, summed up and rated.

:func:`tournament` plans whole rounds (:mod:`moonbase.lab.schedule`: each deal played under
every seating), plays the games on an executor (:mod:`moonbase.lab.executors`), appends each
finished game to a results store if one is given (:mod:`moonbase.lab.store`; a rerun on the
same store plays only the games missing) and sums up each agent: games, wins (a ``k``-way
shared win counts ``1/k``) with Wilson's 95% interval, the mean score with its interval, the
score's quartiles, the median and 90th-percentile processor time of a move that had a choice,
and — in a game of several seats — an openskill Plackett–Luce rating with its uncertainty
(:mod:`moonbase.lab.ratings`). A solo or cooperative game (one seat) has no opponents to be
rated against: its table gives win rates and score distributions only.

**Ctrl-C** stops a tournament at once: the games finished are stored, and
:class:`TournamentInterrupted` (a ``KeyboardInterrupt``) carries their result; run it again on
the same store to play the rest.

>>> import moonbase
>>> result = tournament(moonbase.load("moon-leap"), ["greedy", "random"], games=4, workers=1)
>>> len(result.records), [standing.games for standing in result.standings]
(4, [4, 4])
>>> result.rated, sum(standing.wins for standing in result.standings)
(True, 4.0)
"""

from __future__ import annotations

import dataclasses
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, closing, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from moonbase.agents.match import EntryResult, GameRecord, progress_bar, summarise_entry
from moonbase.agents.protocol import make_agent
from moonbase.core import ChanceMode, Game
from moonbase.lab.executors import Job, parse_executor, run_dask, started_locally
from moonbase.lab.ratings import Rating, rate
from moonbase.lab.schedule import plan, rounds_for, seatings
from moonbase.lab.store import Identity, Store

__all__ = ["Standing", "TournamentInterrupted", "TournamentResult", "labels", "tournament"]

_FLUSH_GAMES = 256
_FLUSH_SECONDS = 1.0


@dataclass(frozen=True)
class Standing(EntryResult):
    """One agent's results in a tournament: a match's :class:`EntryResult` (games, wins with
    their interval, the mean score with its, the median and 90th-percentile move times), the
    scores' quartiles and the rating."""

    quartiles: tuple[float, float, float, float, float] = (0.0, 0.0, 0.0, 0.0, 0.0)
    """The scores' minimum, first quartile, median, third quartile and maximum."""
    rating: Rating | None = None
    """The openskill rating (``None`` in a one-seat game)."""


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's games and every agent's standing."""

    game: str
    specs: tuple[str, ...]
    seed: int
    records: tuple[GameRecord, ...]
    standings: tuple[Standing, ...]
    planned: int
    """The number of games planned (whole rounds of every seating)."""
    seatings: int
    """The number of seatings a round plays."""

    @property
    def rated(self) -> bool:
        """Whether the game has several seats, so that agents are rated."""
        return any(standing.rating is not None for standing in self.standings)

    @property
    def interrupted(self) -> bool:
        """Whether fewer games were played than planned."""
        return len(self.records) < self.planned

    def ranking(self) -> list[Standing]:
        """The standings from best to worst: by rating ordinal (``mu - 3 sigma``) in a game of
        several seats, else by win rate and then mean score."""

        def key(standing: Standing) -> tuple[float, float]:
            if standing.rating is not None:
                return (-standing.rating.ordinal, -standing.win_rate)
            return (-standing.win_rate, -standing.mean_score)

        return sorted(self.standings, key=key)

    def rows(self, timings: bool = True) -> list[dict[str, Any]]:
        """One plain row per agent (for CSV, JSON or comparing runs); ``timings=False``
        leaves out the move times, the one part that differs between identical runs."""
        rows = []
        for standing in self.standings:
            row: dict[str, Any] = {
                "agent": standing.label,
                "spec": standing.spec,
                "games": standing.games,
                "wins": round(standing.wins, 6),
                "sole_wins": standing.sole_wins,
                "shared_wins": standing.shared_wins,
                "win_rate": round(standing.win_rate, 6),
                "win_low": round(standing.win_low, 6),
                "win_high": round(standing.win_high, 6),
                "mean_score": round(standing.mean_score, 6),
                "score_low": round(standing.score_low, 6),
                "score_high": round(standing.score_high, 6),
                "score_min": standing.quartiles[0],
                "score_q1": standing.quartiles[1],
                "score_median": standing.quartiles[2],
                "score_q3": standing.quartiles[3],
                "score_max": standing.quartiles[4],
            }
            if standing.rating is not None:
                row["rating_mu"] = round(standing.rating.mu, 6)
                row["rating_sigma"] = round(standing.rating.sigma, 6)
                row["rating_ordinal"] = round(standing.rating.ordinal, 6)
            if timings:
                row["move_seconds"] = round(standing.move_seconds, 6)
                row["slow_move_seconds"] = round(standing.slow_move_seconds, 6)
            rows.append(row)
        return rows


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a tournament; ``partial`` is the result of the games finished (all of
    them stored, if the tournament has a store)."""

    def __init__(self, partial: TournamentResult) -> None:
        super().__init__(f"interrupted after {len(partial.records)} of {partial.planned} games")
        self.partial = partial


def labels(specs: Sequence[str]) -> list[str]:
    """Each agent's name in a table: its spec, numbered where two are alike.

    >>> labels(["random", "greedy", "random"])
    ['random #1', 'greedy', 'random #3']
    """
    full = [make_agent(spec).spec for spec in specs]
    return [
        f"{spec} #{index + 1}" if full.count(spec) > 1 else spec for index, spec in enumerate(full)
    ]


def tournament(
    game: Game,
    agents: Sequence[str],
    games: int = 100,
    seed: int = 0,
    *,
    store: str | Path | None = None,
    executor: str | Any = "local",
    workers: int | None = None,
    progress: bool | None = None,
    chance: ChanceMode = "auto",
    on_game: Callable[[GameRecord], None] | None = None,
) -> TournamentResult:
    """Play a tournament of ``agents`` (spec strings) at ``game``: at least ``games`` games,
    whole rounds of every seating, deals from ``seed`` on.

    ``store``: a folder for the results (continued if it holds this tournament already).
    ``executor``: ``"local"`` (``workers`` processes, default one per core), ``"dask://HOST:PORT"``
    or a ``distributed.Client``. ``progress``: show a progress bar on standard error (default:
    when it is a terminal). ``on_game`` is called with each game as it finishes (after it is
    stored). Ctrl-C raises :class:`TournamentInterrupted` with the games finished.
    """
    specs = tuple(agents)
    for spec in specs:
        make_agent(spec)  # a bad spec fails here, before any game
    seating_list = seatings(len(specs), game.seats)
    planned = plan(rounds_for(games, seating_list), seating_list, seed)
    cluster: str | Any = executor
    if isinstance(executor, str):
        cluster = parse_executor(executor)
        if cluster != "local" and workers is not None:
            raise ValueError(
                "workers is for the local executor; a Dask cluster plays on its own workers"
            )
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1; got {workers}")
    saved = (
        Store.open(store, Identity(repr(game), specs, seed, chance)) if store is not None else None
    )
    done = {record.number: record for record in saved.records()} if saved is not None else {}
    jobs: list[Job] = [(game, specs, game_plan, chance) for game_plan in planned]
    missing = [job for job in jobs if job[2].number not in done]
    records = [done[job[2].number] for job in jobs if job[2].number in done]

    def result() -> TournamentResult:
        return _result(game, specs, seed, records, len(planned), len(seating_list))

    show = sys.stderr.isatty() if progress is None else progress
    title = f"{game.name}: {' vs '.join(labels(specs))}"
    if records:
        title += f" ({len(records)} stored)"
    pending: list[GameRecord] = []
    flushed = time.monotonic()
    try:
        with (
            _played(missing, cluster, workers) as played,
            progress_bar(show and bool(missing), title, len(missing)) as advance,
        ):
            try:
                for record in played:
                    records.append(record)
                    pending.append(record)
                    if saved is not None and (
                        len(pending) >= _FLUSH_GAMES or time.monotonic() - flushed >= _FLUSH_SECONDS
                    ):
                        saved.append(pending)
                        pending, flushed = [], time.monotonic()
                    advance()
                    if on_game is not None:
                        on_game(record)
            finally:
                if saved is not None:
                    saved.append(pending)
                    pending = []
    except KeyboardInterrupt:
        raise TournamentInterrupted(result()) from None
    return result()


def _played(
    jobs: list[Job], cluster: str | Any, workers: int | None
) -> AbstractContextManager[Iterator[GameRecord]]:
    """The records of ``jobs`` as they finish; local workers start on entering (before the
    progress bar's thread), and every worker or pending Dask job is ended on the way out."""
    if not jobs:
        return nullcontext(iter(()))
    if cluster == "local":
        return started_locally(jobs, workers if workers is not None else os.cpu_count() or 1)
    return closing(run_dask(jobs, cluster))


def _result(
    game: Game,
    specs: tuple[str, ...],
    seed: int,
    records: list[GameRecord],
    planned: int,
    seating_count: int,
) -> TournamentResult:
    ordered = sorted(records, key=lambda record: record.number)
    ratings: list[Rating] | list[None] = (
        rate(ordered, len(specs)) if game.seats > 1 else [None] * len(specs)
    )
    standings = tuple(
        _standing(index, label, specs[index], ordered, ratings[index])
        for index, label in enumerate(labels(specs))
    )
    return TournamentResult(
        repr(game), specs, seed, tuple(ordered), standings, planned, seating_count
    )


def _standing(
    entry: int, label: str, spec: str, records: list[GameRecord], rating: Rating | None
) -> Standing:
    played = [record for record in records if entry in record.seating]
    scores = sorted(record.scores[record.seat_of(entry)] for record in played)
    base = summarise_entry(entry, label, spec, played)
    fields = {field.name: getattr(base, field.name) for field in dataclasses.fields(base)}
    return Standing(**fields, quartiles=_quartiles(scores), rating=rating)


def _quartiles(scores: list[float]) -> tuple[float, float, float, float, float]:
    """Minimum, quartiles and maximum of sorted ``scores`` (zeros when there are none).

    >>> _quartiles([1.0, 2.0, 3.0, 4.0, 5.0])
    (1.0, 2.0, 3.0, 4.0, 5.0)
    """
    if not scores:
        return 0.0, 0.0, 0.0, 0.0, 0.0
    if len(scores) == 1:
        return scores[0], scores[0], scores[0], scores[0], scores[0]
    first, median, third = statistics.quantiles(scores, n=4, method="inclusive")
    return scores[0], first, median, third, scores[-1]
