"""The FastAPI app: :func:`create_app` on a database URL, and what every request passes.

At start-up the database is migrated to the newest schema (Alembic), every table is rebuilt
from its log and every bot that is to act starts thinking: restarting the server resumes every
table. Bodies over :data:`MAX_BODY` bytes are refused before they are read; malformed JSON,
bodies of the wrong shape, unknown routes and the API's own refusals all answer
``{"error": …}`` with what is allowed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import platformdirs
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import moonbase
from moonbase.i18n import gettext as _
from moonbase.server import migrations
from moonbase.server.api import router
from moonbase.server.bots import DEFAULT_BUDGET, HINT_SEARCH, BotSeats
from moonbase.server.clocks import Clock
from moonbase.server.errors import ApiError, bad_request
from moonbase.server.language import Speaking
from moonbase.server.live import Hub
from moonbase.server.schema import honest_openapi
from moonbase.server.storage import Storage
from moonbase.server.tables import GRACE, TAKEOVER_BOT, TableService
from moonbase.server.web import mount_web

__all__ = ["MAX_BODY", "async_url", "create_app", "default_database"]

MAX_BODY: Final = 64 * 1024
"""The largest request body accepted, in bytes."""


def default_database() -> str:
    """The default database: ``moonbase.sqlite3`` in the user's data directory."""
    folder = Path(platformdirs.user_data_dir("moonbase", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'moonbase.sqlite3'}"


def async_url(url: str) -> str:
    """``url`` with the async driver the server uses (aiosqlite, asyncpg).

    >>> async_url("sqlite:///t.db"), async_url("postgresql://u@h/db")
    ('sqlite+aiosqlite:///t.db', 'postgresql+asyncpg://u@h/db')
    """
    for plain, driver in (
        ("sqlite://", "sqlite+aiosqlite://"),
        ("postgresql://", "postgresql+asyncpg://"),
    ):
        if url.startswith(plain):
            return driver + url[len(plain) :]
    if url.startswith("postgres://"):
        return "postgresql+asyncpg://" + url[len("postgres://") :]
    return url


class _BodyLimit:
    """Refuses (413) a request whose body is over ``limit`` bytes, declared or sent."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send, int(declared))
            return
        # read the whole body first (at most the limit), so that a body too big is refused
        # before the app sees any of it
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replaying([message]), send)
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > self.limit:
                await self._refuse(send, size)
                return
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replaying([body], receive), send)

    def _message(self, size: int) -> str:
        return _("request body of {size} bytes or more; at most {limit} bytes").format(
            size=size, limit=self.limit
        )

    async def _refuse(self, send: Send, size: int) -> None:
        body = json.dumps({"error": self._message(size)}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _replaying(messages: list[Message], then: Receive | None = None) -> Receive:
    """A ``receive`` that gives ``messages`` and then waits on ``then`` (the client's)."""
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive


async def _validation_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    problems = list(error.errors())
    bad_json = next((p for p in problems if p.get("type") == "json_invalid"), None)
    if bad_json is not None:
        reason = bad_json.get("ctx", {}).get("error", _("not JSON"))
        message = _("malformed JSON: {reason}").format(reason=reason)
        return JSONResponse({"error": message}, status_code=400)
    refusal = bad_request(problems)
    return JSONResponse(refusal.body(), status_code=refusal.status)


async def _api_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, ApiError)
    return JSONResponse(error.body(), status_code=error.status)


async def _database_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, DBAPIError)
    reason = " ".join(str(error.orig or error).split())
    return JSONResponse(
        {
            "error": _(
                "the database could not answer ({reason}); nothing changed, try again"
            ).format(reason=reason)
        },
        status_code=503,
    )


async def _http_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, HTTPException)
    if error.status_code == 404:
        detail = _(
            "not found; the API is under /api (GET /api/games, /api/tables), documented at /docs"
        )
    elif error.status_code == 405:
        detail = _("method not allowed")
    else:
        detail = str(error.detail)
    message = f"{request.method} {request.url.path}: {detail}"
    return JSONResponse({"error": message}, status_code=error.status_code, headers=error.headers)


def _engine(url: str) -> AsyncEngine:
    """The engine on ``url``. SQLite gets one connection, in WAL mode: it has one writer at a
    time anyway, and writers waiting on each other's locks would time out under load."""
    if not url.startswith("sqlite"):
        return create_async_engine(url)
    engine = create_async_engine(url, pool_size=1, max_overflow=0, pool_timeout=60)

    @event.listens_for(engine.sync_engine, "connect")
    def _wal(connection: Any, _: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    return engine


async def _watch_clocks(service: TableService, every: float) -> None:
    """Let bots take the seats whose time ran out or whose person is gone, every ``every``
    seconds."""
    while True:
        await asyncio.sleep(every)
        try:
            await service.tick()
        except ApiError:  # the database refused (503) or another process was first (409)
            continue


def create_app(
    database_url: str,
    *,
    bot_workers: int = 1,
    bot_budget: float = DEFAULT_BUDGET,
    clock: Clock | None = None,
    takeover_bot: str = TAKEOVER_BOT,
    tick: float = 1.0,
    grace: float | None = GRACE,
    hint_search: str = HINT_SEARCH,
) -> FastAPI:
    """The moonbase server on ``database_url`` (``sqlite:///FILE``, ``postgresql://…``),
    playing bots in ``bot_workers`` processes, ``bot_budget`` seconds per move, reading the
    time from ``clock`` (the machine's by default) and looking every ``tick`` seconds for
    seats whose time ran out or whose person has been disconnected for ``grace`` seconds
    (``None``: never); ``takeover_bot`` takes them. Hints are the choices of the agent
    ``hint_search``."""
    engine = _engine(async_url(database_url))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with engine.begin() as connection:
            await connection.run_sync(migrations.upgrade)
        service = TableService(Storage(engine), clock=clock, takeover_bot=takeover_bot, grace=grace)
        bots = BotSeats(service, workers=bot_workers, budget=bot_budget, hint_search=hint_search)
        app.state.service, app.state.bots, app.state.hub = service, bots, Hub(service)
        announcements = None
        if service.storage.announces:
            from moonbase.server.notify import Announcements

            announcements = Announcements(service, async_url(database_url))
            await announcements.start()
        for table in await service.resume():
            await bots.changed(table)
        watcher = asyncio.create_task(_watch_clocks(service, tick))
        try:
            yield
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)
            if announcements is not None:
                await announcements.close()
            await bots.close()
            await engine.dispose()

    app = FastAPI(
        title="moonbase",
        version=moonbase.__version__,
        summary="Tables for MOON, Moon Leap, Welcome to the Moon and Moons, with bots in any seat.",
        lifespan=lifespan,
    )
    app.include_router(router)
    honest_openapi(app)
    mount_web(app)
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(DBAPIError, _database_error)
    app.add_middleware(_BodyLimit, limit=MAX_BODY)
    app.add_middleware(Speaking)
    return app
