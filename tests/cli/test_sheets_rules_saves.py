"""Commands of the play loop: every Welcome to the Moon sheet is public (``sheet N``,
``sheets``, a summary per seat), ``rules`` pages the adventure played, ``save`` asks before
overwriting and ``quit`` offers to save."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

import moonbase
from moonbase.cli.table import Table, load_table
from tests.cli.playing import shown_playing
from tests.cli.terminal import Terminal

_play = functools.partial(shown_playing, width=120)


def test_any_seat_s_sheet_can_be_looked_at_and_every_seat_is_summed_up() -> None:
    game = moonbase.load("welcome-to-the-moon", players=2)
    table = Table(game.new(seed=2), ["human", "greedy"])
    typed = ["help", "1", "sheet 1", "sheets", "sheet 7", "sheet one", "quit", "n"]
    shown = _play(table, typed)
    answers = dict(zip(typed, shown.split("seat 0 (you) > ")[1:], strict=False))
    assert "sheet N       Welcome to the Moon: seat N's sheet" in answers["help"]
    looked = answers["sheet 1"]
    assert "seat 1's sheet" in looked and "ROB1" in looked and "errors" in looked
    assert "your sheet" not in looked
    assert "your sheet (seat 0)" in answers["sheets"] and "seat 1's sheet" in answers["sheets"]
    assert "Sorry: there is no seat '7'; allowed: sheet 0 to sheet 1." in shown
    assert "Sorry: there is no seat 'one'; allowed: sheet 0 to sheet 1." in shown
    header = next(line for line in shown.splitlines() if "missions" in line and "spaces" in line)
    assert header.strip("│ ").split()[:5] == ["seat", "score", "errors", "missions", "spaces"]
    assert any(line.split()[-1:] == ["0/53"] or "0/53" in line for line in shown.splitlines())
    moon_game = Table(moonbase.load("moon").new(seed=5), ["human"])
    assert "Sorry: MOON has no sheets" in _play(moon_game, ["sheet 0", "quit"])


def test_rules_in_a_game_are_the_adventure_played_and_paged() -> None:
    pager = {"PAGER": "sed 's/^/PAGED /'"}
    terminal = Terminal(
        "play", "welcome-to-the-moon", "-o", "adventure=3", "-s", "human,greedy",
        "--seed", "2", term="xterm", env=pager,
    )  # fmt: skip
    terminal.wait_for("seat 0 (you) >")
    terminal.answer("rules")
    paged = [line for line in terminal.wait_for("seat 0 (you) >").splitlines() if "PAGED" in line]
    text = "\n".join(paged)
    assert len(paged) > 40, "the rules went through the pager"
    assert "Adventure 3 — The Colony" in text and "A turn" in text
    assert "Adventure 1 — The Launch" not in text and "Solo: against ASTRA" not in text
    terminal.quit()
    assert terminal.finish() == 0

    paged_rules = Terminal("rules", "moon-leap", term="xterm", env=pager)
    assert paged_rules.finish() == 0
    assert paged_rules.text.count("PAGED ") > 40 and "MOVE 1+4" in paged_rules.text


def test_save_asks_before_overwriting_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    target = Path("leap.json")
    target.write_text("my notes\n")
    table = Table(moonbase.load("moon-leap").new(seed=3), ["human", "random"])
    typed = [f"save {target}", "n", f"save {target}", "y", "quit"]
    shown = _play(table, typed)
    assert shown.count(f"{target} exists. Overwrite it? [y/N] ") == 2
    assert "Not saved." in shown
    assert shown.count(f"Saved to {target}. Continue it with: moonbase load {target}") == 1
    assert json.loads(target.read_text())["format"] == "moonbase-table"
    assert "Save the game before leaving?" not in shown, "nothing was played since the save"


def test_quit_offers_to_save_what_was_played(tmp_path: Path) -> None:
    table = Table(moonbase.load("moon").new(seed=5), ["human"])
    shown = _play(table, ["inc b", "quit", "y", str(tmp_path / "moon.json")])
    assert "Save the game before leaving? [y/N] " in shown
    assert f"Saved to {tmp_path / 'moon.json'}." in shown
    assert shown.rstrip().endswith("Game left unfinished.")
    assert load_table(tmp_path / "moon.json").state == table.state

    untouched = Table(moonbase.load("moon").new(seed=5), ["human"])
    shown = _play(untouched, ["quit"])
    assert "Save the game" not in shown and "Game left unfinished." in shown
    declined = Table(moonbase.load("moon").new(seed=5), ["human"])
    shown = _play(declined, ["inc b", "quit", "n"])
    assert "Save the game before leaving? [y/N] " in shown and "Saved" not in shown
