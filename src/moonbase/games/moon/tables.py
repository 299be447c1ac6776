"""MOON's rules as lookup tables, built once per game and options, so a step does no search.

The legal actions of the play phase depend on few things: which operations the seat can pay
for (the energy left, looked up in the seat's price table), what an ERROR disabled, and whether
the seat may PEEK. :class:`Tables` answers from a memo shared by every state of a game; each
price table lists, for every energy a round or turn can have left, the operations it pays for.

>>> import moonbase
>>> game = moonbase.load("moon")
>>> tables = tables_for(game)
>>> prices = tables.price_tables[0][0]
>>> [name for name in game.options["operations"]
...  if prices.affordable[1] >> OPERATION_INDEX[name] & 1]
['OR', 'AND', 'XOR']
>>> [game.action_text(i) for i in tables.play_ids(prices, 1, 0b0110, -1)][:3]
['AND A D', 'AND D A', 'END']
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from moonbase.core.chance import ChanceTable
from moonbase.games.moon.cards import BUG, HACKERS, Hacker, event_cards
from moonbase.games.moon.machine import OPERATIONS, Effect
from moonbase.games.moon.notation import (
    OPERATION_INDEX,
    Card,
    Kind,
    Move,
    decode_card,
    decode_move,
)

if TYPE_CHECKING:
    from moonbase.games.moon.game import MoonGame

__all__ = ["EFFECTS", "OPERATION_INDEX", "PriceTable", "Tables", "legal_key", "tables_for"]

EFFECTS: tuple[Effect, ...] = tuple(op.effect for op in OPERATIONS.values())
"""Each operation's effect, by operation index."""
_REGISTER_BITS = 0b1111
_OPERATION_SHIFT = 4


class PriceTable(NamedTuple):
    """What each operation costs a seat (half-units, by operation index), and for each energy
    from 0 to the most a round or turn has, the operations in play it pays for (a mask); with
    the memo of the legal ids of the play phase under these prices (see :func:`legal_key`)."""

    prices: tuple[int, ...]
    affordable: tuple[int, ...]
    legal: dict[int, list[int]]


def legal_key(energy: int, disabled: int, peeker: int) -> int:
    """The key of a price table's memo of legal ids: the energy left, what an ERROR disabled
    and the seat that may PEEK (-1: none), in one number.

    >>> legal_key(3, 0b10, -1) == 3 | 0b10 << 8
    True
    """
    return energy | disabled << 8 | (peeker + 1) << 30


class Tables:
    """Every action and card decoded, and the memo of legal action ids, for one game."""

    def __init__(self, game: MoonGame) -> None:
        self.moves: tuple[Move, ...] = tuple(decode_move(text) for text in game.actions.texts)
        """Each action id decoded."""
        self.cards: tuple[Card, ...] = tuple(
            decode_card(text.removeprefix("DRAW ")) for text in game.outcomes.texts
        )
        """Each chance outcome id decoded."""
        self.goal_outcome = tuple(game.outcomes.id(f"DRAW {value:04b}") for value in range(16))
        """The chance outcome id of each goal card, by value."""
        operations: tuple[str, ...] = game.option("operations", tuple)
        self.in_play = sum(1 << OPERATION_INDEX[name] for name in operations)
        """The operations in play, as a mask of operation indices."""
        self.disablable = _REGISTER_BITS | self.in_play << _OPERATION_SHIFT
        """What an ERROR can disable in this game (an operation out of play has nothing)."""
        self.end = game.actions.id("END")
        self.goal_deck = ChanceTable((outcome, 1) for outcome in self.goal_outcome)
        """The deck before bugs and events join: one of each goal card (never change it)."""
        extras = {BUG: game.option("bugs", int)} if game.options["bugs"] else {}
        if game.options["events"]:
            extras.update(event_cards(bool(game.options["extras"])))
        self.other_cards = sorted((game.outcomes.id(f"DRAW {c}"), n) for c, n in extras.items())
        """The bugs and (with events) the event cards shuffled in, by id (never change it)."""
        assert all(outcome > self.goal_outcome[-1] for outcome, _ in self.other_cards)
        self._entries: list[list[tuple[int, int]]] = [[] for _ in OPERATIONS]
        self._peeks: list[list[int]] = [[] for _ in range(game.seats)]
        self._repairs: dict[int, int] = {}
        for number, move in enumerate(self.moves):
            if move.kind is Kind.OPERATE:
                self._entries[move.op].append((number, move.registers))
            elif move.kind is Kind.PEEK:
                for seat in range(game.seats):
                    if seat != move.seat:
                        self._peeks[seat].append(number)
            elif move.kind is Kind.REPAIR:
                self._repairs[move.repair] = number
        self.price_tables = self._price_tables(game, operations)
        """``price_tables[seat][free]``: the seat's prices, ``free`` (1) while it has free
        uses of a hacker's operations left (cooperatively, one seat, the same either way)."""
        self._repair: dict[int, list[int]] = {}

    def _price_tables(
        self, game: MoonGame, operations: tuple[str, ...]
    ) -> tuple[tuple[PriceTable, PriceTable], ...]:
        most = game.energy
        if not game.competitive:
            table = _price_table([op.cooperative_cost for op in OPERATIONS.values()], most, self)
            return ((table, table),)
        colours = game.option("hackers", tuple) or ("none",) * game.seats
        return tuple(_hacker_tables(HACKERS.get(colour), most, self) for colour in colours)

    def play_ids(self, prices: PriceTable, energy: int, disabled: int, peeker: int) -> list[int]:
        """The legal ids in the play phase, ascending: END, the operations ``prices`` pays
        for with ``energy`` that are not ``disabled`` and name no register that is, and the
        PEEKs when ``peeker`` (a seat, or -1) holds a bug. The list is shared: never change it.
        (A state looks its memo up itself, with :func:`legal_key`; this fills it.)"""
        key = legal_key(energy, disabled, peeker)
        found = prices.legal.get(key)
        if found is None:
            usable = prices.affordable[energy] & ~(disabled >> _OPERATION_SHIFT)
            found = prices.legal[key] = self._list_play(usable, disabled & _REGISTER_BITS, peeker)
        return found

    def _list_play(self, usable: int, disabled_registers: int, peeker: int) -> list[int]:
        ids = [self.end]
        for op, entries in enumerate(self._entries):
            if usable >> op & 1:
                ids.extend(number for number, names in entries if not names & disabled_registers)
        if peeker >= 0:
            ids.extend(self._peeks[peeker])
        return sorted(ids)

    def repair_ids(self, disabled: int) -> list[int]:
        """The legal ids when an OK card asks which error to repair, ascending (shared)."""
        found = self._repair.get(disabled)
        if found is None:
            found = self._repair[disabled] = sorted(
                number for bit, number in self._repairs.items() if disabled & bit
            )
        return found


def _price_table(prices: list[int], most: int, tables: Tables) -> PriceTable:
    affordable = tuple(
        sum(1 << op for op, price in enumerate(prices) if tables.in_play >> op & 1 and price <= e)
        for e in range(most + 1)
    )
    return PriceTable(tuple(prices), affordable, {})


def _hacker_tables(
    hacker: Hacker | None, most: int, tables: Tables
) -> tuple[PriceTable, PriceTable]:
    paid = [
        hacker.costs.get(op.name, op.competitive_cost) if hacker else op.competitive_cost
        for op in OPERATIONS.values()
    ]
    free = [
        0 if hacker and op.name in hacker.free else price
        for op, price in zip(OPERATIONS.values(), paid, strict=True)
    ]
    return _price_table(paid, most, tables), _price_table(free, most, tables)


@cache
def tables_for(game: MoonGame) -> Tables:
    """The tables of ``game`` (shared by every equal game: games are equal by their options;
    ``game.tables`` keeps them at hand)."""
    return Tables(game)
