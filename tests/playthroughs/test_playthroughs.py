"""The golden playthroughs still come out exactly as recorded."""

from __future__ import annotations

import pytest

from tests.playthroughs.playthrough import cases, path_of, playthrough


@pytest.mark.parametrize(("name", "preset"), cases(), ids=[f"{n}-{p}" for n, p in cases()])
def test_golden_playthrough_is_unchanged(name: str, preset: str) -> None:
    path = path_of(name, preset)
    assert path.exists(), f"no golden file: run tests/playthroughs/regenerate.py ({path.name})"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(name, preset)
    if actual != expected:
        for number, (want, got) in enumerate(
            zip(expected.splitlines(), actual.splitlines(), strict=False), start=1
        ):
            assert got == want, f"{path.name}:{number} differs"
        raise AssertionError(f"{path.name}: the game's length changed")
