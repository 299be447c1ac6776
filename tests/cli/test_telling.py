"""What the play loop tells of each action — register bits, moves, goals, token awards, round
summaries, revealed turns — agrees with the table, and the end says why and how it was scored."""

from __future__ import annotations

import functools
import io
import random
import re
from collections import Counter

import pytest
from rich.console import Console

import moonbase
from moonbase.cli.narration import Chronicle
from moonbase.cli.recap import hidden_entries, recap
from moonbase.cli.renderers import moon, moons
from moonbase.cli.table import Table
from tests.cli.playing import shown_playing

_play = functools.partial(shown_playing, width=120)


def test_each_bot_operation_tells_what_it_did_to_the_registers() -> None:
    game = moonbase.load("moon", mode="competitive", players=2)
    table = Table(game.new(seed=11), ["greedy", "greedy"])
    shown = _play(table, [])
    changes = re.findall(
        r"seat \d \(greedy\): ([A-Z]+) ([A-D]|RAM)\b[^—\n]* — (\S+) ([01]{4})"
        r"(?: → ([01]{4})| \(unchanged\))",
        shown,
    )
    assert len(changes) > 20
    registers = dict.fromkeys("ABCD", "0000")
    for operation, target, named, old, new in changes:
        assert named == target, f"{operation} {target} tells the register it writes"
        if target == "RAM":
            continue
        assert old == registers[target], "each change starts where the last one left it"
        registers[target] = new or old
    final = table.state.view(None)["registers"]
    assert registers == final


def test_cooperative_goals_solved_are_announced_one_by_one() -> None:
    table = Table(moonbase.load("moon", difficulty="normal").new(seed=4), ["planner"])
    start = table.state.view(None)["solved"]
    shown = _play(table, [])
    solved = re.findall(r"Goal ([01]{4}) solved: A shows it! (\d+) goals? solved so far", shown)
    end = table.state.view(None)["solved"]
    assert [int(count) for _, count in solved] == list(range(start + 1, end + 1))
    assert "Every goal is solved and the deck is empty: the mission is won." in shown
    assert f"seat 0 (planner): {end} goals solved" in shown


def test_competitive_goals_solved_are_announced_with_the_seat() -> None:
    game = moonbase.load("moon", mode="competitive", players=3)
    table = Table(game.new(seed=3), ["greedy"] * 3)
    shown = _play(table, [])
    solved = Counter(re.findall(r"seat (\d) \(greedy\) solved a goal: [01]{4}!", shown))
    assert sum(solved.values()) > 0
    assert [solved[str(seat)] for seat in range(3)] == [int(s) for s in table.state.scores()]
    assert re.search(r"All 30 rounds were played\.|the deck was empty", shown)


def test_moon_leap_moves_are_told_from_where_to_where() -> None:
    table = Table(moonbase.load("moon-leap", players=3).new(seed=6), ["greedy", "random", "greedy"])
    shown = _play(table, [])
    moves = re.findall(
        r"([a-c][1-5]) from (the reserve|space \d+) to space (\d+) \(worth (-?\d+|−\d+)\)", shown
    )
    where: dict[str, str] = {}
    for token, start, end, _ in moves:
        assert start == where.get(token, "the reserve"), f"{token} moves on from where it was"
        where[token] = f"space {end}"
    view = table.state.view(None)
    on_track = {
        f"{'abc'[entry['token']['seat']]}{entry['token']['number']}": f"space {entry['space']}"
        for entry in view["track"]
        if entry["token"] is not None
    }
    assert where == on_track
    assert re.search(r"The last three spaces \(35, 36 and 37\) are all taken, the last by ", shown)
    assert "The barrier after space 13 is crossed" in shown
    scored = shown.split("How the scores are made:")[1].splitlines()
    for seat, score in enumerate(table.state.scores()):
        line = next(line for line in scored if line.startswith(f"  seat {seat} ("))
        parts = [int(value.replace("−", "-")) for value in re.findall(r"= (−?\d+)", line)]
        parts += [int(v.replace("−", "-")) for v in re.findall(r"in the reserve: (−?\d+)", line)]
        assert sum(parts) == score and line.endswith(f"total {int(score)}".replace("-", "−"))


def test_moons_tokens_are_all_told_and_each_round_is_summed_up() -> None:
    game = moonbase.load("moons", players=3, mini_asteroids=False)
    table = Table(game.new(seed=8), ["greedy", "random", "greedy"])
    shown = _play(table, [])
    labels = table.labels
    told: dict[int, Counter[str]] = {seat: Counter() for seat in range(3)}
    for seat, planet in re.findall(r"seat (\d) \(\w+\): TAKE (\w+)", shown):
        told[int(seat)][planet] += 1
    for seat, what in re.findall(r"seat (\d) \(\w+\) gets (.+?) for ", shown):
        for count, planet in re.findall(r"(\d+) (\w+) tokens?", what):
            told[int(seat)][planet.upper()] += int(count)
    final = table.state.view(None)["tokens"]
    for seat in range(3):
        assert +told[seat] == +Counter(final[seat]), f"{labels[seat]}: every token is told"
    rounds = re.findall(r"End of round (\d) of 3\. Tricks won: (.+)\.", shown)
    assert [number for number, _ in rounds] == ["1", "2", "3"][: len(rounds)] and rounds
    for _, tricks in rounds[:-1]:
        assert sum(int(n) for n in re.findall(r"\) (\d+)", tricks)) == 17
    assert re.search(r"The token supply is empty\.|All 3 rounds are played: ", shown)
    assert "lowest off-suit card" in shown and re.search(r"gets 1 \w+ token for ", shown)


def test_a_hidden_multi_step_turn_is_told_whole_once_revealed() -> None:
    game = moonbase.load("welcome-to-the-moon", players=3, adventure=2)
    table = Table(game.new(seed=5), ["human", "greedy", "greedy"])
    chronicle = Chronicle(game, table.labels, [0, None])
    table.watch(chronicle.record)
    rng = random.Random(2)
    told_steps: list[str] = []
    hidden_told = 0
    start = len(table.state.history)
    multi_step = False
    while not table.state.is_over and table.state.view(None)["turn"] <= 12:
        seat = table.state.to_act[0]
        table.act(seat, rng.choice(table.state.legal_actions(seat)))
        for line in chronicle.tell(table.state, 0, start):
            if line.startswith("seat 1 (greedy), now shown: "):
                steps = line.split(": ", 1)[1].split(", then ")
                multi_step = multi_step or len(steps) > 1
                told_steps.extend(steps)
            elif line == "seat 1 (greedy): made a choice you cannot see yet":
                hidden_told += 1
            elif line.startswith("seat 1 (greedy): "):
                told_steps.append(line.split(": ", 1)[1].split(" — ")[0])
        start = len(table.state.history)
    history = table.state.history
    done = [action for seat, action in history if seat == 1]
    still_hidden = {index for index in hidden_entries(table.state, 0, 0) if history[index][0] == 1}
    # (Which entries are hidden is found by resampling, which may judge a step whose text every
    # resample repeats to be known: told at once rather than at the reveal. Hence counts.)
    assert Counter(told_steps) == Counter(done[: len(done) - len(still_hidden)]), "each, once"
    assert hidden_told > 0, "steps are hidden until revealed"
    assert multi_step, "some turn had several steps, told together once revealed"


def _told_sum(told: str) -> int:
    """The sum a breakdown writes before its ``=``: ``plants 4 − errors 5`` is −1."""
    total = 0
    for sign, value in re.findall(r"(^|[+−]) ?[a-z ]+ (−?\d+)", told):
        amount = int(value.replace("−", "-"))
        total += -amount if sign == "−" else amount
    return total


def test_the_end_says_why_and_breaks_every_score_down() -> None:
    game = moonbase.load("welcome-to-the-moon", players=2, adventure=3)
    table = Table(game.new(seed=2), ["greedy", "greedy"])
    shown = _play(table, [])
    assert re.search(r"(marked the last of its 3 System Error boxes|accomplished all three "
                     r"missions|filled every number space)\.", shown)  # fmt: skip
    scored = shown.split("How the scores are made:")[1].splitlines()
    penalties = 0
    for seat, score in enumerate(table.state.scores()):
        line = next(line for line in scored if line.startswith(f"  seat {seat} ("))
        told = line.split("): ", 1)[1].split("; nothing from ")[0]
        terms, _, result = told.rpartition(" = ")
        assert int(result.replace("−", "-")) == score and _told_sum(terms) == score, line
        penalties += terms.count(" − ")
    assert penalties, "a penalty is told as what it takes off"


def test_counts_are_told_in_the_right_number() -> None:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    view = moonbase.load("moon", mode="competitive").new(seed=1).view(0)
    console.print(moon.render({**view, "deck": 1}))
    moons_view = moonbase.load("moons", players=3).new(seed=3).view(0)
    console.print(moons.render({**moons_view, "hand": ["S3"]}))
    shown = console.file.getvalue()
    assert "deck 1 card " in shown and "deck 1 cards" not in shown
    assert "your hand (1 card)" in shown
    state = moonbase.load("moon").new(seed=3)
    start = len(state.history)
    state.apply(0, "END")  # a goal is waiting: the one drawn goes face down
    assert recap(state, 0, start, ["seat 0"]) == ["seat 0: END", "chance: 1 outcome hidden"]


ENDINGS = [
    ("moon", r"the mission is (lost|won)\."),
    ("moon-leap", r"The last three spaces \(35, 36 and 37\) are all taken, the last by seat"),
    ("moons", r"The token supply is empty\.|All 4 rounds are played: every player has been "),
    ("welcome-to-the-moon", r"accomplished all three missions|filled every number space|"
     r"marked the last of its 8 System Error boxes|launched the rocket"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "why"), ENDINGS)
def test_every_game_says_why_it_ended(name: str, why: str) -> None:
    game = moonbase.load(name)
    table = Table(game.new(seed=1), ["random"] * game.seats)
    after = _play(table, []).split("─ Game over ─")[1]
    assert re.search(why, after)
    scores = after.split("How the scores are made:")[1].splitlines()
    assert len([line for line in scores if line.startswith("  seat ")]) == game.seats
