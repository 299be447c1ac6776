"""The studies at a tiny size: each writes its report (the tables named, the PNGs valid), a
rerun on the same stores plays nothing again, and bad input gets one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

import moonbase
from moonbase.cli.main import main
from moonbase.lab.moons_scoring import moons_scoring
from moonbase.lab.report import PNG_SIGNATURE, Report
from moonbase.lab.wttm import ScoreRow, Wttm, wttm


def _check_written(report: Report, folder: Path) -> str:
    page = report.write(folder)
    text = page.read_text(encoding="utf-8")
    for table in report.tables:
        assert f"<h2>{table.name}</h2>" in text
    assert report.pictures
    for name in report.pictures:
        assert f'<img src="{name}"' in text
        assert (folder / name).read_bytes().startswith(PNG_SIGNATURE)
    return text


def test_moon_difficulty_writes_its_report_and_prints_its_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "moon"
    args = ["lab", "study", "moon-difficulty", "-a", "random,greedy", "-n", "2", "-j", "1"]
    assert main([*args, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Cooperative win rate by difficulty" in printed
    for difficulty in ("easy", "normal", "hard", "master"):
        assert difficulty in printed
    text = (out / "index.html").read_text(encoding="utf-8")
    assert "<h2>Cooperative win rate by difficulty (95% intervals)</h2>" in text
    assert "<th>clairvoyant (solvable)</th>" in text
    assert (out / "moon-difficulty.png").read_bytes().startswith(PNG_SIGNATURE)
    assert sorted(path.name for path in (out / "games").iterdir()) == [
        "moon-easy", "moon-hard", "moon-master", "moon-normal",
    ]  # fmt: skip


def test_wttm_counts_every_sheet_and_the_missions_met(tmp_path: Path) -> None:
    study = wttm(
        games=2, adventures=(2,), players=(1, 2), levels=(1, 2), opponents=("greedy",), workers=1
    )
    assert [(row.players, len(row.scores)) for row in study.scores] == [(1, 2), (2, 4)]
    assert sum(row.sheets for row in study.missions) == 3 * 6  # three cards on each sheet
    for row in study.missions:
        assert len(row.turns) <= row.sheets and all(turn >= 1 for turn in row.turns)
    assert [(level, rates[0].games) for level, rates in study.astra] == [(1, 2), (2, 2)]
    text = _check_written(study.report(), tmp_path / "wttm")
    assert "<td>2 The Journey</td>" in text


def test_moons_scoring_sweeps_each_value_and_a_rerun_plays_nothing_again(tmp_path: Path) -> None:
    game = moonbase.load("moons", players=3)
    kwargs = {"sweep": {"single_points": (0, 1)}, "agents": ("greedy", "random", "random")}
    store = tmp_path / "games"
    first = moons_scoring(game, 6, 3, store=store, workers=1, **kwargs)  # type: ignore[arg-type]
    assert [(point.value, point.seats[0].games) for point in first.points] == [(0, 6), (1, 6)]
    for point in first.points:
        assert sum(rate.wins for rate in point.seats) == pytest.approx(6)
        assert sum(rate.wins for rate in point.agents) == pytest.approx(6)
    again = moons_scoring(game, 6, 3, store=store, executor="dask://127.0.0.1:18649", **kwargs)  # type: ignore[arg-type]
    assert again.points == first.points  # every game came from the store: no scheduler asked
    text = _check_written(first.report(), tmp_path / "moons")
    assert "<td>1 (default)</td>" in text


BAD = [
    (("moon-difficulty", "moons"), "the moon-difficulty study plays moon; got GAME moons"),
    (("moon-difficulty", "-o", "mode=competitive"), "the moon-difficulty study plays cooperative"),
    (("wttm", "-o", "players=2"), "the wttm study sweeps every adventure, player count and ASTRA"),
    (("seat-value",), "the seat-value study needs a GAME, e.g. moonbase lab study seat-value"),
    (("seat-value", "moons", "-a", "greedy,random"), "the seat-value study plays one bot in every"),
    (
        ("moons-scoring", "-a", "greedy,random"),
        "Moons with these options has 3 seats; got 2 agents",
    ),
    (("moon-difficulty", "-a", "human"), "a study plays bots only; allowed: greedy, mcts, planner"),
    (
        ("wttm", "-a", "greedy,bogus"),
        "unknown agent 'bogus'; allowed: greedy, mcts, planner, random\n",
    ),
    (("moon-difficulty", "-n", "0"), "Invalid value for '--games' / '-n': 0 is not in the range"),
]


@pytest.mark.parametrize(("args", "line"), BAD, ids=[" ".join(args) for args, _ in BAD])
def test_bad_study_input_gets_one_line(
    args: tuple[str, ...], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lab", "study", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"moonbase lab study: {line}"), err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("scores", [(135.0, 150.0), (-55.0, 10.0, 55.0)])
def test_wttm_score_quartiles_lie_between_the_minimum_and_the_maximum(
    scores: tuple[float, ...],
) -> None:
    study = Wttm(0, "greedy", ("greedy",), 1, (ScoreRow(1, 2, scores),), (), ())
    table = study.report().tables[0]
    (row,) = table.rows
    low, first, median, third, high = (float(cell) for cell in row[4:9])
    assert table.header[4:9] == ("min", "q1", "median", "q3", "max")
    assert (low, high) == (min(scores), max(scores))
    assert low <= first <= median <= third <= high
