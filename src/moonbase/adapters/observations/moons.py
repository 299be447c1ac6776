"""The Moons encoder: cards as planes over the 56 Moon cards plus an Asteroid count, the
trick and the last trick seat by seat, tokens and supply scaled, the round's markers one-hot;
Mini-Asteroid fields only when they are in play.

The private part is the seat, its hand, its Mini-Asteroids in hand and its own tableau (which
only it sees until every tableau is turned up).

>>> import moonbase
>>> encoder = moons_encoder(moonbase.load("moons", players=3))
>>> encoder.public_size, encoder.private_size
(810, 126)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from moonbase.adapters.observations.encoder import Encoder, Layout, Vector, Writer, scaled
from moonbase.adapters.observations.planes import (
    bit_of,
    flags_of,
    numbers_of,
    one_hot,
    one_hot_of,
    seat_one_hot,
)
from moonbase.core.chance import CHANCE
from moonbase.core.game import Game
from moonbase.games.moons.cards import (
    AST,
    ASTEROIDS,
    CARD_NAMES,
    DECK_SIZE,
    MINIS,
    PLANETS,
    TABLEAU_SIZE,
)
from moonbase.games.moons.game import MoonsGame

__all__ = ["CARD_PLANE", "card_plane", "moons_encoder"]

CARD_PLANE = len(CARD_NAMES)
"""Entries of a card plane: one bit per Moon card (S1 … U14), then the Asteroid count."""
PHASES = ("setup", "deal", "tableau", "trick", "awards", "over")
ENDS = ("supply-empty", "last-round")
BONUS_KINDS = tuple(index for index, mini in enumerate(MINIS) if mini.kept)
_CARD_INDEX = {name: index for index, name in enumerate(CARD_NAMES)}
_MINI_INDEX = {mini.name: index for index, mini in enumerate(MINIS)}


def card_plane(out: Vector, cards: Iterable[str], asteroids: int = ASTEROIDS) -> None:
    """Cards as a plane: bit ``i`` for Moon card ``i``; the last entry counts Asteroids,
    scaled from ``[0, asteroids]``.

    >>> import numpy as np
    >>> out = np.zeros(CARD_PLANE, dtype=np.float32)
    >>> card_plane(out, ["S1", "AST", "U14", "AST"])
    >>> out[[0, 55, 56]].tolist(), int(out.sum() * 2)
    ([1.0, 1.0, 0.5], 5)
    """
    for name in cards:
        index = _CARD_INDEX[name]
        if index == AST:
            out[AST] += 1.0 / asteroids
        else:
            out[index] = 1.0


def _mini_counts(out: Vector, names: Iterable[str], kinds: tuple[int, ...]) -> None:
    for name in names:
        kind = _MINI_INDEX[name]
        out[kinds.index(kind)] += 1.0 / MINIS[kind].count


def moons_encoder(game: Game) -> Encoder:
    """The encoder for a Moons game, sized by its players and whether Minis are in play."""
    if not isinstance(game, MoonsGame):
        raise TypeError(f"the Moons encoder needs a Moons game, not {game.title}")
    seats = game.seats
    minis = game.mini_asteroids
    hand = game.hand_size
    tricks = game.tricks_per_round
    supply = game.tokens_per_planet
    planets = len(PLANETS)
    kinds = tuple(range(len(MINIS)))
    mini_deck = sum(mini.count for mini in MINIS)
    in_hand = min(mini_deck, 2 + ASTEROIDS * seats)
    set_points, triple_points, single_points = game.points
    best = max(set_points, triple_points, single_points, 0)
    bonus_per_token = sum(mini.count * mini.per_token for mini in MINIS) if minis else 0
    bonus_per_set = sum(mini.count * mini.per_set for mini in MINIS) if minis else 0
    high_score = planets * supply * (best + bonus_per_token) + supply * bonus_per_set

    def seat_cards(key: str) -> Writer:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            for other, cards in enumerate(view[key]):
                if cards is not None:
                    card_plane(out[other * CARD_PLANE : (other + 1) * CARD_PLANE], cards)

        return write

    def revealed(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for other, cards in enumerate(view["tableaus"]):
            out[other] = 1.0 if cards else 0.0

    def plays(key: str) -> Writer:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            trick = view[key]
            if key == "last_trick":
                trick = [] if trick is None else trick["trick"]
            for play in trick:
                at = play["seat"] * CARD_PLANE
                card_plane(out[at : at + CARD_PLANE], [play["card"]], 1)

        return write

    def last_seat(key: str) -> Writer:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            last = view["last_trick"]
            one_hot(out, None if last is None else last[key])

        return write

    def per_planet(key: str) -> Writer:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            rows = view[key] if key == "tokens" else [view[key]]
            for other, counts in enumerate(rows):
                for index, planet in enumerate(PLANETS):
                    out[other * planets + index] = scaled(counts[planet], 0, supply)

        return write

    def planet(key: str) -> Writer:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            one_hot(out, None if view[key] is None else PLANETS.index(view[key]))

        return write

    def planets_of(key: str, per_seat: bool) -> Writer:
        def write(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
            rows = view[key] if per_seat else [view[key]]
            for other, names in enumerate(rows):
                for name in names:
                    out[other * planets + PLANETS.index(name)] = 1.0

        return write

    def to_act(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for actor in view["to_act"]:
            one_hot(out, seats if actor == CHANCE else actor)

    def phase(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        one_hot(out, PHASES.index(view["phase"]))

    def ended(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        for entry in view["ended"]:
            one_hot(out, ENDS.index(entry["trigger"]))

    def discard(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        _mini_counts(out, view["discard"], kinds)

    def bonuses(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        per = len(BONUS_KINDS)
        for other, names in enumerate(view["bonuses"]):
            _mini_counts(out[other * per : (other + 1) * per], names, BONUS_KINDS)

    plane = f"{CARD_PLANE} entries: bits for S1..S14, J1..J14, N1..N14, U1..U14, then AST"
    layout = Layout()
    pub = layout.public
    pub("round", seats, "one-hot: the round (1 to the number of players)", one_hot_of("round", -1))
    pub("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}", phase)
    for key, what in (
        ("dealer", "the seat that dealt the round"),
        ("first_player", "the first player (none yet: all 0)"),
        ("earth", "the holder of the Earth token (none yet: all 0)"),
        ("leader", "the seat leading the trick (none: all 0)"),
        ("turn", "the seat whose turn it is in the trick (none: all 0)"),
    ):
        pub(key, seats, f"one-hot: {what}", one_hot_of(key))
    pub("to_act", seats + 1, f"bits: seats to act; entry {seats}: chance (explicit mode)", to_act)
    pub(
        "hand_sizes", seats, f"per seat, cards in hand, scaled from [0, {hand}]",
        numbers_of("hand_sizes", 0, hand),
    )  # fmt: skip
    pub(
        "undealt", 1, f"cards not dealt yet, scaled from [0, {DECK_SIZE}]",
        numbers_of("undealt", 0, DECK_SIZE, lambda value: [value]),
    )  # fmt: skip
    pub(
        "tableaus", seats * CARD_PLANE,
        f"per seat, its tableau once turned up (all 0 before), {plane} (count / {ASTEROIDS})",
        seat_cards("tableaus"),
    )  # fmt: skip
    pub("tableau_shown", seats, "bits: the seats whose tableau is turned up", revealed)
    pub(
        "chosen", seats, "bits: the seats that have chosen their tableau",
        flags_of("chosen"),
    )  # fmt: skip
    pub(
        "trick", seats * CARD_PLANE, f"per seat, the card it played to this trick, {plane}",
        plays("trick"),
    )  # fmt: skip
    pub("led", planets, f"one-hot: the led planet ({', '.join(PLANETS)}; none: all 0)",
        planet("led"))  # fmt: skip
    pub(
        "last_trick", seats * CARD_PLANE,
        f"per seat, the card it played to the last finished trick, {plane}", plays("last_trick"),
    )  # fmt: skip
    pub("last_winner", seats, "one-hot: the last trick's winner (none: all 0)",
        last_seat("winner"))  # fmt: skip
    pub(
        "last_lowest", seats, "one-hot: who got the last trick's lowest off-planet token",
        last_seat("lowest"),
    )  # fmt: skip
    pub(
        "tokens", seats * planets, f"per seat, per planet, its tokens scaled from [0, {supply}]",
        per_planet("tokens"),
    )  # fmt: skip
    pub("supply", planets, f"per planet, tokens in the supply, scaled from [0, {supply}]",
        per_planet("supply"))  # fmt: skip
    pub(
        "tricks", seats, f"per seat, tricks won this round, scaled from [0, {tricks}]",
        numbers_of("tricks", 0, tricks),
    )  # fmt: skip
    pub(
        "tricks_left", 1, f"tricks left in the round, scaled from [0, {tricks}]",
        numbers_of("tricks_left", 0, tricks, lambda value: [value]),
    )  # fmt: skip
    pub("blocked", planets, "one-hot: the planet under the Block token (none: all 0)",
        planet("blocked"))  # fmt: skip
    pub("taker", seats, "one-hot: the seat choosing a token (none: all 0)", one_hot_of("taker"))
    pub("take_options", planets, "bits: the planets the taker may take",
        planets_of("take_options", False))  # fmt: skip
    pub("may_pass", 1, "1 if the taker may decline", bit_of("may_pass"))
    pub(
        "known_in_hand", seats * CARD_PLANE,
        f"per seat, cards known to be in its hand (taken back from a tableau), {plane}",
        seat_cards("known_in_hand"),
    )  # fmt: skip
    pub("voids", seats * planets, "per seat, bits: the planets it is known to lack",
        planets_of("voids", True))  # fmt: skip
    pub(
        "scores", seats, f"per seat, its score scaled from [0, {high_score}]",
        numbers_of("scores", 0, high_score),
    )  # fmt: skip
    pub("ended", len(ENDS), f"bits: {', '.join(ENDS)}", ended)
    if minis:
        names = ", ".join(MINIS[kind].name for kind in kinds)
        bonus_names = ", ".join(MINIS[kind].name for kind in BONUS_KINDS)
        pub(
            "mini_counts", seats, f"per seat, Mini-Asteroids in hand, scaled from [0, {in_hand}]",
            numbers_of("mini_counts", 0, in_hand),
        )  # fmt: skip
        pub(
            "pile", 1, f"Mini-Asteroids in the face-down pile, scaled from [0, {mini_deck}]",
            numbers_of("pile", 0, mini_deck, lambda value: [value]),
        )  # fmt: skip
        pub(
            "discard", len(kinds),
            f"per kind ({names}), discarded Mini-Asteroids / the kind's count in the deck",
            discard,
        )  # fmt: skip
        pub("mini_played", 1, "1 if a Mini-Asteroid was played in this trick",
            bit_of("mini_played"))  # fmt: skip
        pub(
            "bonuses", seats * len(BONUS_KINDS),
            f"per seat, per bonus kind ({bonus_names}), cards kept / the kind's count",
            bonuses,
        )  # fmt: skip

    def own_hand(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        card_plane(out, view["hand"])

    def own_tableau(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        assert seat is not None
        card_plane(out, view["tableaus"][seat] or [])

    def own_minis(view: Mapping[str, Any], seat: int | None, out: Vector) -> None:
        _mini_counts(out, view["minis"], kinds)

    layout.private("seat", seats, "one-hot: the seat whose observation this is", seat_one_hot)
    layout.private("hand", CARD_PLANE, f"the seat's hand, {plane} (count / {ASTEROIDS})",
                   own_hand)  # fmt: skip
    layout.private(
        "own_tableau", CARD_PLANE,
        f"the seat's own tableau (seen before the others'), {plane} (count / {ASTEROIDS}; "
        f"a tableau holds {TABLEAU_SIZE} cards and no AST)",
        own_tableau,
    )  # fmt: skip
    if minis:
        layout.private(
            "minis", len(kinds), "per kind, the seat's Mini-Asteroids in hand / the kind's count",
            own_minis,
        )  # fmt: skip
    return Encoder(game, layout)
