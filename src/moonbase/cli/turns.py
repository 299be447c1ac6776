"""A person's turn: what they are told when it ends by itself.

Some turns end without a word from the person: MOON ends a turn (or a cooperative round) by
itself once END is the only legal action left. The play loop tells the person so right after
the action that did it, before the bots play, so that a turn never passes unseen. Whether a
turn ended is the game's to say, from two views of the seat: a game's renderer may offer
``turn_ended(before, action, after) -> str | None`` (see
:func:`moonbase.cli.renderers.moon.turn_ended`); games without one never end a turn by
themselves.

>>> import moonbase
>>> state = moonbase.load("moon").new(seed=5)
>>> before = state.view(0)
>>> state.apply(0, "INC B")
>>> state.apply(0, "ROL B")
>>> turn_note(state.game, before, "ROL B", state.view(0))
'Round 1 ended by itself: nothing else was affordable, so only END was left.'
"""

from __future__ import annotations

from typing import Any

from moonbase.cli.render import renderer_hook
from moonbase.core import Game

__all__ = ["turn_note"]


def turn_note(game: Game, before: dict[str, Any], action: str, after: dict[str, Any]) -> str | None:
    """What to tell the seat whose ``action`` turned its view ``before`` into ``after``, if
    that ended its turn by itself (``None`` otherwise)."""
    ended = renderer_hook(game, "turn_ended")
    if ended is None:
        return None
    note = ended(before, action, after)
    return note if isinstance(note, str) else None
