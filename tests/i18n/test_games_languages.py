"""The games speak Spanish and Polish: what a seat reads from an engine holds no English text.

Random seeded playouts of every game collect each text the engine produces for a seat — what
each seat to act is asked, the reason of a wrong action tried, the text rendering of the table
(to the end, with the final scores), the hints, the options' descriptions and what a bad option
is told — and the check below finds in them every English text of the games' catalog. In Spanish
and Polish it must find none; in English it must find plenty (so the check can fail). The
action notation (the API) is the same in every language.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pytest

import moonbase
from moonbase import i18n
from moonbase.agents.hint import explain_moon, hint
from moonbase.core import CHANCE, Game, State
from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.drawing import plain_lines
from moonbase.games.welcome_to_the_moon.layout import worded
from moonbase.games.welcome_to_the_moon.missions import TEXTS, missions_of
from tests.i18n.english import NOTATION_WORDS, english_found, pattern, translated

_SETUPS: list[tuple[str, dict[str, object]]] = [
    ("moon", {}),
    ("moon", {"events": True, "extras": True}),
    ("moon", {"mode": "competitive", "players": 3, "hackers": "purple,none,red"}),
    ("moon-leap", {"players": 2}),
    ("moon-leap", {"players": 4}),
    ("moons", {"players": 4}),
    ("moons", {"players": 3, "mini_asteroids": False}),
    ("welcome-to-the-moon", {"adventure": 1, "players": 2}),
    ("welcome-to-the-moon", {"adventure": 2, "players": 1, "level": 4}),
    ("welcome-to-the-moon", {"adventure": 6, "players": 3}),
    ("welcome-to-the-moon", {"adventure": 8, "players": 1, "level": 2}),
]
_IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}"
        for name, options in _SETUPS]  # fmt: skip
_MAX_STEPS = 400
_GARBAGE = ("FLY AWAY", "MOVE 9", "TAKE PLUTO", "INC E", "XOR A", "PLAY S15", "WRITE 1 ZZ9")


# ---------------------------------------------------------------------- the check
def english_in(texts: Iterable[str], lang: str) -> list[str]:
    """The English texts of the games' catalog (translated differently into ``lang``) found
    in ``texts`` (:mod:`tests.i18n.english`, lone words included but notation's)."""
    joined = "\n".join(sorted(set(texts)))
    return english_found(joined, ["games"], lang, words=True, shared=NOTATION_WORDS)


# ---------------------------------------------------------------------- what a seat reads
def _illegal(state: State, seat: int, action: str) -> list[str]:
    try:
        state.apply(seat, action)
    except moonbase.IllegalAction as error:
        return [str(error), error.reason]
    raise AssertionError(f"{action!r} was legal")  # pragma: no cover


def _wrong(state: State, seat: int, rng: random.Random) -> Iterator[str]:
    legal = set(state.legal_actions(seat))
    others = [text for text in state.game.actions.texts if text not in legal]
    if others:
        yield from _illegal(state, seat, rng.choice(others))
    garbage = rng.choice(_GARBAGE)
    if garbage.upper() not in legal:
        yield from _illegal(state, seat, garbage)


def _hint(state: State, seat: int, rng: random.Random) -> str:
    if state.game.name == "moon":
        return explain_moon(state, seat, rng.choice(state.legal_actions(seat)))
    return hint(state, seat, search="random")


def _options(game: Game) -> Iterator[str]:
    for spec in game.option_specs:
        yield spec.about
        yield spec.allowed
        if spec.default_about is not None:
            yield spec.default_about
        if spec.kind != "text":
            try:
                moonbase.load(game.name, **{spec.name: "-7x"})
            except moonbase.InvalidOption as error:
                yield str(error)
    try:
        moonbase.load(game.name, colour="red")
    except moonbase.InvalidOption as error:
        yield str(error)


def played(name: str, options: dict[str, object], seed: int) -> tuple[list[str], list[object]]:
    """A random playout: every text produced for a seat, and the notation seen (each legal
    action list, each illegal action's ``allowed``)."""
    rng = random.Random(seed)
    game = moonbase.load(name, **options)
    state = game.new(seed=seed)
    texts = list(_options(game))
    notation: list[object] = []
    for step in range(_MAX_STEPS):
        if state.is_over:
            break
        actors = [seat for seat in state.to_act if seat != CHANCE]
        for seat in actors:
            texts.append(state._asking(seat))
            notation.append(state.legal_actions(seat))
        seat = rng.choice(actors)
        if step % 3 == 0:
            before = len(texts)
            texts.extend(_wrong(state, seat, rng))
            notation.append(len(texts) - before)
        if step % 7 == 0:
            texts.append(_hint(state, seat, rng))
        if step % 5 == 0:
            texts.append(str(state))
        try:
            state.apply(seat, "NO SUCH ACTION")
        except moonbase.IllegalAction as error:
            notation.append(error.allowed)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    texts.append(str(state))
    if state.is_over:
        texts.extend(_illegal(state, 0, "PASS"))
    return [text for text in texts if text], notation


def _speaking(lang: str, name: str, options: dict[str, object]) -> list[str]:
    with i18n.speaking(lang):
        texts: list[str] = []
        for seed in (1, 2):
            texts.extend(played(name, options, seed)[0])
        if name == "welcome-to-the-moon":
            number = options["adventure"]
            assert isinstance(number, int)
            texts.extend(mission.described for mission in missions_of(number).values())
    return texts


# ---------------------------------------------------------------------- the tests
@pytest.mark.parametrize(("name", "options"), _SETUPS, ids=_IDS)
@pytest.mark.parametrize("lang", ["es", "pl"])
def test_a_game_in_spanish_or_polish_shows_no_english(
    lang: str, name: str, options: dict[str, object]
) -> None:
    assert english_in(_speaking(lang, name, options), lang) == []


@pytest.mark.parametrize(("name", "options"), _SETUPS, ids=_IDS)
def test_the_same_game_in_english_shows_english(name: str, options: dict[str, object]) -> None:
    found = english_in(_speaking("en", name, options), "es")
    assert len(found) >= 5, found


def test_the_check_finds_an_english_text_left_in_a_translation() -> None:
    with i18n.speaking("es"):
        texts = played("moons", {"players": 3}, 1)[0]
    leaked = "choose a tableau: three Moon cards from your hand, never an Asteroid"
    assert english_in(texts, "es") == []
    assert leaked in english_in([*texts, f"{leaked}; allowed: TABLEAU S1 S2 S3"], "es")
    assert english_in(["asiento 3 (b): puntos   7, en reserva 1 2"], "es") == []
    found = english_in(["seat 3 (b): score    7, in reserve 1 2"], "es")
    assert "seat {seat} ({letter}): score {score}, in reserve {tokens}" in found


@pytest.mark.parametrize(("name", "options"), _SETUPS, ids=_IDS)
def test_notation_is_the_same_in_every_language(name: str, options: dict[str, object]) -> None:
    seen = {}
    for lang in i18n.LANGUAGES:
        with i18n.speaking(lang):
            seen[lang] = played(name, options, 3)[1]
    assert seen["es"] == seen["en"] == seen["pl"]


def test_every_mission_of_missions_json_is_marked_for_translation() -> None:
    written = {mission.text for number in range(1, 9) for mission in missions_of(number).values()}
    assert written == set(TEXTS)


@pytest.mark.parametrize("lang", ["es", "pl"])
@pytest.mark.parametrize("number", range(1, 9))
def test_every_printed_word_of_a_sheet_is_drawn_in_the_language(number: int, lang: str) -> None:
    layout = adventure(number).layout
    marks = [0] * (max(layout.slots) + 1)  # every area drawn, a solo sheet's too
    with i18n.speaking(lang):
        drawn = "\n".join(plain_lines(layout, marks))
    printed = {label.text for area in layout.areas for label in area.labels}
    printed |= {spot.printed for spot in layout.spots}
    words = {text.strip(): translated(lang, text).strip() for text in printed if worded(text)}
    english = {text for text, shown in words.items() if shown != text}
    assert sorted(text for text in english if pattern(text).search(drawn)) == []
    assert all(pattern(shown).search(drawn) for text, shown in words.items())
    with i18n.speaking("en"):
        in_english = "\n".join(plain_lines(layout, marks))
    assert english and all(pattern(text).search(in_english) for text in english)
