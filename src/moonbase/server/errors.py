"""The one error the server's routes and its WebSocket answer with: a status, a message saying
what was wrong and what is allowed, and any details (``reason``, ``allowed``, ``state``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from moonbase.i18n import gettext as _

__all__ = ["ApiError", "bad_request"]


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


def bad_request(problems: Sequence[Mapping[str, Any]]) -> ApiError:
    """The 422 for a request body or a WebSocket frame that does not fit its schema: each of
    pydantic's ``problems`` as ``field: message`` (``problems``), and the fields it does not
    know (``unknown_fields``).

    >>> bad_request([{"loc": ("body", "x"), "msg": "Extra inputs are not permitted",
    ...               "type": "extra_forbidden"}]).body()
    {'error': 'bad request: x: Extra inputs are not permitted', \
'problems': ['x: Extra inputs are not permitted'], 'unknown_fields': ['x']}
    """
    listed = [f"{_where(p.get('loc', ()))}: {p.get('msg', 'invalid')}" for p in problems]
    fields = {str(p.get("loc", ())[-1]) for p in problems if p.get("type") == "extra_forbidden"}
    details: dict[str, Any] = {"problems": listed}
    if fields:
        details["unknown_fields"] = sorted(fields)
    return ApiError(422, _("bad request: {problems}").format(problems="; ".join(listed)), **details)


def _where(location: Sequence[Any]) -> str:
    return ".".join(str(part) for part in location if part != "body") or "body"
