"""The REST routes under ``/api`` (documented in ``docs/server.md`` and at ``/docs``).

Each route answers with exactly what the engine gives the asking seat (:mod:`.bodies`), or an
:class:`~moonbase.server.errors.ApiError` saying what was wrong and what is allowed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from moonbase.cli.bots import bot_names
from moonbase.i18n import gettext as _
from moonbase.server.bodies import games_body, replay_body, state_body, table_body
from moonbase.server.bots import BotSeats
from moonbase.server.clocks import parse_clock
from moonbase.server.errors import ApiError
from moonbase.server.language import translations
from moonbase.server.live import Hub
from moonbase.server.schema import (
    GamesBody,
    HintBody,
    I18nBody,
    JoinAnswer,
    ReplayBody,
    StateBody,
    TableBody,
    TablesBody,
    UndoAnswer,
    answers,
)
from moonbase.server.tables import (
    MAX_ACTION,
    LiveTable,
    TableService,
    build_game,
    check_named_seat,
)

__all__ = ["MAX_PAGE", "PAGE", "ActBody", "CreateBody", "JoinBody", "TokenBody", "router"]

router = APIRouter(prefix="/api")

_STATUSES = ("open", "running", "over")
PAGE = 100
"""Tables listed at once unless ``limit`` says otherwise."""
MAX_PAGE = 500
"""The most tables listed at once."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateBody(_Body):
    """A new table: the game, its options or a preset, who sits where, the deal."""

    game: str
    options: dict[str, Any] | None = None
    preset: str | None = None
    seats: list[str] = Field(min_length=1, max_length=16)
    seed: int | None = Field(default=None, ge=0, le=2**62)
    clock: str | dict[str, Any] | None = None
    """``none`` (or absent), ``{"kind": "realtime", "initial": s, "increment": s}`` or
    ``{"kind": "turn", "per_move": s}``."""


def _a_name(text: str) -> str:
    """A person's name as shown: without the spaces around it, never blank or with a NUL."""
    if "\x00" in text:
        raise ValueError(_("the NUL character (\\x00) is not allowed"))
    if not text.strip():
        raise ValueError(_("a name needs more than spaces"))
    return text.strip()


class JoinBody(_Body):
    """Sit in ``seat`` under ``name``."""

    seat: int
    name: Annotated[str, AfterValidator(_a_name)] = Field(min_length=1, max_length=64)


class TokenBody(_Body):
    """A seat's token."""

    token: str = Field(min_length=1, max_length=256)


class ActBody(TokenBody):
    """An action of the token's seat on ``version`` of the table (``seat``, if given, must be
    the token's)."""

    version: int
    action: str = Field(max_length=MAX_ACTION)
    seat: int | None = None


def _service(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


async def _seat(request: Request, table: LiveTable, token: str) -> int:
    return await _service(request).seat_for(table, token)


@router.get("/games", response_model=None, responses=answers(GamesBody, 413))
async def list_games() -> dict[str, Any]:
    """Every game with its option specs and presets, and the seat kinds (human, bots)."""
    return games_body(bot_names())


@router.post(
    "/tables",
    status_code=201,
    response_model=None,
    responses=answers(TableBody, 400, 413, 422, 503, ok=201),
)
async def create_table(body: CreateBody, request: Request) -> dict[str, Any]:
    """Open a new table; the human seats wait for people to join."""
    clock = parse_clock(body.clock)
    game = build_game(body.game, body.options, body.preset)
    bots: BotSeats = request.app.state.bots
    table = await _service(request).create(game, body.seats, body.seed, bots.check, clock)
    await bots.changed(table)
    return table_body(table)


@router.get("/tables", response_model=None, responses=answers(TablesBody, 413, 422, 503))
async def list_tables(
    request: Request,
    status: Annotated[str | None, Query()] = None,
    offset: Annotated[int, Query(ge=0)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = PAGE,
) -> dict[str, Any]:
    """The tables (``?status=open|running|over``: those only), oldest first, ``limit`` of
    them from ``offset``; ``total`` counts them all."""
    if status is not None and status not in _STATUSES:
        raise ApiError(
            422,
            _("status {status!r} is not one of those allowed").format(status=status),
            allowed=list(_STATUSES),
        )
    tables = [
        table
        for table in await _service(request).every_table()
        if status is None or table.status == status
    ]
    return {
        "tables": [table_body(table) for table in tables[offset : offset + limit]],
        "total": len(tables),
        "offset": offset,
        "limit": limit,
    }


@router.get("/tables/{table_id}", response_model=None, responses=answers(TableBody, 404, 413, 503))
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    """The table: game, options, seats (kind, name, connected), status, version."""
    return table_body(await _service(request).fresh(table_id))


@router.post(
    "/tables/{table_id}/join",
    response_model=None,
    responses=answers(JoinAnswer, 400, 404, 409, 413, 422, 503),
)
async def join(table_id: str, body: JoinBody, request: Request) -> dict[str, Any]:
    """Sit in a human seat; the token returned is the only key to it (keep it secret)."""
    service = _service(request)
    table = await service.get(table_id)
    token = await service.join(table, body.seat, body.name)
    return {"token": token, "seat": body.seat, "table": table_body(table)}


@router.get(
    "/tables/{table_id}/state",
    response_model=None,
    responses=answers(StateBody, 403, 404, 413, 503),
)
async def get_state(
    table_id: str, request: Request, token: Annotated[str | None, Query()] = None
) -> dict[str, Any]:
    """The state for the token's seat; without a token, the spectator's."""
    table = await _service(request).fresh(table_id)
    return state_body(table, await _seat(request, table, token) if token is not None else None)


@router.post(
    "/tables/{table_id}/actions",
    response_model=None,
    responses=answers(StateBody, 400, 403, 404, 409, 413, 422, 503),
)
async def act(table_id: str, body: ActBody, request: Request) -> dict[str, Any]:
    """Do an action for the token's seat on ``version``; answers the new state (409 with a
    full sync when the version is stale, 422 with ``reason`` and ``allowed`` if illegal)."""
    service = _service(request)
    table = await service.get(table_id)
    seat = await _seat(request, table, body.token)
    check_named_seat(seat, body.seat)
    await service.act(table, seat, body.version, body.action)
    return state_body(await service.get(table_id), seat)


@router.post(
    "/tables/{table_id}/undo",
    response_model=None,
    responses=answers(UndoAnswer, 400, 403, 404, 409, 413, 422, 503),
)
async def undo(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
    """Take back the seat's last action (own actions this turn only, never across chance,
    another seat's action or a reveal); answers the new state with ``undone``."""
    service = _service(request)
    table = await service.get(table_id)
    seat = await _seat(request, table, body.token)
    action = await service.take_back(table, seat)
    return {"undone": action, **state_body(await service.get(table_id), seat)}


@router.post(
    "/tables/{table_id}/leave",
    response_model=None,
    responses=answers(TableBody, 400, 403, 404, 413, 422, 503),
)
async def leave(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
    """Leave the seat: the token is void and the seat open to whoever joins it; once the game
    has begun a bot plays it meanwhile."""
    service = _service(request)
    table = await service.get(table_id)
    await service.leave(table, await _seat(request, table, body.token))
    return table_body(table)


@router.post(
    "/tables/{table_id}/return",
    response_model=None,
    responses=answers(TableBody, 400, 403, 404, 409, 413, 422, 503),
)
async def take_back_seat(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
    """Take the token's seat back from the bot that took it over (409 if none did)."""
    service = _service(request)
    table = await service.get(table_id)
    await service.give_back(table, await _seat(request, table, body.token))
    return table_body(table)


@router.get(
    "/tables/{table_id}/replay",
    response_model=None,
    responses=answers(ReplayBody, 403, 404, 413, 503),
)
async def replay(
    table_id: str, request: Request, token: Annotated[str | None, Query()] = None
) -> dict[str, Any]:
    """The game step by step as the token's seat (or a spectator) saw it."""
    table = await _service(request).fresh(table_id)
    return replay_body(table, await _seat(request, table, token) if token is not None else None)


@router.get(
    "/tables/{table_id}/hint",
    response_model=None,
    responses=answers(HintBody, 403, 404, 409, 413, 422, 503),
)
async def get_hint(
    table_id: str, request: Request, token: Annotated[str, Query(min_length=1, max_length=256)]
) -> dict[str, Any]:
    """A hint for the token's seat: what the strong bot would do in its place, from the
    seat's view only (409 when the seat has nothing to decide now)."""
    table = await _service(request).fresh(table_id)
    seat = await _seat(request, table, token)
    if seat not in table.state.to_act:
        waiting = ", ".join(table.label(s) for s in table.state.to_act) or _("nobody: it is over")
        raise ApiError(
            409,
            _(
                "seat {seat} has nothing to decide now, so there is no hint; to act: {waiting}"
            ).format(seat=seat, waiting=waiting),
            allowed=list(table.state.to_act),
        )
    version = table.version
    bots: BotSeats = request.app.state.bots
    action, text = await bots.hint(table, seat)
    assert action is not None  # the seat is to act
    return {"version": version, "seat": seat, "action": action, "hint": text}


@router.get("/i18n/{lang}", response_model=None, responses=answers(I18nBody, 404, 413))
async def get_translations(lang: str) -> dict[str, Any]:
    """The browser client's texts in ``lang`` (``en``, ``es``, ``pl``): every English text and
    its translation (a plural: the list of its forms, chosen by ``plural``, the gettext
    ``Plural-Forms`` expression in ``n``); English has none, it is the source language."""
    return translations(lang)


@router.websocket("/tables/{table_id}/live")
async def live(socket: WebSocket, table_id: str, token: str | None = None) -> None:
    """Pushes the state after every change; accepts ``act``, ``undo`` and ``return`` frames."""
    hub: Hub = socket.app.state.hub
    await hub.serve(socket, table_id, token)
