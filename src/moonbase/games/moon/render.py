"""MOON as plain text, drawn from a view (so it never shows what the seat may not know).

>>> import moonbase
>>> print(render_view(moonbase.load("moon").new(seed=2).view(0)).splitlines()[0])
MOON — cooperative, round 1, energy 3 of this round
"""

from __future__ import annotations

from moonbase.games.moon.machine import REGISTERS
from moonbase.games.moon.views import CompetitiveView, CooperativeView, MachineView, MoonView

__all__ = ["render_registers", "render_view"]


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def render_registers(view: MachineView) -> list[str]:
    """One line per register: its bits as lamps (● on, ○ off), the bits and the value."""
    lines = []
    for name in REGISTERS:
        value = view["registers"][name]
        lamps = " ".join("●" if bit == "1" else "○" for bit in value)
        state = "  (disabled)" if name in view["disabled"] else ""
        lines.append(f"  {name}  {lamps}   {value} = {int(value, 2):>2}{state}")
    return lines


def render_view(view: MoonView) -> str:
    """A view of either mode as text."""
    if view["mode"] == "cooperative":
        return "\n".join(_cooperative(view))
    return "\n".join(_competitive(view))


def _machine(head: str, view: MachineView) -> list[str]:
    lines = [head, *render_registers(view)]
    if view["disabled"]:
        lines.append(f"  disabled: {', '.join(view['disabled'])}")
    return lines


def _cooperative(view: CooperativeView) -> list[str]:
    energy = _number(view["energy"])
    head = f"MOON — cooperative, round {view['round']}, energy {energy} of this round"
    lines = _machine(head, view)
    slots = [
        f"{number}:{'—' if slot is None else slot}"
        for number, slot in enumerate(view["slots"], start=1)
    ]
    lines.append(f"  slots {'  '.join(slots)}")
    lines.append(f"  deck {view['deck']} cards, solved {view['solved']}")
    if view["outcome"]:
        lines.append(f"  the mission is {view['outcome']}")
    return lines


def _competitive(view: CompetitiveView) -> list[str]:
    energy = _number(view["energy"])
    head = (
        f"MOON — competitive, round {view['round']} of {view['max_rounds']}, "
        f"seat {view['turn']} to play with energy {energy}"
    )
    lines = _machine(head, view)
    for seat, solved in enumerate(view["solved"]):
        hacker = view["hackers"][seat]
        parts = [f"  seat {seat}: solved {solved}", f"RAM {view['rams'][seat]}"]
        if view["bugs"][seat]:
            parts.append(f"bugs {view['bugs'][seat]}")
        if hacker:
            parts.append(f"{hacker} hacker")
        if str(seat) in view["peeked"]:
            parts.append(f"goal {view['peeked'][str(seat)]} (peeked)")
        lines.append(", ".join(parts))
    if view["goal"] is not None:
        lines.append(f"  your goal: {view['goal']} = {int(view['goal'], 2)}")
    lines.append(f"  deck {view['deck']} cards")
    return lines
