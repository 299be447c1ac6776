"""Finding English left on a browser page that should be in another language: the check of
:mod:`tests.i18n.english` over the catalogs of the client and the server, lone words included
(a page's buttons and headings are often one word).

>>> english_in("Te toca. Your turn.", "es")
['Your turn.']
>>> english_in("Te toca. Deshacer", "es")
[]
"""

from __future__ import annotations

from tests.i18n.english import english_found

__all__ = ["AREAS", "SHARED", "english_in"]

AREAS = ("web", "server")
"""The areas whose texts a browser page shows."""

SHARED = frozenset({"token"})
"""One-word texts that Spanish and Polish use as they are too: a seat's *token* of the API is
"token" in both (a Moon Leap token is translated, "ficha", "pionek")."""


def english_in(page_text: str, lang: str, areas: tuple[str, ...] = AREAS) -> list[str]:
    """The English texts (msgids) of ``areas`` found in ``page_text`` of a page in ``lang``."""
    return english_found(page_text, areas, lang, words=True, shared=SHARED)
