"""The browser client: its static files under ``/web`` and its two pages, ``/`` (the lobby)
and ``/tables/{id}`` (a table; ``?token=…`` sits in a seat, without one it spectates).

Both pages are the same ``index.html``; its script reads the address and draws the page. The
client speaks only the public API (``/api``), so everything it shows is what the server sends
its seat.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Final

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["STATIC", "mount_web"]

STATIC: Final = Path(str(files("moonbase") / "web"))
"""The folder of the client's files, as shipped in the package."""

_NO_CACHE: Final = {"cache-control": "no-cache"}


def mount_web(app: FastAPI) -> None:
    """Serve the browser client on ``app``: ``/``, ``/tables/{id}`` and ``/web/…``."""
    page = STATIC / "index.html"

    async def lobby() -> FileResponse:
        """The lobby: the tables, a form to open one, joining and watching."""
        return FileResponse(page, headers=_NO_CACHE)

    async def table(table_id: str) -> FileResponse:
        """A table's page: a seat's (with ``?token=…``) or a spectator's."""
        return FileResponse(page, headers=_NO_CACHE)

    app.add_api_route("/", lobby, methods=["GET"], include_in_schema=False)
    app.add_api_route("/tables/{table_id}", table, methods=["GET"], include_in_schema=False)
    app.mount("/web", StaticFiles(directory=STATIC), name="web")
