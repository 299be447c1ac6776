"""``moonbase serve`` as a user starts it: a process on loopback that prints its URL, serves
the API, resumes its tables when started again on the same database, and loses no
acknowledged action when killed outright."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import moonbase
from moonbase.cli.main import main
from tests.server.harness import expected
from tests.server.processes import free_port, get, post, serve


def test_moonbase_serve_prints_its_url_and_loses_no_acknowledged_action_to_a_sigkill(
    tmp_path: Path,
) -> None:
    database = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    mirror = moonbase.load("moon-leap").new(seed=9)
    rng = random.Random(9)
    with serve(database, tmp_path / "errors.log") as served:
        base = served.base
        assert served.line.startswith(f"moonbase server on {base}/")
        table = {"game": "moon-leap", "seats": ["human", "human"], "seed": 9}
        tid = post(f"{base}/api/tables", table)["id"]
        joined = [post(f"{base}/api/tables/{tid}/join", {"seat": s, "name": "p"}) for s in (0, 1)]
        tokens = [seat["token"] for seat in joined]
        for version in range(20):
            seat = mirror.to_act[0]
            action = rng.choice(mirror.legal_actions(seat))
            body = {"token": tokens[seat], "version": version, "action": action}
            answer = post(f"{base}/api/tables/{tid}/actions", body)
            mirror.apply(seat, action)  # acknowledged
            assert answer == expected(mirror, seat, version + 1)
        served.kill()  # mid-game, no shutdown
    with serve(database, tmp_path / "errors.log") as served:  # resumes the table
        base = served.base
        seat = mirror.to_act[0]
        assert get(f"{base}/api/tables/{tid}/state?token={tokens[seat]}") == expected(
            mirror, seat, 20
        )
        action = mirror.legal_actions(seat)[0]
        body = {"token": tokens[seat], "version": 20, "action": action}
        answer = post(f"{base}/api/tables/{tid}/actions", body)
        mirror.apply(seat, action)
        assert answer == expected(mirror, seat, 21)


@pytest.mark.parametrize(
    ("database", "status", "words"),
    [
        ("mysql://someone@host/db", 2, "allowed: sqlite:///FILE, postgresql://"),
        ("postgresql://nobody@127.0.0.1:{port}/none", 1, "cannot open the database"),
        ("sqlite:////no/such/folder/x.sqlite3", 1, "there is no folder /no/such/folder"),
    ],
    ids=["foreign", "unreachable", "no-folder"],
)
def test_a_database_that_cannot_be_used_is_one_line_not_a_traceback(
    database: str, status: int, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    database = database.format(port=free_port())  # a port nothing listens on
    assert main(["serve", "--port", str(free_port()), "--database", database]) == status
    err = capsys.readouterr().err
    assert words in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
