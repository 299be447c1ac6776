"""The cooperative MOON planner bot and its clairvoyant reference."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import moonbase
from moonbase.agents import InvalidAgent, make_agent, play
from moonbase.agents.heuristics import moon
from moonbase.agents.moon_planner import tables, values_of
from moonbase.agents.planner_agent import (
    next_goal_odds,
    play_clairvoyant,
    true_next_goal,
    unseen_goal_cards,
)
from moonbase.core import CHANCE, State
from moonbase.games.moon.cooperative import CooperativeState


def _state(difficulty: str, *cards: str) -> CooperativeState:
    state = moonbase.load("moon", difficulty=difficulty).new(seed=1, chance="explicit")
    for name in cards:
        state.apply(CHANCE, f"DRAW {name}")
    assert isinstance(state, CooperativeState)
    return state


def test_solves_the_goal_when_the_round_allows_and_never_ends_early() -> None:
    game = moonbase.load("moon", difficulty="hard")
    for seed in range(3):
        state = game.new(seed=seed)
        agent = make_agent("planner", seed)
        while not state.is_over:
            view = state.view(0)
            action = agent.choose(state.resample(0, random.Random(seed)), 0)
            goal = moon.current_goal(view)
            machine = moon.machine_for(game, view, 0)
            if action == "END" and goal is not None and machine is not None:
                distance = tables(machine).distance(values_of(machine, view["registers"]), goal)
                assert distance is None or distance > view["energy"] * 2, "ended a solvable round"
            state.apply(0, action)


def test_an_unreachable_goal_is_brought_as_close_as_the_round_allows() -> None:
    state = _state("master", "0110")  # A = 0001, goal 0110, energy 1.5 (3 half-units)
    view = state.view(0)
    machine = moon.machine_for(state.game, view, 0)
    assert machine is not None
    table = tables(machine)
    start = values_of(machine, view["registers"])
    assert (table.distance(start, 0b0110) or 0) > 3
    found = table.reachable(start, 3)
    best = int(table.distances(found.states, 0b0110).min())
    agent = make_agent("planner")
    while state.view(0)["round"] == 1:
        state.apply(0, agent.choose(state.resample(0, random.Random(0)), 0))
        if state.to_act == (CHANCE,):
            break
    after = state.view(0)
    assert table.distance(values_of(machine, after["registers"]), 0b0110) == best


def test_unseen_cards_are_the_same_in_every_resample() -> None:
    game = moonbase.load("moon", difficulty="hard")
    state = game.new(seed=3)
    while not state.is_over and sum(1 for s in state.view(0)["slots"] if s == "hidden") < 2:
        state.apply(0, "END")
    assert isinstance(state, CooperativeState)
    cards = Counter(unseen_goal_cards(state))
    for number in range(5):
        twin = state.resample(0, random.Random(number))
        assert isinstance(twin, CooperativeState)
        assert Counter(unseen_goal_cards(twin)) == cards


def test_next_goal_odds_add_up() -> None:
    for width in (4, 5, 6):
        odds = next_goal_odds([0, 3, 3, 7, 9], width)
        assert abs(sum(p for _, p in odds) - 1) < 1e-9
    assert next_goal_odds([], 4) == []


def test_the_true_next_goal_is_the_one_that_comes() -> None:
    state = moonbase.load("moon", difficulty="easy").new(seed=9)
    assert isinstance(state, CooperativeState)
    agent = make_agent("planner")
    checked = 0
    while not state.is_over and checked < 4:
        if all(value < 0 for value in state.slots):  # nothing pending: the deck decides
            predicted = true_next_goal(state)
            while not state.is_over and all(value < 0 for value in state.slots):
                state.apply(0, agent.choose(state.resample(0, random.Random(1)), 0))
            coming = [value for value in state.slots if value >= 0]
            assert predicted == ([(coming[0], 1.0)] if coming else [])
            checked += 1
        else:
            state.apply(0, agent.choose(state.resample(0, random.Random(1)), 0))
    assert checked


def test_wins_hard_games_and_plays_competitive_like_greedy() -> None:
    for seed in range(3):
        assert play(moonbase.load("moon", difficulty="hard"), ["planner"], seed).winners() == [0]
    competitive = moonbase.load("moon", mode="competitive").new(seed=2)
    assert make_agent("planner").choose(competitive, 0) == moon.choose(
        competitive, 0, random.Random(0)
    )


def test_the_clairvoyant_plays_a_whole_game() -> None:
    final = play_clairvoyant(moonbase.load("moon", difficulty="master"), seed=4)
    assert final.winners() == [0]


def test_refuses_other_games() -> None:
    with pytest.raises(InvalidAgent, match="the planner plays MOON"):
        make_agent("planner").choose(moonbase.load("moon-leap").new(seed=1), 0)
    with pytest.raises(ValueError, match="cooperative MOON"):
        play_clairvoyant(moonbase.load("moon", mode="competitive"), seed=1)


# ---------------------------------------------------------------------- hackers' free uses
def _purple_state() -> State:
    """Seat 0 (purple hacker) to play, goal 1110, B = 0001: NOT B then a free MOV A B costs 1
    energy; without free MOVs the cheapest way is NOT A, XOR A B (1.5)."""
    game = moonbase.load("moon", mode="competitive", hackers="purple,red", bugs=0)
    state = game.new(seed=1, chance="explicit")
    for card in ("1110", "1000"):
        state.apply(CHANCE, f"DRAW {card}")
    state.apply(0, "INC B")
    return state


@pytest.mark.parametrize("spec", ["greedy", "planner"])
def test_competitive_bots_use_the_purple_hacker_s_free_movs(spec: str) -> None:
    state = _purple_state()
    view = state.view(0)
    machine = moon.machine_for(state.game, view, 0)
    assert machine is not None and machine.free == ("MOV",) and view["free"] == 2
    table = tables(machine)
    values = values_of(machine, view["registers"])
    assert table.plan(values, 0b1110, free=0) == ["NOT A", "XOR A B"]  # 1.5 energy
    agent = make_agent(spec, 0)
    played = []
    while state.view(0)["solved"][0] == 0:
        action = agent.choose(state.resample(0, random.Random(len(played))), 0)
        played.append(action)
        state.apply(0, action)
    assert played == ["NOT B", "MOV A B"]
    after = state.view(0)
    assert view["energy"] - after["energy"] == 1.0 and after["free"] == 1


def test_greedy_follows_the_cheapest_path_with_the_free_uses_left() -> None:
    game = moonbase.load("moon", mode="competitive", hackers="purple,red", max_rounds=4)
    checked = {0: 0, 1: 0}
    differs = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            goal = moon.current_goal(view)
            machine = moon.machine_for(game, view, seat)
            if view["phase"] == "play" and goal is not None and machine is not None:
                table = tables(machine)
                values = values_of(machine, view["registers"])
                plan = table.plan(values, goal, view["free"])
                action = moon.choose(state, seat, random.Random(0))
                legal = state.legal_actions(seat)
                assert action == (plan[0] if plan and plan[0] in legal else "END")
                assert make_agent("planner").choose(state, seat) == action
                checked[seat] += 1
                differs += plan != table.plan(values, goal, 0)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert all(checked.values()) and differs, (checked, differs)
