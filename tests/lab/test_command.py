"""``moonbase lab tournament`` on the command line: the table, and one clear line for bad input."""

from __future__ import annotations

import pytest

from moonbase.cli.main import main

BAD = [
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy"),
        "moonbase lab tournament: Moon Leap with these options has 2 seats; got 1 agent; a "
        "tournament needs at least one agent per seat, e.g. --agents greedy,random",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,human"),
        "moonbase lab tournament: a tournament plays bots only; allowed: greedy, mcts, planner, "
        "random\n",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,genius"),
        "moonbase lab tournament: unknown agent 'genius'; allowed: greedy, mcts, planner, random\n",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,mcts:foo=1"),
        "moonbase lab tournament: agent 'mcts' has no parameter 'foo'; allowed: iterations,",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,random", "--executor", "threads"),
        "moonbase lab tournament: executor 'threads' is not allowed; allowed: local, "
        "dask://HOST:PORT",
    ),
    (
        (
            "lab",
            "tournament",
            "moon-leap",
            "-a",
            "greedy,random",
            "--executor",
            "dask://127.0.0.1:18649",
            "-j",
            "2",
        ),
        "moonbase lab tournament: --workers is for --executor local",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,random", "--export", "csv"),
        "moonbase lab tournament: --export csv writes the stored games: give --store PATH too",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,random", "--export", "xlsx"),
        "moonbase lab tournament: Invalid value for '--export': 'xlsx' is not 'csv'",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,random", "--games", "0"),
        "moonbase lab tournament: Invalid value for '--games' / '-n': 0 is not in the range x>=1",
    ),
    (
        ("lab", "tournament", "moon-leap", "-a", "greedy,random", "--rounds", "3"),
        "moonbase lab tournament: No such option '--rounds'; allowed: --agents, --executor,",
    ),
    (("lab", "tourney"), "moonbase lab: No such command 'tourney'; allowed: study, tournament"),
    (
        ("lab", "tournament", "chess", "-a", "greedy,random"),
        "moonbase lab tournament: unknown game 'chess'; allowed: moon, moon-leap, moons",
    ),
]


@pytest.mark.parametrize(("args", "line"), BAD, ids=[" ".join(args[1:]) for args, _ in BAD])
def test_bad_input_gets_one_line_naming_what_is_allowed(
    args: tuple[str, ...], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert err.startswith(line), err
    assert len(err.strip().splitlines()) == 1


def test_the_table_ranks_the_agents_and_says_how_the_games_were_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["lab", "tournament", "moon-leap", "-a", "random,greedy", "-n", "40", "-j", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = next(line for line in lines if "win rate" in line)
    for column in ("agent", "games", "95% CI", "mean score", "rating μ±σ", "μ−3σ", "s/move"):
        assert column in header
    ranked = [line.split()[1] for line in lines if line.strip()[:1] in "12" and "ms" in line]
    assert ranked == ["greedy", "random"]
    assert "40 games from seed 0: 20 deals, each played in 2 seatings." in out


def test_a_solo_table_shows_score_quartiles_and_no_ratings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["lab", "tournament", "welcome-to-the-moon", "-p", "a1-solo", "-a", "random,greedy"]
    assert main([*args, "-n", "2", "-j", "1"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "win rate" in line)
    assert "median" in header and "q3" in header and "rating" not in header
