"""Seats and tokens, and bad input of every kind: each gets a clear error naming what was
wrong and what is allowed, and nothing changes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import moonbase
from tests.server.harness import (
    act,
    expected,
    join,
    log_rows,
    new_table,
    serving,
    state,
    stored_text,
)
from tests.server.postgres import Cluster


def test_a_token_is_stored_only_as_its_hash(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "greedy"], seed=1)["id"]
        token = join(client, tid, 0, "Ada")
        table = client.get(f"/api/tables/{tid}").json()
        assert table["seats"][0] == {
            "seat": 0,
            "kind": "human",
            "name": "Ada",
            "taken": True,
            "taken_over": None,
            "player": "Ada",
            "connected": False,
        }
        assert table["seats"][1]["kind"] == "bot"
    stored = stored_text(db_url)
    assert token not in stored
    assert hashlib.sha256(token.encode()).hexdigest() in stored


def test_seats_taken_by_a_person_or_a_bot_cannot_be_joined(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "greedy"], seed=1)["id"]
        join(client, tid, 0)
        taken = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Bo"})
        bot = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bo"})
        nowhere = client.post(f"/api/tables/{tid}/join", json={"seat": 7, "name": "Bo"})
        assert (taken.status_code, bot.status_code, nowhere.status_code) == (409, 409, 422)
        assert "taken" in taken.json()["error"]
        assert "greedy plays it" in bot.json()["error"]
        assert nowhere.json()["allowed"] == []


def test_a_person_who_leaves_frees_the_seat_and_voids_the_token(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=1)["id"]
        token = join(client, tid, 0)
        join(client, tid, 1)
        left = client.post(f"/api/tables/{tid}/leave", json={"token": token})
        assert left.status_code == 200
        assert left.json()["status"] == "open"
        void = client.get(f"/api/tables/{tid}/state", params={"token": token})
        assert void.status_code == 403
        assert void.json()["open_seats"] == [0]
        seat = client.get(f"/api/tables/{tid}").json()["seats"][0]
        assert (seat["name"], seat["player"], seat["taken"]) == (None, None, False)  # none played
        again = join(client, tid, 0, "Cy")
        assert state(client, tid, again)["legal"]
        assert client.get(f"/api/tables/{tid}").json()["seats"][0]["player"] == "Cy"


def test_a_finished_game_keeps_who_played_it(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "greedy"], seed=5)["id"]
        token = join(client, tid, 0, "Ada")
        while (body := state(client, tid, token))["to_act"]:
            if 0 in body["to_act"]:
                assert act(client, tid, token, body["version"], body["legal"][0]).status_code == 200
        finished = client.get(f"/api/tables/{tid}").json()
        assert finished["status"] == "over"
        # Ada may leave the finished table (her token is void), but nobody takes her place
        left = client.post(f"/api/tables/{tid}/leave", json={"token": token})
        assert left.status_code == 200, left.text
        joined = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Mallory"})
        assert joined.status_code == 409, joined.text
        assert "is over: its seats stay as they were" in joined.json()["error"]
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert seats[0]["player"] == "Ada" == finished["seats"][0]["player"]
        assert client.get(f"/api/tables/{tid}/replay", params={"token": token}).status_code == 403


def test_a_board_file_beside_the_server_is_never_read(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = {"values": [0, 5, 5, 5, 5, 5, 5, 5, 99], "barriers": {"2": 4, "3": 5, "4": 6}}
    (tmp_path / "mine.json").write_text(json.dumps(board))
    monkeypatch.chdir(tmp_path)
    assert moonbase.load("moon-leap", board="mine.json").board.values[-1] == 99  # a local user's
    with serving(db_url) as client:
        tables = client.get("/api/tables").json()
        for name in ("mine.json", "mine", "nowhere.json"):
            options = {"board": name}
            response = client.post(
                "/api/tables",
                json={"game": "moon-leap", "seats": ["human"] * 2, "options": options},
            )
            assert response.status_code == 422, response.text
            error = response.json()["error"]
            assert "is not a board moonbase ships" in error
            assert str(tmp_path) not in error
        assert client.get("/api/tables").json() == tables
        shipped = new_table(client, "moon-leap", ["human"] * 2, options={"board": "short.json"})
        assert shipped["options"]["board"] == "short.json"


def _bad_requests(tid: str, token: str) -> list[tuple[str, str, Any, int, str]]:
    """(method, path, body — bytes sent as they are —, status, words the error contains)."""
    actions = f"/api/tables/{tid}/actions"
    return [
        ("post", actions, b'{"token": "x", "version": 0,', 400, "malformed JSON"),
        ("post", actions, b"\xff\xfe", 400, "malformed JSON"),
        ("post", actions, {"token": token, "version": 0}, 422, "action: Field required"),
        ("post", actions, {"token": token, "version": "0", "action": "MOVE 3"}, 422, "version"),
        ("post", actions, {"token": token, "version": 0, "action": "MOVE 3", "x": 1}, 422, "x"),
        ("post", actions, [1, 2, 3], 422, "bad request"),
        ("post", actions, {"token": "wrong", "version": 0, "action": "MOVE 3"}, 403, "no seat"),
        ("post", actions, {"version": 0, "action": "MOVE 3"}, 422, "token: Field required"),
        ("post", actions, b"{" + b" " * 70_000 + b"}", 413, "at most 65536 bytes"),
        (
            "post",
            "/api/tables/nope/actions",
            {"token": token, "version": 0, "action": "x"},
            404,
            "no table 'nope'",
        ),
        ("get", "/api/tables/nope", None, 404, "no table 'nope'"),
        ("get", f"/api/tables/{tid}/state?token=wrong", None, 403, "join a seat"),
        ("get", f"/api/tables/{tid}/replay?token=wrong", None, 403, "join a seat"),
        ("post", f"/api/tables/{tid}/join", {"seat": 0, "name": "Bo"}, 409, "taken"),
        ("post", f"/api/tables/{tid}/join", {"seat": 5, "name": "Bo"}, 422, "seat 5"),
        ("post", f"/api/tables/{tid}/join", {"seat": 1, "name": ""}, 422, "name"),
        ("post", f"/api/tables/{tid}/join", {"seat": 1, "name": "B\x00"}, 422, "NUL"),
        ("post", f"/api/tables/{tid}/join", {"seat": 1, "name": " \t "}, 422, "more than spaces"),
        ("get", "/api/tables/%00", None, 404, "no table '\\x00'"),
        ("post", "/api/tables/%00/undo", {"token": token}, 404, "no table"),
        ("post", f"/api/tables/{tid}/undo", {"token": "wrong"}, 403, "no seat"),
        ("post", f"/api/tables/{tid}/leave", {"token": "wrong"}, 403, "no seat"),
        ("get", "/api/nothing", None, 404, "/api/games"),
        ("get", "/api/tables?status=lost", None, 422, "status"),
        ("post", "/api/tables", {"game": "chess", "seats": ["human"]}, 422, "allowed: moon"),
        ("post", "/api/tables", {"game": "moon-leap", "seats": ["human"]}, 422, "2 seats"),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "oracle"]},
            422,
            "unknown agent 'oracle'",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "human"], "options": {"players": 9}},
            422,
            "option 'players'",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "human"], "options": {"name": "x"}},
            422,
            "unknown option 'name'",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "human"], "options": {"board": "/etc/hosts"}},
            422,
            "the server opens no file",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "human"], "options": {"board": "b" * 300}},
            422,
            "is not a board moonbase ships",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "human"], "options": {"board": "db.json"}},
            422,
            "no file is read here; allowed: standard, short.json, or the board itself as JSON",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "mcts:seconds=100000"]},
            422,
            "allowed: seconds up to 10",
        ),
        (
            "post",
            "/api/tables",
            b'{"game": "moon", "seats": ["human"], "options": {"energy": 1e999}}',
            422,
            "option 'energy': inf is not allowed",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "human"], "preset": "9p"},
            422,
            "unknown preset",
        ),
        (
            "post",
            "/api/tables",
            {"game": "moon-leap", "seats": ["human", "human"], "clock": "blitz"},
            422,
            "clock",
        ),
    ]


def test_bad_input_gets_a_clear_error_and_changes_nothing(db_url: str) -> None:
    mirror = moonbase.load("moon-leap").new(seed=4)
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=4)["id"]
        token = join(client, tid, 0)
        assert act(client, tid, token, 0, "MOVE 2").status_code == 200
        mirror.apply(0, "MOVE 2")
        tables, rows = client.get("/api/tables").json(), log_rows(db_url)
        for method, path, body, status, words in _bad_requests(tid, token):
            if isinstance(body, bytes):
                headers = {"content-type": "application/json"}
                response = client.request(method, path, content=body, headers=headers)
            else:
                response = client.request(method, path, json=body)
            assert response.status_code == status, (path, body, response.text)
            assert words in response.json()["error"], (path, body, response.text)
        assert client.get("/api/tables").json() == tables
        assert log_rows(db_url) == rows
        assert state(client, tid, token) == expected(mirror, 0, 1)
        assert state(client, tid) == expected(mirror, None, 1)


def test_the_games_are_listed_with_their_options_and_presets(db_url: str) -> None:
    with serving(db_url) as client:
        body = client.get("/api/games").json()
    assert [game["name"] for game in body["games"]] == moonbase.games()
    leap = body["games"][moonbase.games().index("moon-leap")]
    assert {option["name"] for option in leap["options"]} == {"players", "board"}
    assert "3p" in leap["presets"]
    assert {"human", "greedy", "random", "mcts"} <= set(body["seats"])
    json.dumps(body)


def test_a_preset_sets_the_table_up(db_url: str) -> None:
    with serving(db_url) as client:
        table = new_table(client, "moon-leap", ["human"] * 3, preset="3p", seed=2)
    assert table["options"]["players"] == 3
    assert table["status"] == "open"


def test_an_oversized_body_sent_without_its_length_is_refused_too(db_url: str) -> None:
    def chunks() -> Any:
        yield b'{"token": "'
        for _ in range(100):
            yield b"x" * 1000
        yield b'", "version": 0, "action": "MOVE 1"}'

    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=4)["id"]
        response = client.post(
            f"/api/tables/{tid}/actions",
            content=chunks(),
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 413
        assert "at most 65536 bytes" in response.json()["error"]
        assert state(client, tid)["version"] == 0


def test_the_openapi_page_documents_every_route(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        assert client.get("/docs").status_code == 200
        paths = set(client.get("/openapi.json").json()["paths"])
    assert paths == {
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/state",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/undo",
        "/api/tables/{table_id}/leave",
        "/api/tables/{table_id}/return",
        "/api/tables/{table_id}/replay",
        "/api/tables/{table_id}/hint",
        "/api/i18n/{lang}",
    }


def test_every_route_documents_the_refusal_of_an_unknown_language(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        schema = client.get("/openapi.json").json()
        table = new_table(client, "moon-leap", ["human", "greedy"], seed=1)["id"]
        refused = client.get(f"/api/tables/{table}?lang=de")
    assert refused.status_code == 422 and "unknown language 'de'" in refused.json()["error"]
    undocumented = [
        (method, path)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if "422" not in operation["responses"]
    ]
    assert undocumented == []


def test_the_table_list_comes_in_pages(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = [new_table(client, "moon-leap", ["human", "greedy"], seed=s)["id"] for s in range(5)]
        page = client.get("/api/tables", params={"offset": 1, "limit": 2}).json()
        assert [t["id"] for t in page["tables"]] == made[1:3]
        assert (page["total"], page["offset"], page["limit"]) == (5, 1, 2)
        assert client.get("/api/tables", params={"offset": 9}).json()["tables"] == []
        for params in ({"limit": 0}, {"limit": 501}, {"offset": -1}, {"limit": "all"}):
            refused = client.get("/api/tables", params=params)
            assert refused.status_code == 422, params
            assert next(iter(params)) in refused.json()["error"]


def test_a_database_gone_away_is_a_503_saying_so(postgres: Cluster) -> None:
    url = postgres.new_database()
    with serving(url) as client:
        tid = new_table(client, "moon-leap", ["human", "greedy"], seed=1)["id"]
        postgres.drop_database(url)
        for answer in (
            client.post("/api/tables", json={"game": "moon-leap", "seats": ["human", "greedy"]}),
            client.get(f"/api/tables/{tid}"),
            client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Ada"}),
        ):
            assert answer.status_code == 503, answer.text
            assert "database" in answer.json()["error"]
