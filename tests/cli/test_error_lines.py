"""Bad input on the command line: one clear line saying what is wrong and what is allowed,
exit status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import moonbase
from tests.cli.terminal import run

CASES = [
    (("play", "chess"), "moonbase play: unknown game 'chess'; allowed: moon, moon-leap, moons"),
    (
        ("play", "moons", "--option", "players=9"),
        "moonbase play: option 'players': '9' is not allowed; allowed: 2, 3, 4, 5, 6",
    ),
    (
        ("play", "moon", "--option", "difficulty"),
        "moonbase play: option 'difficulty': write KEY=VALUE, e.g. --option players=3",
    ),
    (
        ("play", "moon-leap", "--seat", "human", "--seat", "oracle"),
        "moonbase play: seat 'oracle': unknown agent 'oracle'; allowed: human, greedy, mcts",
    ),
    (
        ("play", "moon-leap", "--seat", "human"),
        "moonbase play: 2 seats to fill but 1 --seat given; give one per seat",
    ),
    (
        ("play", "moon", "--colour", "red"),
        "moonbase play: No such option '--colour'; allowed: --no-skip-forced, --option, --preset, "
        "--seat, --seed, --skip-forced",
    ),
    (("play", "moon", "--seed", "soon"), "moonbase play: Invalid value for '--seed': 'soon'"),
    (("play",), "moonbase play: Missing argument 'GAME'; allowed: moon, moon-leap, moons"),
    (("fly",), "moonbase: No such command 'fly'; allowed: games, lab, load, play, replay, rules"),
    (("load", "no-such-game.json"), "moonbase load: no such file: 'no-such-game.json'"),
    (
        ("play", "moon", "--preset", "coop-extreme"),
        "moonbase play: unknown preset 'coop-extreme' of moon; allowed: coop-easy, coop-normal",
    ),
    (("rules", "chess"), "moonbase rules: unknown game 'chess'; allowed: moon"),
]


@pytest.mark.parametrize(("args", "line"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_bad_command_lines_get_one_clear_line(args: tuple[str, ...], line: str) -> None:
    status, shown = run(*args)
    assert status == 2
    assert "Traceback" not in shown
    lines = [text for text in shown.splitlines() if text.strip()]
    assert len(lines) == 1, shown
    assert lines[0].startswith(line), shown


def test_a_damaged_save_is_refused_in_one_line(tmp_path: Path) -> None:
    state = moonbase.load("moon").new(seed=4)
    state.apply(0, "INC B")
    body = json.loads(state.to_json())
    body["history"][-1][1] = "INC C"
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(body))
    status, shown = run("load", str(damaged))
    assert status == 2 and "Traceback" not in shown
    assert shown.strip() == (
        f"moonbase load: {damaged}: damaged save: the checksum does not match the contents"
    )
    damaged.write_text('{"format": "moonbase-table", "version": 1, "seats": ["human"]}')
    status, shown = run("replay", str(damaged))
    assert status == 2
    assert shown.strip() == f"moonbase replay: {damaged}: damaged table file: missing save"
    damaged.write_text("not json at all")
    status, shown = run("load", str(damaged))
    assert status == 2
    assert (
        shown.strip()
        == f"moonbase load: {damaged}: not a moonbase save: not JSON (Expecting value at line 1, "
        "column 1)"
    )
