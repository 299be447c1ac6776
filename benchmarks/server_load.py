"""Many tables at once on a real ``moonbase serve``: actions/s and the latency from an action
sent to its state pushed back.

Run: ``python benchmarks/server_load.py [--tables 200] [--moves 10] [--think 0] [--game
moon-leap] [--bot greedy] [--port 18190] [--bot-workers 1] [--database URL]``.

It starts ``moonbase serve`` on loopback (a fresh SQLite file unless ``--database`` is given),
opens ``--tables`` tables of ``--game`` with a person in seat 0 and ``--bot`` in the others,
joins seat 0 of each and connects a WebSocket client to it. Every client, all at once, plays
``--moves`` actions (its first legal action each time it is to act, after thinking a random time
of mean ``--think`` seconds; 0: at once, the server saturated) over the socket; the time of
one action is from sending the ``act`` frame to receiving the ``state`` push of the version it
made (the bots think after that push, so their thinking is not counted). At the end every table's
log is read back: each acknowledged action must be there, in order ("lost" counts those that are
not), and every error frame counts as an error. The server process is ended by its id.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


@dataclass
class Tally:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lost: int = 0
    acknowledged: int = 0


async def _player(
    base: str, tid: str, token: str, moves: int, think: float, tally: Tally
) -> list[str]:
    """Play ``moves`` actions at table ``tid``, each ``think`` seconds after it is the
    player's turn; the actions acknowledged, in order."""
    mine: list[str] = []
    sent: tuple[int, float] | None = None
    url = base.replace("http", "ws", 1) + f"/api/tables/{tid}/live?token={token}"
    async with connect(url, max_size=2**24) as socket:
        async for raw in socket:
            frame: dict[str, Any] = json.loads(raw)
            if frame["type"] == "error":
                tally.errors.append(frame["error"])
                sent = None
                continue
            if frame["type"] != "state":
                continue
            if sent is not None and frame["version"] > sent[0]:
                tally.latencies.append(time.perf_counter() - sent[1])
                sent = None
            if (len(mine) == moves and sent is None) or not frame["to_act"]:
                break
            if sent is None and 0 in frame["to_act"]:
                await asyncio.sleep(think * random.random() * 2)  # think for `think` on average
                action = frame["legal"][0]
                message = {"type": "act", "version": frame["version"], "action": action}
                sent = (frame["version"], time.perf_counter())
                await socket.send(json.dumps(message))
                mine.append(action)
    return mine


async def _table(http: httpx.AsyncClient, game: str, bot: str, seats: int) -> tuple[str, str]:
    made = await http.post(
        "/api/tables", json={"game": game, "seats": ["human"] + [bot] * (seats - 1)}
    )
    made.raise_for_status()
    tid: str = made.json()["id"]
    joined = await http.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "load"})
    joined.raise_for_status()
    return tid, joined.json()["token"]


async def _check(
    http: httpx.AsyncClient, tid: str, token: str, mine: list[str], tally: Tally
) -> None:
    body = (await http.get(f"/api/tables/{tid}/state", params={"token": token})).json()
    logged = [action for seat, action in body["log"] if seat == 0]
    tally.acknowledged += len(mine)
    tally.lost += sum(1 for a, b in zip(mine, logged + [None] * len(mine), strict=False) if a != b)


async def _run(base: str, args: argparse.Namespace) -> tuple[Tally, float]:
    tally = Tally()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        games = (await http.get("/api/games")).json()
        seats = 2 if args.game != "moon" else 1
        del games
        tables = await asyncio.gather(
            *(_table(http, args.game, args.bot, seats) for _ in range(args.tables))
        )
        started = time.perf_counter()
        played = await asyncio.gather(
            *(_player(base, tid, token, args.moves, args.think, tally) for tid, token in tables)
        )
        elapsed = time.perf_counter() - started
        await asyncio.gather(
            *(
                _check(http, tid, token, mine, tally)
                for (tid, token), mine in zip(tables, played, strict=True)
            )
        )
    return tally, elapsed


def _wait_listening(base: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"{base}/api/games", timeout=2).raise_for_status()
            return
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("moonbase serve did not start") from None
            time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--game", default="moon-leap")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a player thinks, mean")
    parser.add_argument("--port", type=int, default=18190)
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--database", help="default: a fresh SQLite file")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="moonbase-load-")
    database = args.database or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
    base = f"http://127.0.0.1:{args.port}"
    command = [sys.executable, "-m", "moonbase", "serve", "--port", str(args.port),
               "--database", database, "--bot-workers", str(args.bot_workers)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, text=True)
    try:
        _wait_listening(base, process)
        tally, elapsed = asyncio.run(_run(base, args))
    finally:
        os.kill(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    times = sorted(tally.latencies)
    p50 = statistics.median(times) * 1000 if times else float("nan")
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000 if times else float("nan")
    who = f"seat 0 a client, {args.bot} bots"
    print(f"{args.tables} tables of {args.game} ({who}), {args.moves} moves each")
    print(f"actions: {len(times)} in {elapsed:.2f} s = {len(times) / elapsed:.0f} actions/s")
    print(f"latency, action sent to state pushed: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(f"errors: {len(tally.errors)}, lost actions: {tally.lost} of {tally.acknowledged}")
    for error in tally.errors[:5]:
        print(f"  {error}")


if __name__ == "__main__":
    main()
