"""Moon Leap told: each move from where to where (``a3 from space 4 to space 9 (worth 1)``), the
barrier crossed, an extra turn, why the game ended and what each score is made of.

>>> import moonbase
>>> state = moonbase.load("moon-leap").new(seed=5)
>>> before = state.view(None)
>>> state.apply(0, "MOVE 3")
>>> told(0, "MOVE 3", before, state.view(None), ["seat 0", "seat 1"])
Told(detail='a3 from the reserve to space 1 (worth −3)', lines=())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from moonbase.cli.narration import Told, View
from moonbase.core import Game

__all__ = ["breakdown", "ending", "token_name", "told"]

_LETTERS: Final = "abcdef"


def token_name(seat: int, number: int) -> str:
    """A token as the board shows it: ``a3`` is token 3 of seat 0.

    >>> token_name(1, 4)
    'b4'
    """
    return f"{_LETTERS[seat]}{number}"


def _value(value: int) -> str:
    return str(value).replace("-", "−")


def _places(view: View) -> dict[tuple[int, int], tuple[int, int]]:
    """Where each token on the track stands: (seat, number) -> (space, value)."""
    return {
        (entry["token"]["seat"], entry["token"]["number"]): (entry["space"], entry["value"])
        for entry in view["track"]
        if entry["token"] is not None
    }


def told(seat: int, action: str, before: View, after: View, labels: Sequence[str]) -> Told:
    """Where the tokens moved went from and to, in the order moved; the barrier crossed; an
    extra turn won."""
    if seat < 0:
        return Told()
    old, new = _places(before), _places(after)
    words = action.split()
    numbers = [int(n) for n in words[1].split("+")] if words[0] == "MOVE" else []
    moves = []
    for number in numbers:
        key = (seat, number)
        if key not in new or old.get(key) == new[key]:
            continue  # the second half of a split that the end of the game cut off
        start = f"space {old[key][0]}" if key in old else "the reserve"
        space, value = new[key]
        moves.append(
            f"{token_name(seat, number)} from {start} to space {space} (worth {_value(value)})"
        )
    detail = ", then ".join(moves) if moves else ("no move is possible" if action == "PASS" else "")
    lines = []
    if after["split_allowed"] and not before["split_allowed"]:
        lines.append(
            f"The barrier after space {after['barrier']} is crossed: from now on a 3, 4 or 5 "
            "may be split."
        )
    if after.get("extra_turn") and after.get("turn") == seat and not after.get("over"):
        lines.append(f"{labels[seat]} rolls again: a run of three of its tokens was made.")
    return Told(detail, tuple(lines))


def ending(view: View, labels: Sequence[str]) -> list[str]:
    """The game ends when the last three spaces are all taken."""
    return ["The last three spaces are all taken."]


def breakdown(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """Each seat's tokens: number × the value of its space; what the tokens still in the
    reserve cost is the rest of the score.

    >>> import moonbase
    >>> game = moonbase.load("moon-leap")
    >>> state = game.new(seed=5)
    >>> state.apply(0, "MOVE 3")
    >>> breakdown(game, state.view(None), ["seat 0", "seat 1"])[0]
    'seat 0: a3 on space 1: 3×−3 = −9 · a1, a2, a4, a5 in the reserve: −60 · total −69'
    """
    places = _places(view)
    lines = []
    for seat, label in enumerate(labels):
        parts = []
        placed = 0
        for (owner, number), (space, value) in sorted(places.items()):
            if owner == seat:
                placed += number * value
                parts.append(
                    f"{token_name(seat, number)} on space {space}: {number}×{_value(value)} "
                    f"= {_value(number * value)}"
                )
        total = int(view["scores"][seat])
        reserve = list(view["reserve"][seat])
        if reserve:
            names = ", ".join(token_name(seat, number) for number in reserve)
            parts.append(f"{names} in the reserve: {_value(total - placed)}")
        parts.append(f"total {_value(total)}")
        lines.append(f"{label}: {' · '.join(parts)}")
    return lines
