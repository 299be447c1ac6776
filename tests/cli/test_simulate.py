"""``moonbase simulate``: one Ctrl-C stops it cleanly, its progress bar, its output to files
and pipes, and its machine-readable formats."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import moonbase
from moonbase.cli.errors import BadInput
from moonbase.cli.simulate import read_agents
from tests.cli.terminal import Terminal, environment

LONG_SPEC = "mcts:iterations=20,rollout=greedy"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


def test_one_ctrl_c_ends_the_workers_and_prints_the_games_finished() -> None:
    terminal = Terminal(
        "simulate", "moon-leap", "--agents", "mcts:iterations=20,random", "-n", "400", "-j", "2",
        term="xterm", timeout=60,
    )  # fmt: skip
    terminal.expect("games/s", "s/game")  # the rate is known: at least one game is done
    workers = _children(terminal.child.pid)
    assert len(workers) >= 2, "two worker processes play"
    terminal.child.sendintr()  # Ctrl-C, sent to the terminal's whole process group
    assert terminal.finish() == 130
    shown = terminal.text
    played = int(re.search(r"Interrupted: (\d+) of 400 games played", shown).group(1))
    assert 1 <= played < 400
    assert f"{played} of 400 games from seed 0; seats rotate every game." in shown
    assert "win rate" in shown and "random" in shown
    assert "Traceback" not in shown and "KeyboardInterrupt" not in shown
    deadline = time.time() + 5
    while any(_alive(pid) for pid in workers) and time.time() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)], "no worker outlives the command"


def test_the_progress_bar_shows_games_rate_and_time_left() -> None:
    terminal = Terminal(
        "simulate", "moon-leap", "--agents", "random,random", "-n", "6", "-j", "1", term="xterm"
    )
    assert terminal.finish() == 0
    bar = terminal.text
    assert "6/6 games" in bar and "left 0:00" in bar
    assert re.search(r"\d+\.\d+ games/s|\d+\.\d s/game", bar)


def _simulate(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``moonbase simulate moon-leap ARGS`` with its output to a pipe (no COLUMNS set, so
    nothing says how wide the output may be)."""
    env = {key: value for key, value in environment().items() if key != "COLUMNS"}
    return subprocess.run(
        [sys.executable, "-m", "moonbase", "simulate", "moon-leap", *args],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip


def test_a_table_sent_to_a_pipe_is_as_wide_as_it_needs() -> None:
    done = _simulate("--agents", f"{LONG_SPEC},greedy", "-n", "2", "-j", "1")
    assert done.returncode == 0, done.stderr
    assert "…" not in done.stdout
    row = next(line for line in done.stdout.splitlines() if line.startswith(LONG_SPEC))
    assert re.search(r"\b\d+\.\d\d–\d+\.\d\d$", row), "the last interval is whole"
    assert "2 games from seed 0" in done.stdout


def test_csv_and_json_give_one_row_per_agent() -> None:
    done = _simulate("--agents", "random,greedy", "-n", "4", "-j", "1", "--format", "csv")
    assert done.returncode == 0 and done.stderr == ""
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [row["agent"] for row in rows] == ["random", "greedy"]
    assert [row["seat"] for row in rows] == ["0", "1"]
    assert all(row["games"] == "4" for row in rows)
    assert sum(float(row["wins"]) for row in rows) == 4
    assert float(rows[1]["win_low"]) <= float(rows[1]["win_rate"]) <= float(rows[1]["win_high"])

    done = _simulate("--agents", "random,greedy", "-n", "4", "-j", "1", "--format", "json")
    assert done.returncode == 0 and done.stderr == ""
    body = json.loads(done.stdout)
    assert (body["games_planned"], body["games_played"], body["interrupted"]) == (4, 4, False)
    assert body["seed"] == 0 and "moon-leap" in body["game"]
    assert [agent["spec"] for agent in body["agents"]] == ["random", "greedy"]
    assert body["agents"][1]["wins"] == float(rows[1]["wins"]), "the same games as the csv"

    done = _simulate("--agents", "random,greedy", "--format", "xml")
    assert done.returncode == 2 and "'xml' is not one of 'table', 'csv', 'json'" in done.stderr


@pytest.mark.parametrize(
    ("given", "told"),
    [
        ("you,greedy,random", "simulate plays bots only; allowed: greedy, mcts, random"),
        ("oracle,greedy,random", "unknown agent 'oracle'; allowed: greedy, mcts, planner, random"),
    ],
)
def test_a_refused_agent_is_told_the_bots_and_never_a_person(given: str, told: str) -> None:
    with pytest.raises(BadInput) as refused:
        read_agents([given], moonbase.load("moons", players=3))
    assert str(refused.value).endswith(told)
