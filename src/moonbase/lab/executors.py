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

import re
from collections.abc import Iterator, Sequence
from typing import Any

from moonbase.agents.match import GameRecord, play_seated, worker_pool
from moonbase.core import ChanceMode, Game
from moonbase.lab.schedule import PlannedGame

__all__ = ["Job", "parse_executor", "play_job", "run_dask", "run_local"]

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


def run_local(jobs: Sequence[Job], workers: int) -> Iterator[GameRecord]:
    """Play ``jobs`` in ``workers`` local processes; the processes end with the iteration
    (finished, abandoned or interrupted)."""
    with worker_pool(max(1, min(workers, len(jobs)))) as pool:
        if pool is None:
            yield from map(play_job, jobs)
        else:
            yield from pool.imap_unordered(play_job, jobs)


def run_dask(
    jobs: Sequence[Job], cluster: str | Any, connect_seconds: float = 10.0
) -> Iterator[GameRecord]:
    """Play ``jobs`` on a Dask cluster: ``cluster`` is a scheduler address (waited for up to
    ``connect_seconds``) or a ``distributed.Client``. Games not yet played are cancelled when
    the iteration stops."""
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
        futures = client.map(play_job, list(jobs), pure=False)
        for future in as_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call]
            yield future.result()
    finally:
        if futures:
            client.cancel(futures)
        if own:
            client.close()
