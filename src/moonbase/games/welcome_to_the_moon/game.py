"""Welcome to the Moon's options and presets, and :class:`WelcomeGame`, which deals a state.

>>> game = WelcomeGame(players=4, missions="c2,a1,b1")
>>> game.seats, game.fixed_missions, game.level
(4, ('A1', 'B1', 'C2'), 0)
>>> WelcomeGame(players=1).level
1
>>> WelcomeGame(adventure=3).adventure
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar, Final

from moonbase.core import Game, InvalidOption, Option, OptionValue
from moonbase.games.welcome_to_the_moon.adventures import IMPLEMENTED, TITLES, adventure
from moonbase.games.welcome_to_the_moon.astra import LEVELS
from moonbase.games.welcome_to_the_moon.cards import SOLO_CARDS
from moonbase.games.welcome_to_the_moon.layout import Layout
from moonbase.games.welcome_to_the_moon.missions import MISSION_CARDS, mission_option
from moonbase.games.welcome_to_the_moon.notation import Notation, canonical, notation, why_unknown
from moonbase.games.welcome_to_the_moon.state import WelcomeState
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["OPTIONS", "PRESETS", "WelcomeGame"]

OPTIONS: Final = (
    Option("players", "int", 2,
           N_("number of players: 2 to 6, or 1 for the solo game against ASTRA"),
           minimum=1, maximum=6),
    Option("adventure", "int", 1,
           N_("the adventure (sheet) played: 1 The Launch, 2 The Journey, 3 The Colony, "
              "4 The Mine, 5 The Dome, 6 The Virus, 7 The Escape, 8 The Battle"),
           choices=tuple(range(1, 9))),
    Option("missions", "list", None, N_("fix the mission cards, one per letter, e.g. A1,B2,C1"),
           choices=MISSION_CARDS, default_text=N_("one card of each letter drawn at random")),
    Option("level", "int", None, N_("solo: ASTRA's level"), choices=tuple(LEVELS),
           default_text=N_("1 in solo (solo only)")),
)  # fmt: skip
"""Every option Welcome to the Moon accepts."""

PRESETS: Final[dict[str, dict[str, object]]] = {
    "a1-2p": {"adventure": 1, "players": 2},
    "a1-4p": {"adventure": 1, "players": 4},
    "a1-6p": {"adventure": 1, "players": 6},
    "a2-3p": {"adventure": 2, "players": 3},
    "a1-solo": {"adventure": 1, "players": 1, "level": 4},
    "a2-solo": {"adventure": 2, "players": 1, "level": 4},
    **{  # adventures 3–8: 3 and 6 players, and solo at ASTRA's level 4
        f"a{number}-{name}": {"adventure": number, "players": players, **level}
        for number in range(3, 9)
        for name, players, level in (("3p", 3, {}), ("6p", 6, {}), ("solo", 1, {"level": 4}))
    },
}
"""Option sets worth playing; the conformance harness runs each one."""

_STEPS_PER_TURN: Final = {1: 1, 2: 3, 3: 2, 4: 2, 7: 2, 5: 3, 6: 3, 8: 6}
"""Most actions one seat can take in a turn, bonuses of adventure 1 left aside."""
_BONUS_STEPS: Final = {1: 15, 2: 0, 3: 0, 4: 3, 7: 10, 5: 0, 6: 56, 8: 60}
"""Most bonus sub-steps one sheet can give in a whole game (adventure 1: 10 X, 5 activations)."""


class WelcomeGame(Game):
    """Welcome to the Moon: write numbers in ascending zones of an adventure sheet, 1–6 players.

    >>> WelcomeGame(players=2).max_history
    339
    """

    name: ClassVar[str] = "welcome-to-the-moon"
    title: ClassVar[str] = "Welcome to the Moon"
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[Mapping[str, Mapping[str, object]]] = PRESETS

    def _complete_options(
        self, options: dict[str, OptionValue], given: set[str]
    ) -> dict[str, OptionValue]:
        number = options["adventure"]
        assert isinstance(number, int)
        if number not in IMPLEMENTED:
            allowed = ", ".join(str(n) for n in IMPLEMENTED)
            raise InvalidOption(
                _(
                    "option 'adventure': adventure {number} ({title}) is not implemented yet; "
                    "allowed: {allowed}"
                ).format(number=number, title=_(TITLES[number]), allowed=allowed)
            )
        missions = options["missions"]
        if missions is not None:
            assert isinstance(missions, tuple)
            options["missions"] = mission_option(missions)
        if options["players"] == 1:
            if options["level"] is None:
                options["level"] = 1
        elif options["level"] is not None:
            raise InvalidOption(_("option 'level': ASTRA's level is for the solo game (players=1)"))
        return options

    @property
    def seats(self) -> int:
        """One seat per player."""
        return self.option("players", int)

    @property
    def adventure(self) -> int:
        """The adventure played (1–8)."""
        return self.option("adventure", int)

    @property
    def level(self) -> int:
        """ASTRA's level in solo; 0 with several players."""
        level = self.options["level"]
        return level if isinstance(level, int) else 0

    @property
    def fixed_missions(self) -> tuple[str, ...]:
        """The mission cards the option fixes (``()``: drawn at random)."""
        missions = self.options["missions"]
        return missions if isinstance(missions, tuple) else ()

    @property
    def has_hidden_information(self) -> bool:
        """With several players, card backs and the others' choices this turn are hidden; solo
        hides nothing but the order of the deck (future chance)."""
        return self.seats > 1

    @property
    def max_history(self) -> int:
        """A bound on history length.

        Every turn each seat either writes a number (filling a space) or marks a System Error
        box, and a sheet whose spaces or boxes are all used ends the game, so there are at most
        ``spaces + boxes − 1`` turns (60 in adventure 1, 38 in adventure 2). A turn is 3 draws
        and per seat at most 1 action in adventure 1 (plus at most 15 bonus sub-steps a game:
        10 X and 5 activations) or 3 in adventure 2 (write, the action's step, a wall). Setup:
        3 mission cards and 6 cards. Solo: the deck is drawn at most twice (132 cards), with at
        most 6 ASTRA-card choices, and 21 + 22 turns at most.
        """
        rules = adventure(self.adventure)
        turns = len(rules.data.space_slots) + len(rules.data.error_slots) - 1
        steps, bonus = _STEPS_PER_TURN[self.adventure], _BONUS_STEPS[self.adventure]
        if self.seats == 1:
            deck = 63 + len(SOLO_CARDS)
            return 3 + 2 * deck + 2 * len(SOLO_CARDS) + min(turns, 43) * steps + bonus
        return 9 + turns * (3 + self.seats * steps) + self.seats * bonus

    @property
    def tables(self) -> Notation:
        """The numbered actions and chance outcomes of this adventure and mode, with the tables
        between ids and their parts (built once, shared).

        Ids are the places of the canonical texts in sorted order, fixed by the adventure and
        whether the game is solo (the number of players, ASTRA's level and the missions do not
        change them):

        >>> game = WelcomeGame(players=3, adventure=2)
        >>> game.num_actions == len(game.tables.texts), game.action_text(0)
        (True, 'ASTRONAUT')
        >>> WelcomeGame(players=4, adventure=2).action_id("WRITE 2 T5 -1") == game.action_id(
        ...     "write 2 #5 -1")
        True
        """
        return notation(self.adventure, self.seats == 1)

    def sheet_layout(self) -> Layout:
        """Where every markable spot of this adventure's sheet stands as printed, and what is
        printed there: enough to draw a sheet from the marks a view gives
        (``view["sheets"][seat]["marks"]``) without knowing the rules. A multiplayer game's
        layout leaves out what only a solo sheet has (adventure 8: ASTRA's battlefield).

        >>> layout = WelcomeGame(adventure=3).sheet_layout()
        >>> layout.spot(14).name, layout.spot(137).name, [area.name for area in layout.areas]
        ('B14', 'B2-B1', ['colony', 'quarters', 'tracks'])
        """
        return adventure(self.adventure).layout.for_sheet(solo=self.seats == 1)

    def _action_texts(self) -> Iterable[str]:
        return self.tables.texts

    def _chance_texts(self) -> Iterable[str]:
        return self.tables.outcome_texts

    def _canonical(self, text: str) -> str:
        return canonical(text, adventure(self.adventure).data)

    def _unknown(self, canonical: str) -> str:
        return why_unknown(canonical.split(), self.seats == 1, self.adventure)

    def _new_state(self, seed: int, explicit: bool) -> WelcomeState:
        return WelcomeState(self, seed, explicit)
