"""The table page's live socket: it recovers when its socket is closed or the server is killed
and started again, shows the server's reason when an action is refused, and is played from the
keyboard; the lobby shows the server's refusals."""

from __future__ import annotations

import json
import re
import time
import urllib.error
from pathlib import Path
from typing import Any

from tests.web.browser import DESKTOP, Server, serve
from tests.web.play import wait_for_change, wait_for_version

LIVE = re.compile(r".*/api/tables/[^/]+/live.*")


def new_table(server: Server) -> tuple[str, str]:
    """A two-seat Moon Leap table with a greedy bot; its id and seat 0's token."""
    table = server.post(
        "/api/tables", {"game": "moon-leap", "seats": ["human", "greedy"], "seed": 11}
    )
    joined = server.post(f"/api/tables/{table['id']}/join", {"seat": 0, "name": "Ada"})
    return table["id"], joined["token"]


def my_turn(server: Server, table: str) -> dict[str, Any]:
    """Wait until seat 0 is to act; the spectator state then."""
    deadline = time.monotonic() + 20
    while True:
        state = server.get(f"/api/tables/{table}/state")
        if state["to_act"] == [0]:
            return state
        assert time.monotonic() < deadline, "seat 0 never came to act"
        time.sleep(0.05)


def test_the_page_reconnects_and_resyncs_after_its_socket_is_closed(
    server: Server, browser: Any
) -> None:
    table, token = new_table(server)
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        routes: list[tuple[Any, Any]] = []

        def route(socket: Any) -> None:
            routes.append((socket, socket.connect_to_server()))

        page.route_web_socket(LIVE, route)
        page.goto(f"{server.base}/tables/{table}?token={token}")
        page.wait_for_selector('#connection[data-status="live"]')
        state = my_turn(server, table)
        wait_for_version(page, state["version"])

        page_side, server_side = routes[0]
        page_side.close(code=1011, reason="closed by the test")
        server_side.close()
        page.wait_for_selector('#connection[data-status="reconnecting"]', timeout=5000)
        page.wait_for_selector('#connection[data-status="live"]', timeout=10000)
        assert len(routes) == 2

        # a link opened without joining in this browser: the page finds its seat and acts,
        # here from the keyboard
        token_on_board = page.locator("#board [data-action].clickable").first
        action = token_on_board.get_attribute("data-action")
        assert action in server.get(f"/api/tables/{table}/state?token={token}")["legal"]
        token_on_board.focus()
        page.keyboard.press("Enter")
        after = wait_for_change(server, table, state["version"])
        mine = [entry for entry in after["log"] if entry[0] == 0]
        assert mine[-1][1] == action
        wait_for_version(page, server.get(f"/api/tables/{table}/state")["version"])
        assert action in page.inner_text("#log")
    finally:
        context.close()


def test_the_page_goes_on_after_the_server_is_killed_and_started_again(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    with serve(tmp_path) as first:
        table, token = new_table(first)
        context = browser.new_context(viewport=DESKTOP)
        try:
            page = context.new_page()
            page.goto(f"{first.base}/tables/{table}?token={token}")
            state = my_turn(first, table)
            wait_for_version(page, state["version"])
            port = int(first.base.rsplit(":", 1)[1])
            first.kill()
            page.wait_for_selector('#connection[data-status="reconnecting"]', timeout=5000)
            with serve(tmp_path, port) as second:
                page.wait_for_selector('#connection[data-status="live"]', timeout=15000)
                assert second.get(f"/api/tables/{table}/state")["version"] == state["version"]
                page.locator("#board [data-action].clickable").first.click()
                wait_for_change(second, table, state["version"])
        finally:
            context.close()


def test_a_refused_action_shows_the_servers_reason_and_changes_nothing(
    server: Server, browser: Any
) -> None:
    table, token = new_table(server)
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()

        def route(socket: Any) -> None:
            upstream = socket.connect_to_server()

            def outgoing(message: str | bytes) -> None:
                frame = json.loads(message)
                if frame.get("type") == "act":
                    frame["action"] = "MOVE 9"
                upstream.send(json.dumps(frame))

            socket.on_message(outgoing)

        page.route_web_socket(LIVE, route)
        page.goto(f"{server.base}/tables/{table}?token={token}")
        state = my_turn(server, table)
        wait_for_version(page, state["version"])
        page.locator("#actions button[data-action]").first.click()
        alert = page.locator('#message[role="alert"]')
        alert.wait_for()
        assert "MOVE 9" in alert.inner_text()
        assert "allowed" in alert.inner_text() or "no token" in alert.inner_text()
        assert server.get(f"/api/tables/{table}/state")["version"] == state["version"]
    finally:
        context.close()


def test_the_lobby_shows_the_servers_refusal_and_opens_nothing(
    server: Server, browser: Any
) -> None:
    before = len(server.get("/api/tables")["tables"])
    body = {"game": "moon-leap", "preset": "custom-board", "seats": ["human"] * 4}
    try:
        server.post("/api/tables", body)
    except urllib.error.HTTPError as error:
        refusal = json.load(error)["error"]
    else:
        raise AssertionError("four seats at a three-player table were accepted")
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.select_option("#new-game", "moon-leap")
        page.select_option("#new-preset", "custom-board")
        page.click("text=Add a seat")
        for seat in range(4):
            page.select_option(f"#new-seat-{seat}", "human")
        page.click("#create-table")
        message = page.locator("#lobby-message.error")
        message.wait_for()
        assert refusal in message.inner_text()
        assert len(server.get("/api/tables")["tables"]) == before
    finally:
        context.close()


def test_seats_show_their_connection_and_their_clock_running(server: Server, browser: Any) -> None:
    clock = {"kind": "realtime", "initial": 300, "increment": 5}
    table = server.post(
        "/api/tables", {"game": "moon-leap", "seats": ["human", "human"], "clock": clock}
    )["id"]
    token = server.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Ada"})["token"]
    server.post(f"/api/tables/{table}/join", {"seat": 1, "name": "Bob"})
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/tables/{table}?token={token}")
        page.wait_for_selector('#seats li[data-seat="0"][data-connected="true"]')
        assert page.inner_text('#seats li[data-seat="1"] .presence') == "offline"
        running = page.locator('#seats li[data-seat="0"] .clock.running')
        first = running.inner_text()
        assert re.fullmatch(r"[45]:\d\d", first)
        page.wait_for_function(
            "shown => document.querySelector('#seats li[data-seat=\"0\"] .clock').textContent"
            " !== shown",
            arg=first,
            timeout=5000,
        )
        assert page.inner_text('#seats li[data-seat="1"] .clock') == "5:00"
        assert page.locator('#seats li[data-seat="1"] .clock.running').count() == 0
    finally:
        context.close()


def test_the_lobby_opens_a_table_with_options_a_bots_strength_and_a_clock(
    server: Server, browser: Any
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.select_option("#new-game", "moons")
        page.click("#create summary")
        assert "tokens of each planet" in page.inner_text("#new-options")
        page.select_option("#option-players", "3")
        assert page.locator("#new-seats > li").count() == 3
        page.fill("#option-tokens_per_planet", "9")
        page.select_option("#option-mini_asteroids", "false")
        page.select_option("#new-seat-1", "mcts")
        page.fill("#new-seat-1-settings", "iterations=20")
        page.select_option("#new-clock", "realtime")
        page.fill("#clock-first", "5")
        page.fill("#clock-increment", "2")
        page.click("#create-table")
        made = page.locator("#lobby-message[data-table]").get_attribute("data-table")
        table = server.get(f"/api/tables/{made}")
        assert table["options"]["players"] == 3
        assert table["options"]["tokens_per_planet"] == 9
        assert table["options"]["mini_asteroids"] is False
        assert [seat["name"] for seat in table["seats"]][1:] == ["mcts:iterations=20", "greedy"]
        assert (table["clock"]["kind"], table["clock"]["initial"]) == ("realtime", 300)
        assert table["clock"]["increment"] == 2
    finally:
        context.close()


def test_a_person_takes_back_the_seat_a_bot_took_when_their_time_ran_out(
    server: Server, browser: Any
) -> None:
    clock = {"kind": "realtime", "initial": 1, "increment": 0}
    table = server.post(
        "/api/tables",
        {"game": "moon-leap", "seats": ["human", "mcts:seconds=1"], "clock": clock},
    )["id"]
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.fill("#player-name", "Ada")
        page.click(f'[data-table="{table}"] [data-join="0"]')
        page.wait_for_selector("#take-back", timeout=15000)
        assert "a bot plays for Ada" in page.inner_text("#seats")
        page.click("#take-back")
        page.wait_for_selector("#message:has-text('Your seat is yours again'), #message.error")
        said = page.inner_text("#message")
        # the page says what the server answered: the seat given back, or why not (the bots
        # may have finished the game first)
        assert said == "Your seat is yours again." or (
            said == f"the game at table {table} is over"
            and server.get(f"/api/tables/{table}")["status"] == "over"
        )
    finally:
        context.close()


def test_the_lobby_offers_the_seat_a_bot_keeps_since_its_person_left(
    server: Server, browser: Any
) -> None:
    # a bot that thinks a second a move keeps the game going while the seat changes hands
    table = server.post(
        "/api/tables", {"game": "moon-leap", "seats": ["human", "mcts:seconds=1"], "seed": 11}
    )["id"]
    token = server.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Ada"})["token"]
    state = my_turn(server, table)
    legal = server.get(f"/api/tables/{table}/state?token={token}")["legal"]
    move = {"token": token, "version": state["version"], "action": legal[0]}
    server.post(f"/api/tables/{table}/actions", move)
    server.post(f"/api/tables/{table}/leave", {"token": token})
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.fill("#player-name", "Cy")
        page.click(f'[data-table="{table}"] [data-join="0"]')
        page.wait_for_url(re.compile(rf".*/tables/{table}\?token=.*"))
        seat = server.get(f"/api/tables/{table}")["seats"][0]
        assert (seat["kind"], seat["player"], seat["taken_over"]) == ("human", "Cy", None)
    finally:
        context.close()


def test_a_shared_link_opens_its_seat_even_when_another_seat_is_to_act(
    server: Server, browser: Any
) -> None:
    # Moon Leap: seat 0 moves first; Bob opens seat 1's link in a browser that never joined
    table = server.post(
        "/api/tables", {"game": "moon-leap", "seats": ["human", "human"], "seed": 3}
    )["id"]
    server.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Ada"})
    token = server.post(f"/api/tables/{table}/join", {"seat": 1, "name": "Bob"})["token"]
    state = server.get(f"/api/tables/{table}/state?token={token}")
    assert state["seat"] == 1 and state["to_act"] == [0] and state["legal"] == []
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.base}/tables/{table}?token={token}")
        page.wait_for_selector('#who[data-seat="1"]')
        assert page.inner_text("#who") == "You are Bob (seat 1)"
        assert page.inner_text("#turn").startswith("Waiting for Ada (seat 0)")
        saved = page.evaluate(f"localStorage.getItem('moonbase.token.{table}.1')")
        assert saved == token
    finally:
        context.close()
