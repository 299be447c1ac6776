"""Moons drawn with rich: your hand by planet and your Mini-Asteroids, every tableau (or that it
is still face down), the trick, each seat's tokens, tricks and score, the supply and the Block.

>>> import io, moonbase
>>> from rich.console import Console
>>> console = Console(width=100, file=io.StringIO(), color_system=None)
>>> state = moonbase.load("moons", players=3).new(seed=3)
>>> console.print(render(state.view(1)))
>>> text = console.file.getvalue()
>>> "your hand" in text and "face down" not in text and "choosing" in text
True

Its menu lists planets and cards in the order the table shows them (:func:`menu_key`).
"""

from __future__ import annotations

import re
from typing import Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from moonbase.cli.render import SEAT_STYLES, number_text, planet_name
from moonbase.games.moons.render import phase_name
from moonbase.games.moons.view import MoonsView
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

__all__ = ["card_text", "menu_key", "render"]

_PLANETS: Final = ("SATURN", "JUPITER", "NEPTUNE", "URANUS")
_STYLES: Final = {"S": "yellow", "J": "red", "N": "blue", "U": "cyan", "A": "bold white"}
_CARD: Final = re.compile(r"([SJNU])(\d+)")
_LAST: Final = len(_PLANETS)


def _word_key(word: str) -> tuple[int, int, str]:
    if word in _PLANETS:
        return _PLANETS.index(word), 0, word
    card = _CARD.fullmatch(word)
    if card is not None:
        return "SJNU".index(card[1]), int(card[2]), word
    return _LAST, 0, word


def menu_key(action: str) -> tuple[tuple[int, int, str], ...]:
    """Orders the menu as the table is drawn: planets Saturn, Jupiter, Neptune, Uranus, and
    each planet's cards by number, then the rest (the Asteroid, PASS) by name.

    >>> sorted(["TAKE URANUS", "TAKE JUPITER", "TAKE SATURN"], key=menu_key)
    ['TAKE SATURN', 'TAKE JUPITER', 'TAKE URANUS']
    >>> sorted(["PLAY AST", "PLAY N10", "PLAY S4", "PLAY N2"], key=menu_key)
    ['PLAY S4', 'PLAY N2', 'PLAY N10', 'PLAY AST']
    """
    return tuple(_word_key(word) for word in action.split())


def card_text(card: str) -> Text:
    """A card in its planet's colour (``AST`` in bold)."""
    return Text(card, style=_STYLES.get(card[:1], ""))


def _cards(cards: list[str]) -> Text:
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append_text(card_text(card))
    return text or Text("—", style="dim")


def _hand(view: MoonsView) -> list[RenderableType]:
    hand = view["hand"] or []
    heading = ngettext("your hand ({n} card)", "your hand ({n} cards)", len(hand)).format(
        n=len(hand)
    )
    lines: list[RenderableType] = [Text(heading, style="bold")]
    for planet in _PLANETS:
        cards = [card for card in hand if card.startswith(planet[0])]
        if cards:
            line = Text(f"  {planet_name(planet):<8}", style=_STYLES[planet[0]])
            line.append_text(_cards(cards))
            lines.append(line)
    asteroids = sum(1 for card in hand if card == "AST")
    if asteroids:
        lines.append(Text("  " + _("Asteroid AST ×{n}").format(n=asteroids), style="bold"))
    minis = view.get("minis") or []
    lines.append(
        Text("  " + _("Mini-Asteroids: {cards}").format(cards=", ".join(minis) or _("none")))
    )
    return lines


def _tokens(tokens: dict[str, int]) -> Text:
    text = Text()
    for planet in _PLANETS:
        text.append(f"{planet[0]}{tokens.get(planet, 0)} ", style=_STYLES[planet[0]])
    return text


def _tableau(view: MoonsView, seat: int) -> Text:
    cards = view["tableaus"][seat]
    if cards is not None and (cards or view["phase"] != "tableau"):
        return _cards(cards)
    return Text(_("face down") if view["chosen"][seat] else _("choosing…"), style="italic dim")


def _seats(view: MoonsView) -> Table:
    """One row per seat, its number under the heading *seat*; the bonuses, last, wrap rather
    than be cut."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    columns = (_("seat"), _("tableau"), _("hand"), _("tokens"), _("tricks"), _("score"))
    for column in columns:
        table.add_column(column, no_wrap=True)
    table.add_column(_("bonuses"), overflow="fold")
    to_act = set(view.get("to_act") or [])
    for seat in range(view["players"]):
        name = Text("▶ " if seat in to_act else "  ")
        name.append(str(seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        table.add_row(
            name,
            _tableau(view, seat),
            str(view["hand_sizes"][seat]),
            _tokens(view["tokens"][seat]),
            str(view["tricks"][seat]),
            number_text(float(view["scores"][seat])),
            ", ".join(view["bonuses"][seat]),
        )
    return table


def _markers(view: MoonsView) -> Text:
    parts = [_("dealer seat {seat}").format(seat=view["dealer"])]
    for seat, name in (
        (view["first_player"], _("first player seat {seat}")),
        (view["earth"], _("Earth seat {seat}")),
        (view["leader"], _("leads seat {seat}")),
    ):
        if seat is not None:
            parts.append(name.format(seat=seat))
    return Text(" · ".join(parts), style="dim")


def _trick(view: MoonsView) -> list[RenderableType]:
    lines: list[RenderableType] = []
    led = view.get("led")
    text = Text(
        _("trick (led {planet}): ").format(planet=planet_name(led) if led else "—"), style="bold"
    )
    if view["trick"]:
        for index, play in enumerate(view["trick"]):
            if index:
                text.append(", ")
            text.append(_("seat {seat}").format(seat=play["seat"]) + " ")
            text.append_text(card_text(play["card"]))
    else:
        text.append(_("no card yet"), style="dim")
    lines.append(text)
    last = view.get("last_trick")
    if last:
        seat = _("seat {seat}")
        plays = ", ".join(
            f"{seat.format(seat=play['seat'])} {play['card']}" for play in last["trick"]
        )
        winner = _("nobody") if last["winner"] is None else seat.format(seat=last["winner"])
        lowest = _("nobody") if last["lowest"] is None else seat.format(seat=last["lowest"])
        line = _("last trick: {plays} — won by {winner}, lowest off-suit {lowest}")
        lines.append(Text(line.format(plays=plays, winner=winner, lowest=lowest), style="dim"))
    return lines


def render(view: MoonsView) -> RenderableType:
    """One Moons view as a rich panel."""
    title = _("Moons — round {round} of {rounds} · {phase}").format(
        round=view["round"], rounds=view["rounds"], phase=phase_name(view["phase"])
    )
    parts: list[RenderableType] = []
    if view.get("hand") is not None:
        parts.extend(_hand(view))
        parts.append(Text())
    parts.append(_seats(view))
    parts.append(_markers(view))
    parts.append(Text())
    if view["phase"] != "tableau":
        parts.extend(_trick(view))
    supply = Text(_("supply") + " ")
    supply.append_text(_tokens(view["supply"]))
    blocked = view.get("blocked")
    supply.append(
        "· "
        + _("blocked: {planet}").format(planet=planet_name(blocked) if blocked else "—")
        + " · "
    )
    supply.append(
        _("Mini-Asteroid pile {pile} · tricks left {tricks}").format(
            pile=view["pile"], tricks=view["tricks_left"]
        )
    )
    parts.append(supply)
    if view.get("taker") is not None and view.get("take_options"):
        options = ", ".join(planet_name(planet) for planet in view["take_options"])
        chooses = _("seat {seat} chooses a token: {planets}")
        parts.append(Text(chooses.format(seat=view["taker"], planets=options), style="bold"))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)
