"""A game's fixed action universe: every action (or chance outcome) it can ever have, numbered.

An :class:`ActionSpace` holds the canonical texts of a game's actions in a fixed order; an
action's id is its index. The order is the text order the game sorts legal actions in, so
``legal_ids`` ascending and ``legal_actions`` list the same actions in the same order. Ids
depend only on the game and its options, so a policy trained on them, or a saved experiment,
stays valid.

>>> space = ActionSpace(["INC A", "DEC A", "END"])
>>> len(space), space.text(0), space.id("END")
(3, 'DEC A', 1)
>>> space.get("JUMP") is None
True
>>> kept = [0, 1]   # a legal list a game keeps for good (its legality memo's entry)
>>> space.kept_texts(kept)
['DEC A', 'END']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["ActionSpace"]


class ActionSpace:
    """Canonical texts numbered in sorted order, with the way back from text to id."""

    __slots__ = ("_kept", "index", "texts")

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts: tuple[str, ...] = tuple(sorted(set(texts)))
        """Every canonical text, by id."""
        self.index: dict[str, int] = {text: index for index, text in enumerate(self.texts)}
        """Every canonical text's id (the way back from :attr:`texts`)."""
        self._kept: dict[int, tuple[list[int], list[str]]] = {}

    def __len__(self) -> int:
        return len(self.texts)

    def text(self, index: int) -> str:
        """The canonical text of id ``index`` (``IndexError`` outside the space)."""
        if index < 0:
            raise IndexError(index)
        return self.texts[index]

    def id(self, text: str) -> int:
        """The id of a canonical text (``KeyError`` if it is not in the space)."""
        return self.index[text]

    def get(self, text: str) -> int | None:
        """The id of a canonical text, or ``None``."""
        return self.index.get(text)

    def ids(self, texts: Sequence[str]) -> list[int]:
        """The ids of canonical texts, in the same order."""
        ids = self.index
        return [ids[text] for text in texts]

    def kept_texts(self, ids: list[int]) -> list[str]:
        """The texts of ``ids``, a list its owner keeps and never changes (an entry of a
        legality memo, shared by many states): spelled once, then copied. The space keeps the
        list with its texts, so no other list can come to have its ``id``."""
        kept = self._kept.get(id(ids))
        if kept is None:
            texts = self.texts
            kept = self._kept[id(ids)] = (ids, [texts[number] for number in ids])
        return kept[1].copy()

    def __repr__(self) -> str:
        return f"<ActionSpace of {len(self.texts)}>"
