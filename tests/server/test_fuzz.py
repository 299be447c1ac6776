"""Schema fuzzing of the REST API: every request the OpenAPI schema allows (and many it does
not), against a server with tables of every game already there.

Each operation is fuzzed from ``/openapi.json``; many cases are aimed at the tables that are
there (their ids, a seated person's token, the current version, a legal action, an open seat),
so that the checks behind a token are reached too, and some carry hostile text, values or
option names (NUL, paths, digits ``int()`` cannot read, names of parameters). Every answer
must be no server error, a status the schema documents, with a body that conforms to it and,
for an error, says what was wrong in ``error``; and a request answered with an error must
change nothing: the tables, every seat's state and the database's rows are the same after it
as before.

The run is bounded and reproducible (a derandomized seed); ``MOONBASE_FUZZ_EXAMPLES`` sets how
many cases each operation gets, ``MOONBASE_FUZZ_DATABASE=postgresql`` fuzzes a PostgreSQL server
(docs/server.md, "Fuzzing").
"""

from __future__ import annotations

import json
import os
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import text

import moonbase
from moonbase.core import game_class
from moonbase.server.app import create_app
from moonbase.server.bodies import state_body
from moonbase.server.clocks import ManualClock
from moonbase.server.schema import (
    ErrorBody,
    GamesBody,
    JoinAnswer,
    ReplayBody,
    StateBody,
    TableBody,
    TablesBody,
    UndoAnswer,
)
from moonbase.server.tables import TableService
from tests.server.harness import join, new_table, serving, state, wait_until
from tests.server.postgres import Cluster

EXAMPLES = int(os.environ.get("MOONBASE_FUZZ_EXAMPLES", "15"))
"""Cases per operation (besides the schema's own examples and edge cases)."""

BASE = "http://testserver"
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

# the schema only: this app is never started, so it never opens its database
schema = schemathesis.openapi.from_dict(create_app("sqlite:///unopened.sqlite3").openapi())


@dataclass
class World:
    """The server under the fuzzer and the tables set up there."""

    client: TestClient
    app: FastAPI
    tokens: dict[str, dict[int, str]] = field(default_factory=dict)
    """Table id → seat → the token of the person sitting there."""
    last: dict[str, Any] | None = None
    """The snapshot after the last case, if it changed nothing."""


@pytest.fixture(scope="module")
def world(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[World]:
    """A fresh server with a table of each game: people seated (their tokens known), seats
    open, a bot, clocks, a move made. SQLite (``MOONBASE_FUZZ_DATABASE=postgresql``: a database
    in the tests' PostgreSQL cluster)."""
    if os.environ.get("MOONBASE_FUZZ_DATABASE") == "postgresql":
        cluster: Cluster = request.getfixturevalue("postgres")
        url = cluster.new_database()
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'moonbase.sqlite3'}"
    # hints by a quick search: the strong one takes seconds, and every hint asked is answered
    app = create_app(url, clock=ManualClock(), bot_budget=2.0, hint_search="mcts:iterations=20")
    with TestClient(app) as client:
        here = World(client, app)
        leap = new_table(client, "moon-leap", ["human", "human"], seed=4)["id"]
        here.tokens[leap] = {0: join(client, leap, 0, "Ada")}
        first = client.post(
            f"/api/tables/{leap}/actions",
            json={"token": here.tokens[leap][0], "version": 0, "action": "MOVE 2"},
        )
        assert first.status_code == 200, first.text
        moons = new_table(
            client, "moons", ["human", "human", "random"], options={"players": 3}, seed=5
        )["id"]
        here.tokens[moons] = {0: join(client, moons, 0, "Bo"), 1: join(client, moons, 1, "Cy")}
        welcome = new_table(
            client,
            "welcome-to-the-moon",
            ["human", "human"],
            seed=6,
            clock={"kind": "turn", "per_move": 86400},
        )["id"]
        here.tokens[welcome] = {1: join(client, welcome, 1, "Di")}
        moon = new_table(
            client,
            "moon",
            ["human"],
            options={"mode": "cooperative", "players": 1},
            seed=7,
            clock={"kind": "realtime", "initial": 600, "increment": 5},
        )["id"]
        here.tokens[moon] = {0: join(client, moon, 0, "Ed")}
        yield here


_ORDER: Final = {"tables": "id", "seats": "table_id, seat", "log": "id"}


async def _inside(app: FastAPI, table_ids: list[str]) -> dict[str, Any]:
    """Every seat's state body at each of the tables, and the spectator's, as ``GET …/state``
    answers them, and every row the database holds (read on the server's loop, once no bot is
    thinking, through the server's own engine: any backend)."""
    await app.state.bots.idle()
    service: TableService = app.state.service
    tables = [await service.get(table_id) for table_id in table_ids]
    rows: dict[str, list[tuple[Any, ...]]] = {}
    async with service.storage.engine.connect() as connection:
        for name, order in _ORDER.items():
            result = await connection.execute(text(f"SELECT * FROM {name} ORDER BY {order}"))
            rows[name] = [tuple(row) for row in result.all()]
    states = {
        f"{table.id} {seat}": state_body(table, seat)
        for table in tables
        for seat in [None, *range(len(table.seats))]
    }
    return {"states": states, "rows": rows}


def snapshot(here: World) -> dict[str, Any]:
    """Everything a request could change: every table, every seat's state at the tables set
    up (the ones the fuzzer is aimed at) and the database's rows."""
    inside = here.client.portal.call(_inside, here.app, sorted(here.tokens))
    return {
        "tables": here.client.get("/api/tables").json(),
        "states": json.loads(json.dumps(inside["states"])),
        "rows": inside["rows"],
    }


def _changes(before: dict[str, Any], after: dict[str, Any], answer: Any) -> str:
    """What a refused request changed, for the failure message."""
    changed = [
        f"{part} {key}"
        for part in ("states", "rows")
        for key in sorted(set(before[part]) | set(after[part]))
        if before[part].get(key) != after[part].get(key)
    ]
    if before["tables"] != after["tables"]:
        changed.append("the tables listed")
    return f"{answer.status_code} {answer.text[:300]} changed: {', '.join(changed)}"


def _chooser(case: schemathesis.Case) -> random.Random:
    """A generator seeded by what the case sends: the same case is always aimed the same way
    (the schema's edge-case and example phases take no drawn arguments)."""
    sent = (case.method, case.path, case.path_parameters, case.query, case.body)
    return random.Random(zlib.crc32(repr(sent).encode()))


HOSTILE_TEXT: Final = (
    "\x00",
    "a\x00b",
    "../../etc/hosts",
    "~root/board.json",
    "..",
    "x" * 300,
    "²",
    "٣",
    " ",
    "\u202e",
    "Infinity",
    "{",
    " HUMAN ",
)
"""Text that trips parsers, file systems and databases."""
HOSTILE_VALUES: Final = (0, -1, 2**63, 1e308, -1e308, 0.25, True, None, [], {}, *HOSTILE_TEXT)
HOSTILE_KEYS: Final = ("name", "self", "__class__", "")
"""Option names that collide with the parameters of what reads them."""


def _aim(case: schemathesis.Case, here: World, now: dict[str, Any]) -> None:
    """Point most schema-valid cases at the tables that are there, so that the fuzzer gets
    past the table id and the token: a real game and seats, a table's id, a seated person's
    token (or another table's), the current version, a legal action, an open seat; and now
    and then put hostile text or values in a field."""
    if case.meta is None or case.meta.generation.mode != schemathesis.GenerationMode.POSITIVE:
        return
    choose = _chooser(case)
    _target(case, choose, here, now)
    if choose.random() < (0.6 if case.path == "/api/tables" else 0.3):
        _spoil(case, choose)


def _spoil(case: schemathesis.Case, choose: random.Random) -> None:
    """One field of ``case`` made hostile (still of the type the schema says)."""
    body = case.body if isinstance(case.body, dict) else {}
    texts = sorted(key for key, value in body.items() if isinstance(value, str))
    places = [*(("body", key) for key in texts), ("path", "table_id"), ("seats", "")]
    where, key = ("options", "") if choose.random() < 0.5 else choose.choice(places)
    if where == "body":
        body[key] = choose.choice(HOSTILE_TEXT)
    elif where == "path" and "table_id" in (case.path_parameters or {}):
        # no "/" (another route) and no NUL (the client refuses to send it in a path)
        case.path_parameters["table_id"] = choose.choice(
            [text for text in HOSTILE_TEXT if "/" not in text and "\x00" not in text]
        )
    elif where == "options" and body.get("game") in moonbase.games():
        names = [spec.name for spec in game_class(body["game"]).option_specs]
        option = choose.choice([*names, *HOSTILE_KEYS])
        body["options"] = {option: choose.choice(HOSTILE_VALUES)}
    elif where == "seats" and isinstance(body.get("seats"), list) and body["seats"]:
        body["seats"][choose.randrange(len(body["seats"]))] = choose.choice(HOSTILE_TEXT)


def _target(
    case: schemathesis.Case, choose: random.Random, here: World, now: dict[str, Any]
) -> None:
    body = case.body if isinstance(case.body, dict) else {}
    if case.path == "/api/tables" and case.method == "POST":
        if choose.random() < 0.7:
            body["game"] = choose.choice(moonbase.games())
            if choose.random() < 0.7:
                body["seats"] = ["human"] * moonbase.load(body["game"]).seats
            given = body.get("options")
            if isinstance(given, dict) and given and choose.random() < 0.7:
                # the fuzzed values under the game's own option names
                names = [spec.name for spec in game_class(body["game"]).option_specs]
                body["options"] = {choose.choice(names): value for value in given.values()}
        return
    if "table_id" not in (case.path_parameters or {}) or choose.random() < 0.2:
        return
    table_id = choose.choice(list(here.tokens))  # in the order set up: reproducible
    case.path_parameters["table_id"] = table_id
    seats = sorted(here.tokens[table_id].items())
    strangers = [
        (-1, token)
        for other, known in here.tokens.items()
        if other != table_id
        for token in known.values()
    ]
    pick = choose.choice(seats) if seats and choose.random() < 0.8 else None
    if pick is None and strangers and choose.random() < 0.5:
        pick = choose.choice(strangers)
    if pick is not None:
        seat, token = pick
        if "token" in body:
            body["token"] = token
        elif case.method == "GET" and case.path.endswith(("/state", "/replay", "/hint")):
            case.query = {**(case.query or {}), "token": token}
        state = now["states"].get(f"{table_id} {seat}")
        if state is not None and "version" in body and choose.random() < 0.7:
            body["version"] = state["version"]
            if "action" in body and state["legal"] and choose.random() < 0.5:
                body["action"] = choose.choice(state["legal"])
    if "seat" in body and case.path.endswith("/join") and choose.random() < 0.7:
        table = next(t for t in now["tables"]["tables"] if t["id"] == table_id)
        free = [seat["seat"] for seat in table["seats"] if not seat["taken"]]
        if free:
            body["seat"] = choose.choice(free)


def _send(client: TestClient, case: schemathesis.Case) -> Any:
    sent = case.as_transport_kwargs(base_url=BASE)
    content = sent.get("data")
    if sent.get("cookies"):
        client.cookies = sent["cookies"]
    return client.request(
        sent["method"],
        sent["url"],
        params=sent.get("params"),
        headers=sent.get("headers"),
        json=sent.get("json"),
        content=content.encode() if isinstance(content, str) else content,
    )


def _learn(here: World, case: schemathesis.Case, answer: Any) -> None:
    """Keep the seats the fuzzer's requests opened and closed known."""
    if answer.status_code != 200:
        return
    table_id = (case.path_parameters or {}).get("table_id")
    if table_id not in here.tokens:
        return
    if case.path.endswith("/join"):
        here.tokens[table_id][answer.json()["seat"]] = answer.json()["token"]
    elif case.path.endswith("/leave"):
        token = case.body["token"]
        here.tokens[table_id] = {s: t for s, t in here.tokens[table_id].items() if t != token}


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_answers_every_request_as_documented_and_errors_change_nothing(
    case: schemathesis.Case, world: World
) -> None:
    before = world.last or snapshot(world)
    world.last = None
    _aim(case, world, before)
    answer = _send(world.client, case)
    case.validate_response(answer, checks=CHECKS)
    if answer.status_code >= 400:
        assert isinstance(answer.json().get("error"), str), answer.text
        after = snapshot(world)
        assert after == before, _changes(before, after, answer)
        world.last = after
    _learn(world, case, answer)


def test_every_error_status_is_documented_with_the_error_body() -> None:
    documented = create_app("sqlite:///unopened.sqlite3").openapi()
    assert "HTTPValidationError" not in json.dumps(documented)
    for path, operations in documented["paths"].items():
        for method, operation in operations.items():
            errors = {status for status in operation["responses"] if int(status) >= 400}
            assert errors <= {"400", "403", "404", "409", "413", "422", "503"}, (method, path)
            assert "413" in errors, (method, path)
            if "requestBody" in operation:
                assert {"400", "422"} <= errors, (method, path)
            if "{table_id}" in path:
                assert "404" in errors, (method, path)
            for status in errors:
                body = operation["responses"][status]["content"]["application/json"]["schema"]
                assert body == {"$ref": "#/components/schemas/ErrorBody"}, (method, path, status)


def test_every_body_a_game_goes_through_matches_its_model(sqlite_url: str) -> None:
    clock = ManualClock()
    with serving(sqlite_url, clock=clock, tick=0.02) as client:
        GamesBody.model_validate(client.get("/api/games").json())
        timed = {"kind": "realtime", "initial": 60, "increment": 2}
        tid = new_table(client, "moon-leap", ["human", "human"], seed=3, clock=timed)["id"]
        for clocked in ({"kind": "turn", "per_move": 60}, None):
            new_table(
                client,
                "moons",
                ["human", "greedy", "random"],
                options={"players": 3},
                clock=clocked,
            )
        TablesBody.model_validate(client.get("/api/tables").json())
        joined = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Ada"})
        token = JoinAnswer.model_validate(joined.json()).token
        other = join(client, tid, 1, "Bo")
        tokens = {0: token, 1: other}
        seen = StateBody.model_validate(state(client, tid, token))
        StateBody.model_validate(state(client, tid))
        mover = tokens[seen.to_act[0]]
        now = StateBody.model_validate(state(client, tid, mover))
        moved = client.post(
            f"/api/tables/{tid}/actions",
            json={"token": mover, "version": now.version, "action": now.legal[0]},
        )
        StateBody.model_validate(moved.json())
        undone = client.post(f"/api/tables/{tid}/undo", json={"token": mover})
        model = UndoAnswer if undone.status_code == 200 else ErrorBody
        model.model_validate(undone.json())
        stale = client.post(
            f"/api/tables/{tid}/actions", json={"token": mover, "version": 0, "action": "PASS"}
        )
        assert stale.status_code == 409
        assert ErrorBody.model_validate(stale.json()).state is not None
        ReplayBody.model_validate(client.get(f"/api/tables/{tid}/replay").json())
        late = StateBody.model_validate(state(client, tid, mover)).to_act[0]
        clock.advance(3600)
        wait_until(lambda: client.get(f"/api/tables/{tid}").json()["seats"][late]["taken_over"])
        back = client.post(f"/api/tables/{tid}/return", json={"token": tokens[late]})
        assert back.status_code == 200, back.text
        TableBody.model_validate(back.json())
        left = client.post(f"/api/tables/{tid}/leave", json={"token": tokens[1 - late]})
        TableBody.model_validate(left.json())
        TablesBody.model_validate(client.get("/api/tables").json())
