"""The three errors moonbase raises for bad input.

Each is a :class:`ValueError`, and each message says what was wrong and what is allowed.
Nothing is changed when one is raised: an illegal action leaves the state as it was, a bad
option creates no game, a damaged save creates no state.

>>> import moonbase
>>> try:
...     moonbase.load("moon", width=7)
... except moonbase.InvalidOption as error:
...     print(error)
option 'width': 7 is not allowed; allowed: 4, 5, 6
"""

from __future__ import annotations

__all__ = ["CorruptSave", "IllegalAction", "InvalidOption", "MoonbaseError"]


class MoonbaseError(ValueError):
    """Base of every error moonbase raises for bad input."""


class InvalidOption(MoonbaseError):
    """An unknown game, an unknown option, or an option value that is not allowed."""


class IllegalAction(MoonbaseError):
    """An action that is not legal for that seat now (the state is left unchanged).

    Besides its message, it carries the ``reason`` in a few words and the actions that were
    ``allowed`` instead (canonical texts; empty when nothing was, e.g. the game is over).

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=1)
    >>> try:
    ...     state.apply(0, "MOVE 1")
    ... except moonbase.IllegalAction as error:
    ...     print(error.reason)
    ...     print(error.allowed)
    'MOVE 1' is not legal for seat 0 now (the die shows 5: move token 5; ...)
    ('MOVE 5',)
    """

    def __init__(self, message: str, reason: str = "", allowed: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.reason = reason or message
        """What was wrong, in a few words."""
        self.allowed = allowed
        """What would have been legal instead."""


class CorruptSave(MoonbaseError):
    """Saved data that is damaged, foreign, or does not replay (no state is created)."""
