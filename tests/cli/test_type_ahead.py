"""Turns are never lost unseen: a turn that ends by itself says so, and what was typed before a
prompt appeared (while the bots played) is thrown away, with a word, at a terminal.

The game is the one from issue 12: competitive MOON, seed 11, seat 0 a person. INC costs 2 of
the 4 energy, so a second INC ends the turn by itself.
"""

from __future__ import annotations

import pytest

import moonbase
from moonbase.cli.table import Table
from tests.cli.playing import shown_playing
from tests.cli.terminal import ENTER, Terminal

COMPETITIVE = ("-o", "mode=competitive", "-o", "players=3", "--seed", "11")
TURN_ENDED = "Your turn ended by itself"
IGNORED = "(Ignored what was typed before this question: end.)"


_play = shown_playing


def test_a_competitive_turn_that_ends_by_itself_says_so_before_the_bots_play() -> None:
    game = moonbase.load("moon", mode="competitive", players=3)
    shown = _play(Table(game.new(seed=11), ["human", "greedy", "greedy"]), ["inc a", "inc a"])
    assert shown.count(TURN_ENDED) == 1
    told = shown.split(TURN_ENDED)
    assert "seat 1 (greedy):" not in told[0] and "seat 1 (greedy):" in told[1]
    assert "seat 0 to play with energy 2" in told[0]


def test_ending_a_turn_with_end_is_not_told_as_ending_by_itself() -> None:
    game = moonbase.load("moon", mode="competitive", players=3)
    shown = _play(Table(game.new(seed=11), ["human", "greedy", "greedy"]), ["inc a", "end"])
    assert TURN_ENDED not in shown and "ended by itself" not in shown


def test_a_cooperative_round_that_ends_by_itself_says_so() -> None:
    shown = _play(Table(moonbase.load("moon").new(seed=5), ["human"]), ["inc b", "rol b"])
    assert "Round 1 ended by itself" in shown
    assert "round 2" in shown.split("Round 1 ended by itself")[1]


def test_in_hot_seat_a_turn_that_ended_by_itself_is_told_when_the_screen_comes_back() -> None:
    game = moonbase.load("moon", mode="competitive", players=3)
    table = Table(game.new(seed=11), ["human", "human", "greedy"])
    shown = _play(table, ["", "inc a", "inc a", "", "end", "", "quit"])
    back = shown.rsplit("Pass the screen to seat 0", 1)[1]
    assert "Since your last turn:" in back and TURN_ENDED in back


@pytest.mark.parametrize("term", ["xterm", "dumb"])
def test_a_line_typed_with_the_last_one_is_not_taken_for_the_next_turn(term: str) -> None:
    terminal = Terminal("play", "moon", *COMPETITIVE, "-s", "human,greedy,greedy", term=term)
    terminal.wait_for("seat 0 (you) >")
    terminal.answer("inc a")
    terminal.wait_for("seat 0 (you) >")
    terminal.keys("inc a" + ENTER + "end" + ENTER)
    told = terminal.wait_for(IGNORED)
    assert TURN_ENDED in told and "seat 2 (greedy):" in told
    assert "seat 0 to play with energy 4" in told.rsplit(TURN_ENDED, 1)[1]
    terminal.wait_for("seat 0 (you) >")
    terminal.quit()
    assert terminal.finish() == 0


@pytest.mark.parametrize("term", ["xterm", "dumb"])
def test_end_typed_while_the_bots_play_does_not_end_the_next_turn(term: str) -> None:
    bots = "human,greedy,mcts:seconds=0.5"
    terminal = Terminal("play", "moon", *COMPETITIVE, "-s", bots, term=term, timeout=60)
    terminal.wait_for("seat 0 (you) >")
    terminal.answer("inc a")
    terminal.wait_for("seat 0 (you) >")
    terminal.answer("inc a")
    terminal.wait_for("seat 1 (greedy): ")
    terminal.type("end")
    told = terminal.wait_for(IGNORED)
    assert "seat 2 (mcts:seconds=0.5):" in told
    assert "seat 0 to play with energy 4" in told.rsplit("seat 2 (mcts", 1)[1]
    terminal.wait_for("seat 0 (you) >")
    terminal.answer("table")
    assert "seat 0 to play with energy 4" in terminal.wait_for("seat 0 (you) >")
    terminal.quit()
    assert terminal.finish() == 0
