"""The Welcome to the Moon study: scores by adventure and player count, missions, and ASTRA.

Three parts, each over ``games`` deals from ``seed``:

- **Scores**: for every adventure (1–8) and player count (``players``, by default 1, 2 and 3;
  one is the solo game against ASTRA at level 1) the bot (``greedy`` unless told) plays every
  seat; each seat's final score goes into the distribution (quartiles and mean).
- **Missions**: in the same games, for each mission card dealt, how often a sheet meets it and
  on which turn (each game is replayed from its history to see the turn a mission was met).
- **ASTRA**: the solo game at adventure ``astra_adventure`` for every level 1–8, each of the
  ``opponents`` (``greedy`` and ``mcts`` unless told) playing the same deals, as a
  :func:`~moonbase.lab.tournament.tournament` (resumable with ``store``); a solo win is beating
  ASTRA.

In multiplayer games every sheet sees the same cards, so equal bots often write alike and
share the win; the scores part shows the sheets, not the bots' strength against each other.

>>> study = wttm(games=1, adventures=(2,), players=(1,), levels=(1,), opponents=("greedy",),
...              workers=1)
>>> [(row.adventure, row.players, len(row.scores)) for row in study.scores]
[(2, 1, 1)]
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import moonbase
from moonbase.agents.runner import play
from moonbase.agents.stats import mean_interval
from moonbase.games.welcome_to_the_moon.adventures import IMPLEMENTED, TITLES
from moonbase.games.welcome_to_the_moon.astra import LEVELS
from moonbase.lab.executors import run
from moonbase.lab.moon_difficulty import WinRate
from moonbase.lab.report import Report, ReportTable, box_chart, line_chart
from moonbase.lab.tournament import labels, tournament

__all__ = ["MissionRow", "ScoreRow", "Wttm", "play_missions", "wttm"]

_GAME = "welcome-to-the-moon"

MissionGame = tuple[tuple[float, ...], tuple[str, ...], tuple[tuple[int, ...], ...]]
"""One game's scores per seat, mission cards (A, B, C) and, per seat, the turn each mission
was met (0: never)."""


def play_missions(job: tuple[int, int, int, str]) -> tuple[tuple[int, int, int], MissionGame]:
    """Play one game (adventure, players, deal, bot in every seat); replay it to see when each
    mission was met. Returns the adventure, the player count and the deal, and the game.

    >>> (adventure, players, deal), (scores, cards, turns) = play_missions((2, 1, 0, "greedy"))
    >>> adventure, players, deal, len(scores), len(cards), len(turns[0])
    (2, 1, 0, 1, 3, 3)
    """
    adventure, players, deal, spec = job
    game = moonbase.load(_GAME, adventure=adventure, players=players)
    final: Any = play(game, [spec] * players, seed=deal)
    again: Any = game.new(seed=deal, chance="explicit")
    met = [[0, 0, 0] for _ in range(players)]
    for seat, action in final.history:
        turn = again.turn
        again.apply(seat, action)
        for index, sheet in enumerate(again.sheets):
            for mission in range(3):
                if not met[index][mission] and sheet.missions[mission] >= 0:
                    met[index][mission] = turn
    cards = tuple(str(card) for card in final.mission_cards)
    return (adventure, players, deal), (tuple(final.scores()), cards, tuple(map(tuple, met)))


@dataclass(frozen=True)
class ScoreRow:
    """The scores of every sheet at one adventure and player count."""

    adventure: int
    players: int
    scores: tuple[float, ...]


@dataclass(frozen=True)
class MissionRow:
    """One mission card of one adventure: sheets it was dealt to, how many met it, on which
    turns."""

    adventure: int
    card: str
    sheets: int
    turns: tuple[int, ...]
    """The turn each sheet that met it met it on."""


@dataclass(frozen=True)
class Wttm:
    """The study's three parts."""

    seed: int
    agent: str
    opponents: tuple[str, ...]
    astra_adventure: int
    scores: tuple[ScoreRow, ...]
    missions: tuple[MissionRow, ...]
    astra: tuple[tuple[int, tuple[WinRate, ...]], ...]
    """Per level: each opponent's win rate against ASTRA."""

    def report(self) -> Report:
        """The report: three tables and ``wttm-scores.png``, ``wttm-missions.png``,
        ``wttm-astra.png``."""
        score_rows = []
        for row in self.scores:
            mean, low, high = mean_interval(list(row.scores))
            quartiles = (
                statistics.quantiles(row.scores, n=4, method="inclusive")
                if len(row.scores) > 1
                else [mean] * 3
            )
            score_rows.append(
                (
                    f"{row.adventure} {TITLES[row.adventure]}",
                    str(row.players),
                    str(len(row.scores)),
                    f"{mean:.1f} ({low:.1f}–{high:.1f})",
                    f"{min(row.scores):g}",
                    *(f"{value:g}" for value in quartiles),
                    f"{max(row.scores):g}",
                )
            )
        mission_rows = []
        for mission in self.missions:
            rate = len(mission.turns) / mission.sheets if mission.sheets else 0.0
            turns = sorted(mission.turns)
            mission_rows.append(
                (
                    str(mission.adventure),
                    mission.card,
                    str(mission.sheets),
                    f"{rate:.2f}",
                    f"{statistics.median(turns):g}" if turns else "—",
                    f"{turns[0]}–{turns[-1]}" if turns else "—",
                )
            )
        names = labels(self.opponents)
        astra_rows = [
            (f"{level} {LEVELS[level].name}", *(rate.cell() for rate in rates))
            for level, rates in self.astra
        ]
        tables = [
            ReportTable(
                f"Scores per adventure and player count ({self.agent} on every sheet)",
                (
                    "adventure",
                    "players",
                    "sheets",
                    "mean (95%)",
                    "min",
                    "q1",
                    "median",
                    "q3",
                    "max",
                ),
                score_rows,
            ),
            ReportTable(
                "Missions: how often met, and on which turn",
                ("adventure", "mission", "sheets dealt", "met", "median turn", "turns"),
                mission_rows,
            ),
            ReportTable(
                f"Solo win rate against ASTRA per level (adventure {self.astra_adventure})",
                ("level", *names),
                astra_rows,
            ),
        ]
        pictures = {
            "wttm-scores.png": box_chart(
                [(f"{row.adventure}/{row.players}p", row.scores) for row in self.scores],
                title="Final scores per adventure / player count",
                ylabel="score",
            ),
            "wttm-missions.png": box_chart(
                [
                    (f"{mission.adventure} {mission.card}", mission.turns)
                    for mission in self.missions
                ],
                title="Turn a mission was met (sheets that met it)",
                ylabel="turn",
            ),
            "wttm-astra.png": line_chart(
                [
                    (
                        "",
                        [str(level) for level, _ in self.astra],
                        [
                            (
                                name,
                                [rates[index].rate for _, rates in self.astra],
                                [rates[index].low for _, rates in self.astra],
                                [rates[index].high for _, rates in self.astra],
                            )
                            for index, name in enumerate(names)
                        ],
                    )
                ],
                title="Solo: win rate against ASTRA by level",
                ylabel="win rate (95% interval)",
            ),
        }
        return Report(
            "Welcome to the Moon: scores, missions and ASTRA",
            [
                f"Deals from seed {self.seed}. Scores and missions: {self.agent} on every "
                "sheet (one player: solo against ASTRA level 1). In multiplayer games every "
                "sheet sees the same cards, so alike bots often write alike and share the win.",
                "A mission's turn is the turn at whose end the sheet met it.",
            ],
            tables,
            pictures,
        )


def wttm(
    games: int = 50,
    seed: int = 0,
    *,
    agent: str = "greedy",
    adventures: Sequence[int] = IMPLEMENTED,
    players: Sequence[int] = (1, 2, 3),
    levels: Sequence[int] = tuple(LEVELS),
    opponents: Sequence[str] = ("greedy", "mcts:iterations=20"),
    astra_adventure: int = 1,
    store: str | Path | None = None,
    executor: str | Any = "local",
    workers: int | None = None,
    progress: bool = False,
) -> Wttm:
    """Run the three parts of the study (see the module's docstring)."""
    if games < 1:
        raise ValueError(f"games must be at least 1; got {games}")
    for name, given, allowed in (
        ("adventure", adventures, IMPLEMENTED),
        ("players", players, tuple(range(1, 7))),
        ("level", levels, tuple(LEVELS)),
        ("adventure", (astra_adventure,), IMPLEMENTED),
    ):
        wrong = [value for value in given if value not in allowed]
        if wrong or not given:
            raise ValueError(
                f"{name} {wrong or 'none'} is not allowed; allowed: " + ", ".join(map(str, allowed))
            )
    jobs = [
        (adventure, count, seed + deal, agent)
        for adventure in adventures
        for count in players
        for deal in range(games)
    ]
    played: dict[tuple[int, int], list[tuple[int, MissionGame]]] = {}
    for (adventure, count, deal), result in run(jobs, executor, workers, play_missions):
        played.setdefault((adventure, count), []).append((deal, result))
    scores = []
    missions: dict[tuple[int, str], tuple[int, list[int]]] = {}
    for adventure in adventures:
        for count in players:
            results = [result for _, result in sorted(played[(adventure, count)])]
            scores.append(ScoreRow(adventure, count, tuple(s for r in results for s in r[0])))
            for seat_scores, cards, met in results:
                for index, card in enumerate(cards):
                    sheets, turns = missions.get((adventure, card), (0, []))
                    turns.extend(seat[index] for seat in met if seat[index])
                    missions[(adventure, card)] = (sheets + len(seat_scores), turns)
    mission_rows = tuple(
        MissionRow(adventure, card, sheets, tuple(turns))
        for (adventure, card), (sheets, turns) in sorted(missions.items())
    )
    specs = tuple(opponents)
    astra = []
    for level in levels:
        game = moonbase.load(_GAME, adventure=astra_adventure, players=1, level=level)
        standing = tournament(
            game,
            specs,
            games * len(specs),  # one seat: every opponent plays each deal
            seed,
            store=None if store is None else Path(store) / f"astra-{astra_adventure}-{level}",
            executor=executor,
            workers=workers,
            progress=progress,
        )
        astra.append(
            (
                level,
                tuple(
                    WinRate(s.label, s.wins, s.games, s.win_low, s.win_high)
                    for s in standing.standings
                ),
            )
        )
    return Wttm(seed, agent, specs, astra_adventure, tuple(scores), mission_rows, tuple(astra))
