"""The live WebSocket: pushes after every change, act and undo frames, garbage answered with
an error on a socket that stays open, a full sync on reconnecting, connection status."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

import moonbase
from tests.server.harness import (
    act,
    expected,
    join,
    log_rows,
    new_table,
    next_of,
    receive,
    serving,
    wait_until,
    without_type,
)

GARBAGE = [
    ("not json", 400, "malformed JSON"),
    ("[1, 2]", 400, "unknown frame type"),
    ('{"type": "fly"}', 400, "unknown frame type"),
    ('{"type": "act", "version": "1", "action": "INC B"}', 422, "version: Input should be"),
    ('{"type": "act", "version": 0, "action": 5}', 422, "action: Input should be"),
    ('{"type": "act", "version": 0}', 422, "action: Field required"),
    ('{"type": "act", "version": 0, "action": "INC B", "extra": 1}', 422, "extra: Extra"),
    ('{"type": "act", "version": 0, "action": "INC B", "seat": 1}', 403, "cannot act for seat 1"),
    ('{"type": "act", "version": 0, "action": "' + "J" * 1025 + '"}', 422, "at most 1024"),
    ('{"type": "undo", "version": 0}', 422, "version: Extra"),
    ('{"type": "act", "version": 0, "action": "JUMP"}', 422, "illegal action"),
    ('{"type": "act", "version": 9, "action": "INC B"}', 409, "stale"),
    ('{"type": "undo"}', 409, "nothing of yours to undo"),
    ("x" * 70_000, 413, "at most"),
]


def test_garbage_frames_get_an_error_and_the_socket_stays_open(db_url: str) -> None:
    mirror = moonbase.load("moon").new(seed=5)
    with serving(db_url) as client:
        tid = new_table(client, "moon", ["human"], seed=5)["id"]
        token = join(client, tid, 0)
        with client.websocket_connect(f"/api/tables/{tid}/live?token={token}") as socket:
            assert without_type(next_of(socket, "state")) == expected(mirror, 0, 0)
            for text, status, words in GARBAGE:
                socket.send_text(text)
                error = next_of(socket, "error")
                assert error["status"] == status, text
                assert words in error["error"], (text, error)
                if status == 409 and "stale" in words:
                    assert error["state"] == expected(mirror, 0, 0)
                if '"extra"' in text:
                    assert error["unknown_fields"] == ["extra"]
                if len(text) > 1025:
                    assert "J" * 100 not in error["error"]  # not echoed back
            assert log_rows(db_url) == []
            socket.send_json({"type": "act", "version": 0, "action": "inc b"})
            mirror.apply(0, "INC B")
            assert without_type(next_of(socket, "state")) == expected(mirror, 0, 1)
            socket.send_json({"type": "undo"})
            assert without_type(next_of(socket, "state")) == expected(
                moonbase.load("moon").new(seed=5), 0, 2
            )


def test_every_connection_is_pushed_its_own_view_and_a_reconnect_gets_a_full_sync(
    db_url: str,
) -> None:
    mirror = moonbase.load("moons", players=3).new(seed=3)
    with serving(db_url) as client:
        tid = new_table(client, "moons", ["human"] * 3, seed=3, options={"players": 3})["id"]
        tokens = [join(client, tid, seat) for seat in range(3)]
        live = f"/api/tables/{tid}/live"
        with (
            client.websocket_connect(f"{live}?token={tokens[1]}") as seat1,
            client.websocket_connect(live) as watcher,
        ):
            next_of(seat1, "state")
            next_of(watcher, "state")
            table = next_of(watcher, "table")
            assert [seat["connected"] for seat in table["seats"]] == [False, True, False]
            assert table["spectators"] == 1
            seat = mirror.to_act[0]
            action = mirror.legal_actions(seat)[0]
            assert act(client, tid, tokens[seat], 0, action).status_code == 200
            mirror.apply(seat, action)
            assert without_type(next_of(seat1, "state")) == expected(mirror, 1, 1)
            assert without_type(next_of(watcher, "state")) == expected(mirror, None, 1)
        # offline meanwhile: the next connection starts from the whole state
        seat = mirror.to_act[0]
        action = mirror.legal_actions(seat)[0]
        assert act(client, tid, tokens[seat], 1, action).status_code == 200
        mirror.apply(seat, action)
        with client.websocket_connect(f"{live}?token={tokens[1]}") as seat1:
            assert without_type(next_of(seat1, "state")) == expected(mirror, 1, 2)
        # the server sees the socket close a moment after the client closed it
        wait_until(
            lambda: (
                [seat["connected"] for seat in client.get(f"/api/tables/{tid}").json()["seats"]]
                == [False, False, False]
            )
        )


def test_a_spectator_cannot_act_and_a_wrong_token_or_table_is_refused(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon", ["human"], seed=5)["id"]
        join(client, tid, 0)
        with client.websocket_connect(f"/api/tables/{tid}/live") as watcher:
            next_of(watcher, "state")
            watcher.send_json({"type": "act", "version": 0, "action": "INC B"})
            error = next_of(watcher, "error")
            assert (error["status"], "spectator" in error["error"]) == (403, True)
        for path, status in [
            (f"/api/tables/{tid}/live?token=bad", 403),
            ("/api/tables/x/live", 404),
        ]:
            with client.websocket_connect(path) as socket:
                refusal = receive(socket)
                assert refusal["status"] == status
                if status == 403:  # as REST answers a wrong token: the seats open to join
                    assert refusal["open_seats"] == []
                    assert "join a seat" in refusal["error"]
                with pytest.raises(WebSocketDisconnect):
                    socket.receive_json()
