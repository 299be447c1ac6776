"""The seat-value study at a tiny size: one value per seat, a report with its picture, and a
store that a stopped run continues from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import moonbase
from moonbase.agents.match import GameRecord
from moonbase.cli.main import main
from moonbase.lab import StoreMismatch
from moonbase.lab import seat_value as module
from moonbase.lab.executors import Job, play_job
from moonbase.lab.seat_value import seat_value, write_seat_value_report


def test_each_seat_gets_its_share_of_the_wins_and_the_report_shows_them(tmp_path: Path) -> None:
    game = moonbase.load("moon-leap", players=3)
    study = seat_value(game, "greedy", games=6, seed=2, workers=1)
    assert [value.seat for value in study.seats] == [0, 1, 2]
    assert sum(value.wins for value in study.seats) == pytest.approx(6)
    for value in study.seats:
        scores = [record.scores[value.seat] for record in study.records]
        assert value.mean_score == pytest.approx(sum(scores) / 6)
        assert value.win_low <= value.win_rate <= value.win_high
    assert [record.seed for record in study.records] == [2, 3, 4, 5, 6, 7]
    page = write_seat_value_report(study, tmp_path / "report")
    text = page.read_text(encoding="utf-8")
    assert '<img src="seat-value.png"' in text
    assert f"<td>{study.seats[1].win_rate:.3f}</td>" in text
    assert (tmp_path / "report" / "seat-value.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_writes_the_report_and_refuses_one_seat_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "leap"
    args = ["lab", "study", "seat-value", "moon-leap", "-n", "8", "-j", "1", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "Win rate and mean score by seat" in printed and "Report: " in printed
    assert (out / "index.html").exists() and (out / "seat-value.png").exists()
    assert main(["lab", "study", "seat-value", "moon", "-n", "2"]) == 2
    assert "has one seat: seat values need a game of several seats" in capsys.readouterr().err
    assert main(["lab", "study", "seat-worth", "moons", "-n", "2"]) == 2
    assert (
        "unknown study 'seat-worth'; allowed: seat-value, moon-difficulty, wttm, moons-scoring"
        in capsys.readouterr().err
    )


def _games(records: Any) -> list[tuple[object, ...]]:
    return [(r.number, r.seed, r.seating, r.scores, r.winners, r.actions) for r in records]


def test_a_stopped_run_on_a_store_continues_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = moonbase.load("moon-leap")
    whole = seat_value(game, "greedy", games=8, seed=2, workers=1)
    played: list[int] = []

    def stop_at_4(job: Job) -> GameRecord:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(job[2].number)
        return play_job(job)

    monkeypatch.setattr(module, "play_job", stop_at_4)
    with pytest.raises(KeyboardInterrupt):
        seat_value(game, "greedy", games=8, seed=2, store=tmp_path, workers=1)
    assert (tmp_path / "seat-value-moon-leap" / "tournament.json").exists()

    def counted(job: Job) -> GameRecord:
        played.append(job[2].number)
        return play_job(job)

    monkeypatch.setattr(module, "play_job", counted)
    resumed = seat_value(game, "greedy", games=8, seed=2, store=tmp_path, workers=1)
    assert played == [0, 1, 2, 3, 4, 5, 6, 7]  # the three games kept are not played again
    assert _games(resumed.records) == _games(whole.records)
    assert resumed.seats == whole.seats
    longer = seat_value(game, "greedy", games=10, seed=2, store=tmp_path, workers=1)
    assert played[8:] == [8, 9] and len(longer.records) == 10
    with pytest.raises(StoreMismatch, match="seed is 2 there, not 3"):
        seat_value(game, "greedy", games=8, seed=3, store=tmp_path, workers=1)


def test_the_command_keeps_its_games_in_the_store_and_a_rerun_plays_none_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "games"
    args = ["lab", "study", "seat-value", "moon-leap", "-n", "6", "-j", "1"]
    args += ["--out", str(tmp_path / "report"), "--store", str(store)]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert [path.name for path in store.iterdir()] == ["seat-value-moon-leap"]
    parts = sorted((store / "seat-value-moon-leap").glob("games-*.parquet"))
    assert parts
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert sorted((store / "seat-value-moon-leap").glob("games-*.parquet")) == parts
