"""The OpenSpiel adapter: registration, parameters, GameType, chance, returns, OpenSpiel's own
random simulation test, and resampling."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import moonbase  # noqa: E402
from moonbase import CHANCE  # noqa: E402
from moonbase.adapters.openspiel import (  # noqa: E402
    MoonbaseState,
    load,
    moonbase_state,
    register,
    returns_for,
    short_name,
)

_Type = pyspiel.GameType

NAMES = [
    "python_moonbase_moon",
    "python_moonbase_moon_leap",
    "python_moonbase_moons",
    "python_moonbase_welcome_to_the_moon",
]


def _play_randomly(state: MoonbaseState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_register_adds_every_game_once() -> None:
    assert register() == NAMES
    assert register() == NAMES
    registered = pyspiel.registered_names()
    for name in NAMES:
        assert registered.count(name) == 1
    assert [short_name(name) for name in moonbase.games()] == NAMES


@pytest.mark.parametrize("name", moonbase.games())
def test_game_info_is_the_moonbase_universe(name: str) -> None:
    register()
    game = pyspiel.load_game(short_name(name))
    inner = moonbase.load(name)
    assert game.num_distinct_actions() == inner.num_actions
    assert game.max_chance_outcomes() == inner.num_chance_outcomes
    assert game.num_players() == inner.seats
    assert game.max_game_length() == inner.max_history
    assert game.max_chance_nodes_in_history() == inner.max_history
    assert game.get_type().short_name == short_name(name)


def test_options_of_every_kind_are_parameters() -> None:
    register()
    # choice, int, number, bool, list (words joined by +)
    game = pyspiel.load_game(
        "python_moonbase_moon(mode=competitive,players=3,energy=2.5,events=True,"
        "operations=INC+DEC+MOV+XOR,hackers=green+red+none,width=5)"
    )
    options = game.moonbase.options
    assert options["mode"] == "competitive"
    assert options["players"] == 3
    assert options["energy"] == 2.5
    assert options["events"] is True
    assert options["operations"] == ("INC", "DEC", "MOV", "XOR")
    assert options["hackers"] == ("green", "red", "none")
    assert options["width"] == 5
    assert game.num_players() == 3
    # text
    leap = pyspiel.load_game("python_moonbase_moon_leap(board=short.json,players=3)")
    assert leap.moonbase == moonbase.load("moon-leap", board="short.json", players=3)
    # a dict of parameters may write lists with commas
    dict_form = pyspiel.load_game("python_moonbase_moon", {"operations": "INC,DEC"})
    assert dict_form.moonbase.options["operations"] == ("INC", "DEC")
    # the game string OpenSpiel writes reads back to the same game
    again = pyspiel.load_game(str(dict_form))
    assert again.moonbase == dict_form.moonbase
    assert "operations=INC+DEC" in str(dict_form)


def test_derived_defaults_stay_derived() -> None:
    register()
    hard = pyspiel.load_game("python_moonbase_moon(difficulty=hard)")
    assert hard.moonbase == moonbase.load("moon", difficulty="hard")
    assert hard.moonbase.options["energy"] == 2.0
    spec = hard.get_type().parameter_specification
    assert spec["energy"] == -1.0
    assert spec["operations"] == ""
    assert spec["players"] == -1


def test_load_takes_options_as_moonbase_does() -> None:
    game = load("moon", energy=3, operations=("INC", "DEC"), mode="competitive", players=2)
    assert game.moonbase == moonbase.load(
        "moon", energy=3, operations="INC,DEC", mode="competitive", players=2
    )
    assert load("python_moonbase_moons", players=5).num_players() == 5


def test_bad_parameters_say_what_is_allowed() -> None:
    register()
    with pytest.raises(moonbase.InvalidOption, match=r"'width': 7 is not allowed; allowed: 4"):
        pyspiel.load_game("python_moonbase_moon(width=7)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_moonbase_moon(colour=red)")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter energy"):
        pyspiel.load_game("python_moonbase_moon(energy=2)")
    with pytest.raises(moonbase.InvalidOption, match="unknown option 'colour'"):
        load("moon", colour="red")
    with pytest.raises(ValueError, match="no moonbase game; allowed: python_moonbase_moon"):
        load("python_moonbase_chess")


@pytest.mark.parametrize(
    ("text", "information", "utility", "players"),
    [
        ("python_moonbase_moon", "IMPERFECT_INFORMATION", "IDENTICAL", (1, 4)),
        (
            "python_moonbase_moon(mode=competitive,players=3)",
            "IMPERFECT_INFORMATION",
            "ZERO_SUM",
            (1, 4),
        ),
        ("python_moonbase_moon(mode=competitive)", "IMPERFECT_INFORMATION", "ZERO_SUM", (1, 4)),
        ("python_moonbase_moon_leap", "PERFECT_INFORMATION", "ZERO_SUM", (2, 4)),
        ("python_moonbase_moons", "IMPERFECT_INFORMATION", "ZERO_SUM", (2, 6)),
        ("python_moonbase_welcome_to_the_moon", "IMPERFECT_INFORMATION", "ZERO_SUM", (1, 6)),
        (
            "python_moonbase_welcome_to_the_moon(players=1,level=3)",
            "PERFECT_INFORMATION",
            "IDENTICAL",
            (1, 6),
        ),
    ],
)
def test_game_type_is_honest(
    text: str, information: str, utility: str, players: tuple[int, int]
) -> None:
    register()
    game = pyspiel.load_game(text)
    kind = game.get_type()
    assert kind.dynamics == _Type.Dynamics.SEQUENTIAL
    assert kind.chance_mode == _Type.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == getattr(_Type.Information, information)
    assert kind.utility == getattr(_Type.Utility, utility)
    assert kind.reward_model == _Type.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == players
    assert kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    assert kind.provides_observation_string
    if utility == "ZERO_SUM":
        assert game.utility_sum() == 0.0
        assert (game.min_utility(), game.max_utility()) == (-1 / (game.num_players() - 1), 1.0)
    else:
        assert game.utility_sum() is None
        assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


def test_perfect_information_games_never_ask_two_seats_at_once() -> None:
    """Sequentialising simultaneous decisions would hide choices: a game OpenSpiel is told
    has perfect information must never have them."""
    for options in ({"players": 4}, {"players": 2}):
        game = moonbase.load("moon-leap", **options)
        for seed in range(3):
            state = game.new(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                assert len(state.to_act) == 1
                seat = state.to_act[0]
                state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    solo = moonbase.load("welcome-to-the-moon", players=1, level=2)
    state = solo.new(seed=4)
    while not state.is_over:
        assert len(state.to_act) == 1
        state.apply_id(0, state.legal_ids(0)[-1])


def test_chance_is_explicit_and_matches_moonbase() -> None:
    game = load("moons", players=3)
    state = game.new_initial_state()
    inner = moonbase_state(state)
    assert state.is_chance_node() and inner.is_chance
    assert state.chance_outcomes() == inner.chance_ids()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    outcome = state.chance_outcomes()[5][0]
    state.apply_action(outcome)
    assert inner.history_ids[-1] == (CHANCE, outcome)
    assert state.history() == [outcome]


def test_actions_are_moonbase_ids_with_notation() -> None:
    game = load("moon-leap")
    state = game.new_initial_state()
    state.apply_action(game.moonbase.chance_id("ROLL 4"))
    legal = state.legal_actions()
    inner = moonbase_state(state)
    assert legal == inner.legal_ids(0)
    assert [state.action_to_string(0, a) for a in legal] == inner.legal_actions(0)
    assert state.legal_actions(1) == []
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == game.moonbase.chance_text(2)
    before = moonbase_state(state).to_json()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    with pytest.raises(
        moonbase.IllegalAction, match=r"is not legal for seat 0 now .*; allowed: MOVE 4"
    ):
        state.apply_action(illegal)
    assert moonbase_state(state).to_json() == before
    assert state.legal_actions() == legal


def test_simultaneous_decisions_are_taken_in_seat_order() -> None:
    game = load("welcome-to-the-moon", players=3)
    state = game.new_initial_state()
    rng = random.Random(2)
    while moonbase_state(state).to_act != (0, 1, 2):
        _play_randomly(state, rng, 1)
    order = []
    for _ in range(3):
        order.append(state.current_player())
        for other in range(3):
            if other != state.current_player():
                assert state.legal_actions(other) == []
        state.apply_action(rng.choice(state.legal_actions()))
    assert order == [0, 1, 2]


def test_returns_come_from_the_winners() -> None:
    assert returns_for(moonbase.load("moon-leap", players=3), [2]) == [-0.5, -0.5, 1.0]
    assert returns_for(moonbase.load("moon-leap", players=4), [0, 1]) == pytest.approx(
        [1 / 3, 1 / 3, -1 / 3, -1 / 3]
    )
    assert returns_for(moonbase.load("moons", players=3), []) == [0.0, 0.0, 0.0]
    assert returns_for(moonbase.load("moon"), [0]) == [1.0]
    assert returns_for(moonbase.load("welcome-to-the-moon", players=1, level=2), []) == [0.0]
    game = load("moon-leap", players=3)
    state = game.new_initial_state()
    _play_randomly(state, random.Random(5), 10_000)
    assert state.is_terminal()
    inner = moonbase_state(state)
    winners = inner.winners()
    assert winners
    expected = [(3 / len(winners) - 1) / 2 if seat in winners else -0.5 for seat in range(3)]
    assert state.returns() == pytest.approx(expected)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.rewards() == expected
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


_SIMULATIONS = {"moon": 5, "moon-leap": 3, "moons": 2, "welcome-to-the-moon": 2}
"""Random games per game as it comes (fewer where a game is long or its picture is big:
OpenSpiel's checks print and compare the state's text many times a step)."""


def _presets() -> list[tuple[str, str]]:
    """The small presets: those of one or two seats, and Moons' smallest (three, no minis)."""
    small = [
        (name, preset)
        for name in moonbase.games()
        for preset, options in moonbase.load(name).presets.items()
        if moonbase.load(name, **options).seats <= 2
    ]
    return [*small, ("moons", "3p-no-minis")]


@pytest.mark.parametrize("name", moonbase.games())
def test_openspiel_random_simulation(name: str) -> None:
    """OpenSpiel's own C++ checks over random games of each game as it comes, serialising and
    reloading the state at every step."""
    sims = _SIMULATIONS[name]
    pyspiel.random_sim_test(load(name), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "preset"), _presets())
def test_openspiel_random_simulation_of_presets(name: str, preset: str) -> None:
    """The same checks on the small presets (one game each, without the per-step save)."""
    game = load(name, **moonbase.load(name).presets[preset])
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", moonbase.games())
def test_clone_is_independent_and_keeps_history(name: str) -> None:
    state = load(name).new_initial_state()
    _play_randomly(state, random.Random(1), 12)
    assert not state.is_terminal()
    copy = state.clone()
    assert isinstance(copy, MoonbaseState)
    assert copy.history() == state.history()
    assert str(copy) == str(state)
    assert moonbase_state(copy) == moonbase_state(state)
    _play_randomly(copy, random.Random(2), 1)
    assert len(copy.history()) == len(state.history()) + 1
    assert moonbase_state(copy) != moonbase_state(state)


@pytest.mark.parametrize(
    ("name", "options"),
    [("moons", {"players": 3}), ("welcome-to-the-moon", {"players": 2}), ("moon", {})],
)
def test_resample_keeps_the_infostate_and_redraws_the_rest(
    name: str, options: dict[str, object]
) -> None:
    """OpenSpiel's ResampleInfostateTest in Python, plus: hidden information really varies,
    and the resample's OpenSpiel history is the redrawn one."""
    game = load(name, **options)
    state = game.new_initial_state()
    rng = random.Random(3)
    varied = 0
    checked = 0
    while not state.is_terminal() and checked < 40:
        _play_randomly(state, rng, 7)
        if state.is_terminal() or state.is_chance_node():
            continue
        checked += 1
        for player in range(game.num_players()):
            sampler = pyspiel.UniformProbabilitySampler(rng.randrange(1 << 30), 0.0, 1.0)
            other = state.resample_from_infostate(player, sampler)
            assert isinstance(other, MoonbaseState)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.current_player() == state.current_player()
            assert other.legal_actions() == state.legal_actions() or (
                player != state.current_player()
            )
            assert other.history() == [action for _, action in moonbase_state(other).history_ids]
            if other.history() != state.history():
                varied += 1
    assert checked > 0
    assert varied > 0, "no resample ever changed a hidden card"


def test_moonbase_state_rejects_other_games() -> None:
    with pytest.raises(TypeError, match="not a moonbase OpenSpiel state"):
        moonbase_state(pyspiel.load_game("kuhn_poker").new_initial_state())


def test_docs_gametype_table_matches_the_games() -> None:
    register()
    doc = (Path(__file__).parents[2] / "docs" / "adapters-openspiel.md").read_text()
    words = {"imperfect": "IMPERFECT_INFORMATION", "perfect": "PERFECT_INFORMATION"}
    utilities = {"identical": "IDENTICAL", "zero-sum": "ZERO_SUM"}
    rows = re.findall(r"^\| `(python_moonbase_[^`]*)`[^|]*\| (\w+) \| ([\w-]+) \| (\d)", doc, re.M)
    assert len(rows) == 6
    for text, information, utility, fewest in rows:
        game = pyspiel.load_game(text)
        kind = game.get_type()
        assert kind.information == getattr(_Type.Information, words[information]), text
        assert kind.utility == getattr(_Type.Utility, utilities[utility]), text
        assert game.num_players() == int(fewest), text
