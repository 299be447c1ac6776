"""The greedy heuristics: each does what its game's rule of thumb says."""

from __future__ import annotations

import itertools
import random

import pytest

import moonbase
from moonbase.agents import play
from moonbase.agents.heuristics import (
    HEURISTICS,
    generic,
    heuristic_for,
    moon,
    moon_leap,
    moons,
    register_heuristic,
)
from moonbase.agents.moon_planner import tables, values_of
from moonbase.agents.planner_agent import next_goal_odds, unseen_goal_cards
from moonbase.core import CHANCE, State
from moonbase.games.moons.cards import AST, CARD_NAMES, card, rank, suit
from tests.agents.helpers import GAMES, decision_points


def test_games_without_a_heuristic_get_the_generic_lookahead() -> None:
    assert heuristic_for("no-such-game") is generic.choose
    assert heuristic_for("moon") is moon.choose


def test_a_game_can_register_its_own() -> None:
    def last(state: State, seat: int, rng: random.Random) -> str:
        return state.legal_actions(seat)[-1]

    register_heuristic("test-game", last)
    try:
        assert heuristic_for("test-game") is last
    finally:
        del HEURISTICS["test-game"]


def test_generic_lookahead_prefers_the_best_standing() -> None:
    state = GAMES["moon-leap"].new(seed=1, chance="explicit")
    state.apply(CHANCE, "ROLL *")
    values = {a: generic.standing(_after(state, 0, a), 0) for a in state.legal_actions(0)}
    assert values[generic.choose(state, 0, random.Random(0))] == max(values.values())


def _after(state: State, seat: int, action: str) -> State:
    trial = state.clone()
    trial.apply(seat, action)
    return trial


@pytest.mark.parametrize("name", ["moon-coop", "moon-competitive"])
def test_moon_greedy_follows_a_cheapest_path_or_ends(name: str) -> None:
    for state in decision_points(GAMES[name], seed=2, limit=25):
        seat = state.to_act[0]
        view = state.view(seat)
        if view["phase"] != "play":
            continue
        action = moon.choose(state, seat, random.Random(0))
        goal = moon.current_goal(view)
        machine = moon.machine_for(state.game, view, seat)
        if goal is None or machine is None:
            assert action == "END"
            continue
        table = tables(machine)
        values = values_of(machine, view["registers"])
        plan = table.plan(values, goal)
        if plan and plan[0] in state.legal_actions(seat):
            assert action == plan[0]
        else:
            assert action == "END"


def test_moon_greedy_repairs_what_brings_the_goal_closest() -> None:
    game = moonbase.load("moon", events=True, difficulty="normal")
    view = {
        "mode": "cooperative",
        "disabled": ["C", "XOR"],
        "registers": {"A": "0000", "B": "0110", "C": "0011", "D": "0000"},
    }
    # goal 0101 = B xor C: repairing only one of the two errors cannot use XOR A B / XOR A C
    choice = moon.repair_choice(game, view, 0, ["REPAIR C", "REPAIR XOR"], [(0b0011, 1.0)])
    assert choice == "REPAIR C"  # MOV A C solves 0011 at once


def test_moon_outlook_is_the_score_less_the_work_the_goal_needs() -> None:
    state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
    state.apply(CHANCE, "DRAW 0011")  # A = 0001, B = 0000: 2 energy away, 1.5 a round
    start = moon.outlook(state, 0)
    assert start == pytest.approx(0 - (4 - 3 + moon.CLOSER * 4) / 3)
    state.apply(0, "ROL B")  # B = 0000 still: energy spent, the goal no nearer, worse off
    assert moon.outlook(state, 0) < start
    near = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
    near.apply(CHANCE, "DRAW 0010")  # ROL A solves it
    before = moon.outlook(near, 0)
    assert before == pytest.approx(0 - moon.CLOSER * 2 / 3)
    near.apply(0, "ROL A")  # solved: judged by how far the next goal is likely to be
    assert near.scores() == [1.0] and moon.outlook(near, 0) > before + 0.25


def test_moon_outlook_takes_a_lost_goal_off() -> None:
    state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
    state.apply(CHANCE, "DRAW 0101")  # 3 energy away, two rounds' worth
    values = [moon.outlook(state, 0)]
    for drawn in ("1000", "1001", "1010"):  # the goal climbs to slot 4, others behind it
        state.apply(0, "END")
        state.apply(CHANCE, f"DRAW {drawn}")
        values.append(moon.outlook(state, 0))
    assert state.view(0)["slots"] == ["hidden", "hidden", "hidden", "0101"]
    assert values[:3] == [values[0]] * 3  # the registers and the energy are as they were
    assert values[3] == pytest.approx(values[0] - moon.LOST)  # it cannot be solved in time


def test_moon_outlook_weighs_a_wide_next_goal_on_a_few_goals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With no goal face up the crew is judged by the next goal's odds: at 5 and 6 bits, 32
    # or 64 goals, each a table of its own. The outlook weighs at most NEXT_GOALS of them,
    # the same ones all game, each standing for its group's chance.
    from moonbase.agents.moon_planner import DistanceTables

    state = moonbase.load("moon", difficulty="hard", width=5).new(seed=1, chance="explicit")
    for drawn in ("0000", "0001", "BUG"):  # setup's goal into B (00001), then a BUG
        state.apply(CHANCE, f"DRAW {drawn}")
    assert state.view(0)["slots"] == ["BUG", None, None, None]
    asked: set[int] = set()
    distance = DistanceTables.distance

    def recording(table: DistanceTables, values: object, goal: int, free: int = 0) -> object:
        asked.add(goal)
        return distance(table, values, goal, free)  # type: ignore[arg-type]

    monkeypatch.setattr(DistanceTables, "distance", recording)
    value = moon.outlook(state, 0)
    odds = next_goal_odds(unseen_goal_cards(state), 5)
    assert len(odds) > moon.NEXT_GOALS >= len(asked)
    sampled = moon.sampled_odds(odds, 5)
    assert {goal for goal, _ in sampled} == asked
    assert sum(chance for _, chance in sampled) == pytest.approx(1.0)
    assert value < state.scores()[0]


@pytest.mark.parametrize(
    "game",
    [
        moonbase.load("moon", difficulty="hard", events=True),
        moonbase.load("moon", mode="competitive", players=3, hackers="purple,red,none"),
    ],
    ids=["cooperative", "competitive"],
)
def test_moon_outlook_reads_what_the_seat_sees(game: moonbase.core.Game) -> None:
    seen = 0
    points = [point for seed in range(4) for point in decision_points(game, seed, limit=8)]
    for number, state in enumerate(points):
        for seat in range(game.seats):
            value = moon.outlook(state, seat)
            assert value <= state.scores()[seat]  # the work left is never negative
            twin = state.resample(seat, random.Random(number))
            assert moon.outlook(twin, seat) == value  # a search's baseline is the view's
            seen += 1
    assert seen >= 20


def test_moon_leap_greedy_takes_the_best_score_change_and_runs() -> None:
    for state in decision_points(GAMES["moon-leap"], seed=4, limit=30):
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        chosen = moon_leap.choose(state, seat, random.Random(0))
        values = [moon_leap.move_value(state, seat, action) for action in actions]
        assert moon_leap.move_value(state, seat, chosen) == max(values)


def test_moon_leap_values_an_extra_roll() -> None:
    runs = 0
    for state in decision_points(GAMES["moon-leap"], seed=8, limit=60):
        seat = state.to_act[0]
        for action in state.legal_actions(seat):
            trial = _after(state, seat, action)
            if trial.is_over:
                continue
            change = trial.scores()[seat] - state.scores()[seat]
            extra = moon_leap.RUN_BONUS if getattr(trial, "extra_turn", False) else 0.0
            runs += extra > 0
            assert moon_leap.move_value(state, seat, action) == change + extra
    assert runs, "no move in these games earned an extra roll"


def test_moons_greedy_follows_its_rules_of_thumb() -> None:
    checked = {"tableau": 0, "void": 0, "last": 0}
    for state in decision_points(GAMES["moons"], seed=5, limit=120):
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        action = moons.choose(state, seat, random.Random(0))
        assert action in actions
        assert isinstance(state, moonbase.State)
        hand = state.hands[seat]  # type: ignore[attr-defined]
        if action.startswith("TABLEAU"):
            checked["tableau"] += 1
            chosen = [card(name) for name in action.split()[1:]]
            low = sorted(c for c in hand if c != AST)
            assert moons.tableau_value(chosen) >= moons.tableau_value(low[:3])
        if not action.startswith("PLAY") or not state.trick:  # type: ignore[attr-defined]
            continue
        led = state.led  # type: ignore[attr-defined]
        plays = [card(a.removeprefix("PLAY ")) for a in actions if a.startswith("PLAY")]
        moons_held = [c for c in plays if c != AST]
        if led is not None and moons_held and not any(suit(c) == led for c in moons_held):
            checked["void"] += 1  # off suit: the lowest card goes
            assert rank(card(action.removeprefix("PLAY "))) == min(rank(c) for c in moons_held)
        trick = state.trick  # type: ignore[attr-defined]
        if led is not None and len(trick) == state.players - 1:  # type: ignore[attr-defined]
            best = max((rank(c) for _, c in trick if c != AST and suit(c) == led), default=0)
            winning = sorted(rank(c) for c in moons_held if suit(c) == led and rank(c) > best)
            pays = any(state.available(p) for p in state.tableau_planets(seat))  # type: ignore[attr-defined]
            if winning and pays:
                checked["last"] += 1  # the cheapest winning card
                cheapest = min(
                    (c for c in moons_held if suit(c) == led and rank(c) > best), key=rank
                )
                assert action == f"PLAY {CARD_NAMES[cheapest]}"
    assert all(checked.values()), checked


@pytest.mark.parametrize("players", [3, 4, 6])
def test_moons_greedy_tableau_is_the_first_best_of_the_lowest_cards(players: int) -> None:
    """The tableau is the best of every choice of three among the lowest three cards of each
    planet (the first best in ``itertools.combinations`` order), found without trying them
    all: checked against trying them all on the hands of 150 deals."""
    game = moonbase.load("moons", players=players)
    for seed in range(150):
        state = game.new(seed=seed)
        for seat in state.to_act:
            hand = sorted({c for c in state.hands[seat] if c != AST})  # type: ignore[attr-defined]
            low = [c for planet in range(4) for c in [c for c in hand if suit(c) == planet][:3]]
            best = max(itertools.combinations(low, 3), key=moons.tableau_value)
            expected = "TABLEAU " + " ".join(CARD_NAMES[c] for c in sorted(best))
            assert moons.choose(state, seat, random.Random(0)) == expected, (seed, seat)


def test_moons_greedy_takes_the_optional_token_unless_it_ends_a_lost_game() -> None:
    seen = {"takes": 0, "declines": 0}
    for seed in range(20):
        game = moonbase.load(
            "moons", players=5, mini_asteroids=False, tokens_per_planet=4, decline_awards=True
        )
        state = game.new(seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
            actions = state.legal_actions(seat)
            if "PASS" in actions:
                action = moons.choose(state, seat, random.Random(0))
                loses = True  # whichever token it takes, the game ends and it has lost
                for take in actions[1:]:
                    taken = state.clone()
                    taken.apply(seat, take)
                    loses &= taken.is_over and seat not in taken.winners()
                passed = state.clone()
                passed.apply(seat, "PASS")
                if loses and not passed.is_over:
                    assert action == "PASS"
                    seen["declines"] += 1
                else:
                    assert action.startswith("TAKE ")
                    seen["takes"] += 1
            state.apply(seat, rng.choice(actions))
    assert all(seen.values()), seen


@pytest.mark.parametrize("name", ["moon-competitive", "moon-leap", "moons"])
def test_greedy_beats_random(name: str) -> None:
    game = GAMES[name]
    wins = 0.0
    for seed in range(6):
        agents = ["random"] * game.seats
        agents[seed % game.seats] = "greedy"
        final = play(game, agents, seed)
        if seed % game.seats in final.winners():
            wins += 1 / len(final.winners())
    assert wins >= 4
