"""Helpers for the Moon Leap tests: script turns through real moves, draw the track compactly."""

from __future__ import annotations

import json
from pathlib import Path

from moonbase.core import CHANCE
from moonbase.games.moon_leap import MoonLeapState

SEAT_LETTERS = "abcd"

TINY_VALUES = [-1, 0, 1, 2, 3, 4, 5, 6]
"""An 8-space track for end-game positions; every barrier stands after space 1."""


def write_board(folder: Path, values: list[int], barrier: int = 1, name: str = "board") -> str:
    """Write a board file with the same barrier for 2, 3 and 4 players; return its path."""
    path = folder / f"{name}.json"
    barriers = {str(players): barrier for players in (2, 3, 4)}
    path.write_text(json.dumps({"values": values, "barriers": barriers}))
    return str(path)


def play(state: MoonLeapState, *turns: str) -> None:
    """Play whole turns through real actions in explicit chance mode.

    Each turn is ``"seat: face action"``, e.g. ``"0: 3 MOVE 1+2"`` or ``"1: * MOVE 4"``: the die
    shows ``face`` and then ``seat`` — who must be the seat to act — plays ``action``.
    """
    for turn in turns:
        seat_text, _, rest = turn.partition(":")
        face, action = rest.split(None, 1)
        seat = int(seat_text)
        assert state.to_act == (CHANCE,), f"{turn}: expected a roll, to act: {state.to_act}"
        state.apply(CHANCE, f"ROLL {face}")
        assert state.to_act == (seat,), f"{turn}: seat {seat} should act, to act: {state.to_act}"
        state.apply(seat, action)


def layout(state: MoonLeapState, spaces: int | None = None) -> str:
    """The first ``spaces`` spaces as text: ``a3`` is token 3 of seat 0, ``.`` a free space."""
    cells = []
    for entry in state.view(None)["track"][:spaces]:
        token = entry["token"]
        cells.append("." if token is None else f"{SEAT_LETTERS[token['seat']]}{token['number']}")
    return " ".join(cells)
