"""Adventure 5 — The Dome: skyscrapers built outward, end races, tower, dome, tables, missions,
score and solo."""

from __future__ import annotations

from collections import Counter

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon.adventures import Combination, Context, adventure
from moonbase.games.welcome_to_the_moon.adventures.a5_dome import (
    ASTRONAUTS,
    DATA,
    ENDS,
    ERRORS,
    HIGH_ENDS,
    LEVELS,
    SECTIONS,
    SKYSCRAPERS,
    STARS,
    TABLES,
    Dome,
    unbuilt_pieces,
)
from moonbase.games.welcome_to_the_moon.layout import Kind
from moonbase.games.welcome_to_the_moon.positions import Position, position
from moonbase.games.welcome_to_the_moon.render import render_view
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, CROSSED, Sheet
from tests.games.welcome_to_the_moon.helpers import draw, fill, idle, new, play, sheet, start, turn

DOME = adventure(5)
assert isinstance(DOME, Dome)


def _slot(alias: str) -> int:
    slot = DATA.slot(alias)
    assert slot is not None
    return slot


def _upgrade(sheet_: Sheet, table: str, rows: int) -> None:
    for row in TABLES[table].rows[:rows]:
        Position(DOME, sheet_).cross(*row)


def test_the_sheet_matches_its_rules_page() -> None:
    # §2: skyscrapers of 9, 10, 10 and 9 spaces (1–38), two ground-level starters each
    assert len(DATA.space_slots) == 38 and DATA.space_slots == tuple(range(1, 39))
    assert [len(sk.slots) for sk in SKYSCRAPERS] == [9, 10, 10, 9]
    assert [sk.ground for sk in SKYSCRAPERS] == [(6, 7), (13, 14), (22, 23), (34, 35)]
    # §2 end bonuses: 8 races on the extreme spaces, high and low points
    assert sorted(end.space for end in ENDS) == [1, 9, 10, 19, 20, 29, 30, 38]
    assert [sum(end.high[1] for end in ENDS), sum(end.low[1] for end in ENDS)] == [112, 55]
    assert HIGH_ENDS == (90, 92, 94, 96, 98, 100, 102, 104)
    # §3: 8 tower levels of 2 plants and 1 water (66–89); 8 spaces linked to none
    linked = {space for level in LEVELS for space in level.spaces}
    assert len(LEVELS) == 8 and len(linked) == 30
    assert set(range(1, 39)) - linked == {1, 2, 18, 19, 27, 28, 29, 30}
    symbols = [slot for level in LEVELS for slot in level.symbols]
    assert sorted(symbols) == list(range(66, 90)) and len(symbols) == 24
    # §4: 8 sections 114–121 of alternating parity, 16 subsections 122–137
    assert [s.slot for s in SECTIONS] == list(range(114, 122))
    assert [half for s in SECTIONS for half in s.halves] == list(range(122, 138))
    assert [s.parity for s in SECTIONS] == [1, 0, 1, 0, 1, 0, 1, 0]
    # §5: 8 astronaut symbols 106–113; §6: 4 tables of 4 rows of 2, 3, 2 and 1 boxes
    assert tuple(range(106, 114)) == ASTRONAUTS
    assert [len(table.rows) for table in TABLES.values()] == [4, 4, 4, 4]
    assert [len(table.rows[0]) for table in TABLES.values()] == [2, 3, 2, 1]
    assert TABLES["ASTRONAUTS"].columns["first"] == (-10, 0, 10, 20, 30)
    assert TABLES["DOME"].columns["penalty"] == (6, 5, 4, 3, 2)
    # §8: a ★ and a ✩ per mission; §10: errors 48–50; mission boxes 51–53
    assert STARS == {"A": (182, 183), "B": (184, 185), "C": (186, 187)}
    assert DATA.error_slots == (48, 49, 50) and DATA.mission_slots == (51, 52, 53)
    # the layout places each of them once, as printed
    layout = DOME.layout
    assert layout is not None
    assert Counter(spot.kind for spot in layout.spots) == {
        Kind.SPACE: 38,
        Kind.SYMBOL: 16 + 24 + 8 + 3 + 6 + 8 + 16,
        Kind.BOX: 8 + 12 + 8 + 4,
        Kind.ERROR: 3,
    }
    groups = Counter(spot.group for spot in layout.spots)
    assert [groups[sk.name] for sk in SKYSCRAPERS] == [9, 10, 10, 9]
    assert [groups[level.name] for level in LEVELS] == [3] * 8
    assert [groups[name] for name in TABLES] == [8, 12, 8, 4]
    assert groups["ends"] == 16 and groups["dome"] == 24 and groups["stars"] == 6
    # §2: the ground line lies between the underground and the above-ground parts
    (ground,) = {
        label.row for area in layout.areas for label in area.labels if label.text == "ground"
    }
    underground = {spot.slot for spot in layout.of_kind(Kind.SPACE) if spot.row > ground}
    assert underground == {*range(1, 7), *range(10, 14), *range(20, 23), *range(30, 35)}
    # §3: each tower level beside the spaces linked to it
    for level in LEVELS:
        rows = {layout.spot(slot).row for slot in (*level.spaces, *level.symbols)}
        assert len(rows) == 1, level.name
    # §2: the top space highest in its column, the end bonuses beyond the extreme spaces
    for sk in SKYSCRAPERS:
        rows = [layout.spot(slot).row for slot in sk.slots]
        assert rows == sorted(rows, reverse=True) and len(set(rows)) == len(rows)
    for end in ENDS:
        space, high, low = (layout.spot(slot) for slot in (end.space, end.high[0], end.low[0]))
        assert abs(high.row - space.row) == 1 and high.row == low.row
        assert (high.col, low.col, high.printed) == (space.col, space.col + 1, str(end.high[1]))


def test_a_skyscraper_is_built_outward_from_ground_level() -> None:
    state = new(adventure=5)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "9 WATER", "12 PLANT"))
    spaces = {action.split(" ")[2] for action in state.legal_actions(0)}
    assert spaces == {"SK1.6", "SK1.7", "SK2.4", "SK2.5", "SK3.3", "SK3.4", "SK4.5", "SK4.6"}
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 1 SK1.8")
    play(state, 0, "WRITE 1 SK1.7", "SKIP")
    idle(state, 1)
    turn(state, "4 PLANT", "10 WATER", "11 PLANT")
    spaces_sk1 = {a.split(" ")[2] for a in state.legal_actions(0) if " SK1." in a}
    assert spaces_sk1 == {"SK1.6", "SK1.8"}, "next to SK1.7 only"
    assert "WRITE 1 SK1.6" in state.legal_actions(0)  # 4 below 6
    assert "WRITE 1 SK1.8" not in state.legal_actions(0), "4 cannot sit above 6"
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 1 SK1.8")
    play(state, 0, "WRITE 2 SK1.8", "WATER")  # 10 above 6, linked to tower level L2
    assert sheet(state, 0)["tower"]["L2"] == {"plants": 0, "water": True}


def test_the_skyscraper_end_race_high_for_the_first_finishers_low_afterwards() -> None:
    state = new(players=3, adventure=5)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("15 ROBOT", "14 ROBOT", "12 PLANT"))
    for seat in range(3):
        fill(state, seat, SK1_7=3, SK1_8=5)
    play(state, 0, "WRITE 1 SK1.9", "SKIP")
    play(state, 1, "WRITE 2 SK1.9", "SKIP")
    idle(state, 2)
    assert [sheet(state, seat)["ends"]["SK1.9"] for seat in range(3)] == ["high", "high", "taken"]
    assert state.sheets[2].marks[90] == CROSSED, "phase 5 crosses the high bonus off"
    turn(state, "15 ENERGY", "14 PLANT", "13 WATER")
    play(state, 2, "WRITE 1 SK1.9", "SKIP")
    idle(state, 0)
    idle(state, 1)
    assert sheet(state, 2)["ends"]["SK1.9"] == "low"
    parts = [sheet(state, seat)["score_parts"]["skyscrapers"] for seat in range(3)]
    assert parts == [6, 6, 3]


def test_an_x_on_an_end_space_takes_the_bonus_and_planning_splits_a_section() -> None:
    state = new(adventure=5)
    start(state, ("4 PLANNING", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "9 WATER", "12 PLANT"))
    fill(state, 0, SK4_5=1, SK4_4=0, SK4_3="X", SK4_2="X")
    play(state, 0, "WRITE 1 SK3.4")
    assert "X SK4.1" in state.legal_actions(0) and "X SK4.6" in state.legal_actions(0)
    assert "X SK4.7" not in state.legal_actions(0), "next to nothing marked"
    play(state, 0, "X SK4.1")
    assert state.view(0)["pending"] == ["SPLIT"]
    assert "SKIP" not in state.legal_actions(0), "the split is compulsory"
    assert len(state.legal_actions(0)) == 8
    play(state, 0, "SPLIT D8")
    view = sheet(state, 0)
    assert view["ends"]["SK4.1"] == "high" and view["spaces"]["SK4.1"] == "X"
    assert view["dome"]["unbuilt"][-2:] == ["D8L", "D8R"]


def test_robots_build_the_dome_from_both_ends_by_parity() -> None:
    sheet_ = DOME.new_sheet(solo=False)
    marks = sheet_.marks
    robot = Position(DOME, sheet_).write("SK1.6", 4)
    robot.pending("ACTION", action="ROBOT", written="SK1.6")
    assert sorted(DOME.steps(sheet_)) == ["BUILD D8", "SKIP"], "even: only D8 (D1 is odd)"
    Position(DOME, sheet_).cross("D8")  # split
    assert sorted(DOME.steps(sheet_)) == ["BUILD D8R", "SKIP"], "the last piece is D8R"
    DOME.step(sheet_, "BUILD D8R")
    assert unbuilt_pieces(marks)[-1] == 136
    robot.write("SK1.6", 5).pending("ACTION", action="ROBOT", written="SK1.6")
    assert sorted(DOME.steps(sheet_)) == ["BUILD D1", "SKIP"], "odd: D1, and D8L is even"
    Position(DOME, sheet_).circle("D1")
    assert DOME.options(sheet_, "ACTION") == [], "D2 and D8L are both even"


def test_energy_upgrades_a_table_and_its_value_follows() -> None:
    state = new(adventure=5)
    start(state, ("5 ENERGY", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "9 WATER", "12 PLANT"))
    play(state, 0, "WRITE 1 SK1.7")
    assert sorted(state.legal_actions(0)) == [
        "SKIP", "UPGRADE ASTRONAUTS", "UPGRADE DOME", "UPGRADE MISSIONS", "UPGRADE TOWER",
    ]  # fmt: skip
    play(state, 0, "UPGRADE DOME")
    idle(state, 1)
    view = sheet(state, 0)
    assert view["upgrades"]["DOME"] == 1
    assert view["score_parts"]["dome"] == -8 * 5, "8 unbuilt sections at 5 each (6 before)"
    marks = state.sheets[0].marks
    assert all(marks[slot] == CROSSED for slot in TABLES["DOME"].rows[0])
    _upgrade(state.sheets[0], "DOME", 4)
    assert "UPGRADE DOME" not in DOME.options(_acting(state.sheets[0], action="ENERGY"), "ACTION")


def _acting(sheet_: Sheet, action: str, written: str | int = 7) -> Sheet:
    """A copy of ``sheet_`` in phase 4 with ``action`` pending for the space ``written``."""
    result = sheet_.copy()
    Position(DOME, result).pending("ACTION", action=action, written=written)
    return result


def test_plants_and_water_fill_the_linked_tower_level_only() -> None:
    blank = DOME.new_sheet(solo=False)
    plant = _acting(blank, "PLANT", written="SK2.8")  # slot 17: L0
    DOME.step(plant, "PLANT")
    assert plant.marks[66] == CIRCLED and plant.marks[67] == 0
    Position(DOME, plant).pending("ACTION", action="PLANT", written="SK2.8")
    DOME.step(plant, "PLANT")
    assert plant.marks[67] == CIRCLED
    Position(DOME, plant).pending("ACTION", action="PLANT", written="SK2.8")
    assert DOME.options(plant, "ACTION") == [], "both plants of L0 are circled"
    unlinked = _acting(blank, "WATER", written="SK2.10")  # slot 19: no level
    assert DOME.options(unlinked, "ACTION") == []


def _met(card: str, **spaces: int | str) -> tuple[bool, Sheet]:
    sheet_ = DOME.new_sheet(solo=False)
    Position(DOME, sheet_).fill([alias.replace("_", ".") for alias in spaces], spaces.values())
    return DOME.mission_met(sheet_, card), sheet_


def test_mission_a1_a_whole_skyscraper() -> None:
    full = {f"SK1_{i}": i for i in range(1, 10)}
    assert _met("A1", **full)[0]
    del full["SK1_1"]
    assert not _met("A1", **full)[0]


def test_mission_a2_two_tops() -> None:
    assert _met("A2", SK1_9="X", SK3_10=15)[0]
    assert not _met("A2", SK1_9="X", SK3_9=15)[0]


def test_missions_b1_and_b2_tower_levels() -> None:
    sheet_ = DOME.new_sheet(solo=False)
    marked = Position(DOME, sheet_)
    for level in LEVELS[:3]:
        marked.circle(level.plants[0], level.water)
    assert DOME.mission_met(sheet_, "B1") and not DOME.mission_met(sheet_, "B2")
    marked.circle(LEVELS[0].plants[1])
    assert not DOME.mission_met(sheet_, "B2"), "one level with all three"
    marked.circle(LEVELS[2].plants[1])
    assert DOME.mission_met(sheet_, "B2")


def test_missions_c1_the_whole_dome_and_c2_four_x() -> None:
    sheet_ = DOME.new_sheet(solo=False)
    marked = Position(DOME, sheet_).circle(*(section.slot for section in SECTIONS[:7]))
    marked.cross("D8").circle("D8L")
    assert not DOME.mission_met(sheet_, "C1"), "D8R is still unbuilt"
    marked.circle("D8R")
    assert DOME.mission_met(sheet_, "C1")
    assert _met("C2", SK1_6="X", SK1_7="X", SK2_4="X", SK4_5="X")[0]
    assert not _met("C2", SK1_6="X", SK1_7="X", SK2_4="X", SK4_5=3)[0]


def test_a_mission_gives_a_star_first_and_a_hollow_star_later() -> None:
    state = new(adventure=5, missions="A2,B1,C2")
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("15 ROBOT", "14 ROBOT", "12 PLANT"))
    for seat in range(2):
        fill(state, seat, SK1_7=3, SK1_8=5, SK3_4=1, SK3_5=2, SK3_6=3, SK3_7=4, SK3_8=5, SK3_9=6)
        fill(state, seat, SK4_5=1, SK4_6=2, SK4_7=3, SK4_8=4, SK4_9=5)  # one top filled
    play(state, 0, "WRITE 1 SK3.10", "SKIP")
    idle(state, 1)
    assert sheet(state, 0)["stars"]["A"] == "first" and sheet(state, 1)["stars"]["A"] is None
    turn(state, "15 ENERGY", "14 PLANT", "13 WATER")
    play(state, 1, "WRITE 1 SK1.9", "SKIP")
    idle(state, 0)
    assert sheet(state, 1)["stars"]["A"] == "later"
    assert state.sheets[0].marks[182] == CIRCLED and state.sheets[1].marks[183] == CIRCLED
    assert sheet(state, 1)["score_parts"]["missions"] == 4


def test_a_full_final_score_by_hand() -> None:
    mine = DOME.new_sheet(solo=False)
    other = DOME.new_sheet(solo=False)
    marked = Position(DOME, mine)
    marked.circle("#182", "#185")  # A ★, B ✩
    _upgrade(mine, "MISSIONS", 2)  # first 12, later 8
    marked.circle("#66", "#67", "#82")  # L0: 3 symbols
    marked.circle("#68", "#83")  # L1: 2
    marked.circle("#70")  # L2: 1
    marked.circle("#72")  # L3: 1
    _upgrade(mine, "TOWER", 1)  # 1 → 2, 2 → 6, 3 → 10
    marked.circle("#92")  # SK1 bottom high: 20
    marked.circle("#99")  # SK3 top low: 12
    marked.cross(*ASTRONAUTS[:3])
    _upgrade(mine, "ASTRONAUTS", 1)  # first 0, second 2
    Position(DOME, other).cross(*ASTRONAUTS[:2])
    marked.circle(*(section.slot for section in SECTIONS[:5]))
    marked.cross("D6")  # split: D6L, D6R, D7, D8 unbuilt
    _upgrade(mine, "DOME", 3)  # 3 per piece
    marked.cross(ERRORS[0])
    parts = DOME.score(mine, Context([mine, other]))
    assert parts == {
        "missions": 12 + 8,
        "tower": 2 * 2 + 1 * 6 + 1 * 10,
        "skyscrapers": 20 + 12,
        "astronauts": 0,
        "dome": -4 * 3,
        "errors": -5,
        "total": 20 + 20 + 32 + 0 - 12 - 5,
    }
    assert DOME.score(other, Context([mine, other]))["astronauts"] == 0, "rank 2 unupgraded"
    _upgrade(other, "ASTRONAUTS", 2)
    assert DOME.astronaut_points(other, Context([mine, other])) == 4
    assert DOME.astronaut_points(mine, Context([mine, other])) == 0
    assert DOME.astronaut_points(DOME.new_sheet(False), Context([mine])) == 0, "no symbol: 0"
    lonely = DOME.new_sheet(solo=False)
    Position(DOME, lonely).cross(ASTRONAUTS[0])
    assert DOME.astronaut_points(lonely, Context([lonely])) == -10, "rank 1 unupgraded"


def test_solo_astra_crosses_a_high_end_bonus_and_high_bonuses_give_solo_bonus() -> None:
    state = new(players=1, adventure=5, level=1, missions="A1,B1,C1")
    while state.view(0)["deck"] > 24:  # the effect cards lie in the bottom 24 cards
        names = [name for name, _ in state.chance_outcomes()]
        draw(state, names[-1], names[-2], names[-3])
        play(state, 0, state.legal_actions(0)[0].replace(" BONUS", ""))
        while 0 in state.to_act:
            play(
                state, 0, "SKIP" if "SKIP" in state.legal_actions(0) else state.legal_actions(0)[0]
            )
        assert not state.is_over
    position(state, 0).erase("#90")
    draw(state, "DRAW SOLO A")
    assert state.phase.value == "effect"
    crosses = state.legal_actions(0)
    assert all(action.startswith("CROSS #") for action in crosses)
    play(state, 0, "CROSS #98")
    assert state.sheets[0].marks[98] == CROSSED
    assert sheet(state, 0)["ends"]["SK3.10"] == "taken"
    solo = DOME.new_sheet(solo=True)
    Position(DOME, solo).write("SK1.2", 1).write("SK1.3", 2)
    DOME.write(solo, Combination("1 2", 0, "ROBOT"), _slot("SK1.1"), 0, None)
    assert solo.marks[92] == CIRCLED and solo.solo_bonus == 1 and not solo.triggered


def test_solo_astronaut_ranking_against_astra() -> None:
    solo = DOME.new_sheet(solo=True)
    Position(DOME, solo).cross(*ASTRONAUTS[:2])
    _upgrade(solo, "ASTRONAUTS", 1)
    cards = [0, 0, 0, 0, 2, 0]  # ASTRA holds 2 Astronaut cards
    assert DOME.astronaut_points(solo, Context([solo], cards)) == 0, "2 ≥ 2: rank 1 → 0"
    cards[4] = 3
    assert DOME.astronaut_points(solo, Context([solo], cards)) == 2, "rank 2 → 2"


def test_the_text_shows_skyscrapers_tower_dome_and_tables() -> None:
    state = new(adventure=5)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "9 WATER", "12 PLANT"))
    fill(state, 0, SK1_7=3)
    lines = render_view(state.view(None)).split("seat 1:")[0].splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines if line.strip()}
    assert rows["SK1"][:4] == ["SK2", "SK3", "SK4", "tower"]
    level3 = next(line.split() for line in lines if "L3" in line)
    # SK1.7 at the tower's L3; the empty spaces show their names (no printed label tells them)
    assert level3 == ["3", "SK2.5", "SK3.4", "SK4.6", "L3", "○p", "○p", "○w"]
    assert rows["ground"] == ["───"] * 8
    assert rows["dome"] == [f"○D{k}" for k in range(1, 9)]
    assert rows["split"] == ["○L", "○R"] * 8
    assert rows["MISSIONS"] == ["TOWER", "ASTRONAUTS", "DOME"]
    assert rows["□8"] == ["□4", "□2", "□5", "□9", "□-10", "□0", "□6"], "no table upgraded"
    assert "True" not in "".join(lines) and "False" not in "".join(lines)
