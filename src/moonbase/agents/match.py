"""The match runner: many games between agents, seats rotating, in parallel processes.

:func:`match` plays ``games`` games of one game between agents named by spec strings. Deals
are played in *rotation*: game ``i`` deals from seed ``seed + i // n`` (``n`` seats) with the
agents moved ``i % n`` seats round, so every deal is played from every seat in turn (play a
multiple of ``n`` games for full rotations). Games run in worker processes
(:mod:`multiprocessing`) and a progress bar (rich) shows on a terminal: games done, the rate
and the time left, from the first game finished on.

**Ctrl-C** stops a match at once: the worker processes ignore the interrupt and are ended by
the match, which raises :class:`MatchInterrupted` (a ``KeyboardInterrupt``) carrying the
result of the games finished so far.

**How a shared win counts.** A win shared by ``k`` seats (a tie for first place) gives each of
them ``1/k`` of a win, so the win counts of a competitive match add up to the number of games.
``sole_wins`` and ``shared_wins`` show how many wins were outright and how many shared. The
win rate is ``wins / games`` with Wilson's 95% interval; the mean score has a normal 95%
interval. In a cooperative game (one seat) a win is the crew's win.

>>> import moonbase
>>> result = match(moonbase.load("moon-leap"), ["random", "random"], games=4, workers=1)
>>> [entry.games for entry in result.entries], sum(entry.wins for entry in result.entries)
([4, 4], 4.0)
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import TYPE_CHECKING, ClassVar

from moonbase.agents.protocol import Agent, make_agent
from moonbase.agents.runner import agent_seed, play
from moonbase.agents.stats import mean_interval, wilson
from moonbase.core import ChanceMode, Game, State

if TYPE_CHECKING:
    from rich.progress import ProgressColumn, Task

__all__ = [
    "EntryResult",
    "GameRecord",
    "MatchInterrupted",
    "MatchResult",
    "match",
    "play_record",
    "play_seated",
    "progress_bar",
    "seating_for",
    "summarise_entry",
    "worker_pool",
]


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a match."""

    number: int
    seed: int
    seating: tuple[int, ...]
    """``seating[seat]``: the index of the agent (in the match's list) that played the seat."""
    scores: tuple[float, ...]
    """Final score per seat."""
    winners: tuple[int, ...]
    """Winning seats."""
    actions: int
    """Length of the game's history (chance outcomes included)."""
    seconds: float
    think: tuple[tuple[float, ...], ...] = ()
    """``think[entry]``: the processor seconds agent ``entry`` took for each of its moves that
    had a choice (moves with one legal action are not timed). Processor time, not wall time, so
    that other work on the machine does not inflate it: it is what the move takes on an idle
    core."""

    def seat_of(self, entry: int) -> int:
        """The seat agent ``entry`` played."""
        return self.seating.index(entry)

    def share(self, entry: int) -> float:
        """Agent ``entry``'s part of the win: 1, ``1/k`` of a ``k``-way shared win, or 0.

        >>> GameRecord(0, 1, (1, 0), (3.0, 3.0), (0, 1), 10, 0.1).share(0)
        0.5
        """
        seat = self.seat_of(entry)
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def outscored(self, entry: int) -> float:
        """The part of the other seats agent ``entry`` finished above on score, a tie counting
        half: how often it beats one given opponent, which in a game of many seats says more
        than its share of the wins.

        >>> record = GameRecord(0, 1, (1, 0, 2, 3), (5.0, 7.0, 5.0, 2.0), (1,), 10, 0.1)
        >>> record.outscored(0), record.outscored(1)  # agent 0 sat in seat 1, agent 1 in seat 0
        (1.0, 0.5)
        """
        seat = self.seat_of(entry)
        mine = self.scores[seat]
        others = [score for other, score in enumerate(self.scores) if other != seat]
        above = sum(1.0 if mine > score else 0.5 if mine == score else 0.0 for score in others)
        return above / len(others)


@dataclass(frozen=True)
class EntryResult:
    """The results of one agent of a match."""

    label: str
    spec: str
    games: int
    wins: float
    """Wins, a ``k``-way shared win counting ``1/k``."""
    sole_wins: int
    shared_wins: int
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float
    move_seconds: float = 0.0
    """The median processor time the agent took for a move that had a choice."""
    slow_move_seconds: float = 0.0
    """The 90th percentile of those times."""

    @property
    def win_rate(self) -> float:
        """``wins / games``."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class MatchResult:
    """A finished match: the game, every game record and the per-agent results."""

    game: str
    specs: tuple[str, ...]
    records: tuple[GameRecord, ...]
    entries: tuple[EntryResult, ...]
    planned: int = 0
    """The number of games the match was to play (more than ``len(records)`` once
    interrupted)."""

    @property
    def interrupted(self) -> bool:
        """Whether the match stopped before playing every game planned."""
        return len(self.records) < self.planned

    def table(self) -> str:
        """The per-agent results as a text table."""
        lines = [f"{self.game}: {len(self.records)} games"]
        lines.append(f"{'agent':<34}{'win rate':>9}  {'95% interval':<15}{'mean score':>11}")
        for entry in self.entries:
            interval = f"{entry.win_low:.2f}–{entry.win_high:.2f}"
            lines.append(
                f"{entry.label:<34}{entry.win_rate:>9.3f}  {interval:<15}{entry.mean_score:>11.2f}"
            )
        return "\n".join(lines)


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a match; ``partial`` is the result of the games finished before."""

    def __init__(self, partial: MatchResult) -> None:
        super().__init__(f"interrupted after {len(partial.records)} of {partial.planned} games")
        self.partial = partial


def seating_for(number: int, seats: int) -> tuple[int, ...]:
    """Which agent plays each seat in game ``number`` (agents move one seat per game).

    >>> seating_for(0, 3), seating_for(1, 3)
    ((0, 1, 2), (2, 0, 1))
    """
    shift = number % seats
    return tuple((seat - shift) % seats for seat in range(seats))


def play_record(
    game: Game, specs: tuple[str, ...], number: int, seed: int, chance: ChanceMode = "auto"
) -> GameRecord:
    """Play game ``number`` of a match that starts at ``seed`` (run in a worker process)."""
    seating = seating_for(number, game.seats)
    return play_seated(game, specs, number, seed + number // game.seats, seating, chance)


def play_seated(
    game: Game,
    specs: tuple[str, ...],
    number: int,
    deal: int,
    seating: tuple[int, ...],
    chance: ChanceMode = "auto",
) -> GameRecord:
    """Play the deal ``deal`` with agent ``specs[seating[seat]]`` in each seat, recorded as
    game ``number``. Agents of ``specs`` left out of ``seating`` sit this game out (their
    ``think`` is empty). The game depends on the deal, the seating and the specs alone.

    >>> import moonbase
    >>> record = play_seated(moonbase.load("moon-leap"), ("random", "greedy", "random"),
    ...                      5, 11, (2, 1))
    >>> record.number, record.seed, record.seating, record.think[0]
    (5, 11, (2, 1), ())
    """
    started = time.perf_counter()
    timed = [
        _Timed(make_agent(specs[entry], agent_seed(deal, seat)))
        for seat, entry in enumerate(seating)
    ]
    final = play(game, timed, seed=deal, chance=chance)
    think = tuple(
        tuple(timed[seating.index(entry)].times) if entry in seating else ()
        for entry in range(len(specs))
    )
    return GameRecord(
        number,
        deal,
        seating,
        tuple(final.scores()),
        tuple(final.winners()),
        len(final.history),
        time.perf_counter() - started,
        think,
    )


class _Timed(Agent):
    """An agent that times (in processor seconds) the moves of another where it had a choice."""

    name: ClassVar[str] = "timed"

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.times: list[float] = []

    def choose(self, observed: State, seat: int) -> str:
        if len(observed.legal_actions(seat)) < 2:
            return self.inner.choose(observed, seat)
        started = time.process_time()
        action = self.inner.choose(observed, seat)
        self.times.append(time.process_time() - started)
        return action


def _labels(specs: Sequence[str]) -> list[str]:
    labels = []
    for index, spec in enumerate(specs):
        label = make_agent(spec).spec
        if sum(1 for other in specs if make_agent(other).spec == label) > 1:
            label = f"{label} #{index + 1}"
        labels.append(label)
    return labels


def _summarise(specs: Sequence[str], records: Sequence[GameRecord]) -> tuple[EntryResult, ...]:
    return tuple(
        summarise_entry(index, label, specs[index], records)
        for index, label in enumerate(_labels(specs))
    )


def summarise_entry(
    entry: int, label: str, spec: str, records: Sequence[GameRecord]
) -> EntryResult:
    """Agent ``entry``'s results over ``records`` (games it played in): wins (shares
    counted) with Wilson's interval, the mean score with its interval, and move times.

    >>> games = [GameRecord(0, 0, (0, 1), (5.0, 3.0), (0,), 9, 0.1)]
    >>> result = summarise_entry(1, "random", "random", games)
    >>> result.games, result.wins, result.mean_score
    (1, 0.0, 3.0)
    """
    shares = [record.share(entry) for record in records]
    scores = [record.scores[record.seat_of(entry)] for record in records]
    wins = sum(shares)
    low, high = wilson(wins, len(records))
    mean, score_low, score_high = mean_interval(scores)
    times = sorted(t for record in records if record.think for t in record.think[entry])
    return EntryResult(
        label,
        make_agent(spec).spec,
        len(records),
        wins,
        sum(1 for share in shares if share == 1),
        sum(1 for share in shares if 0 < share < 1),
        low,
        high,
        mean,
        score_low,
        score_high,
        statistics.median(times) if times else 0.0,
        times[int(0.9 * (len(times) - 1))] if times else 0.0,
    )


def match(
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    progress: bool | None = None,
    chance: ChanceMode = "auto",
) -> MatchResult:
    """Play ``games`` games between ``agents`` (one spec per seat) and sum up the results.

    ``workers`` processes play in parallel (default: one per CPU; 1 plays in this process);
    ``progress`` shows a progress bar (default: when standard error is a terminal). Ctrl-C
    ends the workers and raises :class:`MatchInterrupted` with the games finished so far.
    """
    specs = tuple(agents)
    if len(specs) != game.seats:
        raise ValueError(f"{game.title} with these options has {game.seats} seats; "
                         f"got {len(specs)} agents")  # fmt: skip
    for spec in specs:
        make_agent(spec)  # fail early on a bad spec
    if workers is None:
        workers = os.cpu_count() or 1
    workers = max(1, min(workers, games))
    show = sys.stderr.isatty() if progress is None else progress
    records: list[GameRecord] = []
    jobs = [(game, specs, number, seed, chance) for number in range(games)]
    try:
        with (
            worker_pool(workers) as pool,
            progress_bar(show, _title(game, specs), games) as advance,
        ):
            played: Iterable[GameRecord] = (
                map(_play_job, jobs) if pool is None else pool.imap_unordered(_play_job, jobs)
            )
            for record in played:
                records.append(record)
                advance()
    except KeyboardInterrupt:
        raise MatchInterrupted(_result(game, specs, records, games)) from None
    return _result(game, specs, records, games)


def _title(game: Game, specs: Sequence[str]) -> str:
    return f"{game.name}: {' vs '.join(_labels(specs))}"


def _result(
    game: Game, specs: tuple[str, ...], records: list[GameRecord], planned: int
) -> MatchResult:
    records = sorted(records, key=lambda record: record.number)
    return MatchResult(repr(game), specs, tuple(records), _summarise(specs, records), planned)


_Job = tuple[Game, tuple[str, ...], int, int, ChanceMode]


def _play_job(job: _Job) -> GameRecord:
    return play_record(*job)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is for the match to handle, which ends the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def worker_pool(count: int) -> Iterator[Pool | None]:
    """``count`` worker processes (``None`` for one: play in this process), ended on the way
    out however it is left — Ctrl-C included — so that none outlives the match."""
    if count == 1:
        yield None
        return
    main = threading.current_thread() is threading.main_thread()
    # The workers start ignoring Ctrl-C, so that the interrupt sent to the whole terminal's
    # process group reaches only the match.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        pool = multiprocessing.get_context().Pool(count, initializer=_ignore_interrupts)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


def _rate(task: Task) -> float | None:
    elapsed = task.elapsed
    return task.completed / elapsed if task.completed and elapsed else None


def _columns() -> list[ProgressColumn]:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        """Games a second (or seconds a game), from the games finished so far."""

        def render(self, task: Task) -> Text:
            rate = _rate(task)
            if rate is None:
                return Text("–", style="progress.data.speed")
            shown = f"{rate:.2f} games/s" if rate >= 1 else f"{1 / rate:.1f} s/game"
            return Text(shown, style="progress.data.speed")

    class Left(ProgressColumn):
        """The time left at the rate so far, from the first game finished on."""

        def render(self, task: Task) -> Text:
            rate = _rate(task)
            if rate is None or task.total is None:
                return Text("left –:––", style="progress.remaining")
            seconds = int(max(0.0, task.total - task.completed) / rate + 0.5)
            hours, rest = divmod(seconds, 3600)
            minutes = f"{hours}:{rest // 60:02d}" if hours else f"{rest // 60}"
            return Text(f"left {minutes}:{rest % 60:02d}", style="progress.remaining")

    return [
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        Rate(),
        TimeElapsedColumn(),
        Left(),
    ]


@contextmanager
def progress_bar(show: bool, description: str, total: int) -> Iterator[Callable[[], None]]:
    """A rich progress bar on standard error (or nothing); yields the function that moves it
    one game on."""
    if not show:
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(*_columns(), console=Console(stderr=True)) as progress:
        task = progress.add_task(description, total=total)
        yield lambda: progress.advance(task)
