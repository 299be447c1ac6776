"""The server answers in the request's language: ``?lang=``, else ``Accept-Language``, else
English; a WebSocket keeps the language it connected in; ``GET /api/i18n/{lang}`` gives the
browser client its catalog."""

from __future__ import annotations

from typing import Any

import pytest

from moonbase import i18n
from moonbase.server import bots
from moonbase.server.language import CLOSE_UNKNOWN_LANGUAGE
from tests.server.harness import join, new_table, serving, state


def _missing_table(client: Any, **options: Any) -> Any:
    return client.get("/api/tables/nosuchtable", **options)


def test_english_without_a_language(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        answer = _missing_table(client)
    assert answer.status_code == 404
    assert answer.json()["error"] == "no table 'nosuchtable'; GET /api/tables lists them"


@pytest.mark.parametrize(
    ("options", "wanted"),
    [
        ({"params": {"lang": "es"}}, "no hay ninguna mesa 'nosuchtable'"),
        ({"params": {"lang": "pl"}}, "nie ma stołu 'nosuchtable'"),
        ({"headers": {"accept-language": "pl-PL,pl;q=0.9,en;q=0.5"}}, "nie ma stołu"),
        ({"headers": {"accept-language": "de,es;q=0.8"}}, "no hay ninguna mesa"),
        # ?lang= wins over the header
        ({"params": {"lang": "es"}, "headers": {"accept-language": "pl"}}, "no hay ninguna mesa"),
        ({"params": {"lang": "en"}, "headers": {"accept-language": "pl"}}, "no table"),
    ],
)
def test_the_language_of_a_request(sqlite_url: str, options: dict[str, Any], wanted: str) -> None:
    with serving(sqlite_url) as client:
        answer = _missing_table(client, **options)
    assert answer.status_code == 404
    assert answer.json()["error"].startswith(wanted)


def test_an_unknown_language_is_refused_naming_the_allowed_ones(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        answer = client.get("/api/games", params={"lang": "de"})
        heard = client.get("/api/games", params={"lang": "xx"}, headers={"accept-language": "es"})
    assert answer.status_code == 422
    assert answer.json() == {
        "error": "unknown language 'de'; allowed: en, es, pl",
        "allowed": ["en", "es", "pl"],
    }
    assert heard.status_code == 422
    assert heard.json()["error"] == "idioma desconocido 'xx'; permitidos: en, es, pl"


def test_the_refusals_of_the_api_are_translated(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        table = new_table(client, "moon-leap", ["human", "greedy"], seed=3)
        token = join(client, table["id"], 0, "Ada")
        taken = client.post(
            f"/api/tables/{table['id']}/join", params={"lang": "es"}, json={"seat": 0, "name": "B"}
        )
        version = state(client, table["id"], token)["version"]
        illegal = client.post(
            f"/api/tables/{table['id']}/actions",
            params={"lang": "pl"},
            json={"token": token, "version": version, "action": "MOVE 9"},
        )
        stale = client.post(
            f"/api/tables/{table['id']}/actions",
            headers={"accept-language": "es"},
            json={"token": token, "version": version + 50, "action": "ROLL"},
        )
        unknown = client.get("/api/nothing", params={"lang": "pl"})
        bad = client.post("/api/tables", params={"lang": "es"}, content=b"{", headers={})
    assert taken.status_code == 409
    assert taken.json()["error"] == f"el asiento 0 de la mesa {table['id']} está ocupado"
    assert illegal.status_code == 422
    assert illegal.json()["error"].startswith("niedozwolony ruch 'MOVE 9' dla miejsca 0: ")
    assert illegal.json()["allowed"]  # notation stays notation
    assert stale.status_code == 409
    assert stale.json()["error"].startswith(f"la versión {version + 50} está desfasada")
    assert unknown.status_code == 404
    assert "nie znaleziono; API jest pod /api" in unknown.json()["error"]
    assert bad.status_code in (400, 422)
    assert bad.json()["error"].startswith(("JSON mal formado", "petición incorrecta"))


def test_a_websocket_keeps_its_language(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        table = new_table(client, "moon-leap", ["human", "human"], seed=3)
        token = join(client, table["id"], 0, "Ada")
        join(client, table["id"], 1, "Bo")
        path = f"/api/tables/{table['id']}/live"
        with client.websocket_connect(f"{path}?lang=pl&token={token}") as polish:
            assert polish.receive_json()["type"] == "state"
            # another request in English meanwhile changes nothing in the socket's language
            assert client.get("/api/tables/nosuchtable").json()["error"].startswith("no table")
            polish.send_text("{")
            frame = _next_error(polish)
            assert frame["error"].startswith("błędny JSON")
            polish.send_json({"type": "dance"})
            assert _next_error(polish)["error"] == "nieznany rodzaj wiadomości 'dance'"
        with client.websocket_connect(path, headers={"accept-language": "es"}) as watching:
            assert watching.receive_json()["type"] == "state"
            watching.send_json({"type": "undo"})
            error = _next_error(watching)
            assert error["error"].startswith("un espectador no puede jugar")


def test_a_websocket_in_an_unknown_language_is_closed_saying_why(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        table = new_table(client, "moon-leap", ["human", "human"], seed=3)
        with client.websocket_connect(f"/api/tables/{table['id']}/live?lang=fr") as socket:
            frame = socket.receive_json()
            closed = socket.receive()
    assert frame == {
        "type": "error",
        "status": 422,
        "error": "unknown language 'fr'; allowed: en, es, pl",
        "allowed": ["en", "es", "pl"],
    }
    assert closed["code"] == CLOSE_UNKNOWN_LANGUAGE


def _next_error(socket: Any) -> dict[str, Any]:
    for _ in range(20):
        frame: dict[str, Any] = socket.receive_json()
        if frame["type"] == "error":
            return frame
    raise AssertionError("no error frame")


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_catalog_for_the_browser(sqlite_url: str, lang: str) -> None:
    with serving(sqlite_url) as client:
        answer = client.get(f"/api/i18n/{lang}")
    assert answer.status_code == 200
    body = answer.json()
    assert body["lang"] == lang
    assert body["nplurals"] == 3
    assert "n" in body["plural"]
    assert body["messages"] == i18n.catalog(lang)
    assert body["messages"]["nobody: it is over"] == i18n.translator(lang).gettext(
        "nobody: it is over"
    )
    assert body["messages"]["Open a table"] == i18n.translator(lang).gettext("Open a table")
    assert len(body["messages"]["Winner: {names}."]) == 3  # the client's plurals: every form


def test_english_has_no_catalog_and_an_unknown_language_none(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        english = client.get("/api/i18n/en").json()
        unknown = client.get("/api/i18n/klingon", params={"lang": "pl"})
        schema = client.get("/openapi.json").json()
    assert english == {"lang": "en", "nplurals": 2, "plural": "(n != 1)", "messages": {}}
    assert unknown.status_code == 404
    assert unknown.json() == {
        "error": "nie ma języka 'klingon'; dozwolone: en, es, pl",
        "allowed": ["en", "es", "pl"],
    }
    assert "/api/i18n/{lang}" in schema["paths"]


def test_a_hint_is_worked_out_in_the_language_of_its_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    module = importlib.import_module("moonbase.agents.hint")
    monkeypatch.setattr(module, "suggest", lambda *args, **kwargs: (None, i18n.current()))
    save = __import__("moonbase").load("moon-leap").new(seed=1).to_json()
    # the worker gets the language as an argument: a process does not share the request's
    assert bots.advise(save, 0, "greedy", 1, "pl") == (None, "pl")
    assert bots.advise(save, 0, "greedy", 1) == (None, "en")
    assert i18n.current() == "en"


def test_the_hint_of_a_request_asks_the_worker_in_its_language(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    asked: list[tuple[object, ...]] = []

    def submit(self: bots.BotSeats, work: Any, *args: object) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if work is bots.advise:
            asked.append(args)  # save, seat, search, seed, lang, deadline
            future.set_result(("ROLL", f"hint in {args[4]}"))
        else:
            future.set_result(work(*args))
        return future

    monkeypatch.setattr(bots.BotSeats, "_submit", submit)
    with serving(sqlite_url) as client:
        table = new_table(client, "moon-leap", ["human", "human"], seed=3)
        token = join(client, table["id"], 0, "Ada")
        join(client, table["id"], 1, "Bo")
        answer = client.get(
            f"/api/tables/{table['id']}/hint",
            params={"token": token},
            headers={"accept-language": "es-ES"},
        )
    assert answer.status_code == 200, answer.text
    assert answer.json()["hint"] == "hint in es"
    assert asked and asked[-1][4] == "es"
