"""What a table's page shows once the game is over and what must fit its width: MOON's end
worded in a sentence, its board showing the end (no round to play, no playable card), Undo and
Hint gone; the log's move numbers past 99 whole; MOON's cards, Moon Leap's barrier and Moons'
header and seat lines inside the board in Spanish on a phone; the lobby's option values as
words."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.browser import DESKTOP, Server
from tests.web.play import (
    click_an_action,
    end_every_round,
    open_seat,
    seated,
    wait_for_change,
    wait_for_version,
)

PHONE = {"width": 390, "height": 844}
SIZES = {"390x844": PHONE, "1440x900": DESKTOP}

# Every text of the board's SVG whose box runs out of the picture, or (MOON) out of its card.
OUTSIDE_JS = """() => {
  const svg = document.querySelector('#board svg');
  const width = svg.viewBox.baseVal.width;
  const out = [];
  for (const text of svg.querySelectorAll('text')) {
    const box = text.getBBox();
    if (box.width === 0) continue;
    if (box.x < -1 || box.x + box.width > width + 1) out.push(text.textContent);
    const card = text.closest('g.card');
    if (card) {
      const r = card.querySelector('rect').getBBox();
      if (box.x < r.x || box.x + box.width > r.x + r.width) out.push(`card: ${text.textContent}`);
    }
  }
  return out;
}"""

# How wide the widest move number of the log is drawn (canvas, in the log's font), and the
# room the log leaves for it (its left padding).
LOG_ROOM_JS = """() => {
  const log = document.querySelector('#log');
  const item = log.querySelector('li');
  const style = getComputedStyle(item);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = `${log.start}.`;
  const room = parseFloat(getComputedStyle(log).paddingLeft);
  return [context.measureText(widest).width, room, log.start];
}"""


def end_moon_by_end(server: Server, page: Any, table: str, token: str) -> dict[str, Any]:
    """Play Ada's turns of a competitive MOON by clicking END until the game is over; the
    last state."""
    deadline = time.monotonic() + 90
    while True:
        state = server.get(f"/api/tables/{table}/state?token={token}")
        if not state["to_act"]:
            wait_for_version(page, state["version"])
            return state
        assert time.monotonic() < deadline, "the game did not end in time"
        if 0 not in state["to_act"]:
            wait_for_change(server, table, state["version"])
            continue
        wait_for_version(page, state["version"])
        page.click('#board [data-action="END"].clickable')
        wait_for_change(server, table, state["version"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_moon_over_is_worded_and_offers_nothing_more(
    server: Server, browser: Any, lang: str
) -> None:
    table, token = seated(
        server, "moon", ["human", "greedy"], options={"mode": "competitive", "players": 2}
    )
    context = browser.new_context(viewport=DESKTOP, locale={"en": "en-US", "es": "es-ES"}[lang])
    try:
        page = open_seat(context, server, table, token)
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
        assert page.evaluate(OUTSIDE_JS) == []  # every card's words inside the card
        state = end_moon_by_end(server, page, table, token)
        page.wait_for_selector("#result:not([hidden]) .ended")
        [reason] = state["view"]["ended"]
        said = page.inner_text("#result .ended")
        assert reason["trigger"] not in said  # a sentence, not the code
        if lang == "en":
            expected = {
                "deck-empty": "seat 1 (greedy) had to draw from an empty deck: the game ended.",
                "max-rounds": f"The last of the {reason.get('rounds')} rounds was played.",
            }[reason["trigger"]]
            assert said == expected
            board = page.inner_text("#board")
            assert "The game is over." in board and "to play" not in board
        # the board offers no card: END is dimmed like the others, nothing is clickable
        assert page.locator("#board .clickable").count() == 0
        fill = page.locator('#board [data-action="END"] rect').first.get_attribute("fill")
        assert fill != "#fff"
        # nothing to undo or to ask a hint about
        for button in ("#undo", "#hint"):
            assert not page.locator(button).is_visible()
            assert page.locator(button).is_disabled()
        assert page.evaluate(OUTSIDE_JS) == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "The game's only round was played."), ("es", "Se jugó la única ronda de la partida.")],
)
def test_a_competitive_moon_of_one_round_says_its_only_round_was_played(
    server: Server, browser: Any, lang: str, said: str
) -> None:
    options = {"mode": "competitive", "players": 2, "max_rounds": 1}
    table, token = seated(server, "moon", ["human", "greedy"], options=options)
    context = browser.new_context(viewport=DESKTOP, locale={"en": "en-US", "es": "es-ES"}[lang])
    try:
        page = open_seat(context, server, table, token)
        state = end_moon_by_end(server, page, table, token)
        [reason] = state["view"]["ended"]
        assert (reason["trigger"], reason["rounds"]) == ("max-rounds", 1)
        page.wait_for_selector("#result:not([hidden]) .ended")
        assert page.inner_text("#result .ended") == said  # not "the last of the 1 rounds"
    finally:
        context.close()


def test_a_cooperative_moon_lost_or_won_is_worded(server: Server, browser: Any) -> None:
    table, token = seated(server, "moon", ["human"], options={"difficulty": "master"})
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, server, table, token)
        state = end_every_round(page, server, table, token)
        wait_for_version(page, state["version"])
        [reason] = state["view"]["ended"]
        expected = {
            "goal-overflow": (
                f"Goal {reason.get('goal')} had to move up past slot 4: the crew lost."
            ),
            "all-goals-solved": "Every goal was solved and the deck is empty: the crew won.",
        }[reason["trigger"]]
        assert page.inner_text("#result .ended") == expected
        assert not page.locator("#hint").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_logs_move_numbers_past_99_fit(server: Server, browser: Any, size: str) -> None:
    table = server.post(
        "/api/tables", {"game": "moon-leap", "seats": ["greedy", "greedy"], "seed": 5}
    )["id"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}/state")["to_act"]:
        assert time.monotonic() < deadline, "the bots did not finish in time"
        time.sleep(0.2)
    context = browser.new_context(viewport=SIZES[size])
    try:
        page = open_seat(context, server, table)
        page.wait_for_selector("#log li")
        widest, room, count = page.evaluate(LOG_ROOM_JS)
        assert count > 99
        assert widest + 4 <= room, f"{count}. is {widest:.0f}px wide, the log leaves {room:.0f}px"
    finally:
        context.close()


@pytest.mark.parametrize("game", ["moon-leap", "moons"])
def test_spanish_texts_stay_inside_the_board_on_a_phone(
    server: Server, browser: Any, game: str
) -> None:
    seats = ["human", "greedy"] if game == "moon-leap" else ["human", "greedy", "greedy"]
    options = {} if game == "moon-leap" else {"players": 3}
    table, token = seated(server, game, seats, options=options)
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    try:
        page = open_seat(context, server, table, token)
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        for _ in range(8):
            state = server.get(f"/api/tables/{table}/state?token={token}")
            if not state["to_act"]:
                break
            wait_for_version(page, state["version"])
            assert page.evaluate(OUTSIDE_JS) == [], page.inner_text("#board")
            if 0 in state["to_act"]:
                click_an_action(page)
            wait_for_change(server, table, state["version"])
    finally:
        context.close()


def test_the_lobby_shows_option_values_as_words(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector("#create-table")
        labels = "id => [...document.querySelectorAll(`#${id} option`)].map((o) => o.textContent)"
        page.select_option("#new-game", "moons")
        assert page.evaluate(labels, "option-mini_asteroids") == ["default (yes)", "yes", "no"]
        page.select_option("#new-game", "moon")
        assert page.evaluate(labels, "option-events") == ["default (no)", "yes", "no"]
        assert page.evaluate(labels, "option-mode") == [
            "default (cooperative)",
            "cooperative",
            "competitive",
        ]
        assert page.evaluate(labels, "option-difficulty")[1:] == [
            "easy",
            "normal",
            "hard",
            "master",
        ]
        page.select_option("#new-game", "welcome-to-the-moon")
        assert page.evaluate(labels, "option-level")[0] == "default (by the rules)"
        values = "id => [...document.querySelectorAll(`#${id} option`)].map((o) => o.value)"
        page.select_option("#new-game", "moon")
        assert page.evaluate(values, "option-events") == ["", "true", "false"]  # sent as they are
    finally:
        context.close()


def test_moons_bonus_cards_stay_inside_the_board_in_spanish_on_a_phone(
    server: Server, browser: Any
) -> None:
    # "bonificación: BONUS-NEPTUNE" ran past a phone's board, at a fixed place beside the tokens.
    table = server.post(
        "/api/tables",
        {"game": "moons", "seats": ["greedy"] * 3, "options": {"players": 3}, "seed": 5},
    )["id"]
    deadline = time.monotonic() + 90
    while (final := server.get(f"/api/tables/{table}/state"))["to_act"]:
        assert time.monotonic() < deadline, "the bots did not finish in time"
        time.sleep(0.2)
    held = [bonuses for bonuses in final["view"]["bonuses"] if bonuses]
    assert max(map(len, held)) >= 2, held  # a seat with two bonus cards: the longest line
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    try:
        page = open_seat(context, server, table)
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        wait_for_version(page, final["version"])
        assert page.evaluate(OUTSIDE_JS) == [], page.inner_text("#board")
        assert page.locator("#board text.bonuses").count() == len(held)
    finally:
        context.close()
