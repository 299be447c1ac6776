"""A toy game for agent tests: Nim with a hidden die.

Two seats take turns removing 1, 2 or 3 pebbles from a pile (``TAKE 2``); whoever takes the
last pebble wins. With ``dice=True`` a die (chance: ``ROLL 0`` or ``ROLL 1``) may remove one
more pebble after each move. With ``secret=True`` each seat also holds a secret card (0 or 1)
that only it sees; it scores nothing, but resampling must redraw the other seat's card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from moonbase.core import CHANCE, Game, Option, State
from moonbase.core.actions import ActionSpace
from moonbase.core.fields import Copy

ACTIONS = ActionSpace(f"TAKE {n}" for n in (1, 2, 3))
OUTCOMES = ActionSpace(["CARD 0", "CARD 1", "ROLL 0", "ROLL 1"])


class NimGame(Game):
    """Nim for two seats."""

    name: ClassVar[str] = "toy-nim"
    title: ClassVar[str] = "Toy Nim"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("pile", "int", 7, "pebbles at the start", minimum=1, maximum=40),
        Option("dice", "bool", False, "a die may take one more pebble after each move"),
        Option("secret", "bool", False, "each seat holds a secret card"),
    )
    presets: ClassVar[Mapping[str, Mapping[str, object]]] = {"plain": {}}

    @property
    def seats(self) -> int:
        return 2

    @property
    def max_history(self) -> int:
        return 4 * int(str(self.options["pile"])) + 4

    def _action_texts(self) -> Iterable[str]:
        return ACTIONS.texts

    def _chance_texts(self) -> Iterable[str]:
        return OUTCOMES.texts

    def _new_state(self, seed: int, explicit: bool) -> State[Any]:
        return NimState(self, seed, explicit)


class NimState(State[dict[str, Any]]):
    """A Nim game in progress."""

    FIELDS: ClassVar = {
        "pile": Copy.SHARED,
        "turn": Copy.SHARED,
        "rolling": Copy.SHARED,
        "winner": Copy.SHARED,
        "secrets": Copy.FLAT,
    }

    def __init__(self, game: NimGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        self.pile = int(str(game.options["pile"]))
        self.turn = 0
        self.rolling = False
        self.winner: int | None = None
        self.secrets: list[int | None] = [None, None] if game.options["secret"] else [0, 0]

    def _actors(self) -> tuple[int, ...]:
        if self.winner is not None:
            return ()
        if self.rolling or None in self.secrets:
            return (CHANCE,)
        return (self.turn,)

    def _legal_ids(self, seat: int) -> list[int]:
        return [ACTIONS.id(f"TAKE {n}") for n in range(1, min(3, self.pile) + 1)]

    def _chance_weights(self) -> list[tuple[int, int]]:
        if None in self.secrets:
            return [(OUTCOMES.id("CARD 0"), 1), (OUTCOMES.id("CARD 1"), 1)]
        return [(OUTCOMES.id("ROLL 0"), 1), (OUTCOMES.id("ROLL 1"), 1)]

    def _do(self, seat: int, action: int) -> None:
        text = (OUTCOMES if seat == CHANCE else ACTIONS).text(action)
        word, number = text.split(" ")
        if word == "CARD":
            self.secrets[self.secrets.index(None)] = int(number)
            return
        if word == "ROLL":
            self.rolling = False
            if int(number) and self.pile:
                self.pile -= 1
                if not self.pile:
                    self.winner = 1 - self.turn  # the die took the last: the mover's rival wins
                    return
            return
        self.pile -= int(number)
        if not self.pile:
            self.winner = seat
            return
        self.turn = 1 - seat
        self.rolling = bool(self.game.options["dice"])

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "turn": self.turn,
            "secret": None if seat is None else self.secrets[seat],
        }

    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        if self.game.options["secret"] and None not in self.secrets:
            for other in (0, 1):
                if other != seat:
                    self.secrets[other] = rng.randrange(2)
                    chance = [i for i, (s, _) in enumerate(self.history_ids) if s == CHANCE]
                    card = OUTCOMES.id(f"CARD {self.secrets[other]}")
                    self._rewrite_chance(chance[other], card)

    def _masked(self, seat: int | None) -> Mapping[int, str]:
        if not self.game.options["secret"]:
            return {}
        chance = [i for i, (s, _) in enumerate(self.history_ids) if s == CHANCE][:2]
        return {index: "CARD ?" for other, index in enumerate(chance) if other != seat}

    def _scores(self) -> list[float]:
        return [1.0 if self.winner == seat else 0.0 for seat in (0, 1)]

    def _winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def _render(self) -> str:
        return f"pile {self.pile}, seat {self.turn} to move"
