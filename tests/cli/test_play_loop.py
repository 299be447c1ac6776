"""The play loop driven in-process with typed lines: commands, bots, chance and the end."""

from __future__ import annotations

from pathlib import Path

import pytest

import moonbase
from moonbase.cli import play
from moonbase.cli.table import Table, load_table
from moonbase.core import State
from tests.cli.playing import play_typed

_play = play_typed


def test_commands_are_answered_and_the_game_goes_on(tmp_path: Path) -> None:
    table = Table(moonbase.load("moon").new(seed=5), ["human"])
    typed = ["help", "rules", "actions", "table", "save", f"save {tmp_path}/x/y.json", "hint",
             f"save {tmp_path}/moon.json", "fly me", "quit"]  # fmt: skip
    status, shown = _play(table, typed)
    assert status == 0
    assert "undo          take back your last action" in shown
    assert "The cooperative game (one crew)" in shown
    assert "save needs a file name, e.g. save mygame.json" in shown
    assert f"Cannot save to {tmp_path}/x/y.json: No such file or directory." in shown
    assert "Suggested now: " in shown and "Hint: " not in shown
    assert load_table(tmp_path / "moon.json").state == table.state
    assert "Not allowed: 'fly me' is not an action of MOON (FLY is not an operation)." in shown
    assert shown.rstrip().endswith("Game left unfinished.")


def test_a_game_of_bots_plays_itself_to_the_scores() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=8), ["random", "greedy"])
    status, shown = _play(table, [])
    assert status == 0 and table.state.is_over
    assert "seat 0 (random): MOVE" in shown and "seat 1 (greedy): MOVE" in shown
    assert "Final scores" in shown
    winners = table.state.winners()
    assert f"seat {winners[0]} (" in shown.split("Final scores")[1]


def test_a_lost_moon_game_says_so() -> None:
    table = Table(moonbase.load("moon").new(seed=5), ["human"])
    status, shown = _play(table, ["END"] * 60)
    assert status == 0 and table.state.is_over and not table.state.winners()
    assert "The game is lost. Score: 3." in shown


def test_end_of_input_leaves_the_game() -> None:
    table = Table(moonbase.load("moon").new(seed=5), ["human"])
    status, shown = _play(table, ["inc b"])
    assert status == 0 and "Input ended: the game is left unfinished." in shown


def test_a_bot_that_cannot_play_the_game_gives_its_seat_to_a_random_bot() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=8), ["planner", "random"])
    status, shown = _play(table, [])
    assert status == 0 and table.state.is_over
    assert shown.count("seat 0 (planner) cannot play here (") == 1
    assert "a random bot plays for it." in shown


class _Mistaken:
    """A bot with a bug: it plays an action that is not legal."""

    def choose(self, observed: State, seat: int) -> str:
        return "NO SUCH MOVE"


def test_a_bot_s_bug_is_not_hidden_by_giving_its_seat_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(play, "make_bot", lambda spec, seed: _Mistaken())
    table = Table(moonbase.load("moon-leap").new(seed=8), ["random", "random"])
    with pytest.raises(moonbase.IllegalAction, match="NO SUCH MOVE"):
        _play(table, [])


def test_explicit_chance_saves_are_resolved_automatically() -> None:
    state = moonbase.load("moon-leap").new(seed=2, chance="explicit")
    table = Table(state, ["random", "random"])
    status, shown = _play(table, [])
    assert status == 0 and table.state.is_over and "chance: ROLL" in shown
