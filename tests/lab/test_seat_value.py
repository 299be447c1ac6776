"""The seat-value study at a tiny size: one value per seat, and a report with its picture."""

from __future__ import annotations

from pathlib import Path

import pytest

import moonbase
from moonbase.cli.main import main
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
