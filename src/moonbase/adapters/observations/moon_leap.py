"""The Moon Leap encoder: every token's place as a one-hot over reserve and track, the track
as owner planes, the die, the barrier, normalised scores and whose turn it is.

Nothing is hidden in Moon Leap, so the private part is only the viewing seat (one-hot).

>>> import moonbase
>>> encoder = moon_leap_encoder(moonbase.load("moon-leap"))
>>> encoder.public_size, encoder.private_size
(547, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from moonbase.adapters.observations.encoder import Encoder, Layout, Vector, scaled
from moonbase.adapters.observations.planes import (
    bit_of,
    bits_of,
    numbers_of,
    one_hot,
    one_hot_of,
    seat_one_hot,
)
from moonbase.core.chance import CHANCE
from moonbase.core.game import Game
from moonbase.games.moon_leap.game import MoonLeapGame
from moonbase.games.moon_leap.notation import DIE_FACES, TOKENS

__all__ = ["RESERVE_PENALTY", "moon_leap_encoder"]

RESERVE_PENALTY = -5
"""What each number of a token still in reserve scores (the rules' −5)."""


def moon_leap_encoder(game: Game) -> Encoder:
    """The encoder for a Moon Leap game, sized by its board and number of players."""
    if not isinstance(game, MoonLeapGame):
        raise TypeError(f"the Moon Leap encoder needs a Moon Leap game, not {game.title}")
    seats = game.seats
    values = game.board.values
    spaces = len(values)
    tokens = len(TOKENS)
    places = spaces + 1
    low_value, high_value = min(values), max(values)
    total = sum(TOKENS)
    low_score = total * min(low_value, RESERVE_PENALTY)
    high_score = total * max(high_value, RESERVE_PENALTY)

    def token_space(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for square in view["track"]:
            token = square["token"]
            if token is not None:
                base = (token["seat"] * tokens + token["number"] - 1) * places
                one_hot(out[base : base + places], square["space"])
        for owner, reserve in enumerate(view["reserve"]):
            for number in reserve:
                base = (owner * tokens + number - 1) * places
                out[base] = 1.0

    def track_owner(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for square in view["track"]:
            token = square["token"]
            if token is not None:
                out[token["seat"] * spaces + square["space"] - 1] = 1.0

    def space_value(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for index, square in enumerate(view["track"]):
            out[index] = scaled(square["value"], low_value, high_value)

    def roll(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        face = view["roll"]
        one_hot(out, 0 if face is None else DIE_FACES.index(face) + 1)

    def to_act(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for actor in view["to_act"]:
            one_hot(out, seats if actor == CHANCE else actor)

    layout = Layout()
    layout.public(
        "token_space",
        seats * tokens * places,
        f"one-hot per seat s and token n (s major, n = 1..{tokens}): entry "
        f"((s*{tokens} + n-1)*{places} + p) is 1 where p = 0 in reserve, p = k on space k",
        token_space,
    )
    layout.public(
        "track_owner",
        seats * spaces,
        f"bit plane per seat s: entry s*{spaces} + k-1 is 1 if a token of s stands on space k",
        track_owner,
    )
    layout.public(
        "space_value",
        spaces,
        f"per space, its value scaled from [{low_value}, {high_value}] to [0, 1]",
        space_value,
    )
    layout.public(
        "roll",
        len(DIE_FACES) + 1,
        "one-hot of the die: 0 not rolled yet, 1..5 the faces 1..5, 6 the star",
        roll,
    )
    layout.public(
        "barrier",
        spaces,
        "one-hot: entry k-1 is 1 if the barrier line stands after space k",
        one_hot_of("barrier", -1),
    )
    layout.public("split_allowed", 1, "1 once the barrier is crossed", bit_of("split_allowed"))
    layout.public(
        "scores",
        seats,
        f"per seat, its score scaled from [{low_score}, {high_score}] to [0, 1]",
        numbers_of("scores", low_score, high_score),
    )
    layout.public("turn", seats, "one-hot: the seat whose turn it is", one_hot_of("turn"))
    layout.public(
        "to_act",
        seats + 1,
        f"bits: entry s is 1 if seat s is to act, entry {seats} if chance is (explicit mode)",
        to_act,
    )
    layout.public("extra_turn", 1, "1 during an extra turn", bit_of("extra_turn"))
    layout.public("over", 1, "1 once the game is over", bit_of("over"))
    layout.public("winners", seats, "bits: the winning seats once over", bits_of("winners"))
    layout.private("seat", seats, "one-hot: the seat whose observation this is", seat_one_hot)
    return Encoder(game, layout)
