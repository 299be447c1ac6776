"""The training example, run at a small size: the trained policy beats random, and the 95%
interval shows it."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "train_moon_leap.py"


def test_the_trained_policy_beats_random_with_confidence() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--episodes", "400", "--eval-games", "300", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    figures = json.loads(result.stdout)
    trained, random = figures["trained"], figures["random"]
    assert trained["games"] == random["games"] == 300
    assert trained["low"] < trained["rate"] < trained["high"]
    # the whole interval lies above random's win rate, and above random's own interval
    assert trained["low"] > random["rate"]
    assert trained["low"] > random["high"]


def test_the_example_refuses_sizes_below_one() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--episodes", "0"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "--episodes and --eval-games must be at least 1" in result.stderr


def test_the_examples_in_docs_adapters_run() -> None:
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(
        str(ROOT / "docs" / "adapters.md"), module_relative=False, optionflags=flags
    )
    assert result.attempted >= 10
    assert result.failed == 0
