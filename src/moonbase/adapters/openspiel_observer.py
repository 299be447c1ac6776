"""The OpenSpiel observer of a moonbase game: what a player may know, as tensors and strings.

An observer is made for an ``IIGObservationType`` (``game.make_py_observer(iig_obs_type)``, or
OpenSpiel's ``make_observation``) and honours each of its three settings:

- ``public_info``: what every seat knows — the spectator's ``state.view(None)`` (and, with
  perfect recall, the spectator's masked history ``state.history_for(None)``);
- ``private_info``: ``NONE``; ``SINGLE_PLAYER``, what the observing seat knows beyond that (its
  ``view(seat)``, its masked history ``history_for(seat)``); or ``ALL_PLAYERS``, that of every
  seat, one after the other;
- ``perfect_recall``: ``False`` describes the state now; ``True`` describes everything seen
  since the start (the information state), as strings only: a fixed-size tensor of a whole
  history would be no good for learning, so ``provides_information_state_tensor`` is false.

Tensors come from the game's observation encoder (:mod:`moonbase.adapters.observations`):
the ``"public"`` piece is ``encoder.public(state)``, the ``"private"`` piece
``encoder.private(state, seat)`` (for ``ALL_PLAYERS`` one row per seat). Pieces of size 0 are
left out. Strings are JSON (keys sorted) of the view or of what the seat's view adds to the
spectator's, and for perfect recall one history entry a line. The encoders and strings read
only views and masked histories, so nothing a seat may not know reaches it.

>>> import pyspiel
>>> from moonbase.adapters.openspiel import load
>>> game = load("moon-leap")
>>> public = game.make_py_observer(pyspiel.IIGObservationType(
...     perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
>>> state = game.new_initial_state()
>>> state.apply_action(state.chance_outcomes()[2][0])
>>> public.string_from(state, 0)
'chance ROLL 3'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from moonbase.core import CHANCE, Game, State

if TYPE_CHECKING:
    from moonbase.adapters.openspiel import MoonbaseGame

__all__ = ["MoonbaseObserver", "private_view", "public_text"]

_PRIVATE = pyspiel.PrivateInfoType


def public_text(state: State) -> str:
    """The spectator's view as compact JSON, keys sorted."""
    return _json(state.view(None))


def private_view(state: State, seat: int) -> dict[str, Any]:
    """The entries of ``view(seat)`` that the spectator's view does not hold alike: what the
    seat knows beyond the public (empty in a game that hides nothing).

    >>> import moonbase
    >>> state = moonbase.load("moons", players=3).new(seed=1)
    >>> sorted(private_view(state, 0))
    ['hand', 'minis', 'seat', 'tableaus']
    >>> private_view(moonbase.load("moon-leap").new(seed=1), 0)
    {}
    """
    if not state.game.has_hidden_information:
        return {}
    public = state.view(None)
    own = state.view(seat)
    return {key: value for key, value in own.items() if key not in public or public[key] != value}


def _json(data: Mapping[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"seat {seat}"


class MoonbaseObserver:
    """An OpenSpiel Python observer (``tensor``, ``dict``, ``set_from``, ``string_from``) of a
    moonbase game for one ``IIGObservationType``; see the module docstring."""

    def __init__(
        self, game: MoonbaseGame, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(
                f"observation parameters are not supported; passed {dict(params)}, allowed: none"
            )
        self.game = game
        self.public_info = bool(iig_obs_type.public_info)
        self.private_info = iig_obs_type.private_info
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not self.perfect_recall and has_tensors(game.moonbase):
            self._build_tensor()

    def _build_tensor(self) -> None:
        encoder = self.game.encoder
        seats = self.game.moonbase.seats
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self.public_info and encoder.public_size:
            pieces.append(("public", (encoder.public_size,)))
        if encoder.private_size:
            if self.private_info == _PRIVATE.SINGLE_PLAYER:
                pieces.append(("private", (encoder.private_size,)))
            elif self.private_info == _PRIVATE.ALL_PLAYERS:
                pieces.append(("private", (seats, encoder.private_size)))
        total = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(total, np.float32)
        offset = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + size].reshape(shape)
            offset += size

    def set_from(self, state: Any, player: int) -> None:
        """Write the observation of ``state`` by ``player`` into :attr:`tensor`."""
        if self.tensor is None:
            raise ValueError(
                "this observer has strings only (perfect recall, or a game without an "
                "observation encoder); ask for perfect_recall=False for a tensor"
            )
        inner = _inner(state)
        encoder = self.game.encoder
        if "public" in self.dict:
            self.dict["public"][:] = encoder.public(inner)
        if "private" in self.dict:
            if self.private_info == _PRIVATE.SINGLE_PLAYER:
                self.dict["private"][:] = encoder.private(inner, player)
            else:
                rows = self.dict["private"]
                for seat in range(rows.shape[0]):
                    rows[seat] = encoder.private(inner, seat)

    def string_from(self, state: Any, player: int) -> str:
        """The observation (or, with perfect recall, the information state) of ``state`` by
        ``player`` as text."""
        inner = _inner(state)
        seats = inner.game.seats
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
            raise ValueError(f"seat {player!r} does not exist; seats: 0 to {seats - 1}")
        if self.perfect_recall:
            return self._history_text(inner, player)
        parts = []
        if self.public_info:
            parts.append(public_text(inner))
        for seat in self._private_seats(inner, player):
            private = private_view(inner, seat)
            if private:
                parts.append(f"{_who(seat)} {_json(private)}")
        return "\n".join(parts)

    def _private_seats(self, state: State, player: int) -> list[int]:
        if self.private_info == _PRIVATE.SINGLE_PLAYER:
            return [player]
        if self.private_info == _PRIVATE.ALL_PLAYERS:
            return list(range(state.game.seats))
        return []

    def _history_text(self, state: State, player: int) -> str:
        seats = self._private_seats(state, player)
        if self.public_info and self.private_info == _PRIVATE.SINGLE_PLAYER:
            # What the seat saw is the spectator's history with its own entries unmasked.
            lines = [f"{_who(player)} knows"]
            lines.extend(f"{_who(actor)} {text}" for actor, text in state.history_for(player))
            return "\n".join(lines)
        spectator = state.history_for(None)
        known = [state.history_for(seat) for seat in seats]
        lines = []
        for index, (actor, text) in enumerate(spectator):
            seen = next((other[index][1] for other in known if other[index][1] != text), None)
            if self.public_info:
                lines.append(f"{_who(actor)} {text if seen is None else seen}")
            elif seen is not None:
                lines.append(f"{index} {_who(actor)} {seen}")
        return "\n".join(lines)


def has_tensors(game: Game) -> bool:
    """Whether ``game`` has an observation encoder (see
    :func:`moonbase.adapters.openspiel.has_tensors`)."""
    from moonbase.adapters.openspiel import has_tensors as tensors

    return tensors(game)


def _inner(state: Any) -> State:
    from moonbase.adapters.openspiel import moonbase_state

    return moonbase_state(state)
