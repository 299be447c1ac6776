"""MOON drawn with rich: the registers as rows of bit lamps with their values, the current goal
in the same lamps, energy, the slots (cooperative) or each seat's goals and RAM (competitive).

>>> import io, moonbase
>>> from rich.console import Console
>>> console = Console(width=80, file=io.StringIO(), color_system=None)
>>> console.print(render(moonbase.load("moon").new(seed=5).view(0)))
>>> text = console.file.getvalue()
>>> [line.split("│")[1].strip() for line in text.splitlines()[2:3] + text.splitlines()[5:6]]
['B     ● ● ○ ○  1100 = 12', 'goal  ○ ○ ● ○  0010 =  2  ← make A show this']
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from moonbase.cli.render import SEAT_STYLES, number_text

__all__ = ["lamps", "render", "turn_ended"]

_REGISTERS = ("A", "B", "C", "D")


def lamps(bits: str) -> Text:
    """A bit string as lamps: ``●`` lit for 1, ``○`` dark for 0, most significant bit first."""
    text = Text()
    for index, bit in enumerate(bits):
        if index:
            text.append(" ")
        text.append("●" if bit == "1" else "○", style="bold yellow" if bit == "1" else "dim")
    return text


def _row(grid: Table, name: str, bits: str, note: str = "", style: str = "bold") -> None:
    grid.add_row(
        Text(name, style=style),
        lamps(bits),
        Text(f"{bits} = {int(bits, 2):>2}"),
        Text(note, style="red"),
    )


def _current_goal(view: dict[str, Any]) -> str | None:
    for slot in view["slots"]:
        if slot not in (None, "BUG", "hidden"):
            return str(slot)
    return None


def _slots(view: dict[str, Any]) -> Text:
    text = Text("slots  ")
    for number, slot in enumerate(view["slots"], start=1):
        text.append(f"{number}: ")
        if slot is None:
            text.append("—", style="dim")
        elif slot == "BUG":
            text.append("BUG", style="bold red")
        elif slot == "hidden":
            text.append("face down", style="italic")
        else:
            text.append(f"{slot} ({int(slot, 2)})", style="bold green")
        text.append("   ")
    return text


def _energy(view: dict[str, Any]) -> Text:
    energy = float(view["energy"])
    text = Text("energy ")
    text.append(number_text(energy), style="bold")
    text.append("  " + "▮" * int(energy * 2), style="yellow")
    text.append("   (▮ = ½)", style="dim")
    return text


def _costs(view: dict[str, Any]) -> Text:
    costs = view.get("costs") or {}
    parts = [f"{operation} {number_text(float(cost))}" for operation, cost in costs.items()]
    return Text("costs  " + " · ".join(parts), style="dim")


def _competitive(view: dict[str, Any]) -> Table:
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for column in ("seat", "solved", "RAM", "bugs", "hacker", "known goal"):
        table.add_column(column)
    peeked = view.get("peeked") or {}
    for seat, solved in enumerate(view["solved"]):
        marker = "▶ " if seat == view.get("turn") else "  "
        hacker = (view.get("hackers") or [None] * (seat + 1))[seat]
        goal = peeked.get(str(seat))
        table.add_row(
            Text(f"{marker}seat {seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            str(solved),
            str(view["rams"][seat]),
            str(view["bugs"][seat] or ""),
            str(hacker or ""),
            f"{goal} (peeked)" if goal else "",
        )
    return table


def render(view: dict[str, Any]) -> RenderableType:
    """One MOON view as a rich panel."""
    disabled = set(view["disabled"])
    grid = Table.grid(padding=(0, 2))
    for name in _REGISTERS:
        _row(grid, name, view["registers"][name], "disabled" if name in disabled else "")
    parts: list[RenderableType] = []
    energy = number_text(float(view["energy"]))
    if view["mode"] == "cooperative":
        title = f"MOON — cooperative · round {view['round']}"
        goal = _current_goal(view)
        if goal is not None:
            _row(grid, "goal", goal, "← make A show this", style="bold green")
        parts = [grid, Text(), _energy(view), _slots(view)]
        parts.append(Text(f"deck {view['deck']} cards · goals solved {view['solved']}"))
        if view.get("outcome"):
            parts.append(Text(f"The mission is {view['outcome']}.", style="bold"))
    else:
        title = (
            f"MOON — competitive · round {view['round']} of {view['max_rounds']} · "
            f"seat {view['turn']} to play with energy {energy}"
        )
        if view.get("goal"):
            _row(grid, "your goal", view["goal"], "← make A show this", style="bold green")
        if view.get("ram"):
            _row(grid, "your RAM", view["ram"], style="bold cyan")
        parts = [grid, Text(), _energy(view), _competitive(view)]
        parts.append(Text(f"deck {view['deck']} cards"))
    if disabled:
        parts.append(Text(f"disabled: {', '.join(sorted(disabled))}", style="red"))
    parts.append(_costs(view))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)


def turn_ended(before: dict[str, Any], action: str, after: dict[str, Any]) -> str | None:
    """What to tell a seat whose ``action`` (not END) ended its turn or round by itself: the
    rules end it once END is the only legal action left (``None`` if it did not end).

    >>> start = {"mode": "competitive", "round": 1, "turn": 0}
    >>> turn_ended(start, "INC A", {**start, "turn": 1})
    'Your turn ended by itself: nothing else was affordable, so only END was left.'
    >>> turn_ended(start, "END", {**start, "turn": 1}) is None
    True
    """
    if action == "END":
        return None
    why = "nothing else was affordable, so only END was left."
    if before["mode"] == "cooperative":
        lost = after.get("outcome") == "lost" and before.get("outcome") is None
        if after["round"] != before["round"] or lost:
            return f"Round {before['round']} ended by itself: {why}"
        return None
    if after.get("turn") != before.get("turn") or after["round"] != before["round"]:
        return f"Your turn ended by itself: {why}"
    return None
