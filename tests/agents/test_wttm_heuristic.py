"""Welcome to the Moon's greedy heuristic: legal everywhere, honest, and clearly stronger than
random play and the generic one-step lookahead it replaces."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import pytest

import moonbase
from moonbase.agents import Agent, make_agent, play
from moonbase.agents.heuristics import generic, heuristic_for
from moonbase.agents.heuristics import welcome_to_the_moon as wttm
from moonbase.core import CHANCE, Game, State
from moonbase.games.welcome_to_the_moon.positions import position
from moonbase.games.welcome_to_the_moon.state import WelcomeState
from tests.agents.helpers import decision_points

GAME = "welcome-to-the-moon"


def _game(adventure: int, players: int = 2, **options: object) -> Game:
    if players == 1:
        options.setdefault("level", 4)
    return moonbase.load(GAME, adventure=adventure, players=players, **options)


class _Lookahead(Agent):
    """The generic one-step lookahead, which Welcome to the Moon used before."""

    name = "lookahead"

    def choose(self, observed: State, seat: int) -> str:
        return generic.choose(observed, seat, self.rng)


def _mean_scores(game: Game, first: str, second: str, deals: Sequence[int]) -> tuple[float, float]:
    """Mean scores of two agents over the same deals, each deal played from both seats."""
    scores: dict[str, list[float]] = {first: [], second: []}
    for deal in deals:
        for order in ((first, second), (second, first)):
            agents = [
                _Lookahead(seed=deal) if spec == "lookahead" else make_agent(spec, seed=deal)
                for spec in order
            ]
            final = play(game, agents, seed=deal)
            for seat, spec in enumerate(order):
                scores[spec].append(final.scores()[seat])
    return statistics.mean(scores[first]), statistics.mean(scores[second])


# ---------------------------------------------------------------------- registration, legality
def test_the_greedy_agent_uses_this_heuristic() -> None:
    assert heuristic_for(GAME) is wttm.choose


@pytest.mark.parametrize(
    ("adventure", "players"), [(n, 2) for n in range(1, 9)] + [(n, 1) for n in range(1, 9)]
)
def test_greedy_finishes_every_adventure_with_legal_actions(adventure: int, players: int) -> None:
    game = _game(adventure, players)
    chosen = 0

    def check(state: State, seat: int, action: str) -> None:
        nonlocal chosen
        chosen += 1
        assert action in state.legal_actions(seat)

    agents = ["greedy", "random"][:players]
    final = play(game, agents, seed=adventure, on_decision=check)  # apply raises if illegal
    assert chosen > 10 and len(final.scores()) == players


@pytest.mark.parametrize("preset", ["a1-6p", "a8-3p"])
def test_greedy_plays_bigger_tables(preset: str) -> None:
    game = moonbase.load(GAME, **moonbase.load(GAME).presets[preset])
    seats: list[int] = []
    final = play(
        game, ["greedy"] * game.seats, seed=2, on_decision=lambda _, s, __: seats.append(s)
    )
    assert set(seats) == set(range(game.seats)) and final.winners()


def test_every_kind_of_decision_gets_a_legal_action() -> None:
    kinds: set[str] = set()
    for adventure in (1, 2, 6, 8):
        for players in (1, 3):
            for state in decision_points(_game(adventure, players), seed=adventure, every=2,
                                         limit=25):  # fmt: skip
                for seat in state.to_act:
                    action = wttm.choose(state, seat, random.Random(0))
                    assert action in state.legal_actions(seat)
                    kinds.add(action.split(" ")[0])
    seen = {"WRITE", "ERROR", "X", "SKIP", "WALL", "ACTIVATE", "INFECT", "GREY", "CROSS", "ASTRA"}
    assert seen <= kinds, kinds  # choices, sub-steps, propagation, ASTRA's cards and her moves


# ---------------------------------------------------------------------- honesty
@pytest.mark.parametrize("adventure", [1, 6, 8])
def test_same_view_and_seed_give_the_same_action(adventure: int) -> None:
    differed = False
    game = _game(adventure, 3)
    for number, state in enumerate(decision_points(game, seed=5, every=2, limit=12)):
        for seat in state.to_act:
            twin = state.resample(seat, random.Random(number))
            assert twin.view(seat) == state.view(seat)
            differed |= twin.summary() != state.summary()
            first = make_agent("greedy", seed=number).choose(state, seat)
            assert make_agent("greedy", seed=number).choose(twin, seat) == first
    assert differed, "the twins never differed: nothing hidden was tested"


# ---------------------------------------------------------------------- the rule of thumb
def _offer(adventure: int, cards: Sequence[tuple[str, str]]) -> WelcomeState:
    """A new 2-player game whose first combinations are ``cards``: (number card, action card)
    per pile, as ``"7 ENERGY"`` texts."""
    state = _game(adventure, missions="A1,B1,C1").new(seed=1, chance="explicit")
    for pile, (_, action_card) in enumerate(cards, start=1):
        state.apply(CHANCE, f"DRAW {pile} {action_card}")
    for pile, (number_card, _) in enumerate(cards, start=1):
        state.apply(CHANCE, f"DRAW {pile} {number_card}")
    assert isinstance(state, WelcomeState)
    return state


def _dead(state: WelcomeState, seat: int) -> int:
    """Empty spaces of the seat's sheet that no card number (1–15) can ever fill."""
    marks = state.sheets[seat].marks
    chances = [1.0] * len(marks)
    wttm.fill_chances(marks, wttm.zones_of(state.adventure.number, marks), chances)
    empty = state.adventure.data.empty_spaces(marks)
    return sum(1 for slot in empty if chances[slot] < 0.1)


def test_a_middle_number_goes_in_the_middle_of_an_empty_floor() -> None:
    state = _offer(1, [("8 PLANT", "5 ENERGY"), ("8 ROBOT", "7 ENERGY"), ("8 WATER", "9 ENERGY")])
    action = wttm.choose(state, 0, random.Random(0))
    space = action.split(" ")[2]
    assert space in ("ENE.5", "ENE.6", "WILD.4", "WILD.5"), action


def test_low_and_high_numbers_go_to_the_ends() -> None:
    state = _offer(1, [("2 ROBOT", "7 ENERGY"), ("14 ROBOT", "7 PLANT"), ("1 ROBOT", "6 WATER")])
    values = wttm.Judge(state, 0).rank(state.legal_actions(0))
    best = {}
    for action, value in values.items():
        label = action.split(" ")[1]
        if value > best.get(label, ("", float("-inf")))[1]:
            best[label] = (action.split(" ")[2], value)
    assert best["1"][0] in ("ENE.1", "WILD.1")  # 2 first
    assert best["2"][0] in ("PLT.8", "WILD.8")  # 14 last
    assert best["3"][0] in ("WAT.1", "WILD.1")  # 1 first


def test_no_write_leaves_a_gap_no_number_can_fill() -> None:
    state = _offer(1, [("6 ROBOT", "5 ENERGY"), ("6 PLANT", "7 ENERGY"), ("6 WATER", "9 ENERGY")])
    position(state, 0).write("ENE.1", 5)
    before = _dead(state, 0)
    writes = state.legal_actions(0)
    assert "WRITE 1 ENE.4" in writes  # would leave ENE.2 and ENE.3 between 5 and 6
    action = wttm.choose(state, 0, random.Random(0))
    after = state.clone()
    after.apply(0, action)
    assert isinstance(after, WelcomeState)
    assert _dead(after, 0) == before == 0, action


def test_the_fill_chance_prefers_room_and_common_numbers() -> None:
    middle = 7 * 15 / 63  # one space where only an 8 fits
    edge = 2 * 15 / 63  # one space where only a 15 fits
    assert wttm.fill_chance(1, 1, middle) > wttm.fill_chance(1, 1, edge) > 0.4
    assert wttm.fill_chance(2, 1, middle) < wttm.fill_chance(1, 1, middle)
    assert wttm.fill_chance(1, 0, 0.0) < 0.1


def test_a_quarter_near_completion_is_finished_first() -> None:
    state = _offer(
        1, [("3 WATER", "7 ENERGY"), ("3 PLANNING", "7 PLANT"), ("3 ASTRONAUT", "6 WATER")]
    )
    position(state, 0).write("WILD.1", 2)
    action = wttm.choose(state, 0, random.Random(0))
    assert action.split(" ")[2] == "WILD.2", action  # fills quarter Q16: 2 rockets and an X


def test_solo_keeps_astra_s_best_card_from_her() -> None:
    state = _game(2, 1, missions="A1,B1,C1").new(seed=1, chance="explicit")
    for card in ("5 ROBOT", "5 ENERGY", "5 ROBOT"):  # level 4: Energy is worth 6 to her, Robot 2
        state.apply(CHANCE, f"DRAW {card}")
    assert isinstance(state, WelcomeState)
    costs, _ = wttm.Judge(state, 0).astra_costs()
    assert costs[2] - costs[1] == costs[2] - costs[3] == 4
    action = wttm.choose(state, 0, random.Random(0))
    words = action.split(" ")
    assert "2" in words[1:3], action  # card 2 is played, not left to ASTRA


# ---------------------------------------------------------------------- strength
# Measured on these deals (3 deals, each from both seats), mean scores greedy vs other:
# random — A1 173 vs 35, A5 51 vs −55, A7 36 vs −8;
# lookahead — A1 170 vs 50, A2 61 vs 9, A3 56 vs 14, A5 26 vs −17.
@pytest.mark.parametrize(("adventure", "margin"), [(1, 70.0), (5, 50.0), (7, 20.0)])
def test_greedy_beats_random(adventure: int, margin: float) -> None:
    greedy, rand = _mean_scores(_game(adventure), "greedy", "random", deals=range(3))
    assert greedy - rand >= margin, (greedy, rand)


@pytest.mark.parametrize(("adventure", "margin"), [(1, 60.0), (2, 25.0), (3, 20.0), (5, 20.0)])
def test_greedy_beats_the_generic_lookahead(adventure: int, margin: float) -> None:
    greedy, lookahead = _mean_scores(_game(adventure), "greedy", "lookahead", deals=range(3))
    assert greedy - lookahead >= margin, (greedy, lookahead)
