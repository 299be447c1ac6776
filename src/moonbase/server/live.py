"""The WebSocket hub: ``/api/tables/{id}/live[?token=…]``.

On connecting, a client is sent the full state for its seat (or the spectator's), and after
every change to the table the state again: ``{"type": "state", …}``, the same body as ``GET
…/state``. It may send ``{"type": "act", "version", "action"}``, ``{"type": "undo"}`` and ``{"type":
"return"}`` (take the seat back from the bot that took it over); what
cannot be done is answered ``{"type": "error", "status", "error", …}`` (with ``state``, a full
sync, when its version was stale) and the socket stays open. A reconnecting client simply gets
the full state again. Each connection counts in its seat's ``connected``; when a seated
person's last connection closes, their grace period starts (a bot takes the seat once it is
over, :meth:`~moonbase.server.tables.TableService.tick`).

Messages to one connection go through its own queue, in the order of the changes, so a slow
client never holds a table up.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import suppress
from typing import Any, Final, Literal

import anyio
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket, WebSocketDisconnect

from moonbase import i18n
from moonbase.i18n import gettext as _
from moonbase.server.bodies import state_body, table_body
from moonbase.server.errors import ApiError, bad_request
from moonbase.server.tables import MAX_ACTION, LiveTable, TableService, check_named_seat

__all__ = ["SPECTATOR", "Hub"]

SPECTATOR: Final = -1
"""The ``connected`` key of spectators."""
_MAX_FRAME: Final = 64 * 1024
_FRAMES: Final = ("act", "undo", "return")
_CLOSE_POLICY: Final = 4403
_CLOSE_NOT_FOUND: Final = 4404


class _Connection:
    def __init__(self, socket: WebSocket, seat: int | None) -> None:
        self.socket = socket
        self.seat = seat
        self.lang = i18n.current()
        """The language the connection was opened in, which it keeps for its life."""
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    async def send_all(self) -> None:
        """Send the queued messages in order until ``None``, or until the socket is closed."""
        with suppress(WebSocketDisconnect, RuntimeError, OSError, anyio.ClosedResourceError):
            while (message := await self.queue.get()) is not None:
                await self.socket.send_json(message)


class Hub:
    """Every live connection, by table; pushes each table's changes to its connections."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._connections: dict[str, set[_Connection]] = {}
        self._announcing: set[asyncio.Task[None]] = set()
        service.listeners.append(self.changed)

    def _announce(self, table: LiveTable) -> None:
        """Tell the other server processes this one's connections at ``table``, in a task of
        its own: a closing socket's handler may be cancelled before it could."""
        task = asyncio.create_task(self._presence(table))
        self._announcing.add(task)
        task.add_done_callback(self._announcing.discard)

    async def _presence(self, table: LiveTable) -> None:
        with suppress(OSError, SQLAlchemyError):  # the database is away: the reminder repeats it
            await self.service.presence(table)

    async def changed(self, table: LiveTable, moved: bool) -> None:
        """Queue the new state for every connection to ``table``, each for its own seat (or
        the table, if only its seats changed)."""
        if not moved:
            self._tell_seats(table)
            return
        for connection in self._connections.get(table.id, ()):
            with i18n.speaking(connection.lang):  # a change made in another's language
                message = {"type": "state", **state_body(table, connection.seat)}
            connection.queue.put_nowait(message)

    async def serve(self, socket: WebSocket, table_id: str, token: str | None) -> None:
        """Serve one WebSocket until it closes."""
        await socket.accept()
        try:
            table = await self.service.get(table_id)
        except ApiError as error:
            await socket.send_json({"type": "error", "status": error.status, **error.body()})
            await socket.close(_CLOSE_NOT_FOUND)
            return
        try:
            seat = await self.service.seat_for(table, token) if token is not None else None
        except ApiError as refusal:
            await socket.send_json({"type": "error", "status": refusal.status, **refusal.body()})
            await socket.close(_CLOSE_POLICY)
            return
        connection = _Connection(socket, seat)
        await self._open(table, connection)
        self._announce(table)
        sender = asyncio.create_task(connection.send_all())
        try:
            await self._receive(table, connection)
        finally:
            # no await before the count is right: a closing socket's handler may be cancelled
            self._close(table, connection)
            connection.queue.put_nowait(None)
            self._announce(table)
            await sender

    async def _open(self, table: LiveTable, connection: _Connection) -> None:
        async with table.lock:
            self._connections.setdefault(table.id, set()).add(connection)
            table.connected[_key(connection.seat)] += 1
            if connection.seat is not None:
                self.service.connected_again(table, connection.seat)
            connection.queue.put_nowait({"type": "state", **state_body(table, connection.seat)})
            self._tell_seats(table)

    def _close(self, table: LiveTable, connection: _Connection) -> None:
        """Forget ``connection`` (at once, without waiting for the table's lock: nothing here
        awaits, so no change to the table can come in between)."""
        self._connections.get(table.id, set()).discard(connection)
        table.connected[_key(connection.seat)] -= 1
        if connection.seat is not None and table.connected[connection.seat] == 0:
            self.service.disconnected(table, connection.seat)
        self._tell_seats(table)

    def _tell_seats(self, table: LiveTable) -> None:
        """Push the table (seats with their connection status) to everyone at it."""
        for other in self._connections.get(table.id, ()):
            with i18n.speaking(other.lang):
                message = {"type": "table", **table_body(table)}
            other.queue.put_nowait(message)

    async def _receive(self, table: LiveTable, connection: _Connection) -> None:
        while True:
            message = await connection.socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace")
            try:
                await self._handle(table, connection, text)
            except ApiError as error:
                connection.queue.put_nowait(
                    {"type": "error", "status": error.status, **error.body()}
                )
            # the table may have been rebuilt by another request: follow it
            table = await self.service.get(table.id)

    async def _handle(self, table: LiveTable, connection: _Connection, text: str) -> None:
        if len(text) > _MAX_FRAME:
            raise ApiError(
                413,
                _("frame of {size} characters; at most {limit}").format(
                    size=len(text), limit=_MAX_FRAME
                ),
            )
        try:
            frame = json.loads(text)
        except json.JSONDecodeError as error:
            raise ApiError(
                400,
                _("malformed JSON: {reason} at character {position}").format(
                    reason=error.msg, position=error.pos
                ),
            ) from None
        kind = frame.get("type") if isinstance(frame, dict) else None
        if kind not in _FRAMES:
            raise ApiError(
                400, _("unknown frame type {kind!r}").format(kind=kind), allowed=list(_FRAMES)
            )
        try:
            checked = (ActFrame if kind == "act" else SeatFrame).model_validate(frame)
        except ValidationError as error:
            raise bad_request(error.errors()) from None
        if connection.seat is None:
            raise ApiError(403, _("a spectator cannot act; join a seat and connect with its token"))
        if isinstance(checked, SeatFrame):
            if checked.type == "undo":
                await self.service.take_back(table, connection.seat)
            else:
                await self.service.give_back(table, connection.seat)
            return
        check_named_seat(connection.seat, checked.seat)
        await self.service.act(table, connection.seat, checked.version, checked.action)


class SeatFrame(BaseModel):
    """``{"type": "undo"}`` or ``{"type": "return"}``: nothing else."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["undo", "return"]


class ActFrame(BaseModel):
    """``{"type": "act", "version", "action"}``, checked as ``POST …/actions`` checks its body
    (``seat``, if given, must be the token's)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["act"]
    version: int
    action: str = Field(max_length=MAX_ACTION)
    seat: int | None = None


def _key(seat: int | None) -> int:
    return SPECTATOR if seat is None else seat
