"""Moon Leap drawn with rich: the track in rows with each space's value and token, the barrier
line, the die, and each seat's score and tokens still in reserve.

>>> import io, moonbase
>>> from rich.console import Console
>>> console = Console(width=80, file=io.StringIO(), color_system=None)
>>> console.print(render(moonbase.load("moon-leap").new(seed=5).view(0)))
>>> text = console.file.getvalue()
>>> "die  [ 3 ]" in text and "seat 0 (a)" in text and "value   -3  -3  -3  -2" in text
True
"""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from moonbase.cli.render import SEAT_STYLES, and_list
from moonbase.games.moon_leap.view import MoonLeapView
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["ROW", "render"]

ROW: Final = 12
"""Spaces per row of the drawn track."""
_LETTERS: Final = "abcdef"
BOARDS: Final = {"standard": N_("standard")}
"""The board names that are words, in English (a board file keeps its name)."""


def _value_style(value: int) -> str:
    if value < 0:
        return "red"
    return "dim" if value == 0 else "green"


def _track(view: MoonLeapView) -> list[Text]:
    barrier = view["barrier"]
    track = view["track"]
    lines: list[Text] = []
    for start in range(0, len(track), ROW):
        heads = [_("space"), _("value"), _("token")]
        wide = max(len(head) for head in heads)
        rows = [Text(f"{head:<{wide}} ") for head in heads]
        for entry in track[start : start + ROW]:
            token = entry["token"]
            rows[0].append(f"{entry['space']:>4}", style="dim")
            rows[1].append(f"{entry['value']:>4}", style=_value_style(entry["value"]))
            if token is None:
                rows[2].append(f"{'·':>4}", style="dim")
            else:
                seat = token["seat"]
                rows[2].append(
                    f"{_LETTERS[seat]}{token['number']:>1}".rjust(4),
                    style=SEAT_STYLES[seat % len(SEAT_STYLES)],
                )
            if entry["space"] == barrier and entry is not track[-1]:
                style = "bold green" if view["split_allowed"] else "bold red"
                for row in rows:
                    row.append(" ┃", style=style)
        lines.extend([*rows, Text()])
    return lines


def _die(view: MoonLeapView) -> Text:
    roll = view["roll"]
    text = Text(_("die") + "  ")
    if roll is None:
        text.append(_("not rolled yet"), style="dim")
    else:
        text.append(f"[ {'★' if roll == '*' else roll} ]", style="bold reverse")
        if roll == "*":
            text.append("  " + _("move any one of your tokens"), style="dim")
    return text


def _seats(view: MoonLeapView) -> Table:
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column(_("seat"))
    table.add_column(_("score"), justify="right")
    table.add_column(_("in reserve"))
    for seat, (score, reserve) in enumerate(zip(view["scores"], view["reserve"], strict=True)):
        marker = "▶ " if seat == view.get("turn") and not view.get("over") else "  "
        kept = " ".join(str(number) for number in reserve) or _("none")
        name = _("seat {seat} ({letter})").format(seat=seat, letter=_LETTERS[seat])
        table.add_row(
            Text(f"{marker}{name}", style=SEAT_STYLES[seat]),
            str(score),
            kept,
        )
    return table


def _status(view: MoonLeapView) -> Text:
    if view.get("over"):
        winners = [_("seat {seat}").format(seat=seat) for seat in view["winners"]]
        if len(winners) > 1:
            return Text(_("Game over: {seats} win.").format(seats=and_list(winners)))
        return Text(_("Game over: {seats} wins.").format(seats=and_list(winners)))
    if view["roll"] is None:
        line = (
            _("seat {seat} to roll (extra turn)")
            if view.get("extra_turn")
            else _("seat {seat} to roll")
        )
    else:
        line = (
            _("seat {seat} to move (extra turn)")
            if view.get("extra_turn")
            else _("seat {seat} to move")
        )
    return Text(line.format(seat=view["turn"]), style="bold")


def render(view: MoonLeapView) -> RenderableType:
    """One Moon Leap view as a rich panel."""
    board = view["board"]
    barrier = (
        _("barrier ┃ after space {space} (crossed: 3, 4 and 5 may be split)")
        if view["split_allowed"]
        else _("barrier ┃ after space {space} (not crossed yet: no splits)")
    )
    title = _("Moon Leap — {players} players · {board} board").format(
        players=view["players"], board=_(BOARDS[board]) if board in BOARDS else board
    )
    parts: list[RenderableType] = [
        *_track(view),
        Text(barrier.format(space=view["barrier"]), style="dim"),
        _die(view),
        _seats(view),
        _status(view),
    ]
    return Panel(Group(*parts), title=title, title_align="left", expand=False)
