"""Fingerprints of many Welcome to the Moon games, to show that a rewrite of the rules changes
nothing: ``python -m tests.games.welcome_to_the_moon.fingerprints`` writes them again.

A fingerprint is a SHA-256 over everything a game shows at every step: the seats to act, each
acting seat's legal ids, the spectator's view and the first acting seat's view, and at the end
the scores, the winners and the saved game. Random seats play most games; the greedy heuristic
plays some, since its choices also depend on the order the rules offer sub-steps in. The golden
playthroughs record one game per preset in full; these cover more games, more briefly.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Final

import moonbase
from moonbase.agents.heuristics import heuristic_for
from moonbase.games.welcome_to_the_moon.adventures import IMPLEMENTED

FILE: Final = Path(__file__).with_name("fingerprints.json")

CASES: Final = tuple(
    (adventure, players, seed, player)
    for adventure in IMPLEMENTED
    for players, seeds, player in ((1, (11, 12, 13), "random"), (2, (14,), "random"),
                                   (3, (15, 16), "random"), (5, (17,), "random"),
                                   (1, (18,), "greedy"), (3, (19,), "greedy"), (6, (20,), "greedy"))
    for seed in seeds
)  # fmt: skip
"""Each game: adventure, players, seed, and who plays every seat (``random`` or ``greedy``)."""


def case_name(adventure: int, players: int, seed: int, player: str) -> str:
    """The key of a game in the fingerprint file.

    >>> case_name(3, 1, 11, "random")
    'a3-1p-seed11-random'
    """
    return f"a{adventure}-{players}p-seed{seed}-{player}"


def _shown(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def fingerprint(adventure: int, players: int, seed: int, player: str) -> str:
    """The fingerprint of one game (see the module docstring)."""
    state = moonbase.load("welcome-to-the-moon", adventure=adventure, players=players).new(seed)
    rng = random.Random(seed)
    choose = heuristic_for("welcome-to-the-moon")
    digest = hashlib.sha256()
    while not state.is_over:
        acting = state.to_act
        digest.update(_shown([list(acting), [state.legal_ids(s) for s in acting]]))
        digest.update(_shown(state.view(None)))
        digest.update(_shown(state.view(acting[0])))
        seat = rng.choice(acting)
        if player == "greedy":
            state.apply(seat, choose(state, seat, rng))
        else:
            state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    digest.update(_shown([state.scores(), state.winners(), state.to_json()]))
    return digest.hexdigest()


def fingerprints() -> dict[str, str]:
    """Every case's fingerprint, by :func:`case_name`."""
    return {case_name(*case): fingerprint(*case) for case in CASES}


if __name__ == "__main__":
    FILE.write_text(json.dumps(fingerprints(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(CASES)} fingerprints to {FILE}")
