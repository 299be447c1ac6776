"""``moonbase serve`` as a user starts it: a process on loopback that prints its URL, serves
the API and resumes its tables when started again on the same database."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

PORTS = range(18100, 18200)
"""The ports the server tests may use, on loopback."""


def _free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port from {PORTS.start} to {PORTS.stop - 1}")


@contextmanager
def _serve(database: str, port: int) -> Iterator[str]:
    command = [sys.executable, "-m", "moonbase", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--database", database],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        yield line
    finally:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()


def _get(url: str, seconds: float = 20.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return json.load(response)
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_moonbase_serve_prints_its_url_and_resumes_its_tables(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with _serve(database, port) as line:
        assert f"{base}/" in line
        games = _get(f"{base}/api/games")
        assert "moon" in [game["name"] for game in games["games"]]
        table = _post(f"{base}/api/tables", {"game": "moon", "seats": ["human"], "seed": 1})
        token = _post(f"{base}/api/tables/{table['id']}/join", {"seat": 0, "name": "Ada"})
        moved = _post(
            f"{base}/api/tables/{table['id']}/actions",
            {"token": token["token"], "version": 0, "action": "INC B"},
        )
    with _serve(database, port):
        again = _get(f"{base}/api/tables/{table['id']}/state?token={token['token']}")
    assert again == moved
