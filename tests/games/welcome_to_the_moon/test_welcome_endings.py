"""Why a Welcome to the Moon game ended and what each score is made of, as every view tells
it: ``ended`` lists each end trigger met at the end of the last turn, with the seat and the
data a player would point at on the table; each part of ``score_parts`` carries its sign, so
the parts add up to the score (solo: ``solo_score``, the sheet less ASTRA)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import moonbase
from tests.endings import finished, first_ending

Ended = list[dict[str, Any]]
NAME = "welcome-to-the-moon"


def _random(seed: int, **options: Any) -> moonbase.State:
    return finished(NAME, seed, **options)


def _greedy(seed: int, **options: Any) -> moonbase.State:
    return finished(NAME, seed, "greedy", **options)


def _ending(codes: set[str], bots: str, **options: Any) -> moonbase.State:
    return first_ending(NAME, codes, bots, **options)


def _ended(state: moonbase.State) -> Ended:
    """The view's ``ended``, checked to be the same for every seat and the spectator."""
    seen = [state.view(seat)["ended"] for seat in [*range(state.game.seats), None]]
    assert all(ended == seen[0] for ended in seen)
    return list(seen[0])


def _check_parts(state: moonbase.State) -> None:
    view = state.view(None)
    for seat, sheet in enumerate(view["sheets"]):
        parts = dict(sheet["score_parts"])
        total = parts.pop("total")
        assert sum(parts.values()) == total == sheet["score"], parts
        if not view.get("solo_score"):
            assert total == state.scores()[seat]
    solo = view.get("solo_score")
    if solo is not None:
        assert solo["sheet"] == view["sheets"][0]["score"]
        assert solo["astra"] == -view["astra"]["score"], "ASTRA's score is taken off"
        assert solo["sheet"] + solo["astra"] == solo["total"] == state.scores()[0]


def test_a_seat_that_accomplished_all_three_missions_ends_the_game() -> None:
    state = _ending({"all-missions"}, "greedy", players=2, adventure=7)
    for entry in _ended(state):
        assert entry == {"trigger": "all-missions", "seat": entry["seat"]}
        assert None not in state.view(None)["sheets"][entry["seat"]]["missions"].values()


def test_a_sheet_with_every_number_space_filled_ends_the_game() -> None:
    state = _ending({"all-spaces"}, "greedy", players=2, adventure=6)
    for entry in _ended(state):
        assert entry == {"trigger": "all-spaces", "seat": entry["seat"]}
        assert None not in state.view(None)["sheets"][entry["seat"]]["spaces"].values()


def test_the_last_system_error_box_ends_the_game_and_tells_how_many_there_are() -> None:
    for adventure, boxes in ((1, 8), (2, 3), (5, 3)):
        state = _random(0, players=3, adventure=adventure)
        for entry in _ended(state):
            assert entry == {"trigger": "last-error", "seat": entry["seat"], "boxes": boxes}
            errors = state.view(None)["sheets"][entry["seat"]]["errors"]
            assert (errors["circled"] if adventure == 1 else errors) == boxes


def test_the_launch_ends_adventure_1() -> None:
    state = _ending({"launch"}, "greedy", players=2, adventure=1)
    for entry in _ended(state):
        assert entry == {"trigger": "launch", "seat": entry["seat"]}
        sheet = state.view(None)["sheets"][entry["seat"]]
        assert sheet["rockets"] == 31, "every launch rocket crossed"
        assert sheet["errors"]["circled"] == sheet["errors"]["repaired"], "no error left"


def test_solo_ends_when_astra_crosses_her_last_rocket() -> None:
    state = _ending({"astra-rockets"}, "random", players=1, adventure=1)
    assert _ended(state) == [{"trigger": "astra-rockets", "rockets": 81}]
    assert state.view(None)["astra"]["rockets"] >= 81


def test_solo_ends_before_a_turn_the_deck_cannot_deal() -> None:
    state = _ending({"deck-out"}, "greedy", players=1, adventure=1)
    (entry,) = _ended(state)
    assert entry["trigger"] == "deck-out" and entry["left"] < entry["needed"] == 3
    assert state.view(None)["pass"] == 2, "the deck was reshuffled once already"


def test_adventure_8_tells_whose_half_on_which_sheet_and_which_battlefield() -> None:
    for seed in range(10):
        state = _random(seed, players=3, adventure=8)
        for entry in _ended(state):
            sheet = state.view(None)["sheets"][entry.get("sheet", entry["seat"])]
            if entry["trigger"] == "all-spaces":
                assert entry == {"trigger": "all-spaces", "seat": entry["seat"], "astra": False}
                assert None not in sheet["spaces"].values()
                continue
            assert entry["trigger"] == "last-error" and entry["boxes"] == 2
            side, owner = entry["side"], entry["sheet"]
            assert entry["seat"] == (owner if side == 1 else (owner - 1) % 3), "a half's seat"
            assert sheet["battlefield"][f"side{side}"]["errors"] == 2
    solo = _ending({"all-spaces"}, "random", players=1, adventure=8)
    assert _ended(solo) == [{"trigger": "all-spaces", "seat": 0, "astra": True}]
    assert None not in solo.view(None)["sheets"][0]["astra_battlefield"]["spaces"].values()


@pytest.mark.parametrize("adventure", range(1, 9))
@pytest.mark.parametrize("players", [1, 3])
def test_the_parts_of_every_score_add_up_and_every_end_says_why(
    adventure: int, players: int
) -> None:
    for seed in range(3):
        state = _random(seed, players=players, adventure=adventure)
        assert _ended(state), "a game over says why"
        _check_parts(state)
    _check_parts(_greedy(0, players=players, adventure=adventure))


def test_while_the_game_goes_on_nothing_has_ended() -> None:
    state = moonbase.load("welcome-to-the-moon", players=2, adventure=2).new(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        assert state.view(0)["ended"] == []
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.view(0)["ended"]


@pytest.mark.parametrize("adventure", range(1, 9))
@pytest.mark.parametrize("players", [1, 3])
def test_a_turn_ends_the_game_exactly_when_an_end_trigger_is_met(
    adventure: int, players: int
) -> None:
    """Whenever a turn ends, the game is over if and only if some end trigger is met then: a
    turn that begins found none, and a game over lists one (and the adventure's sheets list
    theirs)."""
    game = moonbase.load(NAME, players=players, adventure=adventure)
    rng = random.Random(adventure)
    turns = 0
    for seed in range(2):
        state = game.new(seed=seed)
        turn = state.turn  # type: ignore[attr-defined]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply_id(seat, rng.choice(state.legal_ids(seat)))
            if state.turn != turn:  # type: ignore[attr-defined]
                turn, turns = state.turn, turns + 1  # type: ignore[attr-defined]
                assert state.end_triggers() == []  # type: ignore[attr-defined]
        ended = state.end_triggers()  # type: ignore[attr-defined]
        assert ended and ended == state.view(None)["ended"]
        rules, sheets = state.adventure, state.sheets  # type: ignore[attr-defined]
        by_sheets = [t for index in range(players) for t in rules.end_triggers(sheets, index)]
        assert ended[: len(by_sheets)] == by_sheets
    assert turns > 2


@pytest.mark.parametrize("adventure", range(1, 9))
@pytest.mark.parametrize("players", [1, 3])
def test_whether_a_sheet_ends_the_game_is_whether_it_lists_an_end_trigger(
    adventure: int, players: int
) -> None:
    """``ends`` is the fast test the end of every turn runs: it agrees with the list."""
    game = moonbase.load(NAME, players=players, adventure=adventure)
    rng = random.Random(adventure)
    ends = 0
    for seed in range(20):
        if seed >= 3 and ends:
            break
        state = game.new(seed=seed)
        while True:
            rules, sheets = state.adventure, state.sheets  # type: ignore[attr-defined]
            for index in range(players):
                listed = rules.end_triggers(sheets, index)
                assert rules.ends(sheets, index) == bool(listed), listed
                ends += bool(listed)
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    assert ends, "some sheet met a trigger"
