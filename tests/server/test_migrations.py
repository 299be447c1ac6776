"""The Alembic migrations, on each backend: upgrade to the newest schema and back down to
nothing, on the server's own connection and through Alembic's command with a database URL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from alembic import command
from sqlalchemy import Connection, inspect
from sqlalchemy.ext.asyncio import create_async_engine

from moonbase.server import migrations
from moonbase.server.app import async_url
from moonbase.server.storage import Base

TABLES = {"tables", "seats", "log", "alembic_version"}


def _on(url: str, work: Callable[[Connection], Any]) -> Any:
    """``work(connection)`` on the database at ``url``, committed."""

    async def run() -> Any:
        engine = create_async_engine(async_url(url))
        try:
            async with engine.begin() as connection:
                return await connection.run_sync(work)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


def _columns(connection: Connection) -> dict[str, set[str]]:
    found = inspect(connection)
    return {name: {c["name"] for c in found.get_columns(name)} for name in Base.metadata.tables}


def test_upgrade_and_downgrade_on_a_connection(db_url: str) -> None:
    _on(db_url, migrations.upgrade)
    assert _on(db_url, _tables) == TABLES
    assert _on(db_url, _columns) == {
        name: set(table.columns.keys()) for name, table in Base.metadata.tables.items()
    }
    _on(db_url, migrations.downgrade)
    assert _on(db_url, _tables) == {"alembic_version"}


def test_upgrade_and_downgrade_through_alembic_with_a_url(db_url: str) -> None:
    config = migrations.config(url=async_url(db_url))
    command.upgrade(config, "head")
    assert _on(db_url, _tables) == TABLES
    command.downgrade(config, "base")
    assert _on(db_url, _tables) == {"alembic_version"}
    command.upgrade(config, "head")
    assert _on(db_url, _tables) == TABLES
