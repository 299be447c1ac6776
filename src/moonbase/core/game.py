"""The protocol every moonbase game implements: :class:`Game` and :class:`State`.

A :class:`Game` is a rule set with its options fixed; :meth:`Game.new` deals a :class:`State`.
The state is the one mutable object: seats act on it with :meth:`State.apply`, and everything
that leaves it for a seat goes through :meth:`State.view` or :meth:`State.resample`.

A game package subclasses both and fills in the hooks whose names start with an underscore:
``_actors``, ``_legal``, ``_chance_weights``, ``_do``, ``_snapshot``, ``_view``, ``_redraw``,
``_copy_into``, ``_scores``, ``_winners`` and ``_render`` (and ``_masked`` where some history is
hidden). This base class does the rest once for every game: validating seats and actions,
keeping the history, resolving chance in auto mode, cloning, saving and loading, and comparing
states.

>>> import moonbase
>>> state = moonbase.load("moon").new(seed=7)
>>> state.to_act
(0,)
>>> state.apply(0, "inc b")   # parsing is lenient, the history is canonical
>>> state.history[-1]
(0, 'INC B')
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Self, TypeVar

from moonbase.core.chance import CHANCE, pick_weighted
from moonbase.core.errors import IllegalAction, InvalidOption
from moonbase.core.options import Option, OptionValue, resolve_options

__all__ = ["ChanceMode", "Game", "State"]

ChanceMode = Literal["auto", "explicit"]
_T = TypeVar("_T")
_MAX_LISTED = 24


class Game(ABC):
    """A game with its options fixed. Subclasses set the class attributes and the hooks.

    ``presets`` name option sets worth playing (and testing): the conformance harness runs every
    one of them.
    """

    name: ClassVar[str]
    """The registry name, e.g. ``"moon"``."""
    title: ClassVar[str]
    """The printed title, e.g. ``"MOON"``."""
    option_specs: ClassVar[tuple[Option, ...]]
    """Every option the game accepts."""
    presets: ClassVar[Mapping[str, Mapping[str, object]]]
    """Named option sets, e.g. ``{"coop-easy": {"difficulty": "easy"}}``."""

    def __init__(self, **options: object) -> None:
        resolved = resolve_options(self.option_specs, options)
        self.options: dict[str, OptionValue] = self._complete_options(resolved, set(options))

    def _complete_options(
        self, options: dict[str, OptionValue], given: set[str]
    ) -> dict[str, OptionValue]:
        """Fill in defaults that depend on other options and check combinations (a hook)."""
        return options

    @property
    @abstractmethod
    def seats(self) -> int:
        """How many seats play."""

    @property
    @abstractmethod
    def max_history(self) -> int:
        """A bound on the length of any game's history (chance outcomes included)."""

    @property
    def has_hidden_information(self) -> bool:
        """Whether some seat can be ignorant of part of the state (beyond future chance)."""
        return True

    @abstractmethod
    def _new_state(self, seed: int, explicit: bool) -> State:
        """Deal a state (a hook): set the fields, leave chance unresolved."""

    def new(self, seed: int = 0, chance: ChanceMode = "auto") -> State:
        """Start a game. ``chance="explicit"`` exposes chance nodes to the caller.

        >>> import moonbase
        >>> moonbase.load("moon").new(seed=1, chance="explicit").to_act == (moonbase.CHANCE,)
        True
        """
        if chance not in ("auto", "explicit"):
            raise InvalidOption(f"chance {chance!r} is not allowed; allowed: auto, explicit")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOption(f"seed {seed!r} is not allowed; allowed: a whole number")
        state = self._new_state(seed, chance == "explicit")
        state._settle()
        return state

    def option(self, name: str, kind: type[_T]) -> _T:
        """The value of option ``name``, checked to be of ``kind`` (for typed code).

        >>> import moonbase
        >>> moonbase.load("moon", width=5).option("width", int)
        5
        """
        value = self.options[name]
        if not isinstance(value, kind):
            raise TypeError(f"option {name!r} is {value!r}, not {kind.__name__}")
        return value

    def saved_options(self) -> dict[str, Any]:
        """The options as JSON data that recreate this game exactly (what a save stores).

        A game whose options point outside the save (a board file) overrides this to inline it.
        """
        return {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in self.options.items()
        }

    def option_args(self) -> str:
        """The options as keyword arguments that :func:`moonbase.load` accepts."""
        parts = []
        for key, value in self.options.items():
            shown = ",".join(value) if isinstance(value, tuple) else value
            parts.append(f"{key}={shown!r}")
        return ", ".join(parts)

    def __repr__(self) -> str:
        args = self.option_args()
        return f"moonbase.load({self.name!r}{', ' if args else ''}{args})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and self.name == other.name
            and self.saved_options() == other.saved_options()
        )

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(self.saved_options(), sort_keys=True)))


class State(ABC):
    """One game in progress. See the module docstring for the hooks a game fills in."""

    def __init__(self, game: Game, seed: int, explicit: bool) -> None:
        self.game = game
        self._seed = seed
        self._explicit = explicit
        self._history: list[tuple[int, str]] = []
        self._chance_count = 0
        self._legal_cache: dict[int, list[str]] = {}

    # ----------------------------------------------------------------- hooks for games
    @abstractmethod
    def _actors(self) -> tuple[int, ...]:
        """Seats that may act now; ``(CHANCE,)`` at a chance node; ``()`` once over."""

    @abstractmethod
    def _legal(self, seat: int) -> list[str]:
        """Legal actions of an acting seat, canonical, sorted and unique."""

    @abstractmethod
    def _chance_weights(self) -> list[tuple[str, int]]:
        """At a chance node: each outcome with a positive integer weight."""

    @abstractmethod
    def _do(self, seat: int, action: str) -> None:
        """Carry out a legal, canonical action (or chance outcome for ``CHANCE``)."""

    @abstractmethod
    def _snapshot(self) -> dict[str, Any]:
        """Every field of the game state as JSON-safe data (for equality and tests)."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator)."""

    @abstractmethod
    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        """Redraw what ``seat`` cannot know, rewriting the hidden chance outcomes in history."""

    @abstractmethod
    def _copy_into(self, other: Self) -> None:
        """Give ``other`` (a shallow copy) its own copies of every mutable field."""

    @abstractmethod
    def _scores(self) -> list[float]:
        """Score per seat now."""

    @abstractmethod
    def _winners(self) -> list[int]:
        """Winning seats at the end."""

    @abstractmethod
    def _render(self) -> str:
        """A readable text picture of the whole state."""

    def _masked(self, seat: int | None) -> Mapping[int, str]:
        """The history entries ``seat`` cannot know now, by index, each with the text ``seat``
        is shown instead (a hook; a game without hidden history keeps the default, nothing).

        A masked text keeps what the seat did see and writes ``?`` for each hidden part
        (``DRAW 2 7 ?``: the number seen, the card's back not), or is ``?`` alone. Every entry
        :meth:`_redraw` may rewrite must be masked here.
        """
        return {}

    def _canonical(self, action: str) -> str:
        """Normalise an action's spelling (a hook): upper case, single spaces."""
        return " ".join(action.upper().split())

    def _is_legal(self, seat: int, action: str) -> bool:
        """Whether a canonical action is legal for an acting seat (a hook a game may speed up)."""
        return action in self.legal_actions(seat)

    def _why_illegal(self, seat: int, action: str) -> str:
        """A game-specific reason an action is illegal (a hook); empty when none is known."""
        return ""

    # ----------------------------------------------------------------- the public protocol
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now: ``(CHANCE,)`` at an explicit chance node, ``()`` once over."""
        return self._actors()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return not self._actors()

    @property
    def is_chance(self) -> bool:
        """Whether the state waits for a chance outcome (explicit chance mode only)."""
        return self._actors() == (CHANCE,)

    @property
    def history(self) -> list[tuple[int, str]]:
        """Every action so far as ``(seat, action)``; chance outcomes have seat ``CHANCE``."""
        return list(self._history)

    def history_for(self, seat: int | None) -> list[tuple[int, str]]:
        """The history as ``seat`` knows it (``None``: a spectator): every entry it cannot
        know is masked, its hidden parts written ``?``. A resample has the same one.

        >>> import moonbase
        >>> state = moonbase.load("moon-leap").new(seed=5)
        >>> state.history_for(1) == state.history   # nothing is hidden in Moon Leap
        True
        """
        self.view(seat)  # validates the seat
        masked = self._masked(seat)
        if not masked:
            return list(self._history)
        return [
            (actor, masked.get(index, action))
            for index, (actor, action) in enumerate(self._history)
        ]

    @property
    def seed(self) -> int:
        """The seed that resolves chance in auto mode."""
        return self._seed

    @property
    def chance_mode(self) -> ChanceMode:
        """``"auto"`` or ``"explicit"``."""
        return "explicit" if self._explicit else "auto"

    def legal_actions(self, seat: int) -> list[str]:
        """Legal actions of ``seat``: canonical, sorted, unique; ``[]`` if it may not act."""
        if seat == CHANCE or seat not in self._actors():
            return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = self._legal(seat)
        return list(cached)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """At a chance node, each outcome with its probability; ``[]`` elsewhere."""
        if self._actors() != (CHANCE,):
            return []
        weights = self._chance_weights()
        total = sum(weight for _, weight in weights)
        return [(outcome, weight / total) for outcome, weight in weights]

    def apply(self, seat: int, action: str) -> None:
        """Carry out ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing."""
        actors = self._actors()
        if not isinstance(action, str):
            raise IllegalAction(f"an action is text, not {type(action).__name__}")
        if not actors:
            raise IllegalAction("the game is over: no action is allowed")
        if seat not in actors:
            raise IllegalAction(f"{_seat_name(seat)} may not act now; to act: {_seats(actors)}")
        canonical = self._canonical(action)
        if seat == CHANCE:
            legal = any(outcome == canonical for outcome, _ in self._chance_weights())
        else:
            legal = self._is_legal(seat, canonical)
        if not legal:
            if seat == CHANCE:
                allowed = [outcome for outcome, _ in self._chance_weights()]
            else:
                allowed = self.legal_actions(seat)
            reason = self._why_illegal(seat, canonical)
            raise IllegalAction(
                f"{action.strip()!r} is not legal for {_seat_name(seat)} now"
                + (f": {reason}" if reason else "")
                + f"; allowed: {_listing(allowed)}"
            )
        self._history.append((seat, canonical))
        if seat == CHANCE:
            self._chance_count += 1
        self._legal_cache.clear()
        self._do(seat, canonical)
        self._settle()

    def _settle(self) -> None:
        """Resolve chance nodes from the seed while in auto mode."""
        self._legal_cache.clear()
        if self._explicit:
            return
        while self._actors() == (CHANCE,):
            outcome = pick_weighted(self._chance_weights(), self._seed, self._chance_count)
            self._history.append((CHANCE, outcome))
            self._chance_count += 1
            self._do(CHANCE, outcome)
        self._legal_cache.clear()

    def scores(self) -> list[float]:
        """Score per seat (at the end: the final score)."""
        return self._scores()

    def winners(self) -> list[int]:
        """Winning seats once the game is over (a tie shares the win); ``[]`` before."""
        return self._winners() if self.is_over else []

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-safe dict of exactly what ``seat`` may know (``None``: a spectator)."""
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.seats
        ):
            raise ValueError(
                f"seat {seat!r} does not exist; seats: 0 to {self.game.seats - 1}, "
                "or None for a spectator"
            )
        return self._view(seat)

    def clone(self) -> Self:
        """An equal, independent copy."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        # The cached lists are never handed out or changed, so the copy may share them.
        other._legal_cache = dict(self._legal_cache)
        self._copy_into(other)
        return other

    def resample(self, seat: int | None, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell apart from this one, with hidden information redrawn.

        Cards the seat has not seen are dealt again from ``rng``, the history's hidden chance
        outcomes are rewritten to match, and future chance gets a new seed, so a bot that
        searches the returned state learns nothing it could not know.
        """
        self.view(seat)  # validates the seat
        other = self.clone()
        other._redraw(seat, rng)
        other._seed = rng.getrandbits(63)
        other._legal_cache = {}
        return other

    def _rewrite_chance(self, index: int, outcome: str) -> None:
        """Replace the chance outcome at history ``index`` (for :meth:`_redraw`)."""
        self._rewrite_history(index, CHANCE, outcome)

    def _rewrite_history(self, index: int, seat: int, action: str) -> None:
        """Replace the action of ``seat`` at history ``index`` (for :meth:`_redraw`: a hidden
        chance outcome, or another seat's choice that is not revealed yet)."""
        assert self._history[index][0] == seat, "a rewrite keeps who acted"
        self._history[index] = (seat, action)

    def to_json(self) -> str:
        """This state as JSON text: options, seed, chance mode and history, with a checksum."""
        from moonbase.core.saves import encode

        return encode(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            self.game == other.game
            and self._seed == other._seed
            and self._explicit == other._explicit
            and self._history == other._history
            and self._snapshot() == other._snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # a mutable object

    def __str__(self) -> str:
        return self._render()

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to act {_seats(self._actors())}"
        return (
            f"<{self.game.title} state: {len(self._history)} actions, {status}; "
            f"seed={self._seed}, chance={self.chance_mode!r}>"
        )

    def summary(self) -> str:
        """The snapshot as compact JSON (handy in test failures)."""
        return json.dumps(self._snapshot(), sort_keys=True)


def _seat_name(seat: int) -> str:
    return "chance" if seat == CHANCE else f"seat {seat}"


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(_seat_name(seat) for seat in seats) or "nobody"


def _listing(actions: list[str]) -> str:
    if not actions:
        return "nothing"
    if len(actions) <= _MAX_LISTED:
        return ", ".join(actions)
    return ", ".join(actions[:_MAX_LISTED]) + f", … ({len(actions)} in all)"
