"""Whole games of every game through the API: every seat and a spectator get exactly what the
engine gives them, at every step, by GET, by the action's answer and by the live push."""

from __future__ import annotations

import random
from typing import Any

import pytest

import moonbase
from tests.server.harness import (
    act,
    expected,
    join,
    new_table,
    next_of,
    serving,
    state,
    without_type,
)

GAMES = [
    ("moon", {}, 3),
    ("moon", {"mode": "competitive", "players": 2, "max_rounds": 2}, 4),
    ("moon-leap", {}, 5),
    ("moons", {"players": 3, "tokens_per_planet": 1}, 2),
    ("welcome-to-the-moon", {"players": 2}, 6),
]


@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_a_whole_game_seen_by_every_seat_and_a_spectator(
    db_url: str, name: str, options: dict[str, Any], seed: int
) -> None:
    mirror = moonbase.load(name, **options).new(seed=seed)
    seats = mirror.game.seats
    rng = random.Random(seed)
    with serving(db_url) as client:
        table = new_table(client, name, ["human"] * seats, options=options, seed=seed)
        tid = table["id"]
        tokens = [join(client, tid, seat) for seat in range(seats)]
        with (
            client.websocket_connect(f"/api/tables/{tid}/live") as watcher,
            client.websocket_connect(f"/api/tables/{tid}/live?token={tokens[0]}") as seat0,
        ):
            assert without_type(next_of(watcher, "state")) == expected(mirror, None, 0)
            assert without_type(next_of(seat0, "state")) == expected(mirror, 0, 0)
            version = 0
            while not mirror.is_over:
                for seat in range(seats):
                    assert state(client, tid, tokens[seat]) == expected(mirror, seat, version)
                assert state(client, tid) == expected(mirror, None, version)
                seat = rng.choice(mirror.to_act)
                action = rng.choice(mirror.legal_actions(seat))
                response = act(client, tid, tokens[seat], version, action)
                assert response.status_code == 200, response.text
                mirror.apply(seat, action)
                version += 1
                assert response.json() == expected(mirror, seat, version)
                assert without_type(next_of(watcher, "state")) == expected(mirror, None, version)
                assert without_type(next_of(seat0, "state")) == expected(mirror, 0, version)
        listed = client.get(f"/api/tables/{tid}").json()
        assert (listed["status"], listed["version"]) == ("over", version)
        assert mirror.is_over


@pytest.mark.parametrize(("name", "options", "seed"), [GAMES[3], GAMES[4]])
def test_the_replay_is_the_game_as_each_viewer_saw_it_step_by_step(
    db_url: str, name: str, options: dict[str, Any], seed: int
) -> None:
    game = moonbase.load(name, **options)
    mirror = game.new(seed=seed)
    rng = random.Random(seed)
    with serving(db_url) as client:
        tid = new_table(client, name, ["human"] * game.seats, options=options, seed=seed)["id"]
        tokens = [join(client, tid, seat) for seat in range(game.seats)]
        while not mirror.is_over:
            seat = rng.choice(mirror.to_act)
            action = rng.choice(mirror.legal_actions(seat))
            version = state(client, tid)["version"]
            assert act(client, tid, tokens[seat], version, action).status_code == 200
            mirror.apply(seat, action)
        for viewer in (None, 0, 1):
            params = {"token": tokens[viewer]} if viewer is not None else {}
            replay = client.get(f"/api/tables/{tid}/replay", params=params).json()
            assert replay["over"] is True
            assert len(replay["steps"]) == len(mirror.history) + 1
            step_by_step = game.new(seed=seed, chance="explicit")
            assert replay["steps"][0]["view"] == expected(step_by_step, viewer, 0)["view"]
            for step, (who, action) in zip(replay["steps"][1:], mirror.history, strict=True):
                step_by_step.apply(who, action)
                seen = expected(step_by_step, viewer, 0)
                assert step["entry"] == seen["log"][-1]
                assert step["view"] == seen["view"]
            assert replay["steps"][-1]["view"] == expected(mirror, viewer, 0)["view"]
