"""Many games of every adventure play exactly as they did when the fingerprints were written
(:mod:`tests.games.welcome_to_the_moon.fingerprints` says what a fingerprint covers)."""

from __future__ import annotations

import json

import pytest

from tests.games.welcome_to_the_moon.fingerprints import CASES, FILE, case_name, fingerprint

EXPECTED = json.loads(FILE.read_text())


def test_every_case_has_a_fingerprint() -> None:
    assert sorted(EXPECTED) == sorted(case_name(*case) for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case_name(*case) for case in CASES])
def test_a_game_plays_as_it_did(case: tuple[int, int, int, str]) -> None:
    assert fingerprint(*case) == EXPECTED[case_name(*case)]
