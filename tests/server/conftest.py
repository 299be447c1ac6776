"""Fixtures of the server tests: each test runs on a fresh real database — an SQLite file in a
fresh folder, and a database of its own in a PostgreSQL cluster the tests start themselves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.postgres import Cluster, missing


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL cluster for this test process (skipped, saying why, where there is none)."""
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    cluster = Cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database for the test, on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'moonbase.sqlite3'}"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """An SQLite database for tests whose subject does not depend on the backend."""
    return f"sqlite:///{tmp_path / 'moonbase.sqlite3'}"
