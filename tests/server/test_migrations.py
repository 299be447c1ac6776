"""The Alembic migrations: upgrade to the newest schema and back down to nothing, on the
server's own connection and through Alembic's command with a database URL."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, inspect

from moonbase.server import migrations
from moonbase.server.storage import Base

TABLES = {"tables", "seats", "log", "alembic_version"}


def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_upgrade_and_downgrade_on_a_connection(db_file: Path) -> None:
    engine = create_engine(f"sqlite:///{db_file}")
    with engine.begin() as connection:
        migrations.upgrade(connection)
    assert _tables(f"sqlite:///{db_file}") == TABLES
    columns = {c["name"] for c in inspect(engine).get_columns("log")}
    assert columns == set(Base.metadata.tables["log"].columns.keys())
    with engine.begin() as connection:
        migrations.downgrade(connection)
    assert _tables(f"sqlite:///{db_file}") == {"alembic_version"}
    engine.dispose()


def test_upgrade_and_downgrade_through_alembic_with_a_url(db_file: Path) -> None:
    config = migrations.config(url=f"sqlite+aiosqlite:///{db_file}")
    command.upgrade(config, "head")
    assert _tables(f"sqlite:///{db_file}") == TABLES
    command.downgrade(config, "base")
    assert _tables(f"sqlite:///{db_file}") == {"alembic_version"}
    command.upgrade(config, "head")
    assert _tables(f"sqlite:///{db_file}") == TABLES


def test_the_models_match_the_newest_revision(db_file: Path) -> None:
    engine = create_engine(f"sqlite:///{db_file}")
    with engine.begin() as connection:
        migrations.upgrade(connection)
    found = inspect(engine)
    for name, table in Base.metadata.tables.items():
        assert {c["name"] for c in found.get_columns(name)} == set(table.columns.keys())
    engine.dispose()
