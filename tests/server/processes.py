"""``moonbase serve`` as a process of its own, on a free loopback port, and plain HTTP to it
(the standard library's, as any client would). Every process started here is ended by its id."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PORTS = range(18100, 18200)
"""The ports the server tests may use, on loopback."""


def free_port(ports: range = PORTS) -> int:
    """A port of ``ports`` nothing listens on now (tried in random order, so parallel test
    processes rarely pick the same one at the same time)."""
    for port in random.sample(ports, len(ports)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port from {ports.start} to {ports.stop - 1}")


@dataclass
class Served:
    """A running ``moonbase serve``: its process, its base URL and the line it printed."""

    process: subprocess.Popen[str]
    base: str
    line: str

    def kill(self) -> None:
        """End it at once (SIGKILL): no shutdown, no flushing."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()


@contextmanager
def serve(database: str, log: Path) -> Iterator[Served]:
    """``moonbase serve`` on ``database`` and a free port, its errors written to ``log``;
    stopped (SIGTERM, then SIGKILL if it lingers) when done."""
    port = free_port()
    command = [sys.executable, "-m", "moonbase", "serve", "--port", str(port)]
    with log.open("a") as errors:
        process = subprocess.Popen(
            [*command, "--database", database], stdout=subprocess.PIPE, stderr=errors, text=True
        )
    try:
        assert process.stdout is not None
        served = Served(process, f"http://127.0.0.1:{port}", process.stdout.readline())
        get(f"{served.base}/api/games")  # listening
        yield served
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()


def get(url: str, seconds: float = 20.0) -> Any:
    """``GET url`` as JSON, retrying while nothing listens yet (for ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return json.load(response)
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def post(url: str, body: dict[str, Any]) -> Any:
    """``POST url`` with a JSON body; the JSON answer (``HTTPError`` for an error status)."""
    request = urllib.request.Request(
        url, json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)
