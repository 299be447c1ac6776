"""Golden playthroughs: one seeded random game per preset, written out step by step.

Each file shows, for every state of the game: who acts; the spectator's view and what each seat
sees beyond it (in full at the start, then only what changed: a key, or ``key[i]`` for one entry
of a list); the acting seats' legal actions (in full, or ``+added -removed`` against their last
list); and the action chosen. Chance outcomes appear as ``chance:`` lines. A change to the rules
that alters any of this shows up as a diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import moonbase
from moonbase.core import CHANCE, game_class

FOLDER = Path(__file__).parent
SEED = 2026


def cases() -> list[tuple[str, str]]:
    """Every (game, preset) pair that has a golden playthrough."""
    return [(name, preset) for name in moonbase.games() for preset in game_class(name).presets]


def path_of(name: str, preset: str) -> Path:
    return FOLDER / f"{name}-{preset}.txt"


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _changes(before: Any, after: Any, path: str = "") -> dict[str, Any]:
    """What changed from ``before`` to ``after``, by path (``sheets[1].spaces.ENE.3``):
    dicts and equal-length lists are compared entry by entry, anything else whole."""
    if before == after:
        return {}
    if isinstance(before, dict) and isinstance(after, dict):
        changed: dict[str, Any] = {}
        for key in sorted(set(before) | set(after)):
            if key not in after:
                changed[f"{path}{key}"] = "<gone>"
            elif key not in before:
                changed[f"{path}{key}"] = after[key]
            else:
                changed.update(_changes(before[key], after[key], f"{path}{key}."))
        return changed
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        changed = {}
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            changed.update(_changes(old, new, f"{path.removesuffix('.')}[{index}]."))
        return changed
    return {path.removesuffix("."): after}


def _private(view: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """What a seat's view holds beyond the spectator's."""
    return {key: value for key, value in view.items() if public.get(key) != value}


def _legal_line(before: list[str] | None, actions: list[str]) -> str:
    if before is None:
        return " | ".join(actions)
    added = [f"+{a}" for a in actions if a not in set(before)]
    removed = [f"-{a}" for a in before if a not in set(actions)]
    full = " | ".join(actions)
    delta = " ".join(added + removed) or "as before"
    return delta if len(delta) < len(full) else full


def playthrough(name: str, preset: str, seed: int = SEED) -> str:
    """The text of the golden playthrough of ``preset`` (auto chance, random seats)."""
    game = moonbase.load(name, **game_class(name).presets[preset])
    state = game.new(seed)
    rng = random.Random(seed)
    seats: list[int | None] = [*range(game.seats), None]
    lines = [f"# {name} {preset} seed {seed}", f"# {game!r}"]
    views: dict[int | None, dict[str, Any]] = {}
    legal: dict[int, list[str]] = {}
    shown = 0
    step = 0
    while True:
        for seat, action in state.history[shown:]:
            if seat == CHANCE:
                lines.append(f"chance: {action}")
        shown = len(state.history)
        lines.append(f"## step {step}: to act {list(state.to_act)}")
        public = state.view(None)
        for seat in seats:
            view = public if seat is None else _private(state.view(seat), public)
            label = "spectator" if seat is None else f"seat {seat} beyond it"
            if seat not in views:
                lines.append(f"view {label}: {_dump(view)}")
            else:
                changed = _changes(views[seat], view)
                if changed:
                    lines.append(f"view {label} changed: {_dump(changed)}")
            views[seat] = view
        if state.is_over:
            break
        for seat in state.to_act:
            actions = state.legal_actions(seat)
            lines.append(f"legal {seat}: {_legal_line(legal.get(seat), actions)}")
            legal[seat] = actions
        seat = rng.choice(state.to_act)
        if seat == CHANCE:
            break  # auto chance: never reached
        action = rng.choice(state.legal_actions(seat))
        lines.append(f"action {seat}: {action}")
        state.apply(seat, action)
        step += 1
    lines.append(f"# over: scores {state.scores()} winners {state.winners()}")
    return "\n".join(lines) + "\n"
