"""The protocol every moonbase game implements: :class:`Game` and :class:`State`.

A :class:`Game` is a rule set with its options fixed; :meth:`Game.new` deals a :class:`State`.
The state is the one mutable object: seats act on it with :meth:`State.apply`, and everything
that leaves it for a seat goes through :meth:`State.view`, :meth:`State.history_for` or
:meth:`State.resample`.

Inside, the engine speaks integers. Every game has a fixed, numbered action universe for its
options (:attr:`Game.num_actions`; :meth:`Game.action_text` and :meth:`Game.action_id` convert)
and a numbered universe of chance outcomes. The history is stored as ids and written as text
only when asked for. Text is parsed once, at the edge (:meth:`State.apply`); the rules see ids
(:meth:`State.apply_id`, :meth:`State.legal_ids`).

A game package subclasses both and fills in the hooks whose names start with an underscore.
The game: ``_new_state``, ``_action_texts``, ``_chance_texts`` and ``_canonical`` (and
``_unknown``, what a text that is no action gets told). The state: ``FIELDS`` (its fields,
declared once), ``_actors``, ``_legal_ids`` (the one legality function), ``_chance_weights``,
``_do``, ``_view``, ``_redraw``, ``_scores``, ``_winners`` and ``_render`` (and ``_masked`` where
some history is hidden, ``_asking`` for what a seat is asked to decide, ``_chance_table`` for a
game that keeps its chance tables, ``KEEPS_LEGAL_LISTS`` for one whose legal lists come from a
memo). A game that resolves several chance events at once in auto mode (a whole deal) hashes
them with ``_chance_words`` and records them with ``_record_chance``; one that draws an outcome
itself reads its event's hash with ``_chance_word``. Auto-mode chance is hashed a block of
events ahead: a fraction of the work of hashing each event alone.
This base class does the rest once for every game: validating seats and actions, keeping the
history, resolving chance in auto mode, cloning, saving and loading, and comparing states.

>>> import moonbase
>>> state = moonbase.load("moon").new(seed=7)
>>> state.to_act
(0,)
>>> state.apply(0, "inc b")   # parsing is lenient, the history is canonical
>>> state.history[-1]
(0, 'INC B')
>>> state.game.action_text(state.legal_ids(0)[0]) == state.legal_actions(0)[0]
True
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Self

from moonbase.core.actions import ActionSpace
from moonbase.core.chance import CHANCE, ChanceTable, hash_words
from moonbase.core.errors import IllegalAction, InvalidOption
from moonbase.core.fields import Copy, copy_value, snapshot_value
from moonbase.core.options import Option, OptionValue, resolve_options
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    ViewT = TypeVar("ViewT", bound=Mapping[str, Any], default=dict[str, Any])
else:
    from typing import TypeVar

    ViewT = TypeVar("ViewT")

__all__ = ["ChanceMode", "Game", "State"]

ChanceMode = Literal["auto", "explicit"]
_T = TypeVar("_T")
_MAX_LISTED = 24
_SEAT_BITS = 4
_SEAT_MASK = (1 << _SEAT_BITS) - 1
_CHANCE_TAG = CHANCE + 1
"""The seat part of a chance outcome's history entry."""
_SPACES: dict[tuple[str, str, str], ActionSpace] = {}
_CHANCE_ONLY = (CHANCE,)
_NO_WORDS = array("Q")
_WORDS_AHEAD = 32
"""How many chance events' hash words an auto-mode state draws at once."""
_FIRST_WORDS = 8
"""The first block's size (a game may end after a few chance events)."""


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
    SAVED_DEFAULTS: ClassVar[Mapping[str, object]] = {}
    """Options added after games were saved (and tables stored), each with the value the rules
    had before it existed: what a save that does not name it was played with
    (:func:`~moonbase.core.registry.load_saved`)."""

    def __init__(self, /, **options: object) -> None:
        resolved = resolve_options(self.option_specs, options)
        self.options: dict[str, OptionValue] = self._complete_options(resolved, set(options))
        self._actions: ActionSpace | None = None
        self._outcomes: ActionSpace | None = None

    def _complete_options(
        self, options: dict[str, OptionValue], given: set[str]
    ) -> dict[str, OptionValue]:
        """Fill in defaults that depend on other options and check combinations (a hook)."""
        return options

    # ----------------------------------------------------------------- hooks for games
    @abstractmethod
    def _new_state(self, seed: int, explicit: bool) -> State[Any]:
        """Deal a state (a hook): set the fields, leave chance unresolved."""

    @abstractmethod
    def _action_texts(self) -> Iterable[str]:
        """Every action any seat can ever take with these options, canonical (a hook)."""

    @abstractmethod
    def _chance_texts(self) -> Iterable[str]:
        """Every chance outcome these options can ever have, canonical (a hook)."""

    def _canonical(self, text: str) -> str:
        """Normalise an action's spelling (a hook): upper case, single spaces."""
        return " ".join(text.upper().split())

    def _unknown(self, canonical: str) -> str:
        """Why a text is no action of this game, in a few words (a hook: e.g. the form
        actions take); empty when there is nothing better to say than that."""
        return ""

    # ----------------------------------------------------------------- the action universe
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

    @property
    def actions(self) -> ActionSpace:
        """The numbered decisions of this game and its options (built once, then shared)."""
        if self._actions is None:
            self._actions = self._space("actions", self._action_texts)
        return self._actions

    @property
    def outcomes(self) -> ActionSpace:
        """The numbered chance outcomes of this game and its options."""
        if self._outcomes is None:
            self._outcomes = self._space("outcomes", self._chance_texts)
        return self._outcomes

    def _space(self, kind: str, texts: Any) -> ActionSpace:
        key = (self.name, json.dumps(self.saved_options(), sort_keys=True), kind)
        space = _SPACES.get(key)
        if space is None:
            space = _SPACES[key] = ActionSpace(texts())
        return space

    @property
    def num_actions(self) -> int:
        """The size of the action universe: ids run from 0 to ``num_actions - 1``.

        >>> import moonbase
        >>> moonbase.load("moon-leap").num_actions
        14
        """
        return len(self.actions)

    @property
    def num_chance_outcomes(self) -> int:
        """The size of the chance-outcome universe.

        >>> import moonbase
        >>> moonbase.load("moon-leap").num_chance_outcomes
        6
        """
        return len(self.outcomes)

    def action_text(self, action_id: int) -> str:
        """The canonical notation of action ``action_id``.

        >>> import moonbase
        >>> game = moonbase.load("moon-leap")
        >>> game.action_text(game.action_id("move 1 + 4"))
        'MOVE 1+4'
        """
        return self.actions.texts[self._checked_id(action_id, self.actions, "action")]

    def chance_text(self, outcome_id: int) -> str:
        """The canonical notation of chance outcome ``outcome_id``."""
        return self.outcomes.texts[self._checked_id(outcome_id, self.outcomes, "chance outcome")]

    def action_id(self, text: str) -> int:
        """The id of an action typed in any accepted spelling, or :class:`IllegalAction`
        naming what is wrong."""
        return self._parse(text, self.actions)

    def chance_id(self, text: str) -> int:
        """The id of a chance outcome typed in any accepted spelling."""
        return self._parse(text, self.outcomes)

    def _parse(self, text: str, space: ActionSpace) -> int:
        if not isinstance(text, str):
            raise IllegalAction(
                f"an action is text, not {type(text).__name__}", "an action is text"
            )
        found = space.get(text)  # most callers pass canonical text: no need to respell it
        if found is not None:
            return found
        canonical = self._canonical(text)
        found = space.get(canonical)
        if found is None:
            detail = self._unknown(canonical)
            if detail:
                reason = _("{text} is not an action of {game} ({detail})").format(
                    text=repr(text.strip()), game=self.title, detail=detail
                )
            else:
                reason = _("{text} is not an action of {game}").format(
                    text=repr(text.strip()), game=self.title
                )
            raise IllegalAction(reason, reason)
        return found

    def _checked_id(self, number: int, space: ActionSpace, what: str) -> int:
        if isinstance(number, bool) or not isinstance(number, int):
            raise IllegalAction(
                f"{_article(what)} {what} id is a whole number, not {type(number).__name__}",
                f"{_article(what)} {what} id is a whole number",
            )
        if not 0 <= number < len(space):
            reason = f"{what} id {number} does not exist; ids run from 0 to {len(space) - 1}"
            raise IllegalAction(reason, reason)
        return number

    # ----------------------------------------------------------------- starting a game
    def new(self, seed: int = 0, chance: ChanceMode = "auto") -> State[Any]:
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


class State(ABC, Generic[ViewT]):
    """One game in progress. See the module docstring for the hooks a game fills in."""

    # The core's own fields live in slots, so a game's fields alone fill the instance dict
    # (small enough for the interpreter to share its keys among states: half the memory).
    __slots__ = (
        "__dict__",
        "_chance_count",
        "_explicit",
        "_history",
        "_legal_cache",
        "_outcome_space",
        "_seed",
        "_space",
        "_turn",
        "_words",
        "_words_from",
        "game",
    )

    FIELDS: ClassVar[Mapping[str, Copy]] = {}
    """Every field of the game's state, with how a clone copies it (a game's declaration)."""

    KEEPS_LEGAL_LISTS: ClassVar[bool] = False
    """Whether ``_legal_ids`` returns lists the game keeps and never changes (a legality memo
    shared by its states), never a new one: their texts are then kept too (a game's
    declaration; :meth:`legal_actions` copies them instead of spelling every id)."""

    def __init__(self, game: Game, seed: int, explicit: bool) -> None:
        self.game = game
        self._seed = seed
        self._explicit = explicit
        # Each entry is one int: the action (or outcome) id above the seat + 1 in four bits.
        self._history = array("q")
        self._chance_count = 0
        self._legal_cache: dict[int, list[int]] = {}
        self._turn: tuple[int, ...] | None = None
        self._space = game.actions
        self._outcome_space = game.outcomes
        self._words: array[int] = _NO_WORDS
        """The hash words of the chance events from :attr:`_words_from` on, drawn ahead."""
        self._words_from = 0

    # ----------------------------------------------------------------- hooks for games
    @abstractmethod
    def _actors(self) -> tuple[int, ...]:
        """Seats that may act now; ``(CHANCE,)`` at a chance node; ``()`` once over."""

    @abstractmethod
    def _legal_ids(self, seat: int) -> list[int]:
        """The ids of an acting seat's legal actions, ascending and unique: the one place
        the game decides legality."""

    @abstractmethod
    def _chance_weights(self) -> list[tuple[int, int]]:
        """At a chance node: each outcome id with a positive integer weight."""

    @abstractmethod
    def _do(self, seat: int, action: int) -> None:
        """Carry out a legal action id (or chance outcome id for ``CHANCE``)."""

    @abstractmethod
    def _view(self, seat: int | None) -> ViewT:
        """What ``seat`` may know (``None``: a spectator)."""

    @abstractmethod
    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        """Redraw what ``seat`` cannot know, rewriting the hidden chance outcomes in history."""

    @abstractmethod
    def _scores(self) -> list[float]:
        """Score per seat now."""

    @abstractmethod
    def _winners(self) -> list[int]:
        """Winning seats at the end."""

    @abstractmethod
    def _render(self) -> str:
        """A readable text picture of the whole state."""

    def _chance_table(self) -> ChanceTable:
        """At a chance node: its outcomes as a :class:`ChanceTable` (a hook; the default sums
        :meth:`_chance_weights` at every draw, and a game whose chance nodes repeat, or whose
        deck loses one card at a time, keeps its tables instead)."""
        return ChanceTable(self._chance_weights())

    def _masked(self, seat: int | None) -> Mapping[int, str]:
        """The history entries ``seat`` cannot know now, by index, each with the text ``seat``
        is shown instead (a hook; a game without hidden history keeps the default, nothing).

        A masked text keeps what the seat did see and writes ``?`` for each hidden part
        (``DRAW 2 7 ?``: the number seen, the card's back not), or is ``?`` alone. Every entry
        :meth:`_redraw` may rewrite must be masked here.
        """
        return {}

    def _asking(self, seat: int) -> str:
        """What ``seat`` is asked to decide now, in a few words (a hook, for the message of
        an illegal action: ``"choose which error to repair first"``); empty when plain."""
        return ""

    # ----------------------------------------------------------------- the public protocol
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now: ``(CHANCE,)`` at an explicit chance node, ``()`` once over."""
        turn = self._turn
        if turn is None:
            turn = self._turn = self._actors()
        return turn

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        turn = self._turn
        if turn is None:
            turn = self._turn = self._actors()
        return not turn

    @property
    def is_chance(self) -> bool:
        """Whether the state waits for a chance outcome (explicit chance mode only)."""
        return self.to_act == (CHANCE,)

    @property
    def history(self) -> list[tuple[int, str]]:
        """Every action so far as ``(seat, action)``; chance outcomes have seat ``CHANCE``."""
        return [self._entry_text(code) for code in self._history]

    @property
    def history_ids(self) -> list[tuple[int, int]]:
        """Every action so far as ``(seat, id)``; chance outcomes have seat ``CHANCE`` and a
        chance outcome id."""
        return [((code & _SEAT_MASK) - 1, code >> _SEAT_BITS) for code in self._history]

    @property
    def chance_count(self) -> int:
        """How many chance events have happened: the chance entries of the history, and the
        index of the next chance event an auto-mode state draws from its seed.

        >>> import moonbase
        >>> state = moonbase.load("moon-leap").new(seed=1)
        >>> state.chance_count == sum(1 for seat, _ in state.history_ids if seat == moonbase.CHANCE)
        True
        """
        return self._chance_count

    def _entry_text(self, code: int) -> tuple[int, str]:
        seat = (code & _SEAT_MASK) - 1
        texts = (self._outcome_space if seat == CHANCE else self._space).texts
        return seat, texts[code >> _SEAT_BITS]

    def history_for(self, seat: int | None, start: int = 0) -> list[tuple[int, str]]:
        """The history as ``seat`` knows it (``None``: a spectator): every entry it cannot
        know is masked, its hidden parts written ``?``. A resample has the same one.
        ``start``: the entries from that index on only (:attr:`ply` is the next index).

        >>> import moonbase
        >>> state = moonbase.load("moon-leap").new(seed=5)
        >>> state.history_for(1) == state.history   # nothing is hidden in Moon Leap
        True
        >>> mark = state.ply
        >>> state.apply(0, state.legal_actions(0)[0])
        >>> state.history_for(1, start=mark) == state.history[mark:] != []
        True
        """
        self._check_viewer(seat)
        history = [self._entry_text(code) for code in self._history[start:]]
        for index, text in self._masked(seat).items():
            if index >= start:
                history[index - start] = (history[index - start][0], text)
        return history

    @property
    def ply(self) -> int:
        """How many entries the history holds (chance outcomes included).

        >>> import moonbase
        >>> state = moonbase.load("moon-leap").new(seed=5)
        >>> state.ply == len(state.history)
        True
        """
        return len(self._history)

    @property
    def seed(self) -> int:
        """The seed that resolves chance in auto mode."""
        return self._seed

    @property
    def chance_mode(self) -> ChanceMode:
        """``"auto"`` or ``"explicit"``."""
        return "explicit" if self._explicit else "auto"

    def legal_ids(self, seat: int) -> list[int]:
        """The ids of ``seat``'s legal actions, ascending; ``[]`` if it may not act.

        >>> import moonbase
        >>> state = moonbase.load("moon-leap").new(seed=1)
        >>> [state.game.action_text(i) for i in state.legal_ids(0)] == state.legal_actions(0)
        True
        """
        return self._legal(seat).copy()

    def legal_actions(self, seat: int) -> list[str]:
        """Legal actions of ``seat``: canonical, in id order (sorted), unique; ``[]`` if it
        may not act."""
        legal = self._legal(seat)
        if legal and self.KEEPS_LEGAL_LISTS:  # empty: the new [] of a seat that may not act
            return self._space.kept_texts(legal)
        texts = self._space.texts
        return [texts[action] for action in legal]

    def _legal(self, seat: int) -> list[int]:
        cached = self._legal_cache.get(seat)
        if cached is None:
            turn = self._turn
            if turn is None:
                turn = self.to_act
            if seat == CHANCE or seat not in turn:
                return []
            cached = self._legal_cache[seat] = self._legal_ids(seat)
        return cached

    def chance_ids(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome id with its probability; ``[]`` elsewhere."""
        if self.to_act != (CHANCE,):
            return []
        weights = self._chance_weights()
        total = sum(weight for _, weight in weights)
        return [(outcome, weight / total) for outcome, weight in weights]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """At a chance node, each outcome with its probability; ``[]`` elsewhere."""
        texts = self._outcome_space.texts
        return [(texts[outcome], chance) for outcome, chance in self.chance_ids()]

    def apply(self, seat: int, action: str) -> None:
        """Carry out ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing.

        The text is read leniently (any case, extra spaces, the game's other spellings).
        """
        space = self._outcome_space if seat == CHANCE else self._space
        # Most callers pass canonical text: look it up before asking the game to read it.
        number = space.index.get(action) if type(action) is str else None
        if number is None:
            number = self._read(seat, action, space)
        self.apply_id(seat, number)

    def _read(self, seat: int, action: str, space: ActionSpace) -> int:
        """The id of ``action`` in any spelling the game accepts, or :class:`IllegalAction`
        telling what ``seat`` may do instead."""
        if not isinstance(action, str):
            raise IllegalAction(
                f"an action is text, not {type(action).__name__}", "an action is text"
            )
        try:
            return self.game._parse(action, space)
        except IllegalAction as error:
            self._check_seat(seat)
            raise self._illegal(seat, action.strip(), error.reason) from None

    def apply_id(self, seat: int, action: int) -> None:
        """Carry out action id ``action`` for ``seat`` (a chance outcome id for ``CHANCE``),
        or raise :class:`IllegalAction` and change nothing."""
        if seat == CHANCE:
            if (self.to_act != (CHANCE,) or type(action) is not int) or not any(
                outcome == action for outcome, _ in self._chance_weights()
            ):
                self._reject_id(seat, action)
            self._chance_count += 1
        else:
            legal = self._legal_cache.get(seat)
            if legal is None:
                legal = self._legal(seat)
            if type(action) is not int:
                self._reject_id(seat, action)
            at = bisect_left(legal, action)
            if at == len(legal) or legal[at] != action:
                self._reject_id(seat, action)
        self._history.append((action << _SEAT_BITS) | (seat + 1))
        self._legal_cache.clear()
        self._turn = None
        self._do(seat, action)
        if not self._explicit:
            self._resolve_chance()

    def _reject_id(self, seat: int, action: object) -> None:
        self._check_seat(seat)
        space = self.game.outcomes if seat == CHANCE else self.game.actions
        what = "chance outcome" if seat == CHANCE else "action"
        number = self.game._checked_id(action, space, what)  # type: ignore[arg-type]
        raise self._illegal(seat, space.texts[number])

    def _check_seat(self, seat: int) -> None:
        actors = self.to_act
        if not actors:
            reason = _("the game is over: no action is allowed")
            raise IllegalAction(reason, reason)
        if seat not in actors:
            reason = _("{seat} may not act now; to act: {seats}").format(
                seat=_seat_name(seat), seats=_seats(actors)
            )
            raise IllegalAction(reason, reason)

    def _illegal(self, seat: int, text: str, reason: str = "") -> IllegalAction:
        if seat == CHANCE:
            allowed = [outcome for outcome, _ in self.chance_outcomes()]
        else:
            allowed = self.legal_actions(seat)
        if not reason:
            asking = self._asking(seat) if seat != CHANCE else ""
            if asking:
                reason = _("{action} is not legal for {seat} now ({asking})").format(
                    action=repr(text), seat=_seat_name(seat), asking=asking
                )
            else:
                reason = _("{action} is not legal for {seat} now").format(
                    action=repr(text), seat=_seat_name(seat)
                )
        message = _("{reason}; allowed: {allowed}").format(reason=reason, allowed=_listing(allowed))
        return IllegalAction(message, reason, tuple(allowed))

    def _settle(self) -> None:
        """Forget what the last change made stale, and resolve chance nodes from the seed
        while in auto mode."""
        self._legal_cache.clear()
        self._turn = None
        if not self._explicit:
            self._resolve_chance()

    def _resolve_chance(self) -> None:
        """Auto mode: draw and carry out chance outcomes until a seat acts or the game ends."""
        turn = self._actors()
        while turn == _CHANCE_ONLY:
            at = self._chance_count - self._words_from  # _chance_word(), its usual case inline
            word = self._words[at] if at < len(self._words) else self._chance_word()
            outcome = self._chance_table().outcome(word)
            self._history.append((outcome << _SEAT_BITS) | _CHANCE_TAG)
            self._chance_count += 1
            self._do(CHANCE, outcome)
            turn = self._actors()
        self._turn = turn
        if not turn:  # over: a finished state keeps no words drawn ahead
            self._forget_words()

    def _chance_word(self, ahead: int = 0) -> int:
        """Auto mode: the word the chance event ``ahead`` events after the next one hashes to
        (:func:`~moonbase.core.chance.hash_word` of the seed and :attr:`chance_count` +
        ``ahead``), for a game that draws outcomes itself before it records them; an outcome
        is the table's ``outcome(word)``, or ``word % n`` among ``n`` equally likely ones.

        >>> import moonbase
        >>> from moonbase.core.chance import hash_word
        >>> state = moonbase.load("moon-leap").new(seed=3)
        >>> state._chance_word(40) == hash_word(3, state.chance_count + 40)
        True
        """
        at = self._chance_count + ahead - self._words_from
        words = self._words
        if at >= len(words):  # the words always start at or before the next event
            count = _WORDS_AHEAD if self._chance_count else _FIRST_WORDS
            words = self._draw_words(max(count, ahead + 1))
            at = ahead
        return words[at]

    def _chance_words(self, count: int) -> Sequence[int]:
        """Auto mode: the words the next ``count`` chance events hash to, in order (for a game
        that draws several at once, such as a whole deal, then records them with
        :meth:`_record_chance`)."""
        at = self._chance_count - self._words_from
        words = self._words
        if at + count > len(words):
            words = self._draw_words(max(count, _WORDS_AHEAD))
            at = 0
        return words[at : at + count]

    def _draw_words(self, count: int) -> array[int]:
        """Hash the next ``count`` chance events at once and keep them (they are drawn in
        blocks: one hash of many lanes costs a fraction of as many single hashes)."""
        self._words_from = self._chance_count
        self._words = hash_words(self._seed, self._chance_count, count)
        return self._words

    def _forget_words(self) -> None:
        """Drop the hash words drawn ahead (the seed has changed, or the game is over)."""
        self._words = _NO_WORDS
        self._words_from = 0

    def _record_chance(self, outcomes: list[int]) -> None:
        """Record chance outcomes the game has just drawn and carried out itself, in order
        (for a game that resolves several chance events at once in auto mode, such as a
        whole deal): each becomes a chance entry of the history and counts as a chance event.

        The ``k``-th of them must be the outcome drawn for chance event ``_chance_count + k``
        (as :meth:`ChanceTable.pick` draws it), so the game is the one resolved event by event.
        """
        append = self._history.append  # a loop: a comprehension is a call of its own
        for outcome in outcomes:
            append((outcome << _SEAT_BITS) | _CHANCE_TAG)
        self._chance_count += len(outcomes)

    def scores(self) -> list[float]:
        """Score per seat (at the end: the final score)."""
        return self._scores()

    def winners(self) -> list[int]:
        """Winning seats once the game is over (a tie shares the win); ``[]`` before."""
        return self._winners() if self.is_over else []

    def view(self, seat: int | None) -> ViewT:
        """A JSON-safe dict of exactly what ``seat`` may know (``None``: a spectator)."""
        self._check_viewer(seat)
        return self._view(seat)

    def _check_viewer(self, seat: int | None) -> None:
        """Raise ``ValueError`` unless ``seat`` is a seat of this game or ``None``."""
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.seats
        ):
            raise ValueError(
                f"seat {seat!r} does not exist; seats: 0 to {self.game.seats - 1}, "
                "or None for a spectator"
            )

    def clone(self) -> Self:
        """An equal, independent copy."""
        fields = self.__dict__
        if len(fields) != len(self.FIELDS):
            self._undeclared()
        other = object.__new__(type(self))
        copied = other.__dict__
        copied.update(fields)
        for name, kind in self.FIELDS.items():
            if kind is not Copy.SHARED and kind is not Copy.CACHE:
                copied[name] = copy_value(kind, fields[name])
        other.game = self.game
        other._seed = self._seed
        other._explicit = self._explicit
        other._history = array("q", self._history)
        other._chance_count = self._chance_count
        # The cached lists are never handed out or changed, so the copy may share them.
        other._legal_cache = dict(self._legal_cache)
        other._turn = self._turn
        other._space = self._space
        other._outcome_space = self._outcome_space
        other._words = self._words  # never changed in place: drawing more replaces them
        other._words_from = self._words_from
        return other

    def _undeclared(self) -> None:
        names = set(self.__dict__)
        extra = sorted(names - set(self.FIELDS))
        missing = sorted(set(self.FIELDS) - names)
        raise TypeError(
            f"{type(self).__name__} fields do not match its FIELDS: "
            f"not declared {extra or 'none'}, declared but not set {missing or 'none'}"
        )

    def resample(self, seat: int | None, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell apart from this one, with hidden information redrawn.

        Cards the seat has not seen are dealt again from ``rng``, the history's hidden chance
        outcomes are rewritten to match, and future chance gets a new seed, so a bot that
        searches the returned state learns nothing it could not know.
        """
        self._check_viewer(seat)
        other = self.clone()
        other._redraw(seat, rng)
        other._seed = rng.getrandbits(63)
        other._forget_words()
        other._legal_cache = {}
        other._turn = None
        return other

    def _entry(self, index: int) -> tuple[int, int]:
        """History entry ``index`` as ``(seat, id)`` (for :meth:`_redraw` and :meth:`_masked`)."""
        code = self._history[index]
        return (code & _SEAT_MASK) - 1, code >> _SEAT_BITS

    def _rewrite_chance(self, index: int, outcome: int) -> None:
        """Replace the chance outcome id at history ``index`` (for :meth:`_redraw`)."""
        self._rewrite_history(index, CHANCE, outcome)

    def _rewrite_chances(self, indices: Iterable[int], outcomes: Iterable[int]) -> None:
        """Replace the chance outcome ids at history ``indices``, pairwise with ``outcomes``
        (for :meth:`_redraw`: a whole hand's deal at once)."""
        history = self._history
        for index, outcome in zip(indices, outcomes, strict=True):
            assert history[index] & _SEAT_MASK == _CHANCE_TAG, "a rewrite keeps who acted"
            history[index] = (outcome << _SEAT_BITS) | _CHANCE_TAG

    def _rewrite_history(self, index: int, seat: int, action: int) -> None:
        """Replace the action id of ``seat`` at history ``index`` (for :meth:`_redraw`: a
        hidden chance outcome, or another seat's choice that is not revealed yet)."""
        assert self._entry(index)[0] == seat, "a rewrite keeps who acted"
        self._history[index] = (action << _SEAT_BITS) | (seat + 1)

    def to_json(self) -> str:
        """This state as JSON text: options, seed, chance mode and history, with a checksum."""
        from moonbase.core.saves import encode

        return encode(self)

    def _snapshot(self) -> dict[str, Any]:
        """Every declared field as JSON-safe data (for equality and tests)."""
        fields = self.__dict__
        return {
            name: snapshot_value(fields[name])
            for name, kind in self.FIELDS.items()
            if kind is not Copy.CACHE
        }

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
        status = "over" if self.is_over else f"to act {_seats(self.to_act)}"
        return (
            f"<{self.game.title} state: {len(self._history)} actions, {status}; "
            f"seed={self._seed}, chance={self.chance_mode!r}>"
        )

    def summary(self) -> str:
        """The snapshot as compact JSON (handy in test failures)."""
        return json.dumps(self._snapshot(), sort_keys=True)


def _article(noun: str) -> str:
    return "an" if noun[0] in "aeiou" else "a"


def _seat_name(seat: int) -> str:
    return _("chance") if seat == CHANCE else _("seat {seat}").format(seat=seat)


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(_seat_name(seat) for seat in seats) or _("nobody")


def _listing(actions: list[str]) -> str:
    if not actions:
        return _("nothing")
    if len(actions) <= _MAX_LISTED:
        return ", ".join(actions)
    return _("{actions}, … ({count} in all)").format(
        actions=", ".join(actions[:_MAX_LISTED]), count=len(actions)
    )
