"""What one seat of Moons may know: :func:`seat_view`, kept apart from the rules, and its type
:class:`MoonsView`.

Hands, Mini-Asteroids in hand, the draw pile and tableaus that are not yet revealed never appear
in another seat's view; their sizes do, as does who has already chosen a tableau. Everything a
seat could work out from what it has seen is included too: the cards known to be in a hand
(taken back from a tableau) and the planets a seat is known to lack.

The keys every client may rely on (``rules/moons.md``): ``hand``, ``minis``, ``tableaus``,
``trick``, ``led``, ``tokens``, ``supply``, ``tricks``, ``round``, ``leader``, ``first_player``,
``earth``, ``blocked``, ``bonuses``, ``scores``. More: ``seat``, ``players``, ``rounds``,
``phase``, ``dealer``, ``turn``, ``to_act``, ``hand_sizes``, ``mini_counts``, ``pile``,
``discard``, ``chosen``, ``last_trick``, ``tricks_left``, ``taker``, ``take_options``,
``may_pass``, ``mini_played``, ``known_in_hand``, ``voids``, ``undealt``, ``ended``,
``score_parts``. Among them:

* ``rounds`` — how many rounds the game lasts at most: one per player, each player being first
  player (``first_player``, who leads the round's first trick) exactly once;
* ``dealer`` — the seat that dealt the round under way: seat 0 in round 1 (dealt before anyone
  is first player), the first player from round 2 on. It does not count turns to deal: the
  round-1 first player (``earth``) deals no round unless it is seat 0;
* ``taker``, ``take_options``, ``may_pass`` — the seat choosing a token, the planets it may
  take, and whether it may decline (``PASS``: a player with no trick);
* ``ended`` — ``[]`` while the game goes on, then the end triggers met when it ended
  (``MoonsState._end_triggers``), each ``{"trigger": code, ...}``: ``supply-empty`` (the last
  token of the supply was gained; checked after every trick and round) and ``last-round``
  (the last of the ``rounds`` rounds is over: every player has been first player once);
* ``score_parts`` — ``None`` while the game goes on, then per seat its score part by part
  (``MoonsState.score_parts``): ``{"part": "sets" | "triples" | "singles", "count", "each",
  "points"}`` as the best grouping of its tokens counts them, then one entry per kind of bonus
  card it holds (``part``: the card's name, with ``cards`` and what it ``counts``: a planet's
  tokens or ``"sets"``); the ``points`` sum to its score.

>>> from moonbase.games.moons.game import MoonsGame
>>> state = MoonsGame(players=3).new(seed=2)
>>> view = state.view(1)
>>> len(view["hand"]), view["tableaus"], view["hand_sizes"]
(20, [None, [], None], [20, 20, 20])
>>> state.view(None)["hand"] is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NotRequired, TypedDict

from moonbase.games.moons.cards import CARD_NAMES, MINIS, PLANETS

if TYPE_CHECKING:
    from moonbase.games.moons.state import MoonsState

__all__ = [
    "EndTrigger",
    "LastTrick",
    "MoonsView",
    "ScorePart",
    "TrickPlay",
    "planet_counts",
    "seat_view",
]


class TrickPlay(TypedDict):
    """A card played to a trick, and by whom."""

    seat: int
    card: str


class LastTrick(TypedDict):
    """The last finished trick: its cards, its winner and the seat given the lowest off-suit
    card's token (``None``: nobody)."""

    trick: list[TrickPlay]
    winner: int | None
    lowest: int | None


class EndTrigger(TypedDict):
    """Why the game ended: ``supply-empty``, or ``last-round`` with the ``rounds`` played."""

    trigger: str
    rounds: NotRequired[int]


class ScorePart(TypedDict):
    """One part of a score: ``sets``, ``triples``, ``singles`` or a bonus card's name (with
    its ``cards`` and what it ``counts``: a planet's tokens or ``"sets"``)."""

    part: str
    count: int
    each: int
    points: int
    cards: NotRequired[int]
    counts: NotRequired[str]


class MoonsView(TypedDict):
    """What ``state.view(seat)`` holds (see the module docstring for the keys)."""

    seat: int | None
    players: int
    round: int
    rounds: int
    phase: str
    dealer: int
    first_player: int | None
    earth: int | None
    leader: int | None
    turn: int | None
    to_act: list[int]
    hand: list[str] | None
    minis: list[str] | None
    hand_sizes: list[int]
    mini_counts: list[int]
    pile: int
    discard: list[str]
    undealt: int
    tableaus: list[list[str] | None]
    chosen: list[bool]
    trick: list[TrickPlay]
    led: str | None
    mini_played: bool
    last_trick: LastTrick | None
    tokens: list[dict[str, int]]
    supply: dict[str, int]
    tricks: list[int]
    tricks_left: int
    blocked: str | None
    taker: int | None
    take_options: list[str]
    may_pass: bool
    bonuses: list[list[str]]
    known_in_hand: list[list[str]]
    voids: list[list[str]]
    scores: list[float]
    ended: list[EndTrigger]
    score_parts: list[list[ScorePart]] | None


def planet_counts(counts: list[int]) -> dict[str, int]:
    """Counts per planet as ``{planet: count}``.

    >>> planet_counts([1, 0, 2, 0])
    {'SATURN': 1, 'JUPITER': 0, 'NEPTUNE': 2, 'URANUS': 0}
    """
    return dict(zip(PLANETS, counts, strict=True))


def _names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def _mini_names(counts: list[int]) -> list[str]:
    return [mini.name for mini, count in zip(MINIS, counts, strict=True) for _ in range(count)]


def _planet(planet: int | None) -> str | None:
    return None if planet is None else PLANETS[planet]


def _plays(plays: Iterable[tuple[int, int]]) -> list[TrickPlay]:
    return [{"seat": who, "card": CARD_NAMES[c]} for who, c in plays]


def seat_view(state: MoonsState, seat: int | None) -> MoonsView:
    """What ``seat`` may know now (``None``: a spectator, who sees no hand)."""
    n = state.players
    tableaus: list[list[str] | None] = [
        _names(state.tableaus[other]) if state.revealed or other == seat else None
        for other in range(n)
    ]
    last = state.last_trick
    return {
        "seat": seat,
        "players": n,
        "round": state.round,
        "rounds": n,
        "phase": state.phase.value,
        "dealer": state.dealer,
        "first_player": state.first_player,
        "earth": state.earth,
        "leader": state.leader,
        "turn": state.turn,
        "to_act": list(state.to_act),
        "hand": None if seat is None else _names(state.hands[seat]),
        "minis": None if seat is None else _mini_names(state.minis[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "mini_counts": [sum(minis) for minis in state.minis],
        "pile": sum(state.pile),
        "discard": _mini_names(state.discard),
        "undealt": len(state.undealt),
        "tableaus": tableaus,
        "chosen": list(state.chosen),
        "trick": _plays(state.trick),
        "led": _planet(state.led),
        "mini_played": state.mini_played,
        "last_trick": None
        if last is None
        else {"trick": _plays(last[0]), "winner": last[1], "lowest": last[2]},
        "tokens": [planet_counts(tokens) for tokens in state.tokens],
        "supply": planet_counts(state.supply),
        "tricks": list(state.tricks),
        "tricks_left": state.tricks_per_round - state.tricks_played,
        "blocked": _planet(state.blocked),
        "taker": state.taker,
        "take_options": [PLANETS[planet] for planet in state.take_options],
        "may_pass": state.may_pass,
        "bonuses": [_mini_names(bonuses) for bonuses in state.bonuses],
        "known_in_hand": [_names(known) for known in state.known],
        "voids": [[PLANETS[p] for p in range(4) if void >> p & 1] for void in state.voids],
        "scores": state.scores(),
        "ended": [entry.copy() for entry in state.ended],
        "score_parts": [state.score_parts(other) for other in range(n)] if state.ended else None,
    }
