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
    points,
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
        said = eve.locator("#result .ended").inner_text()  # a sentence, no trigger code
        assert said and not any(reason["trigger"] in said for reason in final["ended"]), said
        headings = eve.locator("#result h3").all_inner_texts()
        assert [h.rsplit(" — ", 1)[1] for h in headings] == [
            points(score) for score in final["scores"]
        ]


# -- Welcome to the Moon ----------------------------------------------------------------------

SHEETS_SHOWN_JS = """() => [...document.querySelectorAll("#board .sheet-box")].map((box) => [
  Number(box.dataset.seat),
  Object.fromEntries(
    [...box.querySelectorAll(".spot")].map((e) => [e.dataset.spot, e.dataset.mark])),
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
    board: a combination, then a space of their sheet (``WRITE``); the spot a sub-step names
    (a wall, a robot, a bonus X), the next System Error box (``ERROR``), or the step's own
    button (doing the action, ``SKIP``). Where a spot has several ways (a write with its
    number changed, or with a wild action), clicking it filters the action list to them, and
    the way is clicked there."""

    def move(page: Any, state: dict[str, Any]) -> str:
        action: str = rng.choice(state["legal"])
        words = action.split()
        if words[0] == "WRITE":
            # a selection on the board lasts until an action is sent: none is made yet
            page.click(f'#board .combo[data-combination="{words[1]}"]')
        target = page.locator(f'#board [data-action="{action}"].clickable')
        if target.count() > 0:
            target.first.click()
            return action
        assert words[0] == "WRITE", f"the board offers no element for {action}"
        seat = state["view"]["seat"]
        ways = page.locator(
            f'#board .sheet-box[data-seat="{seat}"] .spot.clickable[data-spot="{words[2]}"]'
        )
        assert ways.count() == 1, f"the board offers no spot for {action}"
        assert ways.get_attribute("data-action") is None  # several ways: a choice, no action
        ways.click()
        page.click(f'#actions button[data-action="{action}"]')
        return action

    return move


def test_a_whole_game_of_welcome_to_the_moon_by_two_people_and_a_bot_by_clicks(
    server: Server, browser: Any
) -> None:
    # adventure 2 for three players: the fewest seats for two people and a bot, and of the
    # adventures one of the shortest (three System Errors end it, where adventure 1 has eight
    # and a launch); its turns have every kind of step: a write (with its number changed or a
    # wild action), an action on the sheet or without a spot, skipping it, a wall, an X
    table = server.post(
        "/api/tables",
        {
            "game": "welcome-to-the-moon",
            "options": {"players": 3, "adventure": 2},
            "seats": ["human", "human", "greedy"],
            "seed": 12,
        },
    )["id"]
    layout = server.get("/web/sheets/2.json")
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
        assert moves > 10

        def parts(view: dict[str, Any]) -> list[list[str]]:
            return [
                [str(cell) for item in sheet["score_parts"].items() for cell in item]
                for sheet in view["sheets"]
            ]

        check_the_end(server, table, [ada, bob, eve], parts)
        ended = server.get(f"/api/tables/{table}/state")["view"]["ended"]
        said = eve.locator("#result .ended").inner_text()  # a sentence, no trigger code
        assert ended and said and not any(reason["trigger"] in said for reason in ended), said


# -- MOON -------------------------------------------------------------------------------------

MOON_SHOWN_JS = """() => ({
  registers: [...document.querySelectorAll("#board .register")].map(
    (e) => [e.dataset.register, e.dataset.value]),
  text: document.querySelector("#board").textContent,
})"""
SEATS = ["Ada (seat 0)", "Bob (seat 1)", "seat 2 (greedy)"]
"""The seats of the competitive game of MOON, as the page names them."""
ONE_REGISTER = re.compile(r"^[A-Z]+ [A-D]$")
TWO_REGISTERS = re.compile(r"^[A-Z]+ [A-D] [A-D]$")


def check_moon_spectator(eve: Any, server: Server, table: str) -> None:
    """The spectator's page shows the registers as the spectator's view has them, and no
    seat's goal, RAM or peeked goal (hidden from spectators); nothing to act on."""
    shown, spectator = shown_with_state(eve, server, f"/api/tables/{table}/state", MOON_SHOWN_JS)
    view = spectator["view"]
    assert view["goal"] is None and view["ram"] is None and view["peeked"] == {}
    assert shown["registers"] == [[r, view["registers"][r]] for r in "ABCD"]
    assert "Your goal: —" in shown["text"]
    assert not re.search(r"goal [01]{4}", shown["text"])
    assert eve.evaluate(ACTING_JS) == 0


def moon_move(rng: random.Random) -> Callable[[Any, dict[str, Any]], str]:
    """A person's move at MOON, made by clicks on the board: half the time ``END``, else an
    operation on the registers drawn at random (its card, then its register or registers);
    anything else (a repair) on its own element."""

    def move(page: Any, state: dict[str, Any]) -> str:
        operations = [a for a in state["legal"] if ONE_REGISTER.match(a) or TWO_REGISTERS.match(a)]
        if "END" in state["legal"] and (not operations or rng.random() < 0.5):
            click_on_board(page, "END")
            return "END"
        if not operations:  # a repair, or a peek: an element of its own
            other: str = rng.choice(state["legal"])
            click_on_board(page, other)
            return other
        action: str = rng.choice(operations)
        words = action.split()
        page.click(f'#board [data-op="{words[0]}"]')
        if len(words) == 3:
            page.click(f'#board .register[data-register="{words[1]}"]')
        click_on_board(page, action)
        return action

    return move


def test_a_whole_competitive_game_of_moon_by_two_people_and_a_bot_by_clicks(
    server: Server, browser: Any
) -> None:
    # competitive, three players, the default options otherwise: two people and a bot race,
    # each for a goal of their own that no one else may see
    table = server.post(
        "/api/tables",
        {
            "game": "moon",
            "options": {"mode": "competitive", "players": 3},
            "seats": ["human", "human", "greedy"],
            "seed": 13,
        },
    )["id"]
    with three_pages(browser) as (ada, bob, eve):
        people = seat_people(server, table, ada, bob, eve)
        moves = play_to_the_end(
            server,
            table,
            people,
            moon_move(random.Random(13)),
            lambda: check_moon_spectator(eve, server, table),
            seconds=150,
        )
        assert moves > 5

        def parts(view: dict[str, Any]) -> list[list[str]]:
            cells = ["seat", "solved", "goals", "bugs"]
            for seat, solved in enumerate(view["solved"]):
                name = SEATS[seat]
                goals = " ".join(view["solved_goals"][seat]) or "—"
                cells += [name, str(solved), goals, str(view["bugs"][seat])]
            return [cells]

        check_the_end(server, table, [ada, bob, eve], parts)
        ended = server.get(f"/api/tables/{table}/state")["view"]["ended"]
        assert len(ended) == 1
        said = {  # MOON's competitive ends, each worded (docs/moon.md's `ended`)
            "deck-empty": lambda r: (
                f"{SEATS[r['seat']]} had to draw from an empty deck: the game ended."
            ),
            "max-rounds": lambda r: f"The last of the {r['rounds']} rounds was played.",
        }[ended[0]["trigger"]](ended[0])
        assert eve.locator("#result .ended").inner_text() == said
