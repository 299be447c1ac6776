"""Scripting MOON games: explicit chance, named cards, several actions at once."""

from __future__ import annotations

from typing import Any

import moonbase
from moonbase import CHANCE
from moonbase.games.moon import MoonState


def new(seed: int = 0, **options: object) -> MoonState:
    """A MOON game in explicit chance mode, so tests choose every card."""
    state = moonbase.load("moon", **options).new(seed, chance="explicit")
    assert isinstance(state, MoonState)
    return state


def draw(state: moonbase.State[Any], *cards: str) -> None:
    """Draw ``cards`` in order (each must be a chance node's outcome)."""
    for card in cards:
        assert state.to_act == (CHANCE,), f"no draw is due; to act: {state.to_act}"
        state.apply(CHANCE, f"DRAW {card}")


def play(state: moonbase.State[Any], seat: int, *actions: str) -> None:
    """Apply ``actions`` for ``seat`` in order."""
    for action in actions:
        state.apply(seat, action)


def registers(state: moonbase.State[Any], seat: int | None = 0) -> dict[str, str]:
    return dict(state.view(seat)["registers"])


def play_to_win(state: moonbase.State[Any]) -> None:
    """Win an easy cooperative game: B = 0000, C = 0001, D = 0010; goals come in counting
    order from 0011, and A counts up to each."""
    draw(state, "0000", "0001", "0010", "0011")
    play(state, 0, "MOV A D", "OR A C")  # A = 0011: solved
    play(state, 0, "END")
    for value in range(4, 16):
        draw(state, f"{value:04b}")
        play(state, 0, "INC A")
        if not state.is_over:
            play(state, 0, "END")


def lose_at_round_four(state: moonbase.State[Any]) -> None:
    """Lose an easy cooperative game: goal 1000 waits in slot 1 and climbs past slot 4 at the
    end of round 4."""
    draw(state, "0001", "0010", "0100", "1000")
    for card in ("1001", "1010", "1011"):
        play(state, 0, "END")
        draw(state, card)
    play(state, 0, "END")


def empty_the_deck(state: moonbase.State[Any]) -> None:
    """A competitive game (no bugs, energy 20) where seat 0 solves goal after goal by INC A
    until it must draw from the empty deck."""
    draw(state, "0001", "0000")
    value = 1
    while not state.is_over:
        if state.is_chance:
            left = [name for name, _ in state.chance_outcomes()]
            wanted = f"DRAW {(value + 1) % 16:04b}"
            state.apply(CHANCE, wanted if wanted in left else left[0])
            value = (value + 1) % 16
        elif state.to_act == (0,):
            play(state, 0, "INC A")
        else:
            play(state, 1, "END")


def solve_in_counting_order(state: moonbase.State[Any], last: int) -> None:
    """A competitive game (no bugs, energy 20) where seat 0 holds 0001 and seat 1 0000: seat 0
    solves its goal by INC A, then each goal drawn after it (0010, 0011, … up to ``last``,
    which it keeps unsolved), seat 1 ending its turns; the round under way is left to play."""
    draw(state, "0001", "0000")
    play(state, 0, "INC A")  # A = 0001: solved, and the next goal is drawn
    for value in range(2, last + 1):
        draw(state, f"{value:04b}")
        if state.to_act == (1,):  # seat 0's energy ran out: its turn ended by itself
            play(state, 1, "END")
        if value < last:
            play(state, 0, "INC A")  # A shows the new goal: solved again
