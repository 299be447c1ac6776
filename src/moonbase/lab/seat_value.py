"""The seat-value study: how much each seat position is worth when every seat plays alike.

The same bot plays every seat (``greedy`` unless told), over ``games`` deals from ``seed``;
with every seat played alike, a seat's share of the wins above ``1/seats`` is the value of
sitting there. Each seat gets its win rate (a ``k``-way shared win counts ``1/k``) with
Wilson's 95% interval and its mean score with a normal 95% interval. Games of one seat have
no seat positions to compare and are refused.

A ``store`` folder makes the study resumable, as a tournament is: its games are kept in the
tournament store ``STORE/seat-value-GAME`` (:mod:`moonbase.lab.store`) about once a second as
they finish, and a rerun plays only the games missing; a larger ``games`` extends it, and a
store of another game, agent or seed is refused.

>>> import moonbase
>>> study = seat_value(moonbase.load("moon-leap"), games=6, workers=1)
>>> [seat.games for seat in study.seats], round(sum(seat.wins for seat in study.seats), 6)
([6, 6], 6.0)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from moonbase.agents.match import GameRecord
from moonbase.agents.protocol import make_agent
from moonbase.agents.stats import mean_interval, wilson
from moonbase.core import Game
from moonbase.lab.executors import Job, play_job, run
from moonbase.lab.report import Report, ReportTable, bar_chart
from moonbase.lab.schedule import PlannedGame
from moonbase.lab.store import Identity, Store

__all__ = [
    "SeatValue",
    "SeatValueStudy",
    "seat_value",
    "seat_value_report",
    "write_seat_value_report",
]

_FLUSH_SECONDS = 1.0


@dataclass(frozen=True)
class SeatValue:
    """One seat's results in the study."""

    seat: int
    games: int
    wins: float
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float

    @property
    def win_rate(self) -> float:
        """``wins / games``."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class SeatValueStudy:
    """The study's games and each seat's value."""

    game: str
    agent: str
    seed: int
    records: tuple[GameRecord, ...]
    seats: tuple[SeatValue, ...]


def seat_value(
    game: Game,
    agent: str = "greedy",
    games: int = 200,
    seed: int = 0,
    *,
    store: str | Path | None = None,
    executor: str | Any = "local",
    workers: int | None = None,
) -> SeatValueStudy:
    """Play ``games`` deals of ``game`` with ``agent`` in every seat and sum up each seat.

    ``store``: a folder of the study's stores; its games are kept in ``STORE/seat-value-GAME``
    and a rerun plays only the games missing."""
    if game.seats < 2:
        raise ValueError(
            f"{game.title} with these options has one seat: seat values need a game of "
            "several seats"
        )
    if games < 1:
        raise ValueError(f"games must be at least 1; got {games}")
    spec = make_agent(agent).spec
    specs = (agent,) * game.seats
    seating = tuple(range(game.seats))
    jobs: list[Job] = [
        (game, specs, PlannedGame(number, seed + number, seating), "auto")
        for number in range(games)
    ]
    saved = None if store is None else _open(store, game, specs, seed)
    records = _records(jobs, saved, executor, workers)
    values = []
    for seat in range(game.seats):
        shares = [1 / len(record.winners) if seat in record.winners else 0.0 for record in records]
        wins = sum(shares)
        low, high = wilson(wins, len(records))
        mean, score_low, score_high = mean_interval([record.scores[seat] for record in records])
        values.append(SeatValue(seat, len(records), wins, low, high, mean, score_low, score_high))
    return SeatValueStudy(repr(game), spec, seed, tuple(records), tuple(values))


def _open(store: str | Path, game: Game, specs: tuple[str, ...], seed: int) -> Store:
    """The study's store in the folder of stores ``store``: ``STORE/seat-value-GAME``."""
    return Store.open(
        Path(store) / f"seat-value-{game.name}", Identity(repr(game), specs, seed, "auto")
    )


def _records(
    jobs: list[Job], saved: Store | None, executor: str | Any, workers: int | None
) -> list[GameRecord]:
    """The games of ``jobs`` by number: those in ``saved`` already, the others played (and
    kept in ``saved``)."""
    done = {record.number: record for record in saved.records()} if saved is not None else {}
    records = [done[job[2].number] for job in jobs if job[2].number in done]
    missing = [job for job in jobs if job[2].number not in done]
    if missing:
        records += _kept(run(missing, executor, workers, play_job), saved)
    return sorted(records, key=lambda record: record.number)


def _kept(played: Iterator[GameRecord], saved: Store | None) -> Iterator[GameRecord]:
    """Each game of ``played`` as it finishes, appended to ``saved`` (if any) about once a
    second, and the rest when the iteration ends (finished, or stopped by Ctrl-C)."""
    pending: list[GameRecord] = []
    flushed = time.monotonic()
    try:
        for record in played:
            if saved is not None:
                pending.append(record)
                if time.monotonic() - flushed >= _FLUSH_SECONDS:
                    saved.append(pending)
                    pending, flushed = [], time.monotonic()
            yield record
    finally:
        if saved is not None:
            saved.append(pending)


def write_seat_value_report(study: SeatValueStudy, folder: str | Path) -> Path:
    """Write the study as ``folder/index.html`` with a picture, ``seat-value.png``; returns
    the page."""
    return seat_value_report(study).write(folder)


def seat_value_report(study: SeatValueStudy) -> Report:
    """The study's report: the table of seats and the picture ``seat-value.png``."""
    seats = study.seats
    fair = 1 / len(seats)
    picture = bar_chart(
        [f"seat {value.seat}" for value in seats],
        [value.win_rate for value in seats],
        [value.win_low for value in seats],
        [value.win_high for value in seats],
        title=f"Win rate by seat ({study.agent} in every seat)",
        ylabel="win rate (95% interval)",
        reference=fair,
    )
    rows = [
        (
            str(value.seat),
            str(value.games),
            f"{value.win_rate:.3f}",
            f"{value.win_low:.3f}–{value.win_high:.3f}",
            f"{value.win_rate - fair:+.3f}",
            f"{value.mean_score:.2f}",
            f"{value.score_low:.2f}–{value.score_high:.2f}",
        )
        for value in seats
    ]
    return Report(
        f"Seat value: {study.game}",
        [
            f"{len(study.records)} deals from seed {study.seed}, {study.agent} in every seat. "
            f"With every seat played alike, a seat's win rate above {fair:.3f} (1/"
            f"{len(seats)}) is what sitting there is worth; a shared win counts its share.",
        ],
        [
            ReportTable(
                "Win rate and mean score by seat",
                (
                    "seat",
                    "games",
                    "win rate",
                    "95% interval",
                    "above 1/n",
                    "mean score",
                    "95% interval",
                ),
                rows,
            )
        ],
        {"seat-value.png": picture},
    )
