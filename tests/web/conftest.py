"""Fixtures of the browser tests: one server and one Chromium per test module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import CHROMIUM, FLAGS, Server, missing, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``moonbase serve`` on a fresh SQLite file (skipped where there is no browser)."""
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    with serve(tmp_path_factory.mktemp("web")) as running:
        yield running


@pytest.fixture(scope="module")
def browser(server: Server) -> Iterator[Any]:
    """Debian's Chromium, headless."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    """Where a test saves its screenshots."""
    folder = tmp_path / "screenshots"
    folder.mkdir()
    return folder
