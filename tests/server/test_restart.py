"""Restarting the server resumes every table from its log, exactly as it was."""

from __future__ import annotations

import random

import moonbase
from tests.server.harness import act, expected, join, new_table, serving, state


def test_a_new_app_on_the_same_database_resumes_every_table(db_url: str) -> None:
    mirrors = {
        "moons": moonbase.load("moons", players=3).new(seed=8),
        "welcome-to-the-moon": moonbase.load("welcome-to-the-moon", players=2).new(seed=8),
    }
    rng = random.Random(8)
    tables: dict[str, tuple[str, list[str]]] = {}
    with serving(db_url) as client:
        for name, mirror in mirrors.items():
            options = mirror.game.saved_options()
            seats = ["human"] * mirror.game.seats
            tid = new_table(client, name, seats, options=options, seed=8)["id"]
            tokens = [join(client, tid, seat) for seat in range(mirror.game.seats)]
            tables[name] = (tid, tokens)
            for version in range(10):
                seat = rng.choice(mirror.to_act)
                action = rng.choice(mirror.legal_actions(seat))
                assert act(client, tid, tokens[seat], version, action).status_code == 200
                mirror.apply(seat, action)
        listed = client.get("/api/tables").json()
    with serving(db_url) as client:
        assert client.get("/api/tables").json() == listed
        for name, mirror in mirrors.items():
            tid, tokens = tables[name]
            for seat, token in enumerate(tokens):
                assert state(client, tid, token) == expected(mirror, seat, 10)
            seat = mirror.to_act[0]
            action = mirror.legal_actions(seat)[-1]
            response = act(client, tid, tokens[seat], 10, action)
            assert response.status_code == 200, response.text
            mirror.apply(seat, action)
            assert response.json() == expected(mirror, seat, 11)
