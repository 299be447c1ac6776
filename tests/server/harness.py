"""Serving the app on a real SQLite file, and what a client should receive, from the engine.

:func:`expected` is the body a seat must be sent, computed from a state the test keeps itself
(``view``, ``legal_actions``, ``history_for``), never by the server's own code.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anyio
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import WebSocketTestSession

from moonbase.core import State
from moonbase.server.app import async_url, create_app

WAIT = 20.0
"""Seconds a test waits for a push or a bot before it fails."""


@contextmanager
def serving(url: str, **options: Any) -> Iterator[TestClient]:
    """A client of a fresh app on the database at ``url`` (started and stopped around it)."""
    with TestClient(create_app(url, **options)) as client:
        yield client


def expected(state: State, seat: int | None, version: int) -> dict[str, Any]:
    """The state body ``seat`` (``None``: a spectator) must get, as JSON would carry it."""
    body = {
        "version": version,
        "seat": seat,
        "to_act": list(state.to_act),
        "view": state.view(seat),
        "legal": state.legal_actions(seat) if seat is not None else [],
        "log": [list(entry) for entry in state.history_for(seat)],
    }
    return json.loads(json.dumps(body))


def new_table(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """Create a table; its body."""
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def join(client: TestClient, table_id: str, seat: int, name: str = "") -> str:
    """Sit in ``seat``; the token."""
    response = client.post(
        f"/api/tables/{table_id}/join", json={"seat": seat, "name": name or f"player {seat}"}
    )
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def state(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    """``GET …/state`` for ``token``'s seat (or a spectator)."""
    params = {"token": token} if token is not None else {}
    response = client.get(f"/api/tables/{table_id}/state", params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def act(client: TestClient, table_id: str, token: str, version: int, action: str) -> Any:
    """``POST …/actions``; the response."""
    return client.post(
        f"/api/tables/{table_id}/actions",
        json={"token": token, "version": version, "action": action},
    )


async def _receive(socket: WebSocketTestSession, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await socket._send_rx.receive()


def receive(socket: WebSocketTestSession, seconds: float = WAIT) -> dict[str, Any]:
    """The next frame on ``socket`` as JSON; fails the test after ``seconds`` instead of
    waiting for ever (the test client's own receive has no time limit)."""
    message = socket.portal.call(_receive, socket, seconds)
    assert message["type"] == "websocket.send", message
    frame: dict[str, Any] = json.loads(message["text"])
    return frame


def next_of(socket: WebSocketTestSession, kind: str, seconds: float = WAIT) -> dict[str, Any]:
    """The next frame of type ``kind`` on ``socket`` (skipping the others)."""
    while True:
        frame = receive(socket, seconds)
        if frame["type"] == kind:
            return frame


def without_type(frame: dict[str, Any]) -> dict[str, Any]:
    """A pushed frame as the body it carries."""
    return {key: value for key, value in frame.items() if key != "type"}


def wait_until(check: Callable[[], bool], seconds: float = WAIT) -> None:
    """Poll ``check`` until it holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.02)


def _query(url: str, statement: str) -> list[tuple[Any, ...]]:
    async def read() -> list[tuple[Any, ...]]:
        engine = create_async_engine(async_url(url))
        try:
            async with engine.connect() as connection:
                result = await connection.execute(text(statement))
                return [tuple(row) for row in result.all()]
        finally:
            await engine.dispose()

    return asyncio.run(read())


def log_rows(url: str) -> list[tuple[Any, ...]]:
    """Every stored log row of the database at ``url``: table, version, seat, kind, action."""
    return _query(url, "SELECT table_id, version, seat, kind, action FROM log ORDER BY id")


def stored_text(url: str) -> str:
    """Everything stored in the database at ``url``, as one text."""
    rows = [
        row for table in ("tables", "seats", "log") for row in _query(url, f"SELECT * FROM {table}")
    ]
    return repr(rows)
