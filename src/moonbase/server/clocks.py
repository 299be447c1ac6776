"""Time at the tables: the clock the server reads, and the clock kinds a table may have.

The server reads the time only through a :class:`Clock` (``create_app(..., clock=...)``):
:class:`SystemClock` in production, :class:`ManualClock` in tests, which advance it by hand.

A table's clock (:class:`ClockSpec`) is ``none``, ``realtime`` (``initial`` seconds per seat,
plus ``increment`` after each of its moves) or ``turn`` (``per_move`` seconds for each move).
A seat's time runs while it is to act; the moments are those stored with each log entry, so
replaying the log rebuilds every seat's time left and deadline exactly.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Final, Protocol

from moonbase.i18n import gettext as _
from moonbase.server.errors import ApiError

__all__ = ["KINDS", "Clock", "ClockSpec", "ManualClock", "SystemClock", "parse_clock"]

KINDS: Final = ("none", "realtime", "turn")


class Clock(Protocol):
    """Where the server reads the time: seconds since the epoch."""

    def now(self) -> float: ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told to (:meth:`advance`)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.current = start

    def now(self) -> float:
        return self.current

    def advance(self, seconds: float) -> None:
        self.current += seconds


@dataclass(frozen=True)
class ClockSpec:
    """A table's clock: ``kind`` and its seconds."""

    kind: str = "none"
    initial: float = 0.0
    increment: float = 0.0
    per_move: float = 0.0

    def saved(self) -> dict[str, Any]:
        """The spec as stored and shown."""
        if self.kind == "realtime":
            return {"kind": "realtime", "initial": self.initial, "increment": self.increment}
        if self.kind == "turn":
            return {"kind": "turn", "per_move": self.per_move}
        return {"kind": "none"}


_FIELDS: Final = {"none": set(), "realtime": {"initial", "increment"}, "turn": {"per_move"}}


def parse_clock(given: Any) -> ClockSpec:
    """The clock ``given`` in a request (``None``, ``"none"`` or an object), or a 422.

    >>> parse_clock({"kind": "turn", "per_move": 86400}).per_move
    86400.0
    """
    if given is None or given == "none":
        return ClockSpec()
    if not isinstance(given, dict) or given.get("kind") not in KINDS:
        raise ApiError(
            422,
            _("clock {given!r}: give {{'kind': one of {kinds}, …}}").format(
                given=given, kinds=list(KINDS)
            ),
            allowed=list(KINDS),
        )
    kind = given["kind"]
    extra = set(given) - {"kind"} - _FIELDS[kind]
    missing = {"initial"} if kind == "realtime" else _FIELDS[kind]
    absent = missing - set(given)
    if extra or absent:
        raise ApiError(
            422,
            _("clock {kind}: fields {fields} (unknown: {extra}, missing: {missing})").format(
                kind=kind, fields=sorted(_FIELDS[kind]), extra=sorted(extra), missing=sorted(absent)
            ),
        )
    values: dict[str, float] = {}
    for name in _FIELDS[kind]:
        value = given.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1e8:
            raise ApiError(
                422,
                _("clock {kind}: {name} must be seconds from 0 to 1e8").format(
                    kind=kind, name=name
                ),
            )
        values[name] = float(value)
    if (kind == "realtime" and values["initial"] <= 0) or (
        kind == "turn" and values["per_move"] <= 0
    ):
        raise ApiError(
            422, _("clock {kind}: the time given must be more than 0 seconds").format(kind=kind)
        )
    return ClockSpec(kind, **values)
