"""What a Moon Leap seat sees: the types of :meth:`MoonLeapState.view`'s dict.

Nothing is hidden in Moon Leap, so every seat (and a spectator) gets the same view.
"""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = ["EndTrigger", "MoonLeapView", "ScorePart", "SpaceView", "TokenView"]


class TokenView(TypedDict):
    """A token on the track: its owner and its number."""

    seat: int
    number: int


class SpaceView(TypedDict):
    """One space of the track: its number (from 1), value and the token on it."""

    space: int
    value: int
    token: TokenView | None


class ScorePart(TypedDict):
    """One token's share of a score: number × value of where it stands."""

    token: int
    space: int | None
    """``None``: still in the reserve."""
    value: int
    points: int


class EndTrigger(TypedDict):
    """Why the game ended: seat ``seat``'s move filled the last three ``spaces``."""

    trigger: Literal["last-spaces"]
    seat: int
    spaces: list[int]


class MoonLeapView(TypedDict):
    """The whole table."""

    game: Literal["moon-leap"]
    board: str
    players: int
    track: list[SpaceView]
    reserve: list[list[int]]
    roll: str | None
    """The die face being played (``"1"`` … ``"5"``, ``"*"``), ``None`` before the roll."""
    barrier: int
    split_allowed: bool
    scores: list[int]
    turn: int
    extra_turn: bool
    to_act: list[int]
    over: bool
    winners: list[int]
    ended: list[EndTrigger]
    score_parts: list[list[ScorePart]] | None
