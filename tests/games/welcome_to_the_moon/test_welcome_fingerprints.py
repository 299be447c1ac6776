"""Many games of every adventure play exactly as they did when the fingerprints were written
(:mod:`tests.games.welcome_to_the_moon.fingerprints` says what a fingerprint covers)."""

from __future__ import annotations

import builtins
import json
import math
from collections.abc import Iterable
from typing import Any

import pytest

from tests.games.welcome_to_the_moon.fingerprints import CASES, FILE, case_name, fingerprint

EXPECTED = json.loads(FILE.read_text())


def test_every_case_has_a_fingerprint() -> None:
    assert sorted(EXPECTED) == sorted(case_name(*case) for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case_name(*case) for case in CASES])
def test_a_game_plays_as_it_did(case: tuple[int, int, int, str]) -> None:
    assert fingerprint(*case) == EXPECTED[case_name(*case)]


def _summed_otherwise(values: Iterable[Any], start: Any = 0) -> Any:
    """:func:`sum` rounding floats another way (exactly, as :func:`math.fsum` does), as Python
    3.12's compensated :func:`sum` may; integers add as before."""
    values = list(values)
    if all(isinstance(value, int) for value in values) and isinstance(start, int):
        return _SUM(values, start)
    return math.fsum([start, *values])


_SUM = builtins.sum
_GREEDY = [case for case in CASES if case[3] == "greedy"]


@pytest.mark.parametrize("case", _GREEDY, ids=[case_name(*case) for case in _GREEDY])
def test_a_bot_plays_alike_whatever_way_python_sums_floats(
    case: tuple[int, int, int, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(builtins, "sum", _summed_otherwise)
    assert fingerprint(*case) == EXPECTED[case_name(*case)]
