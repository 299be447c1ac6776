"""Drawing a view with rich: each game's own renderer, or its text rendering in a panel.

:func:`view_panel` draws exactly one view (``state.view(seat)``): the CLI never draws the real
state. A game with a module in :mod:`moonbase.cli.renderers` gets that renderer; any other game
(or a view the renderer does not understand) falls back to the game package's
``render_view(view)`` text, and last to the view's data.

>>> import moonbase
>>> from rich.console import Console
>>> console = Console(width=80, file=__import__("io").StringIO(), color_system=None)
>>> game = moonbase.load("moon")
>>> console.print(view_panel(game, game.new(seed=5).view(0)))
>>> "1 1 0 0" in console.file.getvalue() or "●" in console.file.getvalue()
True
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from moonbase.core import Game, State
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = [
    "PLANETS",
    "SEAT_STYLES",
    "NoSheets",
    "and_list",
    "counted",
    "number_text",
    "planet_name",
    "renderer_hook",
    "results_table",
    "sheet_panels",
    "text_view",
    "view_panel",
]

SEAT_STYLES: Final = (
    "bold cyan",
    "bold magenta",
    "bold yellow",
    "bold green",
    "bold blue",
    "bold red",
)
"""The colour of each seat wherever seats are drawn."""

Renderer = Callable[[dict[str, Any]], RenderableType]


def number_text(value: float) -> str:
    """A number as people write it: ``3``, ``2.5``.

    >>> number_text(3.0), number_text(2.5), number_text(-1)
    ('3', '2.5', '-1')
    """
    return str(int(value)) if value == int(value) else str(value)


def counted(count: float, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless the count is one (``plural``: when it is
    not just ``noun + "s"``).

    >>> counted(1, "card"), counted(0, "card"), counted(2.5, "point")
    ('1 card', '0 cards', '2.5 points')
    >>> counted(3, "match", "matches")
    '3 matches'
    """
    word = noun if count == 1 else (plural or noun + "s")
    return f"{number_text(count)} {word}"


PLANETS: Final = {
    "SATURN": N_("Saturn"),
    "JUPITER": N_("Jupiter"),
    "NEPTUNE": N_("Neptune"),
    "URANUS": N_("Uranus"),
    "EARTH": N_("Earth"),
}
"""Moons' planets as the notation writes them, and their names in English."""


def planet_name(planet: str) -> str:
    """A Moons planet's name in the language spoken (``SATURN`` stays the notation).

    >>> planet_name("JUPITER"), planet_name("PLUTO")
    ('Jupiter', 'Pluto')
    """
    return _(PLANETS[planet]) if planet in PLANETS else planet.title()


def renderer_hook(game: Game, name: str) -> Callable[..., Any] | None:
    """The function ``name`` of ``game``'s renderer module, if it has one (``render`` draws a
    view; a renderer may offer more, e.g. ``menu`` or ``menu_key`` for
    :mod:`moonbase.cli.actions`).

    >>> import moonbase
    >>> renderer_hook(moonbase.load("moon-leap"), "render") is not None
    True
    >>> renderer_hook(moonbase.load("moon-leap"), "no_such_hook") is None
    True
    """
    module_name = "moonbase.cli.renderers." + game.name.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    found = getattr(module, name, None)
    return cast(Callable[..., Any], found) if callable(found) else None


def _renderer(game: Game) -> Renderer | None:
    return cast(Renderer | None, renderer_hook(game, "render"))


def text_view(game: Game, view: dict[str, Any]) -> str | None:
    """The game package's own text rendering of ``view`` (``render_view``), if it has one."""
    package = sys.modules[type(game).__module__].__package__ or ""
    try:
        module = importlib.import_module(f"{package}.render")
    except ImportError:
        return None
    render_view = getattr(module, "render_view", None)
    if not callable(render_view):
        return None
    return str(render_view(view))


def view_panel(game: Game, view: dict[str, Any]) -> RenderableType:
    """``view`` of ``game`` drawn for the terminal."""
    renderer = _renderer(game)
    if renderer is not None:
        return renderer(view)
    text = text_view(game, view)
    if text is None:
        text = json.dumps(view, indent=1, sort_keys=True)
    return Panel(Text(text), title=game.title, title_align="left", expand=False)


class NoSheets(ValueError):
    """A ``sheet`` command that cannot be answered; the message says why and what is allowed."""


def sheet_panels(game: Game, view: dict[str, Any], which: str) -> list[RenderableType]:
    """The sheets asked for with ``sheet N`` (``which`` is ``N``) or ``sheets`` (``which`` is
    empty): every seat's sheet is public in a game whose renderer draws sheets (``sheet(view,
    seat)``), as far as ``view`` shows it.

    >>> import moonbase
    >>> game = moonbase.load("moon-leap")
    >>> sheet_panels(game, game.new(seed=1).view(0), "1")
    Traceback (most recent call last):
    ...
    moonbase.cli.render.NoSheets: Moon Leap has no sheets: everything on the table is shown ...
    """
    module_name = "moonbase.cli.renderers." + game.name.replace("-", "_")
    try:
        draw = getattr(importlib.import_module(module_name), "sheet", None)
    except ImportError:
        draw = None
    if not callable(draw):
        raise NoSheets(
            _("{game} has no sheets: everything on the table is shown with `table`").format(
                game=game.title
            )
        )
    seats = range(game.seats)
    if not which.strip():
        return [draw(view, seat) for seat in seats]
    text = which.strip().removeprefix("seat").strip()
    if not text.isdigit() or int(text) not in seats:
        raise NoSheets(
            _("there is no seat {seat}; allowed: sheet 0 to sheet {last}").format(
                seat=repr(which.strip()), last=seats[-1]
            )
        )
    return [draw(view, int(text))]


def results_table(state: State, labels: Sequence[str]) -> RenderableType:
    """The end of a game: each seat's score, and who won."""
    scores = state.scores()
    winners = set(state.winners())
    if len(labels) == 1:
        verdict = (
            _("The game is won. Score: {score}.")
            if winners
            else _("The game is lost. Score: {score}.")
        )
        return Text(
            verdict.format(score=number_text(scores[0])),
            style="bold green" if winners else "bold red",
        )
    table = RichTable(box=box.SIMPLE_HEAD, title=_("Final scores"), title_justify="left")
    table.add_column(_("seat"))
    table.add_column(_("score"), justify="right")
    table.add_column("")
    for seat, label in enumerate(labels):
        won = seat in winners
        table.add_row(
            Text(label, style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            number_text(scores[seat]),
            Text(_("winner"), style="bold green") if won else "",
        )
    names = [labels[seat] for seat in sorted(winners)]
    if not names:
        verdict = _("Nobody wins.")
    elif len(names) == 1:
        verdict = _("{seat} wins.").format(seat=names[0])
    else:
        verdict = _("{seats} share the win.").format(seats=and_list(names))
    return Group(table, Text(verdict, style="bold"))


def and_list(items: Sequence[str]) -> str:
    """``items`` joined as a sentence lists them, in the language spoken: ``a, b and c``.

    >>> and_list(["a"]), and_list(["a", "b", "c"])
    ('a', 'a, b and c')
    """
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])
