"""The Dask executor plays the same games as local processes: on a ``LocalCluster`` in this
process, and on a ``dask scheduler`` with two ``dask worker`` processes on 127.0.0.1."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import moonbase
from moonbase.cli.main import main
from moonbase.lab import TournamentResult, plan, seatings, tournament
from moonbase.lab.executors import parse_executor, run_dask

AGENTS = ["greedy", "random", "random"]
SCHEDULER_PORT = 18610
WORKER_PORTS = (18611, 18612)


def _game() -> moonbase.Game:
    return moonbase.load("moon-leap", players=3)


def _games(records: Any) -> list[tuple[object, ...]]:
    return [(r.number, r.seed, r.seating, r.scores, r.winners, r.actions) for r in records]


@pytest.fixture(scope="module")
def local_run() -> TournamentResult:
    return tournament(_game(), AGENTS, games=12, seed=4, workers=2)


def test_a_local_cluster_plays_the_same_games_as_local_processes(
    local_run: TournamentResult,
) -> None:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster, set_as_default=False) as client,
    ):
        result = tournament(_game(), AGENTS, games=12, seed=4, executor=client)
    assert _games(result.records) == _games(local_run.records)
    assert result.rows(timings=False) == local_run.rows(timings=False)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    """A scheduler and two workers on 127.0.0.1, ended by their process ids."""
    dask = (sys.executable, "-m", "dask")
    address = f"tcp://127.0.0.1:{SCHEDULER_PORT}"
    processes = [
        subprocess.Popen(
            [
                *dask,
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                str(SCHEDULER_PORT),
                "--no-dashboard",
            ],
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        for port in WORKER_PORTS:
            processes.append(
                subprocess.Popen(
                    [
                        *dask,
                        *("worker", address, "--host", "127.0.0.1"),
                        *("--worker-port", str(port), "--no-nanny", "--no-dashboard"),
                        *("--nthreads", "1", "--local-directory", str(tmp_path / f"w{port}")),
                    ],
                    cwd=tmp_path,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        _wait_for_workers(address, len(WORKER_PORTS))
        yield f"dask://127.0.0.1:{SCHEDULER_PORT}"
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_for_workers(address: str, count: int) -> None:
    from distributed import Client

    deadline = time.monotonic() + 60
    while True:
        try:
            with Client(address, timeout="5s", set_as_default=False) as client:
                client.wait_for_workers(count, timeout=max(1.0, deadline - time.monotonic()))
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_a_scheduler_and_two_worker_processes_play_the_same_games(
    cluster: str, local_run: TournamentResult, capsys: pytest.CaptureFixture[str]
) -> None:
    result = tournament(_game(), AGENTS, games=12, seed=4, executor=cluster)
    assert _games(result.records) == _games(local_run.records)
    assert result.rows(timings=False) == local_run.rows(timings=False)

    args = ["lab", "tournament", "moon-leap", "-o", "players=3", "-a", ",".join(AGENTS)]
    args += ["-n", "12", "--seed", "4", "--executor", cluster, "--format", "json"]
    assert main(args) == 0
    rows = json.loads(capsys.readouterr().out)["agents"]
    for row in rows:
        del row["move_seconds"], row["slow_move_seconds"]
    assert rows == local_run.rows(timings=False)


def test_no_scheduler_at_the_address_is_a_clear_error() -> None:
    jobs = [(_game(), tuple(AGENTS), game, "auto") for game in plan(1, seatings(3, 3), 0)]
    address = parse_executor("dask://127.0.0.1:18649")
    with pytest.raises(ValueError, match=r"no Dask scheduler answered at tcp://127\.0\.0\.1:18649"):
        next(run_dask(jobs, address, connect_seconds=1))
