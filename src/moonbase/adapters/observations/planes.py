"""Small writers shared by the game encoders: one-hot slots, bit sets and normalised numbers.

Each returns a :data:`~moonbase.adapters.observations.encoder.Writer` reading one key of the
view, so a game's encoder lists its fields as ``layout.public(name, size, meaning, writer)``.

>>> import numpy as np
>>> out = np.zeros(4, dtype=np.float32)
>>> one_hot_of("turn")({"turn": 2}, None, out)
>>> out.tolist()
[0.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from moonbase.adapters.observations.encoder import Vector, Writer, scaled

__all__ = [
    "bit_of",
    "bits_of",
    "flags_of",
    "numbers_of",
    "one_hot",
    "one_hot_of",
    "saturated",
    "seat_one_hot",
    "squashed",
    "word",
    "word_size",
]


def one_hot(out: Vector, index: int | None) -> None:
    """Set ``out[index]`` to 1 (``None``: leave all 0); an index out of range is an error.

    >>> import numpy as np
    >>> out = np.zeros(3, dtype=np.float32)
    >>> one_hot(out, 3)
    Traceback (most recent call last):
    ...
    ValueError: one-hot index 3 is outside 0 to 2
    """
    if index is None:
        return
    if not 0 <= index < len(out):
        raise ValueError(f"one-hot index {index} is outside 0 to {len(out) - 1}")
    out[index] = 1.0


def one_hot_of(key: str, shift: int = 0) -> Writer:
    """A writer setting entry ``view[key] + shift`` (``None`` leaves every entry 0)."""

    def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        value = view[key]
        one_hot(out, None if value is None else int(value) + shift)

    return write


def bit_of(key: str) -> Writer:
    """A writer of one entry: 1 if ``view[key]`` is true."""

    def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        out[0] = 1.0 if view[key] else 0.0

    return write


def bits_of(key: str, shift: int = 0) -> Writer:
    """A writer setting entry ``i + shift`` for every ``i`` in the list ``view[key]``."""

    def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for index in view[key]:
            one_hot(out, int(index) + shift)

    return write


def flags_of(key: str) -> Writer:
    """A writer of one entry per item of the list ``view[key]``: 1 where it is true."""

    def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for index, flag in enumerate(view[key]):
            out[index] = 1.0 if flag else 0.0

    return write


def numbers_of(
    key: str, low: float, high: float, pick: Callable[[Any], Iterable[float]] | None = None
) -> Writer:
    """A writer of the numbers in ``view[key]`` (or ``pick(view[key])``), each mapped from
    ``[low, high]`` onto ``[0, 1]``."""

    def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        values = view[key] if pick is None else pick(view[key])
        for index, value in enumerate(values):
            out[index] = scaled(value, low, high)

    return write


def squashed(value: float, scale: float) -> float:
    """A number with no useful bound (a score that penalties can drive negative) mapped onto
    ``(0, 1)``: ``0.5 + 0.5 * tanh(value / scale)``; 0 gives 0.5, ``±scale`` about 0.88 and
    0.12. It keeps order and decodes exactly (``scale * atanh(2 * x - 1)``).

    >>> squashed(0, 50), round(squashed(50, 50), 3), round(squashed(-50, 50), 3)
    (0.5, 0.881, 0.119)
    """
    return 0.5 + 0.5 * math.tanh(value / scale)


def saturated(count: int) -> float:
    """A small count with no fixed bound mapped onto ``[0, 1)``: ``1 - 2 ** -count`` (0 gives
    0, 1 gives 0.5, 2 gives 0.75, …); it decodes exactly (``-log2(1 - x)``).

    >>> saturated(0), saturated(1), saturated(3)
    (0.0, 0.5, 0.875)
    """
    return 1.0 - 2.0**-count


def seat_one_hot(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
    """The private ``seat`` field: one-hot of the seat whose view this is."""
    one_hot(out, seat)


def word_size(width: int) -> int:
    """Entries :func:`word` writes for a ``width``-bit value: its bits, then its value one-hot.

    >>> word_size(4)
    20
    """
    return width + (1 << width)


def word(out: Vector, text: str | None, width: int) -> None:
    """A bit string (most significant bit first) as its ``width`` bits, then its value
    one-hot over ``2 ** width`` entries; ``None`` leaves all 0.

    >>> import numpy as np
    >>> out = np.zeros(word_size(2), dtype=np.float32)
    >>> word(out, "10", 2)
    >>> out.tolist()
    [1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    >>> word(out, "101", 2)
    Traceback (most recent call last):
    ...
    ValueError: '101' is no 2-bit string
    """
    if text is None:
        return
    if len(text) != width or set(text) - {"0", "1"}:
        raise ValueError(f"{text!r} is no {width}-bit string")
    for index, bit in enumerate(text):
        if bit == "1":
            out[index] = 1.0
    out[width + int(text, 2)] = 1.0
