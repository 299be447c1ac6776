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

from moonbase.cli.render import SEAT_STYLES
from moonbase.games.moon_leap.view import MoonLeapView

__all__ = ["ROW", "render"]

ROW: Final = 12
"""Spaces per row of the drawn track."""
_LETTERS: Final = "abcdef"


def _value_style(value: int) -> str:
    if value < 0:
        return "red"
    return "dim" if value == 0 else "green"


def _track(view: MoonLeapView) -> list[Text]:
    barrier = view["barrier"]
    track = view["track"]
    lines: list[Text] = []
    for start in range(0, len(track), ROW):
        rows = [Text("space "), Text("value "), Text("token ")]
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
    text = Text("die  ")
    if roll is None:
        text.append("not rolled yet", style="dim")
    else:
        text.append(f"[ {'★' if roll == '*' else roll} ]", style="bold reverse")
        if roll == "*":
            text.append("  move any one of your tokens", style="dim")
    return text


def _seats(view: MoonLeapView) -> Table:
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("in reserve")
    for seat, (score, reserve) in enumerate(zip(view["scores"], view["reserve"], strict=True)):
        marker = "▶ " if seat == view.get("turn") and not view.get("over") else "  "
        kept = " ".join(str(number) for number in reserve) or "none"
        table.add_row(
            Text(f"{marker}seat {seat} ({_LETTERS[seat]})", style=SEAT_STYLES[seat]),
            str(score),
            kept,
        )
    return table


def _status(view: MoonLeapView) -> Text:
    if view.get("over"):
        winners = " and ".join(f"seat {seat}" for seat in view["winners"])
        return Text(f"Game over: {winners} {'win' if len(view['winners']) > 1 else 'wins'}.")
    extra = " (extra turn)" if view.get("extra_turn") else ""
    doing = "roll" if view["roll"] is None else "move"
    return Text(f"seat {view['turn']} to {doing}{extra}", style="bold")


def render(view: MoonLeapView) -> RenderableType:
    """One Moon Leap view as a rich panel."""
    board = view["board"]
    crossed = (
        "crossed: 3, 4 and 5 may be split"
        if view["split_allowed"]
        else "not crossed yet: no splits"
    )
    title = f"Moon Leap — {view['players']} players · {board} board"
    parts: list[RenderableType] = [
        *_track(view),
        Text(f"barrier ┃ after space {view['barrier']} ({crossed})", style="dim"),
        _die(view),
        _seats(view),
        _status(view),
    ]
    return Panel(Group(*parts), title=title, title_align="left", expand=False)
