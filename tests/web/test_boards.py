"""Each game's table in the browser, at a phone's size and a desktop's: drawn from the seat's
view, played by clicking the board, saved as screenshots; a spectator of Moons sees no card
that is hidden from a spectator."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import DESKTOP, PHONE, Server
from tests.web.play import (
    end_every_round,
    open_seat,
    seated,
    shown_with_state,
    wait_for_change,
    wait_for_entry,
    wait_for_version,
)

SIZES = {"1440x900": DESKTOP, "375x667": PHONE}


def shoot(page: Any, artifacts: Path, name: str, size: str) -> None:
    """Save the whole page; at a phone's width nothing may stick out sideways."""
    page.screenshot(path=artifacts / f"{name}-{size}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_moon_is_played_by_clicking_an_operation_and_its_register(
    server: Server, browser: Any, artifacts: Path, size: str
) -> None:
    table, token = seated(server, "moon", ["human"])
    context = browser.new_context(viewport=SIZES[size])
    try:
        page = open_seat(context, server, table, token)
        before = server.get(f"/api/tables/{table}/state?token={token}")
        wait_for_version(page, before["version"])
        rows = page.locator("#board .register")
        assert rows.evaluate_all("els => els.map(e => e.dataset.value)") == [
            before["view"]["registers"][r] for r in "ABCD"
        ]
        assert page.locator("#board [data-op]").count() == len(before["view"]["costs"])
        page.click('#board [data-op="NOT"]')
        page.click('#board [data-action="NOT A"]')
        after = wait_for_change(server, table, before["version"])
        assert after["log"][-1] == [0, "NOT A"]
        wait_for_version(page, after["version"])
        page.click("#undo")
        undone = wait_for_change(server, table, after["version"])
        assert undone["view"]["registers"] == before["view"]["registers"]
        assert undone["log"] == before["log"]
        after = undone
        wait_for_version(page, after["version"])
        assert (
            page.locator('#board .register[data-register="A"]').get_attribute("data-value")
            == before["view"]["registers"]["A"]
        )
        page.click('#board [data-op="XOR"]')
        page.click('#board [data-register="B"]')
        page.click('#board [data-action="XOR B C"]')
        wait_for_change(server, table, after["version"])
        wait_for_version(page, after["version"] + 1)
        shoot(page, artifacts, "moon", size)
    finally:
        context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_moons_tableau_is_picked_on_the_board_and_a_spectator_sees_no_hidden_card(
    server: Server, browser: Any, artifacts: Path, size: str
) -> None:
    table, token = seated(server, "moons", ["human", "greedy", "greedy"], preset="3p")
    context = browser.new_context(viewport=SIZES[size])
    watcher = browser.new_context(viewport=SIZES[size])
    try:
        page = open_seat(context, server, table, token)
        eve = watcher.new_page()
        eve.goto(f"{server.base}/tables/{table}")
        eve.wait_for_selector("#board svg")
        mine = server.get(f"/api/tables/{table}/state?token={token}")
        wait_for_version(page, mine["version"])
        hand = mine["view"]["hand"]
        shown = page.locator("#board .moon-card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert sorted(shown) == sorted(hand)
        picks = [card for card in hand if card != "AST"][:3]
        for card in picks:
            page.locator(f'#board .moon-card[data-card="{card}"]').first.click()
        place = page.locator(".moons-pick[data-action]")
        assert place.get_attribute("data-action").split()[1:] == picks
        place.click()
        deadline = time.monotonic() + 20
        while server.get(f"/api/tables/{table}/state")["view"]["phase"] == "tableau":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        shown_now = """() => ({
          cards: [...document.querySelectorAll("#board [data-card]")].map((e) => e.dataset.card),
          text: document.querySelector("#board").textContent,
        })"""
        seen_now, spectator = shown_with_state(eve, server, f"/api/tables/{table}/state", shown_now)
        seen = seen_now["cards"]
        view = spectator["view"]
        public = {play["card"] for play in view["trick"]}
        if view["last_trick"]:
            public |= {play["card"] for play in view["last_trick"]["trick"]}
        for tableau in view["tableaus"]:
            public |= set(tableau or [])
        assert set(seen) <= public
        assert set(picks) <= set(seen)  # revealed: Ada's tableau
        hidden = set(hand) - public - {"AST"}
        assert hidden
        assert not [card for card in hidden if re.search(rf"\b{card}\b", seen_now["text"])]
        wait_for_version(page, server.get(f"/api/tables/{table}/state")["version"])
        shoot(page, artifacts, "moons", size)
    finally:
        context.close()
        watcher.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_moon_leap_and_welcome_to_the_moon_tables_fit_both_sizes(
    server: Server, browser: Any, artifacts: Path, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size])
    try:
        for game, seats, body in (
            ("moon-leap", ["human", "greedy", "greedy"], {"preset": "3p"}),
            ("welcome-to-the-moon", ["human", "greedy"], {"preset": "a1-2p"}),
            ("moon", ["human", "greedy", "greedy"], {"preset": "competitive-3-hackers"}),
        ):
            table, token = seated(server, game, seats, **body)
            page = open_seat(context, server, table, token)
            wait_for_version(page, server.get(f"/api/tables/{table}/state")["version"])
            if game == "welcome-to-the-moon":
                write_a_number(page, server, table, token)
                assert page.evaluate(LABELS_OVER_SPOTS_JS) == []
            shoot(page, artifacts, game if game != "moon" else "moon-competitive", size)
            page.close()
    finally:
        context.close()


LABELS_OVER_SPOTS_JS = """() => [...document.querySelectorAll("#board svg.sheet")].flatMap(
svg => {
  const boxes = [...svg.querySelectorAll(":scope > text")].map((e) => [e.textContent, e.getBBox()]);
  const spots = [...svg.querySelectorAll(".spot")].map((e) => [e.dataset.spot, e.getBBox()]);
  const meet = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width
    && a.y < b.y + b.height && b.y < a.y + a.height;
  return boxes.flatMap(([text, box]) => [
    ...spots.filter(([, spot]) => meet(box, spot)).map(([name]) => `${text} over ${name}`),
    ...(box.x + box.width > svg.viewBox.baseVal.width ? [`${text} past the edge`] : []),
  ]);
})"""
"""Every row label of a sheet that runs into a spot, or past the sheet's edge."""


def write_a_number(page: Any, server: Server, table: str, token: str) -> None:
    """Choose the first combination, then click the first space it may go in."""
    before = server.get(f"/api/tables/{table}/state?token={token}")
    writes = [action for action in before["legal"] if action.startswith("WRITE 1 ")]
    page.click('.combo[data-combination="1"]')
    space = writes[0].split()[2]
    target = page.locator(f'#board .spot[data-spot="{space}"]').first
    assert target.get_attribute("data-action") == writes[0]
    target.click()
    seen = wait_for_entry(server, table, token, 0, 1)
    assert [entry for entry in seen if entry[0] == 0][-1][1] == writes[0]
    number = before["view"]["combinations"][0]["number"]
    page.wait_for_selector(
        f'#board .sheet-box[data-seat="0"] .spot[data-spot="{space}"][data-mark="{number + 1}"]'
    )


def test_a_whole_game_of_moon_by_clicks_ends_with_its_score(server: Server, browser: Any) -> None:
    table, token = seated(server, "moon", ["human"], options={"difficulty": "master"})
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, server, table, token)
        state = end_every_round(page, server, table, token)
        view = state["view"]
        wait_for_version(page, state["version"])
        result = page.locator("#result")
        assert result.is_visible()
        assert f"Outcome: {view['outcome']}." in result.inner_text()
        cells = result.locator("table.breakdown th, table.breakdown td").all_inner_texts()
        assert cells == [str(part) for item in view["score_parts"].items() for part in item]
        assert page.locator("#actions button[data-action]").count() == 0
    finally:
        context.close()


def test_every_adventure_is_drawn_from_its_first_view(server: Server, browser: Any) -> None:
    # each adventure's sheet, multiplayer and solo, with no error on the page: adventure 6
    # begins at a step before the first flip, with no combination to show yet
    context = browser.new_context(viewport=DESKTOP)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        for number in range(1, 9):
            for seats in (["human", "greedy"], ["human"]):
                options = {"adventure": number, "players": len(seats)}
                table, token = seated(server, "welcome-to-the-moon", seats, options=options)
                page.goto(f"{server.base}/tables/{table}?token={token}")
                page.wait_for_selector('#board .sheet-box[data-seat="0"] svg .spot')
                state = server.get(f"/api/tables/{table}/state?token={token}")
                wait_for_version(page, state["version"])
                assert page.locator("#board .wttm-step").count() == 1, (number, seats)
                assert errors == [], (number, seats, errors)
    finally:
        context.close()
