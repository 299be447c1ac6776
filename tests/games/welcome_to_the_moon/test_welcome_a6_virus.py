"""Adventure 6 — The Virus: quarters and walkways, the grey setup, propagation through open
walkways, quarantine, tracks and races, evacuation, missions releasing viruses, score, solo."""

from __future__ import annotations

from collections import Counter

from moonbase.games.welcome_to_the_moon import WelcomeState
from moonbase.games.welcome_to_the_moon.adventures import Context, adventure
from moonbase.games.welcome_to_the_moon.adventures.a6_virus import (
    ASTRONAUTS,
    DATA,
    ERRORS,
    FLOORS,
    PLANNING,
    PLANT_TRACK,
    PLANT_VALUES,
    QUARTERS,
    VIRUSES,
    WALKWAYS,
    WATER_TRACK,
    WATER_VALUES,
    WILDS,
    Virus,
)
from moonbase.games.welcome_to_the_moon.layout import Kind, load_layout
from moonbase.games.welcome_to_the_moon.positions import Position, position
from moonbase.games.welcome_to_the_moon.render import render_view
from moonbase.games.welcome_to_the_moon.sheet import (
    CIRCLED,
    CROSSED,
    INFECTED,
    Sheet,
)
from tests.games.welcome_to_the_moon.helpers import draw, fill, new, play, sheet, start

LAYOUT = load_layout(6)
VIRUS = adventure(6)
assert isinstance(VIRUS, Virus)


def _slot(alias: str) -> int:
    slot = DATA.slot(alias)
    assert slot is not None
    return slot


def _begin(state: WelcomeState, *greys: str) -> None:
    """The setup choice of each seat, in seat order."""
    assert state.phase.value == "resolve"
    for seat, space in enumerate(greys):
        play(state, seat, f"GREY {space}")


def _blank() -> Sheet:
    result = VIRUS.new_sheet(solo=False)
    result.stage, result.pending = Sheet.DONE, []
    return result


def test_the_sheet_data_matches_the_adventure_file() -> None:
    assert DATA.space_slots == tuple(range(1, 56)) and len(QUARTERS) == 11
    assert [len(q.slots) for q in QUARTERS] == [5] * 11
    assert {name: (slots[0], slots[-1]) for name, slots in FLOORS.items()} == {
        "F1": (1, 10), "F2": (11, 20), "F3": (21, 35), "F4": (36, 45), "F5": (46, 55),
    }  # fmt: skip
    assert len(WALKWAYS) == 22 and sorted(WALKWAYS) == list(range(98, 120))
    per_quarter = {
        0: [98, 99, 101], 1: [100, 101, 102, 103], 2: [103, 104, 105, 118], 3: [104, 110, 116],
        4: [99, 100, 106, 107, 117], 5: [102, 106, 108, 109, 111, 118],
        6: [105, 109, 112, 115, 116], 7: [98, 114, 117], 8: [107, 108, 114, 119],
        9: [111, 113, 115, 119], 10: [110, 112, 113],
    }  # fmt: skip
    assert {k: sorted(w for w, ends in WALKWAYS.items() if k in ends) for k in range(11)} == (
        per_quarter
    )
    assert sorted(e for q in QUARTERS for e in q.energies) == list(range(146, 168))
    assert sorted(p for q in QUARTERS for p in q.plants) == list(range(120, 136))
    assert sorted(t for q in QUARTERS for t in q.tanks.values()) == list(range(136, 146))
    assert [q.target for q in QUARTERS] == [222, 223, 224, 225, 0, 226, 0, 227, 228, 229, 230]
    assert sum(len(row.markers) for row in PLANT_TRACK) == 16
    assert sum(len(row.markers) for row in WATER_TRACK) == 10
    assert (ASTRONAUTS, PLANNING) == ((80, 81, 83, 84, 86, 87), (89, 90, 92, 93, 95, 96))
    assert WILDS == (82, 85, 88, 91, 94, 97) and ERRORS == (77, 78, 79)


def test_setup_each_player_infects_a_space_of_a_grey_quarter() -> None:
    state = new(adventure=6)
    assert state.phase.value == "resolve" and state.to_act == (0, 1)
    legal = state.legal_actions(0)
    assert len(legal) == 20 and "GREY Q3.2" in legal and "GREY Q1.1" not in legal
    play(state, 0, "GREY Q3.2")
    assert state.phase.value == "resolve" and state.to_act == (1,)
    play(state, 1, "GREY Q10.5")
    assert state.phase.value == "draw"
    view = sheet(state, 0)
    assert view["spaces"]["Q3.2"] == "INFECTED" and view["viruses"]["grey"] == "active"
    assert state.sheets[0].marks[225] == CIRCLED and not state.sheets[0].marks[230]
    start(state)
    assert state.phase.value == "play"


def test_a_virus_spreads_through_open_walkways_and_not_through_closed_ones() -> None:
    grey = _blank()
    marked = Position(VIRUS, grey).circle("#222")  # grey virus of Q0 active
    marked.fill(QUARTERS[0].slots, (1, 2, 3, 4, 5))
    marked.circle(QUARTERS[0].marker)  # Q0 evacuated
    marked.circle("#99")  # walkway Q0–Q4 closed
    marked.pending("PROPAGATE")
    VIRUS.settle(grey)
    assert sorted(grey.pending) == ["INFECT Q1", "INFECT Q7"], "98 to Q7 and 101 to Q1 are open"
    assert "INFECT Q4.1" not in VIRUS.steps(grey)
    VIRUS.step(grey, "INFECT Q7.3")
    VIRUS.step(grey, "INFECT Q1.5")
    VIRUS.settle(grey)
    assert grey.done and grey.marks[_slot("Q7.3")] == INFECTED
    assert grey.marks[_slot("Q1.5")] == INFECTED


def test_an_unevacuated_virus_infects_its_own_quarter_and_an_infection_can_evacuate() -> None:
    own = _blank()
    Position(VIRUS, own).circle("#224").cross(*QUARTERS[2].slots[:4])  # green, Q2
    Position(VIRUS, own).pending("PROPAGATE", "PROPAGATE")
    VIRUS.settle(own)
    assert own.pending == ["INFECT Q2", "PROPAGATE"]
    VIRUS.step(own, "INFECT Q2.5")
    VIRUS.settle(own)
    assert own.marks[QUARTERS[2].marker] == CIRCLED, "the fifth mark evacuates Q2"
    assert sorted(own.pending) == ["INFECT Q1", "INFECT Q3", "INFECT Q5", "INFECT Q6"]
    assert VIRUS.score(own, Context([own]))["quarters"] == 4, "(1 + 0) × 4 X marks"


def test_closing_a_virus_quarter_quarantines_it_and_it_never_activates() -> None:
    state = new(players=3, adventure=6)
    _begin(state, "Q0.1", "Q0.1", "Q0.1")
    start(state, ("5 ROBOT", "5 PLANT", "5 ENERGY"), ("6 ROBOT", "9 PLANT", "10 WATER"))
    position(state, 1).circle("#103", "#104", "#105")  # three of Q2's four walkways
    for seat in range(3):  # the next plant marker is 172 (green activation)
        position(state, seat).cross("#168", "#169", "#170", "#171")
    play(state, 0, "WRITE 2 Q4.3", "PLANT")  # seat 0 crosses 172: green released
    play(state, 1, "WRITE 1 Q4.3", "CLOSE #118")  # Q2 quarantined on seat 1's sheet
    play(state, 2, "WRITE 3 Q8.2", "SKIP")
    assert state.sheets[1].marks[224] == CROSSED
    assert [sheet(state, seat)["viruses"]["green"] for seat in range(3)] == [
        "active", "quarantined", "active",
    ]  # fmt: skip
    assert state.phase.value == "resolve", "everyone propagates once"
    assert state.legal_actions(1) == [f"INFECT Q0.{i}" for i in range(2, 6)], "grey only"
    assert "INFECT Q2.1" in state.legal_actions(2)
    assert sorted(state.sheets[0].pending) == ["INFECT Q0", "INFECT Q2"]


def test_the_propagation_race_makes_the_others_propagate() -> None:
    state = new(adventure=6)
    _begin(state, "Q7.1", "Q7.1")
    start(state, ("5 ROBOT", "5 PLANT", "5 ENERGY"), ("6 ROBOT", "9 PLANT", "10 WATER"))
    position(state, 0).cross(*range(168, 175))  # the next plant marker is 175 (symbol 217)
    play(state, 0, "WRITE 2 Q4.3", "PLANT")
    play(state, 1, "WRITE 3 Q8.2", "SKIP")
    assert state.sheets[0].marks[217] == CROSSED and state.sheets[1].marks[217] == CROSSED
    assert state.to_act == (1,), "only the other player propagates"
    assert state.legal_actions(1) == [f"INFECT Q7.{i}" for i in range(2, 6)]
    play(state, 1, "INFECT Q7.5")
    assert state.phase.value == "draw" and sheet(state, 1)["infected"] == 2


def test_energy_counts_when_the_number_fills_the_quarter_and_not_after() -> None:
    state = new(adventure=6)
    _begin(state, "Q0.1", "Q0.1")
    start(state, ("5 ENERGY", "5 PLANT", "5 ROBOT"), ("6 ROBOT", "9 PLANT", "10 WATER"))
    fill(state, 0, Q4_1=1, Q4_2=2, Q4_3=3, Q4_4=4)
    play(state, 0, "WRITE 1 Q4.5", "ENERGY")
    view = sheet(state, 0)["quarters"]["Q4"]
    assert view == {
        "energy": 2, "plants": 0, "tanks": 0, "evacuated": True, "quarantined": False,
        "score": 10,
    }  # fmt: skip
    water = _blank()
    Position(VIRUS, water).write("Q4.3", 3)  # the tank of Q4
    Position(VIRUS, water).pending("ACTION", action="WATER", written="Q4.3")
    Position(VIRUS, water).cross("#184").circle(QUARTERS[0].marker)
    VIRUS.step(water, "WATER")
    VIRUS.settle(water)
    assert water.pending == ["ENERGY"], "the completed row circles an energy, compulsory"
    assert "ENERGY Q0" not in VIRUS.steps(water) and "ENERGY Q5" in VIRUS.steps(water)
    assert "SKIP" not in VIRUS.steps(water)


def _evacuate(target: Sheet, *quarters: int) -> None:
    for k in quarters:
        Position(VIRUS, target).cross(*QUARTERS[k].slots).circle(QUARTERS[k].marker)


def test_missions_a1_and_a2_evacuations() -> None:
    mine = _blank()
    _evacuate(mine, 2)
    assert not VIRUS.mission_met(mine, "A1")
    _evacuate(mine, 7)
    assert VIRUS.mission_met(mine, "A1") and not VIRUS.mission_met(mine, "A2")
    _evacuate(mine, 8)
    assert VIRUS.mission_met(mine, "A2"), "F4 is Q7 and Q8"


def test_missions_b1_and_b2_closed_quarters() -> None:
    mine = _blank()
    marked = Position(VIRUS, mine).circle(103, 104, 105, 118, 107, 108, 114, 119)  # Q2, Q8
    assert VIRUS.mission_met(mine, "B2") and not VIRUS.mission_met(mine, "B1")
    marked.circle(98, 117)  # Q7: 98, 114, 117
    assert VIRUS.mission_met(mine, "B1")
    marked.erase(118)
    assert not VIRUS.mission_met(mine, "B2")


def test_missions_c1_and_c2_floors() -> None:
    mine = _blank()
    marked = Position(VIRUS, mine)
    for q in QUARTERS:
        if q.floor in ("F1", "F5"):
            marked.circle(q.energies[0], q.energies[1])
    assert VIRUS.mission_met(mine, "C1")
    marked.erase(QUARTERS[10].energies[1])
    assert not VIRUS.mission_met(mine, "C1")
    marked.circle(120, 121, 136, 137, 131, 132, 133, 142)
    assert not VIRUS.mission_met(mine, "C2"), "F4 lacks tank 143"
    marked.circle(143)
    assert VIRUS.mission_met(mine, "C2")


def test_a_first_mission_releases_its_virus_for_everyone_then_missions_again() -> None:
    state = new(adventure=6, missions="A1,B1,C1")
    _begin(state, "Q0.1", "Q0.1")
    start(state, ("5 ROBOT", "5 PLANT", "5 ENERGY"), ("6 ROBOT", "9 PLANT", "10 WATER"))
    _evacuate(state.sheets[0], 7)
    fill(state, 0, Q8_1=1, Q8_2=2, Q8_3=3, Q8_4=4)
    play(state, 0, "WRITE 3 Q8.5", "SKIP")
    play(state, 1, "WRITE 3 Q8.5", "SKIP")
    assert sheet(state, 0)["missions"]["A"] == 8
    assert [sheet(state, seat)["viruses"]["red"] for seat in range(2)] == ["active", "active"]
    assert state.sheets[0].marks[242] == CIRCLED | CROSSED and state.sheets[1].marks[242] == CROSSED
    assert state.phase.value == "resolve"
    assert sorted(state.sheets[1].pending) == ["INFECT Q0", "INFECT Q1"]
    play(state, 1, "INFECT Q1.1", "INFECT Q0.2")
    play(state, 0, *sorted(state.legal_actions(0))[:1])
    while state.phase.value == "resolve":
        seat = state.to_act[0]
        play(state, seat, state.legal_actions(seat)[0])
    assert state.phase.value == "draw" and state.high_taken[0]


def _pile_one(state: WelcomeState, card: str) -> None:
    """A turn's number cards: ``card`` on pile 1, the highest numbers left on piles 2 and 3."""
    draw(state, f"DRAW 1 {card}")
    for _ in (2, 3):
        draw(state, state.chance_outcomes()[-1][0])


def _write(state: WelcomeState, seat: int, label: str, space: str) -> None:
    """Write combination ``label`` at ``space`` and decline its action."""
    play(state, seat, f"WRITE {label} {space}")
    if seat in state.to_act:
        play(state, seat, "SKIP")


def test_an_infection_released_by_a_first_claim_that_meets_it_too_pays_the_high_value() -> None:
    state = new(adventure=6, missions="A1,B1,C1")
    _begin(state, "Q0.1", "Q0.1")
    draw(state, "DRAW 1 10 ROBOT")
    for _ in (2, 3):
        draw(state, state.chance_outcomes()[-1][0])
    spaces = ("Q0.2", "Q0.3", "Q0.4", "Q0.5", "Q1.1", "Q1.2", "Q1.3", "Q1.4")
    cards = ("1 ROBOT", "2 ROBOT", "3 WATER", "4 ENERGY", "5 ROBOT", "6 ROBOT", "7 ROBOT",
             "8 ROBOT", "9 ROBOT")  # fmt: skip
    for number, space in enumerate(spaces, start=1):
        _pile_one(state, cards[number - 1])
        for seat in (0, 1):
            _write(state, seat, "1", space)  # both: Q0 evacuated, Q1 one space short
    _pile_one(state, cards[-1])
    _write(state, 0, "1", "Q1.5")  # seat 0 evacuates a second quarter: A1 first met
    _write(state, 1, "2", "Q4.1")
    assert sheet(state, 0)["missions"]["A"] == 8 and sheet(state, 1)["missions"]["A"] is None
    assert state.phase.value == "resolve", "the red virus is released: everyone propagates"
    assert "INFECT Q1.5" in state.legal_actions(1)
    play(state, 1, "INFECT Q1.5")  # red infects Q1's last space: Q1 evacuated
    while state.phase.value == "resolve":
        seat = state.to_act[0]
        play(state, seat, state.legal_actions(seat)[0])
    assert sheet(state, 1)["quarters"]["Q1"]["evacuated"]
    assert sheet(state, 1)["missions"]["A"] == 8, "met in the turn of the first claim: high"
    assert state.view(0)["missions"][0]["claimed_by"] == [0, 1]
    assert state.view(0)["missions"][0]["high_taken"], "the high value is gone from now on"


def test_a_water_row_bonus_may_circle_an_energy_in_the_quarter_its_number_just_filled() -> None:
    state = new(adventure=6, missions="A1,B1,C1")
    _begin(state, "Q3.1", "Q10.5")
    draw(state, "DRAW 1 3 WATER")
    for _ in (2, 3):
        draw(state, state.chance_outcomes()[-1][0])
    turns = (
        ("1 ROBOT", "Q1.2", "Q9.1"),  # Water at Q1's tank: the first marker of row W1
        ("2 ROBOT", "Q3.2", "Q9.2"),
        ("4 ENERGY", "Q3.3", "Q9.3"),
        ("6 WATER", "Q3.4", "Q9.4"),
    )
    for card, mine, theirs in turns:
        _pile_one(state, card)
        if state.offer[0].action == "WATER":
            play(state, 0, f"WRITE 1 {mine}", "WATER")
        else:
            _write(state, 0, "1", mine)
        _write(state, 1, "1", theirs)
    assert sheet(state, 0)["water_track"] == 1
    _pile_one(state, "7 ROBOT")
    play(state, 0, "WRITE 1 Q3.5", "WATER")  # Q3's tank, and its fifth space: row W1 complete
    assert "ENERGY Q3" in state.legal_actions(0), "the row bonus comes before the evacuation"
    assert not sheet(state, 0)["quarters"]["Q3"]["evacuated"]
    play(state, 0, "ENERGY Q3")
    assert sheet(state, 0)["quarters"]["Q3"] == {
        "energy": 2, "plants": 0, "tanks": 1, "evacuated": True, "quarantined": False,
        "score": 2 * 4,
    }  # fmt: skip


def test_a_full_final_score_by_hand() -> None:
    mine = _blank()
    marked = Position(VIRUS, mine)
    mine.missions = [8, -1, 4]
    marked.cross(*range(168, 175))  # plant rows P1, P2, P3 complete
    marked.cross(*(row.box for row in PLANT_TRACK[:3]))
    marked.cross(184, 185, 186, WATER_TRACK[0].box)  # water row W1 complete
    _evacuate(mine, 0)  # 5 X, energy 1: 5
    marked.circle(QUARTERS[3].energies[0])
    marked.fill(QUARTERS[3].slots[:3], (3, 4, 5))
    marked.infect(*QUARTERS[3].slots[3:])
    marked.circle(QUARTERS[3].marker)  # (1 + 1) × 3 = 6
    marked.write("Q5.2", 4)  # unevacuated: 1 × 1 = 1
    marked.infect("Q9.1")  # 0
    marked.cross(*ERRORS[:2])
    assert VIRUS.score(mine, Context([mine])) == {
        "missions": 12,
        "plants": 20,
        "water": 10,
        "quarters": 5 + 6 + 1,
        "infected": -3,
        "errors": -10,
        "total": 12 + 20 + 10 + 12 - 3 - 10,
    }


def test_errors_two_and_three_propagate_without_a_solo_bonus() -> None:
    state = new(players=1, adventure=6, level=1)
    play(state, 0, "GREY Q7.1")
    draw(state, "DRAW 15 ROBOT", "DRAW 14 ROBOT", "DRAW 13 WATER")
    marked = position(state, 0).cross(ERRORS[0])
    marked.cross(*(slot for slot in DATA.space_slots if slot not in QUARTERS[7].slots))
    marked.write("Q8.1", 0)  # nothing fits Q7 before a 0
    assert state.legal_actions(0)[0].startswith("ERROR")
    play(state, 0, "ERROR 1")
    assert state.sheets[0].marks[78] == CROSSED
    assert state.legal_actions(0) == [f"INFECT Q7.{i}" for i in range(2, 6)]
    assert state.sheets[0].solo_bonus == 0


def test_solo_astra_activates_green_or_blue_and_the_player_propagates() -> None:
    solo = VIRUS.new_sheet(solo=True)
    solo.new_turn()
    Position(VIRUS, solo).infect("Q7.1").circle(227)
    assert VIRUS.solo_targets(solo, "A") == [224, 228]
    VIRUS.solo_effect(solo, "A", 228)
    assert solo.marks[228] == CIRCLED and solo.marks[219] == CROSSED
    assert sorted(solo.pending) == ["INFECT Q7", "INFECT Q8"] and solo.solo_bonus == 0
    for item in ("INFECT Q7.2", "INFECT Q8.1"):
        VIRUS.step(solo, item)
    VIRUS.settle(solo)
    assert solo.done
    solo.new_turn()
    assert VIRUS.solo_targets(solo, "B") == [], "only green is left: no choice"
    VIRUS.solo_effect(solo, "B", None)
    assert solo.marks[224] == CIRCLED
    assert VIRUS.solo_card("C", 2) == "C2" and VIRUS.solo_targets(solo, "C2") == []
    solo.new_turn()
    Position(VIRUS, solo).cross(229)  # yellow quarantined
    VIRUS.solo_effect(solo, "C2", None)
    assert solo.stage == Sheet.CHOOSE and not solo.pending, "no effect"


def test_the_drawing_shows_the_map_its_infections_walls_and_viruses() -> None:
    state = new(adventure=6)
    _begin(state, "Q3.2", "Q0.1")
    start(state, ("5 ROBOT", "6 WATER", "5 PLANT"), ("6 ROBOT", "7 ROBOT", "8 ROBOT"))
    play(state, 0, "WRITE 1 Q0.2", "CLOSE #101")
    play(state, 1, "WRITE 3 Q1.1", "PLANT")
    text = render_view(state.view(None))
    mine, theirs = (part.splitlines() for part in text.split("seat 1:"))

    def row(lines: list[str], first: str) -> list[str]:
        return next(line.split() for line in lines if line.split()[:1] == [first])

    empty = ["·"] * 5
    assert row(mine, "Q0") == ["Q0", "·", "6", "·", "·", "·", "┃", "Q1", *empty, "Q2", *empty,
                               "Q3", "·", "#", "·", "·", "·"], "101 closed: a wall"  # fmt: skip
    assert [cell for cell in row(mine, "○V") if cell[1:] == "V"] == ["○V", "○V", "○V", "●V"]
    assert row(theirs, "Q0")[:8] == ["Q0", "#", *["·"] * 4, "Q1", "8"], "101 open"
    assert row(theirs, "●V")[:7] == ["●V", "●e", "○e", "○e", "○p", "○ev", "○V"]
    assert row(theirs, "●V")[7:11] == ["●e", "○e", "○e", "●p"], "Q1's plant circled"
    assert row(theirs, "P1")[:2] == ["P1", "☒"], "and the plant track's first marker crossed"
    assert "V: grey Q0 Q3 Q7 Q10, red Q1, green Q2" in text
    assert "True" not in text and "False" not in text


def test_the_sheet_matches_its_rules_page() -> None:
    # §1–§2: 5 floors, 11 quarters of 5 spaces, each floor one zone
    assert len(DATA.space_slots) == 55 and len(QUARTERS) == 11
    assert {zone.name: len(zone.slots) for zone in DATA.zones} == {
        "F1": 10, "F2": 10, "F3": 15, "F4": 10, "F5": 10,
    }  # fmt: skip
    assert [q.name for q in QUARTERS if q.floor == "F3"] == ["Q4", "Q5", "Q6"]
    # §2: two energies to circle per quarter (a third printed circled), plants, tanks, targets
    assert [len(q.energies) for q in QUARTERS] == [2] * 11
    assert [len(q.plants) for q in QUARTERS] == [1, 1, 2, 1, 2, 2, 2, 1, 2, 1, 1]
    assert sum(len(q.tanks) for q in QUARTERS) == 10 and not QUARTERS[5].tanks
    assert [q.name for q in QUARTERS if not q.target] == ["Q4", "Q6"]
    assert [q.marker for q in QUARTERS] == list(range(231, 242))
    # §3: 22 walkways; §4: the tracks, their rows and values
    assert len(WALKWAYS) == 22
    assert [len(row.markers) for row in PLANT_TRACK] == [2, 2, 3, 3, 3, 3]
    assert [len(row.markers) for row in WATER_TRACK] == [2, 2, 2, 2, 2]
    assert PLANT_VALUES == (0, 5, 10, 20, 35, 55, 80) and WATER_VALUES == (0, 10, 20, 35, 55, 80)
    assert (len(ASTRONAUTS), len(PLANNING), len(WILDS), len(ERRORS)) == (6, 6, 6, 3)
    assert DATA.mission_slots == (56, 57, 58)
    # §5: six viruses, grey with four targets
    assert {v.colour: len(v.targets) for v in VIRUSES} == {
        "grey": 4, "red": 1, "green": 1, "purple": 1, "blue": 1, "yellow": 1,
    }  # fmt: skip
    # the layout: every space, walkway, box and symbol once; the final score boxes (59–65, §10)
    # hold no mark and are not placed
    symbols = {
        "energies": 22, "plants": 16, "tanks": 10, "virus targets": 9, "evacuations": 11,
        "track activations": 2, "propagations": 4, "row bonuses": 6 + 5,
        "astronauts": 6, "planning": 6, "wilds": 6, "mission rewards": 3, "mission viruses": 3,
    }  # fmt: skip
    assert Counter(spot.kind for spot in LAYOUT.spots) == {
        Kind.SPACE: 55,
        Kind.LINK: 22,  # walkways
        Kind.BOX: 16 + 10 + 6 + 5 + 11,  # track markers, row score boxes, quarters' points boxes
        Kind.ERROR: 3,
        Kind.SYMBOL: sum(symbols.values()),
    }
    assert set(range(245)) - set(LAYOUT.slots) == {0, *range(59, 66)}
    groups = Counter(spot.group for spot in LAYOUT.spots)
    names = ("walkway", "energy", "plant", "tank", "evacuated", "points")
    assert [groups[name] for name in names] == [22, 22, 16, 10, 11, 11]
    assert (groups["virus"], groups["spread"]) == (9 + 2, 4), "targets and track activations"
    circled = [label for area in LAYOUT.areas for label in area.labels if label.text == "●e"]
    assert len(circled) == 11, "one energy printed circled per quarter"
