"""The runner: agents see resamples only, simultaneous seats choose independently, and the
deals never depend on who plays."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from moonbase.agents import Agent, play
from moonbase.agents.runner import agent_seed, sample_outcome
from moonbase.core import CHANCE, ChanceMode, Game, State
from tests.agents.helpers import GAMES

Seen = tuple[int, State, dict[str, object], str]


class Spy(Agent):
    """Plays at random and records every state it was handed (then scribbles on it)."""

    name: ClassVar[str] = "test-spy"

    def __init__(self, seed: int = 0, log: list[Seen] | None = None) -> None:
        super().__init__(seed)
        self.seen: list[Seen] = [] if log is None else log

    def choose(self, observed: State, seat: int) -> str:
        action = self.rng.choice(observed.legal_actions(seat))
        self.seen.append((seat, observed, observed.view(seat), observed.summary()))
        observed.apply(seat, action)  # changing the observed state must not touch the game
        return action


class FirstLegal(Agent):
    """Always the first legal action; optionally burns its generator first."""

    name: ClassVar[str] = "test-first"

    def __init__(self, seed: int = 0, burn: int = 0) -> None:
        super().__init__(seed)
        self.burn = burn

    def choose(self, observed: State, seat: int) -> str:
        for _ in range(self.burn):
            self.rng.random()
        return observed.legal_actions(seat)[0]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_agents_get_resamples_never_the_real_state(name: str) -> None:
    game = GAMES[name]
    seen: list[Seen] = []
    real: list[Seen] = []

    def record(state: State, seat: int, action: str) -> None:
        real.append((seat, state, state.view(seat), state.summary()))

    final = play(game, [Spy(seat, seen) for seat in range(game.seats)], 3, on_decision=record)
    assert len(seen) == len(real)
    hidden_differed = False
    for (seat, observed, view, summary), (real_seat, state, real_view, real_summary) in zip(
        seen, real, strict=True
    ):
        assert seat == real_seat
        assert observed is not state and observed is not final
        assert view == real_view
        hidden_differed |= summary != real_summary
    if game.has_hidden_information:
        assert hidden_differed, "every observed state equalled the real one"


def test_simultaneous_seats_are_asked_before_anyone_acts() -> None:
    game = GAMES["moons"]
    spies = [Spy(seat) for seat in range(game.seats)]
    play(game, spies, seed=5)
    for spy in spies:
        view = next(view for _, _, view, _ in spy.seen if view["phase"] == "tableau")
        assert view["chosen"] == [False] * game.seats  # nobody's choice was made yet


def _first_divergence(left: list[tuple[int, str]], right: list[tuple[int, str]]) -> int:
    for index, (a, b) in enumerate(zip(left, right, strict=False)):
        if a != b:
            return index
    return min(len(left), len(right))


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_adding_a_bot_never_changes_the_deals(name: str, chance: ChanceMode) -> None:
    game = GAMES[name]
    quiet = play(game, [FirstLegal(seat) for seat in range(game.seats)], 11, chance=chance)
    noisy = play(game, [FirstLegal(seat, burn=7) for seat in range(game.seats)], 11, chance=chance)
    assert quiet.history == noisy.history  # the agents' generators are theirs alone
    mixed = play(
        game, ["random", *[FirstLegal(s) for s in range(1, game.seats)]], 11, chance=chance
    )
    split = _first_divergence(quiet.history, mixed.history)
    assert split < len(quiet.history), "the random agent played exactly like the first-legal one"
    assert quiet.history[split][0] != CHANCE, "a deal changed before any decision did"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_explicit_chance_games_replay_from_the_seed(name: str) -> None:
    game = GAMES[name]
    agents = ["random"] * game.seats
    first = play(game, agents, seed=2, chance="explicit")
    again = play(game, agents, seed=2, chance="explicit")
    assert first.history == again.history
    assert first.chance_mode == "explicit"


def test_wrong_number_of_agents_is_refused() -> None:
    with pytest.raises(ValueError, match="has 2 seats; got 3 agents"):
        play(GAMES["moon-leap"], ["random"] * 3)


def test_sample_outcome_follows_the_probabilities() -> None:
    state = GAMES["moon-leap"].new(seed=1, chance="explicit")
    rng = random.Random(0)
    counts: dict[str, int] = {}
    for _ in range(6000):
        outcome = sample_outcome(state, rng)
        counts[outcome] = counts.get(outcome, 0) + 1
    assert sorted(counts) == sorted(outcome for outcome, _ in state.chance_outcomes())
    assert all(900 < count < 1100 for count in counts.values())


def test_agent_seeds_differ_by_seat_and_game() -> None:
    seeds = {agent_seed(game, seat) for game in range(20) for seat in range(4)}
    assert len(seeds) == 80


def test_the_runner_guards_against_endless_games() -> None:
    game: Game = GAMES["moon-leap"]

    class Tiny(type(game)):  # type: ignore[misc]
        @property
        def max_history(self) -> int:
            return 5

    tiny = Tiny(**game.options)
    with pytest.raises(ValueError, match="ran past its bound of 5"):
        play(tiny, ["random", "random"], seed=1)
