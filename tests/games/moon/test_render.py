"""MOON's text rendering (``str(state)``, ``render_view``): a finished competitive game says it
is over, why, who won and the final scores, and never that a seat is to play."""

from __future__ import annotations

import pytest

import moonbase
from moonbase import i18n
from moonbase.agents import make_agent, play
from moonbase.games.moon import MoonState
from moonbase.games.moon.render import render_view
from tests.games.moon.helpers import draw, empty_the_deck, new
from tests.games.moon.helpers import play as act


def _texts(state: MoonState) -> list[str]:
    """``str(state)`` and the rendering of every seat's view and the spectator's."""
    views = [state.view(seat) for seat in [*range(state.game.seats), None]]
    return [str(state), *(render_view(view) for view in views)]


def _head(state: MoonState) -> list[str]:
    """The first two lines of ``str(state)``, checked to open every view's rendering alike."""
    texts = _texts(state)
    assert all(text.splitlines()[:2] == texts[0].splitlines()[:2] for text in texts)
    assert all("to play" not in text for text in texts)
    return texts[0].splitlines()[:2]


def test_a_game_under_way_names_the_seat_to_play() -> None:
    state = new(mode="competitive", bugs=0)
    draw(state, "0101", "0001")
    assert str(state).splitlines()[0] == (
        "MOON — competitive, round 1 of 30, seat 0 to play with energy 4"
    )


def test_a_race_ended_by_an_empty_deck_names_the_drawer_and_the_winner() -> None:
    state = new(mode="competitive", bugs=0, energy=20)
    empty_the_deck(state)
    assert state.is_over and state.winners() == [0]
    round_ = state.view(None)["round"]
    assert _head(state) == [
        f"MOON — competitive, round {round_} of 30, game over: seat 0 wins",
        "  seat 0 had to draw a card and the deck was empty; final scores: seat 0 15, seat 1 0",
    ]


def test_a_race_ended_by_its_last_round_names_the_winner() -> None:
    state = new(mode="competitive", bugs=0, max_rounds=2)
    draw(state, "0001", "1111")
    act(state, 0, "INC A")
    draw(state, "0111")
    act(state, 0, "END")
    act(state, 1, "END")
    act(state, 0, "END")
    act(state, 1, "END")
    assert _head(state) == [
        "MOON — competitive, round 2 of 2, game over: seat 0 wins",
        "  all 2 rounds were played; final scores: seat 0 1, seat 1 0",
    ]


def test_a_tie_names_every_winner() -> None:
    state = new(mode="competitive", bugs=0, max_rounds=1)
    draw(state, "1111", "1110")
    act(state, 0, "END")
    act(state, 1, "END")
    assert _head(state) == [
        "MOON — competitive, round 1 of 1, game over: seat 0 and seat 1 win",
        "  its one round was played; final scores: seat 0 0, seat 1 0",
    ]


def test_a_played_out_game_says_it_is_over() -> None:
    """The game of the bug report: greedy agents, the deck runs out in round 4."""
    agents = [make_agent("greedy", seed=seat) for seat in range(2)]
    state = play(moonbase.load("moon", mode="competitive", players=2), agents, seed=3)
    assert isinstance(state, MoonState) and state.is_over
    head = _head(state)
    assert head[0].endswith(", game over: seat 0 wins"), head
    assert "final scores: seat 0 8, seat 1 7" in head[1], head


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "es",
            [
                "MOON — competitivo, ronda 1 de 1, fin de la partida: ganan asiento 0 y asiento 1",
                "  se jugó su única ronda; puntuaciones finales: asiento 0 0, asiento 1 0",
            ],
        ),
        (
            "pl",
            [
                "MOON — rywalizacja, runda 1 z 1, koniec gry: wygrywają miejsce 0 i miejsce 1",
                "  rozegrano jedyną rundę; wyniki końcowe: miejsce 0 0, miejsce 1 0",
            ],
        ),
    ],
)
def test_the_end_is_told_in_the_language_spoken(lang: str, expected: list[str]) -> None:
    state = new(mode="competitive", bugs=0, max_rounds=1)
    draw(state, "1111", "1110")
    act(state, 0, "END")
    act(state, 1, "END")
    with i18n.speaking(lang):
        assert str(state).splitlines()[:2] == expected
