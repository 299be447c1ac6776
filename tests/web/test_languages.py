"""The browser client in Spanish and Polish: the lobby and a whole game of Moon Leap played by
clicks with the page in that language show no English text of the client's or the server's
catalogs (tests/web/english.py) at any step; the switch on the page changes the language live
and is remembered; in English the same check does find English."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from moonbase.games.welcome_to_the_moon.adventures import adventure
from moonbase.games.welcome_to_the_moon.layout import worded
from tests.i18n.english import NOTATION_WORDS, english_found, translated
from tests.server.processes import free_port
from tests.web.browser import DESKTOP, Server, missing, serve
from tests.web.english import english_in
from tests.web.play import click_an_action, sit, wait_for_change, wait_for_version

PORTS = range(18450, 18480)
"""This module's loopback ports."""
LOCALES = {"en": "en-US", "es": "es-ES", "pl": "pl-PL"}
TEXT_JS = "document.body.innerText"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``moonbase serve`` on a port of this module's own (skipped without a browser)."""
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    with serve(tmp_path_factory.mktemp("languages"), port=free_port(PORTS)) as running:
        yield running


def no_english(page: Any, lang: str, where: str, engine: tuple[str, ...] = ()) -> str:
    """The page's visible text, which must hold no English of the client's or the server's
    (``engine``: texts of the game's own catalog the view carries, left out: the games' own
    translations are checked by their tests)."""
    text: str = page.evaluate(TEXT_JS)
    checked = text
    for given in engine:
        checked = checked.replace(given, "")
    found = english_in(checked, lang)
    assert found == [], f"{where}: English on the {lang} page: {found}\n---\n{text}"
    return text


def no_games_english(page: Any, lang: str, where: str) -> None:
    """The page's visible text holds no English of the games' own catalog either: what the
    view carries in English (a phase, an adventure's title, a mission) is shown translated."""
    text: str = page.evaluate(TEXT_JS)
    found = english_found(text, ["games"], lang, words=True, shared=NOTATION_WORDS)
    assert found == [], f"{where}: the games' English on the {lang} page: {found}\n---\n{text}"


def printed_words_translated(page: Any, lang: str, number: int) -> None:
    """The sheets drawn show each printed word of adventure ``number``'s sheet (a label, what
    is printed on a spot) in ``lang``, never in English where the translation differs."""
    texts = set(
        page.eval_on_selector_all(".sheet-box svg text", "els => els.map(e => e.textContent)")
    )
    layout = adventure(number).layout
    printed = {label.text for area in layout.areas for label in area.labels if not area.solo}
    words = {text: translated(lang, text) for text in printed if worded(text)}
    differ = {english: shown for english, shown in words.items() if shown != english}
    assert differ, "no printed word to check"
    assert sorted(english for english in differ if english in texts) == []
    assert sorted(shown for shown in differ.values() if shown not in texts) == []


def speaks(page: Any, lang: str) -> None:
    """Wait until the page is drawn in ``lang`` (``<html lang>`` and its switch say so)."""
    page.wait_for_function(
        "lang => document.documentElement.lang === lang"
        " && document.querySelector('#language')?.value === lang",
        arg=lang,
    )


def open_a_table(page: Any) -> str:
    """From the lobby, open a table of Moon Leap (short board) for this person and two bots;
    its id."""
    page.wait_for_selector("#create-table")
    page.select_option("#new-game", "moon-leap")
    page.select_option("#new-preset", "custom-board")
    page.select_option("#new-seat-0", "human")
    page.select_option("#new-seat-1", "greedy")
    page.select_option("#new-seat-2", "greedy")
    page.click("#create-table")
    page.wait_for_selector("#lobby-message[data-table]")
    table: str = page.locator("#lobby-message").get_attribute("data-table")
    return table


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_lobby_and_a_whole_game_show_no_english(
    server: Server, browser: Any, artifacts: Path, lang: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        speaks(page, lang)  # the browser's language, with nothing chosen yet
        page.wait_for_selector("#create-table")
        lobby = no_english(page, lang, "the lobby")
        assert translated(lang, "Open a table") in lobby
        # a message of the client, and one of the server (the client names its language)
        table = open_a_table(page)
        told = no_english(page, lang, "the lobby after opening a table")
        assert (
            translated(lang, "Table {table} is open: choose a seat below.").format(table=table)
            in told
        )
        refusal = page.evaluate(
            "import('/web/api.js').then((api) => api.table('nosuchtable').catch((e) => e.message))"
        )
        assert refusal == translated(lang, "no table {table!r}; GET /api/tables lists them").format(
            table="nosuchtable"
        )

        sit(page, server, table, 0, "Ada")
        token = page.url.split("token=")[1]
        path = f"/api/tables/{table}/state?token={token}"
        no_english(page, lang, "the table at the start")
        deadline = time.monotonic() + 120
        moves = 0
        while True:
            state = server.get(path)
            if not state["to_act"]:
                break
            assert time.monotonic() < deadline, "the game did not end in time"
            if 0 not in state["to_act"]:
                wait_for_change(server, table, state["version"])
                continue
            wait_for_version(page, state["version"])
            page.wait_for_function(
                "text => document.querySelector('#turn').textContent.startsWith(text)",
                arg=translated(lang, "Your turn."),
            )
            no_english(page, lang, f"move {moves}")
            click_an_action(page)
            wait_for_change(server, table, state["version"], path)
            moves += 1
            if moves == 3:
                page.screenshot(path=artifacts / f"moon-leap-{lang}.png", full_page=True)
        assert moves >= 2

        final = server.get(path)
        wait_for_version(page, final["version"])
        page.wait_for_selector("#result:not([hidden])")
        end = no_english(page, lang, "the result")
        assert page.inner_text("#turn") == translated(lang, "The game is over.")
        assert translated(lang, "The end") in end
        page.click("#replay-start")
        page.wait_for_selector(f'#replay-step[data-step="{len(final["log"])}"]')
        page.click("#replay-first")
        page.wait_for_selector('#replay-step[data-step="0"]')
        assert translated(lang, "the deal") in no_english(page, lang, "the replay")
    finally:
        context.close()


def test_the_switch_changes_the_language_live_and_is_remembered(
    server: Server, browser: Any
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        speaks(page, "en")
        page.wait_for_selector("#create-table")
        english = page.evaluate(TEXT_JS)
        # in English the same check finds the English it looks for
        assert "Open a table" in english_in(english, "es")
        assert "Open a table" in english_in(english, "pl")
        names = page.locator("#language option").all_inner_texts()
        assert names == ["English", "Español", "Polski"]

        page.select_option("#language", "pl")
        speaks(page, "pl")
        page.wait_for_selector("#create-table")
        assert translated("pl", "Open a table") in no_english(
            page, "pl", "the lobby switched to Polish"
        )

        table = open_a_table(page)
        sit(page, server, table, 0, "Ada")
        page.wait_for_selector(f"#connection:has-text('{translated('pl', 'live')}')")
        no_english(page, "pl", "the table in Polish")

        # live, on the table's page: everything drawn again in Spanish, its socket reopened
        page.select_option("#language", "es")
        speaks(page, "es")
        page.wait_for_selector(f"#connection:has-text('{translated('es', 'live')}')")
        page.wait_for_selector("#board svg")
        assert translated("es", "Seats") in no_english(page, "es", "the table switched to Spanish")

        # remembered on this browser, over its own languages
        page.reload()
        speaks(page, "es")
        page.wait_for_selector("#board svg")
        no_english(page, "es", "the table reloaded")

        page.select_option("#language", "en")
        speaks(page, "en")
        page.wait_for_selector("#board svg")
        page.wait_for_selector("#connection:has-text('live')")
        assert "Seats" in english_in(page.evaluate(TEXT_JS), "es")
    finally:
        context.close()


def test_the_client_chooses_plural_forms_as_the_catalogs_do(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="pl-PL")
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        speaks(page, "pl")
        numbers = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 102, 112, 1000000]
        chosen = page.evaluate(
            "numbers => import('/web/i18n.js').then((m) => ({"
            " en: numbers.map((n) => m.pluralIndex('en', n)),"
            " es: numbers.map((n) => m.pluralIndex('es', n)),"
            " pl: numbers.map((n) => m.pluralIndex('pl', n)),"
            " shown: [1, 3, 5].map((n) => m.tn('{name}: {n} point', '{name}: {n} points', n,"
            " { name: 'Ada' })) }))",
            numbers,
        )
        for lang in ("es", "pl"):  # the server's Plural-Forms expression, evaluated here
            expression = server.get(f"/api/i18n/{lang}")["plural"]
            assert chosen[lang] == [_plural_index(expression, n) for n in numbers], lang
        assert chosen["en"] == [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        assert chosen["shown"] == ["Ada: 1 punkt", "Ada: 3 punkty", "Ada: 5 punktów"]
    finally:
        context.close()


def _plural_index(expression: str, n: int) -> int:
    """The form the gettext ``Plural-Forms`` expression picks for ``n``."""
    import gettext

    index: int = gettext.c2py(expression)(n)
    return index


BOARDS = [
    ("moon", {}, ["human"]),
    ("moon", {"mode": "competitive", "players": 2}, ["human", "greedy"]),
    ("moons", {"players": 3}, ["human", "greedy", "greedy"]),
    ("welcome-to-the-moon", {}, ["human", "greedy"]),
    ("welcome-to-the-moon", {"players": 1}, ["human"]),
    ("welcome-to-the-moon", {"adventure": 6}, ["human", "greedy"]),  # begins before the flip
]


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_every_board_shows_no_english(server: Server, browser: Any, lang: str) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    try:
        page = context.new_page()
        for game, options, seats in BOARDS:
            body = {"game": game, "options": options, "seats": seats, "seed": 11}
            table = server.post("/api/tables", body)["id"]
            token = server.post(f"/api/tables/{table}/join", {"seat": 0, "name": "Ada"})["token"]
            path = f"/api/tables/{table}/state?token={token}"
            page.goto(f"{server.base}/tables/{table}?token={token}")
            speaks(page, lang)
            for step in range(3):
                state = server.get(path)
                wait_for_version(page, state["version"])
                page.wait_for_selector("#board svg")
                if game == "welcome-to-the-moon":
                    page.wait_for_selector(".sheet-box svg")
                    printed_words_translated(page, lang, state["view"]["adventure"])
                shown = no_english(page, lang, f"{game} {options}, step {step}")
                no_games_english(page, lang, f"{game} {options}, step {step}")
                for mission in state["view"].get("missions") or ():  # the view's, in English
                    if mission["text"] is None:
                        continue  # not drawn yet (adventure 6 begins before the flip)
                    shown_as = translated(lang, mission["text"])
                    assert shown_as != mission["text"] and shown_as in shown
                    assert mission["text"] not in shown
                if 0 not in state["to_act"]:
                    break
                click_an_action(page)
                wait_for_change(server, table, state["version"], path)
    finally:
        context.close()
