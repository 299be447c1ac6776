"""Moons as text: :func:`render` draws the whole state (every hand shown) for ``str(state)``.

>>> from moonbase.games.moons.game import MoonsGame
>>> text = render(MoonsGame(players=3).new(seed=1))
>>> text.splitlines()[0]
'Moons — round 1 of 3, tableau; dealt by seat 0'
>>> "supply:" in text and "seat 2:" in text
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from moonbase.games.moons.cards import CARD_NAMES, MINIS, PLANETS

if TYPE_CHECKING:
    from moonbase.games.moons.state import MoonsState

__all__ = ["render"]


def _counts(counts: list[int]) -> str:
    return " ".join(f"{planet[0]}{count}" for planet, count in zip(PLANETS, counts, strict=True))


def _minis(counts: list[int]) -> str:
    names = [f"{mini.name}×{count}" if count > 1 else mini.name
             for mini, count in zip(MINIS, counts, strict=True) if count]  # fmt: skip
    return " ".join(names) or "-"


def render(state: MoonsState) -> str:
    """A readable picture of ``state``: round, supply, every seat, the trick and who acts."""
    header = f"Moons — round {state.round} of {state.players}, {state.phase.value}"
    header += f"; dealt by seat {state.dealer}"
    if state.first_player is not None:
        header += f", first player seat {state.first_player}, Earth seat {state.earth}"
    lines = [header]
    blocked = "-" if state.blocked is None else PLANETS[state.blocked]
    lines.append(
        f"supply: {_counts(state.supply)}   blocked: {blocked}   pile: {sum(state.pile)}   "
        f"tricks played: {state.tricks_played} of {state.tricks_per_round}"
    )
    for seat in range(state.players):
        hand = " ".join(CARD_NAMES[c] for c in state.hands[seat]) or "-"
        tableau = " ".join(CARD_NAMES[c] for c in state.tableaus[seat]) or "-"
        if state.chosen[seat] and not state.revealed:
            tableau += " (face down)"
        lines.append(
            f"seat {seat}: tokens {_counts(state.tokens[seat])}  tricks {state.tricks[seat]}  "
            f"score {state.score(seat).points}"
        )
        lines.append(f"  hand {hand}  |  tableau {tableau}")
        lines.append(
            f"  minis {_minis(state.minis[seat])}  |  bonuses {_minis(state.bonuses[seat])}"
        )
    if state.trick:
        led = "-" if state.led is None else PLANETS[state.led]
        plays = ", ".join(f"seat {seat} {CARD_NAMES[c]}" for seat, c in state.trick)
        lines.append(f"trick (led {led}): {plays}")
    if state.last_trick is not None:
        cards, winner, lowest = state.last_trick
        plays = ", ".join(f"seat {seat} {CARD_NAMES[c]}" for seat, c in cards)
        lines.append(f"last trick: {plays}; winner {winner}, lowest off-suit {lowest}")
    actors = state.to_act
    if not actors:
        scores = ", ".join(f"seat {s} {state.score(s).points}" for s in range(state.players))
        lines.append(f"game over — scores: {scores}; winners: {state.winners()}")
    elif state.is_chance:
        lines.append("to act: chance")
    else:
        lines.append("to act: " + ", ".join(f"seat {seat}" for seat in actors))
    return "\n".join(lines)
