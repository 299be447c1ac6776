"""The OpenSpiel observer: every IIGObservationType setting, tensors from the encoders, strings
from views and masked histories, and nothing leaking, not even through simultaneous decisions
taken in turn."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import moonbase  # noqa: E402
from moonbase.adapters.observations import encoder_for, encoder_names  # noqa: E402
from moonbase.adapters.openspiel import MoonbaseState, load, moonbase_state  # noqa: E402
from moonbase.adapters.openspiel_observer import private_view  # noqa: E402

Private = pyspiel.PrivateInfoType
ALL_TYPES = [
    pyspiel.IIGObservationType(public_info=public, perfect_recall=recall, private_info=private)
    for public in (True, False)
    for recall in (True, False)
    for private in (Private.NONE, Private.SINGLE_PLAYER, Private.ALL_PLAYERS)
]
CASES = [
    ("moon", {}),
    ("moon", {"mode": "competitive", "players": 3}),
    ("moon-leap", {"players": 3}),
    ("moons", {"players": 3}),
    ("welcome-to-the-moon", {"players": 2}),
]


def _advance(state: MoonbaseState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _states(name: str, options: dict[str, object], count: int = 12) -> list[MoonbaseState]:
    game = load(name, **options)
    state = game.new_initial_state()
    rng = random.Random(7)
    states = [state.clone()]
    stride = max(9, game.max_game_length() // 30)  # spread over the game, not just the deal
    while len(states) < count and not state.is_terminal():
        _advance(state, rng, stride)
        states.append(state.clone())
    return states


@pytest.mark.parametrize(("name", "options"), CASES)
def test_default_tensor_is_the_encoders_observation(name: str, options: dict[str, object]) -> None:
    game = load(name, **options)
    assert name in encoder_names(), "every game has an observation encoder"
    encoder = encoder_for(game.moonbase)
    assert game.get_type().provides_observation_tensor
    assert game.observation_tensor_size() == encoder.size
    for state in _states(name, options):
        inner = moonbase_state(state)
        for player in range(game.num_players()):
            tensor = np.asarray(state.observation_tensor(player), np.float32)
            assert np.array_equal(tensor, encoder.observe(inner, player))
            assert tensor.min() >= 0.0 and tensor.max() <= 1.0


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("moon", {"mode": "competitive", "players": 3}),
        ("moons", {}),
        ("welcome-to-the-moon", {"players": 3}),
    ],
)
def test_tensor_pieces_follow_the_observation_type(name: str, options: dict[str, object]) -> None:
    game = load(name, **options)
    encoder = encoder_for(game.moonbase)
    seats = game.num_players()
    state = _states(name, options, 4)[-1]
    inner = moonbase_state(state)
    for kind in ALL_TYPES:
        observer = game.make_py_observer(kind)
        if kind.perfect_recall:
            assert observer.tensor is None and observer.dict == {}
            continue
        observer.set_from(state, 1)
        expected: dict[str, np.ndarray] = {}
        if kind.public_info:
            expected["public"] = encoder.public(inner)
        if kind.private_info == Private.SINGLE_PLAYER:
            expected["private"] = encoder.private(inner, 1)
        elif kind.private_info == Private.ALL_PLAYERS:
            expected["private"] = np.stack([encoder.private(inner, s) for s in range(seats)])
        assert sorted(observer.dict) == sorted(expected)
        for piece, values in expected.items():
            assert np.array_equal(observer.dict[piece], values)
        assert observer.tensor.size == sum(v.size for v in expected.values())


@pytest.mark.parametrize(("name", "options"), CASES)
def test_strings_follow_the_observation_type(name: str, options: dict[str, object]) -> None:
    game = load(name, **options)
    seats = game.num_players()
    observers = {
        (kind.public_info, kind.perfect_recall, kind.private_info): game.make_py_observer(kind)
        for kind in ALL_TYPES
    }
    for state in _states(name, options, 6):
        inner = moonbase_state(state)
        for player in range(seats):

            def text(
                public: bool,
                recall: bool,
                private: object,
                seat: int = player,
                state: MoonbaseState = state,
            ) -> str:
                return str(observers[(public, recall, private)].string_from(state, seat))

            public = json.loads(text(True, False, Private.NONE))
            assert public == inner.view(None)
            assert text(False, False, Private.NONE) == ""
            assert text(False, True, Private.NONE) == ""
            own = private_view(inner, player)
            single = text(False, False, Private.SINGLE_PLAYER)
            if own:
                head, _, body = single.partition(" {")
                assert head == f"seat {player}"
                assert json.loads("{" + body) == own
            else:
                assert single == ""
            assert text(True, False, Private.SINGLE_PLAYER).startswith(
                text(True, False, Private.NONE)
            )
            everyone = text(False, False, Private.ALL_PLAYERS)
            assert everyone == "\n".join(
                text(False, False, Private.SINGLE_PLAYER, seat)
                for seat in range(seats)
                if private_view(inner, seat)
            )
            # perfect recall: one history entry a line, as the seat saw it
            info = text(True, True, Private.SINGLE_PLAYER).split("\n")
            seen = inner.history_for(player)
            assert info[0] == f"seat {player} knows"
            assert len(info) == 1 + len(seen)
            for line, (actor, entry) in zip(info[1:], seen, strict=True):
                assert line.endswith(entry)
                assert line.startswith("chance" if actor == moonbase.CHANCE else f"seat {actor}")
            assert state.information_state_string(player) == "\n".join(info)
            assert state.observation_string(player) == text(True, False, Private.SINGLE_PLAYER)
            spectator = text(True, True, Private.NONE).split("\n") if inner.history else []
            assert len(spectator) == len(inner.history_for(None))
            # perfect recall, private only: the entries only this seat (or, all players: some
            # seat) saw, each with its index
            public_history = inner.history_for(None)
            for kind, lookers in (
                (Private.SINGLE_PLAYER, [player]),
                (Private.ALL_PLAYERS, range(seats)),
            ):
                lines = text(False, True, kind).split("\n") if inner.history else [""]
                known = [inner.history_for(seat) for seat in lookers]
                expected = [
                    index
                    for index, entry in enumerate(public_history)
                    if any(other[index] != entry for other in known)
                ]
                assert [int(line.split(" ")[0]) for line in lines if line] == expected


def test_perfect_information_has_nothing_private() -> None:
    game = load("moon-leap", players=3)
    observer = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, public_info=False)
    )
    for state in _states("moon-leap", {"players": 3}):
        for player in range(3):
            assert observer.string_from(state, player) == ""


def test_a_seat_never_sees_another_seats_hand() -> None:
    """Moons: what seat 0 is shown is the same in every world it cannot tell apart, while
    seat 1's hand differs between those worlds."""
    game = load("moons", players=3)
    state = _states("moons", {"players": 3}, 6)[-1]
    rng = random.Random(4)
    hands = set()
    for _ in range(5):
        world = state.resampled(0, rng)
        assert world.observation_string(0) == state.observation_string(0)
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.observation_tensor(0) == state.observation_tensor(0)
        hands.add(json.dumps(moonbase_state(world).view(1)["hand"]))
    assert len(hands) > 1
    assert game.get_type().provides_observation_tensor


@pytest.mark.parametrize(
    ("name", "options"), [("moons", {"players": 3}), ("welcome-to-the-moon", {"players": 3})]
)
def test_simultaneous_choices_stay_hidden_when_taken_in_turn(
    name: str, options: dict[str, object]
) -> None:
    """When several seats choose at once, OpenSpiel asks them in turn: whatever the first one
    chose, the next sees exactly the same observation and information state."""
    game = load(name, **options)
    state = game.new_initial_state()
    rng = random.Random(11)
    found = 0
    while not state.is_terminal() and found < 3:
        inner = moonbase_state(state)
        if len(inner.to_act) > 1:
            first, second = inner.to_act[0], inner.to_act[1]
            choices = state.legal_actions()
            assert len(choices) > 1
            shown = set()
            for action in (choices[0], choices[-1]):
                branch = state.child(action)
                assert branch.current_player() == second
                seen = [branch.observation_string(second), branch.information_state_string(second)]
                if game.get_type().provides_observation_tensor:
                    seen.append(str(branch.observation_tensor(second)))
                shown.add(tuple(seen))
            assert len(shown) == 1, f"seat {second} saw seat {first}'s choice"
            found += 1
        _advance(state, rng, 1)
    assert found > 0


def test_observer_rejects_parameters_and_bad_players() -> None:
    game = load("moons", players=3)
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False), {"x": 1})
    observer = game.make_py_observer()
    with pytest.raises(ValueError, match="seat 3 does not exist"):
        observer.string_from(game.new_initial_state(), 3)
