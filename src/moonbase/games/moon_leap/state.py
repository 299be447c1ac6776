"""Moon Leap's rules: :class:`MoonLeapState`, a game in progress.

A turn is a roll (a chance event: ``ROLL 1`` … ``ROLL 5``, ``ROLL *``) and then one move by the
seat whose turn it is: ``MOVE n``, a split ``MOVE a+b`` once the barrier has been crossed, or
``PASS`` when no token can move. A move places a token on the next free space after its own (a
token still in front of its owner goes to the first free space); the game ends at once when the
last three spaces are all occupied, checked after every single placement.

The state keeps two lists that mirror each other: ``track`` (per space, the code of the token on
it or :data:`EMPTY`) and ``places`` (per token code, the index of its space or :data:`RESERVE`).
A token's code is ``seat * 5 + number - 1``.

>>> from moonbase.games.moon_leap.game import MoonLeapGame
>>> state = MoonLeapGame(players=2).new(seed=1, chance="explicit")
>>> state.apply(-1, "ROLL 4")
>>> state.legal_actions(0)
['MOVE 4']
>>> state.apply(0, "MOVE 4")
>>> state.space_of(0, 4), state.token_at(1), state.token_at(2), state.scores()
(1, (0, 4), None, [-67.0, -75.0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from moonbase.core import CHANCE, State
from moonbase.core.chance import ChanceTable
from moonbase.core.fields import Copy
from moonbase.games.moon_leap.notation import (
    CANDIDATES,
    DIE_FACES,
    FACE_OF,
    PASS_ID,
    ROLL_TABLE,
    SPLITS,
    STAR_FACE,
    TOKENS,
    TOKENS_OF,
)
from moonbase.games.moon_leap.render import render_view
from moonbase.games.moon_leap.view import EndTrigger, MoonLeapView, ScorePart, SpaceView, TokenView
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    import random

    from moonbase.games.moon_leap.game import MoonLeapGame

__all__ = ["EMPTY", "RESERVE", "RESERVE_VALUE", "SPLITS", "TOKENS", "MoonLeapState"]

RESERVE_VALUE: Final = -5
"""What each point of a token still in front of its owner scores at the end."""

EMPTY: Final = -1
"""``track`` entry of a free space."""

RESERVE: Final = -1
"""``places`` entry of a token still in front of its owner."""

_PER_SEAT: Final = len(TOKENS)
_CHANCE_TURN: Final = (CHANCE,)


class MoonLeapState(State[MoonLeapView]):
    """A Moon Leap game in progress. Create one with ``moonbase.load("moon-leap").new()``."""

    game: MoonLeapGame

    FIELDS: ClassVar = {
        "values": Copy.SHARED,
        "point_values": Copy.SHARED,
        "players": Copy.SHARED,
        "barrier": Copy.SHARED,
        "track": Copy.FLAT,
        "places": Copy.FLAT,
        "turn": Copy.SHARED,
        "roll": Copy.SHARED,
        "split_allowed": Copy.SHARED,
        "extra_turn": Copy.SHARED,
        "over": Copy.SHARED,
    }

    def __init__(self, game: MoonLeapGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        board = game.board
        self.values: tuple[int, ...] = board.values
        """The value of each space (index 0 is space 1); shared, never changed."""
        self.point_values: tuple[int, ...] = (*board.values, RESERVE_VALUE)
        """What each point of a token scores, by its ``places`` entry: the value of its space,
        or in the reserve (``RESERVE``, the last entry) ``RESERVE_VALUE``."""
        self.players = game.seats
        self.barrier = board.barrier(self.players)
        """The space after which the active barrier line stands."""
        self.track: list[int] = [EMPTY] * board.spaces
        """Per space (index 0 is space 1): the code of the token on it, or ``EMPTY``."""
        self.places: list[int] = [RESERVE] * (_PER_SEAT * self.players)
        """Per token code: the index of its space, or ``RESERVE``."""
        self.turn = 0
        """The seat whose turn it is (seat 0 starts; play goes clockwise)."""
        self.roll: int | None = None
        """The die face being played (1 … 5, or ``STAR_FACE`` for a ★), ``None`` before the
        roll."""
        self.split_allowed = False
        """Whether a token has crossed the active barrier (splits are allowed from then on)."""
        self.extra_turn = False
        """Whether this turn is an extra turn won by a new or extended run of three."""
        self.over = False

    # ------------------------------------------------------------------ queries
    def token_at(self, space: int) -> tuple[int, int] | None:
        """``(seat, number)`` of the token on ``space`` (1-based), or ``None`` if it is free."""
        code = self.track[space - 1]
        if code == EMPTY:
            return None
        return code // _PER_SEAT, code % _PER_SEAT + 1

    def space_of(self, seat: int, number: int) -> int | None:
        """The space (1-based) token ``number`` of ``seat`` stands on; ``None`` in reserve."""
        index = self.places[seat * _PER_SEAT + number - 1]
        return None if index == RESERVE else index + 1

    def reserve(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s tokens still in front of it, ascending."""
        base = seat * _PER_SEAT - 1
        return [number for number in TOKENS if self.places[base + number] == RESERVE]

    def destination(self, seat: int, number: int) -> int | None:
        """The space (1-based) token ``number`` of ``seat`` would move to; ``None`` if none."""
        index = self._next_free(self.places[seat * _PER_SEAT + number - 1])
        return None if index < 0 else index + 1

    def score(self, seat: int) -> int:
        """``seat``'s score now: number × space value per token, number × −5 in reserve."""
        base = seat * _PER_SEAT - 1
        places, worth = self.places, self.point_values
        total = 0
        for number in TOKENS:
            total += number * worth[places[base + number]]
        return total

    def score_parts(self, seat: int) -> list[ScorePart]:
        """``seat``'s score token by token: its ``token`` number, its ``space`` (``None``: in
        the reserve), the ``value`` each point scores there and the ``points``, number ×
        value; they sum to :meth:`score`.

        >>> from moonbase.games.moon_leap.game import MoonLeapGame
        >>> state = MoonLeapGame(players=2).new(seed=1, chance="explicit")
        >>> state.apply(-1, "ROLL 4")
        >>> state.apply(0, "MOVE 4")
        >>> state.score_parts(0)[3], state.score_parts(0)[4]
        ({'token': 4, 'space': 1, 'value': -3, 'points': -12}, \
{'token': 5, 'space': None, 'value': -5, 'points': -25})
        """
        base = seat * _PER_SEAT - 1
        parts: list[ScorePart] = []
        for number in TOKENS:
            index = self.places[base + number]
            space, value = None if index == RESERVE else index + 1, self.point_values[index]
            parts.append(
                {"token": number, "space": space, "value": value, "points": number * value}
            )
        return parts

    def last_spaces_filled(self) -> bool:
        """Whether the last three spaces are all occupied (which ends the game)."""
        track = self.track
        return track[-1] != EMPTY and track[-2] != EMPTY and track[-3] != EMPTY

    # ------------------------------------------------------------------ movement
    def _next_free(self, index: int) -> int:
        """The first free space index after ``index`` (``RESERVE``: the first free space)."""
        try:
            return self.track.index(EMPTY, index + 1)
        except ValueError:
            return -1

    def _split_possible(self, first: int, second: int, last: int) -> bool:
        """Whether token ``first`` can move and then token ``second`` can (codes), ``last``
        being the last free space."""
        origin = self.places[first]
        if origin >= last:
            return False
        after = self.places[second]
        if origin > after:  # the first token's space, vacated, lies ahead of the second
            return True
        # The second needs a free space after its own besides the first token's new one: the
        # last free space, unless the first token takes it (no free space lies between).
        return after < last and self.track.index(EMPTY, origin + 1) != last

    def moves(self, seat: int) -> list[tuple[int, ...]]:
        """The token numbers ``seat`` may move with the current roll, each move in order
        (``[]`` when it must pass or it is not its move)."""
        if self.roll is None or self.over or seat != self.turn:
            return []
        return [TOKENS_OF[action] for action in self._legal_ids(seat) if action != PASS_ID]

    # ------------------------------------------------------------------ the protocol hooks
    def _actors(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.roll is None:
            return _CHANCE_TURN
        return (self.turn,)

    def _legal_ids(self, seat: int) -> list[int]:
        base = seat * _PER_SEAT - 1
        places, split_allowed, track = self.places, self.split_allowed, self.track
        # A token can move exactly when it stands before the last free space (RESERVE
        # included); while the game lasts that is one of the last three.
        last = len(track) - 1
        while track[last] != EMPTY:
            last -= 1
        found = []
        for action, first, second in CANDIDATES[self.roll or STAR_FACE]:
            if second:
                if split_allowed and self._split_possible(base + first, base + second, last):
                    found.append(action)
            elif places[base + first] < last:
                found.append(action)
        return found or [PASS_ID]

    def _chance_weights(self) -> list[tuple[int, int]]:
        return ROLL_TABLE.weights()

    def _chance_table(self) -> ChanceTable:
        return ROLL_TABLE

    def _asking(self, seat: int) -> str:
        """What the roll asks of ``seat``, told from :meth:`moves` (the one legality rule).

        >>> from moonbase.games.moon_leap.game import MoonLeapGame
        >>> state = MoonLeapGame(players=2).new(seed=1, chance="explicit")
        >>> state.apply(-1, "ROLL 4")
        >>> print(state._asking(0))
        the die shows 4: move token 4; splits are allowed once a token has crossed the barrier
        after space 10
        """
        rolled = self.roll
        if rolled is None:
            return _("the die has not been rolled")
        if rolled == STAR_FACE:
            return _("the die shows ★: move any one token (a ★ is never split)")
        moves = self.moves(seat)
        if moves:
            told = _("the die shows {face}: move token {face}").format(face=rolled)
        else:
            told = _("the die shows {face}: no token it names can move: PASS").format(face=rolled)
        splits = SPLITS.get(rolled, ())
        if splits and self.split_allowed:
            for a, b in splits:
                told += " " + _("or split it as {first}+{second} (either order)").format(
                    first=a, second=b
                )
        elif splits:
            told += "; " + _(
                "splits are allowed once a token has crossed the barrier after space {space}"
            ).format(space=self.barrier)
        if (rolled,) not in moves and self.destination(seat, rolled) is None:
            told += "; " + _("token {token} on space {space} has no free space after it").format(
                token=rolled, space=self.space_of(seat, rolled)
            )
        return told

    def _do(self, seat: int, action: int) -> None:
        if seat == CHANCE:
            self.roll = FACE_OF[action]
            return
        self.roll = None
        base = seat * _PER_SEAT - 1
        tokens = TOKENS_OF[action]
        # Written out (this runs at every move): each token in turn goes to the next free space
        # after its own (a legal move has one), crossing the barrier if it lands beyond it;
        # the game ends at once when a placement fills the last three spaces.
        track, places = self.track, self.places
        end = len(track) - 1
        for number in tokens:
            code = base + number
            origin = places[code]
            target = track.index(EMPTY, origin + 1)
            if origin != RESERVE:
                track[origin] = EMPTY
            track[target] = code
            places[code] = target
            if target >= self.barrier:  # index ≥ barrier ⇔ space > barrier
                self.split_allowed = True
            if target >= end - 2 and self.last_spaces_filled():
                self.over = True
                self.extra_turn = False
                return
        # A token moved that now stands in a run of three or more of the seat's tokens gives
        # an extra turn (a free space, EMPTY = -1, has owner -1 // 5 == -1, never a seat).
        for number in tokens:
            low = high = places[base + number]
            while low > 0 and track[low - 1] // _PER_SEAT == seat:
                low -= 1
            while high < end and track[high + 1] // _PER_SEAT == seat:
                high += 1
            if high - low >= 2:
                self.extra_turn = True
                return
        self.extra_turn = False
        self.turn = (self.turn + 1) % self.players

    def _view(self, seat: int | None) -> MoonLeapView:
        """The whole table (nothing is hidden): ``game``, ``board``, ``players``, ``track``
        (per space its ``value`` and ``token``), ``reserve``, ``roll``, ``barrier``,
        ``split_allowed``, ``scores``, ``turn``, ``extra_turn``, ``to_act``, ``over``,
        ``winners``; and, for the end:

        - ``ended`` — ``[]`` while the game goes on, then ``[{"trigger": "last-spaces",
          "seat": s, "spaces": [...]}]``: the move of seat ``s`` took the last of the last
          three spaces (``spaces``), which ends the game at once;
        - ``score_parts`` — ``None`` while the game goes on, then per seat its tokens as
          :meth:`score_parts` gives them (their ``points`` sum to the seat's score).
        """
        track: list[SpaceView] = []
        for index, (value, code) in enumerate(zip(self.values, self.track, strict=True)):
            token: TokenView | None = (
                None
                if code == EMPTY
                else {"seat": code // _PER_SEAT, "number": code % _PER_SEAT + 1}
            )
            track.append({"space": index + 1, "value": value, "token": token})
        return {
            "game": "moon-leap",
            "board": self.game.board.name,
            "players": self.players,
            "track": track,
            "reserve": [self.reserve(other) for other in range(self.players)],
            "roll": None if self.roll is None else DIE_FACES[self.roll - 1],
            "barrier": self.barrier,
            "split_allowed": self.split_allowed,
            "scores": [self.score(other) for other in range(self.players)],
            "turn": self.turn,
            "extra_turn": self.extra_turn,
            "to_act": list(self._actors()),
            "over": self.over,
            "winners": self._winners() if self.over else [],
            "ended": self.end_triggers(),
            "score_parts": [self.score_parts(other) for other in range(self.players)]
            if self.over
            else None,
        }

    def end_triggers(self) -> list[EndTrigger]:
        """The end triggers met now (the view's ``ended``): only ``last-spaces``, met when
        :meth:`last_spaces_filled` — checked after every placement, it ends the game at once,
        in the turn (``seat``) of the move that filled them.

        >>> from moonbase.games.moon_leap.game import MoonLeapGame
        >>> MoonLeapGame(players=2).new(seed=1).end_triggers()
        []
        """
        if not self.last_spaces_filled():
            return []
        last = len(self.track)
        return [{"trigger": "last-spaces", "seat": self.turn, "spaces": [last - 2, last - 1, last]}]

    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        """Nothing is hidden in Moon Leap: only future rolls differ (the base class reseeds)."""

    def _scores(self) -> list[float]:
        return [float(self.score(seat)) for seat in range(self.players)]

    def _winners(self) -> list[int]:
        scores = [self.score(seat) for seat in range(self.players)]
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def _render(self) -> str:
        return render_view(self._view(None))
