"""Everything a Welcome to the Moon menu offers can be found on screen: each word of every
sub-step of every adventure names something the drawn sheet shows — a space, a zone, a track,
a printed word — and a spot the notation can only name by its slot (``WALL #100``) is told in
the menu by where it is drawn (``WALL #100 (T11│T12)``)."""

from __future__ import annotations

import re

import pytest

from moonbase.cli.renderers.welcome_to_the_moon import described
from moonbase.games.welcome_to_the_moon import WelcomeGame
from moonbase.games.welcome_to_the_moon.adventures import adventure

_PLACE = re.compile(r"^#\d+ \((.+)\)$")
_GLYPHS = re.compile(r"[│─┃━║═\s]+")
_RANK = re.compile(r"^\d+/\d+$")


def _shown(number: int) -> set[str]:
    """Every word the drawing of adventure ``number`` can show or places by name, in capitals:
    the names of named spots, the printed areas (groups), what is printed, the labels' words."""
    layout = adventure(number).layout
    words = {spot.name for spot in layout.spots if not spot.name.startswith("#")}
    words |= {spot.group for spot in layout.spots} | {spot.printed for spot in layout.spots}
    for area in layout.areas:
        words |= {word for label in area.labels for word in re.split(r"[\s,:;]+", label.text)}
    return {word.upper() for word in words if word}


def _sub_steps(number: int) -> set[str]:
    """Every action of the adventure's sub-steps (and setup and solo choices), solo or not."""
    texts: set[str] = set()
    for players in (1, 2):
        game = WelcomeGame(players=players, adventure=number)
        texts |= {game.action_text(i) for i in range(game.num_actions)}
    return {text for text in texts if not text.startswith(("WRITE", "ERROR"))}


def _unseen(menu_text: str, shown: set[str]) -> list[str]:
    """The words of a menu entry (after its first) that name nothing on screen."""
    rest = menu_text.split(" ", 1)[1] if " " in menu_text else ""
    words: list[str] = []
    for part in re.findall(r"#\d+ \([^)]*\)|\S+", rest):
        place = _PLACE.match(part)
        if part.startswith("#") and place is None:
            words.append(part)  # a slot told by nothing
        elif place is not None:
            words += [w for w in _GLYPHS.split(place.group(1)) if w and not _RANK.match(w)]
        else:
            words.append(part)
    return [word for word in words if word.upper() not in shown]


@pytest.mark.parametrize("number", range(1, 9))
def test_every_menu_word_of_the_sub_steps_is_on_the_drawn_sheet(number: int) -> None:
    shown = _shown(number)
    unseen = {
        text: _unseen(described(text, number), shown)
        for text in sorted(_sub_steps(number))
        if _unseen(described(text, number), shown)
    }
    assert not unseen, unseen


def test_a_link_is_told_by_the_spaces_or_quarters_it_lies_between() -> None:
    assert described("WALL #100", 2) == "WALL #100 (T11│T12)"
    assert described("CLOSE #101", 6) == "CLOSE #101 (Q0┃Q1)"
    assert described("AIRLOCK #133", 7) == "AIRLOCK #133 (SH1.4║SH0.4)"
    assert described("TUNNEL B8-B7", 3) == "TUNNEL B8-B7", "a named spot is left as it is"
