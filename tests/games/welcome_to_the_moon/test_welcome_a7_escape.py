"""Adventure 7 — The Escape: blocks and airlocks, greenhouses and the ×2 race, reactors, tanks,
planning, errors, the six missions, the final score and the solo rules."""

from __future__ import annotations

from collections import Counter

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon.adventures import Context, adventure
from moonbase.games.welcome_to_the_moon.adventures.a7_escape import (
    AIRLOCKS,
    ASTRONAUTS,
    BLOCKS,
    DATA,
    ERRORS,
    PLANNING,
    ROBOT_SPACES,
    STARSHIPS,
    WILDS,
    Escape,
    connected,
)
from moonbase.games.welcome_to_the_moon.layout import Kind, load_layout
from moonbase.games.welcome_to_the_moon.positions import Position, position
from moonbase.games.welcome_to_the_moon.sheet import CROSSED, Sheet
from tests.games.welcome_to_the_moon.helpers import draw, fill, idle, new, play, sheet, start, turn

LAYOUT = load_layout(7)
ESCAPE = adventure(7)
assert isinstance(ESCAPE, Escape)


def _fill(target: Sheet, *spaces: int) -> None:
    Position(ESCAPE, target).cross(*spaces)


def test_the_sheet_data_matches_the_file() -> None:
    assert len(DATA.space_slots) == 43 and DATA.space_slots == tuple(range(1, 44))
    assert [len(zone.slots) for zone in DATA.zones] == [9, 10, 7, 6, 6, 5]
    modules = [block for block in BLOCKS if not block.greenhouse]
    greenhouses = [block for block in BLOCKS if block.greenhouse]
    assert len(BLOCKS) == 19 and len(modules) == 13 and len(greenhouses) == 6
    assert sorted(len(block.spaces) for block in modules) == [2] * 4 + [3] * 7 + [4] * 2
    assert all(len(block.tanks) == 1 for block in modules)
    assert sorted(t for b in modules for t in b.tanks.values()) == list(range(72, 85))
    assert [block.spaces[0] for block in greenhouses] == [5, 16, 20, 29, 36, 43]
    assert len(AIRLOCKS) == 24 and sorted(AIRLOCKS) == list(range(130, 154))
    assert sorted(ROBOT_SPACES) == [1, 8, 12, 19, 24, 28, 38, 40]
    assert all(len(s.plants) + s.printed_plants == 3 for s in STARSHIPS)
    assert all(len(s.reactors) + s.printed_reactors == 3 for s in STARSHIPS)
    assert (
        sum(len(s.plants) for s in STARSHIPS) == 13
        and sum(len(s.reactors) for s in STARSHIPS) == 14
    )
    assert [s.double for s in STARSHIPS] == list(range(154, 160))
    assert len(ASTRONAUTS) == 6 and len(WILDS) == 3 and ERRORS == (69, 70, 71)
    assert PLANNING.values == (0, 1, 3, 6, 9, 12, 16, 20, 24, 28)
    assert DATA.slot("SH0.5") == 5 and DATA.slot("SH1.3") == 12 and DATA.slot("SH5.5") == 43


def test_only_blocks_linked_through_activated_airlocks_take_marks() -> None:
    state = new(adventure=7)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    spaces = {action.split()[2] for action in state.legal_actions(0) if action.startswith("WRITE")}
    assert spaces == {f"SH0.{k}" for k in (1, 2, 3, 4, 6, 7, 8, 9)}, "only B0 and B2 at first"
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 1 SH0.5")
    play(state, 0, "WRITE 1 SH0.3")  # 6 ROBOT: activate an airlock touching B0 or B2
    assert "ROBOT #130" in state.legal_actions(0) and "ROBOT #138" not in state.legal_actions(0)
    play(state, 0, "ROBOT #133")  # B0–B4
    idle(state, 1)
    assert sheet(state, 0)["connected"] == ["B0", "B2", "B4"]
    turn(state, "9 ROBOT", "10 ENERGY", "11 PLANT")
    assert "WRITE 1 SH1.5" in state.legal_actions(0)
    assert not any(a.startswith("WRITE 1 SH1.5") for a in state.legal_actions(1))
    airlocks = ESCAPE.new_sheet(solo=False)
    Position(ESCAPE, airlocks).circle(139, 141, 140)  # B4–B9 only matters once B4 is reached
    assert 7 not in connected(airlocks.marks)
    Position(ESCAPE, airlocks).circle(133)
    assert {4, 9, 8, 7} <= connected(airlocks.marks)


def test_a_robot_space_gives_a_compulsory_airlock_besides_the_robot_action() -> None:
    state = new(adventure=7)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("1 ROBOT", "7 ROBOT", "8 ROBOT"))
    play(state, 0, "WRITE 1 SH0.1")  # space 1 is a robot-bonus space, and the action is Robot
    assert state.view(0)["pending"] == ["AIRLOCK", "ROBOT"]
    legal = state.legal_actions(0)
    assert "SKIP" in legal and "AIRLOCK #130" in legal and "ROBOT #130" in legal
    play(state, 0, "SKIP")  # the action is declined; the bonus airlock is not
    assert state.view(0)["pending"] == ["AIRLOCK"] and "SKIP" not in state.legal_actions(0)
    play(state, 0, "AIRLOCK #130")
    idle(state, 1)
    assert sheet(state, 0)["airlocks"] == ["#130"]
    assert "B1" in sheet(state, 0)["connected"]


def test_the_greenhouse_race_doubles_every_first_filler_and_crosses_the_others() -> None:
    state = new(players=3, adventure=7)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    for seat in range(3):
        position(state, seat).circle(130)  # B0–B1: the bottom greenhouse is connected
    play(state, 0, "WRITE 3 SH0.5", "PLANT")
    play(state, 1, "WRITE 2 SH0.5", "SKIP")
    idle(state, 2)
    doubles = [sheet(state, seat)["starships"]["SH0"]["double"] for seat in range(3)]
    assert doubles == ["circled", "circled", "crossed"]
    assert sheet(state, 0)["starships"]["SH0"]["plants"] == 1
    turn(state, "9 ROBOT", "10 ENERGY", "11 PLANT")
    play(state, 2, "WRITE 1 SH0.5", "SKIP")
    idle(state, 0)
    idle(state, 1)
    assert sheet(state, 2)["starships"]["SH0"]["double"] == "crossed"
    assert sheet(state, 2)["score_parts"]["greenhouses"] == 0
    assert sheet(state, 0)["score_parts"]["greenhouses"] == 4, "1 plant = 2 points, doubled"


def test_planning_writes_an_x_that_takes_the_space_reactions_and_costs_a_box() -> None:
    state = new(adventure=7)
    start(state, ("3 PLANNING", "5 ENERGY", "5 PLANT"), ("4 PLANT", "7 ROBOT", "8 ROBOT"))
    play(state, 0, "WRITE 1 SH0.2")
    legal = state.legal_actions(0)
    assert "X SH0.8" in legal and "X SH0.5" not in legal and "SKIP" in legal
    play(state, 0, "X SH0.8")  # robot-bonus space: an airlock
    assert state.view(0)["pending"] == ["AIRLOCK"]
    play(state, 0, "AIRLOCK #131")
    idle(state, 1)
    view = sheet(state, 0)
    assert view["spaces"]["SH0.8"] == "X" and view["planning"] == 1
    assert view["score_parts"]["planning"] == -1


def test_plant_energy_and_water_act_on_the_starship_just_written() -> None:
    state = new(adventure=7)
    start(state, ("5 PLANT", "5 ENERGY", "3 WATER"), ("6 ROBOT", "7 ENERGY", "8 ROBOT"))
    for seat in range(2):
        position(state, seat).circle(133)  # B0–B4
    play(state, 0, "WRITE 1 SH1.4", "PLANT")  # the SH1 greenhouse is neither connected nor filled
    play(state, 1, "WRITE 3 SH0.7", "WATER")
    turn(state, "9 ROBOT", "10 ENERGY", "11 PLANT")
    play(state, 0, "WRITE 2 SH1.6", "ENERGY")
    idle(state, 1)
    assert sheet(state, 0)["starships"]["SH1"] == {"plants": 1, "reactors": 1, "double": "open"}
    assert sheet(state, 1)["tanks"] == ["SH0.7"]
    assert state.sheets[0].marks[88] and state.sheets[0].marks[121], "the first plant and reactor"


def test_astronaut_changes_the_number_and_every_second_symbol_circles_a_wild() -> None:
    state = new(adventure=7)
    start(state, ("3 ASTRONAUT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    position(state, 0).cross(ASTRONAUTS[0])
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 2 SH0.3 +1")
    play(state, 0, "WRITE 1 SH0.3 -2")
    assert 0 not in state.to_act
    idle(state, 1)
    view = sheet(state, 0)
    assert view["spaces"]["SH0.3"] == 4 and view["astronauts"] == 2
    assert view["wilds"] == {"available": 1, "used": 0}
    turn(state, "9 ROBOT", "10 ENERGY", "11 PLANT")
    play(state, 0, "WRITE 2 SH0.6 WILD PLANNING", "X SH0.9")
    idle(state, 1)
    assert sheet(state, 0)["wilds"] == {"available": 0, "used": 1}


def test_the_first_two_errors_activate_an_airlock() -> None:
    state = new(adventure=7)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    fill(state, 0, SH0_1=0, SH0_2=1, SH0_3=2, SH0_4=3, SH0_6=4, SH0_7=5, SH0_8=9, SH0_9=10)
    assert state.legal_actions(0) == ["ERROR"]
    play(state, 0, "ERROR")
    assert state.view(0)["pending"] == ["AIRLOCK"]
    play(state, 0, "AIRLOCK #132")
    idle(state, 1)
    assert sheet(state, 0)["errors"] == 1 and sheet(state, 0)["score_parts"]["errors"] == -5
    target = ESCAPE.new_sheet(solo=False)
    Position(ESCAPE, target).cross(*ERRORS[:2])
    ESCAPE.error(target)
    ESCAPE.settle(target)
    assert target.done and target.marks[71] == CROSSED, "the third box gives nothing"


@pytest.mark.parametrize(
    ("card", "met", "short"),
    [
        ("A1", {"spaces": (5, 20, 29), "plants": (85, 86, 87, 91, 92, 93, 94)}, {"plants": (94,)}),
        ("A2", {"spaces": (43,), "plants": (97,)}, {"plants": (97,), "keep_space": False}),
        ("B1", {"ships": (0, 1, 2)}, {"ships": (0, 1), "spaces": (21, 22, 23)}),
        ("B2", {"ships": (0, 3, 5)}, {"ships": (0, 3), "spaces": tuple(range(39, 43))}),
        (
            "C1",
            {"reactors": (116, 117, 118, 125, 126, 129)},
            {"reactors": (116, 117, 118, 126, 129)},
        ),
        ("C2", {"tanks": (72, 73, 79, 80, 83, 84)}, {"tanks": (72, 73, 79, 80, 83)}),
    ],
)
def test_each_mission(card: str, met: dict[str, object], short: dict[str, object]) -> None:
    def build(spec: dict[str, object]) -> Sheet:
        target = ESCAPE.new_sheet(solo=False)
        for ship in spec.get("ships", ()):  # type: ignore[attr-defined]
            _fill(target, *STARSHIPS[ship].spaces)
        _fill(target, *spec.get("spaces", ()))  # type: ignore[arg-type]
        for key in ("plants", "reactors", "tanks"):
            Position(ESCAPE, target).circle(*spec.get(key, ()))  # type: ignore[misc]
        return target

    assert ESCAPE.mission_met(build(met), card)
    if card == "A1":
        less = dict(met, plants=(85, 86, 87, 91, 92, 93))
    elif card == "A2":
        less = {"plants": (97,)}  # the greenhouse space is empty
    else:
        less = short
    assert not ESCAPE.mission_met(build(less), card)


def test_missions_are_claimed_high_then_low() -> None:
    state = new(adventure=7, missions="A2,B1,C1")
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ENERGY", "8 ROBOT"))
    for seat in range(2):
        position(state, seat).circle(116, 117, 124, 123, 122, 126, 125)
    play(state, 0, "WRITE 2 SH0.4", "ENERGY")  # the third reactor of SH0: 3 starships full
    idle(state, 1)
    assert sheet(state, 0)["missions"]["C"] == 10 and sheet(state, 1)["missions"]["C"] is None
    turn(state, "9 ROBOT", "10 ENERGY", "11 PLANT")
    play(state, 1, "WRITE 2 SH0.6", "ENERGY")
    idle(state, 0)
    assert sheet(state, 1)["missions"]["C"] == 5


def test_a_final_score_by_hand() -> None:
    target = ESCAPE.new_sheet(solo=False)
    _fill(target, *range(1, 10))  # SH0 whole: modules B0, B2 and its greenhouse
    marked = Position(ESCAPE, target)
    marked.circle(72)  # B0's tank: B0 doubled
    marked.circle(118, 117)  # 2 SH0 reactors: 4 per complete module
    marked.circle(85)  # 1 plant: 2, doubled by the ×2 bonus
    marked.circle(154)
    _fill(target, 43, 39, 40)  # SH5: greenhouse (2 printed + 1 = 7), B16 (2 printed reactors: 4)
    marked.circle(97)
    marked.cross(159)  # its ×2 was lost
    marked.write("SH2.1", 3)  # SH2's greenhouse: 1 printed plant = 2
    target.missions = [10, -1, 4]
    marked.cross(*PLANNING.slots[:3])  # 3 boxes: 6
    marked.cross(ERRORS[0])
    parts = ESCAPE.score(target, Context([target]))
    assert parts == {
        "missions": 14,
        "greenhouses": 4 + 7 + 2,
        "starships": 8 + 4 + 4,
        "planning": -6,
        "errors": -5,
        "total": 14 + 13 + 16 - 6 - 5,
    }


def test_solo_effect_crosses_a_double_and_a_double_gives_a_solo_bonus() -> None:
    state = new(players=1, adventure=7, level=2)
    draw(state, "DRAW 6 ROBOT", "DRAW 7 ENERGY", "DRAW 8 PLANT")
    position(state, 0).circle(130)
    play(state, 0, "WRITE 1 2 SH0.5", "SKIP")
    assert sheet(state, 0)["solo_bonus"] == {"circled": 1, "used": 0}
    assert ESCAPE.solo_targets(state.sheets[0], "A") == [155, 156, 157, 158, 159]
    ESCAPE.solo_effect(state.sheets[0], "B", 157)
    assert sheet(state, 0)["starships"]["SH3"]["double"] == "crossed"


def test_the_drawing_shows_starships_airlocks_tanks_and_reactors() -> None:
    state = new(adventure=7)
    start(state, ("3 WATER", "5 ENERGY", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    play(state, 0, "WRITE 1 SH0.3", "WATER")
    play(state, 1, "WRITE 2 SH0.1", "AIRLOCK #132", "ENERGY")
    text = str(state)
    mine, theirs = (part.splitlines() for part in text.split("seat 1:"))

    def row(lines: list[str], first: str) -> list[str]:
        return next(line.split() for line in lines if line.split()[:1] == [first])

    assert row(mine, "SH0")[:10] == ["SH0", "·", "·", "6", *["·"] * 6]
    assert row(mine, "SH0")[10:] == ["○p", "○p", "○p", "○×2", "□", "○r", "○r", "○r", "□"]
    under = mine[mine.index(next(line for line in mine if line.split()[:1] == ["SH0"])) + 1]
    assert under.split() == ["R", "●w", "30", "G", "31", "○w", "R"], "SH0.3's tank circled"
    assert row(mine, "SH5")[-9:] == ["●p", "●p", "○p", "○×2", "□", "●r", "●r", "○r", "□"]
    assert row(theirs, "SH0")[:2] == ["SH0", "7"] and row(theirs, "SH0")[-4] == "●r"
    assert row(theirs, "║")[:3] == ["║", "32", "33"], "airlock #132 activated, #133 not"
    assert [line.split()[0] for line in mine if line[4:5] == "S"] == [
        f"SH{k}" for k in range(5, -1, -1)
    ], "SH5 on top"


def test_the_sheet_matches_its_rules_page() -> None:
    # §2: 6 starships of 19 blocks (13 modules of 2–4 spaces, 6 one-space greenhouses)
    assert len(DATA.space_slots) == 43 and len(STARSHIPS) == 6 and len(BLOCKS) == 19
    assert {zone.name: len(zone.slots) for zone in DATA.zones} == {
        "SH0": 9, "SH1": 10, "SH2": 7, "SH3": 6, "SH4": 6, "SH5": 5,
    }  # fmt: skip
    modules = [len(b.spaces) for b in BLOCKS if not b.greenhouse]
    assert len(modules) == 13 and set(modules) == {2, 3, 4}
    assert [len(b.spaces) for b in BLOCKS if b.greenhouse] == [1] * 6
    assert [len(b.tanks) for b in BLOCKS if not b.greenhouse] == [1] * 13
    assert len(ROBOT_SPACES) == 8
    # §2: every greenhouse has 3 plants and every starship 3 reactors, some printed circled
    assert [s.printed_plants + len(s.plants) for s in STARSHIPS] == [3] * 6
    assert [s.printed_plants for s in STARSHIPS] == [0, 0, 1, 1, 1, 2]
    assert [s.printed_reactors + len(s.reactors) for s in STARSHIPS] == [3] * 6
    assert [s.printed_reactors for s in STARSHIPS] == [0, 0, 0, 1, 1, 2]
    # §3: 24 airlocks; §5: tracks; §4: errors and missions
    assert len(AIRLOCKS) == 24 and sorted(AIRLOCKS) == list(range(130, 154))
    assert (len(ASTRONAUTS), len(WILDS), len(PLANNING.slots)) == (6, 3, 9)
    assert PLANNING.values == (0, 1, 3, 6, 9, 12, 16, 20, 24, 28)
    assert ERRORS == (69, 70, 71) and DATA.mission_slots == (44, 45, 46)
    # the layout: each spot once (§2: plants 85–97 and reactors 116–129 to circle); the final
    # score boxes 47–56 hold no mark and are not placed
    symbols = {"tanks": 13, "plants": 13, "reactors": 14, "×2": 6, "astronauts": 6,
               "wilds": 3, "missions": 3}  # fmt: skip
    assert Counter(spot.kind for spot in LAYOUT.spots) == {
        Kind.SPACE: 43,
        Kind.LINK: 24,  # airlocks
        Kind.BOX: 9 + 12,  # planning penalties; per starship its greenhouse's and modules' points
        Kind.ERROR: 3,
        Kind.SYMBOL: sum(symbols.values()),
    }
    assert set(range(160)) - set(LAYOUT.slots) == {0, *range(47, 57)}
    printed = Counter(label.text for area in LAYOUT.areas for label in area.labels)
    assert (printed["●p"], printed["●r"], printed[" R"], printed[" G"]) == (5, 4, 8, 6)
