"""A sheet drawn as text from its :class:`~.layout.Layout` and marks alone: :func:`draw_sheet`.

Each grid row is one line and each grid column is as wide as the widest thing that can ever be
drawn in it, so a sheet keeps its shape from turn to turn (a label that ends its row runs on to
the right instead). A number space shows its number, ``X``,
``#`` (an infection) or ``·`` (empty) — or, empty, its name (``B7``) when the labels printed
beside it do not tell it (:func:`told`), so that a player finds every space the menu names.
Any other spot shows its state before what is printed on
it: ``○`` open, ``●`` circled, ``✗`` crossed, ``⊗`` circled then crossed (a box: ``□``, ``■``,
``☒``); a link (a tunnel, a wall) shows what is printed for it once built, nothing before. An
insignia spot (and, on a sheet of insignias, a number space) shows what is printed on it, then
the side drawn there: ``1``, ``2``, ``12`` (both: a flag after a tie) or ``·``. An area only a
solo sheet has is drawn when the marks reach it. Printed words (a label, what is printed on a spot:
:func:`.layout.worded`) are drawn in the language spoken; the spots' names, the notation, stay
as they are.

Each piece of a line comes with a *tone* (:data:`TONES`), which a colour terminal may style; the
text alone says everything, so the drawing reads the same without colour.

>>> from moonbase.games.welcome_to_the_moon.layout import Area, Kind, Label, Layout, Spot, worded
>>> floor = Area("floor", (Spot(1, 0, 1, Kind.SPACE), Spot(2, 0, 2, Kind.SPACE),
...                        Spot(3, 0, 3, Kind.SYMBOL, "R3"), Spot(4, 1, 1, Kind.BOX)),
...              (Label(0, 0, "A"),))
>>> track = Area("track", (Spot(5, 0, 0, Kind.ERROR),), beside=True)
>>> marks = [0, 8, 0, 1, 2, 0]
>>> print("\\n".join(plain_lines(Layout(1, (floor, track)), marks)))
A  7  · ●R3    □
  ☒
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

from moonbase.games.welcome_to_the_moon.layout import Area, Kind, Label, Layout, Spot, worded
from moonbase.games.welcome_to_the_moon.sheet import CIRCLED, CROSSED, INFECTED, X
from moonbase.i18n import gettext as _

__all__ = ["TONES", "Piece", "draw_area", "draw_sheet", "places", "plain_lines", "told"]

TONES: Final = ("label", "empty", "number", "open", "circled", "crossed")
"""How a piece of a drawn sheet may be styled: printed text, an empty space, a number (or X),
an open spot, a circled one, a crossed one."""

Piece = tuple[str, str]
"""A piece of a drawn line: its text and its tone."""

_STATES: Final = {
    Kind.SYMBOL: ("○", "●", "✗", "⊗"),
    Kind.BOX: ("□", "■", "☒", "☒"),
    Kind.ERROR: ("□", "■", "☒", "☒"),
}
"""Per kind, the glyph of a spot with no mark, circled, crossed, circled and crossed."""
_TONE_OF_FLAGS: Final = ("open", "circled", "crossed", "crossed")
_SIDES: Final = ("·", "1", "2", "12")
"""The glyph of an insignia spot holding no side, side 1, side 2, both."""
_GAP: Final = 4
"""Blanks between two areas drawn side by side."""
_DOTTED: Final = re.compile(r"(.+)\.(\d+)")
"""A space named by its row and its rank in it: ``AST1.3``, ``Q0.5``."""
_NUMBERED: Final = re.compile(r"(\D+)(\d+)")
"""A space named by a number running through the sheet: ``M14``, ``B7``, ``T21``."""
_RANGE: Final = re.compile(r"(\D+)(\d+)[–-](\d+)")
"""A label naming the numbered spaces of its row: ``M13–24``."""


def _shown(text: str) -> str:
    """Printed text as drawn: in the language spoken when it holds words."""
    return _(text) if worded(text) else text


def told(area: Area) -> set[int]:
    """The slots of the number spaces of ``area`` whose names a label printed left of them in
    their row tells: the label is the name's row and the spaces are its 1st, 2nd, … from the
    left (``AST1``: ``AST1.1``, ``AST1.2``), or the label gives the range of the row's
    numbers, which run left to right (``M13–24``: ``M13`` … ``M24``). The others are drawn
    with their names while empty.

    >>> row = Area("row", (Spot(1, 0, 1, Kind.SPACE, name="R.1"), Spot(2, 0, 2, Kind.SPACE,
    ...            name="R.2"), Spot(3, 1, 1, Kind.SPACE, name="B7")), (Label(0, 0, "R"),))
    >>> told(row)
    {1, 2}
    """
    found: set[int] = set()
    spaces = sorted((spot for spot in area.spots if spot.kind is Kind.SPACE), key=_col)
    for label in area.labels:
        after = [s for s in spaces if s.row == label.row and s.col > label.col]
        ranged = _RANGE.fullmatch(label.text.strip())
        if ranged is not None:
            prefix, first, last = ranged[1], int(ranged[2]), int(ranged[3])
            row = [s for s in after if (m := _NUMBERED.fullmatch(s.name)) and m[1] == prefix]
            expected = [f"{prefix}{n}" for n in range(first, last + 1)]
        else:
            row = [s for s in after if (m := _DOTTED.fullmatch(s.name)) and m[1] == label.text]
            expected = [f"{label.text}.{n}" for n in range(1, len(row) + 1)]
        if row and [s.name for s in row] == expected:
            found |= {s.slot for s in row}
    return found


def _named(area: Area, insignias: bool) -> dict[int, str]:
    """The names drawn in the empty spaces of ``area`` that no label tells (:func:`told`; a
    space without a name shows ``·``)."""
    if insignias:
        return {}
    known = told(area)
    return {
        s.slot: s.name
        for s in area.spots
        if s.kind is Kind.SPACE and s.slot not in known and not s.name.startswith("#")
    }


def _width(item: Spot | Label, named: dict[int, str]) -> int:
    """The widest text ``item`` can ever be drawn as (``named``: the names drawn in empty
    spaces)."""
    if isinstance(item, Label):
        return len(_shown(item.text))
    printed = _shown(item.printed)
    if item.kind is Kind.SPACE:
        return max(2, len(named.get(item.slot, "")))
    if item.kind is Kind.LINK:
        return max(1, len(printed))
    if item.kind is Kind.INSIGNIA:
        return len(_SIDES[3]) + len(printed)
    return 1 + len(printed)


def _space(mark: int, name: str = "") -> Piece:
    if not mark:
        return name or "·", "empty"
    if mark == X:
        return "X", "number"
    if mark == INFECTED:
        return "#", "crossed"
    return str(mark - 1), "number"


def _piece(spot: Spot, mark: int, insignias: bool = False, name: str = "") -> Piece:
    """How ``spot`` is drawn when its slot holds ``mark`` (``insignias``: a space holds a side;
    ``name``: what an empty space shows instead of ``·``)."""
    printed = _shown(spot.printed)
    if spot.kind is Kind.INSIGNIA or (insignias and spot.kind is Kind.SPACE):
        return printed + _SIDES[mark & 3], "number" if mark else "empty"
    if spot.kind is Kind.SPACE:
        return _space(mark, name)
    flags = mark & (CIRCLED | CROSSED)
    if spot.kind is Kind.LINK:
        return (printed, "circled") if flags else (" " * len(printed), "empty")
    return _STATES[spot.kind][flags] + printed, _TONE_OF_FLAGS[flags]


def draw_area(area: Area, marks: Sequence[int], insignias: bool = False) -> list[list[Piece]]:
    """Each line of ``area`` as pieces (text and tone), the columns aligned: numbers to the
    right of their column, everything else to the left (``insignias``: the number spaces hold
    sides, :attr:`.Layout.insignias`); an empty space no label tells shows its name
    (:func:`told`). Trailing blanks are left out."""
    named = _named(area, insignias)
    rows, cols = area.size
    widths = [0] * cols
    grid: list[list[Spot | Label | None]] = [[None] * cols for _row in range(rows)]
    for item in area.items:
        grid[item.row][item.col] = item
    for row in grid:
        placed = [cell for cell in row if cell is not None]
        for cell in placed:
            if isinstance(cell, Label) and cell is placed[-1]:
                continue  # a label that ends its row runs on to the right
            widths[cell.col] = max(widths[cell.col], _width(cell, named))
    lines: list[list[Piece]] = []
    for row in grid:
        pieces: list[Piece] = []
        pending = 0  # blanks owed before the next piece (empty cells, separators)
        for col, entry in enumerate(row):
            width = widths[col]
            if entry is None:
                pending += width + 1
                continue
            if isinstance(entry, Label):
                text, tone = _shown(entry.text), "label"
            else:
                text, tone = _piece(entry, marks[entry.slot], insignias, named.get(entry.slot, ""))
                if entry.kind is Kind.SPACE:
                    text = text.rjust(width)
            if pending:
                pieces.append((" " * pending, "label"))
            pieces.append((text, tone))
            pending = max(width - len(text), 0) + 1
        lines.append(pieces)
    return lines


def _length(line: list[Piece]) -> int:
    return sum(len(text) for text, _tone in line)


def draw_sheet(layout: Layout, marks: Sequence[int], width: int = 96) -> list[list[Piece]]:
    """The whole sheet as lines of pieces: its areas one below the other, except that an area
    drawn ``beside`` goes to the right of the one before it when both fit in ``width``
    characters."""
    lines: list[list[Piece]] = []
    block: list[list[Piece]] = []  # the lines of the last area (or row of areas) drawn
    for area in layout.areas:
        if area.solo and max(spot.slot for spot in area.spots) >= len(marks):
            continue
        drawn = draw_area(area, marks, layout.insignias)
        left = max((_length(line) for line in block), default=0)
        right = max((_length(line) for line in drawn), default=0)
        if area.beside and block and left + _GAP + right <= width:
            block += [[] for _line in range(len(drawn) - len(block))]
            for line, extra in zip(block, drawn, strict=False):
                line.append((" " * (left + _GAP - _length(line)), "label"))
                line.extend(extra)
            continue
        if block:
            lines += block
            lines.append([])
        block = drawn
    return lines + block


def plain_lines(layout: Layout, marks: Sequence[int], width: int = 96) -> list[str]:
    """:func:`draw_sheet` as plain text lines."""
    lines = draw_sheet(layout, marks, width)
    return ["".join(text for text, _tone in line).rstrip() for line in lines]


def places(layout: Layout) -> dict[int, str]:
    """Where each link without a name (a wall, a walkway, an airlock) is drawn, told by the
    names the screen shows around it: the named spots on either side of it along its row
    (else its column, or the next column), with the link's glyph between them (``T11│T12``: a
    wall between two spaces), or their groups when those differ and no other link joins the
    same two (``Q0┃Q1``: a walkway between two quarters); a link with a named spot on one side
    only is told by that one (``T12│``: a wall at the end of a row). Any other spot without a
    name is told by what is printed on it and the title of its row (``SAB Q7``), with its rank
    among the spots told alike (``SAB Q7 1/2``); printed words are in the language spoken, as
    the sheet draws them.

    >>> from moonbase.games.welcome_to_the_moon.layout import Area, Kind, Layout, Spot
    >>> row = Area("row", (Spot(1, 0, 1, Kind.SPACE, name="T1"), Spot(9, 0, 2, Kind.LINK, "│"),
    ...                    Spot(2, 0, 3, Kind.SPACE, name="T2"), Spot(8, 0, 4, Kind.LINK, "│"),
    ...                    Spot(7, 0, 5, Kind.SYMBOL, "×2")), (Label(0, 0, "Q1"),))
    >>> places(Layout(2, (row,)))
    {9: 'T1│T2', 8: 'T2│', 7: '×2 Q1'}
    """
    found: dict[int, tuple[Spot, Spot | None]] = {}
    symbols: dict[int, str] = {}
    for area in layout.areas:
        named = [spot for spot in area.spots if not spot.name.startswith("#")]
        for spot in area.spots:
            if not spot.name.startswith("#") or spot.kind is Kind.SPACE:
                continue
            sides = _sides(spot, named) if spot.kind is Kind.LINK else None
            if sides is not None:
                found[spot.slot] = sides
            else:
                told = (_shown(spot.printed), _row_title(area, spot))
                symbols[spot.slot] = " ".join(filter(None, told))
    pairs = Counter((first.group, second.group) for first, second in found.values() if second)
    result: dict[int, str] = {}
    for slot, (first, second) in found.items():
        glyph = layout.spot(slot).printed or "-"
        if second is None:
            result[slot] = f"{first.name}{glyph}"
        elif first.group != second.group and pairs[first.group, second.group] == 1:
            result[slot] = f"{first.group}{glyph}{second.group}"
        else:
            result[slot] = f"{first.name}{glyph}{second.name}"
    alike = Counter(symbols.values())
    seen: Counter[str] = Counter()
    for slot, text in sorted(symbols.items()):
        seen[text] += 1
        result[slot] = f"{text} {seen[text]}/{alike[text]}" if alike[text] > 1 else text
    return result


def _row_title(area: Area, spot: Spot) -> str:
    """What ``spot`` belongs to, as the screen titles it: its group when a label shows it,
    else the first word of the first label left of it that is a word (a floor, a quarter, a
    track), else of the label heading its column (or the next column: a storage), else its
    group."""
    if any(label.text.split()[0] == spot.group for label in area.labels if label.text.split()):
        return spot.group
    titles = sorted((label for label in area.labels if label.row == spot.row), key=_col)
    heads = sorted(
        (label for label in area.labels if label.row < spot.row and 0 <= label.col - spot.col <= 1),
        key=lambda label: -label.row,
    )
    shown = [_shown(label.text).split() for label in titles if label.col < spot.col]
    shown += [_shown(label.text).split() for label in heads]
    words = [text[0] for text in shown if text]
    words = [word for word in words if word[0].isalnum()]
    return words[0] if words else spot.group


def _sides(spot: Spot, named: list[Spot]) -> tuple[Spot, Spot | None] | None:
    """The nearest named spots before and after ``spot`` along its row, else its column (or
    the next column), else the one before it in its row."""
    lines = (
        ([other for other in named if other.row == spot.row], True),
        ([other for other in named if other.col == spot.col], False),
        ([other for other in named if other.col == spot.col + 1], False),
    )
    for line, along_row in lines:
        here = _at(spot, along_row)
        ordered = sorted(line, key=lambda other: _at(other, along_row))
        before = [other for other in ordered if _at(other, along_row) < here]
        after = [other for other in ordered if _at(other, along_row) > here]
        if before and after:
            return before[-1], after[0]
    row = sorted((other for other in lines[0][0] if other.col < spot.col), key=_col)
    return (row[-1], None) if row else None


def _col(item: Spot | Label) -> int:
    return item.col


def _at(spot: Spot, along_row: bool) -> int:
    return spot.col if along_row else spot.row
