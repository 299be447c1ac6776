"""The numbered menu: grouping, layout and reading what was typed."""

from __future__ import annotations

import pytest

import moonbase
from moonbase.cli.actions import NoSuchNumber, group_actions, menu_lines, read_choice


def test_moon_operations_fit_in_a_few_lines_numbered_in_order() -> None:
    actions = moonbase.load("moon").new(seed=5).legal_actions(0)
    lines = menu_lines(actions, width=100)
    assert len(actions) == 69 and len(lines) <= 14
    assert lines[0].startswith("AND   1) A B   2) A C")
    assert "17) END" in lines
    numbers = [int(item.split(")")[0]) for line in lines for item in line.split()
               if item.endswith(")") and item[:-1].isdigit()]  # fmt: skip
    assert sorted(numbers) == list(range(1, 70))
    assert all(len(line) <= 100 for line in lines)


def test_groups_split_by_two_words_only_when_it_helps() -> None:
    state = moonbase.load("moons", players=3).new(seed=3)
    for seat in (0, 1, 2):
        state.apply(seat, state.legal_actions(seat)[0])
    actions = state.legal_actions(state.to_act[0])
    keys = [group.key for group in group_actions(actions)]
    assert keys == ["MINI TABLEAU-SWAP", "PLAY"]
    competitive = moonbase.load("moon", mode="competitive").new(seed=1).legal_actions(0)
    assert "MOV" in [group.key for group in group_actions(competitive)]
    assert all(group.first + len(group.rests) - 1 == group.last for group in group_actions(actions))


def test_a_long_menu_sums_up_big_groups_but_lists_everything_on_request() -> None:
    actions = moonbase.load("moons", players=3).new(seed=3).legal_actions(0)
    assert len(actions) > 100
    short = menu_lines(actions, width=100)
    assert short == [f"TABLEAU  {len(actions)} choices (1–{len(actions)}), e.g. {actions[0]}"]
    complete = menu_lines(actions, width=100, complete=True)
    assert len(complete) > 20 and f"{len(actions)}) " in complete[-1]


def test_typed_numbers_and_notation() -> None:
    actions = ["END", "INC A", "INC B"]
    assert read_choice(" 2 ", actions) == "INC A"
    assert read_choice("inc  b", actions) == "inc  b"
    with pytest.raises(NoSuchNumber, match="the menu goes from 1 to 3"):
        read_choice("0", actions)
    with pytest.raises(NoSuchNumber, match="nothing can be done now"):
        read_choice("1", [])
