"""Action ids are stable: each preset's action and outcome universes are pinned.

A trained policy or a saved experiment names actions by id, so the universe of a game and its
options may not change by accident. ``universes.json`` holds, per preset, the sizes and a digest
of the texts in id order. Changing a universe on purpose means regenerating it
(``python -m tests.conformance.test_universes``) and saying so in the release notes.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import moonbase
from moonbase.core import game_class

PINNED = Path(__file__).with_name("universes.json")


def _digest(texts: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]


def universe(name: str, preset: str) -> dict[str, object]:
    """The pinned facts of one preset's universes."""
    game = moonbase.load(name, **game_class(name).presets[preset])
    return {
        "num_actions": game.num_actions,
        "num_chance_outcomes": game.num_chance_outcomes,
        "actions": _digest(game.actions.texts),
        "outcomes": _digest(game.outcomes.texts),
    }


PRESETS = [(name, preset) for name in moonbase.games() for preset in game_class(name).presets]


@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=[f"{n}-{p}" for n, p in PRESETS])
def test_the_action_universe_is_the_pinned_one(name: str, preset: str) -> None:
    pinned = json.loads(PINNED.read_text())
    assert universe(name, preset) == pinned[f"{name}-{preset}"], (
        "the ids of this preset changed: a trained policy or saved experiment would read "
        "other actions; regenerate universes.json only if that is intended"
    )


def test_every_universe_is_ordered_and_parses_back() -> None:
    for name, preset in PRESETS:
        game = moonbase.load(name, **game_class(name).presets[preset])
        texts = game.actions.texts
        assert list(texts) == sorted(set(texts))
        assert all(game.action_id(text.lower()) == i for i, text in enumerate(texts))
        outcomes = game.outcomes.texts
        assert all(game.chance_id(text) == i for i, text in enumerate(outcomes))


if __name__ == "__main__":
    PINNED.write_text(
        json.dumps({f"{n}-{p}": universe(n, p) for n, p in PRESETS}, indent=1, sort_keys=True)
        + "\n"
    )
