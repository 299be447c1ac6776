"""Where a tournament's games are played: local worker processes, or a Dask cluster.

An executor takes the planned games and yields each finished :class:`GameRecord` as it comes
(in any order). A game depends only on its deal, its seating and the agents' specs, so every
executor gives the same records for the same plan; only the timings differ.

- ``local`` (the default): worker processes on this machine (:mod:`multiprocessing`, as
  ``moonbase simulate`` uses); one worker plays in this process.
- ``dask://HOST:PORT``: the scheduler of a running Dask cluster (``dask scheduler`` and
  ``dask worker`` processes that can import moonbase); or, from Python, a
  ``distributed.Client`` of any cluster, e.g. a ``LocalCluster``.

>>> parse_executor("local")
'local'
>>> parse_executor("dask://127.0.0.1:8786")
'tcp://127.0.0.1:8786'
>>> parse_executor("ray")
Traceback (most recent call last):
...
ValueError: executor 'ray' is not allowed; allowed: local, dask://HOST:PORT (e.g. dask://127.0.0.1:8786)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from moonbase.agents.match import GameRecord, play_seated, worker_pool
from moonbase.core import ChanceMode, Game
from moonbase.lab.schedule import PlannedGame

__all__ = [
    "Job",
    "parse_executor",
    "play_job",
    "run",
    "run_dask",
    "run_local",
    "started_locally",
]

_In = TypeVar("_In")
_Out = TypeVar("_Out")

Job = tuple[Game, tuple[str, ...], PlannedGame, ChanceMode]
"""One game to play: the game, every agent's spec, the planned game and the chance mode."""

_ALLOWED = "local, dask://HOST:PORT (e.g. dask://127.0.0.1:8786)"


def parse_executor(text: str) -> str:
    """``local``, or the scheduler address (``tcp://HOST:PORT``) of ``dask://HOST:PORT``."""
    cleaned = text.strip()
    if cleaned.lower() == "local":
        return "local"
    found = re.fullmatch(r"dask://([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})", cleaned)
    if found is None or not 0 < int(found.group(2)) < 65536:
        raise ValueError(f"executor {text!r} is not allowed; allowed: {_ALLOWED}")
    return f"tcp://{found.group(1)}:{found.group(2)}"


def play_job(job: Job) -> GameRecord:
    """Play one planned game (in a worker process, a Dask worker or this process)."""
    game, specs, planned, chance = job
    return play_seated(game, specs, planned.number, planned.deal, planned.seating, chance)


def run(
    jobs: Sequence[_In],
    executor: str | Any,
    workers: int | None,
    function: Callable[[_In], _Out],
) -> Iterator[_Out]:
    """``function`` of each job (in any order) on ``executor`` (``"local"``, ``"dask://…"``
    or a ``distributed.Client``); ``workers`` local processes (default one per core).

    >>> sorted(run([3, 1, 2], "local", 1, abs))
    [1, 2, 3]
    """
    cluster = parse_executor(executor) if isinstance(executor, str) else executor
    if cluster != "local" and workers is not None:
        raise ValueError(
            "workers is for the local executor; a Dask cluster plays on its own workers"
        )
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1; got {workers}")
    if cluster == "local":
        return run_local(jobs, workers if workers is not None else os.cpu_count() or 1, function)
    return run_dask(jobs, cluster, function=function)


@contextmanager
def started_locally(
    jobs: Sequence[Any], workers: int, function: Callable[[Any], Any] = play_job
) -> Iterator[Iterator[Any]]:
    """``function`` (default :func:`play_job`) of each job in ``workers`` local processes, as
    they finish. The processes start on entering, so before a progress bar's thread starts (a
    process forked while another thread holds a lock may deadlock on it), and end on leaving.

    >>> with started_locally([3, -1], 2, abs) as results:
    ...     sorted(results)
    [1, 3]
    """
    with worker_pool(max(1, min(workers, len(jobs)))) as pool:
        yield map(function, jobs) if pool is None else pool.imap_unordered(function, jobs)


def run_local(
    jobs: Sequence[Any], workers: int, function: Callable[[Any], Any] = play_job
) -> Iterator[Any]:
    """``function`` (default :func:`play_job`) of each job in ``workers`` local processes;
    the processes end with the iteration (finished, abandoned or interrupted)."""
    with started_locally(jobs, workers, function) as results:
        yield from results


def run_dask(
    jobs: Sequence[Any],
    cluster: str | Any,
    connect_seconds: float = 10.0,
    function: Callable[[Any], Any] = play_job,
) -> Generator[Any, None, None]:
    """``function`` (default :func:`play_job`) of each job on a Dask cluster: ``cluster`` is a
    scheduler address (waited for up to ``connect_seconds``) or a ``distributed.Client``. Jobs
    not yet done are cancelled when the iteration stops."""
    try:
        from distributed import Client, as_completed
    except ImportError as error:
        raise ValueError(
            f"the Dask executor needs the lab extra ({error.name} is missing): "
            "pip install 'moonbase[lab]'"
        ) from None
    own = isinstance(cluster, str)
    client: Any = cluster
    try:
        if own:
            client = Client(cluster, timeout=f"{connect_seconds}s", set_as_default=False)  # type: ignore[no-untyped-call]
    except OSError as error:
        raise ValueError(f"no Dask scheduler answered at {cluster}: {error}") from None
    futures: list[Any] = []
    try:
        futures = client.map(function, list(jobs), pure=False)
        for future in as_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call]
            yield future.result()
    finally:
        if futures:
            client.cancel(futures)
        if own:
            client.close()
