"""Refusals say what was wrong and what is allowed, in the language spoken and at 80 columns:
bots that cannot play a game, bad bot parameters, refused actions, menu numbers, hints, the
in-game help, the start menu's options and the replay's one-line steps."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import moonbase
from moonbase import i18n
from moonbase.cli.errors import BadInput
from moonbase.cli.menu import choose_options
from moonbase.cli.narrators.welcome_to_the_moon import ending
from moonbase.cli.play import HELP
from moonbase.cli.prompts import Prompter, lines
from moonbase.cli.recap import recap
from moonbase.cli.replay import Replay, one_line
from moonbase.cli.seats import check_seat
from moonbase.cli.simulate import read_agents
from moonbase.cli.table import Table
from moonbase.i18n import gettext as _
from tests.cli.playing import shown_playing
from tests.cli.terminal import run


@pytest.mark.parametrize(
    ("game", "agents"),
    [
        ("moon-leap", "planner,random"),
        ("moons", "random,planner,random,random"),
        ("welcome-to-the-moon", "planner,random"),
    ],
)
def test_simulate_refuses_a_bot_that_cannot_play_the_game_before_playing(
    game: str, agents: str
) -> None:
    status, shown = run("simulate", game, "-a", agents, "-n", "10", "-j", "2")
    assert status == 2 and "Traceback" not in shown
    (line,) = [text for text in shown.splitlines() if text.strip()]
    title = moonbase.load(game).title
    assert line == (
        f"moonbase simulate: agent 'planner' does not play {title}; allowed: greedy, mcts, random"
    )


def test_read_agents_accepts_the_planner_for_moon_only() -> None:
    assert read_agents(["planner"], moonbase.load("moon")) == ["planner"]
    with pytest.raises(BadInput, match=r"^agent 'planner' does not play Moon Leap; allowed: "):
        read_agents(["planner,greedy"], moonbase.load("moon-leap"))


@pytest.mark.parametrize(
    ("spec", "wanted"),
    [
        ("mcts:iterations=abc", "(it must be a whole number of at least 1)"),
        ("mcts:iterations=0", "(it must be a whole number of at least 1)"),
        ("mcts:seconds=soon", "(it must be a number greater than 0)"),
        ("mcts:depth=-2", "(it must be a whole number of at least 0)"),
        ("mcts:prior=x", "(it must be a number of at least 0 and below 1)"),
    ],
)
def test_a_bad_bot_parameter_says_what_it_wants_and_the_bots_parameters(
    spec: str, wanted: str
) -> None:
    with pytest.raises(BadInput) as caught:
        check_seat(spec)
    message = str(caught.value)
    assert wanted in message
    assert "its parameters: iterations, seconds, c, rollout" in message
    assert "invalid literal" not in message and "could not convert" not in message
    assert "allowed: human" not in message, "a bot's own error, not the seat kinds"


def test_an_unknown_seat_still_lists_the_seat_kinds() -> None:
    with pytest.raises(BadInput, match=r"^seat 'oracle': unknown agent 'oracle'; allowed: human, "):
        check_seat("oracle")
    with pytest.raises(BadInput, match=r"^seat 'mcts:width=3': agent 'mcts' has no parameter"):
        check_seat("mcts:width=3")


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
def test_a_refused_action_never_lists_every_action(lang: str) -> None:
    game = moonbase.load("moon", mode="competitive", players=3, hackers="none,none,none")
    table = Table(game.new(seed=2), ["human", "greedy", "random"])
    with i18n.speaking(lang):
        shown = shown_playing(table, ["foo", "quit"])
    refused = [line for line in shown.splitlines() if "'foo'" in line]
    assert len(refused) == 1, shown
    assert "AND A B" not in refused[0] and "XOR" not in refused[0], refused[0]


def test_every_whole_number_is_read_as_a_menu_number() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=3), ["human", "random"])
    shown = shown_playing(table, ["-1", "0", "+99", "quit"])
    for number in ("-1", "0", "99"):
        assert f"Not allowed: there is no action {number}: the menu goes from 1 to " in shown
    assert "is not an action of Moon Leap" not in shown


def test_a_hint_says_suggested_once() -> None:
    table = Table(moonbase.load("moon-leap").new(seed=3), ["human", "random"])
    shown = shown_playing(table, ["hint", "quit"])
    assert "Suggested: MOVE" in shown
    assert "Hint: Suggested" not in shown


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
def test_the_help_fits_80_columns(lang: str) -> None:
    with i18n.speaking(lang):
        text = _(HELP)
    too_long = [line for line in text.splitlines() if len(line) > 80]
    assert not too_long, too_long


def test_one_hidden_outcome_is_not_told_in_the_plural() -> None:
    state = moonbase.load("moons", players=3).new(seed=3)
    hidden = {len(state.history) - 1: "DEAL ?"}  # the last card dealt: hidden from seat 0
    with i18n.speaking("pl"):
        (line,) = recap(state, 0, len(state.history) - 2, ["a", "b", "c"], hidden=hidden)
    assert "1 ukrytych" not in line, line
    (line,) = recap(state, 0, len(state.history) - 2, ["a", "b", "c"], hidden=hidden)
    assert line.endswith("; 1 hidden from you"), line


def test_a_single_system_error_box_is_not_told_in_the_plural() -> None:
    view = {"ended": [{"trigger": "last-error", "seat": 0, "side": 0, "sheet": 0, "boxes": 1}]}
    (line,) = [text for text in ending(view, ["seat 0"]) if "System Error" in text]
    assert "marked its 1 System Error box of its half" in line, line


def test_the_start_menu_options_fit_80_columns_and_explain_a_bad_word() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    game, _forced = choose_options(Prompter(console, lines(["foo", ""])), "moon-leap")
    shown = out.getvalue()
    assert game.name == "moon-leap"
    prompt = next(line for line in shown.splitlines() if "KEY=VALUE: change" in line)
    assert len(prompt.partition("reset: ")[0] + "reset: ") <= 80
    refused = next(line for line in shown.splitlines() if "Not changed" in line)
    assert "'foo' is neither a preset nor KEY=VALUE" in refused
    assert "--option" not in refused and "players=2" in refused


def test_replay_steps_never_write_a_full_stop_before_a_semicolon() -> None:
    assert one_line(["ASTRA: score 23 → 26.", "seat 0's sheet: score 4 → 6."]) == (
        "ASTRA: score 23 → 26; seat 0's sheet: score 4 → 6."
    )
    state = moonbase.load("welcome-to-the-moon", players=2).new(seed=4)
    rng = random.Random(4)
    while not state.is_over and len(state.history) < 400:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    replay = Replay(Table(state, ["random", "random"]), None)
    told = [replay.describe(step) for step in range(replay.last + 1)]
    assert any("sheet: score" in text for text in told), "the sheets' scores are told"
    assert not [text for text in told if ".;" in text]
