"""MOON's options and presets, and :class:`MoonGame`, which deals the right kind of state.

>>> game = MoonGame(mode="competitive", players=3, difficulty="hard")
>>> game.seats, game.options["energy"], game.options["bugs"]
(3, 2.5, 2)
>>> MoonGame(operations="inc,nor")
Traceback (most recent call last):
...
moonbase.core.errors.InvalidOption: ...NOR is a Kickstarter extra; set extras=true to use it
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any, ClassVar, Final

from moonbase.core import Game, InvalidOption, Option, OptionValue, State
from moonbase.games.moon.cards import COMPETITIVE_ENERGY, COOPERATIVE_SETUP, HACKERS, event_cards
from moonbase.games.moon.competitive import CompetitiveState
from moonbase.games.moon.cooperative import CooperativeState
from moonbase.games.moon.machine import BASE_OPERATIONS, EXTRA_OPERATIONS, OPERATIONS
from moonbase.games.moon.notation import action_texts, canonical, chance_texts, unknown
from moonbase.games.moon.tables import Tables, tables_for
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["MAX_ROUNDS", "OPTIONS", "PRESETS", "MoonGame"]

MAX_ROUNDS: Final = 30
"""The default round limit of a competitive game. A cooperative game has none (it ends when the
deck is played out): there ``max_rounds`` keeps this value, as every save holds it."""

OPTIONS: Final = (
    Option("mode", "choice", "cooperative", N_("cooperative (one crew) or competitive (2–4 seats)"),
           choices=("cooperative", "competitive")),
    Option("players", "int", None, N_("number of seats"), minimum=1, maximum=4,
           default_text=N_("1 in cooperative mode, 2 in competitive mode")),
    Option("difficulty", "choice", "easy", N_("sets energy, bugs and the starting registers"),
           choices=("easy", "normal", "hard", "master")),
    Option("energy", "number", None, N_("energy per round (cooperative) or per turn (competitive)"),
           minimum=0.5, maximum=20, default_text=N_("by difficulty")),
    Option("bugs", "int", None, N_("BUG cards shuffled into the deck"), minimum=0, maximum=2,
           default_text=N_("by difficulty (cooperative), 2 (competitive)")),
    Option("events", "bool", False, N_("shuffle the event cards (RESET, ERROR, OK) into the deck")),
    Option("extras", "bool", False,
           N_("Kickstarter extras: NOR, NAND, XNOR, ADD, SUB and RESET 2/4/8")),
    Option("operations", "list", None, N_("the operations in play"), choices=tuple(OPERATIONS),
           default_text=N_("the nine base operations (all with extras)")),
    Option("same_register", "bool", False,
           N_("allow a two-operand operation on one register (XOR A A)")),
    Option("width", "int", 4, N_("register width in bits (extra bit cards)"), choices=(4, 5, 6)),
    Option("hackers", "list", (), N_("competitive: a hacker colour per seat, e.g. green,yellow"),
           choices=(*HACKERS, "none")),
    Option("max_rounds", "int", MAX_ROUNDS,
           N_("competitive: the game ends after this many full rounds"),
           minimum=1, maximum=1000),
)  # fmt: skip
"""Every option MOON accepts."""

PRESETS: Final[dict[str, dict[str, object]]] = {
    "coop-easy": {},
    "coop-normal": {"difficulty": "normal"},
    "coop-hard": {"difficulty": "hard"},
    "coop-master": {"difficulty": "master"},
    "coop-first-game": {"operations": "INC,DEC,ROL,ROR,MOV,NOT"},
    "coop-events-extras": {"difficulty": "normal", "events": True, "extras": True},
    "coop-wide": {"difficulty": "hard", "width": 6, "events": True},
    "competitive-2": {"mode": "competitive", "players": 2},
    "competitive-3-hackers": {
        "mode": "competitive",
        "players": 3,
        "hackers": "green,purple,red",
        "events": True,
        "max_rounds": 20,
    },
    "competitive-4-wide": {
        "mode": "competitive",
        "players": 4,
        "width": 5,
        "extras": True,
        "same_register": True,
        "hackers": "yellow,red,green,purple",
        "max_rounds": 10,
    },
}
"""Option sets worth playing; the conformance harness runs each one."""


class MoonGame(Game):
    """MOON: solve goal cards in register A of a 4-bit CPU, together or against each other."""

    name: ClassVar[str] = "moon"
    title: ClassVar[str] = "MOON"
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[Mapping[str, Mapping[str, object]]] = PRESETS

    def _complete_options(
        self, options: dict[str, OptionValue], given: set[str]
    ) -> dict[str, OptionValue]:
        competitive = options["mode"] == "competitive"
        difficulty = str(options["difficulty"])
        players = options["players"]
        if players is None:
            options["players"] = players = 2 if competitive else 1
        if competitive and players == 1:
            raise InvalidOption(_("option 'players': competitive MOON needs 2 to 4 players"))
        if not competitive and players != 1:
            raise InvalidOption(
                _(
                    "option 'players': cooperative MOON has one seat (the crew); "
                    "use mode=competitive for 2 to 4 players"
                )
            )
        if options["energy"] is None:
            options["energy"] = (
                COMPETITIVE_ENERGY[difficulty]
                if competitive
                else COOPERATIVE_SETUP[difficulty].energy
            )
        if options["bugs"] is None:
            options["bugs"] = 2 if competitive else COOPERATIVE_SETUP[difficulty].bugs
        extras = bool(options["extras"])
        operations = options["operations"]
        if operations is None:
            operations = BASE_OPERATIONS + (EXTRA_OPERATIONS if extras else ())
        assert isinstance(operations, tuple)
        if not operations:
            raise InvalidOption(_("option 'operations': name at least one operation"))
        for name in operations:
            if OPERATIONS[name].extra and not extras:
                raise InvalidOption(
                    _(
                        "option 'operations': {name} is a Kickstarter extra; set extras=true to "
                        "use it"
                    ).format(name=name)
                )
        options["operations"] = tuple(name for name in OPERATIONS if name in operations)
        hackers = options["hackers"]
        assert isinstance(hackers, tuple)
        if hackers:
            if not competitive:
                raise InvalidOption(_("option 'hackers': hackers play only in competitive mode"))
            if len(hackers) != players:
                raise InvalidOption(
                    _(
                        "option 'hackers': name one colour (or none) for each of the {seats} "
                        "seats; got {count}"
                    ).format(seats=players, count=len(hackers))
                )
            colours = [colour for colour in hackers if colour != "none"]
            if len(set(colours)) != len(colours):
                raise InvalidOption(_("option 'hackers': each hacker colour is one RAM card"))
        if not competitive and options["max_rounds"] != MAX_ROUNDS:
            raise InvalidOption(
                _(
                    "option 'max_rounds': the round limit is for competitive mode only (a "
                    "cooperative game ends when the deck is played out)"
                )
            )
        return options

    @property
    def competitive(self) -> bool:
        """Whether this is the competitive game."""
        return self.options["mode"] == "competitive"

    @property
    def width(self) -> int:
        """Register width in bits."""
        return self.option("width", int)

    @property
    def seats(self) -> int:
        """One seat (the crew) cooperatively, 2–4 competitively."""
        return self.option("players", int)

    @cached_property
    def energy(self) -> int:
        """Energy per round or turn, in half-units."""
        return int(self.option("energy", float) * 2)

    @property
    def deck_size(self) -> int:
        """Every card the deck starts with: goals, bugs and (with events) event cards."""
        bugs = self.option("bugs", int)
        events = sum(event_cards(bool(self.options["extras"])).values())
        return 16 + bugs + (events if self.options["events"] else 0)

    @property
    def max_history(self) -> int:
        """A bound on history length: every card drawn once, and per round or turn at most
        one action per half-unit of energy, the free ones, the PEEKs, END and the repairs.

        A cooperative round draws at least one card while the deck lasts, and once it is empty a
        pending goal climbs one slot a round, so there are at most ``deck + 5`` rounds.
        """
        cards = self.deck_size
        if self.competitive:
            turns = self.option("max_rounds", int) * self.seats
            return cards + turns * (self.energy + 2 + 2 + 1) + 8
        return cards + (cards + 5) * (self.energy + 1) + 8

    @cached_property
    def tables(self) -> Tables:
        """The rules' lookup tables for these options (:mod:`~moonbase.games.moon.tables`)."""
        return tables_for(self)

    # ------------------------------------------------------------------ the action universe
    def _action_texts(self) -> Iterable[str]:
        """Every operation on every register (pair) in play, END, the PEEKs (competitive) and
        the REPAIRs (with events).

        >>> MoonGame().num_actions, MoonGame(mode="competitive", events=True).num_actions
        (69, 85)
        """
        return action_texts(
            self.option("operations", tuple),
            self.competitive,
            bool(self.options["same_register"]),
            self.seats,
            bool(self.options["events"]),
        )

    def _chance_texts(self) -> Iterable[str]:
        """Every card the deck can hold: ``DRAW 0000`` … ``DRAW 1111``, ``DRAW BUG``, events.

        >>> MoonGame(difficulty="normal").chance_text(16)
        'DRAW BUG'
        """
        return chance_texts(
            self.option("bugs", int), bool(self.options["events"]), bool(self.options["extras"])
        )

    def _canonical(self, text: str) -> str:
        return canonical(text)

    def _unknown(self, canonical: str) -> str:
        return unknown(
            canonical,
            self.option("operations", tuple),
            self.competitive,
            self.seats,
            bool(self.options["events"]),
        )

    def _new_state(self, seed: int, explicit: bool) -> State[Any]:
        if self.competitive:
            return CompetitiveState(self, seed, explicit)
        return CooperativeState(self, seed, explicit)
