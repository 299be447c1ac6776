"""What a turn hands an adventure: :class:`Combination`, :class:`Context`, and the writes a
combination allows (:func:`fitting_writes`, :func:`grouped_variants`).

The rules themselves are :class:`~.engine.Engine`'s and the adventures'; the state
(:mod:`~moonbase.games.welcome_to_the_moon.state`) runs the turn around them: cards,
simultaneity, missions' high and low values, the end, ASTRA.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache, cached_property
from typing import NamedTuple

from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.sheet import FitTable, Sheet, Spans, fits_by_number

__all__ = [
    "ASTRONAUT_CHANGES",
    "MAJORITY",
    "VARIANT_KEYS",
    "Combination",
    "Context",
    "MissionTest",
    "WriteRows",
    "fitting_writes",
    "grouped_variants",
    "in_spaces",
    "majority_bonus",
    "with_total",
]

MissionTest = Callable[[Sequence[Sheet], int], bool]
"""Whether seat ``seat`` meets a mission now, given every sheet
(:meth:`~.engine.Engine.mission_test`)."""


class Combination(NamedTuple):
    """A number and an action a seat may choose: ``label`` as the notation writes it (``2``, or
    in solo ``1 3``: number card, action card)."""

    label: str
    number: int
    action: str
    position: int = 0
    """Its place in the turn's offer (what the notation's write tables are indexed by)."""


class Context(NamedTuple):
    """What a score needs beyond one sheet: every sheet in the comparison (majorities) and, in
    solo, ASTRA's cards per action."""

    sheets: Sequence[Sheet]
    astra_cards: Sequence[int] | None = None


def with_total(parts: dict[str, int]) -> dict[str, int]:
    """A score's ``parts`` (each with its sign: a penalty is negative) and ``total``, their
    sum, so that whoever shows a score sums its parts without knowing which ones subtract.

    >>> with_total({"launch": 75, "bonus_rockets": 0, "errors": -5})
    {'launch': 75, 'bonus_rockets': 0, 'errors': -5, 'total': 70}
    """
    return {**parts, "total": sum(parts.values())}


MAJORITY = (20, 10, 5)
"""A majority's bonuses, first to third (adventures 2 and 3)."""


def majority_bonus(count: int, counts: Iterable[int]) -> int:
    """The majority bonus of a sheet with ``count``: :data:`MAJORITY` by dense rank among the
    sheets' ``counts`` above 0 (``count`` among them); 0 for none, or below the third.

    >>> majority_bonus(3, [5, 3, 3, 1]), majority_bonus(1, [5, 3, 2, 1]), majority_bonus(0, [0, 4])
    (10, 0, 0)
    """
    ranked = sorted(set(counts) - {0}, reverse=True)
    rank = ranked.index(count) if count in ranked else len(MAJORITY)
    return MAJORITY[rank] if rank < len(MAJORITY) else 0


ASTRONAUT_CHANGES = (-2, -1, 0, 1, 2)
"""How far the Astronaut action may change a number."""


VARIANT_KEYS: tuple[tuple[int, str | None], ...] = tuple(
    (change, wild) for change in ASTRONAUT_CHANGES for wild in (None, *ACTIONS)
)
"""Every ``(change, wild action)`` a write may have, numbered (:attr:`WriteRows.by_variant`)."""
_VARIANT_INDEX: dict[tuple[int, str | None], int] = {key: i for i, key in enumerate(VARIANT_KEYS)}


class WriteRows(dict[tuple[int, int, str | None], list[int]]):
    """The notation's table of writes: ``(combination index, change, wild action)`` → the
    action id of that write per slot (``-1`` where the slot is no space).

    >>> rows = WriteRows({(0, change, None): [change] * 4 for change in ASTRONAUT_CHANGES})
    >>> rows.by_variant[0][VARIANT_KEYS.index((1, None))]
    [1, 1, 1, 1]
    """

    @cached_property
    def by_variant(self) -> list[list[list[int]]]:
        """The rows per combination index, then per :data:`VARIANT_KEYS` index (``[]`` for a
        variant the adventure has not): :func:`fitting_writes` reads them without keys."""
        rows: list[list[list[int]]] = [
            [[] for _ in VARIANT_KEYS] for _ in range(1 + max(key[0] for key in self))
        ]
        for (position, change, wild), row in self.items():
            rows[position][_VARIANT_INDEX[change, wild]] = row
        return rows


@cache
def grouped_variants(
    number: int, action: str, wild: bool
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every way to write a combination of ``number`` and ``action``, grouped by the number
    written: each number with the :data:`VARIANT_KEYS` indices of its ``(change, wild action)``
    (kept once made). The Astronaut action (or, with ``wild``, a wild action that takes it) may
    change the number by up to ±2; numbers stay within 0–17.

    >>> [(n, [VARIANT_KEYS[i] for i in ks]) for n, ks in grouped_variants(5, "ASTRONAUT", False)]
    [(3, [(-2, None)]), (4, [(-1, None)]), (5, [(0, None)]), (6, [(1, None)]), (7, [(2, None)])]
    >>> [(n, len(ks)) for n, ks in grouped_variants(17, "PLANT", True)]
    [(17, 6), (15, 1), (16, 1)]
    """
    choices: list[tuple[str | None, str]] = [(None, action)]
    if wild:
        choices.extend((other, other) for other in ACTIONS if other != action)
    grouped: dict[int, list[int]] = {}
    for wild_action, taken in choices:
        for change in ASTRONAUT_CHANGES if taken == "ASTRONAUT" else (0,):
            if 0 <= number + change <= 17:
                grouped.setdefault(number + change, []).append(_VARIANT_INDEX[change, wild_action])
    return tuple((written, tuple(indices)) for written, indices in grouped.items())


def fitting_writes(
    tables: Sequence[FitTable], combos: Sequence[Combination], rows: WriteRows, wild: bool = False
) -> list[int]:
    """The ids of every write of ``combos`` (each with its :func:`grouped_variants`), where the
    empty spaces a number fits are, per number, the spans of every one of ``tables`` (a table per
    zone: :meth:`~.sheet.Runs.fits`, :func:`in_spaces`): a number's spans slice the row of each
    variant that writes it.

    >>> rows = WriteRows({(0, change, None): list(range(10)) for change in ASTRONAUT_CHANGES})
    >>> tables = [in_spaces([(3, -1, 5), (7, 5, 18)])]
    >>> sorted(fitting_writes(tables, [Combination("1", 5, "ASTRONAUT")], rows))
    [3, 3, 7, 7]
    """
    result: list[int] = []
    extend = result.extend
    by_variant = rows.by_variant
    for combo in combos:
        combo_rows = by_variant[combo.position]
        for number, indices in grouped_variants(combo.number, combo.action, wild):
            for fits in tables:
                spans = fits[number]
                if spans:
                    for index in indices:
                        row = combo_rows[index]
                        for span in spans:
                            extend(row[span])
    return result


def in_spaces(spaces: Iterable[tuple[int, int, int]]) -> tuple[Spans, ...]:
    """The table of the empty spaces a number fits among ``spaces``, each ``(slot, low, high)``:
    ``n`` fits it iff ``low < n < high``.

    >>> table = in_spaces([(3, -1, 5), (7, 5, 18)])
    >>> table[4], table[5], table[6]
    ((slice(3, 4, None),), (), (slice(7, 8, None),))
    """
    return fits_by_number((((slice(slot, slot + 1),), low, high) for slot, low, high in spaces), ())
