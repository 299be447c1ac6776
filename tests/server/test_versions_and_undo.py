"""Stale versions get a full sync, illegal actions the reason and what is allowed, and undo
follows the terminal's policy; none of them changes anything they refuse."""

from __future__ import annotations

import moonbase
from tests.server.harness import act, expected, join, log_rows, new_table, serving, state


def test_a_stale_version_gets_409_with_a_full_sync_and_changes_nothing(db_url: str) -> None:
    mirror = moonbase.load("moon-leap").new(seed=5)
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=5)["id"]
        tokens = [join(client, tid, 0), join(client, tid, 1)]
        assert act(client, tid, tokens[0], 0, "MOVE 3").status_code == 200
        mirror.apply(0, "MOVE 3")
        rows = log_rows(db_url)
        response = act(client, tid, tokens[1], 0, mirror.legal_actions(1)[0])
        assert response.status_code == 409
        body = response.json()
        assert "stale" in body["error"]
        assert body["state"] == expected(mirror, 1, 1)
        assert log_rows(db_url) == rows
        assert state(client, tid, tokens[1]) == expected(mirror, 1, 1)


def test_an_illegal_action_gets_422_with_the_reason_and_the_allowed_actions(db_url: str) -> None:
    mirror = moonbase.load("moon-leap").new(seed=5)
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=5)["id"]
        tokens = [join(client, tid, 0), join(client, tid, 1)]
        for token, seat, action in [
            (tokens[0], 0, "MOVE 9"),
            (tokens[0], 0, "fly to the moon"),
            (tokens[1], 1, "MOVE 1"),  # seat 1 is not to act
        ]:
            response = act(client, tid, token, 0, action)
            assert response.status_code == 422, response.text
            body = response.json()
            assert body["allowed"] == mirror.legal_actions(seat)
            assert body["reason"]
            assert action in body["error"]
        assert log_rows(db_url) == []
        assert state(client, tid) == expected(mirror, None, 0)


def test_a_token_acts_for_its_own_seat_only(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=5)["id"]
        token = join(client, tid, 1)
        join(client, tid, 0)
        response = client.post(
            f"/api/tables/{tid}/actions",
            json={"token": token, "version": 0, "action": "MOVE 3", "seat": 0},
        )
        assert response.status_code == 403
        assert "seat 1" in response.json()["error"]
        assert state(client, tid)["version"] == 0


def test_undo_takes_back_a_persons_own_action_of_this_turn(db_url: str) -> None:
    mirror = moonbase.load("moon").new(seed=5)
    with serving(db_url) as client:
        tid = new_table(client, "moon", ["human"], seed=5)["id"]
        token = join(client, tid, 0)
        before = expected(mirror, 0, 0)
        assert act(client, tid, token, 0, "INC B").status_code == 200
        response = client.post(f"/api/tables/{tid}/undo", json={"token": token})
        assert response.status_code == 200, response.text
        body = response.json()
        assert body.pop("undone") == "INC B"
        assert body == {**before, "version": 2}
        refused = client.post(f"/api/tables/{tid}/undo", json={"token": token})
        assert refused.status_code == 409
        assert "nothing of yours to undo" in refused.json()["error"]
        kinds = [(version, kind) for _, version, _, kind, _ in log_rows(db_url)]
        assert kinds == [(1, "act"), (2, "undo")]


def test_undo_never_crosses_chance_and_survives_a_restart(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "human"], seed=5)["id"]
        tokens = [join(client, tid, 0), join(client, tid, 1)]
        assert act(client, tid, tokens[0], 0, "MOVE 3").status_code == 200
        refused = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
        assert refused.status_code == 409
        assert "a chance event followed it" in refused.json()["error"]
    with serving(db_url) as client:  # the undo stack is rebuilt from the log
        refused = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
        assert "a chance event followed it" in refused.json()["error"]
        moon = new_table(client, "moon", ["human"], seed=5)["id"]
        token = join(client, moon, 0)
        assert act(client, moon, token, 0, "INC B").status_code == 200
    with serving(db_url) as client:
        response = client.post(f"/api/tables/{moon}/undo", json={"token": token})
        assert response.status_code == 200, response.text
        assert response.json()["undone"] == "INC B"


def test_concurrent_actions_on_one_version_are_serialised_never_both_applied(
    db_url: str,
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    with serving(db_url) as client:
        tid = new_table(client, "moon", ["human"], seed=5)["id"]
        token = join(client, tid, 0)
        actions = state(client, tid, token)["legal"][:8]
        with ThreadPoolExecutor(len(actions)) as pool:
            answers = list(pool.map(lambda a: act(client, tid, token, 0, a), actions))
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200] + [409] * (len(actions) - 1)
        done = next(a for answer, a in zip(answers, actions, strict=True) if answer.is_success)
        mirror = moonbase.load("moon").new(seed=5)
        mirror.apply(0, done)
        assert state(client, tid, token) == expected(mirror, 0, 1)
        assert [row[1:] for row in log_rows(db_url)] == [(1, 0, "act", done)]


def test_a_simultaneous_choice_stays_current_while_the_others_make_theirs(db_url: str) -> None:
    """Moons' tableaus are chosen at once: seat 1 chose on version 0 while seat 0's choice
    came first, and nothing seat 1 may do has changed, so its version 0 is not stale."""
    game = moonbase.load("moons", players=3, mini_asteroids=False)
    mirror = game.new(seed=5)
    with serving(db_url) as client:
        tid = new_table(client, "moons", ["human", "human", "human"], seed=5,
                        options={"players": 3, "mini_asteroids": False})["id"]  # fmt: skip
        tokens = [join(client, tid, seat) for seat in range(3)]
        version = state(client, tid, tokens[0])["version"]
        assert mirror.to_act == (0, 1, 2)
        choices = [mirror.legal_actions(seat)[0] for seat in range(3)]
        assert act(client, tid, tokens[0], version, choices[0]).status_code == 200
        again = act(client, tid, tokens[0], version, mirror.legal_actions(0)[-1])
        assert again.status_code == 409, "its own choice made, seat 0's version is stale"
        assert act(client, tid, tokens[1], version, choices[1]).status_code == 200
        for seat in (0, 1):
            mirror.apply(seat, choices[seat])
        assert state(client, tid, tokens[2]) == expected(mirror, 2, version + 2)


def test_an_undo_refusal_is_told_in_the_language_of_whoever_asks(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "greedy"], seed=5)["id"]
        token = join(client, tid, 0)
        polish = {"lang": "pl"}
        assert client.post(
            f"/api/tables/{tid}/actions",
            params=polish,
            json={"token": token, "version": 0, "action": "MOVE 3"},
        ).is_success  # played by a Polish client: the reason is recorded then
        for lang, words in (("en", "a chance event followed it"), ("pl", "losowanie")):
            refused = client.post(
                f"/api/tables/{tid}/undo", params={"lang": lang}, json={"token": token}
            )
            assert refused.status_code == 409
            assert words in refused.json()["error"], (lang, refused.json())
        english = client.post(f"/api/tables/{tid}/undo", json={"token": token}).json()["error"]
        assert "losowanie" not in english
