"""The results store: an interrupted tournament — by Ctrl-C at some game, or by killing its
process — continues where it stopped and ends with the table of one uninterrupted run."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import moonbase
from moonbase.agents.match import GameRecord
from moonbase.cli.main import main
from moonbase.lab import Store, StoreMismatch, TournamentInterrupted, TournamentResult, tournament
from tests.cli.terminal import default_interrupt

AGENTS = ["greedy", "random"]
GAMES = 300


def _game() -> moonbase.Game:
    return moonbase.load("moon-leap")


@pytest.fixture(scope="module")
def uninterrupted() -> TournamentResult:
    return tournament(_game(), AGENTS, games=GAMES, seed=9, workers=2)


def _games(records: Any) -> list[tuple[object, ...]]:
    return [(r.number, r.seed, r.seating, r.scores, r.winners, r.actions) for r in records]


def test_ctrl_c_at_a_game_keeps_the_games_played_and_a_rerun_plays_the_rest(
    tmp_path: Path, uninterrupted: TournamentResult
) -> None:
    store = tmp_path / "run"
    seen: list[int] = []

    def stop_at_40(record: GameRecord) -> None:
        seen.append(record.number)
        if len(seen) == 40:
            raise KeyboardInterrupt

    with pytest.raises(TournamentInterrupted) as stopped:
        tournament(_game(), AGENTS, games=GAMES, seed=9, store=store, workers=2, on_game=stop_at_40)
    partial = stopped.value.partial
    assert partial.interrupted and len(partial.records) == 40
    kept = Store.open(store, _identity()).records()
    assert sorted(r.number for r in kept) == sorted(seen)

    played: list[int] = []
    resumed = tournament(
        _game(), AGENTS, games=GAMES, seed=9, store=store, workers=1,
        on_game=lambda record: played.append(record.number),
    )  # fmt: skip
    assert len(played) == GAMES - 40 and not set(played) & set(seen)
    assert _games(resumed.records) == _games(uninterrupted.records)
    assert resumed.rows(timings=False) == uninterrupted.rows(timings=False)


def test_a_killed_run_continues_where_it_stopped(
    tmp_path: Path, uninterrupted: TournamentResult
) -> None:
    store = tmp_path / "run"
    command = [sys.executable, "-m", "moonbase", "lab", "tournament", "moon-leap"]
    command += ["--agents", ",".join(AGENTS), "--games", str(GAMES), "--seed", "9"]
    command += ["--store", str(store), "--workers", "1", "--format", "json"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not list(store.glob("games-*.parquet")) and process.poll() is None:
            assert time.monotonic() < deadline, "no games were stored"
            time.sleep(0.05)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    assert process.returncode == -signal.SIGKILL, process.stderr.read() if process.stderr else ""
    stored = Store.open(store, _identity()).records()
    assert 0 < len(stored) < GAMES
    assert _games(stored) == [
        g for g in _games(uninterrupted.records) if g[0] in {r.number for r in stored}
    ]

    resumed = tournament(_game(), AGENTS, games=GAMES, seed=9, store=store, workers=2)
    assert _games(resumed.records) == _games(uninterrupted.records)
    assert resumed.rows(timings=False) == uninterrupted.rows(timings=False)
    again = tournament(_game(), AGENTS, games=GAMES, seed=9, store=store, workers=2)
    assert [r.seconds for r in again.records] == [r.seconds for r in resumed.records]


def test_a_store_of_another_tournament_is_refused(tmp_path: Path) -> None:
    store = tmp_path / "run"
    tournament(_game(), AGENTS, games=2, seed=1, store=store, workers=1)
    with pytest.raises(StoreMismatch, match="seed is 1 there, not 2"):
        tournament(_game(), AGENTS, games=2, seed=2, store=store, workers=1)
    with pytest.raises(StoreMismatch, match="agents is greedy,random there, not random,greedy"):
        tournament(_game(), AGENTS[::-1], games=2, seed=1, store=store, workers=1)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(StoreMismatch, match="is not empty and holds no tournament"):
        tournament(_game(), AGENTS, games=2, seed=1, store=tmp_path / "other", workers=1)
    more = tournament(_game(), AGENTS, games=6, seed=1, store=store, workers=1)
    assert len(more.records) == 6  # more games of the same tournament extend the store


def test_the_command_stores_exports_csv_and_continues(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "run"
    args = ["lab", "tournament", "moon-leap", "-a", "greedy,random,random", "-n", "12"]
    args += ["--store", str(store), "-j", "1", "--format", "json", "--export", "csv"]
    assert main(args) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["games_played"] == 12 and [row["games"] for row in body["agents"]] == [8, 8, 8]
    records = Store.open(store, _identity(("greedy", "random", "random"), 0)).records()
    with open(store / "games.csv", newline="") as table:
        lines = list(csv.DictReader(table))
    assert len(lines) == 12
    for line, record in zip(lines, records, strict=True):
        assert int(line["number"]) == record.number and int(line["seed"]) == record.seed
        for seat in (0, 1):
            assert float(line[f"seat_{seat}_score"]) == record.scores[seat]
            assert line[f"seat_{seat}_won"] == str(int(seat in record.winners))
            assert (
                line[f"seat_{seat}_agent"] == ["greedy", "random", "random"][record.seating[seat]]
            )
    assert main(args) == 0  # everything stored: nothing to play, the same table
    assert json.loads(capsys.readouterr().out)["agents"][0]["wins"] == body["agents"][0]["wins"]


def _identity(agents: tuple[str, ...] = tuple(AGENTS), seed: int = 9) -> Any:
    from moonbase.lab import Identity

    return Identity(repr(_game()), agents, seed, "auto")


def test_ctrl_c_on_the_command_prints_the_games_finished_and_exits_130(tmp_path: Path) -> None:
    store = tmp_path / "run"
    command = [sys.executable, "-m", "moonbase", "lab", "tournament", "moon-leap"]
    command += ["--agents", ",".join(AGENTS), "--games", "3000", "--seed", "9"]
    command += ["--store", str(store), "--workers", "2", "--format", "json"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=default_interrupt,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not list(store.glob("games-*.parquet")) and process.poll() is None:
            assert time.monotonic() < deadline, "no games were stored"
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert "Interrupted:" in err and "run it again with the same --store" in err
    body = json.loads(out)
    assert body["interrupted"] and 0 < body["games_played"] < 3000
    assert len(Store.open(store, _identity()).records()) == body["games_played"]
