"""The language the server answers in: ``?lang=`` when a request gives it, else the browser's
``Accept-Language``, else English.

:class:`Speaking` wraps every request and every WebSocket connection in
:func:`moonbase.i18n.speaking`, so each message made while it is answered (an error, an
illegal action's reason, a hint) is in its language; a WebSocket keeps the language it
connected with for its life. An unknown ``?lang=`` is refused (422, naming the languages
allowed). :func:`translations` is the catalog the browser client reads
(``GET /api/i18n/{lang}``).
"""

from __future__ import annotations

import functools
import json
from typing import Any, Final
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from moonbase import i18n
from moonbase.i18n import gettext as _
from moonbase.server.errors import ApiError

__all__ = ["CLOSE_UNKNOWN_LANGUAGE", "Speaking", "language_of", "plural_rule", "translations"]

CLOSE_UNKNOWN_LANGUAGE: Final = 4422
"""The close code of a WebSocket that asked for a language the server does not speak."""


def language_of(query: str, accept_language: str | None) -> tuple[str, str | None]:
    """The language of a request with ``query`` (its query string) and ``Accept-Language``
    header, and the unknown language asked for (``None``: none was).

    >>> language_of("lang=pl&token=x", "es"), language_of("", "es-ES,en;q=0.5")
    (('pl', None), ('es', None))
    >>> language_of("lang=de", "es")
    ('es', 'de')
    """
    asked = parse_qs(query, keep_blank_values=True).get("lang")
    heard = i18n.from_accept_language(accept_language)
    if not asked:
        return heard, None
    lang = asked[-1].strip().lower()
    return (lang, None) if lang in i18n.LANGUAGES else (heard, asked[-1])


def _refusal(asked: str) -> dict[str, Any]:
    message = _("unknown language {lang!r}; allowed: {allowed}").format(
        lang=asked, allowed=", ".join(i18n.LANGUAGES)
    )
    return {"error": message, "allowed": list(i18n.LANGUAGES)}


class Speaking:
    """ASGI middleware: each request and WebSocket connection answered in its language (the
    language is also kept in ``scope["state"]["lang"]``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").decode("latin-1")
        lang, unknown = language_of(query, Headers(scope=scope).get("accept-language"))
        with i18n.speaking(lang):
            if unknown is not None:
                await self._refuse(scope, receive, send, unknown)
                return
            scope.setdefault("state", {})["lang"] = lang
            await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, asked: str) -> None:
        body = _refusal(asked)
        if scope["type"] == "websocket":
            socket = WebSocket(scope, receive, send)
            await socket.accept()
            await socket.send_json({"type": "error", "status": 422, **body})
            await socket.close(CLOSE_UNKNOWN_LANGUAGE)
            return
        data = json.dumps(body).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(data)).encode()),
        ]
        await send({"type": "http.response.start", "status": 422, "headers": headers})
        await send({"type": "http.response.body", "body": data})


@functools.cache
def plural_rule(lang: str) -> tuple[int, str]:
    """The number of plural forms of ``lang`` and its gettext ``Plural-Forms`` expression (in
    ``n``), as its catalogs have it.

    >>> plural_rule("en")
    (2, '(n != 1)')
    >>> plural_rule("pl")[0]
    3
    """
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=i18n.check(lang) if lang != "en" else "en")
    return catalog.num_plurals, catalog.plural_expr


def translations(lang: str) -> dict[str, Any]:
    """``{"lang", "nplurals", "plural", "messages"}``: every translated text of ``lang`` (each
    English text, a plural by its singular, and its translation; a plural's is the list of its
    forms) and its plural rule; 404 naming the languages when it is not one spoken."""
    if lang not in i18n.LANGUAGES:
        raise ApiError(
            404,
            _("no language {lang!r}; allowed: {allowed}").format(
                lang=lang, allowed=", ".join(i18n.LANGUAGES)
            ),
            allowed=list(i18n.LANGUAGES),
        )
    count, expression = plural_rule(lang)
    return {
        "lang": lang,
        "nplurals": count,
        "plural": expression,
        "messages": i18n.catalog(lang),
    }
