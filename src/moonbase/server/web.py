"""The browser client: its static files under ``/web`` and its two pages, ``/`` (the lobby)
and ``/tables/{id}`` (a table; ``?token=…`` sits in a seat, without one it spectates).

Both pages are the same ``index.html``; its script reads the address and draws the page. The
client speaks only the public API (``/api``), so everything it shows is what the server sends
its seat; beside it, ``/web/sheets/{adventure}.json[?solo=1]`` gives the printed geometry of a
Welcome to the Moon sheet (``game.sheet_layout()``: no state, the same for everyone).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

import moonbase
from moonbase.games.welcome_to_the_moon.game import WelcomeGame
from moonbase.i18n import gettext as _
from moonbase.server.errors import ApiError

__all__ = ["STATIC", "mount_web", "sheet_layout"]

STATIC: Final = Path(str(files("moonbase") / "web"))
"""The folder of the client's files, as shipped in the package."""

_NO_CACHE: Final = {"cache-control": "no-cache"}
_ADVENTURES: Final = 8


def sheet_layout(adventure: int, solo: bool = False) -> dict[str, Any]:
    """The geometry of a Welcome to the Moon adventure's sheet, as JSON for a client.

    >>> [area["name"] for area in sheet_layout(1)["areas"]]
    ['rocket', 'launch', 'tracks']
    """
    if not 1 <= adventure <= _ADVENTURES:
        raise ApiError(
            404,
            _("no adventure {adventure}; adventures are 1 to {last}").format(
                adventure=adventure, last=_ADVENTURES
            ),
        )
    game = moonbase.load("welcome-to-the-moon", adventure=adventure, players=1 if solo else 2)
    assert isinstance(game, WelcomeGame)
    layout: dict[str, Any] = dict(game.sheet_layout().to_json())
    return layout


def mount_web(app: FastAPI) -> None:
    """Serve the browser client on ``app``: ``/``, ``/tables/{id}`` and ``/web/…``."""
    page = STATIC / "index.html"

    async def lobby() -> FileResponse:
        """The lobby: the tables, a form to open one, joining and watching."""
        return FileResponse(page, headers=_NO_CACHE)

    async def table(table_id: str) -> FileResponse:
        """A table's page: a seat's (with ``?token=…``) or a spectator's."""
        return FileResponse(page, headers=_NO_CACHE)

    async def sheet(adventure: int, solo: bool = False) -> dict[str, Any]:
        """A Welcome to the Moon sheet's printed geometry (``?solo=1``: a solo sheet's)."""
        return sheet_layout(adventure, solo)

    app.add_api_route("/", lobby, methods=["GET"], include_in_schema=False)
    app.add_api_route(
        "/web/sheets/{adventure}.json", sheet, methods=["GET"], include_in_schema=False
    )
    app.add_api_route("/tables/{table_id}", table, methods=["GET"], include_in_schema=False)
    app.mount("/web", StaticFiles(directory=STATIC), name="web")
