"""``GET /api/tables/{id}/hint?token=…``: the strong bot's suggestion for the token's seat,
from the seat's view only, and a clear refusal when the seat has nothing to decide or the token
opens no seat."""

from __future__ import annotations

import random

import moonbase
from moonbase.server.bots import advise
from moonbase.server.schema import ErrorBody, HintBody
from tests.server.harness import act, join, new_table, serving, state

QUICK = "mcts:iterations=30"
"""A quick search in place of the strong bot's (the strong one takes seconds a hint)."""


def test_a_hint_suggests_a_legal_action_for_the_seat_to_act(sqlite_url: str) -> None:
    with serving(sqlite_url, hint_search=QUICK) as client:
        table = new_table(client, "moon-leap", ["human", "human"], seed=3)["id"]
        tokens = [join(client, table, seat) for seat in (0, 1)]
        now = state(client, table, tokens[0])
        seat = now["to_act"][0]
        mine = state(client, table, tokens[seat])
        answer = client.get(f"/api/tables/{table}/hint", params={"token": tokens[seat]})
        assert answer.status_code == 200, answer.text
        hint = HintBody.model_validate(answer.json())
        assert (hint.version, hint.seat) == (mine["version"], seat)
        assert hint.action in mine["legal"]
        assert hint.hint == f"Suggested: {hint.action} ({QUICK})."
        again = client.get(f"/api/tables/{table}/hint", params={"token": tokens[seat]})
        assert again.json() == answer.json()  # the same question, the same hint
        assert state(client, table, tokens[seat]) == mine  # asking changes nothing
        # the suggestion is an action the seat may take
        assert act(client, table, tokens[seat], hint.version, hint.action).status_code == 200


def test_a_moon_hint_explains_the_way_to_the_goal(sqlite_url: str) -> None:
    with serving(sqlite_url, hint_search=QUICK) as client:
        table = new_table(client, "moon", ["human"], options={"difficulty": "master"}, seed=5)
        token = join(client, table["id"], 0)
        answer = client.get(f"/api/tables/{table['id']}/hint", params={"token": token})
        hint = HintBody.model_validate(answer.json())
        assert hint.action in state(client, table["id"], token)["legal"]
        assert hint.hint.endswith(f"Suggested now: {hint.action}.")


def test_a_hint_depends_on_the_seat_s_view_only() -> None:
    # states that differ only in what seat 0 cannot see (the others' hands) get one hint
    game = moonbase.load("moons", players=3)
    truth = game.new(seed=4)
    seat = truth.to_act[0]
    others = [truth.resample(seat, random.Random(k)) for k in range(3)]
    assert all(other.view(seat) == truth.view(seat) for other in others)
    assert all(other.to_json() != truth.to_json() for other in others)
    hints = {advise(s.to_json(), seat, QUICK, 9) for s in [truth, *others]}
    assert len(hints) == 1


def test_no_hint_without_a_decision_or_a_seat(sqlite_url: str) -> None:
    with serving(sqlite_url, hint_search=QUICK) as client:
        table = new_table(client, "moon-leap", ["human", "human"], seed=3)["id"]
        tokens = [join(client, table, seat) for seat in (0, 1)]
        waiting = 1 - state(client, table, tokens[0])["to_act"][0]
        answer = client.get(f"/api/tables/{table}/hint", params={"token": tokens[waiting]})
        assert answer.status_code == 409
        refusal = ErrorBody.model_validate(answer.json())
        assert f"seat {waiting} has nothing to decide now" in refusal.error
        assert refusal.allowed == [1 - waiting]

        stranger = client.get(f"/api/tables/{table}/hint", params={"token": "not-a-token"})
        assert stranger.status_code == 403
        assert "opens no seat" in stranger.json()["error"]
        unknown = client.get("/api/tables/nosuchtable/hint", params={"token": tokens[0]})
        assert unknown.status_code == 404
        missing = client.get(f"/api/tables/{table}/hint")
        assert missing.status_code == 422
        assert "token" in missing.json()["error"]
