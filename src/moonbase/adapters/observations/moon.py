"""The MOON encoder, for both modes: registers as bit planes beside their values one-hot,
energy and costs scaled, what an ERROR disabled, the phase; then the goal slots (cooperative)
or every seat's RAM, score, solved goals, bugs and hacker (competitive).

In competitive play the private part is the seat, its secret goal, its RAM and the goals it
has peeked at; in cooperative play (one seat, the crew, which sees the whole view) only the
seat.

>>> import moonbase
>>> encoder = moon_encoder(moonbase.load("moon"))
>>> encoder.public_size, encoder.private_size
(214, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from moonbase.adapters.observations.encoder import Encoder, Layout, Vector, scaled
from moonbase.adapters.observations.planes import (
    numbers_of,
    one_hot,
    one_hot_of,
    seat_one_hot,
    word,
    word_size,
)
from moonbase.core.game import Game
from moonbase.games.moon.cards import GOAL_CARDS, HACKERS
from moonbase.games.moon.game import MoonGame
from moonbase.games.moon.machine import OPERATIONS, REGISTERS

__all__ = ["moon_encoder"]

PHASES = ("draw", "play", "repair", "over")
"""The view's ``phase`` values, in one-hot order."""
DISABLED = (*REGISTERS, *OPERATIONS)
"""What an ERROR can disable, in bit order (the view's ``disabled`` names)."""
SLOT_KINDS = (None, "BUG", "hidden")
"""A cooperative slot's first three one-hot entries; the fourth is a face-up goal."""
COOPERATIVE_ENDS = ("all-goals-solved", "goal-overflow")
COMPETITIVE_ENDS = ("deck-empty", "max-rounds")
HACKER_COLOURS = (None, *HACKERS)
"""A seat's hacker one-hot order: none first."""
MAX_COST = max(max(op.cooperative_cost, op.competitive_cost) for op in OPERATIONS.values()) / 2
MAX_FREE = max(hacker.free_uses for hacker in HACKERS.values())


def moon_encoder(game: Game) -> Encoder:
    """The encoder for a MOON game, sized by its mode, seats, width and operations."""
    if not isinstance(game, MoonGame):
        raise TypeError(f"the MOON encoder needs a MOON game, not {game.title}")
    width = game.option("width", int)
    competitive = game.options["mode"] == "competitive"
    operations = tuple(game.option("operations", tuple))
    energy = game.option("energy", float)
    deck = game.deck_size
    goals = len(GOAL_CARDS)
    cell = word_size(width)

    def registers(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for index, name in enumerate(REGISTERS):
            word(out[index * cell : (index + 1) * cell], view["registers"][name], width)

    def disabled(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for name in view["disabled"]:
            one_hot(out, DISABLED.index(name))

    def costs(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        prices = view["costs"]
        for index, name in enumerate(operations):
            out[index] = scaled(prices[name], 0, MAX_COST)

    def phase(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        one_hot(out, PHASES.index(view["phase"]))

    def ended(codes: tuple[str, ...]) -> Any:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            for entry in view["ended"]:
                one_hot(out, codes.index(entry["trigger"]))

        return write

    layout = Layout()
    register_list = ", ".join(REGISTERS)
    layout.public(
        "registers",
        len(REGISTERS) * cell,
        f"per register ({register_list}), {cell} entries: its {width} bits (most significant "
        f"first), then its value one-hot over {1 << width}",
        registers,
    )
    layout.public(
        "energy",
        1,
        f"energy left in the {'turn' if competitive else 'round'}, scaled from [0, {energy}]",
        numbers_of("energy", 0, energy, lambda value: [value]),
    )
    layout.public(
        "disabled",
        len(DISABLED),
        f"bits: what an ERROR disabled, in the order {', '.join(DISABLED)}",
        disabled,
    )
    layout.public(
        "deck",
        1,
        f"cards left in the deck, scaled from [0, {deck}]",
        numbers_of("deck", 0, deck, lambda value: [value]),
    )
    layout.public("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}", phase)
    layout.public(
        "costs",
        len(operations),
        f"energy each operation in play costs now ({', '.join(operations)}), "
        f"scaled from [0, {MAX_COST}]",
        costs,
    )
    if competitive:
        _competitive(layout, game.seats, width, goals, game.option("bugs", int))
        layout.public(
            "ended", len(COMPETITIVE_ENDS), f"bits: {', '.join(COMPETITIVE_ENDS)}",
            ended(COMPETITIVE_ENDS),
        )  # fmt: skip
        _competitive_private(layout, game.seats, width)
    else:
        _cooperative(layout, width, deck, goals)
        layout.public(
            "ended", len(COOPERATIVE_ENDS), f"bits: {', '.join(COOPERATIVE_ENDS)}",
            ended(COOPERATIVE_ENDS),
        )  # fmt: skip
        layout.private("seat", 1, "one-hot: the seat (the crew, always 1)", seat_one_hot)
    return Encoder(game, layout)


def _cooperative(layout: Layout, width: int, deck: int, goals: int) -> None:
    cell = word_size(width)
    per_slot = len(SLOT_KINDS) + 1 + cell

    def slots(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for index, slot in enumerate(view["slots"]):
            part = out[index * per_slot : (index + 1) * per_slot]
            if slot in SLOT_KINDS:
                one_hot(part, SLOT_KINDS.index(slot))
            else:
                part[len(SLOT_KINDS)] = 1.0
                word(part[len(SLOT_KINDS) + 1 :], slot, width)

    layout.public(
        "slots",
        4 * per_slot,
        f"per slot 1 to 4, {per_slot} entries: one-hot empty, BUG, face down, face up; then "
        f"the face-up goal's {width} bits and its value one-hot over {1 << width}",
        slots,
    )
    layout.public(
        "solved",
        1,
        f"goals solved (setup included), scaled from [0, {goals}]",
        numbers_of("solved", 0, goals, lambda value: [value]),
    )
    layout.public(
        "setup_solved",
        1,
        f"of them, the goals copied into registers at setup, scaled from [0, {goals}]",
        numbers_of("score_parts", 0, goals, lambda parts: [parts["setup"]]),
    )
    layout.public(
        "round",
        1,
        f"the round, scaled from [0, {deck + 5}] (the deck plus 5 bounds the rounds)",
        numbers_of("round", 0, deck + 5, lambda value: [value]),
    )


def _competitive(layout: Layout, seats: int, width: int, goals: int, bugs: int) -> None:
    cell = word_size(width)

    def rams(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for index, ram in enumerate(view["rams"]):
            word(out[index * cell : (index + 1) * cell], ram, width)

    def solved_goals(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        values = 1 << width
        for index, solved in enumerate(view["solved_goals"]):
            for goal in solved:
                out[index * values + int(goal, 2)] = 1.0

    def hackers(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        per = len(HACKER_COLOURS)
        for index, colour in enumerate(view["hackers"]):
            one_hot(out[index * per : (index + 1) * per], HACKER_COLOURS.index(colour))

    layout.public(
        "rams",
        seats * cell,
        f"per seat, {cell} entries: its RAM's {width} bits, then its value one-hot",
        rams,
    )
    layout.public(
        "solved",
        seats,
        f"per seat, goals solved (its score), scaled from [0, {goals}]",
        numbers_of("solved", 0, goals),
    )
    layout.public(
        "solved_goals",
        seats << width,
        f"per seat, {1 << width} bits: the goal values it has solved",
        solved_goals,
    )
    layout.public(
        "bugs", seats, f"per seat, bugs on it, scaled from [0, {bugs}]", numbers_of("bugs", 0, bugs)
    )
    layout.public("turn", seats, "one-hot: the seat whose turn it is", one_hot_of("turn"))
    layout.public(
        "round",
        1,
        "the round, scaled from [0, max_rounds]",
        lambda view, seat, out: out.__setitem__(0, scaled(view["round"], 0, view["max_rounds"])),
    )
    layout.public(
        "hackers",
        seats * len(HACKER_COLOURS),
        f"per seat, one-hot of its hacker: none, {', '.join(HACKERS)}",
        hackers,
    )
    layout.public(
        "free",
        1,
        f"free uses left in the turn (a hacker's), scaled from [0, {MAX_FREE}]",
        numbers_of("free", 0, MAX_FREE, lambda value: [value]),
    )


def _competitive_private(layout: Layout, seats: int, width: int) -> None:
    cell = word_size(width)
    per_peek = 1 + cell

    def goal(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        if view["goal"] is None:
            out[0] = 1.0
        else:
            word(out[1:], view["goal"], width)

    def ram(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        word(out, view["ram"], width)

    def peeked(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for other, value in view["peeked"].items():
            part = out[int(other) * per_peek : (int(other) + 1) * per_peek]
            part[0] = 1.0
            word(part[1:], value, width)

    layout.private("seat", seats, "one-hot: the seat whose observation this is", seat_one_hot)
    layout.private(
        "goal",
        1 + cell,
        f"the seat's secret goal: 1 if it has none, then its {width} bits and value one-hot",
        goal,
    )
    layout.private("ram", cell, f"the seat's RAM: {width} bits, then value one-hot", ram)
    layout.private(
        "peeked",
        seats * per_peek,
        f"per seat, {per_peek} entries: 1 if the seat has peeked at its goal, then that goal's "
        f"{width} bits and value one-hot",
        peeked,
    )
