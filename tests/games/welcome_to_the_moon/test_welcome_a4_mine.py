"""Adventure 4 — The Mine: extraction, factories, storages and their race, missions, score."""

from __future__ import annotations

from collections import Counter

import pytest

import moonbase
from moonbase.games.welcome_to_the_moon.adventures import Combination, Context, adventure
from moonbase.games.welcome_to_the_moon.adventures.a4_mine import (
    ASTRONAUTS,
    DATA,
    ERRORS,
    EXTRACTORS,
    FACTORIES,
    GAPS,
    GEMS,
    PLANNING,
    ROWS,
    STORAGES,
    Mine,
)
from moonbase.games.welcome_to_the_moon.layout import Kind
from moonbase.games.welcome_to_the_moon.positions import Position, position
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, CROSSED, Sheet
from tests.games.welcome_to_the_moon.helpers import fill, idle, new, play, sheet, start

MINE = adventure(4)
assert isinstance(MINE, Mine)
_FACTORY = {factory.name: factory for factory in FACTORIES}


def test_the_sheet_matches_its_rules_page() -> None:
    # §2: 3 rows of 12 spaces, column k's extractor is slot 231 + k
    assert DATA.space_slots == tuple(range(1, 37)) and [len(row.slots) for row in ROWS] == [12] * 3
    assert list(EXTRACTORS) == [231 + k for k in range(1, 13)]
    # §2 totals: 12 pearls and 14 rubies in the mine; 8 waters and 12 plants
    kinds = [kind for kind, _ in GEMS.values()]
    assert kinds.count("PEARL") == 12 and kinds.count("RUBY") == 14
    gaps = [gap.kind for gap in GAPS]
    assert gaps.count("PLANT") == 12 and gaps.count("WATER") == 8
    # §3: robot symbols 63–78 (16), energy symbols 79–92 (14); 4 main, 2 control, 5 secondary
    assert sorted(s for f in FACTORIES for s in f.robots) == list(range(63, 79))
    assert sorted(s for f in FACTORIES for s in f.energy) == list(range(79, 93))
    factory_kinds = [f.kind for f in FACTORIES]
    assert [factory_kinds.count(k) for k in ("main", "control", "secondary")] == [4, 2, 5]
    assert [f.box for f in FACTORIES if f.box] == list(range(218, 224))
    assert [len(f.icons) for f in FACTORIES if f.kind == "secondary"] == [2, 2, 2, 2, 3]
    # §4: capacity = supply + 2, trigger ordinals 8/6/10/12, bonuses 224–227 worth 8/10/8/12;
    # §9: multipliers ×2→×4, ×3→×5, ×2→×3, ×2→×3
    supply = {"PLANT": 12, "WATER": 8, "PEARL": 12, "RUBY": 14}
    assert {name: len(s.boxes) for name, s in STORAGES.items()} == {
        name: count + 2 for name, count in supply.items()
    }
    ordinals = {name: s.boxes.index(s.trigger) + 1 for name, s in STORAGES.items()}
    assert ordinals == {"PLANT": 8, "WATER": 6, "PEARL": 10, "RUBY": 12}
    assert [(s.bonus, s.points) for s in STORAGES.values()] == [
        (224, 8), (225, 10), (226, 8), (227, 12),
    ]  # fmt: skip
    assert [(s.base, s.upgraded) for s in STORAGES.values()] == [(2, 4), (3, 5), (2, 3), (2, 3)]
    # §4 other tracks: astronauts 204–211 (8), planning 212–217 (6), errors, mission boxes
    assert list(ASTRONAUTS) == list(range(204, 212)) and list(PLANNING) == list(range(212, 218))
    assert DATA.error_slots == (45, 46, 47) and DATA.mission_slots == (48, 49, 50)
    # the layout places each of them once, grouped as printed
    layout = MINE.layout
    assert layout is not None
    assert Counter(spot.kind for spot in layout.spots) == {
        Kind.SPACE: 36,
        Kind.SYMBOL: 26 + 20 + 12 + 16 + 14 + 11 + 8 + 6 + 4 + 3,
        Kind.BOX: 14 + 10 + 14 + 16 + 6,
        Kind.ERROR: 3,
    }
    groups = Counter(spot.group for spot in layout.spots)
    assert [groups[f"ROW{r}"] for r in (1, 2, 3)] == [12, 12, 12]
    assert [groups[kind] for kind in ("pearl", "ruby", "plant", "water")] == [12, 14, 12, 8]
    assert [groups[f"{name} storage"] for name in ("plants", "water", "pearls", "rubies")] == [
        14, 10, 14, 16,
    ]  # fmt: skip
    assert groups["extractors"] == 12 and groups["filling bonus"] == 4
    assert groups["astronauts"] == 8 and groups["planning"] == 6
    assert [groups[f"factory {f.name}"] for f in FACTORIES] == [
        len(f.symbols) + (1 if f.box else len(f.icons)) for f in FACTORIES
    ]
    assert {spot.name for spot in layout.spots if spot.group in ("plant", "water")} == {
        gap.name for gap in GAPS
    }


def _sheet(solo: bool = False, **spaces: int | str) -> Sheet:
    result = MINE.new_sheet(solo=solo)
    Position(MINE, result).fill(spaces, spaces.values())
    return result


def test_a_plant_circled_with_the_write_that_fills_a_column_is_extracted() -> None:
    mine = _sheet(M1=2, M25=4)  # column 1: pearl M1, ruby M13, pearl M25, plants U1 and L1
    MINE.write(mine, Combination("1", 3, "PLANT"), 13, 0, None)
    assert mine.marks[GEMS[1][1]] == 0, "a gem is circled by a mark on its space, not before"
    assert mine.marks[GEMS[13][1]] == CIRCLED and not mine.marks[EXTRACTORS[0]]
    assert sorted(MINE.steps(mine)) == ["PLANT L1", "PLANT U1", "SKIP"]
    MINE.step(mine, "PLANT U1")
    MINE.settle(mine)
    assert mine.done and mine.marks[EXTRACTORS[0]] == CROSSED
    view = MINE.sheet_view(mine)
    assert view["extracted"] == [1]
    assert view["resources"] == {"circled": [], "extracted": ["U1", "M13"]}
    assert view["storages"]["plants"]["boxes"] == 1 and view["storages"]["rubies"]["boxes"] == 1
    assert view["storages"]["pearls"]["boxes"] == 0, "M1 and M25 were filled without their gems"
    assert not mine.marks[159 + 2], "L1 was not circled: it is lost"


def test_gems_are_circled_by_any_mark_and_planning_marks_its_symbol() -> None:
    state = new(adventure=4)
    start(state, ("5 ROBOT", "5 ENERGY", "4 PLANNING"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    play(state, 0, "WRITE 3 M3", "X M4")  # M4 holds a ruby
    view = sheet(state, 0)
    assert view["spaces"]["M4"] == "X" and view["resources"]["circled"] == ["M4"]
    assert view["planning"] == {"marked": 1, "multiplier": 3}
    assert view["score_parts"]["planning"] == -3
    fill(state, 1, M3=9)
    with pytest.raises(moonbase.IllegalAction, match="is not legal for seat"):
        state.apply(1, "WRITE 3 M2")  # 11 left of 9


def test_factories_upgrade_fill_storage_and_give_free_robots() -> None:
    mine = _sheet()
    marks = mine.marks
    Position(MINE, mine).cross("#83")  # S5's first energy
    Position(MINE, mine).cross("#79")  # S1's energy: S1 waits for robot 63
    MINE.write(mine, Combination("1", 5, "ENERGY"), 5, 0, None)
    assert "ENERGY S5" in MINE.steps(mine)
    MINE.step(mine, "ENERGY S5")
    MINE.settle(mine)
    assert mine.pending == ["FREE", "FREE", "FREE"] and "SKIP" not in MINE.steps(mine)
    MINE.step(mine, "FREE S1")  # completes S1: two plant storage boxes
    MINE.settle(mine)
    assert MINE.sheet_view(mine)["storages"]["plants"]["boxes"] == 2
    MINE.step(mine, "FREE WATER")
    MINE.step(mine, "FREE WATER")  # the water factory lacks its energy 86
    MINE.settle(mine)
    assert mine.done and not marks[219]
    mine.new_turn()
    MINE.write(mine, Combination("1", 6, "ENERGY"), 6, 0, None)
    MINE.step(mine, "ENERGY WATER")
    assert marks[219] == CROSSED and MINE.sheet_view(mine)["storages"]["water"]["multiplier"] == 5


def test_the_filling_bonus_race() -> None:
    state = new(players=3, adventure=4)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    water = STORAGES["WATER"]
    for seat in range(3):  # five water boxes; column 2 waits for M14 with water U2 circled
        position(state, seat).circle(*water.boxes[:5], "U2")
        fill(state, seat, M2=1, M26=12)
    play(state, 0, "WRITE 1 M14", "SKIP")
    play(state, 1, "WRITE 2 M14", "SKIP")  # the same turn: the bonus too
    idle(state, 2)
    bonuses = [sheet(state, seat)["storages"]["water"]["bonus"] for seat in range(3)]
    assert bonuses == ["circled", "circled", "crossed"]
    assert sheet(state, 0)["score_parts"]["water"] == 6 * 3 + 10


def _extract(mine: Sheet, *columns: int) -> None:
    Position(MINE, mine).cross(*(EXTRACTORS[k - 1] for k in columns))


def _complete(mine: Sheet, *names: str) -> None:
    for name in names:
        Position(MINE, mine).cross(*_FACTORY[name].symbols)


def test_missions_of_adventure_4() -> None:
    columns = _sheet()
    _extract(columns, 1, 2, 3, 5, 7)
    assert MINE.mission_met(columns, "A1") and not MINE.mission_met(columns, "A2")
    _extract(columns, 4)
    assert MINE.mission_met(columns, "A2")
    factories = _sheet()
    _complete(factories, "S1", "S2", "S3", "S4")
    assert not MINE.mission_met(factories, "B1")
    _complete(factories, "S5")
    assert MINE.mission_met(factories, "B1") and not MINE.mission_met(factories, "B2")
    _complete(factories, "ASTRONAUTS", "PLANNING")
    assert not MINE.mission_met(factories, "B2"), "control centres do not count"
    _complete(factories, "PEARLS")
    assert MINE.mission_met(factories, "B2")
    resources = _sheet()
    plants = [gap.slot for gap in GAPS if gap.kind == "PLANT"]
    waters = [gap.slot for gap in GAPS if gap.kind == "WATER"]
    marked = Position(MINE, resources).circle(*plants[:7], *waters[:4])
    marked.circle(plants[7]).cross(plants[7])  # extracted still counts
    assert MINE.mission_met(resources, "C1") and not MINE.mission_met(resources, "C2")
    marked.circle(waters[4])
    assert MINE.mission_met(resources, "C2")


def test_the_final_score_of_adventure_4_by_hand() -> None:
    mine = _sheet()
    marked = Position(MINE, mine)
    for name, count in (("PLANT", 9), ("WATER", 4), ("PEARL", 3), ("RUBY", 12)):
        marked.circle(*STORAGES[name].boxes[:count])
    marked.cross("#218")  # plants ×4
    marked.cross("#221")  # rubies ×3
    marked.circle("#224")  # plants +8
    marked.cross("#227")  # rubies: lost the race
    marked.cross(*ASTRONAUTS[:5], "#222")  # astronauts ×3
    marked.cross(*PLANNING[:2])  # ×3: 6
    marked.cross(*ERRORS[:2])
    mine.missions = [8, 6, -1]
    assert MINE.score(mine, Context([mine])) == {
        "missions": 14, "plants": 9 * 4 + 8, "water": 4 * 3, "pearls": 3 * 2,
        "rubies": 12 * 3, "astronauts": 15, "planning": -6, "errors": -10,
        "total": 14 + 44 + 12 + 6 + 36 + 15 - 6 - 10,
    }  # fmt: skip
    marked.cross("#223")
    assert MINE.score(mine, Context([mine]))["planning"] == 0


def test_solo_astra_crosses_a_filling_bonus_and_a_bonus_gives_two_solo_boxes() -> None:
    solo = _sheet(solo=True)
    assert MINE.solo_targets(solo, "A") == [224, 225, 226, 227]
    assert MINE.solo_targets(solo, "C") == []
    MINE.solo_effect(solo, "B", 225)
    assert solo.marks[225] == CROSSED and MINE.solo_targets(solo, "A") == [224, 226, 227]
    Position(MINE, solo).circle(*STORAGES["PLANT"].boxes[:6]).cross("#79")
    MINE.write(solo, Combination("1 2", 5, "ROBOT"), 5, 0, None)
    MINE.step(solo, "ROBOT S1")  # two plant boxes: the 8th triggers the bonus
    assert solo.marks[224] == CIRCLED and solo.solo_bonus == 2 and solo.triggered == []


def test_the_render_draws_the_mine() -> None:
    state = new(adventure=4)
    start(state, ("5 ROBOT", "5 ENERGY", "5 PLANT"), ("8 ROBOT", "10 WATER", "11 PLANT"))
    fill(state, 0, M1=1, M25=12)
    play(state, 0, "WRITE 3 M13", "PLANT U1")
    idle(state, 1)
    lines = str(state).split("seat 1:")[0].splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines if line.strip()}
    # column 1 is extracted: the ruby of M13 and the plant U1 were circled (now crossed too);
    # the pearls of M1 and M25 (filled before by hand) and the plant L1 were not: lost
    assert rows["M1–12"][:2] == ["1", "○pe"] and rows["M25–36"][:2] == ["12", "○pe"]
    assert rows["M13–24"][:2] == ["11", "⊗ru"]
    assert rows["U"][0] == "⊗pl" and rows["L"][0] == "○pl"
    assert rows["extract"] == ["✗"] + ["○"] * 11
    below = lines[next(i for i, line in enumerate(lines) if line.split()[:1] == ["×2"]) + 1]
    assert below.split()[:4] == ["■", "□", "□", "■"], "a plant and a ruby in storage"
