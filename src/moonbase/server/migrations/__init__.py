"""The Alembic migrations of the server's database (run by :func:`upgrade`, or by ``alembic``
with ``-c`` pointing at a config whose ``script_location`` is this folder)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

__all__ = ["config", "downgrade", "upgrade"]

HERE = Path(__file__).resolve().parent


def config(connection: Connection | None = None, url: str | None = None) -> Config:
    """An Alembic config for these migrations, on ``connection`` (or else ``url``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url)
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Bring the database on ``connection`` up to ``revision`` (the newest by default)."""
    command.upgrade(config(connection), revision)


def downgrade(connection: Connection, revision: str = "base") -> None:
    """Take the database on ``connection`` back to ``revision`` (empty by default)."""
    command.downgrade(config(connection), revision)
