"""What the browser tests do on a table's page: wait for a version, click the next action,
read what the board shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.web.browser import Server


def points(score: float) -> str:
    """How a result heading words a score in English, as `tn` plural-picks it.

    >>> points(1), points(48), points(2.5)
    ('1 point', '48 points', '2.5 points')
    """
    return f"{score:g} point" if score == 1 else f"{score:g} points"


def wait_for_version(page: Any, version: int, seconds: float = 20.0) -> None:
    """Wait until ``page`` shows the table at ``version`` or later (its
    ``#turn[data-version]``): bots may move on before a loaded page draws its first state."""
    page.wait_for_function(
        "v => Number(document.querySelector('#turn')?.dataset.version ?? -1) >= v",
        arg=version,
        timeout=seconds * 1000,
    )


def wait_for_change(
    server: Server,
    table: str,
    version: int,
    path: str | None = None,
    seconds: float = 20.0,
    until: Callable[[Any], bool] | None = None,
) -> Any:
    """Wait until the table is past ``version`` (and, given ``until``, its state passes it);
    its state at ``path`` then (by default the spectator's). A bot sharing a simultaneous turn
    may move the table on before a click lands: ``until`` tells the move one waits for."""
    deadline = time.monotonic() + seconds
    while True:
        state = server.get(path or f"/api/tables/{table}/state")
        if state["version"] > version and (until is None or until(state)):
            return state
        assert time.monotonic() < deadline, f"table {table} stayed at version {version}"
        time.sleep(0.05)


BOARD_ACTION = "#board [data-action].clickable"
LISTED_ACTION = "#actions button[data-action]:not([disabled])"


def click_an_action(page: Any, seconds: float = 10.0) -> str:
    """Click an action of the board if it has one, else of the action list; the action. The
    page may show a table's version a moment before its actions (a loaded machine's page
    draws them after): wait for one, as a player would."""
    page.wait_for_selector(f"{BOARD_ACTION}, {LISTED_ACTION}", timeout=seconds * 1000)
    target = page.locator(BOARD_ACTION)
    if target.count() == 0:
        target = page.locator(LISTED_ACTION)
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


def sit(page: Any, server: Server, table: str, seat: int, name: str) -> None:
    """From the lobby, sit in ``seat`` under ``name``; the page goes to the seat's link."""
    page.goto(server.base + "/")
    page.wait_for_selector(f'[data-table="{table}"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    page.fill("#player-name", name)
    page.click(f'[data-table="{table}"] [data-join="{seat}"]')
    page.wait_for_url(f"**/tables/{table}?token=*")
    page.wait_for_selector("#board svg")


def watch(page: Any, server: Server, table: str) -> None:
    """From the lobby, watch ``table`` as a spectator (once its first state is drawn)."""
    page.goto(server.base + "/")
    page.click(f'[data-watch="{table}"]')
    page.wait_for_url(f"**/tables/{table}")
    page.wait_for_selector("#who:has-text('spectator')")
    page.wait_for_selector("#board svg")


@dataclass
class Person:
    """A person at a table: their page and their seat's token."""

    page: Any
    token: str


def play_to_the_end(
    server: Server,
    table: str,
    people: dict[int, Person],
    move: Callable[[Any, dict[str, Any]], str],
    watched: Callable[[], None],
    seconds: float,
) -> int:
    """Play ``table`` to its end: whenever no bot is to act, the first person to act makes
    ``move(page, state)`` (clicks on their page for an action chosen from their state; the
    action); it must be the entry the table logs for them. ``watched()`` after every move
    checks the spectator. The number of moves made by people."""
    deadline = time.monotonic() + seconds
    moves = 0
    table_state = server.get(f"/api/tables/{table}/state")
    while True:
        to_act = table_state["to_act"]
        if not to_act:
            return moves
        assert time.monotonic() < deadline, f"the game did not end in {seconds} s"
        if any(seat not in people for seat in to_act):
            table_state = wait_for_change(server, table, table_state["version"])  # a bot
            continue
        seat = to_act[0]
        person = people[seat]
        path = f"/api/tables/{table}/state?token={person.token}"
        mine = server.get(path)
        wait_for_version(person.page, mine["version"])
        assert "Your turn" in person.page.inner_text("#turn")
        action = move(person.page, mine)
        after = _after_the_move(server, table, person, mine, path)
        if after is None:  # the page told the person it was not sent: as a person would, again
            action = move(person.page, server.get(path))
            after = wait_for_change(server, table, mine["version"], path)
        assert [entry for entry in after["log"] if entry[0] == seat][-1] == [seat, action]
        moves += 1
        watched()
        table_state = server.get(f"/api/tables/{table}/state")


def click_on_board(page: Any, action: str) -> None:
    """Click the board's element for ``action``: it must be there and clickable."""
    target = page.locator(f'#board [data-action="{action}"].clickable')
    assert target.count() >= 1, f"the board offers no element for {action}"
    target.first.click()


def _after_the_move(
    server: Server,
    table: str,
    person: Person,
    mine: dict[str, Any],
    path: str,
) -> Any:
    """The state once ``person``'s move is in; ``None`` if the page said it could not send it
    (its socket was reconnecting). Fails naming what the page says if nothing came in."""
    try:
        return wait_for_change(server, table, mine["version"], path)
    except AssertionError:
        said = person.page.inner_text("#message")
        status = person.page.get_attribute("#connection", "data-status")
        if "Not connected" in said:
            return None
        raise AssertionError(
            f"table {table} stayed at version {mine['version']}; the page says {said!r}, "
            f"its connection is {status!r}"
        ) from None


def end_every_round(page: Any, server: Server, table: str, token: str) -> dict[str, Any]:
    """Click END on the board until the game is over (cooperative MOON: each round ends at
    once, so the goals climb until the game is lost or won); the last state seen."""
    deadline = time.monotonic() + 60
    while True:
        state: dict[str, Any] = server.get(f"/api/tables/{table}/state?token={token}")
        if not state["to_act"]:
            return state
        assert time.monotonic() < deadline, "the game did not end in time"
        wait_for_version(page, state["version"])
        page.click('#board [data-action="END"]')
        wait_for_change(server, table, state["version"])


def open_seat(context: Any, server: Server, table: str, token: str | None = None) -> Any:
    """A new page of ``context`` on ``table``, as the seat of ``token`` (none: a spectator),
    once its board is drawn."""
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table}" + (f"?token={token}" if token else ""))
    page.wait_for_selector("#board svg")
    return page


def seated(server: Server, game: str, seats: list[str], **body: Any) -> tuple[str, str]:
    """A new table (seed 5, ``body`` added to the request) with a person, Ada, in seat 0; its
    id and her token."""
    table = server.post("/api/tables", {"game": game, "seats": seats, "seed": 5, **body})
    joined = server.post(f"/api/tables/{table['id']}/join", {"seat": 0, "name": "Ada"})
    return table["id"], joined["token"]
