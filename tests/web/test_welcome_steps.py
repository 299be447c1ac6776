"""Welcome to the Moon's turns on the page, step by step: the step the turn is at, what the
next click does, the spots of that step highlighted; and ASTRA's cards and score in solo."""

from __future__ import annotations

from typing import Any

from tests.web.browser import DESKTOP, Server
from tests.web.play import wait_for_change, wait_for_version

HIGHLIGHT = "rgb(255, 233, 168)"
"""The fill of a spot the current step may click (style.css)."""

SPOTS_JS = """() => [
  ...document.querySelectorAll('#board .sheet-box[data-seat="0"] .spot.clickable')
].map((e) => [e.dataset.spot, getComputedStyle(e.querySelector("rect")).fill])"""


def clickable_spots(page: Any) -> set[str]:
    """The spots of seat 0's sheet the page lets one click, each highlighted."""
    spots = page.evaluate(SPOTS_JS)
    assert all(fill == HIGHLIGHT for _, fill in spots), spots
    return {name for name, _ in spots}


def test_a_turn_is_guided_step_by_step(server: Server, browser: Any) -> None:
    # adventure 2: a write is followed by its combination's action, a step of its own
    table = server.post(
        "/api/tables",
        {
            "game": "welcome-to-the-moon",
            "options": {"players": 2, "adventure": 2},
            "seats": ["human", "greedy"],
            "seed": 8,
        },
    )["id"]
    token = server.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Ada"})["token"]
    path = f"/api/tables/{table}/state?token={token}"
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/tables/{table}?token={token}")
        page.wait_for_selector("#board .sheet-box")
        first = server.get(path)
        wait_for_version(page, first["version"])
        guide = page.locator("#board .wttm-step")
        assert guide.get_attribute("data-step") == "WRITE"
        assert guide.inner_text() == (
            "Step: write a number. Next click: choose a combination, then click a "
            "highlighted space of your sheet."
        )
        writes = [a.split() for a in first["legal"] if a.startswith("WRITE ")]
        assert clickable_spots(page) == {words[2] for words in writes}

        page.click('#board .combo[data-combination="1"]')
        combo = first["view"]["combinations"][0]
        assert guide.inner_text() == (
            f"Step: write a number. Next click: combination 1 ({combo['number']}, "
            f"{combo['action'].lower()}) is chosen: click a highlighted space to write "
            f"{combo['number']} there."
        )
        assert clickable_spots(page) == {words[2] for words in writes if words[1] == "1"}

        plain = next(" ".join(w) for w in writes if w[1] == "1" and len(w) == 3)
        page.click(f'#board .sheet-box[data-seat="0"] .spot[data-action="{plain}"]')
        # the greedy seat writes in the same turn: wait for this seat's own write
        second = wait_for_change(
            server, table, first["version"], path, until=lambda s: s["legal"] != first["legal"]
        )
        wait_for_version(page, second["version"])
        step = next(a.split()[0] for a in second["legal"] if a != "SKIP")
        assert guide.get_attribute("data-step") == step
        assert guide.inner_text().startswith(f"Step: {step.lower()}. Next click: ")
        # every way on of the step is on the board: a spot, or a button of the guide
        for action in second["legal"]:
            assert page.locator(f'#board [data-action="{action}"].clickable').count() >= 1, action
        if "SKIP" in second["legal"]:
            page.click('#board .wttm-step button[data-action="SKIP"]')
        else:
            page.locator(f'#board [data-action="{second["legal"][0]}"]').first.click()
        third = wait_for_change(server, table, second["version"], path)
        wait_for_version(page, third["version"])
        if not third["legal"]:
            # the turn's version is shown before the board's guide is drawn again: wait for it
            page.wait_for_function(
                "() => document.querySelector('#board .wttm-step')?.innerText"
                ".startsWith('Nothing to do now.')",
                timeout=10_000,
            )
            assert guide.inner_text().startswith("Nothing to do now.")
    finally:
        context.close()


ASTRA_JS = """() => ({
  heading: document.querySelector("#board .astra h3").textContent,
  cards: Object.fromEntries([...document.querySelectorAll("#board .astra-cards li")]
    .map((e) => [e.dataset.actionCard, Number(e.dataset.count)])),
  rockets: document.querySelector("#board .astra-rockets")?.textContent ?? null,
  total: Number(document.querySelector("#board .solo-score").dataset.total),
  cards_of_turn: [...document.querySelectorAll("#board .solo-card")].map((e) => e.textContent),
})"""


def check_astra(page: Any, view: dict[str, Any]) -> None:
    """The page draws ASTRA as the view holds her: level, cards by action, rockets, score."""
    shown = page.evaluate(ASTRA_JS)
    astra = view["astra"]
    assert shown["heading"] == (
        f"ASTRA · level {astra['level']} ({astra['name']}) · score {astra['score']}"
    )
    assert shown["cards"] == astra["cards"]
    assert shown["rockets"] == f"rockets left to cross: {astra['rockets']}"
    assert shown["total"] == view["solo_score"]["total"]
    assert len(shown["cards_of_turn"]) == len(view["cards"]) == 3


def test_astra_is_drawn_in_solo_and_a_write_takes_two_cards(server: Server, browser: Any) -> None:
    table = server.post(
        "/api/tables",
        {"game": "welcome-to-the-moon", "preset": "a1-solo", "seats": ["human"], "seed": 4},
    )["id"]
    token = server.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Ada"})["token"]
    path = f"/api/tables/{table}/state?token={token}"
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/tables/{table}?token={token}")
        page.wait_for_selector("#board .astra")
        first = server.get(path)
        wait_for_version(page, first["version"])
        check_astra(page, first["view"])
        writes = [a for a in first["legal"] if a.startswith("WRITE ") and len(a.split()) == 4]
        number, action, space = writes[0].split()[1:]
        page.click(f'#board .solo-card[data-card="{number}"]')
        page.click(f'#board .solo-card[data-card="{action}"]')
        guide = page.inner_text("#board .wttm-step")
        assert "is chosen: click a highlighted space" in guide
        spot = page.locator(f'#board .sheet-box[data-seat="0"] .spot[data-spot="{space}"]')
        ways = spot.get_attribute("data-action")
        spot.click()
        if ways is None:
            # the space takes the write with the solo bonus too: the list has both ways
            assert page.locator("#action-filter").input_value() == space
            page.click(f'#actions button[data-action="{writes[0]}"]')
        else:
            assert ways == writes[0]
        after = wait_for_change(server, table, first["version"], path)
        assert [0, writes[0]] in after["log"]
        latest = server.get(path)
        wait_for_version(page, latest["version"])
        check_astra(page, latest["view"])
    finally:
        context.close()
