"""Every end trigger of every game is told in words, and every final score part by part:
the narrators phrase what the final view says (``ended``, ``score_parts``, ``solo_score``),
so each ending here is a real game brought to it through actions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import moonbase
from moonbase.cli.narration import breakdown, ending
from moonbase.core import State
from tests.endings import first_ending
from tests.games.moon import helpers as moon
from tests.games.moon_leap.helpers import TINY_VALUES, write_board
from tests.games.moon_leap.helpers import play as leap

LABELS = [f"seat {seat} (bot)" for seat in range(6)]


def _told(state: State) -> tuple[list[str], list[str]]:
    """The ending and the breakdown told to every seat and to the spectator (all the same:
    the end and the scores are public)."""
    labels = LABELS[: state.game.seats]
    told = {
        (tuple(ending(state.game, view, labels)), tuple(breakdown(state.game, view, labels)))
        for view in (state.view(seat) for seat in [*range(state.game.seats), None])
    }
    assert len(told) == 1, told
    why, scores = told.pop()
    return list(why), list(scores)


def _sum_told(terms: str) -> int:
    """The value of a told sum: ``launch 75 − errors 5``; a bracket (``side 1 (plants 4 −
    errors 5 = −1; nothing from water)``) counts as its own result, checked to be its sum."""

    def bracket(match: re.Match[str]) -> str:
        inner, _, result = match.group(2).split("; ")[0].rpartition(" = ")
        assert _sum_told(inner) == int(result.replace("−", "-")), match.group(0)
        return f"half {result}"

    total = 0
    flat = re.sub(r"(side \d) \(([^()]*)\)", bracket, terms)  # one named "half"
    for sign, value in re.findall(r"(^|[+−]) ?[A-Za-z ]+ (−?\d+)", flat):
        amount = int(value.replace("−", "-"))
        total += -amount if sign == "−" else amount
    return total


# ---------------------------------------------------------------------- MOON
def test_moon_a_won_mission_is_told_with_the_goals_setup_copied() -> None:
    state = moon.new()
    moon.play_to_win(state)
    why, scores = _told(state)
    assert why == ["Every goal is solved and the deck is empty: the mission is won."]
    assert scores == [
        "seat 0 (bot): 16 goals solved (3 copied into the registers at setup + 13 solved in "
        "play) = 16"
    ]


def test_moon_a_lost_mission_names_the_goal_that_was_too_slow() -> None:
    state = moon.new(difficulty="master")
    moon.draw(state, "1000")
    for card in ("1001", "1010", "1011"):
        moon.play(state, 0, "END")
        moon.draw(state, card)
    moon.play(state, 0, "END")
    why, scores = _told(state)
    assert why == [
        "Goal 1000 had to move up past slot 4: the CPU was too slow, the mission is lost."
    ]
    assert scores == ["seat 0 (bot): 0 goals solved = 0"], "master copies no goal at setup"


def test_moon_a_draw_from_the_empty_deck_is_told_with_the_seat() -> None:
    state = moon.new(mode="competitive", bugs=0, energy=20)
    moon.empty_the_deck(state)
    why, scores = _told(state)
    assert why == ["seat 0 (bot) had to draw a card and the deck was empty."]
    assert scores[0].startswith("seat 0 (bot): 15 goals solved (0001, 0010, ")
    assert scores[1] == "seat 1 (bot): 0 goals solved = 0"


@pytest.mark.parametrize(
    ("rounds", "last", "told", "solved"),
    [(1, 10, "Its one round was played.", 9), (2, 15, "All 2 rounds were played.", 14)],
)
def test_moon_the_last_round_is_told_even_when_the_deck_is_empty(
    rounds: int, last: int, told: str, solved: int
) -> None:
    state = moon.new(mode="competitive", bugs=0, energy=20, max_rounds=rounds)
    moon.solve_in_counting_order(state, last)
    assert (state.view(0)["deck"] == 0) == (last == 15)
    if state.to_act == (0,):
        moon.play(state, 0, "END")
    moon.play(state, 1, "END")
    why, scores = _told(state)
    assert why == [told]
    goals = ", ".join(f"{value:04b}" for value in range(1, solved + 1))
    assert scores[0] == f"seat 0 (bot): {solved} goals solved ({goals}) = {solved}"


# ---------------------------------------------------------------------- Moon Leap
def test_moon_leap_tells_the_move_that_took_the_last_space_and_every_token(
    tmp_path: Path,
) -> None:
    board = write_board(tmp_path, TINY_VALUES)
    state = moonbase.load("moon-leap", players=2, board=board).new(chance="explicit")
    leap(state, *(f"{seat}: 1 MOVE 1" for _ in range(4) for seat in (0, 1)))
    leap(state, "0: * MOVE 2", "1: 2 MOVE 2", "0: 2 MOVE 2", "1: 2 MOVE 2", "0: 2 MOVE 2")
    leap(state, "1: 2 MOVE 2")
    why, scores = _told(state)
    assert why == ["The last three spaces (6, 7 and 8) are all taken, the last by seat 1 (bot)."]
    assert scores == [
        "seat 0 (bot): a1 on space 7: 1×5 = 5 · a2 on space 5: 2×3 = 6 · "
        "a3, a4, a5 in the reserve: −60 · total −49",
        "seat 1 (bot): b1 on space 8: 1×6 = 6 · b2 on space 6: 2×4 = 8 · "
        "b3, b4, b5 in the reserve: −60 · total −46",
    ]
    assert state.scores() == [-49.0, -46.0]


# ---------------------------------------------------------------------- Moons
MOONS_ENDINGS = [
    ({"supply-empty"}, {"tokens_per_planet": 6}, ["The token supply is empty."]),
    ({"last-round"}, {"mini_asteroids": False},
     ["All 3 rounds are played: every player has been first player once."]),
    ({"supply-empty", "last-round"}, {},
     ["The token supply is empty.",
      "All 3 rounds are played: every player has been first player once."]),
]  # fmt: skip


@pytest.mark.parametrize(("codes", "options", "expected"), MOONS_ENDINGS)
def test_moons_each_ending_is_told_and_each_score_adds_up(
    codes: set[str], options: dict[str, object], expected: list[str]
) -> None:
    state = first_ending("moons", codes, seeds=60, players=3, **options)
    why, scores = _told(state)
    assert why == expected
    for seat, line in enumerate(scores):
        tokens = " ".join(f"{p[0]}{n}" for p, n in state.view(None)["tokens"][seat].items())
        assert line.startswith(f"seat {seat} (bot): tokens {tokens} — ")
        summed = line.split(" — ", 1)[1].split("; ")[0]
        terms, _, result = summed.rpartition(" = ")
        told = 0
        for term in terms.split(" + "):  # "2 sets × 10", "2 × SET-BONUS (2 sets × 6)"
            shape = re.fullmatch(r"(\d+) (?:sets?|triples?|singles?) × (\d+)", term)
            shape = shape or re.fullmatch(r"(?:\d+ × )?[A-Z-]+ \((\d+) [A-Za-z ]+ × (\d+)\)", term)
            assert shape, term
            told += int(shape.group(1)) * int(shape.group(2))
        assert int(result) == state.scores()[seat] == told, line


# ---------------------------------------------------------------------- Welcome to the Moon
WELCOME_ENDINGS = [
    ("all-missions", "greedy", {"players": 2, "adventure": 7},
     r"seat \d \(bot\) accomplished all three missions\."),
    ("all-spaces", "greedy", {"players": 2, "adventure": 6},
     r"seat \d \(bot\) filled every number space\."),
    ("last-error", "random", {"players": 3, "adventure": 1},
     r"seat \d \(bot\) marked the last of its 8 System Error boxes\."),
    ("last-error", "random", {"players": 3, "adventure": 4},
     r"seat \d \(bot\) marked the last of its 3 System Error boxes\."),
    ("launch", "greedy", {"players": 2, "adventure": 1},
     r"seat \d \(bot\) launched the rocket: every launch rocket crossed, no error left\."),
    ("astra-rockets", "random", {"players": 1, "adventure": 1},
     r"ASTRA crossed the last of her 81 rockets\."),
    ("deck-out", "greedy", {"players": 1, "adventure": 1},
     r"Only (1 starship card|[02] starship cards) left, and a turn needs 3: the deck would "
     r"run out a second time, so the game ends before that turn\."),
    ("all-spaces", "random", {"players": 3, "adventure": 8},
     r"Every space of the battlefield on seat \d \(bot\)'s sheet is filled\."),
    ("all-spaces", "random", {"players": 1, "adventure": 8},
     r"Every space of ASTRA's battlefield is filled\."),
    ("last-error", "random", {"players": 3, "adventure": 8},
     r"seat \d \(bot\) marked both System Error boxes of its half on (its own sheet|"
     r"seat \d \(bot\)'s sheet)\."),
    ("last-error", "random", {"players": 1, "adventure": 8},
     r"seat 0 \(bot\) marked both System Error boxes of its half on (its own sheet|"
     r"ASTRA's battlefield)\."),
]  # fmt: skip


@pytest.mark.parametrize(("code", "bots", "options", "told"), WELCOME_ENDINGS)
def test_welcome_each_end_trigger_is_told(
    code: str, bots: str, options: dict[str, object], told: str
) -> None:
    state = first_ending("welcome-to-the-moon", {code}, bots, **options)
    why, scores = _told(state)
    assert why and all(re.fullmatch(told, line) for line in why), why
    if code == "last-error" and options["adventure"] == 8 and options["players"] == 3:
        for entry, line in zip(state.view(None)["ended"], why, strict=True):
            owner = entry["sheet"]
            assert (f"its half on {LABELS[owner]}'s sheet" in line) == (owner != entry["seat"])
    for seat, line in enumerate(scores[: state.game.seats]):
        summed = re.sub(r"; nothing from [^()]*$", "", line.split(": ", 1)[1])
        terms, _, result = summed.rpartition(" = ")
        sheet = state.view(None)["sheets"][seat]["score"]
        assert int(result.replace("−", "-")) == sheet == _sum_told(terms), line


def test_welcome_solo_tells_the_score_as_the_sheet_less_astra() -> None:
    state = first_ending("welcome-to-the-moon", {"astra-rockets"}, players=1, adventure=1)
    _, scores = _told(state)
    astra = state.view(None)["astra"]
    sheet = state.view(None)["sheets"][0]["score"]
    assert scores[1] == f"ASTRA (level {astra['level']}, {astra['name']}): {astra['score']}"
    result = str(int(state.scores()[0])).replace("-", "−")
    assert scores[2] == (
        f"Solo score: sheet {str(sheet).replace('-', '−')} − ASTRA {astra['score']} = {result}"
    )
