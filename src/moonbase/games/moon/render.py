"""MOON as plain text, drawn from a view (so it never shows what the seat may not know).

>>> import moonbase
>>> print(render_view(moonbase.load("moon").new(seed=2).view(0)).splitlines()[0])
MOON — cooperative, round 1, energy 3 of this round
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from moonbase.games.moon.machine import REGISTERS
from moonbase.games.moon.views import CompetitiveView, CooperativeView, MachineView, MoonView
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["render_registers", "render_view"]


_OUTCOMES = {"won": N_("won"), "lost": N_("lost")}
"""The cooperative mission's outcomes as the view writes them, in words."""


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def render_registers(view: MachineView) -> list[str]:
    """One line per register: its bits as lamps (● on, ○ off), the bits and the value."""
    lines = []
    for name in REGISTERS:
        value = view["registers"][name]
        lamps = " ".join("●" if bit == "1" else "○" for bit in value)
        state = "  " + _("(disabled)") if name in view["disabled"] else ""
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
        lines.append("  " + _("disabled: {names}").format(names=", ".join(view["disabled"])))
    return lines


def _cooperative(view: CooperativeView) -> list[str]:
    energy = _number(view["energy"])
    head = _("MOON — cooperative, round {round}, energy {energy} of this round").format(
        round=view["round"], energy=energy
    )
    lines = _machine(head, view)
    slots = [
        f"{number}:{'—' if slot is None else slot}"
        for number, slot in enumerate(view["slots"], start=1)
    ]
    lines.append("  " + _("slots {slots}").format(slots="  ".join(slots)))
    lines.append(
        "  "
        + _("deck {deck} cards, solved {solved}").format(deck=view["deck"], solved=view["solved"])
    )
    if view["outcome"]:
        outcome = view["outcome"]
        lines.append(
            "  "
            + _("the mission is {outcome}").format(
                outcome=_(_OUTCOMES[outcome]) if outcome in _OUTCOMES else outcome
            )
        )
    return lines


def _seat(seat: int) -> str:
    return _("seat {seat}").format(seat=seat)


def _winners(view: CompetitiveView) -> str:
    """Who won the finished race (most goals solved; a tie is a shared win), as Moon Leap
    says it."""
    solved = view["solved"]
    winners = [seat for seat, count in enumerate(solved) if count == max(solved)]
    if len(winners) == 1:
        return _("game over: seat {seat} wins").format(seat=winners[0])
    return _("game over: {seats} win").format(seats=_(" and ").join(map(_seat, winners)))


def _ending(entry: Mapping[str, Any]) -> str:
    """Why the race ended: one entry of the view's ``ended``."""
    code = entry["trigger"]
    if code == "deck-empty":
        return _("seat {seat} had to draw a card and the deck was empty").format(seat=entry["seat"])
    if code == "max-rounds":
        rounds = int(entry["rounds"])
        if rounds > 1:
            return _("all {n} rounds were played").format(n=rounds)
        return _("its one round was played")
    return str(code)


def _competitive(view: CompetitiveView) -> list[str]:
    if view["phase"] == "over":
        head = _("MOON — competitive, round {round} of {rounds}, {outcome}").format(
            round=view["round"], rounds=view["max_rounds"], outcome=_winners(view)
        )
    else:
        head = _(
            "MOON — competitive, round {round} of {rounds}, seat {seat} to play with energy "
            "{energy}"
        ).format(
            round=view["round"],
            rounds=view["max_rounds"],
            seat=view["turn"],
            energy=_number(view["energy"]),
        )
    lines = _machine(head, view)
    if view["phase"] == "over":
        reasons = "; ".join(_ending(entry) for entry in view["ended"])
        scores = ", ".join(f"{_seat(seat)} {solved}" for seat, solved in enumerate(view["solved"]))
        lines.insert(
            1, "  " + _("{reason}; final scores: {scores}").format(reason=reasons, scores=scores)
        )
    for seat, solved in enumerate(view["solved"]):
        hacker = view["hackers"][seat]
        parts = [
            "  " + _("seat {seat}: solved {solved}").format(seat=seat, solved=solved),
            f"RAM {view['rams'][seat]}",
        ]
        if view["bugs"][seat]:
            parts.append(_("bugs {bugs}").format(bugs=view["bugs"][seat]))
        if hacker:
            parts.append(_("{colour} hacker").format(colour=hacker))
        if str(seat) in view["peeked"]:
            parts.append(_("goal {goal} (peeked)").format(goal=view["peeked"][str(seat)]))
        lines.append(", ".join(parts))
    if view["goal"] is not None:
        lines.append(
            "  "
            + _("your goal: {bits} = {value}").format(bits=view["goal"], value=int(view["goal"], 2))
        )
    lines.append("  " + _("deck {deck} cards").format(deck=view["deck"]))
    return lines
