"""Welcome to the Moon drawn with rich: the three combinations (solo: the cards and ASTRA), the
missions, your sheet — its spaces, errors and other marks — and every seat's score.

The sheet's spaces are grouped the way the view names them: floors (``ROB1.3``) in rows, or
a trajectory (``T14``) cut into its zones.

>>> import io, moonbase
>>> from rich.console import Console
>>> console = Console(width=100, file=io.StringIO(), color_system=None)
>>> console.print(render(moonbase.load("welcome-to-the-moon").new(seed=2).view(0)))
>>> text = console.file.getvalue()
>>> "1: 5 PLANT" in text and "your sheet (seat 0)" in text and "errors" in text
True
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from moonbase import i18n
from moonbase.cli.actions import Menu, menu_lines, natural_key
from moonbase.cli.render import SEAT_STYLES, number_text
from moonbase.core import Game
from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.drawing import draw_sheet, places
from moonbase.games.welcome_to_the_moon.layout import Layout
from moonbase.games.welcome_to_the_moon.render import astra_line, part_name, phase_name
from moonbase.games.welcome_to_the_moon.view import WelcomeView
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

__all__ = ["described", "errors_text", "menu", "render", "sheet", "summary"]


def _mark(value: object) -> str:
    return "·" if value is None else str(value)


def _compact(value: object) -> str:
    """A list of notation (seats, steps) or a value as one short text."""
    if isinstance(value, list):
        return " ".join(_compact(item) for item in value) or "—"
    return _mark(value)


def errors_text(errors: object) -> str:
    """A sheet's System Errors in words: a count, or (adventure 1: ``{circled, repaired}``)
    the boxes circled and how many of them are repaired.

    >>> errors_text(2), errors_text({"circled": 3, "repaired": 0})
    ('2', '3')
    >>> errors_text({"circled": 3, "repaired": 1})
    '3 (1 repaired)'
    """
    if not isinstance(errors, dict):
        return _mark(errors)
    circled, repaired = int(errors["circled"]), int(errors["repaired"])
    if not repaired:
        return str(circled)
    return ngettext(
        "{circled} ({repaired} repaired)", "{circled} ({repaired} repaired)", repaired
    ).format(circled=circled, repaired=repaired)


def _offer(view: WelcomeView) -> Text:
    text = Text()
    if "combinations" in view:
        text.append(_("combinations") + "  ", style="bold")
        for number, combo in enumerate(view["combinations"], start=1):
            text.append(f"{number}: ", style="bold")
            text.append(f"{_mark(combo['number'])} {_mark(combo['action'])}", style="cyan")
            text.append("    ")
        return text
    text.append(_("cards") + "  ", style="bold")
    for number, card in enumerate(view["cards"], start=1):
        shown = (
            f"SOLO {card['solo']}"
            if "solo" in card
            else (f"{_mark(card['number'])} {_mark(card['action'])}")
        )
        text.append(f"{number}: ", style="bold")
        text.append(shown, style="cyan")
        text.append("    ")
    text.append("\n" + astra_line(view))
    return text


def _missions(view: WelcomeView) -> list[Text]:
    lines = []
    for mission in view["missions"]:
        if mission["card"] is None:
            continue
        line = Text(_("mission {card}").format(card=mission["card"]) + " ", style="bold")
        points = (
            _("({high}/{low} points, high taken)")
            if mission["high_taken"]
            else _("({high}/{low} points)")
        )
        line.append(points.format(high=mission["high"], low=mission["low"]))
        line.append(" " + _(mission["text"]))
        if mission.get("claimed_by"):
            done = _("done by {seats}").format(seats=_compact(mission["claimed_by"]))
            line.append(f" — {done}", style="green")
        lines.append(line)
    return lines


_TONE_STYLES: Final = {
    "label": "",
    "empty": "dim",
    "number": "bold",
    "open": "",
    "circled": "bold green",
    "crossed": "red",
}
"""How each tone of a drawn sheet (:data:`~moonbase.games.welcome_to_the_moon.drawing.TONES`)
is styled."""


class SheetDrawing:
    """A sheet drawn from its adventure's layout and its marks, as wide as the console allows
    (areas drawn ``beside`` go below when they do not fit)."""

    def __init__(self, layout: Layout, marks: list[int]) -> None:
        self.layout = layout
        self.marks = marks

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in draw_sheet(self.layout, self.marks, options.max_width - 2):
            text = Text("  ")
            for piece, tone in line:
                text.append(piece, style=_TONE_STYLES[tone])
            text.rstrip()
            yield text


def score_line(parts: dict[str, int]) -> Text:
    """A sheet's score part by part, penalties taken off, and the total.

    >>> print(score_line({"launch": 75, "bonus_rockets": 0, "errors": -5, "total": 70}))
    score: launch 75 + bonus rockets 0 − errors 5 = 70
    """
    text = Text(_("score:") + " ", style="bold")
    for index, (name, value) in enumerate(item for item in parts.items() if item[0] != "total"):
        shown = f"{part_name(name)} {abs(value)} "
        if value < 0:
            text.append(f"− {shown}", style="red")
        else:
            text.append(f"+ {shown}" if index else shown)
    text.append(f"= {parts['total']}", style="bold")
    return text


def _sheet(sheet: dict[str, Any], heading: str, number: int) -> list[RenderableType]:
    """A sheet drawn as printed, its score part by part and the missions it accomplished."""
    heading = _("{sheet}: score {score}").format(sheet=heading, score=sheet["score"])
    parts: list[RenderableType] = [Text(heading, style="bold")]
    parts.append(SheetDrawing(adventure(number).layout, sheet["marks"]))
    parts.append(score_line(sheet["score_parts"]))
    claimed = {letter: value for letter, value in sheet["missions"].items() if value is not None}
    if claimed:
        parts.append(
            Text(_("missions: {missions}").format(missions=_claimed(claimed)), style="green")
        )
    return parts


def _claimed(missions: dict[str, int | None]) -> str:
    """The missions a sheet accomplished, each letter with its value: ``A 4, C 2``."""
    return ", ".join(f"{letter} {value}" for letter, value in missions.items() if value) or "—"


def summary(sheet: dict[str, Any]) -> dict[str, str]:
    """The compact summary of a sheet the table shows for every seat: score so far, System
    Errors, missions accomplished (letter and value) and number spaces filled.

    >>> summary({"score": 12, "errors": 1, "missions": {"A": 4, "B": None, "C": None},
    ...          "spaces": {"T1": 3, "T2": None, "T3": "X"}})
    {'score': '12', 'errors': '1', 'missions': 'A 4', 'spaces': '2/3'}
    >>> summary({"score": 0, "errors": {"circled": 2, "repaired": 1}, "missions": {},
    ...          "spaces": {}})["errors"]
    '2 (1 repaired)'
    """
    spaces = sheet["spaces"]
    filled = sum(1 for value in spaces.values() if value is not None)
    return {
        "score": number_text(float(sheet["score"])),
        "errors": errors_text(sheet["errors"]),
        "missions": _claimed(sheet["missions"]),
        "spaces": f"{filled}/{len(spaces)}",
    }


def _scores(view: WelcomeView) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for column in (_("seat"), _("score"), _("errors"), _("missions"), _("spaces"), _("this turn")):
        table.add_column(column)
    to_act = set(view.get("to_act") or [])
    for seat, sheet in enumerate(view["sheets"]):
        name = Text("▶ " if seat in to_act else "  ")
        name.append(_("seat {seat}").format(seat=seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        done = _("done") if view["done"][seat] else (_("choosing") if seat in to_act else "")
        table.add_row(name, *summary(sheet).values(), done)
    return table


def sheet(view: WelcomeView, seat: int) -> RenderableType:
    """Seat ``seat``'s sheet as everyone sees it (the viewer's own: as it is now).

    >>> import io, moonbase
    >>> from rich.console import Console
    >>> console = Console(width=100, file=io.StringIO(), color_system=None)
    >>> view = moonbase.load("welcome-to-the-moon", players=2).new(seed=2).view(0)
    >>> console.print(sheet(view, 1))
    >>> "seat 1's sheet (as it stood at the start of this turn): score 0" in console.file.getvalue()
    True
    """
    own_sheet = view["sheet"]
    writing = view.get("writing", view["seat"])
    own = seat == writing and own_sheet is not None
    shown = own_sheet if own and own_sheet is not None else view["sheets"][seat]
    if own:
        mine = seat == view.get("seat")
        heading = (
            _("your sheet (seat {seat})") if mine else _("seat {seat}'s sheet (you write on it)")
        )
    elif view.get("to_act"):
        heading = _("seat {seat}'s sheet (as it stood at the start of this turn)")
    else:
        heading = _("seat {seat}'s sheet")
    heading = heading.format(seat=seat)
    return Panel(
        Group(*_sheet(shown, heading, view["adventure"])), title_align="left", expand=False
    )


def render(view: WelcomeView) -> RenderableType:
    """One Welcome to the Moon view as a rich panel."""
    title = _("Welcome to the Moon — adventure {n}, {title} · turn {turn} ({phase})").format(
        n=view["adventure"],
        title=_(view["title"]),
        turn=view["turn"],
        phase=phase_name(view["phase"]),
    )
    parts: list[RenderableType] = [_offer(view), *_missions(view), Text()]
    own = view.get("sheet")
    seat = view.get("seat")
    if own is not None:
        writing = view.get("writing")
        heading = (
            _("your sheet (seat {seat})").format(seat=seat)
            if writing is None
            else _("seat {seat}'s sheet (you write on it this turn)").format(seat=writing)
        )
        parts.extend(_sheet(own, heading, view["adventure"]))
        if view.get("pending"):
            pending = _("still to do: {steps}").format(steps=_compact(view["pending"]))
            parts.append(Text(pending, style="bold yellow"))
        parts.append(Text())
    else:
        for other, sheet in enumerate(view["sheets"]):
            parts.extend(_sheet(sheet, _("seat {seat}").format(seat=other), view["adventure"]))
            parts.append(Text())
    parts.append(_scores(view))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)


def described(action: str, number: int) -> str:
    """``action`` as the menu shows it in adventure ``number``: a link named by its slot
    (``#100``) is followed by where the sheet draws it, between the spaces or quarters it
    joins (:func:`~moonbase.games.welcome_to_the_moon.drawing.places`).

    >>> described("WALL #100", 2), described("CLOSE #101", 6), described("X T21", 2)
    ('WALL #100 (T11│T12)', 'CLOSE #101 (Q0┃Q1)', 'X T21')
    """
    where = _places(number, i18n.current())
    words = [
        f"{word} ({where[int(word[1:])]})"
        if word[1:].isdigit() and int(word[1:]) in where
        else word
        for word in action.split(" ")
    ]
    return " ".join(words)


@cache
def _places(number: int, lang: str) -> dict[int, str]:
    """Where the links of adventure ``number`` are drawn, told in ``lang`` (spoken now)."""
    return places(adventure(number).layout)


def menu(game: Game, view: dict[str, Any], actions: list[str], width: int) -> Menu | None:
    """A menu that offers links: grouped in natural order, each link told by where the sheet
    draws it (:func:`described`), so that everything the menu offers can be found on screen
    (``None`` for any other menu, which is laid out as every game's is).

    >>> import moonbase
    >>> game = moonbase.load("welcome-to-the-moon", adventure=6)
    >>> menu(game, {"adventure": 6}, ["CLOSE #101", "CLOSE #99", "SKIP"], 60).lines
    ('CLOSE  1) #99 (Q0━━Q4)  2) #101 (Q0┃Q1)', '3) SKIP')
    """
    ordered = sorted(actions, key=natural_key)
    shown = [described(action, view["adventure"]) for action in ordered]
    if shown == ordered:
        return None
    return Menu(
        tuple(menu_lines(shown, width)), dict(enumerate(ordered, start=1)), frozenset(ordered)
    )
