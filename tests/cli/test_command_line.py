"""The command line read in-process: seats, options, usage lines and exit statuses."""

from __future__ import annotations

import pytest

from moonbase.cli.bots import split_specs
from moonbase.cli.errors import BadInput
from moonbase.cli.main import main
from moonbase.cli.options import build_game, read_assignments
from moonbase.cli.seats import read_seats


def test_seat_specs() -> None:
    assert read_seats(["you", "mcts:iterations=5,rollout=greedy,random"], 3) == [
        "human",
        "mcts:iterations=5,rollout=greedy",
        "random",
    ]
    assert read_seats([], 4) == ["human", "greedy", "greedy", "greedy"]
    with pytest.raises(BadInput, match=r"^seat 'oracle': unknown agent 'oracle'; allowed: human"):
        read_seats(["oracle", "human"], 2)
    assert split_specs("random,") == ["random"]


def test_options_and_presets() -> None:
    assert build_game("moons", read_assignments(["players=5"]), "3p-no-minis").seats == 5
    assert build_game("MOON", {}, "competitive-2").options["mode"] == "competitive"
    with pytest.raises(BadInput, match="write KEY=VALUE"):
        read_assignments(["players"])


def test_usage_errors_exit_with_2_and_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "moon", "--option", "width=7"]) == 2
    assert capsys.readouterr().err == (
        "moonbase play: option 'width': '7' is not allowed; allowed: 4, 5, 6\n"
    )
    assert main(["replay", "x.json", "--seat", "1", "--spectator"]) == 2
    assert "no such file: 'x.json'" in capsys.readouterr().err
    assert main(["simulate", "moon"]) == 2
    assert capsys.readouterr().err.startswith("moonbase simulate: Missing option '--agents'")
    assert main(["--help"]) == 0
    assert "Commands:" in capsys.readouterr().out
    assert main(["games"]) == 0
    assert "moon-leap — Moon Leap" in capsys.readouterr().out
