"""Hot-seat: two people at one browser. The page shows one seat at a time and covers the
screen between them, so the next player never sees the last one's hand."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.web.browser import DESKTOP, Server

CARDS_JS = "() => [...document.querySelectorAll('#board [data-card]')].map(e => e.dataset.card)"


def mine(server: Server, table: str, token: str) -> list[list[Any]]:
    """The table's log as the token's seat knows it."""
    log: list[list[Any]] = server.get(f"/api/tables/{table}/state?token={token}")["log"]
    return log


def test_hot_seat_hides_the_previous_players_hand(server: Server, browser: Any) -> None:
    table = server.post(
        "/api/tables", {"game": "moons", "preset": "3p", "seats": ["human", "human", "greedy"]}
    )["id"]
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        for seat, name in ((0, "Ada"), (1, "Bob")):
            page.goto(server.base + "/")
            page.fill("#player-name", name)
            page.click(f'[data-table="{table}"] [data-join="{seat}"]')
            page.wait_for_url(f"**/tables/{table}?*")
        assert page.url.endswith("?hotseat")
        tokens = dict(
            page.evaluate(
                "() => Object.keys(localStorage).filter(k => k.startsWith('moonbase.token.'))"
                ".map(k => [Number(k.split('.').pop()), localStorage.getItem(k)])"
            )
        )
        hands = {
            seat: server.get(f"/api/tables/{table}/state?token={tokens[seat]}")["view"]["hand"]
            for seat in (0, 1)
        }

        show = page.locator("#hotseat-show")
        assert show.get_attribute("data-seat") == "0"
        assert page.evaluate(CARDS_JS) == []
        show.click()
        page.wait_for_selector("#board .moon-card")
        assert sorted(page.evaluate(CARDS_JS)) == sorted(hands[0])
        assert "Ada" in page.inner_text("#who")

        picks = [card for card in hands[0] if card != "AST"][:3]
        for card in picks:
            page.locator(f'#board .moon-card[data-card="{card}"]').first.click()
        page.click(".moons-pick[data-action]")
        deadline = time.monotonic() + 20
        while not [entry for entry in mine(server, table, tokens[0]) if entry[0] == 0]:
            assert time.monotonic() < deadline, "Ada's tableau never reached the table"
            time.sleep(0.05)

        page.wait_for_selector('#hotseat-show[data-seat="1"]')
        assert page.evaluate(CARDS_JS) == []
        text = page.inner_text("main")
        assert not [card for card in hands[0] if re.search(rf"\b{card}\b", text)]
        assert page.locator("#actions button").count() == 0
        page.click("#hotseat-show")
        page.wait_for_selector("#board .moon-card")
        assert "Bob" in page.inner_text("#who")
        shown = page.evaluate(CARDS_JS)
        assert sorted(shown) == sorted(hands[1])
        assert not (set(hands[0]) - {"AST"}) & set(shown)
    finally:
        context.close()
