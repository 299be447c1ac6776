"""Whole games of Moons and Welcome to the Moon in the browser: two people (two browser
contexts, one on a phone) and a bot, through clicks on the board only, from the lobby to the
score breakdown; a spectator (a third context) watches, and its page never holds a card or a
choice its view hides."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.web.browser import DESKTOP, PHONE, Server
from tests.web.play import (
    Person,
    click_on_board,
    play_to_the_end,
    shown_with_state,
    sit,
    wait_for_version,
    watch,
)

ACTING_JS = "document.querySelectorAll('[data-action].clickable, #actions button').length"


@contextmanager
def three_pages(browser: Any) -> Iterator[tuple[Any, Any, Any]]:
    """Ada's page (desktop), Bob's (a phone) and Eve's, the spectator's (desktop)."""
    contexts = [
        browser.new_context(viewport=DESKTOP),
        browser.new_context(viewport=PHONE, has_touch=True),
        browser.new_context(viewport=DESKTOP),
    ]
    try:
        ada, bob, eve = (context.new_page() for context in contexts)
        yield ada, bob, eve
    finally:
        for context in contexts:
            context.close()


def seat_people(server: Server, table: str, ada: Any, bob: Any, eve: Any) -> dict[int, Person]:
    """Ada sits in seat 0 and Bob in seat 1 from the lobby; Eve watches."""
    sit(ada, server, table, 0, "Ada")
    sit(bob, server, table, 1, "Bob")
    watch(eve, server, table)
    people = {}
    for seat, page in ((0, ada), (1, bob)):
        token = re.search(r"token=([^&]+)", page.url)
        assert token is not None
        people[seat] = Person(page, token.group(1))
    return people


def check_the_end(
    server: Server, table: str, pages: list[Any], parts: Callable[[Any], Any]
) -> None:
    """Every page shows the end: the result panel with each seat's score breakdown as the
    final view has it (``parts(view)``: per seat, the breakdown's cells), nothing to act on."""
    final = server.get(f"/api/tables/{table}/state")
    assert final["to_act"] == []
    expected = parts(final["view"])
    for page in pages:
        wait_for_version(page, final["version"])
        assert page.locator("#result").is_visible()
        assert page.inner_text("#turn") == "The game is over."
        tables = page.locator("#result table.breakdown")
        shown = [tables.nth(i).locator("th, td").all_inner_texts() for i in range(tables.count())]
        assert shown == expected
        assert page.evaluate(ACTING_JS) == 0


# -- Moons ------------------------------------------------------------------------------------

MOONS_SHOWN_JS = """() => ({
  cards: [...document.querySelectorAll("#board [data-card]")].map((e) => e.dataset.card),
  text: document.querySelector("#board").textContent,
  acting: document.querySelectorAll("[data-action].clickable, #actions button").length,
})"""


def public_cards(view: dict[str, Any]) -> set[str]:
    """The cards a spectator's view shows: the trick, the last trick, revealed tableaus."""
    public = {play["card"] for play in view["trick"]}
    if view["last_trick"]:
        public |= {play["card"] for play in view["last_trick"]["trick"]}
    for tableau in view["tableaus"]:
        public |= set(tableau or [])
    return public


def check_moons_spectator(eve: Any, server: Server, table: str, people: dict[int, Person]) -> None:
    """The spectator's page shows only public cards, none of a hand, and nothing to act on."""
    shown, spectator = shown_with_state(eve, server, f"/api/tables/{table}/state", MOONS_SHOWN_JS)
    public = public_cards(spectator["view"])
    assert set(shown["cards"]) <= public
    assert shown["acting"] == 0
    for person in people.values():
        hand = server.get(f"/api/tables/{table}/state?token={person.token}")["view"]["hand"]
        hidden = set(hand) - public - {"AST"}
        assert not [card for card in hidden if re.search(rf"\b{card}\b", shown["text"])]


def moons_move(rng: random.Random) -> Callable[[Any, dict[str, Any]], str]:
    """A person's move at Moons, chosen at random and made by clicks on the board: a card of
    the hand (``PLAY``), a supply planet (``TAKE``), or in the tableau phase three cards of the
    hand, then "Place"."""

    def move(page: Any, state: dict[str, Any]) -> str:
        legal = state["legal"]
        tableaus = [a for a in legal if a.startswith("TABLEAU ") and "AST" not in a.split()]
        if not tableaus:
            action: str = rng.choice(legal)
            click_on_board(page, action)
            return action
        action = rng.choice(tableaus)
        picked: list[str] = []
        for card in action.split()[1:]:
            nth = picked.count(card)  # the same card twice in a hand: its next copy
            page.locator(f'#board .moon-card.clickable[data-card="{card}"]').nth(nth).click()
            picked.append(card)
        click_on_board(page, action)
        return action

    return move


def test_a_whole_game_of_moons_by_two_people_and_a_bot_by_clicks(
    server: Server, browser: Any
) -> None:
    # preset 3p-no-minis: the fewest seats (two people and a bot), and without Mini-Asteroids
    # every move is one element of the board (a Mini-Asteroid may be played several ways)
    table = server.post(
        "/api/tables",
        {
            "game": "moons",
            "preset": "3p-no-minis",
            "seats": ["human", "human", "greedy"],
            "seed": 11,
        },
    )["id"]
    with three_pages(browser) as (ada, bob, eve):
        people = seat_people(server, table, ada, bob, eve)
        moves = play_to_the_end(
            server,
            table,
            people,
            moons_move(random.Random(11)),
            lambda: check_moons_spectator(eve, server, table, people),
            seconds=150,
        )
        assert moves > 20

        def parts(view: dict[str, Any]) -> list[list[str]]:
            return [
                [*seat_parts[0].keys(), *(str(v) for part in seat_parts for v in part.values())]
                for seat_parts in view["score_parts"]
            ]

        check_the_end(server, table, [ada, bob, eve], parts)
        final = server.get(f"/api/tables/{table}/state")["view"]
        headings = eve.locator("#result h3").all_inner_texts()
        assert [h.rsplit(" — ", 1)[1] for h in headings] == [
            f"{score:g} points" for score in final["scores"]
        ]


# -- Welcome to the Moon ----------------------------------------------------------------------

SHEETS_SHOWN_JS = """() => [...document.querySelectorAll("#board .sheet-box")].map((box) => [
  Number(box.dataset.seat),
  Object.fromEntries([...box.querySelectorAll(".spot")].map((e) => [e.dataset.spot, e.dataset.mark])),
])"""


def check_welcome_spectator(eve: Any, server: Server, table: str, layout: dict[str, Any]) -> None:
    """The spectator's page draws every sheet exactly as the spectator's view has it (so no
    choice made this turn shows before it is revealed), and offers nothing to act on."""
    shown, spectator = shown_with_state(eve, server, f"/api/tables/{table}/state", SHEETS_SHOWN_JS)
    view = spectator["view"]
    assert sorted(seat for seat, _ in shown) == list(range(len(view["sheets"])))
    spots = [spot for area in layout["areas"] if not area["solo"] for spot in area["spots"]]
    for seat, marks in shown:
        expected = {
            spot["name"]: str(view["sheets"][seat]["marks"][spot["slot"]]) for spot in spots
        }
        assert marks == expected, f"seat {seat}'s sheet differs from the spectator's view"
    assert eve.evaluate(ACTING_JS) == 0


def welcome_move(rng: random.Random) -> Callable[[Any, dict[str, Any]], str]:
    """A person's move at Welcome to the Moon, chosen at random and made by clicks on the
    board: a combination, then a space of their sheet (``WRITE``); the space of a bonus X,
    the arrow of a quarter (``ACTIVATE``), or the next System Error box (``ERROR``)."""

    def move(page: Any, state: dict[str, Any]) -> str:
        action: str = rng.choice(state["legal"])
        words = action.split()
        if words[0] == "WRITE":
            combo = page.locator(f'#board .combo[data-combination="{words[1]}"]')
            if combo.get_attribute("aria-pressed") != "true":
                combo.click()
            seat = state["view"]["seat"]
            space = page.locator(
                f'#board .sheet-box[data-seat="{seat}"] .spot[data-spot="{words[2]}"]'
            )
            assert space.get_attribute("data-action") == action
            space.click()
            return action
        click_on_board(page, action)
        return action

    return move


def test_a_whole_game_of_welcome_to_the_moon_by_two_people_and_a_bot_by_clicks(
    server: Server, browser: Any
) -> None:
    # adventure 1 for three players: the fewest seats for two people and a bot, and the
    # adventure whose turns have the fewest kinds of step (write; a bonus X; an activation)
    table = server.post(
        "/api/tables",
        {
            "game": "welcome-to-the-moon",
            "options": {"players": 3, "adventure": 1},
            "seats": ["human", "human", "greedy"],
            "seed": 12,
        },
    )["id"]
    layout = server.get("/web/sheets/1.json")
    with three_pages(browser) as (ada, bob, eve):
        people = seat_people(server, table, ada, bob, eve)
        moves = play_to_the_end(
            server,
            table,
            people,
            welcome_move(random.Random(12)),
            lambda: check_welcome_spectator(eve, server, table, layout),
            seconds=150,
        )
        assert moves > 20

        def parts(view: dict[str, Any]) -> list[list[str]]:
            return [
                [str(cell) for item in sheet["score_parts"].items() for cell in item]
                for sheet in view["sheets"]
            ]

        check_the_end(server, table, [ada, bob, eve], parts)
        ended = server.get(f"/api/tables/{table}/state")["view"]["ended"]
        assert ended and eve.locator("#result .ended").inner_text().startswith("Ended: ")
