"""Saving a game at the terminal, continuing it with the same seats, and replaying it."""

from __future__ import annotations

import json
from pathlib import Path

import moonbase
from tests.cli.terminal import Terminal


def _panel(segment: str) -> str:
    """The last table drawn in ``segment``."""
    start = segment.rindex("╭─")
    return segment[start : segment.index("╯", start) + 1]


def test_save_then_load_continues_with_the_same_seats_and_replay_steps(tmp_path: Path) -> None:
    saved = tmp_path / "leap.json"
    terminal = Terminal(
        "play", "moon-leap", "--seed", "3", "--seat", "human,random", "--no-skip-forced"
    )
    terminal.wait_for("seat 0 (you) > ")
    terminal.type("1")
    before = terminal.wait_for("seat 0 (you) > ")
    assert "seat 1 (random): MOVE" in before
    terminal.type(f"save {saved}")
    terminal.wait_for(f"Continue it with: moonbase load {saved}")
    terminal.quit()
    assert terminal.finish() == 0

    body = json.loads(saved.read_text())
    assert body["format"] == "moonbase-table" and body["version"] == 1
    assert body["seats"] == ["human", "random"]
    state = moonbase.from_json(body["save"])
    assert state.game.name == "moon-leap" and len(state.history) == 5

    again = Terminal("load", str(saved), "--no-skip-forced")
    shown = again.wait_for("seat 0 (you) > ")
    assert "Seats: seat 0 (you), seat 1 (random)." in shown
    assert _panel(shown) == _panel(before), "the loaded table is the saved one"
    again.type("1")
    assert "seat 1 (random): MOVE" in again.wait_for("seat 0 (you) > ")
    again.quit()
    assert again.finish() == 0

    replay = Terminal("replay", str(saved), "--seat", "0")
    assert "step 0 of 2 · view of seat 0 (you)" in replay.wait_for("replay > ")
    replay.type("")
    step = replay.wait_for("replay > ")
    assert "step 1 of 2 · view of seat 0 (you)" in step
    assert (
        "\nseat 0 (you): MOVE 1 — a1 from the reserve to space 1 (worth −3); chance: ROLL" in step
    )
    replay.type("b")
    assert "step 0 of 2" in replay.wait_for("replay > ")
    replay.type("last")
    assert "\nseat 1 (random): MOVE" in replay.wait_for("replay > ")
    replay.type("next")
    assert "This is the last step (steps go from 0 to 2)." in replay.wait_for("replay > ")
    replay.type("spectator")
    assert "step 2 of 2 · view of the spectator" in replay.wait_for("replay > ")
    replay.type("seat 7")
    assert "Unknown replay command 'seat 7'" in replay.wait_for("replay > ")
    replay.type("q")
    assert replay.finish() == 0


def test_a_plain_state_save_loads_with_every_seat_a_person(tmp_path: Path) -> None:
    state = moonbase.load("moon-leap").new(seed=3)
    state.apply(0, state.legal_actions(0)[0])
    saved = tmp_path / "plain.json"
    saved.write_text(state.to_json())
    terminal = Terminal("load", str(saved))
    shown = terminal.wait_for("press Enter when nobody else is looking.")
    assert "Seats: seat 0, seat 1." in shown and "Pass the screen to seat 1." in shown
    terminal.type("")
    terminal.wait_for("seat 1 > ")
    terminal.quit()
    assert terminal.finish() == 0
