"""Welcome to the Moon as plain text, drawn from a view (so it never shows what is hidden).

>>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
>>> state = WelcomeGame(players=2, missions="A1,B1,C1").new(seed=3)
>>> print(render_view(state.view(None)).splitlines()[0])
Welcome to the Moon — adventure 1, The Launch — turn 1 (play)
"""

from __future__ import annotations

from typing import Final

from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.drawing import plain_lines
from moonbase.games.welcome_to_the_moon.view import WelcomeView
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["PARTS", "PHASES", "astra_line", "half_of", "part_name", "phase_name", "render_view"]


def _mark(value: object) -> str:
    return "." if value is None else str(value)


PHASES: Final = {
    "draw": N_("draw"),
    "effect": N_("effect"),
    "play": N_("play"),
    "resolve": N_("resolve"),
    "over": N_("over"),
}
"""The phases as the view names them, in English."""


def phase_name(phase: str) -> str:
    """A phase the view names, in the language spoken.

    >>> phase_name("play")
    'play'
    """
    return _(PHASES[phase]) if phase in PHASES else phase


PARTS: Final = {
    "antennas": N_("antennas"),
    "astronaut": N_("astronaut"),
    "astronauts": N_("astronauts"),
    "blue": N_("blue"),
    "bonus_rockets": N_("bonus rockets"),
    "dome": N_("dome"),
    "errors": N_("errors"),
    "green": N_("green"),
    "greenhouses": N_("greenhouses"),
    "grey": N_("grey"),
    "infected": N_("infected"),
    "launch": N_("launch"),
    "longest": N_("longest"),
    "majority": N_("majority"),
    "missions": N_("missions"),
    "pearls": N_("pearls"),
    "planning": N_("planning"),
    "plants": N_("plants"),
    "quarters": N_("quarters"),
    "rubies": N_("rubies"),
    "sheet": N_("sheet"),
    "skyscrapers": N_("skyscrapers"),
    "starships": N_("starships"),
    "stations": N_("stations"),
    "total": N_("total"),
    "tower": N_("tower"),
    "water": N_("water"),
}
"""The parts of a sheet's score (the keys of ``score_parts``), in English."""


def part_name(key: str) -> str:
    """A score part's name in the language spoken; a half's part (adventure 8: ``side1_water``)
    with its side.

    >>> part_name("bonus_rockets"), part_name("side2_water")
    ('bonus rockets', 'side 2 water')
    """
    side, part = half_of(key)
    if side:
        return _("side {n} {part}").format(n=side, part=part_name(part))
    return _(PARTS[key]) if key in PARTS else key.replace("_", " ")


def half_of(key: str) -> tuple[str, str]:
    """A score part's side (adventure 8's halves: ``side1_water`` is side ``"1"``'s
    ``water``) and its own key; ``""`` for a part of the whole sheet.

    >>> half_of("side2_bonus_rockets"), half_of("missions")
    (('2', 'bonus_rockets'), ('', 'missions'))
    """
    side, _sep, rest = key.partition("_")
    if side.startswith("side") and side[4:].isdigit() and rest:
        return side[4:], rest
    return "", key


def astra_line(view: WelcomeView) -> str:
    """A solo view's deck and ASTRA: its level, name, score and the cards it holds.

    >>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
    >>> print(astra_line(WelcomeGame(players=1).new(seed=3).view(0)))
    deck 63 (pass 1) · ASTRA level 1 (Katherine): score 10, cards ROBOT 0, WATER 0, PLANT 0,
    ENERGY 0, ASTRONAUT 0, PLANNING 0
    """
    astra = view["astra"]
    cards = ", ".join(f"{card} {count}" for card, count in astra["cards"].items())
    return _(
        "deck {deck} (pass {n}) · ASTRA level {level} ({name}): score {score}, cards {cards}"
    ).format(
        deck=view["deck"],
        n=view["pass"],
        level=astra["level"],
        name=astra["name"],
        score=astra["score"],
        cards=cards or "—",
    )


def render_view(view: WelcomeView) -> str:
    """A view as text: the offer, the missions and every sheet."""
    phase = view["phase"]
    lines = [
        _("Welcome to the Moon — adventure {number}, {title} — turn {turn} ({phase})").format(
            number=view["adventure"],
            title=_(view["title"]),
            turn=view["turn"],
            phase=phase_name(phase),
        )
    ]
    if "combinations" in view:
        offer = [
            f"{i}: {_mark(c['number'])} {_mark(c['action'])}"
            for i, c in enumerate(view["combinations"], start=1)
        ]
        lines.append("  " + _("combinations") + "  " + " | ".join(offer))
    else:
        cards = [
            f"{i}: SOLO {c['solo']}"
            if "solo" in c
            else f"{i}: {_mark(c['number'])} {_mark(c['action'])}"
            for i, c in enumerate(view["cards"], start=1)
        ]
        lines.append("  " + _("cards") + "  " + " | ".join(cards))
        lines.append("  " + astra_line(view))
    for mission in view["missions"]:
        if mission["card"] is None:
            continue
        values = f"{mission['high']}/{mission['low']}"
        if mission["high_taken"]:
            values = _("{values} (high taken)").format(values=values)
        lines.append(
            "  "
            + _("mission {card} {values}: {text}").format(
                card=mission["card"], values=values, text=_(mission["text"])
            )
        )
    for seat, sheet in enumerate(view["sheets"]):
        if view["done"][seat] and view["phase"] == "play":
            head = _("seat {seat}: score {score} — done")
        else:
            head = _("seat {seat}: score {score}")
        lines.append("  " + head.format(seat=seat, score=sheet["score"]))
        layout = adventure(view["adventure"]).layout
        lines.extend("    " + line for line in plain_lines(layout, sheet["marks"]))
        parts = sheet["score_parts"]
        told = ", ".join(f"{part_name(key)} {value}" for key, value in parts.items())
        lines.append("    " + _("score: {parts}").format(parts=told))
    return "\n".join(lines)
