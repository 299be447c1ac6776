"""What a turn hands an adventure: :class:`Combination`, :class:`Context`, and the writes a
combination allows (:func:`fitting_writes`, :func:`variants`).

The rules themselves are :class:`~.engine.Engine`'s and the adventures'; the state
(:mod:`~moonbase.games.welcome_to_the_moon.state`) runs the turn around them: cards,
simultaneity, missions' high and low values, the end, ASTRA.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import NamedTuple

from moonbase.games.welcome_to_the_moon.cards import ACTIONS
from moonbase.games.welcome_to_the_moon.sheet import Sheet, span_fits

__all__ = [
    "ASTRONAUT_CHANGES",
    "Combination",
    "Context",
    "MissionTest",
    "WriteRows",
    "fitting_writes",
    "in_spaces",
    "in_zones",
    "variants",
    "with_total",
]

MissionTest = Callable[[Sequence[Sheet], int], bool]
"""Whether seat ``seat`` meets a mission now, given every sheet
(:meth:`~.engine.Engine.mission_test`)."""

WriteRows = Mapping[tuple[int, int, str | None], Sequence[int]]
"""``(combination index, change, wild action)`` → the action id of that write per slot (the
notation's table; ``-1`` where the slot is no space)."""


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


ASTRONAUT_CHANGES = (-2, -1, 0, 1, 2)
"""How far the Astronaut action may change a number."""


def fitting_writes(
    slots_for: Callable[[int], list[int]],
    combos: Sequence[Combination],
    rows: WriteRows,
    wild: bool = False,
) -> list[int]:
    """The ids of every write of ``combos`` (each with its :func:`variants`), where
    ``slots_for(n)`` gives the empty spaces a number ``n`` fits (:func:`in_spaces`,
    :func:`in_zones`). It is asked once per number, however many variants write it.

    >>> rows = {(0, change, None): list(range(10)) for change in ASTRONAUT_CHANGES}
    >>> slots = in_spaces([(3, -1, 5), (7, 5, 18)])
    >>> sorted(fitting_writes(slots, [Combination("1", 5, "ASTRONAUT")], rows))
    [3, 3, 7, 7]
    """
    fitting: dict[int, list[int]] = {}
    result: list[int] = []
    extend = result.extend
    for combo in combos:
        position = combo.position
        for change, wild_action, number in variant_list(combo.number, combo.action, wild):
            slots = fitting.get(number)
            if slots is None:
                slots = fitting[number] = slots_for(number)
            if slots:
                extend(map(rows[position, change, wild_action].__getitem__, slots))
    return result


def in_spaces(spaces: Sequence[tuple[int, int, int]]) -> Callable[[int], list[int]]:
    """The empty spaces a number fits among ``spaces``, each ``(slot, low, high)``: ``n`` fits
    it iff ``low < n < high``."""
    return lambda number: [slot for slot, low, high in spaces if low < number < high]


def in_zones(marks: bytearray, zones: Sequence[tuple[int, ...]]) -> Callable[[int], list[int]]:
    """The empty spaces a number fits in ascending ``zones`` of consecutive slots
    (:func:`~moonbase.games.welcome_to_the_moon.sheet.span_fits`)."""
    frozen = bytes(marks)
    tables = [span_fits(frozen, zone[0], zone[0] + len(zone)) for zone in zones]
    return lambda number: [slot for fits in tables for slot in fits[number]]


@cache
def variant_list(number: int, action: str, wild: bool) -> tuple[tuple[int, str | None, int], ...]:
    """:func:`variants` of a combination of ``number`` and ``action``, kept once computed."""
    return tuple(variants(Combination("", number, action), wild))


def variants(combo: Combination, wild: bool = False) -> Iterator[tuple[int, str | None, int]]:
    """Every way to write ``combo``: the change, the wild action (``None``: none) and the number
    written. The Astronaut action (or, with ``wild``, a wild action that takes it) may change the
    number by up to ±2; numbers stay within 0–17.

    >>> [change for change, _, _ in variants(Combination("1", 5, "ASTRONAUT"))]
    [-2, -1, 0, 1, 2]
    >>> [n for _, _, n in variants(Combination("1", 17, "PLANT"), wild=True)][:2]
    [17, 17]
    """
    choices: list[tuple[str | None, str]] = [(None, combo.action)]
    if wild:
        choices.extend((action, action) for action in ACTIONS if action != combo.action)
    for wild_action, action in choices:
        for change in ASTRONAUT_CHANGES if action == "ASTRONAUT" else (0,):
            number = combo.number + change
            if 0 <= number <= 17:
                yield change, wild_action, number
