"""The browser tests' machinery: ``moonbase serve`` on a port of :data:`PORTS` with its own
SQLite file, and Debian's Chromium driven by Playwright (skipped, saying why, without them)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.server.processes import free_port

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium: the browser the tests drive."""

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PORTS = range(18400, 18450)
"""The loopback ports the browser tests may use."""

PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1440, "height": 900}


def missing() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing: install Debian's chromium (make system does, as root)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed: pip install -e '.[test]'"
    return None


@dataclass
class Server:
    """A running ``moonbase serve`` and its base URL."""

    process: subprocess.Popen[str]
    base: str

    def kill(self) -> None:
        """End it at once (SIGKILL): no shutdown, nothing flushed."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def get(self, path: str) -> Any:
        """``GET path`` as JSON."""
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return json.load(response)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        """``POST path`` with a JSON body; the JSON answer."""
        request = urllib.request.Request(
            self.base + path, json.dumps(body).encode(), {"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)


@contextmanager
def serve(folder: Path, port: int | None = None) -> Iterator[Server]:
    """``moonbase serve`` on ``port`` (a free one by default) and the SQLite file in
    ``folder``; ended by its id."""
    port = port or free_port(PORTS)
    command = [sys.executable, "-m", "moonbase", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--database", f"sqlite:///{folder / 'web.sqlite3'}"]
    with (folder / "serve.log").open("a") as log:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    server = Server(process, f"http://127.0.0.1:{port}")
    try:
        assert process.stdout is not None
        process.stdout.readline()
        deadline = time.monotonic() + 30
        while True:
            try:
                server.get("/api/games")
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.1)
        yield server
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()
