"""What a client is sent: a seat's state, a table, the games — built from the engine only.

A state body is exactly ``view(seat)``, ``legal_actions(seat)`` and ``history_for(seat)`` (the
spectator's: ``view(None)``, no legal actions, ``history_for(None)``), with the table's version,
the seat it is for and the seats to act. Nothing else about the state ever leaves the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import moonbase
from moonbase.core import CHANCE, State, game_class
from moonbase.core.options import Option
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.server.tables import LiveTable

__all__ = ["games_body", "replay_body", "state_body", "table_body", "view_body"]


def view_body(state: State, seat: int | None, version: int) -> dict[str, Any]:
    """``{"version", "seat", "to_act", "view", "legal", "log"}`` of ``state`` for ``seat``
    (``None``: a spectator).

    >>> body = view_body(moonbase.load("moon-leap").new(seed=5), 1, 0)
    >>> sorted(body), body["seat"], body["legal"], body["log"]
    (['legal', 'log', 'seat', 'to_act', 'version', 'view'], 1, [], [[-1, 'ROLL 3']])
    """
    return {
        "version": version,
        "seat": seat,
        "to_act": list(state.to_act),
        "view": state.view(seat),
        "legal": state.legal_actions(seat) if seat is not None else [],
        "log": [[who, action] for who, action in state.history_for(seat)],
    }


def state_body(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """The state body of ``table`` for ``seat`` (``None``: a spectator), with the clock if
    the table has one."""
    body = view_body(table.state, seat, table.version)
    if table.clock.kind != "none":
        body["clock"] = table.clock_body()
    return body


def table_body(table: LiveTable) -> dict[str, Any]:
    """A table as listed: game, options, seats (kind, name, taken, whether and why a bot
    took it over, connected), status, version."""
    seats = []
    open_seats = table.open_seats()  # a seat a bot plays since its person left is open
    for seat in range(len(table.seats)):
        person = table.people.get(seat)
        seats.append(
            {
                "seat": seat,
                "kind": "human" if not table.is_bot(seat) else "bot",
                "name": table.bot_spec(seat)
                if table.is_bot(seat)
                else (person.name if person else None),
                "taken": seat not in open_seats,
                "taken_over": table.taken_over.get(seat),
                "player": person.name if person else None,
                "connected": table.connections(seat) > 0,
            }
        )
    return {
        "id": table.id,
        "game": table.game.name,
        "options": table.game.saved_options(),
        "seed": table.seed,
        "seats": seats,
        "status": table.status,
        "version": table.version,
        "to_act": list(table.state.to_act),
        "spectators": table.connections(-1),
        "created": table.created.isoformat(),
        "clock": table.clock_body(),
    }


def _option_body(spec: Option) -> dict[str, Any]:
    return {
        "name": spec.name,
        "kind": spec.kind,
        "default": list(spec.default) if isinstance(spec.default, tuple) else spec.default,
        "allowed": spec.allowed,
        "choices": list(spec.choices) if spec.choices is not None else None,
        "minimum": spec.minimum,
        "maximum": spec.maximum,
        "description": _(spec.description) if spec.description else spec.description,
    }


def games_body(bots: list[str]) -> dict[str, Any]:
    """Every game with its option specs and presets, and the seat kinds allowed."""
    games = []
    for name in moonbase.games():
        cls = game_class(name)
        games.append(
            {
                "name": name,
                "title": cls.title,
                "options": [_option_body(spec) for spec in cls.option_specs],
                "presets": {
                    preset: {
                        key: list(value) if isinstance(value, tuple) else value
                        for key, value in options.items()
                    }
                    for preset, options in cls.presets.items()
                },
            }
        )
    return {"games": games, "seats": ["human", *bots]}


def replay_body(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """``table``'s game step by step as ``seat`` saw it: the view after each history entry,
    with that entry as ``seat`` knew it then (rebuilt with chance explicit, so a step is one
    entry). The whole game once it is over; up to now before."""
    state = table.game.new(seed=table.seed, chance="explicit")
    steps: list[dict[str, Any]] = [{"step": 0, "entry": None, "view": state.view(seat)}]
    for who, action in table.state.history:
        state.apply(who, action)
        told = state.history_for(seat)[-1]
        steps.append(
            {
                "step": len(steps),
                "entry": [told[0], told[1]],
                "chance": who == CHANCE,
                "view": state.view(seat),
            }
        )
    return {"version": table.version, "over": table.state.is_over, "steps": steps}
