"""Clocks (real-time and turn-based) read from a controllable clock, stored and rebuilt after a
restart; a bot takes a seat whose time ran out, and its person takes it back."""

from __future__ import annotations

from typing import Any

import pytest

from moonbase.server.clocks import ManualClock
from tests.server.harness import act, join, log_rows, new_table, serving, state, wait_until


def _table(client: Any, tid: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{tid}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _seat_clock(body: dict[str, Any], seat: int) -> dict[str, Any]:
    found: dict[str, Any] = body["clock"]["seats"][seat]
    return found


def test_a_turn_clock_gives_each_move_its_time(db_url: str) -> None:
    clock = ManualClock()
    with serving(db_url, clock=clock) as client:
        body = new_table(
            client,
            "moon-leap",
            ["human", "human"],
            seed=3,
            clock={"kind": "turn", "per_move": 3600},
        )
        tid = body["id"]
        first = body["to_act"][0]
        assert body["clock"]["kind"] == "turn"
        # nobody's time runs before every seat is taken
        assert not any(seat["running"] for seat in body["clock"]["seats"])
        tokens = [join(client, tid, 0)]
        clock.advance(500)
        assert not any(seat["running"] for seat in _table(client, tid)["clock"]["seats"])
        tokens.append(join(client, tid, 1))
        body = _table(client, tid)
        assert body["version"] == 1, "the clocks' start is a log entry"
        assert _seat_clock(body, first) == {
            "seat": first,
            "time_left": 3600.0,
            "deadline": clock.now() + 3600,
            "running": True,
        }
        clock.advance(1800)
        seen = state(client, tid, tokens[first])
        assert _seat_clock(seen, first)["time_left"] == 1800.0
        move = act(client, tid, tokens[first], seen["version"], seen["legal"][0])
        assert move.status_code == 200, move.text
        after = _table(client, tid)
        for seat in after["to_act"]:
            assert _seat_clock(after, seat)["deadline"] == clock.now() + 3600
        stored = [row for row in log_rows(db_url) if row[0] == tid]
        assert stored, "the action is in the log"


def test_a_realtime_clock_is_charged_and_rebuilt_after_a_restart(db_url: str) -> None:
    clock = ManualClock()
    spec = {"kind": "realtime", "initial": 60, "increment": 5}
    with serving(db_url, clock=clock) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=3, clock=spec)["id"]
        tokens = [join(client, tid, 0)]
        clock.advance(100)  # waiting for the second player costs nobody time
        tokens.append(join(client, tid, 1))
        seen = state(client, tid)
        first = seen["to_act"][0]
        clock.advance(10)
        mine = state(client, tid, tokens[first])
        assert act(client, tid, tokens[first], mine["version"], mine["legal"][0]).status_code == 200
        before = _table(client, tid)["clock"]
    # 60 s, 10 used, 5 added: 55 left, whether the seat is still to act or not
    assert _seat_clock({"clock": before}, first)["time_left"] == 55.0
    with serving(db_url, clock=clock) as client:
        assert _table(client, tid)["clock"] == before


def test_a_bot_takes_a_seat_whose_time_ran_out_and_its_person_takes_it_back(db_url: str) -> None:
    clock = ManualClock()
    with serving(db_url, clock=clock, tick=0.02) as client:
        tid = new_table(
            client, "moon-leap", ["human", "human"], seed=3, clock={"kind": "turn", "per_move": 60}
        )["id"]
        tokens = [join(client, tid, 0, "Ada"), join(client, tid, 1, "Bo")]
        seen = state(client, tid, tokens[0])
        late = seen["to_act"][0]
        clock.advance(59)
        assert not _table(client, tid)["seats"][late]["taken_over"]
        clock.advance(2)
        wait_until(lambda: _table(client, tid)["seats"][late]["taken_over"])
        seat = _table(client, tid)["seats"][late]
        assert (seat["kind"], seat["name"], seat["player"]) == (
            "bot",
            "greedy",
            ["Ada", "Bo"][late],
        )
        # the bot plays the seat; its person may not act there until they take it back
        now = state(client, tid, tokens[late])
        refused = act(client, tid, tokens[late], now["version"], "anything")
        assert refused.status_code == 409 and "return" in refused.json()["error"]
        wrong = client.post(f"/api/tables/{tid}/return", json={"token": "wrong"})
        assert wrong.status_code == 403
        back = client.post(f"/api/tables/{tid}/return", json={"token": tokens[late]})
        assert back.status_code == 200, back.text
        assert not back.json()["seats"][late]["taken_over"]
        again = client.post(f"/api/tables/{tid}/return", json={"token": tokens[late]})
        assert again.status_code == 409
        kinds = [row[3] for row in log_rows(db_url) if row[0] == tid]
        assert kinds[-1] == "return" and "takeover" in kinds
        version = _table(client, tid)["version"]
    with serving(db_url, clock=clock) as client:
        rebuilt = _table(client, tid)
        assert rebuilt["version"] == version
        assert not rebuilt["seats"][late]["taken_over"]


@pytest.mark.parametrize(
    "clock",
    [
        "fast",
        {"kind": "sundial"},
        {"kind": "turn"},
        {"kind": "turn", "per_move": 0},
        {"kind": "turn", "per_move": -5},
        {"kind": "realtime", "initial": "ten"},
        {"kind": "realtime", "initial": 10, "per_move": 3},
        {"kind": "realtime", "initial": True},
    ],
)
def test_a_bad_clock_is_refused_and_nothing_is_stored(db_url: str, clock: Any) -> None:
    with serving(db_url) as client:
        response = client.post(
            "/api/tables", json={"game": "moon-leap", "seats": ["human", "human"], "clock": clock}
        )
        assert response.status_code == 422, response.text
        assert "clock" in response.json()["error"]
        assert client.get("/api/tables").json()["tables"] == []


def test_simultaneous_seats_each_run_their_own_clock_and_a_bot_has_none(db_url: str) -> None:
    clock = ManualClock()
    start = clock.now()
    with serving(db_url, clock=clock, tick=0.02) as client:
        tid = new_table(
            client,
            "moons",
            ["human", "human", "greedy"],
            options={"players": 3},
            seed=3,
            clock={"kind": "turn", "per_move": 60},
        )["id"]
        tokens = [join(client, tid, 0, "Ada"), join(client, tid, 1, "Bo")]
        # the tableau: all three choose at once; only the people's clocks run
        opening = _table(client, tid)
        assert [_seat_clock(opening, s)["deadline"] for s in range(3)] == [
            start + 60,
            start + 60,
            None,
        ]
        clock.advance(10)
        mine = state(client, tid, tokens[0])
        assert act(client, tid, tokens[0], mine["version"], mine["legal"][0]).status_code == 200
        after = _table(client, tid)
        assert _seat_clock(after, 0)["running"] is False, "seat 0 has chosen"
        assert _seat_clock(after, 1)["deadline"] == start + 60, "seat 1's clock goes on"
        clock.advance(51)
        wait_until(lambda: _table(client, tid)["seats"][1]["taken_over"] == "time")
        assert _table(client, tid)["seats"][0]["taken_over"] is None
        takeovers = [row[2] for row in log_rows(db_url) if row[0] == tid and row[3] == "takeover"]
        assert takeovers == [1]


def test_a_bot_s_own_seat_is_never_charged_nor_given_time(db_url: str) -> None:
    clock = ManualClock()
    spec = {"kind": "realtime", "initial": 60, "increment": 5}
    with serving(db_url, clock=clock) as client:
        tid = new_table(client, "moon-leap", ["greedy", "human"], seed=3, clock=spec)["id"]
        token = join(client, tid, 1)

        def the_bot_moved() -> bool:
            seen = state(client, tid, token)
            if 1 in seen["to_act"]:
                clock.advance(3)
                assert act(client, tid, token, seen["version"], seen["legal"][0]).status_code == 200
            return any(seat == 0 for seat, _ in state(client, tid)["log"])

        wait_until(the_bot_moved)
        body = _table(client, tid)
    assert _seat_clock(body, 0)["time_left"] == 60.0
    assert _seat_clock(body, 0)["deadline"] is None
