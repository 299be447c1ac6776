"""Moon Leap's rules: every rulebook example and every decision of rules/moon-leap.md.

Positions are built from a fresh game through real turns with a scripted die (explicit chance
mode): ``"1: 4 MOVE 3+1"`` means the die shows 4 and seat 1 plays ``MOVE 3+1``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import moonbase
from moonbase.games.moon_leap import MoonLeapState
from tests.games.moon_leap.helpers import TINY_VALUES, layout, play, write_board


def new(players: int = 2, board: str = "standard") -> MoonLeapState:
    state = moonbase.load("moon-leap", players=players, board=board).new(chance="explicit")
    assert isinstance(state, MoonLeapState)
    return state


@pytest.fixture
def tiny(tmp_path: Path) -> str:
    """An 8-space board (barriers after space 1), for end-game positions."""
    return write_board(tmp_path, TINY_VALUES)


def legal_after_roll(state: MoonLeapState, face: str) -> list[str]:
    """The moves of the seat to roll if the die shows ``face`` (on a copy)."""
    copy = state.clone()
    copy.apply(moonbase.CHANCE, f"ROLL {face}")
    return copy.legal_actions(copy.turn)


# ---------------------------------------------------------------------- the die and the turn
def test_every_turn_starts_with_a_chance_roll_of_six_equal_faces() -> None:
    state = new()
    assert state.to_act == (moonbase.CHANCE,)
    assert state.view(None)["roll"] is None
    outcomes = state.chance_outcomes()
    assert [name for name, _ in outcomes] == [
        "ROLL 1",
        "ROLL 2",
        "ROLL 3",
        "ROLL 4",
        "ROLL 5",
        "ROLL *",
    ]
    assert all(probability == pytest.approx(1 / 6) for _, probability in outcomes)
    state.apply(moonbase.CHANCE, "ROLL 3")
    assert state.to_act == (0,)
    assert state.view(0)["roll"] == "3"
    assert state.legal_actions(0) == ["MOVE 3"]
    assert state.legal_actions(1) == []


def test_tokens_enter_on_the_first_free_space_and_jump_occupied_spaces() -> None:
    state = new()
    play(state, "0: 2 MOVE 2", "1: 5 MOVE 5", "0: 2 MOVE 2")
    # token a2 left space 1 for the next free space after it: space 3 (b5 stands on 2)
    assert layout(state, 4) == ". b5 a2 ."
    play(state, "1: 1 MOVE 1")
    assert layout(state, 4) == "b1 b5 a2 ."
    play(state, "0: 4 MOVE 4")  # a4 enters on the first free space, 4
    assert layout(state, 6) == "b1 b5 a2 a4 . ."
    play(state, "1: 1 MOVE 1")  # b1 jumps over three occupied spaces
    assert layout(state, 6) == ". b5 a2 a4 b1 ."
    play(state, "0: 2 MOVE 2", "1: 5 MOVE 5")  # a2 jumps to 6; b5 moves into the space it left
    assert layout(state, 7) == ". . b5 a4 b1 a2 ."
    assert state.space_of(0, 2) == 6
    assert state.space_of(1, 5) == 3
    assert state.reserve(0) == [1, 3, 5]


def test_a_star_moves_any_one_token_and_is_never_split() -> None:
    state = new()
    state.apply(moonbase.CHANCE, "ROLL *")
    assert state.legal_actions(0) == ["MOVE 1", "MOVE 2", "MOVE 3", "MOVE 4", "MOVE 5"]
    state.apply(0, "MOVE 4")  # any reserve token may enter
    assert layout(state, 2) == "a4 ."
    assert state.reserve(0) == [1, 2, 3, 5]
    # once the barrier is crossed, a ★ still moves exactly one token
    state = new(players=3)
    play(state, *CROSS_BY_PLACEMENT_3P, "1: 5 MOVE 5")
    assert state.split_allowed
    state.apply(moonbase.CHANCE, "ROLL *")
    assert state.legal_actions(2) == ["MOVE 1", "MOVE 2", "MOVE 3", "MOVE 4", "MOVE 5"]
    with pytest.raises(moonbase.IllegalAction, match="never split"):
        state.apply(2, "MOVE 1+2")


# ---------------------------------------------------------------------- the barrier and splits
RACE_2P = (
    "0: 1 MOVE 1",  # a1 on 1
    "1: 1 MOVE 1",  # b1 on 2
    "0: 1 MOVE 1",  # a1 jumps to 3
    "1: 1 MOVE 1",  # b1 jumps to 4
    "0: 2 MOVE 2",  # a2 enters on 1: seat 0 loses a tempo, b1 now leads the race
    "1: 1 MOVE 1",  # b1 5
    "0: 1 MOVE 1",  # a1 4
    "1: 1 MOVE 1",  # b1 6
    "0: 1 MOVE 1",  # a1 5
    "1: 1 MOVE 1",  # b1 7
    "0: 1 MOVE 1",  # a1 6
    "1: 1 MOVE 1",  # b1 8
    "0: 1 MOVE 1",  # a1 7
    "1: 1 MOVE 1",  # b1 9
    "0: 1 MOVE 1",  # a1 8
    "1: 1 MOVE 1",  # b1 10
    "0: 1 MOVE 1",  # a1 9
)


def test_the_barrier_crossed_by_the_other_player_enables_your_split() -> None:
    state = new()
    play(state, *RACE_2P)
    assert layout(state, 11) == "a2 . . . . . . . a1 b1 ."
    assert state.view(None)["barrier"] == 10
    assert not state.view(None)["split_allowed"]
    assert legal_after_roll(state, "3") == ["MOVE 3"]
    play(state, "1: 1 MOVE 1")  # b1 crosses the line after space 10
    assert layout(state, 11) == "a2 . . . . . . . a1 . b1"
    assert state.view(None)["split_allowed"]
    # seat 0 never crossed, but may split from now on: 3 as 1+2 in either order
    assert legal_after_roll(state, "3") == ["MOVE 1+2", "MOVE 2+1", "MOVE 3"]
    assert legal_after_roll(state, "4") == ["MOVE 1+3", "MOVE 3+1", "MOVE 4"]
    assert legal_after_roll(state, "5") == [
        "MOVE 1+4",
        "MOVE 2+3",
        "MOVE 3+2",
        "MOVE 4+1",
        "MOVE 5",
    ]
    assert legal_after_roll(state, "2") == ["MOVE 2"]
    play(state, "0: 3 MOVE 2+1")
    # a2 moved first (to 2), then a1 from 9 to the next free space after it, 10
    assert layout(state, 11) == ". a2 . . . . . . . a1 b1"


def test_splits_are_refused_before_the_barrier_is_crossed() -> None:
    state = new()
    play(state, "0: 1 MOVE 1", "1: 1 MOVE 1")
    state.apply(moonbase.CHANCE, "ROLL 3")
    assert state.legal_actions(0) == ["MOVE 3"]
    with pytest.raises(moonbase.IllegalAction, match="barrier after space 10"):
        state.apply(0, "MOVE 1+2")


CROSS_BY_PLACEMENT_3P = (
    *(f"{seat}: {number} MOVE {number}" for number in (1, 2, 3, 4) for seat in (0, 1, 2)),
    "0: 5 MOVE 5",  # spaces 1 to 13 are now full
)


def test_a_token_placed_beyond_the_line_also_crosses_it() -> None:
    state = new(players=3)
    play(state, *CROSS_BY_PLACEMENT_3P)
    assert state.barrier == 13
    assert layout(state, 14).endswith("a5 .")
    assert not state.split_allowed
    play(state, "1: 5 MOVE 5")  # b5 enters straight onto space 14, beyond the line
    assert state.space_of(1, 5) == 14
    assert state.split_allowed
    assert "MOVE 1+2" in legal_after_roll(state, "3")


# The rulebook's split example: a 4 split as 3 then 1 forms a row of three (another roll); as 1
# then 3, or as a plain 4, it does not. Here seat 1 (b) plays it.
SPLIT_EXAMPLE = (
    "0: * MOVE 2",
    "1: 3 MOVE 3",
    "0: 1 MOVE 1",
    "1: 1 MOVE 1",
    "0: * MOVE 4",
    "1: 5 MOVE 5",
    "0: 3 MOVE 3",
    "1: 2 MOVE 2",
    "0: 5 MOVE 5",
    "1: 5 MOVE 5",
    "0: 5 MOVE 5",
)


def test_rulebook_split_example_order_decides_the_extra_turn() -> None:
    state = new()
    play(state, *SPLIT_EXAMPLE)
    assert layout(state, 12) == "a2 b3 a1 b1 a4 . a3 b2 . b5 a5 ."
    assert state.split_allowed
    assert state.turn == 1
    state.apply(moonbase.CHANCE, "ROLL 4")
    assert state.legal_actions(1) == ["MOVE 1+3", "MOVE 3+1", "MOVE 4"]

    three_then_one = state.clone()
    three_then_one.apply(1, "MOVE 3+1")
    # b3 jumps from 2 to 6; then b1 jumps from 4 over 5, 6, 7, 8 to 9: b2 b1 b5 in a row
    assert layout(three_then_one, 12) == "a2 . a1 . a4 b3 a3 b2 b1 b5 a5 ."
    assert three_then_one.to_act == (moonbase.CHANCE,)
    assert three_then_one.turn == 1
    assert three_then_one.view(None)["extra_turn"]

    one_then_three = state.clone()
    one_then_three.apply(1, "MOVE 1+3")
    # b1 goes to 6 first; then b3 takes the space b1 left: no row of three
    assert layout(one_then_three, 12) == "a2 . a1 b3 a4 b1 a3 b2 . b5 a5 ."
    assert one_then_three.turn == 0
    assert not one_then_three.view(None)["extra_turn"]

    plain = state.clone()
    plain.apply(1, "MOVE 4")
    assert layout(plain, 12) == "a2 b3 a1 b1 a4 b4 a3 b2 . b5 a5 ."
    assert plain.turn == 0


def test_a_split_is_refused_when_one_token_cannot_move(tiny: str) -> None:
    state = new(board=tiny)
    play(
        state,
        "0: 1 MOVE 1",
        "1: 1 MOVE 1",  # b1 on space 2 crosses the line after space 1
        "0: 1 MOVE 1",
        "1: 1 MOVE 1",
        "0: 1 MOVE 1",
        "1: 1 MOVE 1",
        "0: 1 MOVE 1",
        "1: 1 MOVE 1",
    )
    assert layout(state) == ". . . . . . a1 b1"
    assert state.split_allowed
    assert not state.is_over
    assert state.turn == 0
    state.apply(moonbase.CHANCE, "ROLL 3")
    # a1 has no free space after it: the 3 can only be played as token 3
    assert state.legal_actions(0) == ["MOVE 3"]
    for split in ("MOVE 1+2", "MOVE 2+1"):
        with pytest.raises(moonbase.IllegalAction) as refused:
            state.apply(0, split)
        assert refused.value.allowed == ("MOVE 3",)


def test_the_second_half_of_a_split_is_checked_after_the_first(tiny: str) -> None:
    state = new(board=tiny)
    play(
        state,
        "0: 1 MOVE 1",
        "1: 1 MOVE 1",
        "0: 2 MOVE 2",
        "1: 2 MOVE 2",
        "0: 3 MOVE 3",
        "1: 1 MOVE 1",
        "0: 1 MOVE 1",
        "1: 2 MOVE 2",
        "0: 2 MOVE 2",
    )
    assert layout(state) == ". a1 . a2 a3 b1 b2 ."
    state.apply(moonbase.CHANCE, "ROLL 3")
    # before anything moves, both b1 and b2 could move (to space 8); but after b1 takes
    # space 8, b2 cannot: so 1+2 is refused, while 2+1 (b2 to 8, then b1 to 7) is legal
    assert state.destination(1, 1) == 8
    assert state.destination(1, 2) == 8
    assert state.legal_actions(1) == ["MOVE 2+1", "MOVE 3"]
    with pytest.raises(moonbase.IllegalAction) as refused:
        state.apply(1, "MOVE 1+2")
    assert refused.value.allowed == ("MOVE 2+1", "MOVE 3")
    state.apply(1, "MOVE 2+1")
    assert layout(state) == ". a1 . a2 a3 . b1 b2"


# ---------------------------------------------------------------------- obligation and passing
def test_a_turn_passes_when_the_rolled_token_cannot_move(tiny: str) -> None:
    state = new(board=tiny)
    play(state, *(f"{seat}: 1 MOVE 1" for _ in range(4) for seat in (0, 1)))
    assert layout(state) == ". . . . . . a1 b1"
    state.apply(moonbase.CHANCE, "ROLL 1")
    assert state.legal_actions(0) == ["PASS"]  # a1 has no free space after it
    with pytest.raises(moonbase.IllegalAction, match="no free space"):
        state.apply(0, "MOVE 1")
    state.apply(0, "PASS")
    assert state.to_act == (moonbase.CHANCE,)
    assert state.turn == 1
    assert layout(state) == ". . . . . . a1 b1"
    play(state, "1: 1 PASS", "0: 2 MOVE 2")
    assert layout(state) == "a2 . . . . . a1 b1"


def test_pass_is_refused_while_a_move_exists() -> None:
    state = new()
    state.apply(moonbase.CHANCE, "ROLL 5")
    with pytest.raises(moonbase.IllegalAction, match="the die shows 5: move token 5"):
        state.apply(0, "PASS")
    with pytest.raises(moonbase.IllegalAction, match=r"allowed: MOVE 5$"):
        state.apply(0, "MOVE 4")


# ---------------------------------------------------------------------- rows of three
CHAIN = (
    "0: 1 MOVE 1",
    "1: 1 MOVE 1",
    "0: 2 MOVE 2",
    "1: 2 MOVE 2",
    "0: 3 MOVE 3",
    "1: 1 MOVE 1",
    "0: 3 MOVE 3",
    "1: 2 MOVE 2",
)


def test_an_extra_turn_chains_into_another() -> None:
    state = new()
    play(state, *CHAIN)
    assert layout(state, 8) == "a1 . a2 . b2 b1 a3 ."
    play(state, "0: 4 MOVE 4")  # a4 fills space 2: a1 a4 a2 is a new row of three
    assert layout(state, 8) == "a1 a4 a2 . b2 b1 a3 ."
    assert state.turn == 0
    assert state.to_act == (moonbase.CHANCE,)
    assert state.view(None)["extra_turn"]
    play(state, "0: 5 MOVE 5")  # a5 extends the row to four: another roll
    assert layout(state, 8) == "a1 a4 a2 a5 b2 b1 a3 ."
    assert state.turn == 0
    assert state.to_act == (moonbase.CHANCE,)
    play(state, "0: 1 MOVE 1")  # a1 leaves the row for space 8: no new row, seat 1's turn
    assert layout(state, 8) == ". a4 a2 a5 b2 b1 a3 a1"
    assert state.turn == 1
    assert not state.view(None)["extra_turn"]


def test_a_row_that_already_existed_gives_no_extra_turn() -> None:
    state = new()
    play(state, *CHAIN, "0: 4 MOVE 4", "0: 5 MOVE 5")
    assert layout(state, 8) == "a1 a4 a2 a5 b2 b1 a3 ."
    play(state, "0: 3 MOVE 3")  # the row a1 a4 a2 a5 stays as it was
    assert layout(state, 9) == "a1 a4 a2 a5 b2 b1 . a3 ."
    assert state.turn == 1


def test_the_barrier_line_does_not_interrupt_a_row(tmp_path: Path) -> None:
    board = write_board(tmp_path, [0, 0, 0, 0, 0, 0, 0, 0], barrier=2)
    state = new(board=board)
    play(state, "0: 1 MOVE 1", "1: 1 MOVE 1", "0: 2 MOVE 2", "1: 1 MOVE 1", "0: 3 MOVE 3")
    # a1 | a3 a2 across the line after space 2 is a row of three
    assert layout(state) == "a1 a3 a2 b1 . . . ."
    assert state.turn == 0
    assert state.to_act == (moonbase.CHANCE,)


# ---------------------------------------------------------------------- the end
def test_the_game_ends_between_the_halves_of_a_split(tiny: str) -> None:
    state = new(board=tiny)
    play(
        state,
        "0: 1 MOVE 1",
        "1: 1 MOVE 1",
        "0: 2 MOVE 2",
        "1: 2 MOVE 2",
        "0: 3 MOVE 3",
        "1: 1 MOVE 1",
        "0: 1 MOVE 1",
        "1: 2 MOVE 2",
        "0: 2 MOVE 2",
        "1: 3 MOVE 3",
    )
    assert layout(state) == "b3 a1 . a2 a3 b1 b2 ."
    state.apply(moonbase.CHANCE, "ROLL 4")
    assert state.legal_actions(0) == ["MOVE 1+3", "MOVE 3+1", "MOVE 4"]

    ends = state.clone()
    ends.apply(0, "MOVE 3+1")
    # a3 fills space 8, the last of the last three: the game is over before a1 moves
    assert layout(ends) == "b3 a1 . a2 . b1 b2 a3"
    assert ends.is_over
    assert ends.to_act == ()
    assert ends.space_of(0, 1) == 2
    assert ends.scores() == [1 * 0 + 2 * 2 + 3 * 6 - 5 * (4 + 5), 1 * 4 + 2 * 5 + 3 * -1 - 5 * 9]

    both = state.clone()
    both.apply(0, "MOVE 1+3")  # a1 to 3 first, then a3 fills space 8: both halves played
    assert layout(both) == "b3 . a1 a2 . b1 b2 a3"
    assert both.is_over


def test_the_game_ends_as_soon_as_the_last_three_spaces_fill(tiny: str) -> None:
    state = new(board=tiny)
    play(state, *(f"{seat}: 1 MOVE 1" for _ in range(4) for seat in (0, 1)))
    assert not state.is_over
    play(state, "0: * MOVE 2", "1: 2 MOVE 2", "0: 2 MOVE 2", "1: 2 MOVE 2", "0: 2 MOVE 2")
    assert layout(state) == ". . . b2 a2 . a1 b1"
    assert not state.is_over
    play(state, "1: 2 MOVE 2")  # b2 fills space 6: the last three spaces are all occupied
    assert layout(state) == ". . . . a2 b2 a1 b1"
    assert state.is_over
    assert state.to_act == ()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    with pytest.raises(moonbase.IllegalAction, match="game is over"):
        state.apply(moonbase.CHANCE, "ROLL 1")


# ---------------------------------------------------------------------- scoring
def test_rulebook_scoring_example_is_52_points(tmp_path: Path) -> None:
    # spaces worth -1, blank, blank, blank, 9, blank, 25, blank...
    board = write_board(tmp_path, [-1, 0, 0, 0, 9, 0, 25, 0, 0, 0], barrier=9)
    state = new(board=board)
    play(
        state,
        "0: 5 MOVE 5",  # 5 on the -1 space
        "1: 1 MOVE 1",
        "0: 1 MOVE 1",  # 1 on a blank
        "1: 2 MOVE 2",
        "0: 3 MOVE 3",  # 3 on 9
        "1: 3 MOVE 3",
        "0: 2 MOVE 2",  # 2 on 25; 4 still in front of its owner
    )
    assert layout(state, 7) == "a5 b1 a1 b2 a3 b3 a2"
    assert state.reserve(0) == [4]
    assert state.scores()[0] == 50 + 27 - 5 - 20 + 0 == 52
    assert state.view(None)["scores"] == [52, -45]
    assert not state.is_over
    assert state.winners() == []


def test_scores_count_every_reserve_token_at_minus_five_per_point() -> None:
    state = new(players=4)
    assert state.scores() == [-75.0] * 4
    play(state, "0: 5 MOVE 5", "1: * MOVE 1")
    assert state.scores()[:2] == [5 * -3 - 5 * 10, 1 * -3 - 5 * 14]


def test_highest_total_wins_and_a_tie_is_shared(tmp_path: Path) -> None:
    board = write_board(tmp_path, [0, 0, 0, 0], barrier=1)
    tie = new(board=board)
    play(tie, "0: 1 MOVE 1", "1: 1 MOVE 1", "0: 2 MOVE 2", "1: 2 MOVE 2")
    assert tie.is_over
    assert tie.scores() == [-60.0, -60.0]
    assert tie.winners() == [0, 1]
    win = new(board=board)
    play(win, "0: 1 MOVE 1", "1: 1 MOVE 1", "0: 2 MOVE 2", "1: 5 MOVE 5")
    assert win.scores() == [-60.0, -45.0]
    assert win.winners() == [1]
