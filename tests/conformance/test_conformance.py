"""Every registered game, every preset it declares, many seeds, both chance modes."""

from __future__ import annotations

import pytest

import moonbase
from moonbase.core import game_class
from tests.conformance.harness import PlayoutReport, check_honest_playout, check_playout

SEEDS = range(6)
FEWER_SEEDS = {"welcome-to-the-moon": range(3), "moons": range(4)}
"""Games whose presets are many or whose games are long get fewer seeds per preset (their
presets and long games already multiply the coverage); every invariant is still checked at
every step."""
EXPLICIT_SHARE = 2
"""Explicit chance mode plays one in this many of the seeds (at least one): the rules and every
invariant are checked alike in both modes, and what explicit mode adds — the chance node's
outcomes, their probabilities and ``chance_ids`` — is checked at each of the many chance nodes
of every game it plays."""

CASES = [
    pytest.param(name, preset, chance, id=f"{name}-{preset}-{chance}")
    for name in moonbase.games()
    for preset in game_class(name).presets
    for chance in ("auto", "explicit")
]


@pytest.mark.parametrize(("name", "preset", "chance"), CASES)
def test_random_playouts_keep_every_invariant(name: str, preset: str, chance: str) -> None:
    game = moonbase.load(name, **game_class(name).presets[preset])
    report = PlayoutReport()
    seeds = FEWER_SEEDS.get(name, SEEDS)
    if chance == "explicit":
        seeds = seeds[: max(1, len(seeds) // EXPLICIT_SHARE)]
    for seed in seeds:
        check_playout(game, seed, chance, report)
    assert report.steps > 0
    if game.has_hidden_information:
        assert report.resamples_varied, "hidden information never varied across resamples"


HONEST_SEEDS = range(2)
"""Games per preset checked for honest resamples at every decision point."""
FEWER_HONEST_SEEDS = 6
"""Presets of this many seats and more check one game: each of its decision points already
resamples the hidden cards of five other seats."""


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        pytest.param(name, preset, id=f"{name}-{preset}")
        for name in moonbase.games()
        for preset in game_class(name).presets
    ],
)
def test_states_a_seat_cannot_tell_apart_resample_alike(name: str, preset: str) -> None:
    game = moonbase.load(name, **game_class(name).presets[preset])
    seeds = HONEST_SEEDS[:1] if game.seats >= FEWER_HONEST_SEEDS else HONEST_SEEDS
    differed = [check_honest_playout(game, seed) for seed in seeds]
    if game.has_hidden_information:
        assert any(differed), "no twin ever differed from its state: the check saw nothing hidden"


def test_every_game_declares_presets() -> None:
    for name in moonbase.games():
        assert game_class(name).presets, f"{name} declares no preset"
