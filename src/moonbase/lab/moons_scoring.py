"""The Moons scoring study: how the reconstructed scoring values change who wins.

Moons' scoring values are a reconstruction (``/rules/moons.md``: a complete set 10, a triple
6, any other token 1, the Mini-Asteroid deck), so they are options. The study changes one
option at a time, the others at their defaults, and plays a
:func:`~moonbase.lab.tournament.tournament` of the same pool (every seating, the same deals
from ``seed``) at each value: each agent's and each seat's win rate with 95% intervals show
whether a value changes who wins. A ``store`` folder makes it resumable (one tournament store
per option value).

>>> import moonbase
>>> study = moons_scoring(moonbase.load("moons", players=3), games=6, workers=1,
...                       agents=("greedy", "random", "random"), sweep={"set_points": (5, 10)})
>>> [(point.option, point.value, len(point.agents), len(point.seats)) for point in study.points]
[('set_points', 5, 3, 3), ('set_points', 10, 3, 3)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import moonbase
from moonbase.agents.stats import wilson
from moonbase.core import Game
from moonbase.lab.moon_difficulty import WinRate
from moonbase.lab.report import Report, ReportTable, line_chart
from moonbase.lab.tournament import labels, tournament

__all__ = ["SWEEP", "MoonsScoring", "SweepPoint", "moons_scoring"]

SWEEP: Final = {
    "set_points": (5, 10, 15),
    "triple_points": (3, 6, 9),
    "single_points": (0, 1, 2),
    "mini_asteroids": (False, True),
}
"""The reconstructed options and the values tried (the defaults among them)."""

DEFAULT_AGENTS = ("mcts:iterations=10", "greedy", "random")
"""The pool unless told."""


@dataclass(frozen=True)
class SweepPoint:
    """One option value: each agent's and each seat's win rate."""

    option: str
    value: object
    games: int
    agents: tuple[WinRate, ...]
    seats: tuple[WinRate, ...]


@dataclass(frozen=True)
class MoonsScoring:
    """The sweep: the base game, the pool and one point per option value."""

    game: str
    seed: int
    agents: tuple[str, ...]
    defaults: Mapping[str, object]
    points: tuple[SweepPoint, ...]

    def report(self) -> Report:
        """The report: one table, ``moons-scoring.png`` (the agents) and
        ``moons-scoring-seats.png`` (the seats), one panel per option."""
        names = labels(self.agents)
        seats = len(self.points[0].seats) if self.points else 0
        rows = [
            (
                point.option,
                _shown(point.value)
                + (" (default)" if point.value == self.defaults[point.option] else ""),
                str(point.games),
                *(rate.cell() for rate in point.agents),
                *(rate.cell() for rate in point.seats),
            )
            for point in self.points
        ]
        table = ReportTable(
            "Win rate per option value (95% intervals)",
            ("option", "value", "games", *names, *(f"seat {seat}" for seat in range(seats))),
            rows,
        )
        seat_names = [f"seat {seat}" for seat in range(seats)]
        pictures = {
            "moons-scoring.png": self._chart(names, "agents", title="agents' win rate"),
            "moons-scoring-seats.png": self._chart(seat_names, "seats", title="seats' win rate"),
        }
        return Report(
            f"Moons scoring sweep: {self.game}",
            [
                f"Every seating of {', '.join(names)}, the same deals from seed {self.seed} "
                "at every value; one option changed at a time, the others at their defaults. "
                "The scoring values are a reconstruction of the physical game.",
            ],
            [table],
            pictures,
        )

    def _chart(self, names: Sequence[str], part: str, *, title: str) -> bytes:
        panels = []
        for option in dict.fromkeys(point.option for point in self.points):
            points = [point for point in self.points if point.option == option]
            series = [
                (
                    name,
                    [getattr(point, part)[index].rate for point in points],
                    [getattr(point, part)[index].low for point in points],
                    [getattr(point, part)[index].high for point in points],
                )
                for index, name in enumerate(names)
            ]
            panels.append((option, [_shown(point.value) for point in points], series))
        return line_chart(
            panels, title=f"Moons: {title} by scoring value", ylabel="win rate (95% interval)"
        )


def _shown(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def moons_scoring(
    game: Game,
    games: int = 120,
    seed: int = 0,
    *,
    agents: Sequence[str] = DEFAULT_AGENTS,
    sweep: Mapping[str, Sequence[object]] = SWEEP,
    store: str | Path | None = None,
    executor: str | Any = "local",
    workers: int | None = None,
    progress: bool = False,
) -> MoonsScoring:
    """Play a tournament of ``agents`` at ``game`` (Moons, any options) for every value of
    every option in ``sweep``: at least ``games`` games each, whole rounds of every seating."""
    if game.name != "moons":
        raise ValueError(f"the Moons scoring study plays moons; got {game.name}")
    wrong = [option for option in sweep if option not in SWEEP]
    if wrong or not sweep:
        raise ValueError(f"option {wrong or 'none'} is not swept; allowed: {', '.join(SWEEP)}")
    specs = tuple(agents)
    points = []
    for option, values in sweep.items():
        for value in values:
            variant = moonbase.load("moons", **{**game.saved_options(), option: value})
            folder = None if store is None else Path(store) / f"{option}-{_shown(value)}"
            result = tournament(
                variant, specs, games, seed, store=folder, executor=executor,
                workers=workers, progress=progress,
            )  # fmt: skip
            rates = tuple(
                WinRate(s.label, s.wins, s.games, s.win_low, s.win_high) for s in result.standings
            )
            by_seat = []
            for seat in range(variant.seats):
                won = sum(
                    1 / len(record.winners) for record in result.records if seat in record.winners
                )
                low, high = wilson(won, len(result.records))
                by_seat.append(WinRate(f"seat {seat}", won, len(result.records), low, high))
            points.append(SweepPoint(option, value, len(result.records), rates, tuple(by_seat)))
    defaults = {option: game.options[option] for option in SWEEP}
    return MoonsScoring(repr(game), seed, specs, defaults, tuple(points))
