"""A whole game of Moon Leap in the browser: two people (two browser contexts, one on a phone)
and a bot, through clicks only, from the lobby to the end; a spectator watches and sees
exactly the spectator's view."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from tests.web.browser import DESKTOP, PHONE, Server
from tests.web.play import click_an_action, points, sit, wait_for_change, wait_for_version

SHOWN_JS = """() => ({
  version: document.querySelector("#turn").dataset.version,
  tokens: [...document.querySelectorAll("#board g.token")].map(
    (e) => [e.dataset.seat, e.dataset.number, e.dataset.space]),
  scores: [...document.querySelectorAll("#board g.reserve")].map((e) => e.dataset.score),
  acting: document.querySelectorAll("[data-action].clickable, #actions button").length,
})"""


def tokens_of(view: dict[str, Any]) -> list[list[str]]:
    """The tokens as the board must draw them: on the track, then in the reserves."""
    drawn = [
        [str(space["token"]["seat"]), str(space["token"]["number"]), str(space["space"])]
        for space in view["track"]
        if space["token"] is not None
    ]
    for seat, numbers in enumerate(view["reserve"]):
        drawn += [[str(seat), str(number), "reserve"] for number in numbers]
    return drawn


def check_spectator(page: Any, server: Server, table: str) -> None:
    """The spectator's page shows the spectator's view of the table's version it shows, and
    nothing to act with (read together with the version, retried while the table moves)."""
    deadline = time.monotonic() + 20
    while True:
        shown = page.evaluate(SHOWN_JS)
        state = server.get(f"/api/tables/{table}/state")
        if shown["version"] == str(state["version"]):
            break
        assert time.monotonic() < deadline, "the spectator's page never caught up"
        time.sleep(0.1)
    assert sorted(shown["tokens"]) == sorted(tokens_of(state["view"]))
    assert shown["scores"] == [str(score) for score in state["view"]["scores"]]
    assert shown["acting"] == 0
    assert page.locator("#undo").count() == 0


def test_two_people_and_a_bot_play_a_whole_game_by_clicks(
    server: Server, browser: Any, artifacts: Path
) -> None:
    ada_context = browser.new_context(viewport=DESKTOP)
    bob_context = browser.new_context(viewport=PHONE, has_touch=True)
    eve_context = browser.new_context(viewport=DESKTOP)
    try:
        ada, bob, eve = (c.new_page() for c in (ada_context, bob_context, eve_context))
        ada.goto(server.base + "/")
        ada.select_option("#new-game", "moon-leap")
        ada.select_option("#new-preset", "custom-board")
        ada.select_option("#new-seat-1", "human")
        ada.select_option("#new-seat-2", "greedy")
        ada.click("#create-table")
        table = ada.locator("#lobby-message[data-table]").get_attribute("data-table")
        assert server.get(f"/api/tables/{table}")["options"]["board"] == "short.json"

        sit(ada, server, table, 0, "Ada")
        sit(bob, server, table, 1, "Bob")
        eve.goto(server.base + "/")
        eve.click(f'[data-watch="{table}"]')
        eve.wait_for_url(f"**/tables/{table}")
        eve.wait_for_selector("#who:has-text('spectator')")  # drawn once the first state came
        assert "spectator" in eve.inner_text("#who")

        people = {0: ada, 1: bob}
        deadline = time.monotonic() + 90
        moves = 0
        while True:
            state = server.get(f"/api/tables/{table}/state")
            if not state["to_act"]:
                break
            assert time.monotonic() < deadline, "the game did not end in time"
            seat = state["to_act"][0]
            if seat not in people:
                wait_for_change(server, table, state["version"])
                continue
            page = people[seat]
            wait_for_version(page, state["version"])
            assert "Your turn" in page.inner_text("#turn")
            click_an_action(page)
            wait_for_change(server, table, state["version"])
            moves += 1
            if moves == 4:
                ada.screenshot(path=artifacts / "moon-leap-1440x900.png", full_page=True)
                bob.screenshot(path=artifacts / "moon-leap-375x667.png", full_page=True)
            if moves % 3 == 0:
                check_spectator(eve, server, table)

        assert moves >= 4
        final = server.get(f"/api/tables/{table}/state")
        check_spectator(eve, server, table)
        view = final["view"]
        for page in (ada, bob, eve):
            wait_for_version(page, final["version"])
            result = page.locator("#result")
            assert result.is_visible()
            assert "Winner" in result.inner_text()
            headings = result.locator("h3").all_inner_texts()
            assert [h.rsplit(": ", 1)[1] for h in headings] == [
                points(score) for score in view["scores"]
            ]
        assert "Your turn" not in ada.inner_text("#turn")
        assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        ada.screenshot(path=artifacts / "moon-leap-over-1440x900.png", full_page=True)
        assert (artifacts / "moon-leap-375x667.png").stat().st_size > 10_000

        # the replay steps through the game as the seat saw it, from the deal
        ada.click("#replay-start")
        steps = len(final["log"])
        ada.wait_for_selector(f'#replay-step[data-step="{steps}"]')
        ada.click("#replay-first")
        ada.wait_for_selector('#replay-step[data-step="0"]')
        assert ada.locator('#board g.token:not([data-space="reserve"])').count() == 0
        assert ada.locator("#log li").count() == 0
        ada.click("#replay-next")
        ada.wait_for_selector('#replay-step[data-step="1"]')
        assert ada.locator("#log li").all_inner_texts() == [f"chance: {final['log'][0][1]}"]
        ada.click("#replay-stop")
        assert ada.locator("#board g.token").count() == 15

        # play again: a table like this one, Ada in her seat again
        ada.click("#play-again")
        ada.wait_for_url(re.compile(r".*/tables/(?!" + table + r")[^/?]+\?token=.+"))
        again = server.get("/api/tables/" + ada.url.split("/tables/")[1].split("?")[0])
        old = server.get(f"/api/tables/{table}")
        assert again["options"] == old["options"]
        assert [(s["kind"], s["name"]) for s in again["seats"]] == [
            ("human", "Ada"),
            ("human", None),
            ("bot", "greedy"),
        ]
    finally:
        for context in (ada_context, bob_context, eve_context):
            context.close()
