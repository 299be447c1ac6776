"""Welcome to the Moon as plain text, drawn from a view (so it never shows what is hidden).

>>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
>>> state = WelcomeGame(players=2, missions="A1,B1,C1").new(seed=3)
>>> print(render_view(state.view(None)).splitlines()[0])
Welcome to the Moon — adventure 1, The Launch — turn 1 (play)
"""

from __future__ import annotations

import json

from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.drawing import plain_lines
from moonbase.games.welcome_to_the_moon.view import WelcomeView

__all__ = ["render_view"]


def _mark(value: object) -> str:
    return "." if value is None else str(value)


def render_view(view: WelcomeView) -> str:
    """A view as text: the offer, the missions and every sheet."""
    lines = [
        f"Welcome to the Moon — adventure {view['adventure']}, {view['title']} — "
        f"turn {view['turn']} ({view['phase']})"
    ]
    if "combinations" in view:
        offer = [
            f"{i}: {_mark(c['number'])} {_mark(c['action'])}"
            for i, c in enumerate(view["combinations"], start=1)
        ]
        lines.append("  combinations  " + " | ".join(offer))
    else:
        cards = [
            f"{i}: SOLO {c['solo']}"
            if "solo" in c
            else f"{i}: {_mark(c['number'])} {_mark(c['action'])}"
            for i, c in enumerate(view["cards"], start=1)
        ]
        astra = view["astra"]
        lines.append("  cards  " + " | ".join(cards))
        lines.append(
            f"  deck {view['deck']} (pass {view['pass']}), ASTRA level {astra['level']} "
            f"({astra['name']}): score {astra['score']}, cards {json.dumps(astra['cards'])}"
        )
    for mission in view["missions"]:
        if mission["card"] is None:
            continue
        taken = " (high taken)" if mission["high_taken"] else ""
        lines.append(
            f"  mission {mission['card']} {mission['high']}/{mission['low']}{taken}: "
            f"{mission['text']}"
        )
    for seat, sheet in enumerate(view["sheets"]):
        done = " — done" if view["done"][seat] and view["phase"] == "play" else ""
        lines.append(f"  seat {seat}: score {sheet['score']}{done}")
        layout = adventure(view["adventure"]).layout
        lines.extend("    " + line for line in plain_lines(layout, sheet["marks"]))
        parts = sheet["score_parts"]
        lines.append("    score: " + ", ".join(f"{k} {v}" for k, v in parts.items()))
    return "\n".join(lines)
