"""OpenSpiel's own API test (``open_spiel/integration_tests/api_test.py``, shipped in the
installed package) run on the moonbase games.

The runner registers the games first, then lets the installed module build its test classes
for every registered game whose name matches ``python_moonbase_.*`` (each with its default
parameters), and builds the same classes for a few more option sets. Run it alone with
``python tests/adapters/test_openspiel_api.py`` to see every test by name.

One of OpenSpiel's checks assumes that a game of imperfect information has some player with
private information. A game of one seat that hides cards from that seat — cooperative MOON's
face-down goals, which nobody sees — is of imperfect information with nothing private: with one
player, all it sees is public. That one check is expected to fail there, and the runner
asserts that it does.
"""

from __future__ import annotations

import functools
import random
import sys
import unittest
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import moonbase  # noqa: E402
from moonbase.adapters.openspiel import load, register, short_name  # noqa: E402

# The module lists the registered games when it is imported: register ours first.
register()
api_test = pytest.importorskip("open_spiel.integration_tests.api_test")

_PATTERN = "python_moonbase_.*"
MORE_GAMES = {
    "moon_competitive": {"name": "moon", "mode": "competitive", "players": 3},
    "moon_leap_4p": {"name": "moon-leap", "players": 4},
    "moons_3p": {"name": "moons", "players": 3},
    "welcome_to_the_moon_solo": {"name": "welcome-to-the-moon", "players": 1, "level": 4},
}
"""Option sets tested beside each game's defaults."""
_PRIVATE_CHECK = "test_private_information_contents"


def _nothing_private(game: Any) -> bool:
    """A game of one seat that still hides something: imperfect information, nothing private."""
    inner = game.moonbase
    return bool(inner.seats == 1 and inner.has_hidden_information)


def _expected_failure(check: Any) -> Any:
    """``check`` marked as expected to fail, for one class only (unittest marks the function
    itself, which every class shares)."""

    @functools.wraps(check)
    def marked(self: unittest.TestCase) -> None:
        check(self)

    return unittest.expectedFailure(marked)


def _classes() -> list[type[unittest.TestCase]]:
    api_test.FLAGS(["api_test", f"--test_only_games={_PATTERN}"])
    classes: list[type[unittest.TestCase]] = list(api_test._create_test_case_classes())
    for label, options in MORE_GAMES.items():
        settings = dict(options)
        name = str(settings.pop("name"))
        classes.append(
            type(
                f"EnforceAPIPartialTree_{label}_Test",
                (api_test.EnforceAPIOnPartialTreeBase,),
                {"game_name": label, "game": load(name, **settings)},
            )
        )
    for cls in classes:
        if _nothing_private(cls.game):  # type: ignore[attr-defined]
            setattr(cls, _PRIVATE_CHECK, _expected_failure(getattr(cls, _PRIVATE_CHECK)))
    return classes


def run_api_test(verbosity: int = 0) -> tuple[unittest.TestResult, list[str]]:
    """Run OpenSpiel's API test on the moonbase games; return the result and the games."""
    random.seed(0)  # the module samples states with Python's global generator
    classes = _classes()
    loader = unittest.TestLoader()
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(cls) for cls in classes)
    result = unittest.TextTestRunner(verbosity=verbosity, stream=sys.stderr).run(suite)
    return result, [cls.game_name for cls in classes]  # type: ignore[attr-defined]


def test_openspiel_api_test_passes_on_every_game() -> None:
    result, games = run_api_test()
    for name in moonbase.games():
        assert short_name(name) in games
    assert set(MORE_GAMES) <= set(games)
    problems = [f"{test.id()}: {trace}" for test, trace in result.failures + result.errors]
    assert not problems, "\n".join(problems)
    assert result.testsRun >= 5 * len(games)
    assert not result.unexpectedSuccesses
    expected = sorted(test.id().rsplit(".", 1)[-1] for test, _ in result.expectedFailures)
    assert expected == [_PRIVATE_CHECK], "only the one-seat private check may fail"
    assert "EnforceAPIPartialTree_python_moonbase_moon_Test" in result.expectedFailures[0][0].id()


def test_cooperative_moon_hides_from_everyone() -> None:
    """Why the private check fails there: the seat sees no more than a spectator, yet face-down
    goals really are hidden (resamples redraw them)."""
    game = moonbase.load("moon")
    state = game.new(seed=3)
    rng = random.Random(1)
    hidden_seen = False
    while not state.is_over:
        assert state.view(0) == state.view(None)
        assert state.history_for(0) == state.history_for(None)
        draws = {state.resample(0, random.Random(k)).summary() for k in range(4)}
        hidden_seen = hidden_seen or len(draws) > 1
        state.apply_id(0, rng.choice(state.legal_ids(0)))
    assert hidden_seen


if __name__ == "__main__":
    outcome, _ = run_api_test(verbosity=2)
    sys.exit(0 if outcome.wasSuccessful() else 1)
