"""A bot takes the seat of a person who leaves or stays disconnected past the grace period,
and the seat comes back to a person: the one who left, or anyone, by joining it again; the one
disconnected, by taking it back. Time running out is in ``test_clocks.py``."""

from __future__ import annotations

import time
from typing import Any

from moonbase.server.clocks import ManualClock
from tests.server.harness import (
    act,
    join,
    log_rows,
    new_table,
    next_of,
    serving,
    state,
    wait_until,
)


def _seats(client: Any, tid: str) -> list[dict[str, Any]]:
    response = client.get(f"/api/tables/{tid}")
    assert response.status_code == 200, response.text
    seats: list[dict[str, Any]] = response.json()["seats"]
    return seats


def _closed(client: Any, tid: str) -> None:
    """Wait until the server has seen every live connection to ``tid`` close (a moment after
    the client closed them), so that a clock advanced next counts from the disconnection."""
    wait_until(lambda: not any(seat["connected"] for seat in _seats(client, tid)))


def _kinds(url: str, tid: str) -> list[tuple[str, str]]:
    return [(row[3], row[4]) for row in log_rows(url) if row[0] == tid]


def _first_move(client: Any, tid: str, tokens: list[str]) -> int:
    """Play the first seat's first legal move; the seat to act next."""
    seen = state(client, tid)
    seat = seen["to_act"][0]
    mine = state(client, tid, tokens[seat])
    assert act(client, tid, tokens[seat], mine["version"], mine["legal"][0]).status_code == 200
    after: int = state(client, tid)["to_act"][0]
    return after


def test_leaving_before_anything_is_played_only_opens_the_seat(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=1)["id"]
        token = join(client, tid, 0)
        left = client.post(f"/api/tables/{tid}/leave", json={"token": token})
        assert left.status_code == 200, left.text
        seat = left.json()["seats"][0]
        assert (seat["kind"], seat["taken"], seat["taken_over"]) == ("human", False, None)
        assert _kinds(db_url, tid) == []


def test_a_bot_plays_the_seat_of_a_person_who_left_until_someone_joins_it(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=3)["id"]
        tokens = [join(client, tid, 0, "Ada"), join(client, tid, 1, "Bo")]
        leaver = _first_move(client, tid, tokens)
        version = state(client, tid)["version"]
        left = client.post(f"/api/tables/{tid}/leave", json={"token": tokens[leaver]})
        assert left.status_code == 200, left.text
        seat = left.json()["seats"][leaver]
        assert (seat["kind"], seat["name"], seat["taken_over"]) == ("bot", "greedy", "left")
        assert not seat["taken"], "a bot plays it, but anyone may join it"
        assert left.json()["status"] == "open", "the seat is open to join"
        assert ("takeover", "left") in _kinds(db_url, tid)
        # the leaver's seat was to act: the bot moves for it
        wait_until(lambda: state(client, tid)["version"] > version + 1)
        void = client.get(f"/api/tables/{tid}/state", params={"token": tokens[leaver]})
        assert void.status_code == 403
        assert void.json()["open_seats"] == [leaver]
        # someone joins the seat: it is theirs again, the bot stops
        again = join(client, tid, leaver, "Cy")
        seat = _seats(client, tid)[leaver]
        assert (seat["kind"], seat["player"], seat["taken_over"]) == ("human", "Cy", None)
        assert _kinds(db_url, tid)[-1] == ("return", "")
        rebuilt_version = state(client, tid)["version"]
        seen = state(client, tid, again)
        if leaver in seen["to_act"]:
            assert act(client, tid, again, seen["version"], seen["legal"][0]).status_code == 200
            rebuilt_version += 1
    with serving(db_url) as client:
        seat = _seats(client, tid)[leaver]
        assert (seat["kind"], seat["player"], seat["taken_over"]) == ("human", "Cy", None)
        assert state(client, tid)["version"] == rebuilt_version


def test_leaving_a_finished_game_calls_no_bot(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        tid = new_table(client, "moon-leap", ["human", "random"], seed=2)["id"]
        token = join(client, tid, 0)
        while (seen := state(client, tid, token))["legal"] or seen["to_act"]:
            if seen["legal"]:
                assert act(client, tid, token, seen["version"], seen["legal"][0]).status_code == 200
            else:
                wait_until(lambda v=seen["version"]: state(client, tid)["version"] > v)
        assert client.get(f"/api/tables/{tid}").json()["status"] == "over"
        version = state(client, tid)["version"]
        assert client.post(f"/api/tables/{tid}/leave", json={"token": token}).status_code == 200
        assert _seats(client, tid)[0]["taken_over"] is None
        assert state(client, tid)["version"] == version


def test_a_bot_takes_the_seat_of_a_person_disconnected_past_the_grace_period(
    db_url: str,
) -> None:
    clock = ManualClock()
    with serving(db_url, clock=clock, tick=0.02, grace=30.0) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=3)["id"]
        tokens = [join(client, tid, 0, "Ada"), join(client, tid, 1, "Bo")]
        live = f"/api/tables/{tid}/live?token="
        with client.websocket_connect(live + tokens[0]) as socket:
            next_of(socket, "state")
        _closed(client, tid)
        clock.advance(29)
        # a quick reconnect within the grace period keeps the seat, and restarts the count
        with client.websocket_connect(live + tokens[0]) as socket:
            next_of(socket, "state")
        _closed(client, tid)
        clock.advance(29)
        assert _seats(client, tid)[0]["taken_over"] is None
        clock.advance(2)
        wait_until(lambda: _seats(client, tid)[0]["taken_over"] == "disconnected")
        # seat 1 never connected live (it plays through REST): no bot takes it for that
        assert _seats(client, tid)[1]["taken_over"] is None
        assert ("takeover", "disconnected") in _kinds(db_url, tid)
        with client.websocket_connect(live + tokens[0]) as socket:
            next_of(socket, "state")
            assert next_of(socket, "table")["seats"][0]["taken_over"] == "disconnected"
            socket.send_json({"type": "return"})
            # everyone at the table is told who plays the seat now
            assert next_of(socket, "table")["seats"][0]["taken_over"] is None
            socket.send_json({"type": "return"})
            error = next_of(socket, "error")
            assert (error["status"], "not taken over" in error["error"]) == (409, True)
        assert _kinds(db_url, tid)[-1] == ("return", "")


def test_without_a_grace_period_no_bot_takes_a_disconnected_seat(sqlite_url: str) -> None:
    clock = ManualClock()
    with serving(sqlite_url, clock=clock, tick=0.02, grace=None) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=3)["id"]
        token = join(client, tid, 0)
        with client.websocket_connect(f"/api/tables/{tid}/live?token={token}") as socket:
            next_of(socket, "state")
        _closed(client, tid)
        clock.advance(10_000)
        time.sleep(0.3)  # some fifteen ticks of the watcher
        assert _seats(client, tid)[0]["taken_over"] is None
        assert _kinds(sqlite_url, tid) == []
