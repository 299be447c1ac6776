"""What the browser tests do on a table's page: wait for a version, click the next action,
read what the board shows."""

from __future__ import annotations

import time
from typing import Any

from tests.web.browser import Server


def wait_for_version(page: Any, version: int, seconds: float = 20.0) -> None:
    """Wait until ``page`` shows the table at ``version`` or later (its
    ``#turn[data-version]``): bots may move on before a loaded page draws its first state."""
    page.wait_for_function(
        "v => Number(document.querySelector('#turn')?.dataset.version ?? -1) >= v",
        arg=version,
        timeout=seconds * 1000,
    )


def wait_for_change(server: Server, table: str, version: int, seconds: float = 20.0) -> Any:
    """Wait until the table is past ``version``; its spectator state then."""
    deadline = time.monotonic() + seconds
    while True:
        state = server.get(f"/api/tables/{table}/state")
        if state["version"] > version:
            return state
        assert time.monotonic() < deadline, f"table {table} stayed at version {version}"
        time.sleep(0.05)


def click_an_action(page: Any) -> str:
    """Click an action of the board if it has one, else of the action list; the action."""
    target = page.locator("#board [data-action].clickable")
    if target.count() == 0:
        target = page.locator("#actions button[data-action]:not([disabled])")
    assert target.count() > 0, "the page offers no action"
    action: str = target.first.get_attribute("data-action")
    target.first.click()
    return action


def shown_with_state(page: Any, server: Server, path: str, script: str) -> tuple[Any, Any]:
    """What ``script`` reads from ``page`` and the state at ``path`` of the same version (read
    together with the page's version and retried while the table moves on)."""
    deadline = time.monotonic() + 20
    reading = f"() => [document.querySelector('#turn').dataset.version, ({script})()]"
    while True:
        version, shown = page.evaluate(reading)
        state = server.get(path)
        if version == str(state["version"]):
            return shown, state
        assert time.monotonic() < deadline, "the page never showed the table's version"
        time.sleep(0.1)


def wait_for_entry(server: Server, table: str, token: str, seat: int, count: int) -> Any:
    """Wait until the token's log has ``count`` entries of ``seat``; that log."""
    deadline = time.monotonic() + 20
    while True:
        log = server.get(f"/api/tables/{table}/state?token={token}")["log"]
        if len([entry for entry in log if entry[0] == seat]) >= count:
            return log
        assert time.monotonic() < deadline, f"seat {seat} never made move {count}"
        time.sleep(0.05)
