"""The table file: seats and the state's save, read back exactly; damage is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import moonbase
from moonbase.cli.errors import BadInput
from moonbase.cli.table import Table, load_table, read_table


def _table() -> Table:
    state = moonbase.load("moon-leap", players=3).new(seed=2)
    state.apply(0, state.legal_actions(0)[0])
    return Table(state, ["human", "mcts:iterations=20", "greedy"])


def test_a_table_file_round_trips(tmp_path: Path) -> None:
    table = _table()
    path = table.save(tmp_path / "table.json")
    body = json.loads(path.read_text())
    assert list(body) == ["format", "version", "seats", "save"]
    assert body["seats"] == ["human", "mcts:iterations=20", "greedy"]
    again = load_table(path)
    assert again.seats == table.seats and again.state == table.state
    assert again.state.to_json() == table.state.to_json()


def test_a_plain_save_is_read_with_every_seat_a_person() -> None:
    table = read_table(_table().state.to_json())
    assert table.seats == ["human", "human", "human"] and table.humans == [0, 1, 2]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda body: body.update(version=2), "table file version 2 is not supported"),
        (lambda body: body.pop("seats"), "damaged table file: missing seats"),
        (lambda body: body.update(seats=["human"]), "1 seat listed for a game of 3"),
        (lambda body: body.update(seats="human"), "'seats' must be a list of seat specs"),
        (lambda body: body.update(save=[]), "'save' must be an object"),
        (lambda body: body["seats"].__setitem__(1, "oracle"), "seat 'oracle': unknown agent"),
        (lambda body: body["save"].update(seed=3), "checksum does not match"),
        (lambda body: body.update(format="chess"), "'format' is 'chess'"),
    ],
)
def test_damage_is_refused_with_the_reason(change: object, reason: str) -> None:
    body = json.loads(_table().to_json())
    assert callable(change)
    change(body)
    with pytest.raises(moonbase.CorruptSave, match=reason.replace("(", r"\(").replace(")", r"\)")):
        read_table(json.dumps(body))


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"no such file: .*give the path of a saved game"):
        load_table(tmp_path / "missing.json")
    with pytest.raises(BadInput, match="is a folder"):
        load_table(tmp_path)
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe")
    with pytest.raises(BadInput, match="not a moonbase save"):
        load_table(tmp_path / "bad.json")
