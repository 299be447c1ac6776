"""The MOON difficulty study: cooperative win rates by difficulty, and how often a deal can be won.

For each difficulty (``easy``, ``normal``, ``hard``, ``master``) every agent of the pool (by
default ``random``, ``greedy`` and ``planner``) plays the same ``games`` deals from ``seed``
alone, as a :func:`~moonbase.lab.tournament.tournament` (so a ``store`` folder makes the run
resumable: one store per difficulty, ``STORE/moon-DIFFICULTY``). Beside them the
**clairvoyant bound**: the planner knowing the deck order
(:func:`~moonbase.agents.planner_agent.play_clairvoyant`). Its win rate is how often a deal is
solvable by the planner's plans when nothing is hidden — a reference, not a strict bound: the
planner's plans are not always the best ones, so the ordinary planner can win a deal the
clairvoyant one loses. Win rates carry Wilson's 95% intervals.

>>> import moonbase
>>> study = moon_difficulty(games=2, agents=("greedy",), difficulties=("easy",), workers=1)
>>> [(row.difficulty, row.games, len(row.rates)) for row in study.rows]
[('easy', 2, 1)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import moonbase
from moonbase.agents.planner_agent import play_clairvoyant
from moonbase.agents.stats import wilson
from moonbase.core import Game
from moonbase.lab.executors import run
from moonbase.lab.report import Report, ReportTable, line_chart
from moonbase.lab.tournament import labels, tournament

__all__ = ["DIFFICULTIES", "DifficultyRow", "MoonDifficulty", "WinRate", "moon_difficulty"]

DIFFICULTIES = ("easy", "normal", "hard", "master")
"""The cooperative difficulties, easiest first."""

DEFAULT_AGENTS = ("random", "greedy", "planner")
"""The bots compared unless told."""


@dataclass(frozen=True)
class WinRate:
    """A win rate: wins (shares counted) over games, with Wilson's 95% interval."""

    label: str
    wins: float
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """``wins / games``."""
        return self.wins / self.games if self.games else 0.0

    def cell(self) -> str:
        """``0.50 (0.20–0.80)``."""
        return f"{self.rate:.2f} ({self.low:.2f}–{self.high:.2f})"


@dataclass(frozen=True)
class DifficultyRow:
    """One difficulty: each agent's win rate and the clairvoyant bound's."""

    difficulty: str
    games: int
    rates: tuple[WinRate, ...]
    clairvoyant: WinRate


@dataclass(frozen=True)
class MoonDifficulty:
    """The study: the base game, the deals and one row per difficulty."""

    game: str
    seed: int
    agents: tuple[str, ...]
    rows: tuple[DifficultyRow, ...]

    def report(self) -> Report:
        """The report: the table and ``moon-difficulty.png``."""
        names = [*labels(self.agents), "clairvoyant (solvable)"]
        table = ReportTable(
            "Cooperative win rate by difficulty (95% intervals)",
            ("difficulty", "deals", *names),
            [
                (row.difficulty, str(row.games), *(r.cell() for r in (*row.rates, row.clairvoyant)))
                for row in self.rows
            ],
        )
        series = [
            (name, *_columns([row.rates[index] for row in self.rows]))
            for index, name in enumerate(names[:-1])
        ]
        series.append((names[-1], *_columns([row.clairvoyant for row in self.rows])))
        picture = line_chart(
            [("", [row.difficulty for row in self.rows], series)],
            title="Cooperative MOON: win rate by difficulty",
            ylabel="win rate (95% interval)",
        )
        deals = self.rows[0].games if self.rows else 0
        return Report(
            f"MOON difficulty: {self.game}",
            [
                f"{deals} deals per difficulty from seed {self.seed}, the same deals for every "
                "bot. The clairvoyant bound is the planner knowing the deck order: how often a "
                "deal is solvable by the planner's plans when nothing is hidden (a reference, "
                "not a strict bound: the ordinary planner can win a deal it loses).",
            ],
            [table],
            {"moon-difficulty.png": picture},
        )


def _columns(rates: Sequence[WinRate]) -> tuple[list[float], list[float], list[float]]:
    return [r.rate for r in rates], [r.low for r in rates], [r.high for r in rates]


def _solved(job: tuple[Game, int]) -> bool:
    game, seed = job
    return bool(play_clairvoyant(game, seed).winners())


def moon_difficulty(
    games: int = 100,
    seed: int = 0,
    *,
    agents: Sequence[str] = DEFAULT_AGENTS,
    difficulties: Sequence[str] = DIFFICULTIES,
    options: Mapping[str, object] | None = None,
    store: str | Path | None = None,
    executor: str | Any = "local",
    workers: int | None = None,
    progress: bool = False,
) -> MoonDifficulty:
    """Play ``games`` deals per difficulty with each of ``agents`` and the clairvoyant bound.

    ``options`` are further MOON options (``events``, ``extras``, ``width`` …); the mode is
    cooperative and ``difficulty`` is swept. ``store``: a folder of tournament stores."""
    given = dict(options or {})
    for key in ("mode", "difficulty", "players"):
        if key in given:
            raise ValueError(f"option {key!r} is set by the study; allowed: the other MOON options")
    unknown = [name for name in difficulties if name not in DIFFICULTIES]
    if unknown or not difficulties:
        raise ValueError(
            f"difficulty {unknown!r} is not allowed; allowed: {', '.join(DIFFICULTIES)}"
        )
    if games < 1:
        raise ValueError(f"games must be at least 1; got {games}")
    specs = tuple(agents)
    rows = []
    base = moonbase.load("moon", mode="cooperative", **given)
    for difficulty in difficulties:
        game = moonbase.load("moon", mode="cooperative", difficulty=difficulty, **given)
        result = tournament(
            game,
            specs,
            games * len(specs),  # one seat: every agent plays each deal
            seed,
            store=None if store is None else Path(store) / f"moon-{difficulty}",
            executor=executor,
            workers=workers,
            progress=progress,
        )
        rates = tuple(
            WinRate(s.label, s.wins, s.games, s.win_low, s.win_high) for s in result.standings
        )
        jobs = [(game, seed + number) for number in range(games)]
        won = sum(run(jobs, executor, workers, _solved))
        low, high = wilson(won, games)
        rows.append(
            DifficultyRow(difficulty, games, rates, WinRate("clairvoyant", won, games, low, high))
        )
    return MoonDifficulty(repr(base), seed, specs, tuple(rows))
