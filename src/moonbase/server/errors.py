"""The one error the server's routes and its WebSocket answer with: a status, a message saying
what was wrong and what is allowed, and any details (``reason``, ``allowed``, ``state``)."""

from __future__ import annotations

from typing import Any

__all__ = ["ApiError"]


class ApiError(Exception):
    """A request that cannot be done, and nothing was changed by it.

    >>> error = ApiError(404, "no table 'x'", allowed=[])
    >>> error.status, error.body()
    (404, {'error': "no table 'x'", 'allowed': []})
    """

    def __init__(self, status: int, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details

    def body(self) -> dict[str, Any]:
        """The JSON body sent for this error: ``{"error": message, **details}``."""
        return {"error": self.message, **self.details}
