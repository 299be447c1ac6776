"""Welcome to the Moon's turns on the page, step by step: the step the turn is at, what the
next click does, the spots of that step highlighted; and ASTRA's cards and score in solo."""

from __future__ import annotations

from typing import Any

from tests.web.browser import DESKTOP, Server
from tests.web.play import wait_for_change, wait_for_version

HIGHLIGHT = "rgb(255, 233, 168)"
"""The fill of a spot the current step may click (style.css)."""

SPOTS_JS = """() => [...document.querySelectorAll('#board .sheet-box[data-seat="0"] .spot.clickable')]
  .map((e) => [e.dataset.spot, getComputedStyle(e.querySelector("rect")).fill])"""


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
        second = wait_for_change(server, table, first["version"], path)
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
            assert guide.inner_text().startswith("Nothing to do now.")
    finally:
        context.close()
