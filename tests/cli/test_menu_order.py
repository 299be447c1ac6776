"""Menus in natural order (``N2`` before ``N10``), numbered in the order they are printed."""

from __future__ import annotations

import io
import random

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

import moonbase
from moonbase.cli.actions import grouped_menu, natural_key
from moonbase.cli.play import PlayLoop
from moonbase.cli.prompts import Prompter, lines
from moonbase.cli.table import Table
from tests.cli.menus import printed_menu


def _menu_after(table: Table, typed: list[str]) -> tuple[list[tuple[int, str]], str]:
    """The last menu printed after playing ``typed``, as (number, action) pairs."""
    console = Console(file=io.StringIO(), width=100, color_system=None)
    PlayLoop(table, Prompter(console, lines(typed))).run()
    shown = console.file.getvalue()
    assert isinstance(shown, str)
    last_panel = shown.rsplit("╯", 1)[1]
    return printed_menu(last_panel.splitlines()), shown


def test_welcome_to_the_moon_lists_ene_2_before_ene_10_and_plays_what_is_printed() -> None:
    table = Table(moonbase.load("welcome-to-the-moon", players=1).new(seed=2), ["human"])
    pairs, _ = _menu_after(table, ["quit"])
    numbers = [number for number, _ in pairs]
    assert numbers == sorted(numbers) == list(range(1, len(numbers) + 1))
    by_action = {action: number for number, action in pairs}
    tens = [action for action in by_action if action.endswith(" ENE.10")]
    assert tens, "a menu with energy spaces 1 to 10"
    prefix = tens[0].removesuffix("10")
    ene = [by_action[f"{prefix}{space}"] for space in range(1, 11)]
    assert ene == sorted(ene), f"{prefix}1 … {prefix}10 are numbered in natural order"
    chosen = by_action[f"{prefix}2"]
    table = Table(moonbase.load("welcome-to-the-moon", players=1).new(seed=2), ["human"])
    _menu_after(table, [str(chosen), "quit"])
    assert (0, f"{prefix}2") in table.state.history


def _moons_token_choice() -> Table:
    """A Moons table where seat 0, a person, chooses a token among three planets or more."""
    for seed in range(200):
        state = moonbase.load("moons", players=3).new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            takes = [action for action in legal if action.startswith("TAKE ")]
            if seat == 0 and len(takes) >= 3:
                return Table(state, ["human", "random", "random"])
            state.apply(seat, rng.choice(legal))
    raise AssertionError("no token choice of three planets found")


def test_a_moons_token_prompt_numbers_the_planets_in_the_order_it_names_them() -> None:
    table = _moons_token_choice()
    pairs, shown = _menu_after(table, ["quit"])
    named = shown.rsplit("chooses a token: ", 1)[1].splitlines()[0]
    planets = [name.strip(" │").upper() for name in named.split(",")]
    takes = [action.removeprefix("TAKE ") for _, action in pairs if action.startswith("TAKE ")]
    assert takes == planets


_WORD = st.builds(
    lambda letters, dot, number: letters + dot + ("" if number is None else str(number)),
    st.text("ABCENTW", min_size=1, max_size=4),
    st.sampled_from(["", "."]),
    st.none() | st.integers(0, 120),
)
_ACTIONS = st.lists(
    st.lists(_WORD, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=60, unique=True
)


@given(_ACTIONS, st.sampled_from([40, 80, 100]))
def test_every_menu_is_numbered_in_the_order_it_is_printed(actions: list[str], width: int) -> None:
    menu = grouped_menu(actions, width)
    pairs = printed_menu(list(menu.lines))
    assert [number for number, _ in pairs] == list(range(1, len(actions) + 1))
    assert sorted(action for _, action in pairs) == sorted(actions)
    for number, action in pairs:
        assert menu.choice(str(number)) == action
    printed = [action for _, action in pairs]
    assert printed == sorted(printed, key=natural_key)


@given(st.text("ABN.# ", max_size=5), st.integers(0, 10_000), st.integers(0, 10_000))
def test_numbers_inside_actions_sort_by_value(prefix: str, low: int, high: int) -> None:
    ordered = sorted([f"{prefix}{low}", f"{prefix}{high}"], key=natural_key)
    assert ordered == [f"{prefix}{min(low, high)}", f"{prefix}{max(low, high)}"]
