"""Adventure 2 — The Journey: walls and zones, stations, wild actions, errors, missions, score."""

from __future__ import annotations

from collections import Counter

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon.adventures import Context, adventure
from moonbase.games.welcome_to_the_moon.adventures.a2_journey import (
    ASTRONAUTS,
    DATA,
    ENERGY,
    ENERGY_WALLS,
    ERRORS,
    PLANNING,
    PRINTED_ENERGY,
    STATIONS,
    TANKS,
    WALLS,
    WILDS,
    Journey,
    wall_between,
)
from moonbase.games.welcome_to_the_moon.layout import Kind, load_layout
from moonbase.games.welcome_to_the_moon.positions import Position, position
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, Sheet
from tests.games.welcome_to_the_moon.helpers import fill, idle, new, play, sheet, start, turn

LAYOUT = load_layout(2)
JOURNEY = adventure(2)
assert isinstance(JOURNEY, Journey)


def test_a_wall_splits_the_trajectory_so_that_a_number_fits() -> None:
    state = new(adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "13 WATER", "9 PLANT"))
    fill(state, 0, T1=4, T2=12)
    fill(state, 1, T1=4, T2=12)
    assert not any(action.startswith("WRITE 1 ") for action in state.legal_actions(0)), (
        "8 must lie between 4 and 12, and nothing lies between T1 and T2"
    )
    play(state, 0, "WRITE 2 T36")
    assert sorted(state.legal_actions(0)) == ["ENERGY", "SKIP"]
    play(state, 0, "ENERGY")  # the first energy completes column 1: a wall
    assert state.view(0)["pending"] == ["WALL"]
    assert "SKIP" not in state.legal_actions(0), "the wall is compulsory"
    play(state, 0, f"WALL #{wall_between(2)}")
    idle(state, 1)
    view = sheet(state, 0)
    assert view["walls"] == ["#91"] and view["energy"] == 1
    assert [(z["from"], z["to"]) for z in view["zones"]] == [("T1", "T2"), ("T3", "T36")]
    turn(state, "8 PLANT", "10 ROBOT", "11 ENERGY")
    assert "WRITE 1 T3" in state.legal_actions(0), "T3 opens a zone of its own"
    assert not any(action.startswith("WRITE 1 T3") for action in state.legal_actions(1))


def test_the_station_race_gives_the_high_multiplier_to_every_first_finisher() -> None:
    state = new(players=3, adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "10 WATER", "11 PLANT"))
    for seat in range(3):
        position(state, seat).cross(STATIONS[0].robots[0])
    for seat in range(3):
        play(state, seat, f"WRITE 1 T{10 + seat}")
        assert "ROBOT ST1" in state.legal_actions(seat)
    play(state, 0, "ROBOT ST1")
    play(state, 1, "ROBOT ST1")
    play(state, 2, "ROBOT ST2")
    multipliers = [sheet(state, seat)["stations"]["ST1"]["multiplier"] for seat in range(3)]
    assert multipliers == [6, 6, None]
    assert sheet(state, 2)["stations"]["ST1"]["high"] == "crossed", "phase 5 crossed it off"
    turn(state, "12 ENERGY", "12 PLANT", "13 WATER")
    play(state, 2, "WRITE 1 T14", "ROBOT ST1")
    idle(state, 0)
    idle(state, 1)
    stations = sheet(state, 2)["stations"]["ST1"]
    assert stations["multiplier"] == 5 and stations["high"] == "crossed"


def test_astronaut_changes_the_number_and_every_second_symbol_circles_a_wild() -> None:
    state = new(adventure=2)
    start(state, ("3 ASTRONAUT", "5 ENERGY", "5 PLANT"), ("8 ASTRONAUT", "10 WATER", "11 PLANT"))
    legal = state.legal_actions(0)
    changes = ("-2", "-1", "", "+1", "+2")
    assert {f"WRITE 1 T5 {change}".strip() for change in changes} <= set(legal)
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 2 T5 +1")
    play(state, 0, "WRITE 1 T5 +2")  # 10; the change uses the action: the symbol is marked
    assert 0 not in state.to_act
    assert sheet(state, 0)["spaces"]["T5"] == 10 and sheet(state, 0)["astronauts"] == 1
    idle(state, 1)
    turn(state, "12 ENERGY", "4 ENERGY", "13 WATER")  # combination 1: 12 ASTRONAUT
    play(state, 0, "WRITE 1 T20")
    assert sorted(state.legal_actions(0)) == ["ASTRONAUT", "SKIP"]
    play(state, 0, "ASTRONAUT")
    assert sheet(state, 0)["wilds"] == {"available": 1, "used": 0}
    assert state.sheets[0].marks[WILDS[0]] == CIRCLED


def test_a_wild_action_replaces_the_action_of_a_combination() -> None:
    state = new(adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "10 WATER", "11 PLANT"))
    assert not any("WILD" in action for action in state.legal_actions(0))
    state = new(adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "10 WATER", "11 PLANT"))
    position(state, 0).cross(ASTRONAUTS[0], ASTRONAUTS[1]).circle(WILDS[0])
    legal = set(state.legal_actions(0))
    assert {"WRITE 1 T5 WILD WATER", "WRITE 2 T5 -2 WILD ASTRONAUT"} <= legal
    assert "WRITE 1 T5 WILD ROBOT" not in legal, "a wild action names another action"
    play(state, 0, "WRITE 1 T5 WILD WATER")
    assert sorted(state.legal_actions(0)) == ["SKIP", "WATER"]
    play(state, 0, "WATER")
    view = sheet(state, 0)
    assert view["tanks"] == ["T5"] and view["wilds"] == {"available": 0, "used": 1}
    assert state.sheets[1].marks[TANKS[5][0]] == 0


def test_the_forced_choice_counts_wild_actions() -> None:
    state = new(adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, T1=7, T2=11, T4=14, **{f"T{i}": "X" for i in range(5, 37)})
    assert state.legal_actions(0) == ["ERROR"], "9, 10 and 11 do not fit between 11 and 14"
    state = new(adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, T1=7, T2=11, T4=14, **{f"T{i}": "X" for i in range(5, 37)})
    position(state, 0).cross(PLANNING[0], PLANNING[1]).circle(WILDS[3])
    assert state.legal_actions(0) == [
        "WRITE 2 T3 +2 WILD ASTRONAUT",
        "WRITE 3 T3 +1 WILD ASTRONAUT",
        "WRITE 3 T3 +2 WILD ASTRONAUT",
    ]
    play(state, 0, "WRITE 3 T3 +2 WILD ASTRONAUT")
    view = sheet(state, 0)
    assert view["spaces"]["T3"] == 13 and view["astronauts"] == 1 and view["wilds"]["used"] == 1


def test_planning_writes_an_x_and_marks_its_symbol_and_plants_follow_the_zone() -> None:
    state = new(adventure=2)
    start(state, ("4 PLANNING", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "10 WATER", "11 PLANT"))
    position(state, 0).circle(wall_between(6))
    play(state, 0, "WRITE 3 T3")
    assert sorted(state.legal_actions(0)) == ["PLANT ST1", "SKIP"]
    play(state, 0, "PLANT ST1")
    play(state, 1, "WRITE 1 T20", "X T21")
    assert sheet(state, 1)["spaces"]["T21"] == "X" and sheet(state, 1)["planning"] == 1
    assert sheet(state, 0)["stations"]["ST1"]["plants"] == 1
    turn(state, "11 ROBOT", "12 PLANT", "13 WATER")
    play(state, 0, "WRITE 3 T10")
    assert sorted(state.legal_actions(0)) == ["PLANT ST2", "PLANT ST3", "PLANT ST4", "SKIP"]
    play(state, 0, "SKIP")
    assert 0 not in state.to_act


def test_system_errors_give_energy_and_the_third_ends_the_game() -> None:
    state = new(adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("9 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, T2=0, **{f"T{i}": "X" for i in range(3, 37)})
    play(state, 0, "ERROR")
    assert state.view(0)["pending"] == ["WALL"]
    play(state, 0, "WALL #124")
    idle(state, 1)
    assert sheet(state, 0)["errors"] == 1 and sheet(state, 0)["energy"] == 1
    turn(state, "11 ROBOT", "12 PLANT", "13 WATER")
    play(state, 0, "ERROR")  # the second error: an energy without a wall
    assert 0 not in state.to_act and sheet(state, 0)["energy"] == 2
    idle(state, 1)
    turn(state, "4 PLANT", "6 PLANT", "8 WATER")
    play(state, 0, "ERROR")
    idle(state, 1)
    assert state.is_over and sheet(state, 0)["errors"] == 3
    assert sheet(state, 0)["score_parts"]["errors"] == -15


def _sheet(**spaces: int | str) -> Sheet:
    sheet = JOURNEY.new_sheet(solo=False)
    Position(JOURNEY, sheet).fill(spaces, spaces.values())
    return sheet


def _zones(sheet: Sheet, *walls: int) -> Sheet:
    Position(JOURNEY, sheet).circle(*(wall_between(space) for space in walls))
    return sheet


def test_missions_of_adventure_2() -> None:
    six = _zones(_sheet(**{f"T{i}": "X" for i in range(1, 13)}), 6, 12)
    assert JOURNEY.mission_met(six, "B1") and not JOURNEY.mission_met(six, "B2")
    mixed = _zones(_sheet(**{f"T{i}": "X" for i in range(1, 13)}), 6, 10, 12)
    assert JOURNEY.mission_met(mixed, "B2") and not JOURNEY.mission_met(mixed, "B1")
    tanks = JOURNEY.new_sheet(solo=False)
    Position(JOURNEY, tanks).circle(*(TANKS[space][0] for space in (5, 7, 11, 18, 19, 23)))
    assert JOURNEY.mission_met(tanks, "C1") and not JOURNEY.mission_met(tanks, "C2")
    Position(JOURNEY, tanks).circle(TANKS[14][0])  # T5, T7, T11, T14 are four in a row
    assert JOURNEY.mission_met(tanks, "C2")
    stations = JOURNEY.new_sheet(solo=False)
    Position(JOURNEY, stations).circle(*STATIONS[0].plants, *STATIONS[1].plants)
    assert JOURNEY.mission_met(stations, "A2") and not JOURNEY.mission_met(stations, "A1")
    Position(JOURNEY, stations).circle(*(station.low[0] for station in STATIONS[1:]))
    assert JOURNEY.mission_met(stations, "A1")


def test_the_score_of_adventure_2_with_a_dense_majority() -> None:
    sheets = [
        _zones(_sheet(**{f"T{i}": "X" for i in range(1, 11)}), 2, 4, 6, 8, 10),  # 5 zones
        _zones(_sheet(**{f"T{i}": "X" for i in range(1, 11)}), 2, 4, 6, 8, 10),  # 5 zones
        _zones(_sheet(**{f"T{i}": "X" for i in range(1, 7)}), 2, 4, 6),  # 3 zones
        _zones(_sheet(T1=3, T2=5), 1),  # 1 zone (T1)
    ]
    context = Context(sheets)
    assert [JOURNEY.score(sheet, context)["majority"] for sheet in sheets] == [20, 20, 10, 5]
    best = sheets[0]
    st2 = STATIONS[1]
    marked = Position(JOURNEY, best).circle(*st2.plants, st2.high[0])
    marked.circle(STATIONS[0].plants[0])  # no multiplier: 0
    marked.circle(TANKS[2][0], TANKS[19][0]).cross(ERRORS[0])
    best.missions = [9, -1, 6]
    assert JOURNEY.score(best, context) == {
        "missions": 15, "stations": 27, "water": 12, "longest": 2, "majority": 20,
        "errors": -5, "total": 15 + 27 + 12 + 2 + 20 - 5,
    }  # fmt: skip
    solo = Context([sheets[2]], astra_cards=[0, 0, 0, 7, 0, 0])  # 7 Energy cards: 3 zones
    assert JOURNEY.score(sheets[2], solo)["majority"] == 20
    solo = Context([sheets[2]], astra_cards=[0, 0, 0, 8, 0, 0])
    assert JOURNEY.score(sheets[2], solo)["majority"] == 10
    assert JOURNEY.score(JOURNEY.new_sheet(solo=True), solo)["majority"] == 0


def test_the_sheet_matches_its_rules_page() -> None:
    # §2: 36 spaces T1–T36; 35 wall positions, slot 89 + i between Ti and Ti+1; 12 tanks.
    assert DATA.space_slots == tuple(range(1, 37))
    assert len(WALLS) == 35 and (WALLS[0], WALLS[-1]) == (90, 124)
    assert (wall_between(1), wall_between(35)) == (90, 124)
    assert {f"T{space}": points for space, (_, points) in TANKS.items()} == {
        "T2": 4, "T5": 4, "T7": 5, "T11": 6, "T14": 7, "T18": 8, "T19": 8, "T23": 7, "T26": 6,
        "T30": 5, "T32": 4, "T35": 4,
    }  # fmt: skip
    assert [tank for tank, _ in TANKS.values()] == list(range(62, 74))
    # §3: the four stations: connected space, plants, robots, high and low multipliers.
    assert [
        (st.space, len(st.plants), len(st.robots), st.high[1], st.low[1]) for st in STATIONS
    ] == [(6, 5, 2, 6, 5), (16, 3, 3, 9, 7), (21, 4, 3, 8, 6), (31, 4, 4, 10, 7)]
    # §4: 6 energy columns of 2 symbols (133 printed circled) and a wall-bonus icon each;
    # 6 astronaut and 6 planning symbols, a wild action after every second; 3 errors.
    assert (PRINTED_ENERGY, len(ENERGY) + 1) == (133, 6 * 2) and sorted(
        ENERGY_WALLS.values()
    ) == list(range(135, 151, 3))
    assert len(ASTRONAUTS) == len(PLANNING) == 6 and len(WILDS) == 3 + 3
    assert ERRORS == (44, 45, 46) and DATA.mission_slots == (47, 48, 49)
    # The layout: 36 spaces, 35 walls, 12 tanks + 16 plants + 12 robots + 8 multipliers +
    # 12 energy + 6 wall icons + 6 astronauts + 6 planning + 6 wilds + 3 mission boxes, 3 errors.
    kinds = Counter(spot.kind for spot in LAYOUT.spots)
    assert kinds == {
        Kind.SPACE: 36, Kind.LINK: 35, Kind.SYMBOL: 12 + 16 + 12 + 8 + 12 + 6 + 6 + 6 + 6 + 3,
        Kind.ERROR: 3,
    }  # fmt: skip
    for space in range(1, 36):  # each wall just after its space, on its line
        here, wall = LAYOUT.spot(space), LAYOUT.spot(wall_between(space))
        assert (wall.row, wall.col) == (here.row, here.col + 1)
    for space, (tank, points) in TANKS.items():  # each tank below its space, its points on it
        here, drawn = LAYOUT.spot(space), LAYOUT.spot(tank)
        assert (drawn.row, drawn.col, drawn.printed) == (here.row + 1, here.col, str(points))
    groups = Counter(spot.group for spot in LAYOUT.spots)
    assert [groups[st.name] for st in STATIONS] == [2 + 5 + 2, 3 + 3 + 2, 3 + 4 + 2, 4 + 4 + 2]
    assert (groups["wall"], groups["tank"], groups["energy"]) == (35, 12, 6 * 2 + 6)


def test_the_sheet_draws_the_trajectory_with_its_walls_tanks_and_energy() -> None:
    state = new(adventure=2)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "13 WATER", "9 PLANT"))
    play(state, 0, "WRITE 2 T10", "ENERGY", "WALL #93")  # the wall between T4 and T5
    idle(state, 1)
    turn(state, "6 ROBOT", "14 ROBOT", "7 ROBOT")
    play(state, 0, "WRITE 2 T11", "WATER")  # T11's tank (6 points)
    idle(state, 1)
    lines = str(state).split("  seat 1:")[0].splitlines()
    path = lines.index(next(line for line in lines if line.split()[:1] == ["Earth"]))
    empty = [f"T{n}" for n in range(1, 13)]  # an empty space shows its name
    assert lines[path].split() == ["Earth", *empty[:4], "│", *empty[4:9], "13", "14", "T12"]
    assert lines[path + 1].split() == ["○4", "○4", "ST1", "○5", "●6"], "T11's tank circled"
    assert lines[path + 4].split()[-1] == "Moon"
    energy = next(line for line in lines if "energy" in line.split())
    below = lines[lines.index(energy) + 1]
    assert energy.split()[-6:] == below.split()[-6:] == ["●", *"○○○○○"], "133 printed, 134"
    assert "wall       ✗│ ○│" in lines[lines.index(energy) + 2], "the first column's wall used"
