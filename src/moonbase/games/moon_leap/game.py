"""Moon Leap's options and presets, and :class:`MoonLeapGame`.

>>> game = MoonLeapGame(players="3")
>>> game.seats, game.board.barrier(3), game.has_hidden_information
(3, 13, False)
>>> MoonLeapGame(players=5)
Traceback (most recent call last):
...
moonbase.core.errors.InvalidOption: option 'players': 5 is not allowed; allowed: a whole number ...
>>> MoonLeapGame(board="short").options["board"]
'short.json'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final

from moonbase.core import Game, Option, OptionValue
from moonbase.games.moon_leap.notation import ACTIONS, OUTCOMES, TOKENS, canonical
from moonbase.games.moon_leap.state import MoonLeapState
from moonbase.games.moon_leap.track import (
    PLAYER_COUNTS,
    Board,
    board_json,
    load_board,
    shipped_boards,
)
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["OPTIONS", "PRESETS", "MoonLeapGame"]

OPTIONS: Final = (
    Option("players", "int", 2, N_("number of players"), minimum=min(PLAYER_COUNTS),
           maximum=max(PLAYER_COUNTS)),
    Option("board", "text", "standard",
           N_("standard (a reconstruction of the printed board), a board shipped with moonbase "
              "(short.json) or the path of a JSON board file "
              '{"values": [...], "barriers": {"2": 10, "3": 13, "4": 16}}')),
)  # fmt: skip
"""Every option Moon Leap accepts."""

PRESETS: Final[dict[str, dict[str, object]]] = {
    "2p": {"players": 2},
    "3p": {"players": 3},
    "4p": {"players": 4},
    "custom-board": {"players": 3, "board": "short.json"},
}
"""Option sets worth playing; the conformance harness runs each one. ``custom-board`` plays on
``boards/short.json``, shipped in this package and found by its bare file name."""


class MoonLeapGame(Game):
    """Moon Leap: race numbered tokens up a track of valued spaces, for 2 to 4 players."""

    name: ClassVar[str] = "moon-leap"
    title: ClassVar[str] = "Moon Leap"
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[Mapping[str, Mapping[str, object]]] = PRESETS

    board: Board
    """The board in play, loaded (and checked) once when the game is created."""

    def _complete_options(
        self, options: dict[str, OptionValue], given: set[str]
    ) -> dict[str, OptionValue]:
        text = options["board"]
        assert isinstance(text, str)
        self.board = load_board(text)
        options["board"] = self.board.name
        return options

    def saved_options(self) -> dict[str, Any]:
        """The options for a save, with a board read from a file inlined as JSON text, so the
        save does not depend on the file staying where and as it was."""
        options = super().saved_options()
        if self.board.name != "standard" and self.board.name not in shipped_boards():
            options["board"] = board_json(self.board)
        return options

    @property
    def seats(self) -> int:
        """One seat per player, 2 to 4."""
        return self.option("players", int)

    @property
    def has_hidden_information(self) -> bool:
        """Moon Leap hides nothing: every seat sees the whole table."""
        return False

    @property
    def max_history(self) -> int:
        """A bound on history length: six entries per possible move.

        Let the *progress* of the table be the sum of the space numbers of all tokens on the
        track (a token in reserve counts 0). Every move (``MOVE n``; a split counts once) raises
        it by at least 1, and it can never exceed the sum of the ``5 × players`` highest space
        numbers, because a space holds one token. So at most ``M`` moves are played, ``M`` that
        sum. A turn is one roll plus one move or ``PASS``. The first turn always moves (every
        token is in reserve), and the game ends on a move. A seat can only pass when the die
        names one of its *stuck* tokens (no free space after it; a ★ always moves something),
        and since one of the last three spaces is free while the game lasts, at most two tokens
        on the whole table are stuck. With 3 or 4 players at most two turns in a row therefore
        pass, so there are at most ``M + 2M`` turns and ``6M`` history entries.

        With 2 players, both seats can own a stuck token, and a die that keeps naming exactly
        those two tokens makes the game pass for ever: no finite bound exists for every
        sequence of rolls. The same ``6M`` is declared; exceeding it needs about ``2M`` passes
        (at most one chance in 3, and in most positions 1 in 6, each) — in practice never
        in auto mode, but a caller scripting the die in explicit mode can.

        >>> MoonLeapGame(players=2).max_history, MoonLeapGame(players=4).max_history
        (1950, 3300)
        """
        spaces = self.board.spaces
        tokens = min(len(TOKENS) * self.seats, spaces)
        progress = sum(range(spaces - tokens + 1, spaces + 1))
        return 6 * progress

    def _action_texts(self) -> Iterable[str]:
        """The 14 actions: ``PASS``, ``MOVE 1`` … ``MOVE 5`` and the eight splits."""
        return ACTIONS.texts

    def _chance_texts(self) -> Iterable[str]:
        return OUTCOMES.texts

    def _canonical(self, text: str) -> str:
        return canonical(text)

    def _unknown(self, canonical: str) -> str:
        return _("a move is written MOVE 3, MOVE 1+4 (a split: token 1, then token 4) or PASS")

    def _new_state(self, seed: int, explicit: bool) -> MoonLeapState:
        return MoonLeapState(self, seed, explicit)
