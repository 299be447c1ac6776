"""Moon Leap as plain text, drawn from a view.

The track is printed in rows of twelve spaces: the space numbers, their values, and the token on
each (``a3`` is token 3 of seat 0, ``b1`` token 1 of seat 1, ``·`` a free space). A ``|`` marks the
active barrier line.

>>> from moonbase.games.moon_leap.game import MoonLeapGame
>>> state = MoonLeapGame().new(seed=3, chance="explicit")
>>> state.apply(-1, "ROLL 2")
>>> state.apply(0, "MOVE 2")
>>> print(str(state))
Moon Leap — 2 players, standard board; barrier after space 10 (not crossed yet: no splits)
space   1   2   3   4   5   6   7   8   9  10 |  11  12
value  -3  -3  -3  -2  -2  -1  -1   0   1   0 |   2   0
token  a2   ·   ·   ·   ·   ·   ·   ·   ·   · |   ·   ·
<BLANKLINE>
space  13  14  15  16  17  18  19  20  21  22  23  24
value   3   0   4   0   5   0   0   6   0   7   0   0
token   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
<BLANKLINE>
space  25  26  27  28  29  30  31  32  33  34  35  36
value   8   0   9   0   0  10   0  12   0  15  20  25
token   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
<BLANKLINE>
space  37
value  30
token   ·
<BLANKLINE>
seat 0 (a): score  -71, in reserve 1 3 4 5
seat 1 (b): score  -75, in reserve 1 2 3 4 5
seat 1 to roll
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

if TYPE_CHECKING:
    from moonbase.games.moon_leap.view import MoonLeapView, TokenView

__all__ = ["ROW", "SEAT_LETTERS", "render_view", "token_text"]

ROW: Final = 12
"""Spaces per printed row."""

SEAT_LETTERS: Final = "abcd"
"""The letter that marks each seat's tokens on the printed track."""


def token_text(token: TokenView | None) -> str:
    """A token as printed on the track: seat letter and number, or ``·`` for a free space.

    >>> token_text({"seat": 2, "number": 5}), token_text(None)
    ('c5', '·')
    """
    if token is None:
        return "·"
    return f"{SEAT_LETTERS[token['seat']]}{token['number']}"


def _status(view: MoonLeapView) -> str:
    if view["over"]:
        winners = view["winners"]
        if len(winners) == 1:
            return _("game over: seat {seat} wins").format(seat=winners[0])
        names = _(" and ").join(_("seat {seat}").format(seat=seat) for seat in winners)
        return _("game over: {seats} win").format(seats=names)
    seat = view["turn"]
    if view["roll"] is None:
        if view["extra_turn"]:
            return _("seat {seat} to roll (extra turn)").format(seat=seat)
        return _("seat {seat} to roll").format(seat=seat)
    face = "★" if view["roll"] == "*" else view["roll"]
    if view["extra_turn"]:
        return _("seat {seat} to move (extra turn): the die shows {face}").format(
            seat=seat, face=face
        )
    return _("seat {seat} to move: the die shows {face}").format(seat=seat, face=face)


def render_view(view: MoonLeapView) -> str:
    """The whole table as text: the track, each seat's score and reserve, whose turn it is."""
    barrier = view["barrier"]
    if view["split_allowed"]:
        crossed = _("crossed: splits allowed")
    else:
        crossed = _("not crossed yet: no splits")
    board = view["board"]
    if board == "standard":
        board_text = _("standard board")
    else:
        board_text = _("board {board}").format(board=board)
    lines = [
        ngettext(
            "Moon Leap — {players} player, {board}; barrier after space {space} ({crossed})",
            "Moon Leap — {players} players, {board}; barrier after space {space} ({crossed})",
            view["players"],
        ).format(players=view["players"], board=board_text, space=barrier, crossed=crossed)
    ]
    labels = [_("space"), _("value"), _("token")]
    width = max(5, *(len(label) for label in labels))
    track = view["track"]
    for start in range(0, len(track), ROW):
        rows: list[list[str]] = [[label] for label in labels]
        for entry in track[start : start + ROW]:
            rows[0].append(f"{entry['space']:>3}")
            rows[1].append(f"{entry['value']:>3}")
            rows[2].append(f"{token_text(entry['token']):>3}")
            if entry["space"] == barrier and entry is not track[-1]:
                for row in rows:
                    row.append("|")
        for row in rows:
            lines.append(f"{row[0]:<{width}} " + " ".join(row[1:]).rstrip())
        lines.append("")
    for seat, (score, reserve) in enumerate(zip(view["scores"], view["reserve"], strict=True)):
        kept = " ".join(str(number) for number in reserve) or _("none")
        lines.append(
            _("seat {seat} ({letter}): score {score}, in reserve {tokens}").format(
                seat=seat, letter=SEAT_LETTERS[seat], score=f"{score:>4}", tokens=kept
            )
        )
    lines.append(_status(view))
    return "\n".join(lines)
