"""Moon Leap's board: the standard table, shipped boards, and board files good and bad."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import moonbase
from moonbase.games.moon_leap import MoonLeapGame
from moonbase.games.moon_leap.track import (
    BOARDS_FOLDER,
    STANDARD,
    STANDARD_VALUES,
    load_board,
    shipped_boards,
)
from tests.games.moon_leap.helpers import layout, play, write_board

GOOD = {"values": [-3, -1, 0, 2, 5, 9], "barriers": {"2": 2, "3": 3, "4": 4}}


def test_standard_board_matches_every_known_fact_of_the_printed_board() -> None:
    values = STANDARD_VALUES
    assert len(values) == 37
    assert values[:3] == (-3, -3, -3)
    assert all(value < 0 for value in values[:7])
    assert all(value >= 0 for value in values[7:])
    assert values[-3:] == (20, 25, 30)
    assert min(values) == -3
    assert max(values) == 30
    assert values.count(0) >= 10
    assert [STANDARD.barrier(players) for players in (2, 3, 4)] == [10, 13, 16]


def test_only_the_barrier_for_the_player_count_is_active() -> None:
    for players, barrier in ((2, 10), (3, 13), (4, 16)):
        state = moonbase.load("moon-leap", players=players).new()
        assert state.view(None)["barrier"] == barrier


def test_players_option_allows_two_to_four() -> None:
    assert moonbase.load("moon-leap").seats == 2
    assert moonbase.load("moon-leap", players="4").seats == 4
    for bad in (1, 5, "two"):
        with pytest.raises(moonbase.InvalidOption, match="option 'players'"):
            moonbase.load("moon-leap", players=bad)


def test_a_board_file_replaces_the_values_and_barriers(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(GOOD))
    game = moonbase.load("moon-leap", players=3, board=str(path))
    assert game.options["board"] == str(path.resolve())
    state = game.new(chance="explicit")
    view = state.view(None)
    assert [entry["value"] for entry in view["track"]] == GOOD["values"]
    assert view["barrier"] == 3
    play(state, "0: 4 MOVE 4")
    assert state.scores()[0] == 4 * -3 - 5 * 11


def test_a_board_file_is_read_once_when_the_game_is_created(tmp_path: Path) -> None:
    path = Path(write_board(tmp_path, [1, 2, 3, 4, 5]))
    game = moonbase.load("moon-leap", board=str(path))
    path.unlink()
    state = game.new(seed=4)
    assert len(state.view(None)["track"]) == 5
    with pytest.raises(moonbase.InvalidOption, match="no board file"):
        moonbase.load("moon-leap", board=str(path))


def test_relative_paths_are_kept_as_absolute_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mine.json").write_text(json.dumps(GOOD))
    monkeypatch.chdir(tmp_path)
    game = moonbase.load("moon-leap", board="mine.json")
    assert game.options["board"] == str((tmp_path / "mine.json").resolve())


def test_shipped_boards_are_named_by_their_bare_file_name() -> None:
    assert "short.json" in shipped_boards()
    assert (BOARDS_FOLDER / "short.json").is_file()
    for name in ("short", "short.json", " short.json "):
        game = moonbase.load("moon-leap", board=name)
        assert game.options["board"] == "short.json"
    data = json.loads((BOARDS_FOLDER / "short.json").read_text())
    assert list(load_board("short.json").values) == data["values"]
    assert moonbase.load("moon-leap", board="STANDARD").options["board"] == "standard"


def test_presets_include_the_shipped_custom_board() -> None:
    presets = MoonLeapGame.presets
    assert presets["2p"] == {"players": 2}
    assert presets["3p"] == {"players": 3}
    assert presets["4p"] == {"players": 4}
    game = moonbase.load("moon-leap", **presets["custom-board"])
    assert game.seats == 3
    assert game.board.spaces == len(
        json.loads((BOARDS_FOLDER / "short.json").read_text())["values"]
    )
    state = game.new(seed=2, chance="explicit")
    play(state, "0: 1 MOVE 1")
    assert layout(state, 2) == "a1 ."


def _write(folder: Path, content: object) -> str:
    path = folder / "board.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def _with(**changes: object) -> dict[str, object]:
    data: dict[str, object] = json.loads(json.dumps(GOOD))
    data.update(changes)
    return data


def _barriers(**changes: object) -> dict[str, object]:
    barriers = dict(GOOD["barriers"])
    barriers.update({key.removeprefix("p"): value for key, value in changes.items()})
    return _with(barriers={key: value for key, value in barriers.items() if value is not None})


BAD_BOARDS = [
    pytest.param("{not json", "is not JSON", id="not-json"),
    pytest.param("", "is not JSON", id="empty-file"),
    pytest.param([1, 2, 3, 4], "must be a JSON object", id="not-an-object"),
    pytest.param({"barriers": GOOD["barriers"]}, "has no 'values'", id="no-values"),
    pytest.param({"values": GOOD["values"]}, "has no 'barriers'", id="no-barriers"),
    pytest.param(_with(colour="red"), "unexpected key 'colour'", id="unexpected-key"),
    pytest.param(_with(values="-3,0,5"), "'values' must be a list", id="values-not-a-list"),
    pytest.param(_with(values=[0, "5", 1, 2]), 'has "5" for space 2', id="value-text"),
    pytest.param(_with(values=[0, 1, 2.5, 3]), "has 2.5 for space 3", id="value-fraction"),
    pytest.param(_with(values=[0, 1, 2, True]), "has true for space 4", id="value-bool"),
    pytest.param(_with(values=[0, None, 2, 3]), "has null for space 2", id="value-null"),
    pytest.param(_with(values=[0, 10, 30]), "has 3 spaces; a track needs at least 4", id="short"),
    pytest.param(_with(values=[]), "has 0 spaces", id="no-spaces"),
    pytest.param(_with(barriers=[10, 13, 16]), "'barriers' must be an object", id="barrier-list"),
    pytest.param(_barriers(p4=None), "no barrier for 4 players", id="no-barrier-4"),
    pytest.param(_barriers(p2=None), "no barrier for 2 players", id="no-barrier-2"),
    pytest.param(_barriers(p5=3), "'barriers' has '5'", id="barrier-for-5"),
    pytest.param(_barriers(p3="3"), 'barrier for 3 players is "3"', id="barrier-text"),
    pytest.param(_barriers(p3=2.5), "barrier for 3 players is 2.5", id="barrier-fraction"),
    pytest.param(_barriers(p2=0), "after space 0, outside the track", id="barrier-before-start"),
    pytest.param(_barriers(p2=-4), "after space -4, outside the track", id="barrier-negative"),
    pytest.param(_barriers(p4=6), "after space 6, outside the track", id="barrier-after-last"),
    pytest.param(_barriers(p4=40), "after space 40, outside", id="barrier-beyond-track"),
]


@pytest.mark.parametrize(("content", "message"), BAD_BOARDS)
def test_a_damaged_board_file_is_refused_with_what_is_wrong(
    tmp_path: Path, content: object, message: str
) -> None:
    path = _write(tmp_path, content)
    with pytest.raises(moonbase.InvalidOption, match="option 'board'") as caught:
        moonbase.load("moon-leap", board=path)
    assert message in str(caught.value)
    assert path in str(caught.value)


def test_a_missing_board_file_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "board.json"
    with pytest.raises(moonbase.InvalidOption, match="no board file at") as caught:
        moonbase.load("moon-leap", board=str(missing))
    assert str(missing) in str(caught.value)
    assert "standard, short.json" in str(caught.value)
    with pytest.raises(moonbase.InvalidOption, match="no board file"):
        moonbase.load("moon-leap", board="no-such-shipped-board")


def test_a_folder_or_binary_file_is_not_a_board(tmp_path: Path) -> None:
    with pytest.raises(moonbase.InvalidOption, match="is not a file"):
        moonbase.load("moon-leap", board=str(tmp_path))
    binary = tmp_path / "board.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(moonbase.InvalidOption, match="not UTF-8"):
        moonbase.load("moon-leap", board=str(binary))


def test_a_board_option_must_be_text() -> None:
    with pytest.raises(moonbase.InvalidOption, match="option 'board'"):
        moonbase.load("moon-leap", board=7)
    with pytest.raises(moonbase.InvalidOption, match="option 'board'"):
        moonbase.load("moon-leap", board="   ")


@pytest.mark.parametrize("text", ["board\x00.json", "b" * 5000, "~no-such-user-here/board.json"])
def test_text_that_cannot_be_a_file_name_is_refused(text: str) -> None:
    with pytest.raises(moonbase.InvalidOption, match="cannot be a file name") as caught:
        moonbase.load("moon-leap", board=text)
    assert "standard, short.json" in str(caught.value)
