"""Every moonbase game as an OpenSpiel game: ``register()``, then ``pyspiel.load_game``.

:func:`register` adds ``python_moonbase_moon``, ``python_moonbase_moon_leap``,
``python_moonbase_moons`` and ``python_moonbase_welcome_to_the_moon`` to OpenSpiel's registry;
a game's options are its parameters (see :mod:`~moonbase.adapters.openspiel_parameters`).

- **Chance is explicit**: the state is dealt with ``game.new(seed, chance="explicit")``, so
  every shuffle, draw and roll is a chance node whose outcomes and probabilities are the
  state's ``chance_ids()``; the chance outcome ids are moonbase's.
- **Actions are moonbase's integer ids**: ``num_distinct_actions`` is ``game.num_actions``,
  ``max_chance_outcomes`` is ``game.num_chance_outcomes``, action strings are the canonical
  notation.
- **Simultaneous decisions are taken in turn** (OpenSpiel sees a sequential game): when several
  seats are to act, the lowest of them is the current player, then the next. Each seat's
  observation and information state come from its own view and masked history, which keep the
  choices made before it hidden until the rules reveal them.
- **Returns are terminal** and come from the winners (see :func:`returns_for`).
- The observer (:mod:`~moonbase.adapters.openspiel_observer`) honours ``IIGObservationType``;
  ``resample_from_infostate`` is moonbase's ``state.resample``.

>>> import pyspiel
>>> from moonbase.adapters.openspiel import register
>>> names = register()
>>> game = pyspiel.load_game("python_moonbase_moon_leap(players=3)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 14, 6)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), [probability for _, probability in state.chance_outcomes()][:2]
(True, [0.1666..., 0.1666...])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pyspiel  # type: ignore[import-not-found]

import moonbase
from moonbase.adapters.openspiel_parameters import (
    options_from_parameters,
    parameter_defaults,
    parameters_from_options,
)
from moonbase.core import CHANCE, Game, State

__all__ = [
    "PREFIX",
    "MoonbaseGame",
    "MoonbaseState",
    "game_type",
    "has_tensors",
    "load",
    "moonbase_state",
    "register",
    "returns_for",
    "short_name",
]

PREFIX = "python_moonbase_"
"""What every registered short name starts with."""

_GameType = pyspiel.GameType


def short_name(name: str) -> str:
    """The OpenSpiel short name of moonbase game ``name``.

    >>> short_name("welcome-to-the-moon")
    'python_moonbase_welcome_to_the_moon'
    """
    return PREFIX + name.replace("-", "_")


def _moonbase_name(short: str) -> str:
    for name in moonbase.games():
        if short_name(name) == short:
            return name
    raise ValueError(f"{short!r} is no moonbase game; allowed: {', '.join(_short_names())}")


def _short_names() -> list[str]:
    return [short_name(name) for name in moonbase.games()]


def _shares_result(game: Game) -> bool:
    """Whether the result is one seat's alone to win or lose (cooperative MOON, solo Welcome to
    the Moon): every game of several seats is a contest."""
    return game.seats == 1


def returns_for(game: Game, winners: list[int]) -> list[float]:
    """OpenSpiel returns of a finished game of ``game`` won by ``winners``.

    A game of one seat (cooperative MOON, solo Welcome to the Moon) returns 1 for a win and 0
    for a loss. Otherwise the game is zero-sum: the
    winners share ``n`` points and every seat pays 1, scaled by ``1 / (n - 1)`` — a lone
    winner gets 1, each loser ``-1 / (n - 1)``, a two-seat tie 0 each; nobody winning is 0
    for all.

    >>> import moonbase
    >>> returns_for(moonbase.load("moon-leap"), [1])
    [-1.0, 1.0]
    >>> returns_for(moonbase.load("moons", players=4), [0, 2])
    [0.3333333333333333, -0.3333333333333333, 0.3333333333333333, -0.3333333333333333]
    >>> returns_for(moonbase.load("moon"), [0]), returns_for(moonbase.load("moon"), [])
    ([1.0], [0.0])
    """
    seats = game.seats
    if _shares_result(game):
        return [1.0 if winners else 0.0] * seats
    if not winners:
        return [0.0] * seats
    share = seats / len(winners)
    return [((share if seat in winners else 0.0) - 1.0) / (seats - 1) for seat in range(seats)]


def _utility_bounds(game: Game) -> tuple[float, float, float | None]:
    """(min, max, sum) of :func:`returns_for` over every possible end."""
    if _shares_result(game):
        return 0.0, 1.0, None
    return -1.0 / (game.seats - 1), 1.0, 0.0


def _player_range(name: str) -> tuple[int, int]:
    """The fewest and most seats any options of game ``name`` give."""
    low = high = moonbase.load(name).seats
    for option in moonbase.load(name).option_specs:
        if option.name != "players":
            continue
        if option.choices is not None:
            counts = [int(choice) for choice in option.choices]
            low, high = min(counts), max(counts)
        else:
            low = int(option.minimum) if option.minimum is not None else low
            high = int(option.maximum) if option.maximum is not None else high
    return low, high


def game_type(game: Game) -> Any:
    """The honest ``pyspiel.GameType`` of ``game`` with its options.

    Sequential dynamics (simultaneous decisions are taken in turn), explicit chance,
    imperfect information wherever some seat can be ignorant of part of the state (hidden
    cards, face-down goals, other seats' unrevealed choices), identical utilities for one
    seat and zero-sum for several, terminal rewards.

    >>> import moonbase
    >>> kind = game_type(moonbase.load("moons"))
    >>> kind.information, kind.utility
    (<Information.IMPERFECT_INFORMATION: 2>, <Utility.ZERO_SUM: 0>)
    >>> kind.chance_mode, kind.reward_model
    (<ChanceMode.EXPLICIT_STOCHASTIC: 1>, <RewardModel.TERMINAL: 1>)
    >>> game_type(moonbase.load("moon-leap")).information
    <Information.PERFECT_INFORMATION: 1>
    """
    low, high = _player_range(game.name)
    if game.has_hidden_information:
        information = _GameType.Information.IMPERFECT_INFORMATION
    else:
        information = _GameType.Information.PERFECT_INFORMATION
    if game.num_chance_outcomes:
        chance = _GameType.ChanceMode.EXPLICIT_STOCHASTIC
    else:
        chance = _GameType.ChanceMode.DETERMINISTIC
    shared = _shares_result(game)
    utility = _GameType.Utility.IDENTICAL if shared else _GameType.Utility.ZERO_SUM
    return _GameType(
        short_name=short_name(game.name),
        long_name=f"moonbase {game.title}",
        dynamics=_GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=information,
        utility=utility,
        reward_model=_GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=has_tensors(game),
        parameter_specification=parameter_defaults(game),
        default_loadable=True,
        provides_factored_observation_string=True,
    )


def has_tensors(game: Game) -> bool:
    """Whether observation tensors are offered: where the game has an observation encoder.

    >>> import moonbase
    >>> has_tensors(moonbase.load("moon-leap"))
    True
    """
    from moonbase.adapters.observations import encoder_names

    return game.name in encoder_names()


def _game_info(game: Game) -> Any:
    low, high, total = _utility_bounds(game)
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_actions,
        max_chance_outcomes=game.num_chance_outcomes,
        num_players=game.seats,
        min_utility=low,
        max_utility=high,
        utility_sum=total,
        max_game_length=game.max_history,
    )


class MoonbaseGame(pyspiel.Game):  # type: ignore[misc]
    """A moonbase game with its options as an OpenSpiel game (made by ``pyspiel.load_game``
    once :func:`register` has run, or by :func:`load`)."""

    moonbase_name: str = ""
    """The moonbase game's registry name (each registered game is a subclass that sets it)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.moonbase_name
        if not name:
            raise TypeError("MoonbaseGame is made through a game's subclass: use load()")
        template = moonbase.load(name)
        self.moonbase = moonbase.load(name, **options_from_parameters(template, params or {}))
        """The moonbase :class:`~moonbase.Game` played."""
        # Lists given with commas (a parameter dict allows them) are kept with "+", so that
        # the game string OpenSpiel writes (saves included) reads back.
        given = parameters_from_options(template, dict(params or {}))
        full = {**parameter_defaults(template), **given}
        super().__init__(game_type(self.moonbase), _game_info(self.moonbase), full)
        self._encoder: Any = None

    @property
    def encoder(self) -> Any:
        """The observation encoder of this game (from :mod:`moonbase.adapters.observations`),
        made on first use."""
        if self._encoder is None:
            from moonbase.adapters.observations import encoder_for

            self._encoder = encoder_for(self.moonbase)
        return self._encoder

    def new_initial_state(self) -> MoonbaseState:
        """A new game at its first chance node."""
        return MoonbaseState(self)

    def max_chance_nodes_in_history(self) -> int:
        """A bound on the chance nodes of one game (moonbase bounds the whole history)."""
        return self.moonbase.max_history

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """An observer of the requested ``IIGObservationType`` (see
        :class:`~moonbase.adapters.openspiel_observer.MoonbaseObserver`)."""
        from moonbase.adapters.openspiel_observer import MoonbaseObserver

        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return MoonbaseObserver(self, iig_obs_type, params)


class _Held:
    """The moonbase state inside an OpenSpiel state. OpenSpiel copies a Python state by deep
    copying its attributes: this one copies as a moonbase clone (sharing the rules tables) and
    pickles as a moonbase save."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple[Callable[[str], _Held], tuple[str]]:
        return _held_from_json, (self.state.to_json(),)


def _held_from_json(data: str) -> _Held:
    return _Held(moonbase.from_json(data))


class MoonbaseState(pyspiel.State):  # type: ignore[misc]
    """One moonbase game in progress, as an OpenSpiel state (explicit chance)."""

    def __init__(self, game: MoonbaseGame) -> None:
        super().__init__(game)
        self._held = _Held(game.moonbase.new(seed=0, chance="explicit"))

    @property
    def moonbase(self) -> State:
        """The moonbase :class:`~moonbase.State` inside (the whole truth: show a seat only
        its ``view``)."""
        return self._held.state

    def current_player(self) -> int:
        """The lowest seat to act, ``CHANCE`` at a chance node, ``TERMINAL`` once over."""
        actors = self._held.state.to_act
        if not actors:
            return int(pyspiel.PlayerId.TERMINAL)
        if actors[0] == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return actors[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        actors = state.to_act
        if not actors or actors[0] != player:
            return []
        return state.legal_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome id with its probability."""
        return self._held.state.chance_ids()

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        state.apply_id(state.to_act[0], int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._held.state.game
        if player == pyspiel.PlayerId.CHANCE:
            return game.chance_text(action)
        return game.action_text(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._held.state.is_over

    def returns(self) -> list[float]:
        """:func:`returns_for` at the end, zeros before."""
        state = self._held.state
        if not state.is_over:
            return [0.0] * state.game.seats
        return returns_for(state.game, state.winners())

    def rewards(self) -> list[float]:
        """Rewards come only at the end (the terminal reward model): the returns."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MoonbaseState:
        """A state ``player_id`` cannot tell apart from this one, hidden information redrawn by
        moonbase's ``state.resample`` from a generator seeded by two draws of
        ``probability_sampler`` (a callable giving numbers in [0, 1)).

        The new state is rebuilt by replaying the resampled history, so its OpenSpiel history
        holds the redrawn outcomes, never the real ones. (OpenSpiel's IS-MCTS passes a new
        sampler seeded by the clock each time: for repeatable searches see
        :func:`~moonbase.adapters.openspiel_bots.resampler`.)
        """
        high = int(probability_sampler() * (1 << 32))
        low = int(probability_sampler() * (1 << 32))
        return self.resampled(player_id, random.Random((high << 32) | low))

    def resampled(self, player_id: int, rng: random.Random) -> MoonbaseState:
        """:meth:`resample_from_infostate` with a Python generator."""
        other = self._held.state.resample(player_id, rng)
        rebuilt = MoonbaseState(self.get_game())
        for _, action in other.history_ids:
            rebuilt.apply_action(action)
        return rebuilt

    def __str__(self) -> str:
        return str(self._held.state)


def moonbase_state(state: Any) -> State:
    """The moonbase state inside an OpenSpiel state of a moonbase game.

    Raises ``TypeError`` for a state of another game.
    """
    if not isinstance(state, MoonbaseState):
        raise TypeError(
            f"{type(state).__name__} is not a moonbase OpenSpiel state; expected one from "
            f"a game {PREFIX}… (call register() and pyspiel.load_game)"
        )
    return state.moonbase


_CLASSES: dict[str, type[MoonbaseGame]] = {}


def _game_class(name: str) -> type[MoonbaseGame]:
    """The :class:`MoonbaseGame` subclass OpenSpiel makes game ``name`` with. (OpenSpiel keeps
    the creator it is given until the interpreter is gone: a class outlives that safely, a
    closure does not.)"""
    cls = _CLASSES.get(name)
    if cls is None:
        title = "".join(part.title() for part in name.split("-"))
        cls = _CLASSES[name] = type(f"{title}Game", (MoonbaseGame,), {"moonbase_name": name})
    return cls


def register() -> list[str]:
    """Register every moonbase game with OpenSpiel (again is harmless); return the short
    names.

    >>> register()   # doctest: +NORMALIZE_WHITESPACE
    ['python_moonbase_moon', 'python_moonbase_moon_leap', 'python_moonbase_moons',
     'python_moonbase_welcome_to_the_moon']
    """
    known = set(pyspiel.registered_names())
    for name in moonbase.games():
        if short_name(name) not in known:
            pyspiel.register_game(game_type(moonbase.load(name)), _game_class(name))
    return _short_names()


def load(name: str, **options: object) -> MoonbaseGame:
    """The OpenSpiel game of moonbase game ``name`` (``"moon-leap"`` or
    ``"python_moonbase_moon_leap"``) with ``options`` as moonbase takes them (lists with commas).

    >>> load("moon", mode="competitive", players=3).num_players()
    3
    """
    register()
    if name.startswith(PREFIX):
        name = _moonbase_name(name)
    params = parameters_from_options(moonbase.load(name), options)
    game: MoonbaseGame = pyspiel.load_game(short_name(name), params)
    return game
