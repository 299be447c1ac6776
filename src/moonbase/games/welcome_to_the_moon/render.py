"""Welcome to the Moon as plain text, drawn from a view (so it never shows what is hidden).

>>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
>>> state = WelcomeGame(players=2, missions="A1,B1,C1").new(seed=3)
>>> print(render_view(state.view(None)).splitlines()[0])
Welcome to the Moon — adventure 1, The Launch — turn 1 (play)
"""

from __future__ import annotations

import json
from typing import Final

from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.drawing import plain_lines
from moonbase.games.welcome_to_the_moon.view import WelcomeView
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["PARTS", "part_name", "render_view"]


def _mark(value: object) -> str:
    return "." if value is None else str(value)


_PHASES = {
    "draw": N_("draw"),
    "effect": N_("effect"),
    "play": N_("play"),
    "resolve": N_("resolve"),
    "over": N_("over"),
}
"""The phases as the view writes them, in words."""

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
    side, _sep, rest = key.partition("_")
    if side.startswith("side") and side[4:].isdigit() and rest:
        return _("side {n} {part}").format(n=side[4:], part=part_name(rest))
    return _(PARTS[key]) if key in PARTS else key.replace("_", " ")


def render_view(view: WelcomeView) -> str:
    """A view as text: the offer, the missions and every sheet."""
    phase = view["phase"]
    lines = [
        _("Welcome to the Moon — adventure {number}, {title} — turn {turn} ({phase})").format(
            number=view["adventure"],
            title=_(view["title"]),
            turn=view["turn"],
            phase=_(_PHASES[phase]) if phase in _PHASES else phase,
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
        astra = view["astra"]
        lines.append("  " + _("cards") + "  " + " | ".join(cards))
        lines.append(
            "  "
            + _(
                "deck {deck} (pass {passed}), ASTRA level {level} ({name}): score {score}, "
                "cards {cards}"
            ).format(
                deck=view["deck"],
                passed=view["pass"],
                level=astra["level"],
                name=astra["name"],
                score=astra["score"],
                cards=json.dumps(astra["cards"]),
            )
        )
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
