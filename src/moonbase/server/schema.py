"""What the REST API answers, as the OpenAPI schema documents it: a model per body.

These models only describe the bodies (``/openapi.json``, ``/docs``); the routes still answer
the plain dicts :mod:`.bodies` builds from the engine, unvalidated. Every model forbids keys it
does not name, so a body that gains a key must gain it here too, and the schema fuzzing test
(``tests/server/test_fuzz.py``) holds every answer to them.

:func:`answers` gives a route's ``responses=``: its success body and each error status it can
answer, every error with :class:`ErrorBody`.

>>> sorted(answers(TableBody, 404, 413))  # 422: an unknown ?lang=, on every route
[200, 404, 413, 422]
>>> answers(TableBody, 404, ok=201)[404]["model"].__name__
'ErrorBody'
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final, Literal

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

__all__ = [
    "ERRORS",
    "ClockBody",
    "ErrorBody",
    "GameBody",
    "GamesBody",
    "HintBody",
    "I18nBody",
    "JoinAnswer",
    "OptionBody",
    "ReplayBody",
    "ReplayStep",
    "SeatBody",
    "SeatClock",
    "StateBody",
    "TableBody",
    "TablesBody",
    "UndoAnswer",
    "answers",
    "honest_openapi",
]


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatClock(_Answer):
    """One seat's clock: seconds left now, the moment it runs out (``null``: not running)."""

    seat: int
    time_left: float | None
    deadline: float | None
    running: bool


class ClockBody(_Answer):
    """A table's clock: its kind, its seconds (by kind) and each seat's time."""

    kind: Literal["none", "realtime", "turn"]
    initial: float | SkipJsonSchema[None] = None
    increment: float | SkipJsonSchema[None] = None
    per_move: float | SkipJsonSchema[None] = None
    seats: list[SeatClock]


class StateBody(_Answer):
    """A seat's state: the table's version, the seat (``null``: a spectator's), who acts, the
    seat's view, its legal actions and the history as it knows it (``[seat, action]``, ``-1``:
    chance)."""

    version: int
    seat: int | None
    to_act: list[int]
    view: dict[str, Any]
    legal: list[str]
    log: list[tuple[int, str]]
    clock: ClockBody | SkipJsonSchema[None] = None
    """Only at a table with a clock."""


class HintBody(_Answer):
    """A hint for the token's seat at ``version``: the action the strong bot would take in
    its place (worked out from the seat's view only) and why, in one line."""

    version: int
    seat: int
    action: str
    hint: str


class UndoAnswer(StateBody):
    """The action taken back, and the state after it."""

    undone: str


class SeatBody(_Answer):
    """A seat as listed: who plays it (``name``: the person, or the bot's spec) and whether
    anyone is connected there."""

    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    taken: bool
    taken_over: Literal["time", "left", "disconnected"] | None
    """Why a bot plays a person's seat now (``null``: it does not)."""
    player: str | None
    connected: bool


class TableBody(_Answer):
    """A table: the game and every option, the seed, the seats, status and version."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatBody]
    status: Literal["open", "running", "over"]
    version: int
    to_act: list[int]
    spectators: int
    created: datetime
    clock: ClockBody


class TablesBody(_Answer):
    """A page of the tables asked for, oldest first: ``limit`` of them from ``offset``, and
    how many there are in all."""

    tables: list[TableBody]
    total: int
    offset: int
    limit: int


class JoinAnswer(_Answer):
    """The seat's token (the only key to it), the seat and the table."""

    token: str
    seat: int
    table: TableBody


class OptionBody(_Answer):
    """One option of a game: kind, default, what is allowed."""

    name: str
    kind: str
    default: Any
    allowed: str
    choices: list[str | int] | None
    minimum: float | None
    maximum: float | None
    description: str


class GameBody(_Answer):
    """A game: its name, title, option specs and presets."""

    name: str
    title: str
    options: list[OptionBody]
    presets: dict[str, dict[str, Any]]


class GamesBody(_Answer):
    """Every game, and the seat kinds a table may have (``human`` and the bots)."""

    games: list[GameBody]
    seats: list[str]


class ReplayStep(_Answer):
    """One step of a replay: the entry as the viewer knew it (``null`` at the deal), whether
    chance made it, and the view after it."""

    step: int
    entry: tuple[int, str] | None
    chance: bool | SkipJsonSchema[None] = None
    """Absent at step 0, the deal."""
    view: dict[str, Any]


class ReplayBody(_Answer):
    """The game step by step as the viewer saw it."""

    version: int
    over: bool
    steps: list[ReplayStep]


class I18nBody(_Answer):
    """A language's texts for the browser client."""

    lang: Literal["en", "es", "pl"]
    nplurals: int
    """How many plural forms the language has."""
    plural: str
    """Which form to use for ``n``: a gettext ``Plural-Forms`` expression."""
    messages: dict[str, str | list[str]]
    """Each English text (a plural: its singular) → its translation (a plural: its forms)."""


class ErrorBody(_Answer):
    """What was wrong and what is allowed, with the details that help."""

    error: str
    allowed: list[str | int] = Field(default_factory=list)
    """What would have been allowed: actions, games, seats, statuses, clock kinds."""
    reason: str = ""
    """Why an action is illegal, in a few words."""
    state: StateBody | SkipJsonSchema[None] = None
    """The whole current state for the seat (a stale version: a full sync)."""
    problems: list[str] = Field(default_factory=list)
    """Each field of the request that was wrong."""
    open_seats: list[int] = Field(default_factory=list)
    """The seats nobody sits in (a token that opens none)."""
    unknown_fields: list[str] = Field(default_factory=list)
    """Fields the request had that are not allowed."""


ERRORS: Final = {
    400: "Malformed JSON.",
    403: "The token opens no seat here, or not the seat named.",
    404: "No such table.",
    409: "Stale version (with the current state), a seat taken, an undo or return refused, or "
    "a hint asked for a seat with nothing to decide.",
    413: "The request body is over 64 KiB.",
    422: "Bad fields, options, seats or clock, an illegal action (with reason and allowed), or "
    "a language (?lang=) the server does not speak.",
    503: "The database could not be reached or could not store it, or a hint took too long; "
    "nothing changed, try again.",
}
"""Each error status the API answers, and when."""


def answers(body: type[BaseModel], *errors: int, ok: int = 200) -> dict[int | str, Any]:
    """A route's ``responses=``: ``body`` at ``ok``, :class:`ErrorBody` at each of
    ``errors`` (statuses of :data:`ERRORS`) and at ``422``, which every route answers to a
    ``?lang=`` the server does not speak."""
    documented: dict[int | str, Any] = {ok: {"model": body}}
    for status in sorted({*errors, 422}):
        documented[status] = {"model": ErrorBody, "description": ERRORS[status]}
    return documented


def honest_openapi(app: FastAPI) -> None:
    """Make ``app``'s schema list only the statuses its routes say they answer: FastAPI adds
    a ``422`` (of a shape this server never sends) to every route with a parameter, even one
    whose parameters cannot be wrong."""

    built = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = built()  # FastAPI's, kept as app.openapi_schema: changed in place here
            for path in schema.get("paths", {}).values():
                for operation in path.values():
                    failed = operation.get("responses", {}).get("422", {})
                    if "HTTPValidationError" in str(failed):
                        del operation["responses"]["422"]
            components = schema.get("components", {}).get("schemas", {})
            for name in ("HTTPValidationError", "ValidationError"):
                components.pop(name, None)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
