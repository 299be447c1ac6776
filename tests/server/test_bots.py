"""Bots in any seat, played in worker processes within a time budget, resumed after a
restart; a person playing against them sees exactly their own view."""

from __future__ import annotations

import moonbase
from moonbase.core import State
from tests.server.harness import (
    act,
    expected,
    join,
    new_table,
    next_of,
    serving,
    state,
    wait_until,
    without_type,
)


def _replayed(game: moonbase.Game, seed: int, log: list[list[object]]) -> State:
    """The state a full history reaches (Moon Leap hides nothing, so a log is the history)."""
    replayed = game.new(seed=seed, chance="explicit")
    for seat, action in log:
        assert isinstance(seat, int) and isinstance(action, str)
        replayed.apply(seat, action)
    final = game.new(seed=seed)
    for seat, action in replayed.history:
        if seat >= 0:
            final.apply(seat, action)
    assert final.history == replayed.history
    return final


def test_a_person_plays_a_whole_game_against_a_bot(db_url: str) -> None:
    game = moonbase.load("moon-leap")
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["greedy", "human"], seed=3)["id"]
        token = join(client, tid, 1, "Ada")
        with client.websocket_connect(f"/api/tables/{tid}/live?token={token}") as socket:
            pushed = without_type(next_of(socket, "state"))
            while pushed["to_act"]:
                if 1 in pushed["to_act"]:
                    mirror = _replayed(game, 3, pushed["log"])
                    assert pushed == expected(mirror, 1, pushed["version"])
                    action = pushed["legal"][0]
                    answer = act(client, tid, token, pushed["version"], action)
                    assert answer.status_code == 200, answer.text
                pushed = without_type(next_of(socket, "state"))
            final = _replayed(game, 3, pushed["log"])
            assert final.is_over
            assert pushed == expected(final, 1, pushed["version"])
        assert client.get(f"/api/tables/{tid}").json()["status"] == "over"


def test_bots_in_every_seat_play_a_game_to_its_end(sqlite_url: str) -> None:
    with serving(sqlite_url, bot_workers=2) as client:
        tid = new_table(client, "moons", ["greedy", "random", "greedy"], seed=2,
                        options={"players": 3, "tokens_per_planet": 1})["id"]  # fmt: skip
        wait_until(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "over")
        log = state(client, tid)["log"]
    assert log, "the bots played"


def test_a_bot_over_its_budget_is_replaced_by_a_legal_move(sqlite_url: str) -> None:
    with serving(sqlite_url, bot_budget=0.05) as client:
        tid = new_table(client, "moon-leap", ["mcts:iterations=200000", "human"], seed=3)["id"]
        join(client, tid, 1)
        wait_until(lambda: 0 not in state(client, tid)["to_act"], seconds=10)
        body = state(client, tid)
        assert body["version"] == 1
        assert body["log"][1][0] == 0  # seat 0 moved: a legal move, by the rules' own check


def test_a_bot_past_its_budget_stops_thinking_and_holds_up_no_other(sqlite_url: str) -> None:
    # One worker: a bot asked for a billion iterations must leave it free once its budget ends,
    # so the next table's bot is answered by its own choice, not by a random fallback.
    with serving(sqlite_url, bot_budget=3.0) as client:
        endless = new_table(client, "moon-leap", ["mcts:iterations=1000000000", "human"], seed=3)
        join(client, endless["id"], 1)
        wait_until(lambda: 0 not in state(client, endless["id"])["to_act"], seconds=20)
        bots = client.app.state.bots
        assert len(bots.fallbacks) == 1 and endless["id"] in bots.fallbacks[0]
        quick = new_table(client, "moon-leap", ["greedy", "human"], seed=4)["id"]
        join(client, quick, 1)
        wait_until(lambda: 0 not in state(client, quick)["to_act"], seconds=20)
        assert len(bots.fallbacks) == 1, bots.fallbacks


def test_a_restart_resumes_the_bots(db_url: str) -> None:
    with serving(db_url) as client:
        tid = new_table(client, "moon-leap", ["human", "greedy"], seed=6)["id"]
        token = join(client, tid, 0)
        action = state(client, tid, token)["legal"][0]
    # the server stopped before the bot was asked: it moves once the next one starts
    with serving(db_url) as client:
        assert act(client, tid, token, 0, action).status_code == 200
    with serving(db_url) as client:
        wait_until(lambda: 0 in state(client, tid)["to_act"])
        assert state(client, tid)["version"] >= 2


def test_a_bot_that_refuses_the_game_is_replaced_by_legal_moves(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        options = {"players": 3, "tokens_per_planet": 1}
        table = new_table(client, "moons", ["planner", "random", "random"], seed=2, options=options)

        def seat_0_moved() -> bool:
            return any(seat == 0 for seat, _ in state(client, table["id"])["log"])

        wait_until(seat_0_moved)
        failures = client.app.state.bots.failures
    assert failures
    assert all("the planner plays MOON" in failure for failure in failures)
