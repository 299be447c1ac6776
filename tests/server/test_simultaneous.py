"""Simultaneous decisions: each seat's choice is taken on its own, and nothing of it reaches
another seat or a spectator — by GET or by push — before the rules reveal it."""

from __future__ import annotations

import json

import moonbase
from tests.server.harness import act, expected, join, new_table, next_of, serving, without_type


def test_a_moons_tableau_stays_hidden_until_every_seat_has_chosen(sqlite_url: str) -> None:
    mirror = moonbase.load("moons", players=3).new(seed=3)
    assert mirror.to_act == (0, 1, 2)  # the tableaus are chosen at once
    with serving(sqlite_url) as client:
        tid = new_table(client, "moons", ["human"] * 3, options={"players": 3}, seed=3)["id"]
        tokens = [join(client, tid, seat) for seat in range(3)]
        live = f"/api/tables/{tid}/live"
        with (
            client.websocket_connect(f"{live}?token={tokens[1]}") as seat1,
            client.websocket_connect(live) as watcher,
        ):
            next_of(seat1, "state")
            next_of(watcher, "state")
            cards = [f'"{card}"' for card in mirror.legal_actions(0)[0].split()[1:]]
            for version, seat in enumerate((0, 2, 1)):
                choice = mirror.legal_actions(seat)[0]
                assert act(client, tid, tokens[seat], version, choice).status_code == 200
                mirror.apply(seat, choice)
                seen1 = without_type(next_of(seat1, "state"))
                seen = without_type(next_of(watcher, "state"))
                assert seen1 == expected(mirror, 1, version + 1)
                assert seen == expected(mirror, None, version + 1)
                if version < 2:  # seat 0's cards, in its hand and then its tableau: unseen
                    for body in (seen1, seen):
                        assert not any(card in json.dumps(body) for card in cards)
            for body in (seen1, seen):  # all three chose: the tableaus are revealed
                assert all(card in json.dumps(body) for card in cards)
