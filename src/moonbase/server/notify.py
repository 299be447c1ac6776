"""Several server processes on one PostgreSQL: every change one of them stores is announced
(``NOTIFY`` on :data:`~moonbase.server.storage.CHANNEL`, sent when the change commits), and
every process listens, brings its copy of the table up to date from the log and pushes it to
its own clients. Two processes can never both apply an action to the same version: the log's
unique ``(table_id, version)`` lets one append and refuses the other (409, with the table
caught up).

Each process also announces its live connections per seat (``"<table> presence <process>
{seat: count}"``) when they change and every
:data:`~moonbase.server.tables.PRESENCE_EVERY` seconds, so a table's ``connected`` counts every
process's clients, and a person who reconnects through another process is not taken over for
being disconnected.
"""

from __future__ import annotations

import asyncio
import json

import asyncpg
from sqlalchemy.engine import make_url

from moonbase.server.storage import CHANNEL
from moonbase.server.tables import TableService

__all__ = ["Announcements"]


class Announcements:
    """Listens to the other processes' changes on one PostgreSQL database."""

    def __init__(self, service: TableService, url: str) -> None:
        self.service = service
        plain = make_url(url).set(drivername="postgresql")
        self._dsn = plain.render_as_string(hide_password=False)
        self._connection: asyncpg.Connection | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Connect and listen."""
        self._connection = await asyncpg.connect(self._dsn)
        await self._connection.add_listener(CHANNEL, self._heard)

    def _heard(self, connection: object, pid: int, channel: str, payload: object) -> None:
        table_id, _, what = str(payload).partition(" ")
        if what.startswith("presence "):
            _, process, counts = what.split(" ", 2)
            heard = {int(seat): count for seat, count in json.loads(counts).items()}
            task = asyncio.create_task(self.service.heard_presence(table_id, process, heard))
        else:
            version = int(what) if what.isdigit() else None
            task = asyncio.create_task(self.service.catch_up(table_id, version))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop listening."""
        if self._connection is not None:
            await self._connection.close()
            self._connection = None
        await asyncio.gather(*self._tasks, return_exceptions=True)
