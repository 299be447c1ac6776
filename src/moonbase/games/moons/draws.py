"""A whole deal's chance draws at once: the positions its cards are drawn from.

In auto chance mode a state draws the outcome of its ``counter``-th chance event from the word
that event hashes to (:func:`moonbase.core.chance.hash_word`). A round of Moons deals 60 cards,
one chance event each, from a deck one card smaller each time: the ``k``-th card is the one at
position ``word % (size - k)`` of the cards left, in deck order. The state asks for the words of
the whole deal at once (:func:`moonbase.core.chance.hash_words` hashes them together) and
:func:`deck_positions` turns them into positions. The setup's Mini-Asteroids are drawn the same
way: a few draws from a pile of 38.

>>> from moonbase.core.chance import draw_index, hash_words
>>> deck_positions(hash_words(seed=7, counter=3, count=5), size=5) == [
...     draw_index(7, 3 + k, 5 - k) for k in range(5)]
True
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["deck_positions"]


def deck_positions(words: Sequence[int], size: int) -> list[int]:
    """The positions drawn from a deck of ``size`` items, one item at a time, by the chance
    events that hash to ``words`` in order: the ``k``-th is a position among the ``size - k``
    items left. One item is drawn per word (``size`` words at most).

    >>> deck_positions([10, 10, 10], size=3)   # 10 % 3, 10 % 2, 10 % 1
    [1, 0, 0]
    >>> deck_positions([], size=4)
    []
    """
    lefts = range(size, size - len(words), -1)
    return [word % left for word, left in zip(words, lefts, strict=True)]
