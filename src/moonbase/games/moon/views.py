"""What a MOON seat sees, typed: the view of each mode as a ``TypedDict``.

A view is JSON: bit strings for values, lists for sequences. The two modes share the machine's
keys (:class:`MachineView`); ``mode`` tells them apart, so a renderer that checks it is checked.

>>> import moonbase
>>> view = moonbase.load("moon").new(seed=3).view(0)
>>> view["mode"], view["phase"], sorted(CooperativeView.__annotations__) == sorted(view)
('cooperative', 'play', True)
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

__all__ = ["CompetitiveView", "CooperativeView", "MachineView", "MoonView", "PhaseName"]

PhaseName = Literal["draw", "play", "repair", "over"]


class MachineView(TypedDict):
    """The keys both modes share (see ``MoonState._machine_view``)."""

    width: int
    registers: dict[str, str]
    energy: float
    disabled: list[str]
    deck: int
    phase: PhaseName
    ended: list[dict[str, Any]]


class CooperativeView(MachineView):
    """The crew's view: the four slots (the oldest pending goal face up), the score."""

    mode: Literal["cooperative"]
    slots: list[str | None]
    solved: int
    score_parts: dict[str, int]
    outcome: str | None
    round: int
    costs: dict[str, float]


class CompetitiveView(MachineView):
    """A seat's view of the race: its own goal and RAM, every seat's score, RAM and bugs."""

    mode: Literal["competitive"]
    seat: int | None
    goal: str | None
    ram: str | None
    rams: list[str]
    solved: list[int]
    solved_goals: list[list[str]]
    bugs: list[int]
    peeked: dict[str, str]
    turn: int
    round: int
    max_rounds: int
    hackers: list[str | None]
    free: int
    costs: dict[str, float]
    own_view: bool


MoonView = CooperativeView | CompetitiveView
"""A view of either mode."""
