"""Fixtures of the server tests: a real SQLite file in a fresh folder per test."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    """Where the test's database lives."""
    return tmp_path / "moonbase.sqlite3"


@pytest.fixture
def db_url(db_file: Path) -> str:
    """The test's database URL."""
    return f"sqlite:///{db_file}"
