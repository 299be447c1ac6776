"""MOON's cooperative game: one crew, four pending slots, and a deck to clear.

Setup copies the first goals drawn into registers (by difficulty), then shuffles the bugs and
events in and draws the first goal into slot 1. A round is operations, then ``END``; at its end
every pending goal climbs a slot (one leaving slot 4 loses), a card is drawn and energy is
restored. The oldest pending goal is face up and is solved the moment register A holds it.

>>> import moonbase
>>> state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
>>> state.apply(moonbase.CHANCE, "DRAW 0011")
>>> state.view(0)["slots"], state.view(0)["registers"]["A"]
(['0011', None, None, None], '0001')
>>> state.apply(0, "ROL A")     # A = 0010: not yet
>>> state.view(0)["energy"]
0.5
>>> state.apply(0, "XOR A B")   # A = 0010 still; energy 0
>>> state.to_act == (moonbase.CHANCE,)   # nothing affordable: the round ended by itself
True
>>> state.view(0)["slots"]
[None, '0011', None, None]
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from moonbase.core.fields import Copy
from moonbase.games.moon.cards import COOPERATIVE_SETUP
from moonbase.games.moon.machine import REGISTERS, bits
from moonbase.games.moon.render import render_view
from moonbase.games.moon.state import OVER, PLAY, MoonState
from moonbase.games.moon.tables import PriceTable
from moonbase.games.moon.views import CooperativeView

if TYPE_CHECKING:
    from moonbase.games.moon.game import MoonGame

__all__ = ["BUGGED", "EMPTY", "CooperativeState"]

EMPTY: Final = -1
BUGGED: Final = -2
SLOTS: Final = 4
_OLDEST_FIRST: Final = tuple(range(SLOTS - 1, -1, -1))
"""Slot indices from slot 4 (the oldest goal's) down."""


class CooperativeState(MoonState):
    """The cooperative game: seat 0 is the whole crew."""

    FIELDS: ClassVar[Mapping[str, Copy]] = {
        **MoonState.FIELDS,
        "prices": Copy.CACHE,
        "setup_registers": Copy.FLAT,
        "setup_goals": Copy.SHARED,
        "slots": Copy.FLAT,
        "slot_cards": Copy.FLAT,
        "solved": Copy.SHARED,
        "round": Copy.SHARED,
        "outcome": Copy.SHARED,
    }

    def __init__(self, game: MoonGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        setup = COOPERATIVE_SETUP[str(game.options["difficulty"])]
        self.prices = self.tables.price_tables[0][0]
        """The crew's price table (the same all game)."""
        self.registers[0] = setup.register_a
        self.setup_registers = list(setup.registers_from_goals)
        """Registers still to be copied from the first goals drawn."""
        self.setup_goals = len(self.setup_registers)
        """How many goals setup copies into the registers (they count as solved)."""
        self.slots = [EMPTY] * SLOTS
        """Slot 1 first: a goal value, ``EMPTY`` or ``BUGGED``."""
        self.slot_cards: list[tuple[int, ...]] = [()] * SLOTS
        """History indices of the cards of each slot's goal."""
        self.solved = 0
        self.round = 1
        self.outcome: str | None = None
        if not self.setup_registers:
            self._shuffle_in()

    # ------------------------------------------------------------------ whose turn
    def _player(self) -> int:
        return 0

    def _drawer(self) -> int:
        return 0

    def _prices(self, seat: int) -> PriceTable:
        return self.prices

    def _play_ids(self, seat: int) -> list[int]:
        # legal_key(energy, disabled, -1), written out: this runs at every step.
        found = self.prices.legal.get(self.energy | self.disabled << 8)
        if found is None:
            found = self.tables.play_ids(self.prices, self.energy, self.disabled, -1)
        return found

    # ------------------------------------------------------------------ slots
    def oldest(self) -> int | None:
        """Index of the oldest pending goal's slot (the face-up one), or ``None``."""
        slots = self.slots
        for index in _OLDEST_FIRST:
            if slots[index] >= 0:
                return index
        return None

    def _lowest_free(self) -> int:
        # After goals climbed, the lowest slot without a bug is always free (see the rules).
        return self.slots.index(EMPTY)

    def _check_goals(self) -> None:
        """Solve face-up goals that A holds; win when the deck and the slots are empty."""
        oldest = self.oldest()
        while oldest is not None and self.slots[oldest] == self.registers[0]:
            self.slots[oldest] = EMPTY
            self.slot_cards[oldest] = ()
            self.solved += 1
            oldest = self.oldest()
        if (
            oldest is None
            and not self.deck_table.total
            and self.half is None
            and not self.setup_registers
        ):
            self.outcome = "won"
            self._finish("all-goals-solved")

    # ------------------------------------------------------------------ drawing
    def _receive_goal(self, value: int, cards: tuple[int, ...]) -> None:
        if self.setup_registers:
            self.registers[REGISTERS.index(self.setup_registers.pop(0))] = value
            self.solved += 1
            if not self.setup_registers:
                self._shuffle_in()
            self._continue_draw()
            return
        slot = self._lowest_free()
        self.slots[slot] = value
        self.slot_cards[slot] = cards
        self._start_round()

    def _receive_bug(self) -> None:
        self.slots[self._lowest_free()] = BUGGED
        self._start_round()

    def _deck_exhausted(self) -> None:
        self._start_round()

    def _after_event(self) -> None:
        self._check_goals()
        if self.phase is not OVER:
            self._continue_draw()

    # ------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        self.energy = self.game.energy
        self.phase = PLAY
        self._after_play(0)

    def _after_play(self, seat: int) -> None:
        self._check_goals()
        if self.phase is PLAY and len(self._play_ids(0)) == 1:  # only END is left
            self._end(0)

    def _end(self, seat: int) -> None:
        """End of round: goals climb (past slot 4 loses), then unspent energy is lost and a card
        is drawn (the next round's energy comes once it is placed)."""
        for index in range(SLOTS - 1, -1, -1):
            if self.slots[index] < 0:
                continue
            target = index + 1
            while target < SLOTS and self.slots[target] == BUGGED:
                target += 1
            if target == SLOTS:
                self.outcome = "lost"
                self._finish("goal-overflow", goal=bits(self.slots[index], self.width))
                return
            self.slots[target], self.slots[index] = self.slots[index], EMPTY
            self.slot_cards[target], self.slot_cards[index] = self.slot_cards[index], ()
        self.round += 1
        self.energy = 0
        self._continue_draw()

    # ------------------------------------------------------------------ results
    def score_parts(self) -> dict[str, int]:
        """The score (goals solved) part by part: ``setup``, the goals copied into the
        registers at setup (they count as solved), ``in_play``, those A showed since, and
        ``total``, their sum.

        >>> import moonbase
        >>> state = moonbase.load("moon", difficulty="normal").new(seed=2)
        >>> state.score_parts(), state.scores()
        ({'setup': 2, 'in_play': 0, 'total': 2}, [2.0])
        """
        copied = self.setup_goals - len(self.setup_registers)
        return {"setup": copied, "in_play": self.solved - copied, "total": self.solved}

    def _scores(self) -> list[float]:
        return [float(self.solved)]

    def _winners(self) -> list[int]:
        return [0] if self.outcome == "won" else []

    # ------------------------------------------------------------------ what a seat sees
    def _view(self, seat: int | None) -> CooperativeView:
        oldest = self.oldest()
        slots: list[str | None] = []
        for index, value in enumerate(self.slots):
            if value == EMPTY:
                slots.append(None)
            elif value == BUGGED:
                slots.append("BUG")
            else:
                slots.append(bits(value, self.width) if index == oldest else "hidden")
        return {
            "mode": "cooperative",
            **self._machine_view(),
            "slots": slots,
            "solved": self.solved,
            "score_parts": self.score_parts(),
            "outcome": self.outcome,
            "round": self.round,
            "costs": self.operation_costs(0),
        }

    def _hidden_draws(self, seat: int | None) -> list[int]:
        oldest = self.oldest()
        indices = [
            index
            for slot, value in enumerate(self.slots)
            if value >= 0 and slot != oldest
            for index in self.slot_cards[slot]
        ]
        if self.half is not None:
            indices.append(self.half)
        return indices

    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        """Deal the face-down goals (and a half-drawn wide goal) again from the unseen cards."""
        oldest = self.oldest()
        hidden = [slot for slot, value in enumerate(self.slots) if value >= 0 and slot != oldest]
        indices = self._hidden_draws(seat)
        pool = self._pool(indices)
        rng.shuffle(pool)
        self._redeal(indices, pool)
        for slot in hidden:
            self.slots[slot] = self.goal_of(self.slot_cards[slot])

    # ------------------------------------------------------------------ text
    def _render(self) -> str:
        return render_view(self._view(None))
