"""Adventure 3 — The Colony: the grid, tunnels and antennas, the quarter race, missions, score."""

from __future__ import annotations

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon.adventures import Combination, Context, adventure
from moonbase.games.welcome_to_the_moon.adventures.a3_colony import (
    ANTENNAS,
    ASTRONAUTS,
    COLUMNS,
    DATA,
    GRID,
    MULTIPLIERS,
    OBS,
    PLANNING,
    QUARTERS,
    ROWS,
    TANKS,
    TUNNELS,
    Colony,
    network,
)
from moonbase.games.welcome_to_the_moon.positions import Position, position
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, CROSSED, Sheet
from tests.games.welcome_to_the_moon.helpers import (
    draw,
    fill,
    idle,
    new,
    play,
    sheet,
    solo_turns,
    start,
    turn,
)

COLONY = adventure(3)
assert isinstance(COLONY, Colony)

_CELL = {cell: (r, c) for r, row in enumerate(GRID) for c, cell in enumerate(row)}


def test_the_sheet_data_matches_the_adventure_file() -> None:
    assert len(DATA.space_slots) == 32 and DATA.space_slots == tuple(range(1, 33))
    assert [len(zone.slots) for zone in COLUMNS] == [5, 6, 5, 5, 6, 5]
    assert [len(zone.slots) for zone in ROWS] == [5, 6, 5, 5, 6, 5]
    assert COLUMNS[2].slots == (12, 13, 14, 15, 16) and ROWS[3].slots == (2, 8, 14, 24, 30)
    buildable = [t for t in TUNNELS if t.slot is not None]
    assert len(buildable) == 58 and sorted(t.slot for t in buildable) == list(range(137, 195))
    assert len(TUNNELS) - len(buildable) == 2
    for tunnel in TUNNELS:  # upper or left cell first, and the cells are neighbours
        (ra, ca), (rb, cb) = _CELL[tunnel.a], _CELL[tunnel.b]
        assert (rb - ra, cb - ca) in ((1, 0), (0, 1)), tunnel
    for quarter in QUARTERS:
        rows = {_CELL[b][0] // 3 for b in quarter.buildings}
        cols = {_CELL[b][1] // 3 for b in quarter.buildings}
        assert len(quarter.buildings) == 8 and len(rows) == len(cols) == 1
        assert len(quarter.plants) == 5
    assert sum(len(slots) for slots in ANTENNAS.values()) == 16 and len(ANTENNAS[OBS]) == 3
    assert len(TANKS) == 8 and len(ASTRONAUTS) == 9 and len(PLANNING.slots) == 9
    assert [track.values[-1] for track in MULTIPLIERS.values()] == [4, 8, 6]
    assert PLANNING.values == (0, 1, 3, 6, 9, 12, 16, 20, 24, 28)


def test_a_number_must_ascend_in_its_column_and_its_row() -> None:
    state = new(adventure=3)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, B8=5, B14=9)  # B8 below B9 (column 1), B14 right of B8 (row 3)
    legal = set(state.legal_actions(0))
    assert "WRITE 1 B9" in legal  # 8 > 5 below it, nothing above
    assert "WRITE 1 B2" not in legal, "B2 is left of B8 in row 3: it must be below 5"
    assert "WRITE 1 B13" in legal and "WRITE 3 B13" not in legal, "B13 is below B14 (9)"
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 1 B2")
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 3 B13")
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(0, "WRITE 1 B9 +1")


def test_a_tunnel_connects_an_antenna_and_the_observatory() -> None:
    state = new(adventure=3)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, B8=3)
    marks = state.sheets[0].marks
    assert not marks[ANTENNAS[8][0]], "B8 is filled but not connected"
    position(state, 0).circle("B1-B7")  # a tunnel already built
    play(state, 0, "WRITE 1 B30")
    assert "TUNNEL B8-B7" in state.legal_actions(0)  # B7 is in the network (through B1)
    assert "TUNNEL B9-B8" not in state.legal_actions(0), "it must touch the network"
    play(state, 0, "TUNNEL B8-B7")
    assert marks[ANTENNAS[8][0]] == CIRCLED, "B8 is filled and now connected"
    assert sheet(state, 0)["antennas"] == 1
    idle(state, 1)
    # the observatory: every tunnel up the right side, then 32-OBS
    position(state, 0).circle(
        "B6-B12", "B12-B17", "B17-B22", "B22-B28", "B29-B28", "B30-B29", "B31-B30", "B32-B31"
    )
    assert 33 not in network(marks)
    turn(state, "6 ROBOT", "12 PLANT", "13 WATER")
    play(state, 0, "WRITE 1 B3", "TUNNEL OBS-B32")
    assert all(marks[slot] == CIRCLED for slot in ANTENNAS[OBS]), "no number needed"
    assert not marks[ANTENNAS[29][0]], "B29 is connected but empty"
    assert COLONY.mission_met(state.sheets[0], "B1")


def test_the_quarter_race_gives_15_to_every_first_finisher_and_5_later() -> None:
    state = new(players=3, adventure=3)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    for seat in range(3):  # TL needs only B16 (the top of column 2, the end of row 0)
        fill(state, seat, B3=1, B4=2, B5=3, B9=4, B10=5, B11=6, B15=7)
    play(state, 0, "WRITE 3 B16", "SKIP")
    play(state, 1, "WRITE 3 B16", "SKIP")
    idle(state, 2)
    assert [sheet(state, s)["quarters"]["TL"]["bonus"] for s in range(3)] == [15, 15, 0]
    assert sheet(state, 2)["quarters"]["TL"]["high"] == "crossed", "phase 5 crossed it off"
    turn(state, "11 ROBOT", "12 PLANT", "13 WATER")
    play(state, 2, "WRITE 3 B16", "PLANT")
    idle(state, 0)
    idle(state, 1)
    tl = sheet(state, 2)["quarters"]["TL"]
    assert tl == {"bonus": 5, "high": "crossed", "plants": 1}
    assert sheet(state, 2)["score_parts"]["quarters"] == 5


def test_planning_writes_an_x_that_can_fill_a_quarter_and_costs_a_penalty_box() -> None:
    state = new(adventure=3)
    start(state, ("5 ROBOT", "5 ENERGY", "4 PLANNING"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, B3=1, B4=2, B5=3, B9=4, B10=5, B11=6)
    play(state, 0, "WRITE 3 B15")
    assert "X B16" in state.legal_actions(0) and "SKIP" in state.legal_actions(0)
    play(state, 0, "X B16")
    view = sheet(state, 0)
    assert view["spaces"]["B16"] == "X" and view["planning"] == 1
    assert view["quarters"]["TL"]["bonus"] == 15
    assert view["score_parts"]["planning"] == -1, "a penalty: taken off"


def test_astronaut_changes_the_number_and_energy_raises_a_multiplier() -> None:
    state = new(adventure=3)
    start(state, ("3 ASTRONAUT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    assert {"WRITE 1 B5 -2", "WRITE 1 B5 +2", "WRITE 1 B5"} <= set(state.legal_actions(0))
    play(state, 0, "WRITE 1 B5 +2")  # 10, the symbol marked at once
    assert 0 not in state.to_act and sheet(state, 0)["spaces"]["B5"] == 10
    assert sheet(state, 0)["astronauts"] == 1
    play(state, 1, "WRITE 2 B13")
    assert sorted(state.legal_actions(1)) == [
        "ENERGY ANTENNAS", "ENERGY PLANTS", "ENERGY WATER", "SKIP",
    ]  # fmt: skip
    play(state, 1, "ENERGY WATER")
    assert sheet(state, 1)["multipliers"] == {"plants": 0, "water": 2, "antennas": 0}


def test_plant_fills_the_greenhouses_of_the_quarter_and_water_needs_a_tank() -> None:
    colony = COLONY.new_sheet(solo=False)
    plant = Combination("1", 5, "PLANT")
    for building in (19, 20, 21, 25):  # four writes in TR: the fourth greenhouse holds two
        COLONY.write(colony, plant, building, 0, None)
        assert COLONY.steps(colony) == ["PLANT", "SKIP"]
        COLONY.step(colony, "PLANT")
        COLONY.settle(colony)
        colony.new_turn()
    assert COLONY.sheet_view(colony)["quarters"]["TR"]["plants"] == 5
    assert all(colony.marks[slot] == CIRCLED for slot in QUARTERS[1].plants)
    COLONY.write(colony, plant, 26, 0, None)
    COLONY.settle(colony)
    assert colony.done, "every greenhouse of TR is circled: the action is lost"
    colony.new_turn()
    water = Combination("1", 5, "WATER")
    COLONY.write(colony, water, 27, 0, None)
    COLONY.settle(colony)
    assert colony.done, "B27 has no tank"
    colony.new_turn()
    COLONY.write(colony, water, 31, 0, None)
    assert COLONY.steps(colony) == ["WATER", "SKIP"]
    COLONY.step(colony, "WATER")
    assert colony.marks[TANKS[31]] == CIRCLED


def _sheet(**spaces: int | str) -> Sheet:
    result = COLONY.new_sheet(solo=False)
    Position(COLONY, result).fill(spaces, spaces.values())
    return result


def _tunnel(sheet: Sheet, *names: str) -> None:
    Position(COLONY, sheet).circle(*names)


def test_missions_of_adventure_3() -> None:
    columns = _sheet(**{f"B{i}": "X" for i in range(1, 18)})  # columns 0, 1, 2 are full
    assert COLONY.mission_met(columns, "A1") and not COLONY.mission_met(columns, "A2")
    rows = _sheet(**{f"B{i}": "X" for i in (6, 12, 17, 22, 28, 1, 7, 13, 18, 23, 29)})
    assert not COLONY.mission_met(rows, "A2")
    Position(COLONY, rows).cross("B2", "B8", "B14", "B24", "B30")
    assert COLONY.mission_met(rows, "A2") and not COLONY.mission_met(rows, "A1")
    obs = _sheet()
    assert not COLONY.mission_met(obs, "B1")
    Position(COLONY, obs).circle(*ANTENNAS[OBS])
    assert COLONY.mission_met(obs, "B1")
    antennas = _sheet()
    marked = Position(COLONY, antennas)
    marked.circle(*(ANTENNAS[cell][0] for cell in (11, 15, 3, 8, 1)))  # all of TL, two of BL
    assert not COLONY.mission_met(antennas, "B2")
    marked.circle(ANTENNAS[6][0])
    assert COLONY.mission_met(antennas, "B2")
    plants = _sheet()
    marked = Position(COLONY, plants).circle(*QUARTERS[0].plants, *QUARTERS[3].plants[:4])
    assert not COLONY.mission_met(plants, "C1")  # 5 + 4
    marked.circle(QUARTERS[3].plants[4])
    assert COLONY.mission_met(plants, "C1")
    tanks = _sheet()
    marked = Position(COLONY, tanks).circle(*(TANKS[building] for building in (5, 15, 26, 8)))
    assert not COLONY.mission_met(tanks, "C2")
    marked.circle(TANKS[13])
    assert COLONY.mission_met(tanks, "C2")


def test_the_missions_are_claimed_high_then_low_through_a_game() -> None:
    state = new(players=2, adventure=3, missions="A1,B1,C1")
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    for seat in range(2):  # columns 0 and 1 full, column 2 waits for B16
        fill(state, seat, **{f"B{i}": "X" for i in range(1, 16)})
    play(state, 0, "WRITE 3 B16", "SKIP")
    idle(state, 1)
    assert [sheet(state, seat)["missions"]["A"] for seat in range(2)] == [12, None]
    turn(state, "11 ROBOT", "12 PLANT", "13 WATER")
    play(state, 1, "WRITE 1 B16", "SKIP")
    idle(state, 0)
    assert [sheet(state, seat)["missions"]["A"] for seat in range(2)] == [12, 6]
    assert state.sheets[1].marks[45] == CIRCLED


def test_the_final_score_of_adventure_3_by_hand() -> None:
    best = _sheet(B1=3, B2=5, B3=8)
    marked = Position(COLONY, best)
    marked.circle(*QUARTERS[0].plants, QUARTERS[2].plants[0])  # 6 plants
    marked.cross(*MULTIPLIERS["PLANTS"].slots[:2])  # plants ×2
    marked.circle(*(TANKS[building] for building in (5, 15, 8)))  # 3 tanks
    marked.cross(MULTIPLIERS["WATER"].slots[0])  # water ×2
    marked.circle(*ANTENNAS[1], *ANTENNAS[3], *ANTENNAS[OBS])  # 5 antennas
    marked.cross(*MULTIPLIERS["ANTENNAS"].slots[:3])  # antennas ×4
    marked.circle(QUARTERS[0].high)  # 15
    marked.cross(QUARTERS[1].high).circle(QUARTERS[1].low)  # 5
    marked.cross(QUARTERS[2].high)  # 0
    marked.cross(*ASTRONAUTS[:4], *PLANNING.slots[:3])  # planning: 6
    marked.cross("#42")  # an error
    best.missions = [12, -1, 4]
    others = [_sheet(), _sheet(), _sheet()]
    Position(COLONY, others[0]).cross(*ASTRONAUTS[:4])  # ties for the most: 20 each
    Position(COLONY, others[1]).cross(*ASTRONAUTS[:2])  # dense ranking: second, 10
    context = Context([best, *others])
    assert COLONY.score(best, context) == {
        "missions": 16, "plants": 12, "water": 6, "antennas": 20, "quarters": 20,
        "astronaut": 20, "planning": -6, "errors": -5,
        "total": 16 + 12 + 6 + 20 + 20 + 20 - 6 - 5,
    }  # fmt: skip
    majorities = [COLONY.score(s, context)["astronaut"] for s in (best, *others)]
    assert majorities == [20, 20, 10, 0]
    assert COLONY.score(best, Context([best], astra_cards=[0, 0, 0, 0, 4, 0]))["astronaut"] == 20
    assert COLONY.score(best, Context([best], astra_cards=[0, 0, 0, 0, 5, 0]))["astronaut"] == 10


def test_solo_astra_crosses_a_quarter_15_and_a_15_gives_two_solo_bonuses() -> None:
    solo = COLONY.new_sheet(solo=True)
    assert COLONY.solo_targets(solo, "A") == [55, 56, 57, 58]
    assert COLONY.solo_targets(solo, "C") == [], "card C has no effect in adventure 3"
    COLONY.solo_effect(solo, "B", 55)
    assert solo.marks[55] == CROSSED and COLONY.solo_targets(solo, "A") == [56, 57, 58]
    Position(COLONY, solo).cross(*QUARTERS[0].buildings[:-1])
    COLONY.write(solo, Combination("1 2", 9, "WATER"), 16, 0, None)
    assert solo.marks[QUARTERS[0].low] == CIRCLED and solo.solo_bonus == 0, "only the 5"
    solo.new_turn()
    Position(COLONY, solo).cross(*QUARTERS[1].buildings[:-1])
    COLONY.write(solo, Combination("1 2", 9, "WATER"), 32, 0, None)
    assert solo.marks[QUARTERS[1].high] == CIRCLED and solo.solo_bonus == 2
    assert solo.triggered == [], "no race in solo"


def test_a_solo_game_of_adventure_3_offers_the_cross_of_an_astra_card() -> None:
    state = new(players=1, level=2, adventure=3, missions="A1,B1,C1")
    solo_turns(state, 14)  # the first 42 cards are drawn: the ASTRA cards may come
    draw(state, "DRAW SOLO A")
    assert state.phase.value == "effect" and state.to_act == (0,)
    assert state.legal_actions(0) == ["CROSS #55", "CROSS #56", "CROSS #57", "CROSS #58"]
    play(state, 0, "CROSS #56")
    assert state.sheets[0].marks[56] == CROSSED
    draw(state, "DRAW 5 ROBOT", "DRAW 6 PLANT", "DRAW 6 ENERGY")
    assert state.phase.value == "play", "the turn goes on with the next three cards"
    assert any(action.startswith("WRITE 1 2 ") for action in state.legal_actions(0))


def test_the_render_draws_the_grid_with_its_tunnels() -> None:
    state = new(adventure=3)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, B1=3)
    play(state, 0, "WRITE 1 B7", "TUNNEL B1-B7")
    idle(state, 1)
    text = str(state)
    assert " 3 ●a    ─   8 " in text, text  # B1's antenna circled, the tunnel to B7 built
    assert "B13    ○w" in text  # an empty building shows its name
    assert "ST       ─" in text
