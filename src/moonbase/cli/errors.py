"""The one error the command reports as a usage error: bad input on the command line.

:class:`BadInput` carries one line that says what is wrong and what is allowed; the command
prints it and exits with status 2. Bad input typed during a game is answered in the game and
never ends it.
"""

from __future__ import annotations

__all__ = ["USAGE_ERROR", "BadInput"]

USAGE_ERROR = 2
"""The exit status of a usage error (bad game, option, seat, flag or file)."""


class BadInput(ValueError):
    """Input named on the command line that cannot be used; the message is one line."""
