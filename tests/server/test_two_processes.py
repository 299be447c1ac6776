"""Two servers on one PostgreSQL serve the same tables consistently: what is done through one
is pushed to the clients of the other, and two actions on one version are never both applied.
(Two apps in this process, each with its own engine, tables in memory and listener; and two
``moonbase serve`` processes.)"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import moonbase
from moonbase.server.clocks import ManualClock
from tests.server.harness import (
    act,
    expected,
    join,
    log_rows,
    new_table,
    next_of,
    serving,
    state,
    wait_until,
    without_type,
)
from tests.server.postgres import Cluster
from tests.server.processes import get, post, serve


@pytest.fixture
def pg_url(postgres: Cluster) -> str:
    """A fresh PostgreSQL database."""
    return postgres.new_database()


def test_an_action_through_one_server_is_pushed_by_the_other(pg_url: str) -> None:
    mirror = moonbase.load("moons", players=3).new(seed=4)
    with serving(pg_url) as one, serving(pg_url) as two:
        tid = new_table(one, "moons", ["human"] * 3, options={"players": 3}, seed=4)["id"]
        tokens = [join(one, tid, 0), join(two, tid, 1), join(one, tid, 2)]
        taken = two.post(f"/api/tables/{tid}/join", json={"seat": 2, "name": "late"})
        assert taken.status_code == 409
        with (
            two.websocket_connect(f"/api/tables/{tid}/live?token={tokens[1]}") as seat1,
            two.websocket_connect(f"/api/tables/{tid}/live") as watcher,
        ):
            assert without_type(next_of(seat1, "state")) == expected(mirror, 1, 0)
            next_of(watcher, "state")
            for version, server in enumerate([one, two, one, one, two, two]):
                seat = mirror.to_act[0]
                action = mirror.legal_actions(seat)[0]
                answer = act(server, tid, tokens[seat], version, action)
                assert answer.status_code == 200, answer.text
                mirror.apply(seat, action)
                assert without_type(next_of(seat1, "state")) == expected(mirror, 1, version + 1)
                assert without_type(next_of(watcher, "state")) == expected(
                    mirror, None, version + 1
                )
        assert state(one, tid, tokens[0]) == expected(mirror, 0, 6)


def test_two_actions_on_one_version_through_two_servers_are_never_both_applied(
    pg_url: str,
) -> None:
    with serving(pg_url) as one, serving(pg_url) as two:
        tid = new_table(one, "moon", ["human"], seed=5)["id"]
        token = join(one, tid, 0)
        state(two, tid, token)  # the second server has the table in memory too
        legal = state(one, tid, token)["legal"]
        for version in range(4):
            tries = [(one, legal[0]), (two, legal[1]), (one, legal[2]), (two, legal[3])]
            with ThreadPoolExecutor(len(tries)) as pool:
                answers = list(pool.map(lambda t, v=version: act(t[0], tid, token, v, t[1]), tries))
            assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
            for answer in answers:
                if answer.status_code == 409:
                    assert answer.json()["state"]["version"] in (version, version + 1)
            legal = next(a for a in answers if a.status_code == 200).json()["legal"]
        versions = [row[1] for row in log_rows(pg_url)]
        assert versions == [1, 2, 3, 4]


def test_two_moonbase_serve_processes_on_one_database(tmp_path: Path, pg_url: str) -> None:
    log = tmp_path / "errors.log"
    with serve(pg_url, log) as one, serve(pg_url, log) as two:
        table = post(f"{one.base}/api/tables", {"game": "moon", "seats": ["human"], "seed": 2})
        tid = table["id"]
        token = post(f"{two.base}/api/tables/{tid}/join", {"seat": 0, "name": "Ada"})["token"]
        moved = post(
            f"{one.base}/api/tables/{tid}/actions",
            {"token": token, "version": 0, "action": "INC B"},
        )
        seen = get(f"{two.base}/api/tables/{tid}/state?token={token}")
        assert seen == moved


def test_a_table_lists_every_servers_connections_and_a_new_table_at_once(pg_url: str) -> None:
    clock = ManualClock()
    options: dict[str, Any] = {"clock": clock, "tick": 0.02, "grace": 30.0}
    with serving(pg_url, **options) as one, serving(pg_url, **options) as two:
        tid = new_table(one, "moon-leap", ["human", "human"], seed=3)["id"]
        assert [t["id"] for t in two.get("/api/tables").json()["tables"]] == [tid]
        token = join(one, tid, 0, "Ada")
        join(one, tid, 1, "Bo")
        with one.websocket_connect(f"/api/tables/{tid}/live?token={token}") as first:
            next_of(first, "state")
            wait_until(lambda: _connected(two, tid) == [True, False])
        wait_until(lambda: _connected(one, tid) == [False, False])
        # Ada comes back through the other server within the grace period
        with two.websocket_connect(f"/api/tables/{tid}/live?token={token}") as second:
            next_of(second, "state")
            wait_until(lambda: _connected(one, tid) == [True, False])
            clock.advance(31)
            time.sleep(0.3)  # some fifteen ticks of each server's watcher
            assert [s["taken_over"] for s in one.get(f"/api/tables/{tid}").json()["seats"]] == [
                None,
                None,
            ]
        wait_until(lambda: _connected(one, tid) == [False, False])
        clock.advance(31)
        wait_until(lambda: one.get(f"/api/tables/{tid}").json()["seats"][0]["taken_over"])
        takeovers = [row for row in log_rows(pg_url) if row[3] == "takeover"]
        assert [(row[2], row[4]) for row in takeovers] == [(0, "disconnected")]


def _connected(client: Any, tid: str) -> list[bool]:
    return [seat["connected"] for seat in client.get(f"/api/tables/{tid}").json()["seats"]]
