"""A person's turn: what is played for them without asking, and what they are told when it
ends by itself.

**Forced choices.** When a person's seat has exactly one legal action, it is played for them
and one line says so (:func:`forced_action`); about half of Moon Leap's decisions are such. A
forced choice has nothing to learn from choosing it: the same action would be played whatever
the person typed, so the game goes on exactly as it would have. It is still asked when:

- the seat may still take back its last action (:meth:`~moonbase.cli.table.Table.take_back`):
  the person may want to ``undo`` and choose differently (a Moons Mini-Asteroid that leaves one
  card to play), and playing the forced action would leave only it to take back;
- the person turned skipping off (``--no-skip-forced`` on ``play`` and ``load``, ``forced=off``
  in the start menu, ``forced off`` during a game).

It is played even when it shows the seat something (a card drawn, a tableau revealed): what it
reveals is on the table at the person's next decision, and no choice depended on seeing it a
moment earlier. ``save``, ``hint`` and ``quit`` lose nothing either: at the next prompt they
save, advise or leave the same game, the forced action being the only way on. In hot seat, a
forced action of a seat that does not hold the screen does not pass the screen: the holder is
told it as any other seat's action (as far as the holder may know it), and the seat itself
when it next takes the screen.

**Turns that end by themselves.** Some turns end without a word from the person: MOON ends a
turn (or a cooperative round) by itself once END is the only legal action left. The play
loop tells the person so right after the action that did it, before the bots play, so that a
turn never passes unseen. Whether a turn ended is the game's to say, from two views of the
seat: a game's renderer may offer ``turn_ended(before, action, after) -> str | None`` (see
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
from moonbase.cli.table import Table
from moonbase.core import Game

__all__ = ["forced_action", "turn_note"]


def forced_action(table: Table, seat: int) -> str | None:
    """The action to play for ``seat`` without asking (see the module), or ``None`` to ask.

    >>> import moonbase
    >>> table = Table(moonbase.load("moon-leap").new(seed=0), ["human", "random"])
    >>> table.state.legal_actions(0), forced_action(table, 0)
    (['MOVE 4'], 'MOVE 4')
    """
    legal = table.state.legal_actions(seat)
    if len(legal) != 1 or table.undo.can_undo(seat):
        return None
    return legal[0]


def turn_note(game: Game, before: dict[str, Any], action: str, after: dict[str, Any]) -> str | None:
    """What to tell the seat whose ``action`` turned its view ``before`` into ``after``, if
    that ended its turn by itself (``None`` otherwise)."""
    ended = renderer_hook(game, "turn_ended")
    if ended is None:
        return None
    note = ended(before, action, after)
    return note if isinstance(note, str) else None
