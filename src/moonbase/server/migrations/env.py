"""Alembic's entry point: migrate on the connection the server hands over, or on the
``sqlalchemy.url`` of the config (an async URL, as the server uses)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from moonbase.server.storage import Base


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


async def _migrate_url(url: str) -> None:
    engine = create_async_engine(url)
    async with engine.begin() as connection:
        await connection.run_sync(_migrate)
    await engine.dispose()


def _run() -> None:
    given = context.config.attributes.get("connection")
    if isinstance(given, Connection):
        _migrate(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("no database: set sqlalchemy.url or pass a connection")
    asyncio.run(_migrate_url(url))


# Alembic runs this file under a name of its own; imported as a module (doctest collection),
# it must not migrate anything.
if __name__ != "moonbase.server.migrations.env":
    _run()
