"""The part of MOON's rules both modes share: the machine, the deck, events and repairs.

:class:`MoonState` keeps the registers, the energy of the round or turn, what an ERROR has
disabled and the deck (a multiset of card names: each draw is a chance event over what is
left). It draws cards, assembles goals from one or two goal cards, resolves events and
carries out operations. :mod:`~moonbase.games.moon.cooperative` and
:mod:`~moonbase.games.moon.competitive` say what happens to the goals and bugs drawn, whose turn
it is and when a round ends.
"""

from __future__ import annotations

from abc import abstractmethod
from functools import cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from moonbase.core import CHANCE, State
from moonbase.games.moon.cards import BUG, event_cards, goal_value, is_goal_card
from moonbase.games.moon.machine import OPERATIONS, REGISTERS, Operation, energy_text
from moonbase.games.moon.notation import canonical, explain

if TYPE_CHECKING:
    from moonbase.games.moon.game import MoonGame

__all__ = ["DRAW", "OVER", "PLAY", "REPAIR", "MoonState"]

DRAW: Final = "draw"
"""Waiting for a card (a chance node)."""
PLAY: Final = "play"
"""A seat spends energy on operations."""
REPAIR: Final = "repair"
"""An OK card was drawn with several errors in place: a seat chooses which to repair."""
OVER: Final = "over"

_REGISTER_INDEX: Final = {name: index for index, name in enumerate(REGISTERS)}


class Entry(NamedTuple):
    """One action that may be legal in the play phase, with what it depends on."""

    text: str
    operation: str | None
    """The operation it uses (``None`` for END and PEEK)."""
    registers: frozenset[str]
    """Registers it names (an ERROR on one of them forbids it)."""
    peek: int | None = None
    """The seat a PEEK looks at."""


LegalKey = tuple[int, frozenset[str], frozenset[str], bool]
"""What the legal actions depend on: seat, affordable operations, disabled names, PEEK."""


@cache
def catalog(
    operations: tuple[str, ...], competitive: bool, same_register: bool, seats: int
) -> tuple[tuple[Entry, ...], dict[str, Entry], dict[LegalKey, tuple[str, ...]]]:
    """Every play-phase action a game with these settings can ever allow, sorted, and by text;
    and a memo of legal action lists shared by every state with these settings.

    >>> entries, by_text, _ = catalog(("INC", "XOR"), False, False, 1)
    >>> [entry.text for entry in entries][:3], by_text["XOR A C"].registers == {"A", "C"}
    (['END', 'INC A', 'INC B'], True)
    """
    entries = [Entry("END", None, frozenset())]
    for name in operations:
        if OPERATIONS[name].operands == 1:
            entries.extend(Entry(f"{name} {r}", name, frozenset(r)) for r in REGISTERS)
            continue
        entries.extend(
            Entry(f"{name} {target} {source}", name, frozenset((target, source)))
            for target in REGISTERS
            for source in REGISTERS
            if target != source or same_register
        )
        if competitive and name == "MOV":
            for r in REGISTERS:
                entries.append(Entry(f"MOV RAM {r}", name, frozenset(r)))
                entries.append(Entry(f"MOV {r} RAM", name, frozenset(r)))
    if competitive:
        entries.extend(Entry(f"PEEK {seat}", None, frozenset(), seat) for seat in range(seats))
    entries.sort()
    return tuple(entries), {entry.text: entry for entry in entries}, {}


class MoonState(State):
    """A MOON game in progress (either mode). Create one with ``moonbase.load("moon").new()``."""

    game: MoonGame

    def __init__(self, game: MoonGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        self.width = game.width
        self.mask = (1 << self.width) - 1
        self.competitive = game.competitive
        self.operations: tuple[str, ...] = game.option("operations", tuple)
        self.same_register = bool(game.options["same_register"])
        self.registers = [0, 0, 0, 0]
        self.energy = 0
        self.disabled: set[str] = set()
        self.deck: dict[str, int] = {format(value, "04b"): 1 for value in range(16)}
        self.phase = DRAW
        self.half: int | None = None
        """History index of the left card of a wide goal whose right card is still to come."""
        self.repairer = 0
        self.ended: tuple[dict[str, Any], ...] = ()
        """Why the game is over (the view's ``ended``): set once, by :meth:`_finish`."""
        self._entries, self._by_text, self._legal_memo = catalog(
            self.operations, self.competitive, self.same_register, game.seats
        )

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

    def _finish(self, trigger: str, **data: Any) -> None:
        """End the game, because of ``trigger`` (a code of the view's ``ended``, with
        ``data``): every end of the game goes through here, so its reason is never guessed."""
        self.phase = OVER
        self.ended = ({"trigger": trigger, **data},)

    def _masked(self, seat: int | None) -> dict[int, str]:
        return dict.fromkeys(self._hidden_draws(seat), "DRAW ?")

    def _price(self, seat: int, op: Operation) -> int:
        """What ``op`` costs ``seat`` now, in half-units."""
        return op.cost(self.competitive)

    def _pay(self, seat: int, op: Operation) -> None:
        self.energy -= self._price(seat, op)

    def _can_peek(self, seat: int) -> bool:
        """Whether ``seat`` holds a bug to PEEK with (competitive only)."""
        return False

    def _do_extra(self, seat: int, action: str) -> None:
        raise AssertionError(f"unexpected action {action!r}")

    def _read(self, seat: int, operand: str) -> int:
        return self.registers[_REGISTER_INDEX[operand]]

    def _write(self, seat: int, operand: str, value: int) -> None:
        self.registers[_REGISTER_INDEX[operand]] = value

    # ------------------------------------------------------------------ the protocol hooks
    def _actors(self) -> tuple[int, ...]:
        if self.phase == PLAY:
            return (self._player(),)
        if self.phase == DRAW:
            return (CHANCE,)
        if self.phase == REPAIR:
            return (self.repairer,)
        return ()

    def _legal(self, seat: int) -> list[str]:
        if self.phase == REPAIR:
            return sorted(f"REPAIR {target}" for target in self.disabled)
        affordable = frozenset(op.name for op in self.affordable(seat))
        can_peek = self._can_peek(seat)
        key = (seat, affordable, frozenset(self.disabled), can_peek)
        legal = self._legal_memo.get(key)
        if legal is None:
            legal = self._legal_memo[key] = tuple(
                entry.text
                for entry in self._entries
                if self._allows(seat, entry, affordable, can_peek)
            )
        return list(legal)

    def _allows(self, seat: int, entry: Entry, affordable: frozenset[str], can_peek: bool) -> bool:
        if entry.operation is not None:
            return entry.operation in affordable and not (entry.registers & self.disabled)
        if entry.peek is not None:
            return can_peek and entry.peek != seat
        return True

    def _is_legal(self, seat: int, action: str) -> bool:
        if self.phase == REPAIR:
            return action.removeprefix("REPAIR ") in self.disabled and action.startswith("REPAIR")
        entry = self._by_text.get(action)
        if entry is None:
            return False
        op = OPERATIONS.get(entry.operation or "")
        affordable = (
            frozenset()
            if op is None or op.name in self.disabled or self._price(seat, op) > self.energy
            else frozenset((op.name,))
        )
        return self._allows(seat, entry, affordable, self._can_peek(seat))

    def _chance_weights(self) -> list[tuple[str, int]]:
        return [(f"DRAW {card}", count) for card, count in sorted(self.deck.items())]

    def _canonical(self, action: str) -> str:
        return canonical(action)

    def _why_illegal(self, seat: int, action: str) -> str:
        return explain(self, seat, action)

    def _do(self, seat: int, action: str) -> None:
        if seat == CHANCE:
            self._draw(action.removeprefix("DRAW "))
        elif action.startswith("REPAIR "):
            self.disabled.discard(action.removeprefix("REPAIR "))
            self._after_event()
        elif action == "END":
            self._end(seat)
        else:
            name, *operands = action.split(" ")
            op = OPERATIONS.get(name)
            if op is None:
                self._do_extra(seat, action)
            else:
                self._operate(seat, op, operands)
            self._after_play(seat)

    # ------------------------------------------------------------------ operations
    def enabled_registers(self) -> list[str]:
        """Registers that may be operands (not disabled by an ERROR)."""
        return [name for name in REGISTERS if name not in self.disabled]

    def affordable(self, seat: int) -> list[Operation]:
        """Operations in play, not disabled, that ``seat`` can pay for now."""
        return [
            OPERATIONS[name]
            for name in self.operations
            if name not in self.disabled and self._price(seat, OPERATIONS[name]) <= self.energy
        ]

    def _has_play(self, seat: int) -> bool:
        """Whether ``seat`` has any action but END (so the round does not end by itself)."""
        if self._can_peek(seat):
            return True
        two_operands = (
            self.same_register or len(self.disabled.intersection(REGISTERS)) < 3
        )  # A is never disabled, so two operands need one more register
        for name in self.operations:
            if name in self.disabled:
                continue
            op = OPERATIONS[name]
            usable = op.operands == 1 or two_operands or (self.competitive and name == "MOV")
            if usable and self._price(seat, op) <= self.energy:
                return True
        return False

    def _operate(self, seat: int, op: Operation, operands: list[str]) -> None:
        self._pay(seat, op)
        target = operands[0]
        source = self._read(seat, operands[1]) if len(operands) == 2 else 0
        self._write(seat, target, op.effect(self._read(seat, target), source, self.mask))

    # ------------------------------------------------------------------ cards
    def card_at(self, index: int) -> str:
        """The card drawn at history ``index``."""
        return self._history[index][1].removeprefix("DRAW ")

    def goal_of(self, cards: tuple[int, ...]) -> int:
        """The goal made by the goal cards drawn at history indices ``cards``."""
        return goal_value([int(self.card_at(index), 2) for index in cards], self.width)

    def _shuffle_in(self, bugs: int, events: bool) -> None:
        """Add the bugs and (with ``events``) the event cards to the deck."""
        if bugs:
            self.deck[BUG] = bugs
        if events:
            for card, count in event_cards(bool(self.game.options["extras"])).items():
                self.deck[card] = count

    def _continue_draw(self) -> None:
        """Draw the next card, or tell the mode that the deck is empty."""
        if self.deck:
            self.phase = DRAW
        else:
            self.half = None
            self._deck_exhausted()

    def _draw(self, card: str) -> None:
        index = len(self._history) - 1
        left = self.deck[card] - 1
        if left:
            self.deck[card] = left
        else:
            del self.deck[card]
        if is_goal_card(card):
            if self.width > 4 and self.half is None:
                self.half = index
                self._continue_draw()
                return
            cards = (index,) if self.half is None else (self.half, index)
            self.half = None
            self._receive_goal(self.goal_of(cards), cards)
        elif card == BUG:
            self._receive_bug()
        else:
            self._resolve_event(card)

    def _resolve_event(self, card: str) -> None:
        kind, _, target = card.partition(" ")
        if kind == "OK":
            if len(self.disabled) >= 2:
                self.phase = REPAIR
                self.repairer = self._drawer()
                return
            self.disabled.clear()
        elif kind == "RESET" and target in _REGISTER_INDEX:
            self.registers[_REGISTER_INDEX[target]] = 0
        elif kind == "RESET":
            bit = int(target)
            self.registers = [value & ~bit for value in self.registers]
        elif target in _REGISTER_INDEX or target in self.operations:
            # An ERROR on an operation that is not in play has nothing to disable.
            self.disabled.add(target)
        self._after_event()

    def _redeal(self, indices: list[int], rng_shuffle: list[str]) -> None:
        """Give the cards drawn at history ``indices`` the first of ``rng_shuffle`` (a shuffled
        pool of those cards and the deck's goal cards), and put the rest back in the deck."""
        for index, card in zip(indices, rng_shuffle, strict=False):
            self._rewrite_chance(index, f"DRAW {card}")
        for card in [card for card in self.deck if is_goal_card(card)]:
            del self.deck[card]
        for card in rng_shuffle[len(indices) :]:
            self.deck[card] = self.deck.get(card, 0) + 1

    def _pool(self, indices: list[int]) -> list[str]:
        """The cards drawn at ``indices`` and every goal card still in the deck, sorted: the
        order must not depend on which hidden card is where, or two states a seat cannot tell
        apart would resample differently from the same generator."""
        pool = [self.card_at(index) for index in indices]
        for card, count in self.deck.items():
            if is_goal_card(card):
                pool.extend([card] * count)
        return sorted(pool)

    # ------------------------------------------------------------------ shared view parts
    def _machine_view(self) -> dict[str, Any]:
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
            "disabled": sorted(self.disabled),
            "deck": sum(self.deck.values()),
            "phase": self.phase,
            "ended": [dict(entry) for entry in self.ended],
        }

    def operation_costs(self, seat: int) -> dict[str, float]:
        """The energy each operation in play costs ``seat`` now (hackers and free uses included)."""
        return {name: self._price(seat, OPERATIONS[name]) / 2 for name in self.operations}

    def _machine_snapshot(self) -> dict[str, Any]:
        return {
            "registers": list(self.registers),
            "energy": self.energy,
            "disabled": sorted(self.disabled),
            "deck": dict(sorted(self.deck.items())),
            "phase": self.phase,
            "half": self.half,
            "repairer": self.repairer,
            "ended": [dict(entry) for entry in self.ended],
        }

    def _copy_machine(self, other: MoonState) -> None:
        other.registers = list(self.registers)
        other.disabled = set(self.disabled)
        other.deck = dict(self.deck)

    def energy_left(self) -> str:
        """Energy left in this round or turn, as people write it."""
        return energy_text(self.energy)
