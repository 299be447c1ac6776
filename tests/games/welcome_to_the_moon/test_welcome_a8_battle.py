"""Adventure 8 — The Battle: the sheet data, shared sheets (2 and 3 players), planet control with
a tie, astronaut changes, the six missions, a final score by hand and the solo rules."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from rich.console import Console

import moonbase
from moonbase import CHANCE
from moonbase.cli.renderers.welcome_to_the_moon import render
from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.adventures.a8_battle import (
    ASTEROIDS,
    DATA,
    FIELD,
    HALVES,
    KINDS,
    PLANETS,
    Battle,
)
from moonbase.games.welcome_to_the_moon.drawing import plain_lines
from moonbase.games.welcome_to_the_moon.layout import Kind, load_layout
from moonbase.games.welcome_to_the_moon.positions import Position, position
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, CROSSED, Sheet
from tests.games.welcome_to_the_moon.helpers import draw, new, play, start, turn

LAYOUT = load_layout(8)
BATTLE = adventure(8)
assert isinstance(BATTLE, Battle)


def _boxes(sheet: Sheet, slots: tuple[int, ...], count: int, off: int = 0) -> None:
    Position(BATTLE, sheet).cross(*(off + slot for slot in slots[:count]))


def test_the_sheet_matches_its_rules_page() -> None:
    # §3: seven planets, their types, allowed numbers and spaces in fill order
    assert DATA.space_slots == tuple(range(1, 34))
    assert [len(p.spaces) for p in PLANETS] == [3, 5, 5, 7, 5, 5, 3]
    assert [p.kind for p in PLANETS] == ["GREEN", "GREY", "BLUE", "GREY", "GREEN", "BLUE", "GREEN"]
    assert [(p.low, p.high) for p in PLANETS] == [
        (0, 3), (3, 5), (5, 7), (7, 9), (9, 11), (11, 13), (13, 17),
    ]  # fmt: skip
    # §1 and §3: 14 moons (79–92), 7 flags (93–99), resolved markers 223–229
    assert sorted(m for p in PLANETS for m in p.moons) == list(range(79, 93))
    assert [p.flag for p in PLANETS] == list(range(93, 100))
    assert [p.resolved for p in PLANETS] == list(range(223, 230))
    # §3: planet plant and water symbols 181–198; PL6 has no water
    assert sorted(s for p in PLANETS for s in p.plants + p.waters) == list(range(181, 199))
    assert sum(len(p.plants) for p in PLANETS) == 12 and sum(len(p.waters) for p in PLANETS) == 6
    assert PLANETS[6].waters == ()
    # §3: space bonuses
    bonuses = {slot: b for p in PLANETS for slot, b in p.bonuses.items()}
    assert bonuses == {
        3: "PLANT", 8: "ROBOT", 11: "ROBOT", 13: "WATER", 14: "PLANT", 18: "PLANT",
        20: "ROBOT", 24: "WATER", 25: "PLANT", 30: "WATER", 33: "PLANT",
    }  # fmt: skip
    # §4: 13 asteroids 50–62, their bonus icons 63–78
    assert sorted(ASTEROIDS) == list(range(50, 63))
    icons = [bonus for rock in ASTEROIDS.values() for _, bonus in rock]
    assert sorted(icon for rock in ASTEROIDS.values() for icon, _ in rock) == list(range(63, 79))
    assert (icons.count("PLANT"), icons.count("WATER"), icons.count("ENERGY")) == (4, 4, 6)
    assert icons.count("PLANNING") == 2
    # §5: each half's tracks, astronaut symbols and System Errors
    for side, first in ((1, (100, 122, 140, 164, 38, 34)), (2, (111, 131, 152, 171, 44, 36))):
        half = HALVES[side]
        assert (len(half.plants.slots), len(half.water.slots), len(half.planning.slots)) == (
            11, 9, 7,
        )  # fmt: skip
        assert [len(t.slots) for t in half.multipliers.values()] == [4, 4, 4]
        assert (len(half.astronauts), len(half.errors)) == (6, 2)
        assert (half.plants.slots[0], half.water.slots[0], half.multipliers["GREEN"].slots[0],
                half.planning.slots[0], half.astronauts[0], half.errors[0]) == first  # fmt: skip
        assert half.plants.values == (0, 2, 4, 7, 10, 13, 17, 21, 25, 30, 35, 40)
        assert half.water.values == (0, 3, 6, 10, 14, 19, 24, 30, 37, 45)
        assert half.multipliers["GREEN"].values == (2, 3, 4, 6, 8)
        assert half.multipliers["BLUE"].values == (2, 4, 6, 8, 10)
        assert half.multipliers["GREY"].values == (4, 5, 6, 9, 12)
        assert half.planning.values == (0, 3, 6, 10, 15, 21, 28, 36)  # printed: 10, not 9
    # §5: mission boxes 178–180
    assert DATA.mission_slots == (178, 179, 180)
    # the layout of a multiplayer sheet: one battlefield, every spot by kind and group
    layout = LAYOUT.for_sheet(solo=False)
    kinds = Counter(spot.kind for spot in layout.spots)
    assert kinds == {
        Kind.SPACE: 33,  # §3
        Kind.INSIGNIA: 14 + 7 + 13,  # §1: moons, flags, asteroids
        Kind.SYMBOL: 12 + 6 + 16 + 2 * 6 + 3,  # §3, §4, §5: symbols, icons, astronauts, missions
        Kind.BOX: 2 * (11 + 9 + 3 * 4 + 7),  # §5: both halves' tracks
        Kind.ERROR: 2 * 2,  # §5
    }
    groups = Counter(spot.group for spot in layout.spots)
    assert [groups[p.name] for p in PLANETS] == [3, 5, 5, 7, 5, 5, 3]
    assert (groups["moons"], groups["flags"], groups["asteroids"]) == (14, 7, 13)
    assert (groups["planet plants"], groups["planet waters"], groups["asteroid bonuses"]) == (
        12, 6, 16,
    )  # fmt: skip
    for side in (1, 2):
        assert [groups[f"{name}{side}"] for name in ("plants", "water", "planning")] == [11, 9, 7]
        assert [groups[f"{kind.lower()}{side}"] for kind in KINDS] == [4, 4, 4]
        assert (groups[f"astronauts{side}"], groups[f"errors{side}"]) == (6, 2)
    assert groups["missions1"] == 3
    bonus_labels = Counter(
        label.text for label in LAYOUT.areas[2].labels if label.text in ("p", "w", "r")
    )
    assert bonus_labels == {"p": 5, "w": 3, "r": 3}  # §3: the space bonuses
    assert LAYOUT.bookkeeping == (0, *range(223, 230), *range(FIELD + 223, FIELD + 230))
    # §11: a solo sheet adds ASTRA's battlefield, with the player's half (side 2) only
    astra = Counter(spot.kind for spot in LAYOUT.spots if spot.slot >= FIELD)
    assert astra == {
        Kind.SPACE: 33,
        Kind.INSIGNIA: 34,
        Kind.SYMBOL: 12 + 6 + 16 + 6,
        Kind.BOX: 11 + 9 + 3 * 4 + 7,
        Kind.ERROR: 2,
    }
    assert all(LAYOUT.spot(FIELD + slot).name == LAYOUT.spot(slot).name for slot in range(1, 34))


def _lines(marks: list[int]) -> list[str]:
    return plain_lines(LAYOUT, marks)


def _planet_line(lines: list[str], name: str) -> list[str]:
    return next(line.split() for line in lines if line.split()[:1] == [name])


def test_the_battlefield_is_drawn_with_each_sides_insignias() -> None:
    state = new(2, adventure=8)
    start(state, numbers=("1 ROBOT", "2 ROBOT", "14 ROBOT"))
    play(state, 0, "WRITE 1 PL0.1", "ROBOT")  # side 2 of sheet 1: PL0.1 and asteroid 62
    play(state, 1, "WRITE 3 PL6.1", "PLANT")  # side 2 of sheet 0: PL6's plant symbol and box
    turn(state, "1 ENERGY", "2 PLANT", "14 PLANT")
    play(state, 0, "WRITE 2 PL0.1", "SKIP")
    play(state, 1, "WRITE 1 PL0.2", "SKIP")  # side 1 of sheet 1
    turn(state, "3 WATER", "9 WATER", "10 WATER")
    play(state, 0, "WRITE 1 PL0.3", "SKIP")  # PL0 of sheet 1 is full: side 2 wins 2 to 1
    play(state, 1, "WRITE 2 PL3.1", "SKIP")  # PL3.1's plant bonus: seat 1's side-2 box
    sheets = state.view(None)["sheets"]
    field = _lines(sheets[1]["marks"])
    assert _planet_line(field, "PL0") == [
        "PL0", "green", "≤3", "2", "1", "2", "p", "☾·", "☾·", "⚑2", "○p", "○w",
        "2", "↓", "side", "2",  # asteroid 62: side 2's end of the belt
    ]  # fmt: skip
    assert _planet_line(field, "PL1")[:6] == ["PL1", "grey", "3", "4", "5", "·"]
    own = _lines(sheets[0]["marks"])
    assert _planet_line(own, "PL6")[:10] == [
        "PL6", "green", "≥13", "2", "·", "·", "p", "☾·", "☾·", "⚑·",
    ]  # fmt: skip
    assert _planet_line(own, "PL6")[10:12] == ["✗p", "○p"]  # the symbol crossed by the Plant
    top = own.index("side 2, printed upside down (solo: ASTRA)")
    assert own[top + 1].split()[:4] == ["plants", "☒2", "☒4", "□7"]  # PL6's Plant, PL3.1's bonus
    bottom = own.index("side 1: the sheet's owner")
    assert own[bottom + 1].split()[:3] == ["plants", "□2", "□4"]
    assert "ASTRA's battlefield: side 2 (you)" not in own
    assert "True" not in "\n".join(own) and "False" not in "\n".join(own)


def test_a_solo_sheet_draws_astras_battlefield_below_the_players() -> None:
    state = new(1, adventure=8, level=4)
    draw(state, "DRAW 3 WATER")
    play(state, 0, "ASTRA PL1")  # turn 1, ASTRA's battlefield: she is side 1 there
    lines = _lines(state.view(0)["sheet"]["marks"])
    astra = lines.index("ASTRA's battlefield: side 2 (you)")
    assert _planet_line(lines, "PL1")[5] == "·"  # the player's battlefield is untouched
    assert _planet_line(lines[astra:], "PL1")[5:7] == ["1", "·"]
    assert "✗w" in _planet_line(lines[astra:], "PL1")  # her Water: PL1's water symbol
    assert sum(1 for line in lines if line.startswith("side 1")) == 1  # ASTRA has no half


def test_three_players_write_on_the_next_sheet_on_odd_turns_hidden_from_its_owner() -> None:
    state = new(3, adventure=8)
    start(state, numbers=("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    assert [state.writing(seat) for seat in range(3)] == [1, 2, 0]
    assert "WRITE 1 PL2.1" in state.legal_actions(0) and "WRITE 1 PL1.1" not in (
        state.legal_actions(0)
    )
    play(state, 0, "WRITE 1 PL2.1")
    assert state.sheets[1].marks[9] == 2 and state.sheets[0].marks[9] == 0  # side 2 of sheet 1
    assert state.view(1)["sheets"][1]["spaces"]["PL2.1"] is None  # hidden from the owner
    assert state.view(2)["sheets"][1]["spaces"]["PL2.1"] is None
    assert state.view(0)["sheet"]["spaces"]["PL2.1"] == 2 and state.view(0)["writing"] == 1
    play(state, 0, "SKIP")
    play(state, 1, "WRITE 2 PL3.1", "SKIP")
    play(state, 2, "WRITE 3 PL3.1", "SKIP")
    assert state.view(1)["sheets"][1]["spaces"]["PL2.1"] == 2  # revealed
    assert state.sheets[0].marks[14] == 2 and state.sheets[2].marks[14] == 2
    assert state.sheets[2].marks[111] == CROSSED  # PL3.1's plant: seat 1's side-2 plant track
    turn(state, "9 ROBOT", "10 ROBOT", "11 ROBOT")
    assert [state.writing(seat) for seat in range(3)] == [0, 1, 2]
    assert "WRITE 1 PL3.1" not in state.legal_actions(0)  # taken: planets fill in order
    play(state, 0, "WRITE 1 PL3.2")
    assert state.sheets[0].marks[14] == 2 and state.sheets[0].marks[15] == 1  # side 1 now


def test_two_players_each_write_on_both_sheets_in_turn() -> None:
    state = new(2, adventure=8)
    start(state, numbers=("1 ROBOT", "2 ROBOT", "14 ROBOT"))
    assert [state.writing(seat) for seat in range(2)] == [1, 0]
    play(state, 0, "WRITE 1 PL0.1", "SKIP")
    play(state, 1, "WRITE 3 PL6.1", "SKIP")
    assert state.sheets[1].marks[1] == 2 and state.sheets[0].marks[31] == 2
    turn(state, "1 ENERGY", "2 PLANT", "14 PLANT")
    assert [state.writing(seat) for seat in range(2)] == [0, 1]
    play(state, 0, "WRITE 2 PL0.1", "SKIP")
    play(state, 1, "WRITE 1 PL0.2", "SKIP")
    assert state.sheets[0].marks[1] == 1 and state.sheets[1].marks[2] == 1
    # seat 0: side 1 of sheet 0 and side 2 of sheet 1; seat 1 the other way round
    assert BATTLE.fields(state.sheets, 0)[1][0] is state.sheets[1].marks
    assert BATTLE.fields(state.sheets, 1)[1][0] is state.sheets[0].marks


def test_a_completed_planet_is_resolved_at_once_and_a_tie_gives_both_the_flag() -> None:
    state = new(2, adventure=8)
    field = state.sheets[1]
    Position(BATTLE, field).draw("PL0.1", 1).draw("PL0.2", 2).draw("PL0.M1", 1)  # 2 against 1
    start(
        state, actions=("5 PLANT", "5 ENERGY", "5 ROBOT"), numbers=("2 ROBOT", "7 ROBOT", "8 ROBOT")
    )
    play(state, 0, "WRITE 1 PL0.3")  # seat 0, side 2 of sheet 1: 2 against 2
    assert field.marks[93] == 3 and field.marks[223] == CIRCLED
    assert field.marks[111] == CROSSED  # the space's plant bonus, on seat 0's side-2 track
    assert 80 not in BATTLE.free_moons(field.marks, 0)  # a resolved planet's moons are closed
    play(state, 0, "PLANT")  # PL0's plant symbol, then the track again
    assert field.marks[181] == CROSSED and field.marks[112] == CROSSED
    # a majority: side 1 wins PL6 alone
    other = state.sheets[0]
    Position(BATTLE, other).draw("PL6.1", 1).draw("PL6.2", 2).draw("PL6.M1", 1)
    play(state, 1, "WRITE 3 PL3.1", "SKIP")
    assert other.marks[99] == 0  # PL6 not complete: unresolved
    assert BATTLE.flags(other.marks, 0, False)[6] == 1  # it would go to side 1 now


def test_astronaut_changes_and_stored_symbols() -> None:
    sheet = BATTLE.new_sheet(False)
    BATTLE.start_turn([sheet], 2)
    from moonbase.games.welcome_to_the_moon.adventures.turn import Combination
    from moonbase.games.welcome_to_the_moon.notation import notation

    tables = notation(8, False)

    def writes(combo: Combination) -> list[str]:
        return [tables.texts[i] for i in BATTLE.writes(sheet, [combo], tables.rows)]

    astronaut = Combination("1", 1, "ASTRONAUT")
    assert {w.split()[2][:3] for w in writes(astronaut)} == {"PL0", "PL1"}
    robot = Combination("2", 1, "ROBOT")
    assert [w.split()[2][:3] for w in writes(robot)] == ["PL0"]
    Position(BATTLE, sheet).circle(38, 39)  # two stored symbols
    assert {w.split()[2][:3] for w in writes(robot)} == {"PL0", "PL1", "PL2"}
    BATTLE.write(sheet, robot, 9, 0, None)  # 1 → 5 needs two ±2: both symbols spent
    assert sheet.marks[38] == sheet.marks[39] == CIRCLED | CROSSED and sheet.marks[9] == 1
    sheet.new_turn()
    BATTLE.write(sheet, astronaut, 4, 0, None)  # the action's own ±2, then a symbol is circled
    assert sheet.marks[40] == CIRCLED and sheet.pending == [] and sheet.marks[4] == 1


def _field(players: int = 2) -> tuple[list[Sheet], Battle]:
    sheets = [BATTLE.new_sheet(False) for _ in range(players)]
    return sheets, BATTLE


def _resolve(sheet: Sheet, planet: int, flag: int) -> None:
    Position(BATTLE, sheet).circle(PLANETS[planet].resolved).draw(PLANETS[planet].flag, flag)


def test_mission_a1_four_planets_on_one_sheet_ties_included() -> None:
    sheets, battle = _field()
    for planet, flag in ((0, 2), (1, 3), (2, 2)):
        _resolve(sheets[1], planet, flag)
    _resolve(sheets[0], 3, 1)
    assert not battle.meets(sheets, 0, "A1")  # 3 + 1 on two sheets
    _resolve(sheets[1], 4, 3)
    assert battle.meets(sheets, 0, "A1") and not battle.meets(sheets, 1, "A1")


def test_mission_a2_green_blue_and_grey_on_one_sheet() -> None:
    sheets, battle = _field()
    _resolve(sheets[0], 0, 1)
    _resolve(sheets[0], 2, 3)
    _resolve(sheets[1], 1, 2)
    assert not battle.meets(sheets, 0, "A2")
    _resolve(sheets[0], 3, 1)
    assert battle.meets(sheets, 0, "A2")


def test_mission_b1_seven_asteroids_on_one_sheet() -> None:
    sheets, battle = _field()
    for rock in range(50, 54):
        Position(BATTLE, sheets[0]).draw(rock, 1)
    for rock in range(60, 63):
        Position(BATTLE, sheets[1]).draw(rock, 2)
    assert not battle.meets(sheets, 0, "B1")
    for rock in range(54, 57):
        Position(BATTLE, sheets[0]).draw(rock, 1)
    assert battle.meets(sheets, 0, "B1")


def test_mission_b2_two_boxes_of_each_multiplier_on_one_half() -> None:
    sheets, battle = _field()
    half = HALVES[2]
    _boxes(sheets[1], half.multipliers["GREEN"].slots, 2)
    _boxes(sheets[1], half.multipliers["BLUE"].slots, 3)
    _boxes(sheets[1], half.multipliers["GREY"].slots, 1)
    _boxes(sheets[0], HALVES[1].multipliers["GREY"].slots, 2)
    assert not battle.meets(sheets, 0, "B2")
    _boxes(sheets[1], half.multipliers["GREY"].slots, 2)
    assert battle.meets(sheets, 0, "B2")


def test_mission_c1_six_plants_and_four_water_on_one_half() -> None:
    sheets, battle = _field()
    _boxes(sheets[0], HALVES[1].plants.slots, 6)
    _boxes(sheets[0], HALVES[1].water.slots, 3)
    _boxes(sheets[1], HALVES[2].water.slots, 4)
    assert not battle.meets(sheets, 0, "C1")
    _boxes(sheets[0], HALVES[1].water.slots, 4)
    assert battle.meets(sheets, 0, "C1")


def test_mission_c2_moons_of_four_planets_on_one_sheet() -> None:
    sheets, battle = _field()
    moons = Position(BATTLE, sheets[0])
    for moon in ("PL0.M1", "PL0.M2", "PL2.M1", "PL3.M1"):
        moons.draw(moon, 1)
    assert not battle.meets(sheets, 0, "C2")
    moons.draw("PL6.M2", 2)  # the other side's insignia does not count
    assert not battle.meets(sheets, 0, "C2")
    moons.draw("PL6.M1", 1)
    assert battle.meets(sheets, 0, "C2")


def test_a_mission_met_on_the_neighbours_sheet_is_claimed_in_play() -> None:
    state = new(2, missions="A1,B1,C2", adventure=8)
    for rock in range(56, 63):
        position(state, 1).draw(rock, 2)
    start(state, numbers=("1 ROBOT", "2 ROBOT", "14 ROBOT"))
    play(state, 0, "WRITE 1 PL0.1", "SKIP")
    play(state, 1, "WRITE 3 PL6.1", "SKIP")
    assert state.sheets[0].missions == [-1, 9, -1] and state.sheets[1].missions == [-1, -1, -1]
    assert state.claimed[1] == [0]


def test_the_final_score_by_hand() -> None:
    state = new(2, adventure=8)
    own, neighbour = state.sheets
    half = HALVES[1]
    _boxes(own, half.plants.slots, 3)  # 7
    _boxes(own, half.water.slots, 2)  # 6
    _boxes(own, half.multipliers["GREEN"].slots, 1)  # ×3
    _boxes(own, half.multipliers["GREY"].slots, 2)  # ×6 (blue stays ×2)
    _boxes(own, half.planning.slots, 3)  # 10, the printed value
    Position(BATTLE, own).cross(34)  # one error: 5
    _resolve(own, 0, 1)  # PL0 green: side 1
    _resolve(own, 2, 3)  # PL2 blue: a tie, both
    _resolve(own, 5, 2)  # PL5 blue: side 2 only
    Position(BATTLE, own).draw("PL1.1", 1).draw("PL1.2", 1)
    Position(BATTLE, own).draw("PL1.3", 2)  # PL1 grey unresolved, 2–1: side 1 at the end
    # the rest (PL3 grey, PL4 green, PL6 green) is 0–0: shared at the end
    # side 1: green PL0, PL4, PL6 = 3 × 3; blue PL2 = 1 × 2; grey PL1, PL3 = 2 × 6
    side1 = 7 + 6 + 9 + 2 + 12 - 10 - 5
    _boxes(neighbour, HALVES[2].water.slots, 1)  # 3
    # side 2 of the neighbour's sheet: all 0–0, all shared: green 3 × 2, blue 2 × 2, grey 2 × 4
    side2 = 3 + 6 + 4 + 8
    own.missions = [12, -1, 5]
    assert (side1, side2) == (21, 21)
    assert state.player_scores()[0] == side1 + side2 + 17 == 59
    parts = BATTLE.score(own, state.context())
    assert parts["side1_planning"] == -10 and parts["side1_grey"] == 12 and parts["missions"] == 17


def test_errors_end_the_game_per_half_and_count_on_both_halves_for_the_tie_break() -> None:
    sheets, battle = _field()
    Position(BATTLE, sheets[1]).cross(36)
    Position(BATTLE, sheets[0]).cross(34)
    assert battle.end_triggers(sheets, 0) == battle.end_triggers(sheets, 1) == []
    assert battle.seat_penalty(sheets, 0) == 2 and battle.seat_penalty(sheets, 1) == 0
    Position(BATTLE, sheets[1]).cross(37)
    assert battle.end_triggers(sheets, 1) == [
        {"trigger": "last-error", "seat": 0, "boxes": 2, "sheet": 1, "side": 2, "astra": False}
    ], "both boxes of seat 0's half on seat 1's sheet"


def test_solo_astra_plays_the_first_card_and_the_player_chooses_her_planet() -> None:
    state = new(1, adventure=8, level=4)
    draw(state, "DRAW 3 WATER")
    assert state.phase.value == "effect" and state.legal_actions(0) == ["ASTRA PL0", "ASTRA PL1"]
    play(state, 0, "ASTRA PL1")
    marks = state.sheets[0].marks
    assert marks[FIELD + 4] == 1  # turn 1: ASTRA's battlefield, where she is side 1
    assert marks[FIELD + 183] == CROSSED  # her Water: PL1's water symbol
    draw(state, "DRAW 9 ROBOT", "DRAW 12 PLANT")
    assert state.to_act == (0,)
    play(state, 0, "WRITE 3 2 PL5.1")
    assert marks[FIELD + 26] == 2 and marks[26] == 0  # the player is side 2 there
    play(state, 0, "SKIP")
    assert state.astra_cards == [0, 1, 0, 0, 0, 0]  # card 1 (3 WATER, hers) went to ASTRA
    draw(state, "DRAW 1 ROBOT")  # turn 2: the player's battlefield; a single planet
    assert marks[1] == 2 and marks[FIELD + 50] == 0 and marks[62] == 2  # her asteroid, side 2


def test_solo_ties_go_to_the_player_and_even_control_counts_give_solo_bonuses() -> None:
    state = new(1, adventure=8, level=4)
    marks = state.sheets[0].marks
    _resolve(state.sheets[0], 3, 1)  # the player controls one planet on their own battlefield
    astra = position(state, 0).draw(FIELD + 31, 1)  # ASTRA (side 1 of her battlefield)
    astra.draw(FIELD + 32, 2).draw(FIELD + 91, 1)  # and her moon
    draw(state, "DRAW 1 ROBOT", "DRAW 15 ROBOT", "DRAW 14 PLANT")
    assert state.phase.value == "play"  # a single planet for ASTRA's 1: no choice
    play(state, 0, "WRITE 2 3 PL6.3")  # 2 against 2 on ASTRA's battlefield
    assert marks[FIELD + 99] == 2  # the player's alone
    assert state.sheets[0].solo_bonus == 1  # the player now controls 2 planets: even
    assert BATTLE.control(bytearray(marks), PLANETS[4], FIELD, True) == 2  # 0–0: the player's
    assert BATTLE.control(bytearray(marks), PLANETS[4], 0, True) == 1


@pytest.mark.parametrize("players", [2, 3, 6])
def test_sheets_have_exactly_one_writer_every_turn(players: int) -> None:
    for turn_number in (1, 2):
        written = [BATTLE.sheet_for(seat, turn_number, players) for seat in range(players)]
        assert sorted(written) == list(range(players))


def test_chance_is_explicit() -> None:
    state = new(3, adventure=8)
    assert state.to_act == (CHANCE,)


def test_the_terminal_names_the_sheet_a_seat_writes_on() -> None:
    state = moonbase.load("welcome-to-the-moon", adventure=8, players=3).new(seed=1)
    assert (state.turn, state.writing(0)) == (1, 1), "odd turns: the next seat's sheet"
    console = Console(width=120, file=io.StringIO(), color_system=None)
    console.print(render(state.view(0)))
    shown = console.file.getvalue()
    assert "seat 1's sheet (you write on it this turn)" in shown
    assert "your sheet" not in shown


def test_an_asteroids_energy_goes_before_the_energy_action() -> None:
    sheet = BATTLE.new_sheet(False)
    BATTLE.start_turn([sheet], 1)  # side 2 writes: its tracks are the ones advanced
    sheet.written, sheet.action, sheet.stage = 1, "ENERGY", Sheet.ACTING
    sheet.pending = ["ENERGY", "ACTION"]
    assert sorted(BATTLE.steps(sheet)) == ["ENERGY BLUE", "ENERGY GREEN", "ENERGY GREY", "SKIP"]
    BATTLE.step(sheet, "ENERGY GREEN")
    assert sheet.pending == ["ACTION"] and "SKIP" in BATTLE.steps(sheet)
    assert HALVES[2].multipliers["GREEN"].marked(sheet.marks) == 1
    BATTLE.step(sheet, "ENERGY GREEN")
    assert sheet.pending == [] and HALVES[2].multipliers["GREEN"].marked(sheet.marks) == 2
