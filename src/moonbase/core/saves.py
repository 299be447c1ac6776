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
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.core.game import State

__all__ = ["FORMAT", "VERSION", "decode", "encode", "read_json"]

FORMAT = "moonbase-save"
VERSION = 1
_KEYS = ("format", "version", "game", "options", "seed", "chance", "history")
_MAX_DEPTH = 64
"""How deeply a save's lists and objects may nest (a save itself nests four deep)."""


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
    from moonbase.core.registry import load_saved

    body = _parse(data)
    kind = body.get("format")
    if kind != FORMAT:
        raise CorruptSave(
            _("not a moonbase save: 'format' is {found}, expected {wanted}").format(
                found=repr(kind), wanted=repr(FORMAT)
            )
        )
    missing = [key for key in (*_KEYS, "checksum") if key not in body]
    if missing:
        raise CorruptSave(_("damaged save: missing {keys}").format(keys=", ".join(missing)))
    if body["version"] != VERSION:
        raise CorruptSave(
            _(
                "save format version {version} is not supported; this moonbase reads version "
                "{supported}"
            ).format(version=repr(body["version"]), supported=VERSION)
        )
    unexpected = sorted(set(body) - {*_KEYS, "checksum"})
    if unexpected:
        raise CorruptSave(_("damaged save: unexpected {keys}").format(keys=", ".join(unexpected)))
    if body["checksum"] != _checksum({key: body[key] for key in _KEYS}):
        raise CorruptSave(_("damaged save: the checksum does not match the contents"))
    options, seed, history = body["options"], body["seed"], body["history"]
    if not isinstance(options, dict) or not isinstance(history, list):
        raise CorruptSave(_("damaged save: 'options' must be an object and 'history' a list"))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise CorruptSave(
            _("damaged save: 'seed' must be a whole number, not {seed}").format(seed=repr(seed))
        )
    if body["chance"] not in ("auto", "explicit"):
        raise CorruptSave(
            _("damaged save: 'chance' is {chance}; allowed: auto, explicit").format(
                chance=repr(body["chance"])
            )
        )
    try:
        game = load_saved(str(body["game"]), options)
    except InvalidOption as error:
        raise CorruptSave(
            _("save names a game or option that is not allowed: {error}").format(error=error)
        ) from None
    state = game.new(seed, chance="explicit")
    for number, entry in enumerate(history):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
        ):
            raise CorruptSave(
                _("damaged save: history entry {number} is not [seat, action]").format(
                    number=number
                )
            )
        seat, action = entry
        try:
            state.apply(seat, action)
        except IllegalAction as error:
            raise _not_replayed(state, number, seat, action, error) from None
    if body["chance"] == "auto":
        state._explicit = False
        state._settle()
    return state


def _not_replayed(
    state: State, number: int, seat: int, action: str, error: IllegalAction
) -> CorruptSave:
    """Why history entry ``number`` (``seat``: ``action``) does not replay on ``state``: for
    a chance outcome that chance could draw now, the outcomes it could draw."""
    if seat == CHANCE and CHANCE in state.to_act:
        outcomes = ", ".join(outcome for outcome, _chance in state.chance_outcomes())
        return CorruptSave(
            _(
                "save does not replay: history entry {number} (chance: {action}) is not an "
                "outcome chance can draw now; allowed: {allowed}"
            ).format(number=number, action=repr(action), allowed=outcomes)
        )
    who = _("chance") if seat == CHANCE else _("seat {seat}").format(seat=seat)
    return CorruptSave(
        _("save does not replay: history entry {number} ({who}: {action}): {error}").format(
            number=number, who=who, action=repr(action), error=error
        )
    )


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (``0``: neither), found without
    recursion, so that no nesting is too deep to measure."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth > _MAX_DEPTH:
                break
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def _too_deep() -> CorruptSave:
    return CorruptSave(
        _("not a moonbase save: its JSON nests lists and objects deeper than {limit}").format(
            limit=_MAX_DEPTH
        )
    )


def _parse(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    if isinstance(data, dict):
        if _depth(data) > _MAX_DEPTH:
            raise _too_deep()
        return data
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CorruptSave(_("not a moonbase save: the data is not UTF-8 text")) from None
    if not isinstance(data, str):
        raise CorruptSave(
            _("not a moonbase save: expected JSON text, got {kind}").format(
                kind=type(data).__name__
            )
        )
    body = read_json(data)
    if not isinstance(body, dict):
        raise CorruptSave(_("not a moonbase save: the JSON is not an object"))
    return body


def read_json(text: str | bytes) -> Any:
    """The JSON value in save text, or :class:`CorruptSave` saying where it goes wrong (line
    and column) or that it nests too deeply to be a save.

    >>> read_json('{"format": "moonbase-save", "game": "moo')
    Traceback (most recent call last):
    ...
    moonbase.core.errors.CorruptSave: not a moonbase save: not JSON (Unterminated string starting at line 1, column 37)
    >>> read_json("[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    moonbase.core.errors.CorruptSave: not a moonbase save: its JSON nests lists and objects deeper than 64
    """  # noqa: E501
    try:
        body = json.loads(text)
    except json.JSONDecodeError as error:  # its message is Python's, in English
        raise CorruptSave(
            _("not a moonbase save: not JSON ({error} at line {line}, column {column})").format(
                error=error.msg.removesuffix(" at"), line=error.lineno, column=error.colno
            )
        ) from None
    except UnicodeDecodeError:
        raise CorruptSave(_("not a moonbase save: the data is not UTF-8 text")) from None
    except RecursionError:
        raise _too_deep() from None
    if _depth(body) > _MAX_DEPTH:
        raise _too_deep()
    return body
