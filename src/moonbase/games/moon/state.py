"""The part of MOON's rules both modes share: the machine, the deck, events and repairs.

:class:`MoonState` keeps the registers, the energy of the round or turn, what an ERROR has
disabled and the deck (a multiset of cards: each draw is a chance event over what is left). It
draws cards, assembles goals from one or two goal cards, resolves events and carries out
operations. :mod:`~moonbase.games.moon.cooperative` and :mod:`~moonbase.games.moon.competitive`
say what happens to the goals and bugs drawn, whose turn it is and when a round ends.

The rules work on ids: each action id and each card is decoded once per game
(:mod:`~moonbase.games.moon.notation`), and the legal actions come from lookup tables
(:mod:`~moonbase.games.moon.tables`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from moonbase.core import CHANCE, State
from moonbase.core.chance import ChanceTable
from moonbase.core.fields import Copy
from moonbase.games.moon.cards import goal_value
from moonbase.games.moon.machine import OPERATIONS, REGISTERS, energy_text
from moonbase.games.moon.notation import CardKind, Kind, Move, disabled_names
from moonbase.games.moon.tables import EFFECTS, PriceTable, Tables
from moonbase.games.moon.views import MachineView, MoonView, PhaseName
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.games.moon.game import MoonGame

__all__ = ["DRAW", "OVER", "PLAY", "REPAIR", "MoonState", "Phase"]


class Phase(Enum):
    """What a MOON game waits for (the view's ``phase`` is its value)."""

    DRAW = "draw"
    """Waiting for a card (a chance node)."""
    PLAY = "play"
    """A seat spends energy on operations."""
    REPAIR = "repair"
    """An OK card was drawn with several errors in place: a seat chooses which to repair."""
    OVER = "over"


DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
REPAIR: Final = Phase.REPAIR
OVER: Final = Phase.OVER

_PHASE_NAMES: Final[dict[Phase, PhaseName]] = {
    DRAW: "draw",
    PLAY: "play",
    REPAIR: "repair",
    OVER: "over",
}
_OPERATION_NAMES: Final = tuple(OPERATIONS)
_OPERATE: Final = Kind.OPERATE
_END: Final = Kind.END
_PEEK: Final = Kind.PEEK


class MoonState(State[MoonView]):
    """A MOON game in progress (either mode). Create one with ``moonbase.load("moon").new()``."""

    game: MoonGame

    FIELDS: ClassVar[Mapping[str, Copy]] = {
        "width": Copy.SHARED,
        "mask": Copy.SHARED,
        "competitive": Copy.SHARED,
        "operations": Copy.SHARED,
        "same_register": Copy.SHARED,
        "tables": Copy.CACHE,
        "moves": Copy.CACHE,
        "registers": Copy.FLAT,
        "energy": Copy.SHARED,
        "disabled": Copy.SHARED,
        "deck_table": Copy.SHARED,
        "phase": Copy.SHARED,
        "half": Copy.SHARED,
        "repairer": Copy.SHARED,
        "ended": Copy.SHARED,
    }

    KEEPS_LEGAL_LISTS: ClassVar[bool] = True
    """The legal ids come from the tables' memos (:meth:`_play_ids`, ``repair_ids``)."""

    def __init__(self, game: MoonGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        self.width = game.width
        self.mask = (1 << self.width) - 1
        self.competitive = game.competitive
        self.operations: tuple[str, ...] = game.option("operations", tuple)
        self.same_register = bool(game.options["same_register"])
        self.tables: Tables = game.tables
        """The game's decoded actions and cards and its legality memo (shared, derived)."""
        self.moves = self.tables.moves
        """Each action id decoded (the tables', at hand)."""
        self.registers = [0, 0, 0, 0]
        self.energy = 0
        self.disabled = 0
        """What an ERROR disabled: registers in bits 0–3, operations above (see
        :func:`~moonbase.games.moon.notation.disabled_bit`)."""
        self.deck_table: ChanceTable = self.tables.goal_deck
        """The cards left, each with its count, by chance outcome id: the next draw's chance
        table. Replaced, never changed in place (clones share it)."""
        self.phase = DRAW
        self.half: int | None = None
        """History index of the left card of a wide goal whose right card is still to come."""
        self.repairer = 0
        self.ended: tuple[dict[str, Any], ...] = ()
        """Why the game is over (the view's ``ended``): set once, by :meth:`_finish`."""

    # ------------------------------------------------------------------ mode hooks
    @abstractmethod
    def _player(self) -> int:
        """The seat whose round or turn it is."""

    @abstractmethod
    def _drawer(self) -> int:
        """The seat a card is drawn for (who chooses the repair of an OK card)."""

    @abstractmethod
    def _receive_goal(self, value: int, cards: tuple[int, ...]) -> None:
        """A goal was drawn (``cards``: history indices of its one or two cards)."""

    @abstractmethod
    def _receive_bug(self) -> None:
        """A BUG card was drawn."""

    @abstractmethod
    def _deck_exhausted(self) -> None:
        """A draw is due but the deck is empty."""

    @abstractmethod
    def _after_event(self) -> None:
        """An event was resolved (and any repair chosen)."""

    @abstractmethod
    def _after_play(self, seat: int) -> None:
        """A seat's operation or free action was carried out."""

    @abstractmethod
    def _end(self, seat: int) -> None:
        """``END``: the round or turn is over."""

    @abstractmethod
    def _hidden_draws(self, seat: int | None) -> list[int]:
        """History indices of the goal cards ``seat`` has not seen (those :meth:`_redraw`
        deals again), in the order they are dealt."""

    @abstractmethod
    def _prices(self, seat: int) -> PriceTable:
        """``seat``'s price table now (a hacker's free uses change it)."""

    @abstractmethod
    def _play_ids(self, seat: int) -> list[int]:
        """The legal ids of ``seat`` in the play phase, from its price table's memo (keyed
        by :func:`~moonbase.games.moon.tables.legal_key`): a shared list, never to change.
        More than END in it means the round or turn goes on."""

    def _peek(self, seat: int, target: int) -> None:
        raise AssertionError("PEEK is a competitive action")

    def _operate_ram(self, seat: int, move: Move) -> None:
        raise AssertionError("RAM exists only in the competitive game")

    def _use_free(self) -> None:
        """An operation was free: one of a hacker's free uses of the turn is spent."""
        raise AssertionError("only a hacker's operations are ever free")

    def _finish(self, trigger: str, **data: Any) -> None:
        """End the game, because of ``trigger`` (a code of the view's ``ended``, with
        ``data``): every end of the game goes through here, so its reason is never guessed."""
        self.phase = OVER
        self.ended = ({"trigger": trigger, **data},)

    def _masked(self, seat: int | None) -> dict[int, str]:
        return dict.fromkeys(self._hidden_draws(seat), "DRAW ?")

    # ------------------------------------------------------------------ the protocol hooks
    def _actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is PLAY:
            return (self._player(),)
        if phase is DRAW:
            return (CHANCE,)
        if phase is REPAIR:
            return (self.repairer,)
        return ()

    def _legal_ids(self, seat: int) -> list[int]:
        if self.phase is REPAIR:
            return self.tables.repair_ids(self.disabled)
        return self._play_ids(seat)

    def _chance_weights(self) -> list[tuple[int, int]]:
        return self.deck_table.weights()

    def _chance_table(self) -> ChanceTable:
        return self.deck_table

    def _asking(self, seat: int) -> str:
        if self.phase is REPAIR:
            return _("an OK card was drawn: choose which error to repair first")
        asked = _("spend the {energy} energy left on what it pays for, or END").format(
            energy=energy_text(self.energy)
        )
        if self.disabled:
            asked += "; " + _("disabled by an ERROR: {names}").format(
                names=", ".join(self.disabled_names())
            )
        return asked

    def _do(self, seat: int, action: int) -> None:
        if seat == CHANCE:
            self._draw(action)
            return
        move = self.moves[action]
        kind = move.kind
        if kind is _OPERATE:
            self._operate(seat, move)
        elif kind is _END:
            self._end(seat)
            return
        elif kind is _PEEK:
            self._peek(seat, move.seat)
        else:
            self.disabled &= ~move.repair
            self._after_event()
            return
        self._after_play(seat)

    # ------------------------------------------------------------------ operations
    def _operate(self, seat: int, move: Move) -> None:
        price = self._prices(seat).prices[move.op]
        if price:
            self.energy -= price
        else:
            self._use_free()
        if move.ram:
            self._operate_ram(seat, move)
            return
        registers = self.registers
        target = move.target
        registers[target] = EFFECTS[move.op](registers[target], registers[move.source], self.mask)

    def disabled_names(self) -> list[str]:
        """What an ERROR disabled, by name, sorted."""
        return disabled_names(self.disabled)

    def enabled_registers(self) -> list[str]:
        """Registers that may be operands (not disabled by an ERROR)."""
        return [name for index, name in enumerate(REGISTERS) if not self.disabled >> index & 1]

    def operation_costs(self, seat: int) -> dict[str, float]:
        """The energy each operation in play costs ``seat`` now (hackers and free uses included)."""
        prices = self._prices(seat).prices
        return {name: prices[_OPERATION_NAMES.index(name)] / 2 for name in self.operations}

    # ------------------------------------------------------------------ cards
    @property
    def deck(self) -> dict[str, int]:
        """The cards left, by name, with their counts."""
        texts = self.game.outcomes.texts
        return {
            texts[outcome].removeprefix("DRAW "): count
            for outcome, count in self.deck_table.weights()
        }

    def card_at(self, index: int) -> str:
        """The card drawn at history ``index``."""
        return self.game.outcomes.texts[self._entry(index)[1]].removeprefix("DRAW ")

    def goal_card(self, index: int) -> int:
        """The value of the goal card drawn at history ``index``."""
        return self.tables.cards[self._entry(index)[1]].value

    def goal_of(self, cards: tuple[int, ...]) -> int:
        """The goal made by the goal cards drawn at history indices ``cards``."""
        return goal_value([self.goal_card(index) for index in cards], self.width)

    def _shuffle_in(self) -> None:
        """Add the bugs and (with option ``events``) the event cards to the deck (whose goal
        cards are all there still: the setup's goals leave it only in the cooperative game,
        which shuffles in once they are drawn)."""
        # Goal cards' ids come first ("DRAW 0000" … sort before letters): the deck stays sorted.
        self.deck_table = ChanceTable([*self.deck_table.weights(), *self.tables.other_cards])

    def _continue_draw(self) -> None:
        """Draw the next card, or tell the mode that the deck is empty."""
        if self.deck_table.total:
            self.phase = DRAW
        else:
            self.half = None
            self._deck_exhausted()

    def _take(self, outcome: int) -> None:
        """Take one card of chance outcome ``outcome`` out of the deck."""
        self.deck_table = self.deck_table.without_one(outcome)

    def _draw(self, outcome: int) -> None:
        self._take(outcome)
        card = self.tables.cards[outcome]
        kind = card.kind
        if kind is CardKind.GOAL:
            index = len(self._history) - 1
            half = self.half
            if half is not None:
                self.half = None
                value = goal_value([self.goal_card(half), card.value], self.width)
                self._receive_goal(value, (half, index))
            elif self.width > 4:
                self.half = index
                self._continue_draw()
            else:
                self._receive_goal(card.value, (index,))
        elif kind is CardKind.BUG:
            self._receive_bug()
        else:
            self._resolve_event(kind, card.value)

    def _resolve_event(self, kind: CardKind, value: int) -> None:
        if kind is CardKind.OK:
            if self.disabled.bit_count() >= 2:
                self.phase = REPAIR
                self.repairer = self._drawer()
                return
            self.disabled = 0
        elif kind is CardKind.RESET_REGISTER:
            self.registers[value] = 0
        elif kind is CardKind.RESET_BITS:
            self.registers = [register & ~value for register in self.registers]
        else:
            # An ERROR on an operation that is not in play has nothing to disable.
            self.disabled |= value & self.tables.disablable
        self._after_event()

    def _redeal(self, indices: list[int], shuffled: list[int]) -> None:
        """Give the cards drawn at history ``indices`` the first goal cards of ``shuffled`` (a
        shuffled pool of those cards and the deck's goal cards, by value), and put the rest
        back in the deck."""
        goal_outcome = self.tables.goal_outcome
        for index, value in zip(indices, shuffled, strict=False):
            self._rewrite_chance(index, goal_outcome[value])
        counts: dict[int, int] = {}
        for value in shuffled[len(indices) :]:
            counts[goal_outcome[value]] = counts.get(goal_outcome[value], 0) + 1
        cards = self.tables.cards
        weights = self.deck_table.weights()
        others = [entry for entry in weights if cards[entry[0]].kind is not CardKind.GOAL]
        self.deck_table = ChanceTable(sorted([*others, *counts.items()]))

    def _pool(self, indices: list[int]) -> list[int]:
        """The goal cards drawn at ``indices`` and every goal card still in the deck, by
        value, sorted: the order must not depend on which hidden card is where, or two states
        a seat cannot tell apart would resample differently from the same generator."""
        pool = [self.goal_card(index) for index in indices]
        cards = self.tables.cards
        for outcome, count in self.deck_table.weights():
            card = cards[outcome]
            if card.kind is CardKind.GOAL:
                pool.extend([card.value] * count)
        return sorted(pool)

    # ------------------------------------------------------------------ shared view parts
    def _machine_view(self) -> MachineView:
        """The view keys both modes share: ``width``, ``registers``, ``energy``,
        ``disabled``, ``deck``, ``phase``, and ``ended``: ``[]`` while the game goes on, then
        the reason it ended (:meth:`_finish`), ``[{"trigger": code, ...}]``:

        - ``all-goals-solved`` (cooperative) — the deck is empty and no goal is pending: the
          mission is won;
        - ``goal-overflow`` (cooperative) — ``goal`` (the face-up one: bugs only ever fill
          the lowest slots, so it is in slot 4) had to move up past slot 4: the mission is
          lost;
        - ``deck-empty`` (competitive) — ``seat`` had to draw (a goal, or a card in place of
          one) and the deck was empty;
        - ``max-rounds`` (competitive) — all ``rounds`` rounds were played.
        """
        return {
            "width": self.width,
            "registers": {
                name: format(value, f"0{self.width}b")
                for name, value in zip(REGISTERS, self.registers, strict=True)
            },
            "energy": self.energy / 2,
            "disabled": self.disabled_names(),
            "deck": self.deck_table.total,
            "phase": _PHASE_NAMES[self.phase],
            "ended": [dict(entry) for entry in self.ended],
        }

    def energy_left(self) -> str:
        """Energy left in this round or turn, as people write it."""
        return energy_text(self.energy)
