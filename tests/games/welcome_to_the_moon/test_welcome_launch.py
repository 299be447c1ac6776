"""Adventure 1 — The Launch: floors, quarters and bonuses, sabotage, rockets, missions, the end."""

from __future__ import annotations

from collections import Counter

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon import WelcomeState
from moonbase.games.welcome_to_the_moon.adventures.a1_launch import (
    BONUS_ROCKETS,
    DATA,
    ERRORS,
    FLOORS,
    LAUNCH,
    QUARTERS,
)
from moonbase.games.welcome_to_the_moon.layout import Kind, load_layout
from moonbase.games.welcome_to_the_moon.positions import position
from tests.games.welcome_to_the_moon.helpers import fill, idle, new, play, sheet, start, turn

LAYOUT = load_layout(1)
ASTRONAUT_FIRST = ("3 ASTRONAUT", "5 ENERGY", "5 PLANT")
"""Setup flips: combination 1 is an Astronaut, 2 Energy, 3 Plant."""


def test_the_action_chooses_the_floor_and_wild_takes_any() -> None:
    state = new()
    start(state, ("5 ROBOT", "5 ENERGY", "6 WATER"), ("6 PLANT", "7 ROBOT", "8 ROBOT"))
    legal = state.legal_actions(0)
    floors = {(a.split(" ")[1], a.split(" ")[2].split(".")[0]) for a in legal}
    assert floors == {
        ("1", "ROB1"), ("1", "ROB2"), ("1", "WILD"),
        ("2", "ENE"), ("2", "WILD"),
        ("3", "WAT"), ("3", "WILD"),
    }  # fmt: skip
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 1 ENE.1")
    play(state, 0, "WRITE 2 ENE.4")
    assert sheet(state, 0)["spaces"]["ENE.4"] == 7


def test_floors_ascend_with_gaps_and_x_constrains_nothing() -> None:
    state = new()
    start(state, ("5 ROBOT", "5 ENERGY", "6 WATER"), ("6 PLANT", "7 ROBOT", "8 ROBOT"))
    fill(state, 0, ENE_2=3, ENE_3="X", ENE_5=9)
    ene = {a.split(" ")[2] for a in state.legal_actions(0) if a.startswith("WRITE 2 ENE")}
    assert ene == {"ENE.4"}, "7 fits only between 3 and 9; the X is ignored"
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 2 ENE.6")
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 2 ENE.3")


def test_an_x_completing_a_quarter_chains_its_bonuses() -> None:
    state = new()
    start(state, ASTRONAUT_FIRST, ("9 ROBOT", "6 ROBOT", "7 ROBOT"))
    fill(state, 0, AST1_1=1, AST1_2=2, ROB1_1=4, WILD_1=3)
    play(state, 0, "WRITE 1 AST1.3")  # Q1: 3 rockets, an activation, an X
    view = state.view(0)
    assert view["pending"] == ["ACTIVATE", "X"]
    assert view["sheet"]["rockets"] == 3
    assert "X ROB1.2" in state.legal_actions(0) and "ACTIVATE Q2" in state.legal_actions(0)
    play(state, 0, "X ROB1.2")  # completes Q5: another activation and another X
    assert state.view(0)["pending"] == ["ACTIVATE", "ACTIVATE", "X"]
    play(state, 0, "X WILD.2")  # completes Q16: 2 rockets and one more X
    view = state.view(0)
    assert view["pending"] == ["ACTIVATE", "ACTIVATE", "X"]
    assert view["sheet"]["rockets"] == 5
    assert view["sheet"]["completed"] == ["Q1", "Q5", "Q16"]
    assert view["sheet"]["spaces"]["WILD.2"] == "X"
    play(state, 0, "ACTIVATE Q7", "ACTIVATE Q9", "X PLT.8")
    assert 0 not in state.to_act, "every bonus is resolved"


def test_an_activation_pays_and_one_that_comes_too_late_does_not() -> None:
    state = new()
    start(state, ASTRONAUT_FIRST, ("9 ROBOT", "8 ASTRONAUT", "7 ROBOT"))
    fill(state, 0, AST1_1=1, AST1_2=2, AST2_1=3, AST2_2=4, WAT_3=5, WAT_4=6)
    play(state, 0, "WRITE 1 AST1.3")  # Q1: R3, ACT, X
    play(state, 0, "X WAT.5")  # Q4 fills before any arrow: R3 pays, R3* does not
    assert sheet(state, 0)["rockets"] == 3 + 3
    assert "ACTIVATE Q4" not in state.legal_actions(0), "a full quarter cannot be activated"
    play(state, 0, "ACTIVATE Q2")
    assert sheet(state, 0)["activated"] == ["Q2"]
    idle(state, 1)
    turn(state, "10 ROBOT", "10 PLANT", "11 ROBOT")  # combination 2: 10 ASTRONAUT
    play(state, 0, "WRITE 2 AST2.3")  # Q2: R2 and the activated R2* both pay
    assert sheet(state, 0)["rockets"] == 6 + 2 + 2
    assert sheet(state, 0)["sabotages"]["#59"] == "circled"


def test_two_players_triggering_one_sabotage_are_immune_and_the_third_takes_an_error() -> None:
    state = new(players=3)
    start(state, ASTRONAUT_FIRST, ("9 ROBOT", "8 ASTRONAUT", "7 ROBOT"))
    for seat in (0, 1):
        fill(state, seat, AST2_1=1, AST2_2=2)
    play(state, 0, "WRITE 1 AST2.3")
    assert sheet(state, 0, viewer=1)["spaces"]["AST2.3"] is None, "hidden until all are done"
    assert sheet(state, 0)["sabotages"]["#59"] == "circled"
    play(state, 1, "WRITE 1 AST2.3")
    idle(state, 2)
    errors = [sheet(state, seat)["errors"] for seat in range(3)]
    assert errors == [{"circled": 0, "repaired": 0}] * 2 + [{"circled": 1, "repaired": 0}]
    assert [sheet(state, seat)["sabotages"]["#59"] for seat in range(3)] == ["crossed"] * 3
    # Crossed off for everyone: completing Q2 later triggers nothing.
    fill(state, 2, AST2_1=1, AST2_2=2)
    turn(state, "10 ROBOT", "10 PLANT", "11 ROBOT")
    play(state, 2, "WRITE 2 AST2.3")  # combination 2: 10 ASTRONAUT
    idle(state, 0)
    idle(state, 1)
    assert sheet(state, 2)["completed"] == ["Q2"]
    assert [sheet(state, seat)["errors"]["circled"] for seat in range(3)] == [0, 0, 1]


def _prepared_track(state: WelcomeState, seat: int, crossed: int, circled: int) -> None:
    position(state, seat).cross(*LAUNCH.slots[:crossed]).circle(*ERRORS[:circled])


def test_rockets_repair_errors_before_filling_bonus_rockets() -> None:
    state = new()
    start(state, ASTRONAUT_FIRST, ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    _prepared_track(state, 0, crossed=31, circled=0)
    position(state, 0).cross(BONUS_ROCKETS.slots[0])
    position(state, 0).circle(ERRORS[0])  # an error circled after a bonus rocket
    fill(state, 0, ENE_6=3)
    play(state, 0, "WRITE 2 ENE.7")  # Q10: 3 rockets
    view = sheet(state, 0)
    assert view["errors"] == {"circled": 1, "repaired": 1}
    assert view["bonus_rockets"] == 3
    assert view["score_parts"] == {"launch": 150, "bonus_rockets": 15, "errors": 0, "total": 165}


def test_the_launch_ends_the_game_only_with_no_error_left() -> None:
    state = new()
    start(state, ASTRONAUT_FIRST, ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    _prepared_track(state, 0, crossed=29, circled=2)
    fill(state, 0, ENE_6=3)
    play(state, 0, "WRITE 2 ENE.7")  # 2 rockets finish the track, the third repairs one error
    idle(state, 1)
    assert not state.is_over, "an unrepaired error keeps the rocket on the ground"
    assert sheet(state, 0)["errors"] == {"circled": 2, "repaired": 1}
    state = new()
    start(state, ASTRONAUT_FIRST, ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    _prepared_track(state, 0, crossed=29, circled=1)
    fill(state, 0, ENE_6=3)
    play(state, 0, "WRITE 2 ENE.7")
    assert not state.is_over, "the turn is finished by everyone"
    idle(state, 1)
    assert state.is_over
    assert state.scores()[0] == 150 + 0


MISSION_SHEETS = {
    "A1": {f"{floor}_{i}": "X" for floor, size in (("AST1", 3), ("AST2", 3), ("WAT", 5))
           for i in range(1, size + 1)},
    "A2": {f"{floor}_{i}": "X" for floor, size in (("ROB1", 5), ("ROB2", 5), ("PLA", 6))
           for i in range(1, size + 1)},
    "B1": {f"ENE_{i}": i for i in range(1, 11)},
    "B2": {f"{floor}_{i}": "X" for floor, size in (("PLT", 8), ("WILD", 8))
           for i in range(1, size + 1)},
    "C1": {f"ENE_{i}": "X" for i in range(1, 11)},
}  # fmt: skip


OTHER_MISSIONS = {"A1": "B1,C2", "A2": "B1,C2", "B1": "A1,C2", "B2": "A1,C2", "C1": "A1,B2",
                  "C2": "A1,B1"}  # fmt: skip
"""The other two missions of each test: ones its prepared sheet does not meet."""


@pytest.mark.parametrize(
    ("card", "high", "low"),
    [("A1", 3, 2), ("A2", 4, 2), ("B1", 3, 2), ("B2", 3, 2), ("C1", 2, 1), ("C2", 3, 2)],
)
def test_each_mission_pays_high_rockets_first_and_low_ones_later(
    card: str, high: int, low: int
) -> None:
    others = OTHER_MISSIONS[card]
    state = new(players=3, missions=f"{card},{others}")
    start(state, ("5 ROBOT", "5 ENERGY", "6 WATER"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))

    def prepare(seat: int) -> None:
        if card == "C2":
            _prepared_track(state, seat, crossed=0, circled=5)
        else:
            fill(state, seat, **MISSION_SHEETS[card])

    prepare(0)
    prepare(1)
    for seat in range(3):
        idle(state, seat)
    letter = "ABC".index(card[0])
    mission = state.view(None)["missions"][letter]
    assert mission["card"] == card and mission["high_taken"] and mission["claimed_by"] == [0, 1]
    assert [sheet(state, seat)["rockets"] for seat in range(3)] == [high, high, 0]
    assert sheet(state, 0)["missions"][card[0]] == high
    turn(state, "9 ROBOT", "10 ROBOT", "11 ROBOT")
    prepare(2)
    for seat in range(3):
        idle(state, seat)
    assert [sheet(state, seat)["rockets"] for seat in range(3)] == [high, high, low]
    assert state.view(2)["missions"][letter]["claimed_by"] == [0, 1, 2]


def test_a_player_who_can_write_nothing_takes_a_system_error() -> None:
    state = new()
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    full = {f"{floor}_{i}": "X" for floor, size in (("ROB1", 5), ("ROB2", 5), ("ENE", 10),
            ("PLT", 8), ("WILD", 8)) for i in range(1, size + 1)}  # fmt: skip
    fill(state, 0, **full)
    assert state.legal_actions(0) == ["ERROR"]
    assert "ERROR" not in state.legal_actions(1)
    with pytest.raises(moonbase.IllegalAction, match="ERROR is not allowed"):
        state.apply(1, "ERROR")
    play(state, 0, "ERROR")
    assert 0 not in state.to_act
    assert sheet(state, 0)["errors"] == {"circled": 1, "repaired": 0}
    assert sheet(state, 0)["spaces"]["WAT.1"] is None


def test_score_counts_rows_errors_and_bonus_rockets_and_ties_go_to_fewer_errors() -> None:
    state = new()
    start(state)
    _prepared_track(state, 0, crossed=12, circled=1)  # rows of 5, 4, 3: 45
    first, second = position(state, 0).cross(BONUS_ROCKETS.slots[0]), position(state, 1)
    assert sheet(state, 0)["score_parts"] == {
        "launch": 45, "bonus_rockets": 0, "errors": -5, "total": 40,
    }  # fmt: skip
    _prepared_track(state, 1, crossed=12, circled=0)
    second.cross(LAUNCH.slots[12])  # row 4 is incomplete: still 45
    second.circle(BONUS_ROCKETS.slots[0])  # any mark counts
    assert state.scores() == [40.0, 50.0]
    first.cross(ERRORS[0])  # repaired: the bonus rocket counts again
    second.circle(ERRORS[1], ERRORS[2]).cross(ERRORS[2])
    assert state.scores() == [50.0, 40.0]
    second.cross(BONUS_ROCKETS.slots[1], ERRORS[1])
    assert state.scores() == [50.0, 55.0]
    second.erase(BONUS_ROCKETS.slots[1])
    assert state.scores() == [50.0, 50.0]
    penalties = [state.adventure.seat_penalty(state.sheets, seat) for seat in (0, 1)]
    assert penalties == [0, 0], "circled-and-repaired boxes do not count: a tie"
    first.circle(ERRORS[3]).cross(*LAUNCH.slots[12:16])  # 60 − 5 − 0 = 55
    assert state.scores()[0] == 55.0


def test_a_bonus_with_no_target_is_lost_and_a_full_sheet_ends_the_game() -> None:
    state = new()
    start(state, ASTRONAUT_FIRST, ("9 ROBOT", "6 ROBOT", "7 ROBOT"))
    everything = {alias.replace(".", "_"): "X" for alias in state.adventure.data.aliases}
    fill(state, 0, **{**everything, "AST1_1": 1, "AST1_2": 2})
    position(state, 0).erase("AST1.3")
    play(state, 0, "WRITE 1 AST1.3")  # Q1: 3 rockets; no space for its X, no quarter to activate
    assert 0 not in state.to_act and sheet(state, 0)["rockets"] == 3
    idle(state, 1)
    assert state.is_over, "every space of a sheet is filled"


def test_every_mission_met_is_claimed_before_any_reward_is_paid() -> None:
    state = new(missions="A1,B1,C2")
    start(state, ("5 ROBOT", "5 ENERGY", "6 WATER"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    _prepared_track(state, 0, crossed=31, circled=5)
    fill(state, 0, **MISSION_SHEETS["A1"])
    idle(state, 0)
    idle(state, 1)
    # A1's 3 rockets would repair 3 errors and leave C2 unmet, were it checked afterwards.
    assert sheet(state, 0)["missions"] == {"A": 3, "B": None, "C": 3}
    assert sheet(state, 0)["errors"] == {"circled": 5, "repaired": 5}
    assert sheet(state, 0)["bonus_rockets"] == 1


def test_the_sheet_matches_its_rules_page() -> None:
    # §2: 53 number spaces on nine floors, top to bottom.
    assert len(DATA.space_slots) == 53
    assert [(floor.name, len(floor.slots)) for floor in FLOORS] == [
        ("AST1", 3), ("AST2", 3), ("WAT", 5), ("ROB1", 5), ("ROB2", 5), ("PLA", 6), ("ENE", 10),
        ("PLT", 8), ("WILD", 8),
    ]  # fmt: skip
    # §3: 19 quarters; the totals by type (and the table's 16 Rn), 7 activation arrows.
    sizes = [len(quarter.slots) for quarter in QUARTERS]
    assert sizes == [3, 3, 2, 3, 2, 3, 5, 6, 5, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2]  # Q1 … Q19
    bonuses = Counter(bonus.kind for quarter in QUARTERS for bonus in quarter.bonuses)
    assert bonuses == {"SAB": 8, "R*": 7, "ACT": 5, "X": 10, "R": 16}
    assert [q.arrow for q in QUARTERS if q.arrow] == [152, 153, 154, 155, 156, 157, 158]
    # §6: 31 rockets in 10 rows, worth 15 a completed row; 8 System Errors; 8 bonus rockets.
    launch = next(area for area in LAYOUT.areas if area.name == "launch")
    rows = Counter(spot.row for spot in launch.spots)
    bottom_up = [rows[row] for row in sorted(rows, reverse=True)]
    assert bottom_up == [5, 4, 3, 3, 3, 3, 3, 3, 2, 2]
    beside = [label.text for label in sorted(launch.labels, key=lambda label: label.row)]
    assert beside == ["launch", "150", *(str(15 * k) for k in range(9, -1, -1))]
    ends = [sum(bottom_up[:k]) for k in range(11)]  # the rockets of k complete rows
    assert [LAUNCH.values[end] for end in ends] == [0, 15, 30, 45, 60, 75, 90, 105, 120, 135, 150]
    assert len(ERRORS) == 8 and (ERRORS[0], ERRORS[-1]) == (159, 166)
    assert len(BONUS_ROCKETS.slots) == 8 and BONUS_ROCKETS.slots[0] == 131
    # §7: the mission boxes 167 (A), 168 (B), 169 (C).
    assert DATA.mission_slots == (167, 168, 169)
    # The layout: every space, the 46 bonus icons, 7 arrows, 3 mission boxes, 31 + 8 rockets,
    # 8 errors; each quarter's icons below its spaces.
    kinds = Counter(spot.kind for spot in LAYOUT.spots)
    assert kinds == {Kind.SPACE: 53, Kind.SYMBOL: 46 + 7 + 3, Kind.BOX: 31 + 8, Kind.ERROR: 8}
    for quarter in QUARTERS:
        icons = [spot for spot in LAYOUT.spots if spot.group == quarter.name]
        assert len(icons) == len(quarter.bonuses) + (quarter.arrow is not None)
        assert {s.row for s in icons} == {LAYOUT.spot(quarter.first).row + 1}


def test_the_sheet_draws_floors_with_their_quarters_bonuses_and_the_launch_track() -> None:
    state = new()
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    play(state, 0, "WRITE 1 ROB1.1")
    idle(state, 1)
    turn(state, "9 ROBOT", "10 ROBOT", "11 ROBOT")
    play(state, 0, "WRITE 1 ROB1.2", "ACTIVATE Q2", "X WILD.8")  # Q5 filled: ACT and X
    idle(state, 1)
    lines = str(state).split("  seat 1:")[0].splitlines()
    floor = lines.index(next(line for line in lines if line.split()[:1] == ["ROB1"]))
    assert lines[floor].split() == ["ROB1", "6", "9", "·", "·", "·", "75", "□", "□", "□"]
    assert lines[floor + 1].split() == ["Q5", "✗ACT", "✗X", "Q6", "○R3", "○X", "60", "□", "□", "□"]
    assert "Q2  ○R2  ●→   ○R2* ○SAB" in lines[floor - 3], "Q2's arrow is drawn (circled)"
    assert lines[floor - 6].split()[-1] == "launch", "the launch track beside AST1 …"
    assert lines[floor + 5].split()[-6:] == ["0", "□", "□", "□", "□", "□"], "… to PLA"
