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

from moonbase.cli.render import SEAT_STYLES, counted, number_text
from moonbase.games.moons.view import MoonsView

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
    lines: list[RenderableType] = [Text(f"your hand ({counted(len(hand), 'card')})", style="bold")]
    for planet in _PLANETS:
        cards = [card for card in hand if card.startswith(planet[0])]
        if cards:
            line = Text(f"  {planet.title():<8}", style=_STYLES[planet[0]])
            line.append_text(_cards(cards))
            lines.append(line)
    asteroids = sum(1 for card in hand if card == "AST")
    if asteroids:
        lines.append(Text(f"  Asteroid AST ×{asteroids}", style="bold"))
    minis = view.get("minis") or []
    lines.append(Text(f"  Mini-Asteroids: {', '.join(minis) or 'none'}"))
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
    return Text("face down" if view["chosen"][seat] else "choosing…", style="italic dim")


def _seats(view: MoonsView) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for column in ("seat", "tableau", "hand", "tokens", "tricks", "score", "bonuses"):
        table.add_column(column, no_wrap=column != "bonuses")
    to_act = set(view.get("to_act") or [])
    for seat in range(view["players"]):
        name = Text("▶ " if seat in to_act else "  ")
        name.append(f"seat {seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])
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
    parts = [f"dealer seat {view['dealer']}"]
    for seat, name in (
        (view["first_player"], "first player"),
        (view["earth"], "Earth"),
        (view["leader"], "leads"),
    ):
        if seat is not None:
            parts.append(f"{name} seat {seat}")
    return Text(" · ".join(parts), style="dim")


def _trick(view: MoonsView) -> list[RenderableType]:
    lines: list[RenderableType] = []
    led = view.get("led")
    text = Text(f"trick (led {led.title() if led else '—'}): ", style="bold")
    if view["trick"]:
        for index, play in enumerate(view["trick"]):
            if index:
                text.append(", ")
            text.append(f"seat {play['seat']} ")
            text.append_text(card_text(play["card"]))
    else:
        text.append("no card yet", style="dim")
    lines.append(text)
    last = view.get("last_trick")
    if last:
        plays = ", ".join(f"seat {play['seat']} {play['card']}" for play in last["trick"])
        winner = "nobody" if last["winner"] is None else f"seat {last['winner']}"
        lowest = "nobody" if last["lowest"] is None else f"seat {last['lowest']}"
        lines.append(
            Text(f"last trick: {plays} — won by {winner}, lowest off-suit {lowest}", style="dim")
        )
    return lines


def render(view: MoonsView) -> RenderableType:
    """One Moons view as a rich panel."""
    title = f"Moons — round {view['round']} of {view['rounds']} · {view['phase']}"
    parts: list[RenderableType] = []
    if view.get("hand") is not None:
        parts.extend(_hand(view))
        parts.append(Text())
    parts.append(_seats(view))
    parts.append(_markers(view))
    parts.append(Text())
    if view["phase"] != "tableau":
        parts.extend(_trick(view))
    supply = Text("supply ")
    supply.append_text(_tokens(view["supply"]))
    blocked = view.get("blocked")
    supply.append(f"· blocked: {blocked.title() if blocked else '—'} · ")
    supply.append(f"Mini-Asteroid pile {view['pile']} · tricks left {view['tricks_left']}")
    parts.append(supply)
    if view.get("taker") is not None and view.get("take_options"):
        options = ", ".join(planet.title() for planet in view["take_options"])
        parts.append(Text(f"seat {view['taker']} chooses a token: {options}", style="bold"))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)
