"""The shape every observation encoder shares: :class:`Field`, :class:`Layout` and :class:`Encoder`.

An encoder is a list of named fields laid end to end: first the public fields (written from
``state.view(None)``), then the private ones (written from ``state.view(seat)``). Each field
has a writer that fills its own zeroed slice of the vector from the view, so a game's encoder
is a list of small functions, each documented by its :class:`Field`.

>>> import moonbase
>>> from moonbase.adapters.observations import encoder_for
>>> encoder = encoder_for(moonbase.load("moon-leap"))
>>> state = encoder.game.new(seed=1)
>>> vector = encoder.observe(state, 0)
>>> vector.shape == (encoder.size,), str(vector.dtype)
(True, 'float32')
>>> encoder.fields()[0].name, encoder.fields()[0].offset
('token_space', 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from moonbase.core.game import Game, State

__all__ = ["Field", "Layout", "Part", "Vector", "Writer", "scaled"]

Part = Literal["public", "private"]
Vector = npt.NDArray[np.float32]
Writer = Callable[[Mapping[str, Any], int | None, Vector], None]
"""Fills a field's zeroed slice from a view (and the viewing seat, ``None`` for the public
part)."""


@dataclass(frozen=True)
class Field:
    """One named run of the observation vector.

    ``offset`` counts from the start of the whole vector (public then private), ``part`` says
    which view it comes from, ``meaning`` says what each entry holds and how it is normalised.

    >>> Field("roll", 10, 7, "public", "the die face").end
    17
    """

    name: str
    offset: int
    size: int
    part: Part
    meaning: str

    @property
    def end(self) -> int:
        """The offset just after this field."""
        return self.offset + self.size


@dataclass(frozen=True)
class _Slot:
    field: Field
    write: Writer


class Layout:
    """Collects a game's fields in order while an encoder is built: the public ones first.

    >>> layout = Layout()
    >>> layout.public("over", 1, "1 once the game is over", lambda view, seat, out: None)
    >>> layout.private("seat", 2, "one-hot: the viewing seat", lambda view, seat, out: None)
    >>> [(f.name, f.offset, f.part) for f in layout.fields()]
    [('over', 0, 'public'), ('seat', 1, 'private')]
    """

    def __init__(self) -> None:
        self._public: list[_Slot] = []
        self._private: list[_Slot] = []

    def public(self, name: str, size: int, meaning: str, write: Writer) -> None:
        """Append a public field (written from ``view(None)``)."""
        if self._private:
            raise ValueError(f"public field {name!r} comes after a private one; public first")
        self._add(self._public, name, size, "public", meaning, write)

    def private(self, name: str, size: int, meaning: str, write: Writer) -> None:
        """Append a private field (written from ``view(seat)``)."""
        self._add(self._private, name, size, "private", meaning, write)

    def _add(
        self, slots: list[_Slot], name: str, size: int, part: Part, meaning: str, write: Writer
    ) -> None:
        if size < 0:
            raise ValueError(f"field {name!r} has size {size}; a size is 0 or more")
        if any(slot.field.name == name for slot in self._public + self._private):
            raise ValueError(f"field {name!r} is declared twice; field names are unique")
        offset = sum(slot.field.size for slot in self._public + self._private)
        slots.append(_Slot(Field(name, offset, size, part, meaning), write))

    def fields(self) -> list[Field]:
        """Every field so far, in vector order."""
        return [slot.field for slot in self._public + self._private]

    def slots(self, part: Part) -> tuple[_Slot, ...]:
        """The fields of one part with their writers (for :class:`Encoder`)."""
        return tuple(self._public if part == "public" else self._private)


class Encoder:
    """A game's observation encoder: fixed-size ``float32`` vectors from the views.

    Built by :func:`moonbase.adapters.observations.encoder_for`. Every value lies in [0, 1].
    The public part is read from ``state.view(None)`` only and the private part from
    ``state.view(seat)`` only, so an observation tells a seat nothing its view does not.
    """

    game: Game
    """The game (with its options) this encoder sizes its fields for."""
    public_size: int
    """Length of the public part."""
    private_size: int
    """Length of the private part."""
    size: int
    """Length of a whole observation: ``public_size + private_size``."""

    def __init__(self, game: Game, layout: Layout) -> None:
        self.game = game
        self._public = layout.slots("public")
        self._private = layout.slots("private")
        self._fields = layout.fields()
        self._by_name = {field.name: field for field in self._fields}
        self.public_size = sum(slot.field.size for slot in self._public)
        self.private_size = sum(slot.field.size for slot in self._private)
        self.size = self.public_size + self.private_size

    def __repr__(self) -> str:
        return (
            f"<{self.game.title} encoder: {self.public_size} public + "
            f"{self.private_size} private = {self.size}>"
        )

    def public(self, state: State[Any]) -> Vector:
        """The public part, from ``state.view(None)``: the same for every seat."""
        self._check_state(state)
        return self._write(self._public, state.view(None), None, self.public_size, 0)

    def private(self, state: State[Any], seat: int) -> Vector:
        """The private part, from ``state.view(seat)``: what ``seat`` knows beyond the public."""
        self._check_state(state)
        self._check_seat(seat)
        return self._write(
            self._private, state.view(seat), seat, self.private_size, self.public_size
        )

    def observe(self, state: State[Any], seat: int) -> Vector:
        """The whole observation of ``seat``: :meth:`public` then :meth:`private`."""
        self._check_state(state)
        self._check_seat(seat)
        out = np.zeros(self.size, dtype=np.float32)
        self._fill(self._public, state.view(None), None, out, 0)
        self._fill(self._private, state.view(seat), seat, out, 0)
        return out

    def fields(self) -> list[Field]:
        """Every field in vector order; together they tile ``[0, size)`` exactly."""
        return list(self._fields)

    def field(self, name: str) -> Field:
        """The field called ``name``, or ``KeyError`` listing the names there are."""
        found = self._by_name.get(name)
        if found is None:
            raise KeyError(f"no field {name!r}; fields: {', '.join(self._by_name)}")
        return found

    def slice(self, vector: Sequence[float] | Vector, name: str) -> Vector:
        """The entries of field ``name`` in ``vector`` (a whole observation).

        >>> import moonbase
        >>> from moonbase.adapters.observations import encoder_for
        >>> encoder = encoder_for(moonbase.load("moon-leap", players=3))
        >>> state = encoder.game.new(seed=2)
        >>> encoder.slice(encoder.observe(state, 2), "seat").tolist()
        [0.0, 0.0, 1.0]
        """
        array = np.asarray(vector, dtype=np.float32)
        if array.shape != (self.size,):
            raise ValueError(
                f"a {self.game.title} observation has shape ({self.size},), not {array.shape}"
            )
        field = self.field(name)
        return array[field.offset : field.end]

    def _write(
        self,
        slots: tuple[_Slot, ...],
        view: Mapping[str, Any],
        seat: int | None,
        size: int,
        start: int,
    ) -> Vector:
        out = np.zeros(size, dtype=np.float32)
        self._fill(slots, view, seat, out, start)
        return out

    @staticmethod
    def _fill(
        slots: tuple[_Slot, ...],
        view: Mapping[str, Any],
        seat: int | None,
        out: Vector,
        start: int,
    ) -> None:
        for slot in slots:
            at = slot.field.offset - start
            slot.write(view, seat, out[at : at + slot.field.size])

    def _check_state(self, state: State[Any]) -> None:
        if not isinstance(state, State):
            raise TypeError(f"an encoder reads a moonbase state, not {type(state).__name__}")
        if state.game is not self.game and (
            state.game.name != self.game.name or state.game.options != self.game.options
        ):
            raise ValueError(
                f"this encoder is sized for {self.game.title} with options "
                f"{self.game.options}; the state is {state.game.title} with "
                f"{state.game.options}"
            )

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(
                f"seat {seat!r} is no seat; a private part needs a seat from 0 to "
                f"{self.game.seats - 1} (a spectator sees only the public part)"
            )
        if not 0 <= seat < self.game.seats:
            raise ValueError(f"seat {seat} does not exist; seats: 0 to {self.game.seats - 1}")


def scaled(value: float, low: float, high: float) -> float:
    """``value`` mapped from ``[low, high]`` onto ``[0, 1]`` (``low == high`` gives 0).

    >>> scaled(5, 0, 10), scaled(-75, -75, 150), scaled(3, 3, 3)
    (0.5, 0.0, 0.0)
    """
    if high == low:
        return 0.0
    return (value - low) / (high - low)
