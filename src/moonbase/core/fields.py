"""A state's fields, declared once: how each is copied by ``clone`` and written in a snapshot.

A game's state class lists its fields in ``FIELDS``, a name and a :class:`Copy` for each; the
core derives cloning, the snapshot (for equality, tests and debugging) and the check that no
field was forgotten from that one declaration. A state with an attribute that ``FIELDS`` does
not name cannot be cloned: the clone raises and names it.

>>> copy_value(Copy.NESTED, [[1, 2], [3]])
[[1, 2], [3]]
>>> snapshot_value({"b": (1, 2), "a": {3, 1}, "c": bytearray(b"\\x02")})
{'a': [1, 3], 'b': [1, 2], 'c': [2]}
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Protocol

__all__ = ["Copy", "Snapshottable", "copy_value", "snapshot_value"]


class Copy(Enum):
    """How a field is copied when a state is cloned."""

    SHARED = "shared"
    """An immutable value (a number, text, tuple, frozen set, enum) or one never changed in
    place once made: the clone shares it."""
    FLAT = "flat"
    """A list, dict or set of immutable items: copied one level deep."""
    NESTED = "nested"
    """A list (or tuple) of lists, dicts or sets of immutable items: copied two levels deep."""
    OBJECT = "object"
    """An object with its own ``clone()`` (e.g. a player's sheet), or ``None``."""
    OBJECTS = "objects"
    """A list of objects with their own ``clone()``."""
    CACHE = "cache"
    """Something derived from the other fields, kept to save work: the clone shares it, so it
    must never go stale for the clone (changed only by adding entries keyed by everything they
    depend on), and the snapshot leaves it out."""


class Snapshottable(Protocol):
    """An object a snapshot writes through its own ``snapshot()``."""

    def snapshot(self) -> Any:
        """The object as JSON-safe data."""


def copy_value(kind: Copy, value: Any) -> Any:
    """``value`` copied as ``kind`` says."""
    if kind is Copy.SHARED or kind is Copy.CACHE:
        return value
    if kind is Copy.FLAT:
        return value.copy()
    if kind is Copy.NESTED:
        copied = [inner.copy() for inner in value]
        return tuple(copied) if isinstance(value, tuple) else copied
    if kind is Copy.OBJECT:
        return None if value is None else value.clone()
    return [item.clone() for item in value]


def snapshot_value(value: Any) -> Any:
    """``value`` as JSON-safe data: containers as lists and string-keyed dicts, sets sorted,
    enums by name, objects through their ``snapshot()``."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, (list, tuple)):
        return [snapshot_value(item) for item in value]
    if isinstance(value, (bytes, bytearray)):
        return list(value)
    if isinstance(value, (set, frozenset)):
        return sorted(snapshot_value(item) for item in value)
    if isinstance(value, dict):
        return {str(key): snapshot_value(item) for key, item in sorted(value.items(), key=_key)}
    snapshot = getattr(value, "snapshot", None)
    if snapshot is None:
        raise TypeError(f"a state field holds {type(value).__name__}, which has no snapshot()")
    return snapshot_value(snapshot())


def _key(item: tuple[Any, Any]) -> str:
    return str(item[0])
