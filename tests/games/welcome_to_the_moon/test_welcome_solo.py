"""Solo against ASTRA: the deck, pairings, effect cards, solo bonuses, her score, the end."""

from __future__ import annotations

import pytest

import moonbase
from moonbase import CHANCE
from moonbase.games.welcome_to_the_moon import WelcomeState
from moonbase.games.welcome_to_the_moon.adventures.a1_launch import SABOTAGES
from moonbase.games.welcome_to_the_moon.positions import position
from tests.games.welcome_to_the_moon.helpers import draw, fill, new, play, sheet, solo_turns

MARGARET = {"ROBOT": 5, "ENERGY": 4, "PLANT": 2, "WATER": 2, "ASTRONAUT": 2, "PLANNING": 3}
"""ASTRA's level 3 card, as printed (``astra.md`` §4)."""


def _cards(*names: str) -> list[str]:
    return [f"DRAW {name}" for name in names]


def test_the_effect_cards_lie_in_the_bottom_24_cards_of_the_first_pass() -> None:
    state = new(players=1, level=1, missions="A1,B1,C2")
    turns = 0
    while state.view(0)["deck"] > 24:
        assert state.to_act == (CHANCE,)
        names = [name for name, _ in state.chance_outcomes()]
        assert not any("SOLO" in name for name in names)
        draw(state, names[-1], names[-2], names[-3])  # high numbers: an ERROR is fine too
        action = state.legal_actions(0)[0]
        play(state, 0, action.replace(" BONUS", ""))
        while 0 in state.to_act:
            play(state, 0, state.legal_actions(0)[0])
        turns += 1
    assert turns == 14 and not state.is_over
    outcomes = dict(state.chance_outcomes())
    assert outcomes["DRAW SOLO A"] == pytest.approx(1 / 24)


def test_number_and_action_come_from_two_different_cards_and_the_third_goes_to_astra() -> None:
    state = new(players=1, level=3)
    draw(state, *_cards("5 ROBOT", "9 ENERGY", "12 PLANT"))
    labels = {" ".join(action.split(" ")[1:3]) for action in state.legal_actions(0)}
    assert labels == {"1 2", "1 3", "2 1", "2 3", "3 1", "3 2"}
    assert "WRITE 1 2 ENE.1" in state.legal_actions(0)  # 5 with the Energy of card 2
    assert "WRITE 1 3 PLT.1" in state.legal_actions(0)
    with pytest.raises(moonbase.IllegalAction, match="two different cards"):
        state.apply(0, "WRITE 1 1 ROB1.1")
    play(state, 0, "WRITE 1 2 ENE.1")
    astra = state.view(0)["astra"]
    assert astra["cards"]["PLANT"] == 1 and sum(astra["cards"].values()) == 1
    assert astra["rockets"] == 10 + MARGARET["PLANT"]  # level 3: 10 rockets start crossed
    assert state.view(0)["discard"] == 2


def test_a_sabotage_gives_a_solo_bonus_that_removes_astras_card() -> None:
    state = new(players=1, level=3)
    draw(state, *_cards("3 ASTRONAUT", "9 ROBOT", "7 PLANT"))
    fill(state, 0, AST2_1=1, AST2_2=2)
    assert not any(action.endswith("BONUS") for action in state.legal_actions(0))
    play(state, 0, "WRITE 2 1 AST2.3")  # 9 with card 1's Astronaut: Q2 is complete
    view = sheet(state, 0)
    assert view["sabotages"]["#59"] == "crossed", "solo: crossed, and nobody is hurt"
    assert view["solo_bonus"] == {"circled": 1, "used": 0}
    assert view["errors"] == {"circled": 0, "repaired": 0}
    assert state.view(0)["astra"]["cards"]["PLANT"] == 1
    draw(state, *_cards("10 ROBOT", "11 ENERGY", "12 ENERGY"))
    assert "WRITE 2 1 ROB1.1 BONUS" in state.legal_actions(0)
    play(state, 0, "WRITE 2 1 ROB1.1 BONUS")
    view = state.view(0)
    assert view["sheet"]["solo_bonus"] == {"circled": 1, "used": 1}
    assert sum(view["astra"]["cards"].values()) == 1, "ASTRA did not get card 3"
    assert view["discard"] == 2 + 3
    draw(state, *_cards("13 WATER", "14 ROBOT", "15 ROBOT"))
    assert not any(action.endswith("BONUS") for action in state.legal_actions(0))


def _first_pass_to_the_bottom(state: WelcomeState) -> None:
    """Play 14 turns with the highest cards (any legal actions)."""
    for _ in range(14):
        names = [name for name, _ in state.chance_outcomes()]
        draw(state, names[-1], names[-2], names[-3])
        while 0 in state.to_act:
            play(state, 0, state.legal_actions(0)[0].replace(" BONUS", ""))


def test_an_astra_card_crosses_a_sabotage_and_circles_an_error_in_adventure_1() -> None:
    state = new(players=1, level=1, missions="A1,B1,C2")
    _first_pass_to_the_bottom(state)
    errors = sheet(state, 0)["errors"]["circled"]
    draw(state, "DRAW SOLO B")
    assert state.to_act == (0,) and state.view(0)["pending"] == ["CROSS"]
    assert state.view(0)["cards"][0] == {"solo": "B"}
    open_ones = [slot for slot, mark in sheet(state, 0)["sabotages"].items() if mark == "open"]
    assert state.legal_actions(0) == sorted(f"CROSS {slot}" for slot in open_ones)
    with pytest.raises(moonbase.IllegalAction, match="ASTRA card"):
        state.apply(0, "WRITE 1 2 WILD.1")
    play(state, 0, "CROSS #70")
    assert sheet(state, 0)["sabotages"]["#70"] == "crossed"
    assert sheet(state, 0)["errors"]["circled"] == errors + 1
    assert state.to_act == (CHANCE,), "a replacement card is drawn into its place"
    assert not state.view(0)["missions"][1]["high_taken"], "a first-pass card claims nothing"
    position(state, 0).cross(*SABOTAGES)  # every sabotage crossed off
    draw(state, "DRAW SOLO C")
    assert state.to_act == (CHANCE,), "nothing to choose: the card only circles an error"
    assert sheet(state, 0)["errors"]["circled"] == errors + 2


def test_astras_81st_rocket_ends_the_game_at_the_end_of_the_turn() -> None:
    state = new(players=1, level=8)
    solo_turns(state, 13, astra="PLANT")  # 13 Plant cards at level 8: 78 rockets
    draw(state, *_cards("5 ROBOT", "5 ENERGY", "14 PLANT"))
    assert state.view(0)["astra"]["rockets"] == 78
    play(state, 0, "WRITE 1 2 ENE.1")  # the third card, a Plant, crosses 6 more: 81
    assert state.is_over
    assert state.view(0)["astra"] == {
        "level": 8, "name": "Peggy", "rockets": 81, "score": 150,
        "cards": {"ROBOT": 0, "WATER": 0, "PLANT": 14, "ENERGY": 0, "ASTRONAUT": 0,
                  "PLANNING": 0},
    }  # fmt: skip
    sheet_points = state.solo_score()["sheet"]
    assert sheet_points < 150 and state.solo_score()["astra"] == -150
    assert state.scores() == [sheet_points - 150.0] and state.winners() == []


WALLS = {1: "#96", 3: "#103", 5: "#110", 7: "#117"}
"""The walls the scripted player draws with its 1st, 3rd, 5th and 7th energy: zones of 7."""


def _pick(state: WelcomeState, wanted: str) -> str:
    """Draw a card: ``SOLO``, an ``ENERGY``, the lowest above a number, or (``PLENTY``) one of the
    most plentiful number."""
    names = [name for name, _ in state.chance_outcomes() if "SOLO" not in name]
    if wanted == "SOLO":
        name = next(n for n, _ in state.chance_outcomes() if "SOLO" in n)
    elif wanted == "PLENTY":  # the card whose number is most plentiful: the rare ones stay
        counts: dict[str, float] = {}
        for n, p in state.chance_outcomes():
            counts[n.split(" ")[1]] = counts.get(n.split(" ")[1], 0) + p
        name = max(names, key=lambda n: (counts[n.split(" ")[1]], n))
    elif wanted == "ENERGY":
        name = [n for n in names if n.endswith("ENERGY")][-1]
    else:
        higher = [n for n in names if int(n.split(" ")[1]) > int(wanted)]
        assert higher, f"turn {state.turn}: nothing above {wanted} in {names}"
        name = higher[0]
    draw(state, name)
    return name


def _two_passes(state: WelcomeState, effect_turns: tuple[int, ...]) -> list[str]:
    """Play a solo game of adventure 2 through both passes of the deck: zones of 7 (walls drawn
    with energies), numbers rising in each zone, an effect card drawn first in ``effect_turns``
    and otherwise kept in the deck. Stops when the game is over or no starship card is left to
    draw. Returns the action of each card given to ASTRA."""
    zones = (1, 8, 15, 22, 29)  # the first space of each zone the walls will make
    thirds: list[str] = []
    energies = last = 0
    while not state.is_over:
        written = len(thirds)
        if written % 7 == 0:
            last = 0  # a new zone: its numbers start again from the lowest
        cards: list[str] = []
        for wanted in (str(last), "ENERGY" if energies < 7 else "PLENTY", "PLENTY"):
            if not cards and state.turn in effect_turns:
                _pick(state, "SOLO")
                if state.to_act == (0,):
                    play(state, 0, state.legal_actions(0)[0])
            if state.is_over or all("SOLO" in name for name, _ in state.chance_outcomes()):
                return thirds
            cards.append(_pick(state, wanted))
        play(state, 0, f"WRITE 1 2 T{zones[written // 7] + written % 7}")
        last = int(cards[0].split(" ")[1])
        thirds.append(cards[2].split(" ")[2])
        while 0 in state.to_act:
            legal = state.legal_actions(0)
            if "ENERGY" in legal and energies < 7:
                energies += 1
                play(state, 0, "ENERGY")
            elif legal[0].startswith("WALL"):
                play(state, 0, f"WALL {WALLS[energies]}")
            else:
                play(state, 0, "SKIP")
    return thirds


def test_a_solo_game_runs_to_its_two_pass_end_and_astra_scores_by_hand() -> None:
    state = new(players=1, adventure=2, level=3, missions="A1,B2,C1")
    thirds = _two_passes(state, (15, 16, 17, 22, 23, 24))  # three effect cards in each pass
    view = state.view(0)
    assert state.is_over and state.turn == 35 and view["pass"] == 2 and view["deck"] == 0
    assert len(thirds) == 35, "35 turns were played: 21 in the first pass, 14 in the second"
    spaces = view["sheets"][0]["spaces"]
    assert sum(value is not None for value in spaces.values()) == 35
    assert [(z["from"], z["to"], z["complete"]) for z in view["sheets"][0]["zones"]] == [
        ("T1", "T7", True), ("T8", "T14", True), ("T15", "T21", True), ("T22", "T28", True),
        ("T29", "T36", False),
    ]  # fmt: skip
    astra = 5 + 1 * 3 + sum(MARGARET[action] for action in thirds)
    assert view["astra"]["score"] == astra
    astra_zones = thirds.count("ENERGY") // 2
    player = 7 + (20 if astra_zones <= 4 else 10)  # longest zone 7, most complete zones
    assert view["sheets"][0]["score"] == player
    assert state.scores() == [float(player - astra)]
    missions = view["missions"]
    assert [m["claimed_by"] for m in missions] == [["ASTRA"]] * 3, "second appearances"
    assert all(m["high_taken"] for m in missions)
    assert sheet(state, 0)["stations"]["ST1"]["high"] == "crossed"


def test_the_game_ends_before_a_turn_the_deck_cannot_fill_and_its_cards_do_nothing() -> None:
    state = new(players=1, adventure=2, level=3, missions="A1,B2,C1")
    thirds = _two_passes(state, (15, 16, 17))  # the second pass keeps its effect cards last
    view = state.view(0)
    assert len(thirds) == 35 and view["pass"] == 2 and view["deck"] == 3
    assert state.is_over, "three effect cards cannot make a turn: the game is over"
    assert state.history[-1][0] == 0, "no card is drawn for a turn that is not played"
    assert [m["claimed_by"] for m in view["missions"]] == [[], [], []], "ASTRA claims nothing"
    crossed = [s for s in view["sheets"][0]["stations"].values() if s["high"] == "crossed"]
    assert len(crossed) == 2, "only the first pass's A and B crossed a high multiplier off"
