"""The Hint button: the server's suggestion for the seat, said on the page and marked on the
board and in the action list; the marked action is one click away."""

from __future__ import annotations

from typing import Any

from tests.web.browser import DESKTOP, Server
from tests.web.play import wait_for_change, wait_for_version


def test_the_hint_is_said_and_its_action_marked(server: Server, browser: Any) -> None:
    # MOON's cooperative game: one seat, and a hint explained by the way to the goal
    table = server.post(
        "/api/tables",
        {"game": "moon", "seats": ["human"], "options": {"difficulty": "master"}, "seed": 5},
    )["id"]
    token = server.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Ada"})["token"]
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/tables/{table}?token={token}")
        page.wait_for_selector("#board svg")
        before = server.get(f"/api/tables/{table}/state?token={token}")
        wait_for_version(page, before["version"])
        page.click("#hint")
        page.wait_for_selector("#board[data-hint]", timeout=60_000)
        action = page.get_attribute("#board", "data-hint")
        assert action in before["legal"]
        message = page.inner_text("#message")
        assert message.startswith("Hint: Goal ") and message.endswith(f"Suggested now: {action}.")
        # the element that plays it, or (an operation on two registers) its card, the first
        # click of the way to it
        marked = page.locator("#board .hinted").evaluate_all(
            "els => els.map((e) => e.dataset.action || `card ${e.dataset.op}`)"
        )
        assert marked in ([action], [f"card {action.split()[0]}"])
        listed = page.locator(f'#actions button.hinted[data-action="{action}"]')
        assert listed.count() == 1
        listed.click()
        after = wait_for_change(server, table, before["version"])
        assert after["log"][-1] == [0, action]
        wait_for_version(page, after["version"])
        assert page.locator(".hinted").count() == 0  # the table moved on: the hint is old
    finally:
        context.close()
