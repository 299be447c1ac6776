"""Per-game heuristics for the ``greedy`` agent (and greedy MCTS rollouts), keyed by game name.

A heuristic is a function ``(observed, seat, rng) -> action``: it reads the observed state
(in practice the seat's view and legal actions) and may draw from the agent's generator. A
game without a heuristic of its own gets :func:`~moonbase.agents.heuristics.generic.choose`,
a one-step lookahead on the observed state. A new game adds its own with
:func:`register_heuristic`.

>>> sorted(HEURISTICS)
['moon', 'moon-leap', 'moons', 'welcome-to-the-moon']
>>> heuristic_for("welcome-to-the-moon").__module__
'moonbase.agents.heuristics.welcome_to_the_moon'
>>> heuristic_for("no-such-game").__module__
'moonbase.agents.heuristics.generic'
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import TypeVar

from moonbase.core import State

__all__ = [
    "HEURISTICS",
    "OUTLOOKS",
    "SHORTLISTS",
    "Heuristic",
    "Outlook",
    "Shortlist",
    "heuristic_for",
    "outlook_for",
    "register_heuristic",
    "shortlist_for",
]

_T = TypeVar("_T")

Heuristic = Callable[[State, int, random.Random], str]
"""``heuristic(observed, seat, rng) -> action`` for a seat in ``observed.to_act``."""

Outlook = Callable[[State, int], float]
"""``outlook(state, seat)``: the seat's score now plus what the heuristic expects it to gain
(in points), for judging a game cut short."""

Shortlist = Callable[[State, int], list[str]]
"""``shortlist(observed, seat)``: legal actions of ``seat`` worth a search's look where it has
more than the search can try, the heuristic's favourites first (``[]``: none to offer)."""

HEURISTICS: dict[str, str | Heuristic] = {
    "moon": "moonbase.agents.heuristics.moon:choose",
    "moon-leap": "moonbase.agents.heuristics.moon_leap:choose",
    "moons": "moonbase.agents.heuristics.moons:choose",
    "welcome-to-the-moon": "moonbase.agents.heuristics.welcome_to_the_moon:choose",
}
"""Each game's heuristic, or the ``module:function`` that holds it (imported when first used)."""

OUTLOOKS: dict[str, str | Outlook] = {
    "moon": "moonbase.agents.heuristics.moon:outlook",
    "welcome-to-the-moon": "moonbase.agents.heuristics.welcome_to_the_moon:outlook",
}
"""The games whose heuristic judges a whole position, not only actions: their outlook
function (MCTS's ``leaf=outlook`` judges cut rollouts by it)."""


SHORTLISTS: dict[str, str | Shortlist] = {
    "moons": "moonbase.agents.heuristics.moons:shortlist",
    "welcome-to-the-moon": "moonbase.agents.heuristics.welcome_to_the_moon:shortlist",
}
"""The games whose heuristic can name the actions worth trying where there are hundreds
(MCTS considers them before a random sample)."""


def register_heuristic(game: str, heuristic: Heuristic) -> None:
    """Make ``heuristic`` the greedy play of ``game`` (replacing any before it)."""
    HEURISTICS[game] = heuristic


def outlook_for(game: str) -> Outlook | None:
    """The outlook of ``game``, or ``None`` when its heuristic has none.

    >>> outlook_for("moon-leap") is None, outlook_for("welcome-to-the-moon").__name__
    (True, 'outlook')
    """
    return _loaded(OUTLOOKS, game)


def shortlist_for(game: str) -> Shortlist | None:
    """The shortlist of ``game``, or ``None`` when its heuristic has none.

    >>> shortlist_for("moon") is None, shortlist_for("moons").__name__
    (True, 'shortlist')
    """
    return _loaded(SHORTLISTS, game)


def heuristic_for(game: str) -> Heuristic:
    """The heuristic of ``game``, or the generic one-step lookahead."""
    found = _loaded(HEURISTICS, game)
    if found is None:
        from moonbase.agents.heuristics.generic import choose

        return choose
    return found


def _loaded(table: dict[str, str | _T], game: str) -> _T | None:
    """``table``'s function for ``game``, imported from its ``module:function`` (and kept in
    the table) the first time it is asked for."""
    found = table.get(game)
    if isinstance(found, str):
        module_name, _, name = found.partition(":")
        table[game] = found = getattr(importlib.import_module(module_name), name)
    return found
