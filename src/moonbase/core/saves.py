"""Saved games: a state as JSON text, and back, with damage detected.

A save holds what reproduces a game exactly — the game, its options, the seed, the chance mode
and the history — plus a format tag, a version and a checksum of the rest. Loading replays the
history through the rules, so a save that is damaged, edited or from another program is refused
with :class:`~moonbase.core.errors.CorruptSave` and a reason, and never yields a broken state.

>>> import moonbase
>>> state = moonbase.load("moon").new(seed=3)
>>> state.apply(0, "INC B")
>>> moonbase.from_json(state.to_json()) == state
True
>>> moonbase.from_json('{"format": "chess"}')
Traceback (most recent call last):
...
moonbase.core.errors.CorruptSave: not a moonbase save: 'format' is 'chess', expected 'moonbase-save'
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from moonbase.core.chance import CHANCE
from moonbase.core.errors import CorruptSave, IllegalAction, InvalidOption

if TYPE_CHECKING:
    from moonbase.core.game import State

__all__ = ["FORMAT", "VERSION", "decode", "encode"]

FORMAT = "moonbase-save"
VERSION = 1
_KEYS = ("format", "version", "game", "options", "seed", "chance", "history")


def _checksum(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def encode(state: State[Any]) -> str:
    """Return ``state`` as save text (see :meth:`moonbase.core.game.State.to_json`)."""
    options = state.game.saved_options()
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.name,
        "options": options,
        "seed": state.seed,
        "chance": state.chance_mode,
        "history": [[seat, action] for seat, action in state.history],
    }
    body["checksum"] = _checksum(body)
    return json.dumps(body, separators=(",", ":"))


def decode(data: str | bytes | dict[str, Any]) -> State:
    """Rebuild the state a save describes, or raise :class:`CorruptSave` with the reason."""
    from moonbase.core.registry import load

    body = _parse(data)
    kind = body.get("format")
    if kind != FORMAT:
        raise CorruptSave(f"not a moonbase save: 'format' is {kind!r}, expected {FORMAT!r}")
    missing = [key for key in (*_KEYS, "checksum") if key not in body]
    if missing:
        raise CorruptSave(f"damaged save: missing {', '.join(missing)}")
    if body["version"] != VERSION:
        raise CorruptSave(
            f"save format version {body['version']!r} is not supported; this moonbase reads "
            f"version {VERSION}"
        )
    unexpected = sorted(set(body) - {*_KEYS, "checksum"})
    if unexpected:
        raise CorruptSave(f"damaged save: unexpected {', '.join(unexpected)}")
    if body["checksum"] != _checksum({key: body[key] for key in _KEYS}):
        raise CorruptSave("damaged save: the checksum does not match the contents")
    options, seed, history = body["options"], body["seed"], body["history"]
    if not isinstance(options, dict) or not isinstance(history, list):
        raise CorruptSave("damaged save: 'options' must be an object and 'history' a list")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise CorruptSave(f"damaged save: 'seed' must be a whole number, not {seed!r}")
    if body["chance"] not in ("auto", "explicit"):
        raise CorruptSave(f"damaged save: 'chance' is {body['chance']!r}; allowed: auto, explicit")
    try:
        game = load(str(body["game"]), **options)
    except InvalidOption as error:
        raise CorruptSave(f"save names a game or option that is not allowed: {error}") from None
    state = game.new(seed, chance="explicit")
    for number, entry in enumerate(history):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
        ):
            raise CorruptSave(f"damaged save: history entry {number} is not [seat, action]")
        seat, action = entry
        try:
            state.apply(seat, action)
        except IllegalAction as error:
            who = "chance" if seat == CHANCE else f"seat {seat}"
            raise CorruptSave(
                f"save does not replay: history entry {number} ({who}: {action!r}): {error}"
            ) from None
    if body["chance"] == "auto":
        state._explicit = False
        state._settle()
    return state


def _parse(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    if isinstance(data, dict):
        return data
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CorruptSave("not a moonbase save: the data is not UTF-8 text") from None
    if not isinstance(data, str):
        raise CorruptSave(f"not a moonbase save: expected JSON text, got {type(data).__name__}")
    try:
        body = json.loads(data)
    except json.JSONDecodeError as error:
        raise CorruptSave(f"not a moonbase save: not JSON ({error.msg} at {error.pos})") from None
    if not isinstance(body, dict):
        raise CorruptSave("not a moonbase save: the JSON is not an object")
    return body
