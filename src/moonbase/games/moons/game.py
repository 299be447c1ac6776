"""Moons' options and presets, and :class:`MoonsGame`, which deals a :class:`MoonsState`.

>>> game = MoonsGame(players=3, mini_asteroids=False)
>>> game.seats, game.hand_size, game.tricks_per_round
(3, 20, 17)
>>> MoonsGame(players=7)
Traceback (most recent call last):
...
moonbase.core.errors.InvalidOption: option 'players': 7 is not allowed; allowed: 2, 3, 4, 5, 6
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final

from moonbase.core import Game, Option, State
from moonbase.games.moons.cards import DECK_SIZE, TABLEAU_SIZE, hand_size
from moonbase.games.moons.notation import ActionTable, action_table, canonical, unknown
from moonbase.i18n import N_

__all__ = ["OPTIONS", "PRESETS", "MoonsGame"]

OPTIONS: Final = (
    Option("players", "int", 4,
           N_("number of players: 3 to 6 (2 is an unofficial variant: 30 cards each)"),
           choices=(2, 3, 4, 5, 6)),
    Option("mini_asteroids", "bool", True,
           N_("play with the Mini-Asteroid cards (a reconstructed deck of 38)")),
    Option("tokens_per_planet", "int", 17, N_("tokens of each planet in the supply"),
           minimum=1, maximum=99),
    Option("set_points", "int", 10, N_("points per complete set (one token of each planet)"),
           minimum=0, maximum=100),
    Option("triple_points", "int", 6, N_("points per three tokens of one planet outside the sets"),
           minimum=0, maximum=100),
    Option("single_points", "int", 1, N_("points per other token"), minimum=0, maximum=100),
    Option("decline_awards", "bool", False,
           N_("round awards: a player with no trick may decline its token (PASS), as the "
              "rulebook's 'may take' reads; off: it takes one, as the rule page has it")),
)  # fmt: skip
"""Every option Moons accepts (the scoring values are a **reconstruction**, hence options;
``decline_awards`` keeps the rulebook's reading beside the rule page's, the default)."""

PRESETS: Final[dict[str, dict[str, object]]] = {
    "3p": {"players": 3},
    "3p-no-minis": {"players": 3, "mini_asteroids": False},
    "4p": {"players": 4},
    "4p-no-minis": {"players": 4, "mini_asteroids": False},
    "6p": {"players": 6},
    "6p-no-minis": {"players": 6, "mini_asteroids": False},
}
"""Option sets worth playing; the conformance harness runs each one."""


class MoonsGame(Game):
    """Moons: a trick-taking game of planets and their moons, for 3–6 players.

    >>> MoonsGame().max_history
    728

    Its action ids (stable for ``players`` and ``mini_asteroids``) are described in
    :mod:`~moonbase.games.moons.notation`:

    >>> game = MoonsGame(players=3)
    >>> game.num_actions, game.num_chance_outcomes
    (30911, 66)
    >>> game.action_text(game.action_id("tableau n7 s3 j14"))
    'TABLEAU S3 J14 N7'
    """

    name: ClassVar[str] = "moons"
    title: ClassVar[str] = "Moons"
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[Mapping[str, Mapping[str, object]]] = PRESETS
    SAVED_DEFAULTS: ClassVar[Mapping[str, object]] = {"decline_awards": True}
    """Saves and tables stored before ``decline_awards`` existed were played with it on."""

    def _int(self, key: str) -> int:
        value = self.options[key]
        assert isinstance(value, int)
        return value

    @property
    def seats(self) -> int:
        """One seat per player."""
        return self._int("players")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (60 / players)."""
        return hand_size(self.seats)

    @property
    def tricks_per_round(self) -> int:
        """Tricks in a round: the hand minus the tableau."""
        return self.hand_size - TABLEAU_SIZE

    @property
    def decline_awards(self) -> bool:
        """Whether a player with no trick may decline its round-award token."""
        return self.options["decline_awards"] is True

    @property
    def tokens_per_planet(self) -> int:
        """Tokens of each planet in the supply at the start."""
        return self._int("tokens_per_planet")

    @property
    def points(self) -> tuple[int, int, int]:
        """The scoring values: per complete set, per triple outside sets, per other token.

        >>> MoonsGame(set_points=12).points
        (12, 6, 1)
        """
        return self._int("set_points"), self._int("triple_points"), self._int("single_points")

    @property
    def mini_asteroids(self) -> bool:
        """Whether the Mini-Asteroids are in play."""
        return bool(self.options["mini_asteroids"])

    @property
    def max_history(self) -> int:
        """A bound on history length.

        With ``n`` players and ``T`` tricks a round: the setup draw of Mini-Asteroids (``2n``),
        then at most ``n`` rounds, each with the 60 cards dealt, ``n`` tableaus, per trick ``n``
        cards, ``n`` Mini-Asteroids and one ``TAKE``, at most 4 Asteroid draws and ``n``
        ``TAKE`` (or ``PASS``) choices of the round awards (without Mini-Asteroids: no draws and no
        ``MINI`` actions). Only the winner's token of a trick can need a choice; the lowest
        off-suit card's token is of one planet.
        """
        n, tricks = self.seats, self.tricks_per_round
        minis = 1 if self.mini_asteroids else 0
        per_trick = n + minis * n + 1
        per_round = DECK_SIZE + n + tricks * per_trick + 4 * minis + n
        return 2 * n * minis + n * per_round

    @property
    def table(self) -> ActionTable:
        """The numbered actions decoded, and the tables legal ids are built from."""
        return action_table(self.seats, self.mini_asteroids)

    def _action_texts(self) -> Iterable[str]:
        return self.table.texts

    def _chance_texts(self) -> Iterable[str]:
        return self.table.outcome_texts

    def _canonical(self, text: str) -> str:
        return canonical(text)

    def _unknown(self, canonical: str) -> str:
        return unknown(canonical)

    def _new_state(self, seed: int, explicit: bool) -> State[Any]:
        # State[Any]: the core's hook is typed State (its default view type, a dict), which a
        # State[MoonsView] is not.
        from moonbase.games.moons.state import MoonsState

        return MoonsState(self, seed, explicit)
