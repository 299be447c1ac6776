"""The database: tables, their seats and the append-only log of what was done at them.

A table is rebuilt from its row (game, options, seed, seat specs) and its log, replayed in
order (:mod:`moonbase.server.tables`); nothing else is stored. Log entries are only ever
inserted: an undo is an entry of its own. Each entry carries the table version it made, and
``(table_id, version)`` is unique, so two writers who both saw version *n* cannot both append
entry *n + 1*: the second gets :class:`StaleVersion`.

The schema is created and upgraded by the Alembic migrations in ``migrations/`` (never by
``create_all``), so a database made by one moonbase is upgraded by the next.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "ACT",
    "CHANNEL",
    "RETURN",
    "START",
    "TAKEOVER",
    "UNDO",
    "Base",
    "LogEntry",
    "LogRow",
    "SeatRow",
    "StaleVersion",
    "Storage",
    "TableRecord",
    "TableRow",
    "hash_token",
    "now",
]

ACT: Final = "act"
"""A log entry's kind: a seat did an action."""
UNDO: Final = "undo"
"""A log entry's kind: a seat took back its last action."""
TAKEOVER: Final = "takeover"
"""A log entry's kind: a bot took the seat (``action``: why — ``time``)."""
RETURN: Final = "return"
"""A log entry's kind: the seat's person took it back from the bot."""
START: Final = "start"
"""A log entry's kind (seat ``-1``): the table's clocks start, its last open seat taken."""


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    """What is stored of a seat's token: its SHA-256, in hex (the token itself never is).

    >>> len(hash_token("secret")), hash_token("secret") == hash_token("secret")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    """The declarative base of moonbase's tables."""


class TableRow(Base):
    """A table: the game dealt there and who sits in each seat (``human`` or a bot spec)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the table's clock started (seconds since the epoch, by the server's clock)."""


class SeatRow(Base):
    """A person's place at a table: their name and the hash of their token."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    joined: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LogRow(Base):
    """One entry of a table's log: the version it made, who, what, and when."""

    __tablename__ = "log"
    __table_args__ = (UniqueConstraint("table_id", "version", name="log_table_version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    action: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    moment: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When, by the server's clock (seconds since the epoch): what the table clocks count."""
    deadlines: Mapped[dict[str, float] | None] = mapped_column(JSON, nullable=True)
    """Seat → the moment its time runs out, after this entry (seats with a clock running)."""


@dataclass(frozen=True)
class LogEntry:
    """A log entry as the table service replays it."""

    version: int
    seat: int
    kind: str
    action: str
    moment: float = 0.0
    deadlines: dict[str, float] | None = None


@dataclass(frozen=True)
class TableRecord:
    """Everything stored about a table: its row, its people and its log."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    created: datetime
    people: dict[int, tuple[str, str | None]]
    """Seat → (name, token hash; ``None`` once the person left)."""
    log: list[LogEntry]
    clock: dict[str, Any] | None = None
    started: float | None = None
    """When the clocks started, if at the table's creation (else a :data:`START` entry)."""


CHANNEL: Final = "moonbase_tables"
"""The PostgreSQL channel on which every change to a table is announced (``LISTEN/NOTIFY``):
the payload is ``"<table id> <version>"`` after an action or undo, ``"<table id> seats"`` after
someone joined or left."""


class StaleVersion(Exception):
    """Someone else appended to the table's log first."""


class Storage:
    """The table store on one database (an async SQLAlchemy engine)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self.announces = engine.dialect.name == "postgresql"
        """Whether changes are announced to other server processes (PostgreSQL only)."""
        self._waiting: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def _announce(self, connection: AsyncConnection | AsyncSession, payload: str) -> None:
        """Announce ``payload`` on :data:`CHANNEL` when the current transaction commits."""
        if self.announces:
            await connection.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )

    async def notify(self, payload: str) -> None:
        """Announce ``payload`` on :data:`CHANNEL` now (PostgreSQL; nothing elsewhere)."""
        if self.announces:
            async with self.engine.begin() as connection:
                await self._announce(connection, payload)

    async def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[str],
        clock: dict[str, Any] | None = None,
        started: float | None = None,
    ) -> None:
        """Store a new table (committed when this returns)."""
        async with self._sessions.begin() as session:
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    options=options,
                    seed=seed,
                    seats=seats,
                    created=now(),
                    clock=clock,
                    started=started,
                )
            )
            await self._announce(session, f"{table_id} 0")

    async def table_ids(self) -> list[str]:
        """Every table's id, oldest first."""
        async with self._sessions() as session:
            rows = await session.scalars(select(TableRow.id).order_by(TableRow.created))
            return list(rows)

    async def load(self, table_id: str) -> TableRecord | None:
        """Everything stored about ``table_id``, or ``None`` if there is no such table."""
        if "\x00" in table_id:  # no stored id has one, and PostgreSQL refuses it in a query
            return None
        async with self._sessions() as session:
            row = await session.get(TableRow, table_id)
            if row is None:
                return None
            seats = await session.scalars(select(SeatRow).where(SeatRow.table_id == table_id))
            log = await session.scalars(
                select(LogRow).where(LogRow.table_id == table_id).order_by(LogRow.version)
            )
            created = row.created
            if created.tzinfo is None:  # SQLite keeps no zone; every time stored is UTC
                created = created.replace(tzinfo=UTC)
            return TableRecord(
                id=row.id,
                game=row.game,
                options=dict(row.options),
                seed=row.seed,
                seats=list(row.seats),
                created=created,
                people={seat.seat: (seat.name, seat.token_hash) for seat in seats},
                log=[_entry(e) for e in log],
                clock=row.clock,
                started=row.started,
            )

    async def log_since(self, table_id: str, version: int) -> list[LogEntry]:
        """The log entries of ``table_id`` after ``version``, in order."""
        async with self._sessions() as session:
            rows = await session.scalars(
                select(LogRow)
                .where(LogRow.table_id == table_id, LogRow.version > version)
                .order_by(LogRow.version)
            )
            return [_entry(e) for e in rows]

    async def latest_version(self, table_id: str) -> int:
        """The version of the last log entry of ``table_id`` (0: none)."""
        async with self._sessions() as session:
            latest = await session.scalar(
                select(func.max(LogRow.version)).where(LogRow.table_id == table_id)
            )
            return int(latest or 0)

    async def people(self, table_id: str) -> dict[int, tuple[str, str | None]]:
        """Who sits at ``table_id``: seat → (name, token hash or ``None``)."""
        async with self._sessions() as session:
            seats = await session.scalars(select(SeatRow).where(SeatRow.table_id == table_id))
            return {seat.seat: (seat.name, seat.token_hash) for seat in seats}

    async def append(self, table_id: str, entry: LogEntry) -> None:
        """Append ``entry`` to the log (committed when this returns), or raise
        :class:`StaleVersion` if an entry with its version is there already.

        Appends that arrive while a commit is under way wait for the next one and share it
        (a group commit): under load one transaction stores many tables' entries, and each
        is still acknowledged only once committed."""
        row = {
            "table_id": table_id,
            "version": entry.version,
            "seat": entry.seat,
            "kind": entry.kind,
            "action": entry.action,
            "at": now(),
            "moment": entry.moment,
            "deadlines": entry.deadlines,
        }
        stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((row, stored))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting())
        await stored

    async def _write_waiting(self) -> None:
        """Commit the waiting appends, a batch per transaction, until none wait."""
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                await self._insert([row for row, _ in batch])
            except IntegrityError:
                # an entry of the batch is stale (another process was first): one by one
                for row, stored in batch:
                    await _settle(stored, self._insert([row]))
                continue
            except BaseException as error:  # each waiting caller raises it (a database error: 503)
                for _, stored in batch:
                    if not stored.done():
                        stored.set_exception(error)
                if not isinstance(error, Exception):
                    raise
                continue
            for _, stored in batch:
                if not stored.done():
                    stored.set_result(None)

    async def _insert(self, rows: list[dict[str, Any]]) -> None:
        # a Core insert: the ORM's unit of work costs more than the write itself here
        async with self.engine.begin() as connection:
            await connection.execute(insert(LogRow), rows)
            for row in rows:
                await self._announce(connection, f"{row['table_id']} {row['version']}")

    async def seat_person(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Sit a person in ``seat``; ``False`` (and nothing changed) if someone sits there."""
        try:
            return await self._seat_person(table_id, seat, name, token_hash)
        except IntegrityError:  # another request sat there first
            return False

    async def _seat_person(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        async with self._sessions.begin() as session:
            row = await session.get(SeatRow, (table_id, seat))
            if row is None:
                session.add(
                    SeatRow(
                        table_id=table_id, seat=seat, name=name, token_hash=token_hash, joined=now()
                    )
                )
                await self._announce(session, f"{table_id} seats")
                return True
            if row.token_hash is not None:
                return False
            taken = await session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash, joined=now())
            )
            await self._announce(session, f"{table_id} seats")
            return bool(getattr(taken, "rowcount", 0))

    async def free_seat(self, table_id: str, seat: int, forget: bool = False) -> None:
        """The person in ``seat`` left: their token no longer opens it; with ``forget`` (they
        played nothing there) their name is gone too."""
        async with self._sessions.begin() as session:
            where = (SeatRow.table_id == table_id, SeatRow.seat == seat)
            if forget:
                await session.execute(delete(SeatRow).where(*where))
            else:
                await session.execute(update(SeatRow).where(*where).values(token_hash=None))
            await self._announce(session, f"{table_id} seats")


async def _settle(stored: asyncio.Future[None], insert: Awaitable[None]) -> None:
    """Resolve ``stored`` with the outcome of ``insert`` (stale: :class:`StaleVersion`)."""
    try:
        await insert
    except IntegrityError:
        stored.set_exception(StaleVersion("a log entry with this version exists"))
    except Exception as error:  # the caller raises it (a database error: 503)
        stored.set_exception(error)
    else:
        stored.set_result(None)


def _entry(row: LogRow) -> LogEntry:
    return LogEntry(row.version, row.seat, row.kind, row.action, row.moment or 0.0, row.deadlines)
