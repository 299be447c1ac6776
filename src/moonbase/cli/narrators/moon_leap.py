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
from moonbase.cli.render import and_list
from moonbase.core import Game
from moonbase.i18n import gettext as _

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
        space, value = new[key]
        move = (
            _("{token} from space {start} to space {space} (worth {value})")
            if key in old
            else _("{token} from the reserve to space {space} (worth {value})")
        )
        moves.append(
            move.format(
                token=token_name(seat, number),
                start=old[key][0] if key in old else "",
                space=space,
                value=_value(value),
            )
        )
    if moves:
        detail = _(", then ").join(moves)
    else:
        detail = _("no move is possible") if action == "PASS" else ""
    lines = []
    if after["split_allowed"] and not before["split_allowed"]:
        lines.append(
            _(
                "The barrier after space {space} is crossed: from now on a 3, 4 or 5 may be split."
            ).format(space=after["barrier"])
        )
    if after.get("extra_turn") and after.get("turn") == seat and not after.get("over"):
        lines.append(
            _("{seat} rolls again: a run of three of its tokens was made.").format(
                seat=labels[seat]
            )
        )
    return Told(detail, tuple(lines))


def ending(view: View, labels: Sequence[str]) -> list[str]:
    """Why the game ended, as the view's ``ended`` gives it.

    >>> ending({"ended": [{"trigger": "last-spaces", "seat": 1, "spaces": [35, 36, 37]}]},
    ...        ["seat 0", "seat 1"])
    ['The last three spaces (35, 36 and 37) are all taken, the last by seat 1.']
    """
    lines = []
    for entry in view.get("ended") or ():
        if entry["trigger"] == "last-spaces":
            spaces = and_list([str(space) for space in entry["spaces"]])
            lines.append(
                _("The last three spaces ({spaces}) are all taken, the last by {seat}.").format(
                    spaces=spaces, seat=labels[int(entry["seat"])]
                )
            )
        else:
            lines.append(_("The game ended ({reason}).").format(reason=entry["trigger"]))
    return lines


def breakdown(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """Each seat's tokens, as the view's ``score_parts`` gives them: number × the value of its
    space, and what the tokens still in the reserve cost.

    >>> import moonbase
    >>> game = moonbase.load("moon-leap")
    >>> state = game.new(seed=5)
    >>> state.apply(0, "MOVE 3")
    >>> view = state.view(None)
    >>> view["score_parts"] = [state.score_parts(seat) for seat in (0, 1)]  # as at the end
    >>> breakdown(game, view, ["seat 0", "seat 1"])[0]
    'seat 0: a3 on space 1: 3×−3 = −9 · a1, a2, a4, a5 in the reserve: −60 · total −69'
    """
    lines = []
    for seat, tokens in enumerate(view.get("score_parts") or ()):
        parts = [
            _("{token} on space {space}: {number}×{value} = {points}").format(
                token=token_name(seat, token["token"]),
                space=token["space"],
                number=token["token"],
                value=_value(token["value"]),
                points=_value(token["points"]),
            )
            for token in sorted(tokens, key=lambda token: token["token"])
            if token["space"] is not None
        ]
        reserve = [token for token in tokens if token["space"] is None]
        if reserve:
            names = ", ".join(token_name(seat, token["token"]) for token in reserve)
            cost = sum(int(token["points"]) for token in reserve)
            parts.append(
                _("{tokens} in the reserve: {points}").format(tokens=names, points=_value(cost))
            )
        total = sum(int(token["points"]) for token in tokens)
        parts.append(_("total {points}").format(points=_value(total)))
        lines.append(f"{labels[seat]}: {' · '.join(parts)}")
    return lines
