"""Information-set MCTS: it finds good moves, respects its budget, and handles chance,
hidden cards and simultaneous decisions in every game."""

from __future__ import annotations

import itertools
import random

import pytest

import moonbase
from moonbase.agents import make_agent, play
from moonbase.agents.heuristics import shortlist_for
from moonbase.agents.mcts import WIDTH, MCTSAgent, margins_reward, reward
from moonbase.core import CHANCE
from tests.agents.helpers import GAMES
from tests.agents.toy import NimGame


def decisions_of_seat_0(game: moonbase.Game, agents: list[str], seed: int) -> int:
    """Play a whole game (every action checked legal by ``apply``); return how many decisions
    seat 0's agent made, and check the game ended with a score per seat."""
    made = 0

    def count(state: moonbase.State, seat: int, action: str) -> None:
        nonlocal made
        made += seat == 0

    final = play(game, agents, seed=seed, on_decision=count)
    assert len(final.scores()) == game.seats and set(final.winners()) <= set(range(game.seats))
    return made


@pytest.mark.parametrize(("pile", "best"), [(6, "TAKE 2"), (7, "TAKE 3"), (5, "TAKE 1")])
def test_finds_the_winning_nim_move(pile: int, best: str) -> None:
    state = NimGame(pile=pile).new(seed=1)
    assert MCTSAgent(seed=2, iterations=400).choose(state, 0) == best


def test_nim_with_a_die_in_explicit_chance_mode() -> None:
    state = NimGame(pile=2, dice=True).new(seed=1, chance="explicit")
    # taking both pebbles wins at once; taking one lets the die or the rival finish
    agent = MCTSAgent(seed=3, iterations=150)
    assert agent.choose(state, 0) == "TAKE 2"
    final = play(NimGame(pile=9, dice=True), ["mcts:iterations=40", "random"], 3, chance="explicit")
    assert any(seat == CHANCE for seat, _ in final.history)


def test_secret_cards_are_resampled_not_read() -> None:
    game = NimGame(pile=6, secret=True)
    state = game.new(seed=2)
    stats = MCTSAgent(seed=1, iterations=300).search(state, 0)
    assert max(stats, key=lambda action: stats[action][0]) == "TAKE 2"


def test_the_iteration_budget_is_exact() -> None:
    state = GAMES["moon-leap"].new(seed=4, chance="explicit")
    state.apply(CHANCE, "ROLL *")
    stats = MCTSAgent(seed=1, iterations=25).search(state, 0)
    assert sum(visits for visits, _ in stats.values()) == 25


def test_a_time_budget_still_answers() -> None:
    state = GAMES["moons"].new(seed=1)
    action = make_agent("mcts:seconds=0.05").choose(state, 0)
    assert action in state.legal_actions(0)


def test_wide_decisions_are_narrowed_to_the_greedy_choice_and_a_sample() -> None:
    state = GAMES["moons"].new(seed=3)
    seat = state.to_act[0]
    assert len(state.legal_actions(seat)) > WIDTH
    agent = MCTSAgent(seed=1, iterations=40, rollout="greedy", depth=30, prior=0.0)
    stats = agent.search(state, seat)
    assert len(stats) == WIDTH
    assert make_agent("greedy", 1).choose(state, seat) in stats


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("moons", {"players": 3}),
        ("moons", {"players": 4}),
        ("welcome-to-the-moon", {"adventure": 1}),
        ("welcome-to-the-moon", {"adventure": 6, "players": 1}),
    ],
)
def test_a_wide_node_considers_the_heuristic_s_shortlist_first(
    name: str, options: dict[str, int]
) -> None:
    game, shortlist = moonbase.load(name, **options), shortlist_for(name)
    assert shortlist is not None
    wide = 0
    for seed in range(4):
        state = game.new(seed=seed)
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) <= WIDTH:
            continue
        wide += 1
        listed = shortlist(state, seat)
        assert len(listed) > 1 and set(listed) <= set(legal)
        searched = {}
        for switch in ("on", "off"):
            agent = MCTSAgent(
                seed=1, iterations=WIDTH, rollout="random", depth=1, prior=0.0, shortlist=switch
            )
            searched[switch] = set(agent.search(state, seat))  # UCT: each tried once
            assert len(searched[switch]) == WIDTH and listed[0] in searched[switch]
        assert set(listed[:WIDTH]) <= searched["on"]
        if len(legal) > 10 * WIDTH:  # without it, a random sample of hundreds misses most
            assert len(set(listed) & searched["off"]) < len(listed) // 2
    assert wide


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_plays_whole_games_of_every_game(name: str, rollout: str) -> None:
    game = GAMES[name]
    spec = f"mcts:iterations=3,rollout={rollout},depth=12"
    searched = decisions_of_seat_0(game, [spec] + ["random"] * (game.seats - 1), seed=6)
    assert searched > 0


def test_simultaneous_choices_of_others_are_sampled_each_iteration() -> None:
    state = GAMES["moons"].new(seed=8)
    state.apply(0, state.legal_actions(0)[0])  # seat 0's tableau is chosen, hidden from seat 1
    observed = state.resample(1, random.Random(0))
    agent = MCTSAgent(seed=4, iterations=6, depth=3)
    stats = agent.search(observed, 1)
    assert sum(visits for visits, _ in stats.values()) == 6
    assert observed.to_act == (1, 2)  # the search worked on copies


def test_reward_counts_shared_wins_and_standing() -> None:
    final = play(GAMES["moon-leap"], ["greedy", "random"], seed=1)
    winners = final.winners()
    for seat in range(2):
        value = reward(final, seat)
        assert 0.0 <= value <= 1.0
        assert (value >= 0.8) == (winners == [seat])


def test_an_unfinished_game_is_judged_by_the_margins() -> None:
    state = GAMES["moon-leap"].new(seed=1)
    rng = random.Random(0)
    values = []
    while not state.is_over and len(values) < 40:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        scores = state.scores()
        values.append((scores[0] - scores[1], reward(state, 0), reward(state, 1)))
    for lead, mine, theirs in values:
        assert 0.0 <= mine <= 1.0 and mine + theirs == pytest.approx(1.0)
        assert (mine > 0.5) == (lead > 0) and (mine == 0.5) == (lead == 0)
    by_lead = sorted(values)
    assert by_lead[0][1] < 0.5 < by_lead[-1][1]  # both signs were seen


def test_reward_margin_judges_a_finished_game_by_its_margins() -> None:
    final = play(GAMES["moon-leap"], ["greedy", "random"], seed=1)
    scores, (winner,) = final.scores(), final.winners()
    assert reward(final, winner, margins=True) == margins_reward(scores, winner)
    assert 0.5 < reward(final, winner, margins=True) < reward(final, winner) == 1.0
    assert reward(final, 1 - winner, margins=True) == pytest.approx(
        1.0 - reward(final, winner, margins=True)
    )


@pytest.mark.parametrize("kernel", ["off", "on"])
def test_a_search_with_reward_margin_learns_the_margins_of_its_rollouts(kernel: str) -> None:
    # Moon Leap's random rollouts play to the end, by the engine or by its compiled kernel
    # (without numba, by the engine again). Who won is worth 0, 0.5 or 1; margins are graded.
    state = GAMES["moon-leap"].new(seed=4)  # chance in auto mode: a seat is to move
    seat = state.to_act[0]

    def judged(spec: str) -> list[tuple[moonbase.State, float]]:
        agent = make_agent(spec, 1)
        assert isinstance(agent, MCTSAgent)
        seen: list[tuple[moonbase.State, float]] = []
        rollout = agent._rollout

        def record(world: moonbase.State, seat: int, search: object) -> float:
            value = rollout(world, seat, search)  # type: ignore[arg-type]
            seen.append((world, value))
            return value

        agent._rollout = record  # type: ignore[method-assign]
        agent.search(state, seat)
        return seen

    spec = f"mcts:iterations=40,rollout=random,kernel={kernel}"
    assert {value for _, value in judged(spec)} <= {0.0, 0.5, 1.0}
    margins = judged(spec + ",reward=margin")
    assert len({value for _, value in margins} - {0.0, 0.5, 1.0}) > 10
    for world, value in margins:
        if world.is_over:  # played by the engine: the value is the world's margins
            assert value == margins_reward(world.scores(), seat)
    assert MCTSAgent(reward="margin").settings_for(state.game).spec.endswith(",reward=margin")


def test_the_greedy_prior_keeps_to_the_heuristic_without_evidence() -> None:
    state = GAMES["moon-competitive"].new(seed=3)
    seat = state.to_act[0]
    greedy = make_agent("greedy", 0).choose(state, seat)
    stats = MCTSAgent(seed=2, iterations=8, rollout="greedy", depth=6).search(state, seat)
    assert max(stats, key=lambda action: stats[action][0]) == greedy


@pytest.mark.parametrize("name", moonbase.games())
def test_generic_agents_play_every_registered_game(name: str) -> None:
    game = moonbase.load(name)
    agents = ["mcts:iterations=2,depth=3"] + ["greedy"] * (game.seats - 1)
    assert decisions_of_seat_0(game, agents, seed=1) > 0


def test_a_lone_seat_s_cut_rollouts_tell_better_from_worse_below_zero() -> None:
    # Solo Welcome to the Moon scores the player's points less ASTRA's: far below zero until
    # the late points come. Judged against zero, every cut rollout looked equally lost.
    game = moonbase.load("welcome-to-the-moon", players=1)
    state = game.new(seed=3)
    greedy = make_agent("greedy", 1)
    seen: list[tuple[float, float]] = []
    while not state.is_over and len(seen) < 30:
        seat = state.to_act[0]
        state.apply(seat, greedy.choose(state, seat))
        seen.append((state.scores()[0], reward(state, 0, baseline=-40.0)))
    assert all(score < 0 for score, _ in seen)
    for (score, value), (other, other_value) in itertools.pairwise(seen):
        assert (score < other) == (value < other_value)
    assert {value > 0.5 for score, value in seen} == {True, False}


def test_leaf_outlook_judges_a_cut_rollout_by_the_heuristic_s_outlook() -> None:
    from moonbase.agents.heuristics import outlook_for

    outlook = outlook_for("welcome-to-the-moon")
    assert outlook is not None and outlook_for("moon-leap") is None
    state = moonbase.load("welcome-to-the-moon", players=2).new(seed=5)
    values = [outlook(state, seat) for seat in range(2)]
    assert all(value > score for value, score in zip(values, state.scores(), strict=True))
    assert reward(state, 0, values=[values[0] + 10, values[1]]) > 0.5
    assert reward(state, 0, values=[values[0], values[1] + 10]) < 0.5


def _judged_worlds(spec: str, state: moonbase.State, seat: int) -> list[moonbase.State]:
    """The worlds a search of ``spec`` judged (at the end of each iteration)."""
    agent = make_agent(spec, 1)
    assert isinstance(agent, MCTSAgent)
    judged: list[moonbase.State] = []
    rollout = agent._rollout

    def record(world: moonbase.State, seat: int, search: object) -> float:
        value = rollout(world, seat, search)  # type: ignore[arg-type]
        judged.append(world)
        return value

    agent._rollout = record  # type: ignore[method-assign]
    agent.search(state, seat)
    return judged


def _cooperative_decision() -> moonbase.State:
    """A cooperative MOON decision (hard, events: ERROR cards among the draws) early in a
    round, with a goal face up."""
    state = moonbase.load("moon", difficulty="hard", events=True).new(seed=4)
    assert state.view(0)["phase"] == "play" and state.view(0)["energy"] > 1
    return state


def test_a_horizon_at_chance_judges_every_world_before_its_draw() -> None:
    # The search stays with the cards the seat has seen: an iteration whose world comes to a
    # draw (the round's end, here) is judged there, in the tree and in the rollout.
    state = _cooperative_decision()
    spec = "mcts:iterations=150,rollout=greedy,depth=6,leaf=outlook"
    judged = _judged_worlds(spec + ",horizon=chance", state, 0)
    assert len(judged) == 150
    assert all(world.chance_count == state.chance_count for world in judged)
    assert any(world.is_chance for world in judged)  # some came to the round's end
    # Without the horizon the same search draws cards (a new goal, an ERROR) and plays on.
    crossed = _judged_worlds(spec, state, 0)
    assert any(world.chance_count > state.chance_count for world in crossed)


def test_a_horizon_at_chance_keeps_the_search_on_the_seat_s_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # MOON's outlook and greedy ask the planner for a machine's tables: an ERROR drawn in a
    # world is a new machine (a 6-bit one's tables cost a second or more). Before its draws,
    # every world has the machine the seat has now.
    from moonbase.agents.heuristics import moon

    asked: set[object] = set()
    tables = moon.tables

    def recording(machine: object) -> object:
        asked.add(machine)
        return tables(machine)  # type: ignore[arg-type]

    monkeypatch.setattr(moon, "tables", recording)
    state = _cooperative_decision()
    machine = moon.machine_for(state.game, state.view(0), 0)
    spec = "mcts:iterations=300,rollout=greedy,depth=6,leaf=outlook"
    make_agent(spec + ",horizon=chance", 2).choose(state, 0)
    assert asked == {machine}
    make_agent(spec, 2).choose(state, 0)  # without: the worlds' ERRORs make other machines
    assert len(asked) > 1


def test_worlds_shares_a_few_resamples_among_the_iterations() -> None:
    # Competitive MOON: the other seat's goal is hidden, each world deals it again (and MOON's
    # planner builds a table for each goal a world gives it). With worlds=3 the iterations
    # play copies of three resamples.
    state = moonbase.load("moon", mode="competitive").new(seed=3)
    seat = state.to_act[0]
    other = 1 - seat

    def goals(spec: str) -> set[str]:
        agent = make_agent(spec, 1)
        assert isinstance(agent, MCTSAgent)
        seen: set[str] = set()
        iterate = agent._iterate

        def record(root: object, world: moonbase.State, seat: int, search: object) -> None:
            seen.add(world.view(other)["goal"])
            iterate(root, world, seat, search)  # type: ignore[arg-type]

        agent._iterate = record  # type: ignore[method-assign]
        agent.search(state, seat)
        return seen

    spec = "mcts:iterations=60,rollout=greedy,depth=4,leaf=outlook"
    assert 1 <= len(goals(spec + ",worlds=3")) <= 3
    assert len(goals(spec)) > 3
