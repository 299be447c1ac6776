"""Moon Leap's playout kernel: whole games played in compiled code from any state.

**The encoding.** :func:`encode` reads a :class:`~moonbase.games.moon_leap.state.MoonLeapState`
through its public fields and the game's id API into arrays and integers:

- ``values`` (int64, one per space, space 1 first): each space's value;
- ``track`` (int64, one per space): the code ``seat * 5 + number - 1`` of the token on it, or
  −1 for a free space; ``places`` (int64, five per seat): each token's space index, or −1 in
  reserve (the state's own two mirrored lists);
- ``turn``, ``roll`` (the face being played: 1 … 5, 0 for ★, −1 before the roll),
  ``split_allowed``, ``over``, ``players``, ``barrier`` (the active line's space: an index at
  or beyond it has crossed), ``reserve_value``;
- ``chance_seed`` and ``chance_count``: the state's seed and how many chance events its
  history holds, so the kernel's die continues the engine's own;
- the rules' tables, built from the game's notation through ``game.action_id`` and
  ``game.chance_text``: ``faces`` (the face of each point the die's draw can give, in the order
  the engine draws them), ``candidates`` (per face, up to five moves ``(id, first, second)``
  ascending by id, ``second`` 0 for one token), ``counts`` (how many each face has) and
  ``pass_id``.

**The kernel.** :func:`play` runs the rules of ``moonbase.games.moon_leap.state`` over those
arrays — the roll, the legal moves in id order, the random policy's pick
(:mod:`moonbase.fast.reference`), each placement with its end check, runs of three and the
turn — until the game ends, and writes each seat's final score. :func:`play_many` plays one
state out once per policy seed. With ``greedy`` every seat plays Moon Leap's greedy heuristic
instead (:func:`greedy_playout`): each legal move tried on a copy of the arrays.

>>> import moonbase
>>> from moonbase.fast.reference import playout
>>> state = moonbase.load("moon-leap", players=3).new(seed=4)
>>> scores, decisions, winners = run(encode(state), [21, 22])
>>> playout(state, 21) == Playout.from_masks(scores[0], decisions[0], winners[0])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from moonbase.agents.heuristics.moon_leap import ENDING, RUN_BONUS
from moonbase.fast.compiled import best_seats, draw, kernel, per_game, seed_word
from moonbase.fast.reference import Playout, check_playable
from moonbase.fast.results import (
    Lists,
    as_lists,
    as_playouts,
    limit,
    policy_words,
    result_arrays,
)
from moonbase.games.moon_leap.notation import SPLITS, STAR, STAR_FACE, TOKENS, move_text
from moonbase.games.moon_leap.state import EMPTY, RESERVE, RESERVE_VALUE

if TYPE_CHECKING:
    from collections.abc import Sequence

    from moonbase.core import Game, State
    from moonbase.games.moon_leap.state import MoonLeapState

__all__ = ["Encoded", "Rules", "encode", "play", "play_many", "rules_of", "run"]

Ints = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint64]

_PER_SEAT: Final = len(TOKENS)
_FACES: Final = len(TOKENS) + 1
_MOST_CANDIDATES: Final = 1 + 2 * max(len(pairs) for pairs in SPLITS.values())


@dataclass(frozen=True)
class Rules:
    """The tables of a Moon Leap game (see the module docstring), built once per game."""

    faces: Ints
    candidates: Ints
    counts: Ints
    pass_id: int
    tokens_of: Ints
    """Per action id, the one or two token numbers it moves, in order (0: none)."""


@dataclass(frozen=True)
class Encoded:
    """A Moon Leap state as the kernel reads it (see the module docstring)."""

    rules: Rules
    values: Ints
    track: Ints
    places: Ints
    players: int
    barrier: int
    turn: int
    roll: int
    split_allowed: bool
    over: bool
    chance_seed: np.uint64
    chance_count: int


@per_game
def rules_of(game: Game) -> Rules:
    """The kernel's tables for ``game``, from its action and chance-outcome ids.

    >>> import moonbase
    >>> game = moonbase.load("moon-leap")
    >>> tables = rules_of(game)
    >>> [game.action_text(int(i)) for i in tables.candidates[4, : tables.counts[4], 0]]
    ['MOVE 1+3', 'MOVE 3+1', 'MOVE 4']
    >>> [int(face) for face in tables.faces]
    [1, 2, 3, 4, 5, 0]
    """
    from moonbase.games.moon_leap.notation import ROLL_TABLE

    faces = np.array(
        [_face(game.chance_text(outcome)) for outcome in ROLL_TABLE.outcomes], dtype=np.int64
    )
    candidates = np.zeros((_FACES, _MOST_CANDIDATES, 3), dtype=np.int64)
    counts = np.zeros(_FACES, dtype=np.int64)
    tokens_of = np.zeros((game.num_actions, 2), dtype=np.int64)
    for face in (*TOKENS, STAR_FACE):
        if face == STAR_FACE:
            moves: list[tuple[int, ...]] = [(number,) for number in TOKENS]
        else:
            moves = [(face,)] + [
                pair for low, high in SPLITS.get(face, ()) for pair in ((low, high), (high, low))
            ]
        rows = sorted((game.action_id(move_text(move)), *move, 0)[:3] for move in moves)
        for at, row in enumerate(rows):
            candidates[face, at] = row
            tokens_of[row[0]] = row[1:]
        counts[face] = len(rows)
    return Rules(faces, candidates, counts, game.action_id(move_text(())), tokens_of)


def _face(text: str) -> int:
    face = text.split()[-1]
    return STAR_FACE if face == STAR else int(face)


def encode(state: State[Any]) -> Encoded:
    """``state`` (a Moon Leap state in auto chance mode) as the kernel's arrays.

    >>> import moonbase
    >>> encoded = encode(moonbase.load("moon-leap").new(seed=2))
    >>> encoded.players, encoded.barrier, int(encoded.track.max()), encoded.chance_count
    (2, 10, -1, 1)
    """
    check_playable(state)
    if state.game.name != "moon-leap":
        raise ValueError(f"the Moon Leap kernel plays moon-leap states, not {state.game.name}")
    leap: MoonLeapState = state  # type: ignore[assignment]
    chance_count = state.chance_count
    return Encoded(
        rules_of(state.game),
        np.array(leap.values, dtype=np.int64),
        np.array(leap.track, dtype=np.int64),
        np.array(leap.places, dtype=np.int64),
        leap.players,
        leap.barrier,
        leap.turn,
        -1 if leap.roll is None else leap.roll,
        leap.split_allowed,
        leap.over,
        seed_word(state.seed),
        chance_count,
    )


def run(
    encoded: Encoded, seeds: Sequence[int], greedy: bool = False, depth: int | None = None
) -> Lists:
    """Play ``encoded`` out once per policy seed in ``seeds`` (``greedy``: by the greedy
    policy, which draws nothing: one seed is enough), to the end or ``depth`` decisions: each
    playout's scores, its decisions and its winners (a mask of seats; −1: cut short)."""
    scores, decisions, winners = result_arrays(len(seeds), encoded.players)
    rules = encoded.rules
    play_many(
        encoded.values, encoded.track, encoded.places, encoded.players, encoded.barrier,
        encoded.turn, encoded.roll, encoded.split_allowed, encoded.over,
        encoded.chance_seed, encoded.chance_count,
        policy_words(seeds),
        rules.faces, rules.candidates, rules.counts, rules.pass_id, rules.tokens_of,
        RESERVE_VALUE, scores, decisions, winners, greedy, limit(depth),
    )  # fmt: skip
    return as_lists(scores, decisions, winners)


def playouts(state: State[Any], seeds: Sequence[int], depth: int | None = None) -> list[Playout]:
    """:func:`run` on ``state``, as :class:`~moonbase.fast.reference.Playout` values."""
    return as_playouts(run(encode(state), seeds, depth=depth))


def greedy_playout(state: State[Any], depth: int | None = None) -> Playout:
    """``state`` played out by the greedy policy (every seat plays
    :func:`moonbase.agents.heuristics.moon_leap.choose`), to the end or ``depth`` decisions,
    as :func:`~moonbase.fast.reference.greedy_playout` plays it through the rules engine.

    >>> import moonbase
    >>> from moonbase.agents.heuristics.moon_leap import choose
    >>> from moonbase.fast import reference
    >>> state = moonbase.load("moon-leap", players=3).new(seed=4)
    >>> greedy_playout(state) == reference.greedy_playout(state, choose)
    True
    """
    return as_playouts(run(encode(state), [0], greedy=True, depth=depth))[0]


@kernel
def _split_possible(track: Ints, places: Ints, first: int, second: int, last: int) -> bool:
    origin = places[first]
    if origin >= last:
        return False
    after = places[second]
    if origin > after:  # the first token's space, vacated, lies ahead of the second
        return True
    if after >= last:
        return False
    # the second token needs a free space besides the one the first takes
    at = origin + 1
    while track[at] != EMPTY:
        at += 1
    return bool(at != last)


@kernel
def _in_run(track: Ints, places: Ints, seat: int, code: int) -> bool:
    low = high = places[code]
    while low > 0 and track[low - 1] >= 0 and track[low - 1] // _PER_SEAT == seat:
        low -= 1
    end = len(track) - 1
    while high < end and track[high + 1] >= 0 and track[high + 1] // _PER_SEAT == seat:
        high += 1
    return bool(high - low >= 2)


@kernel
def _score(values: Ints, places: Ints, seat: int, reserve_value: int) -> int:
    total = 0
    for number in range(1, _PER_SEAT + 1):
        index = places[seat * _PER_SEAT + number - 1]
        total += number * (reserve_value if index == RESERVE else values[index])
    return total


@kernel
def _move(
    track: Ints, places: Ints, tokens_of: Ints, action: int, base: int, barrier: int
) -> tuple[bool, bool]:
    """Place the tokens of ``action`` (``base``: the code before the mover's token 1): whether
    the game ended, and whether a token crossed the active line."""
    spaces = len(track)
    crossed = False
    for step in range(2):
        number = tokens_of[action, step]
        if number == 0:
            break
        code = base + number
        origin = places[code]
        target = origin + 1
        while track[target] != EMPTY:
            target += 1
        if origin != RESERVE:
            track[origin] = EMPTY
        track[target] = code
        places[code] = target
        if target >= barrier:
            crossed = True
        if (
            target >= spaces - 3
            and track[spaces - 1] != EMPTY
            and track[spaces - 2] != EMPTY
            and track[spaces - 3] != EMPTY
        ):
            return True, crossed
    return False, crossed


@kernel
def _extra(track: Ints, places: Ints, tokens_of: Ints, action: int, base: int, turn: int) -> bool:
    """Whether a token ``action`` placed stands in a run of three: an extra roll."""
    for step in range(2):
        number = tokens_of[action, step]
        if number == 0:
            break
        if _in_run(track, places, turn, base + number):
            return True
    return False


@kernel
def _greedy(
    values: Ints,
    track: Ints,
    places: Ints,
    legal: Ints,
    found: int,
    players: int,
    turn: int,
    barrier: int,
    tokens_of: Ints,
    reserve_value: int,
) -> int:
    """The greedy move of :mod:`moonbase.agents.heuristics.moon_leap` among the ``found``
    legal ids: the best change of the mover's score, a run's extra roll worth
    :data:`RUN_BONUS`, an ending worth a win or a loss; the first best on ties."""
    base = turn * _PER_SEAT - 1
    before = _score(values, places, turn, reserve_value)
    scores = np.empty(players, dtype=np.int64)
    best, best_value = legal[0], -np.inf
    for at in range(found):
        action = legal[at]
        trial_track = track.copy()
        trial_places = places.copy()
        ends, _crossed = _move(trial_track, trial_places, tokens_of, action, base, barrier)
        value = float(_score(values, trial_places, turn, reserve_value) - before)
        if ends:
            for seat in range(players):
                scores[seat] = _score(values, trial_places, seat, reserve_value)
            mask = best_seats(scores)
            if mask >> turn & 1:
                count = 0
                for seat in range(players):
                    count += mask >> seat & 1
                value += ENDING / count
            else:
                value -= ENDING
        elif _extra(trial_track, trial_places, tokens_of, action, base, turn):
            value += RUN_BONUS
        if value > best_value:
            best, best_value = action, value
    return int(best)


@kernel
def play(
    values: Ints,
    track: Ints,
    places: Ints,
    players: int,
    barrier: int,
    turn: int,
    roll: int,
    split_allowed: bool,
    over: bool,
    chance_seed: np.uint64,
    chance_count: int,
    policy_seed: np.uint64,
    faces: Ints,
    candidates: Ints,
    counts: Ints,
    pass_id: int,
    tokens_of: Ints,
    reserve_value: int,
    scores: Ints,
    greedy: bool,
    limit: int,
) -> tuple[int, bool]:
    """Play the encoded state to its end, or ``limit`` decisions when ``limit`` is not negative
    (``track`` and ``places`` are changed in place), by the random policy (``greedy``: the
    greedy one); write each seat's score then into ``scores`` and return the decisions taken
    and whether the game is over."""
    spaces = len(track)
    legal = np.empty(candidates.shape[1], dtype=np.int64)
    decisions = 0
    while not over and (limit < 0 or decisions < limit):
        if roll < 0:
            roll = faces[draw(chance_seed, chance_count, len(faces))]
            chance_count += 1
        last = spaces - 1
        while last >= 0 and track[last] != EMPTY:
            last -= 1
        base = turn * _PER_SEAT - 1
        found = 0
        for at in range(counts[roll]):
            first = candidates[roll, at, 1]
            second = candidates[roll, at, 2]
            if second:
                if split_allowed and _split_possible(
                    track, places, base + first, base + second, last
                ):
                    legal[found] = candidates[roll, at, 0]
                    found += 1
            elif places[base + first] < last:
                legal[found] = candidates[roll, at, 0]
                found += 1
        if found == 0:
            action = pass_id
        elif greedy:
            action = legal[0]
            if found > 1:
                action = _greedy(
                    values, track, places, legal, found, players, turn, barrier, tokens_of,
                    reserve_value,
                )  # fmt: skip
        else:
            action = legal[draw(policy_seed, decisions, found)]
        decisions += 1
        roll = -1
        over, crossed = _move(track, places, tokens_of, action, base, barrier)
        if crossed:
            split_allowed = True
        if over:
            break
        if not _extra(track, places, tokens_of, action, base, turn):
            turn = (turn + 1) % players
    for seat in range(players):
        scores[seat] = _score(values, places, seat, reserve_value)
    return decisions, over


@kernel
def play_many(
    values: Ints,
    track: Ints,
    places: Ints,
    players: int,
    barrier: int,
    turn: int,
    roll: int,
    split_allowed: bool,
    over: bool,
    chance_seed: np.uint64,
    chance_count: int,
    policy_seeds: Words,
    faces: Ints,
    candidates: Ints,
    counts: Ints,
    pass_id: int,
    tokens_of: Ints,
    reserve_value: int,
    scores: Ints,
    decisions: Ints,
    winners: Ints,
    greedy: bool,
    limit: int,
) -> None:
    """:func:`play` once per policy seed, from copies of ``track`` and ``places``: row ``i``
    of ``scores`` and entries ``i`` of ``decisions`` and ``winners`` (a mask of seats: the
    highest score wins; −1: cut short at ``limit`` decisions) are playout ``i``'s."""
    for i in range(len(policy_seeds)):
        decisions[i], ended = play(
            values, track.copy(), places.copy(), players, barrier, turn, roll,
            split_allowed, over, chance_seed, chance_count, policy_seeds[i], faces,
            candidates, counts, pass_id, tokens_of, reserve_value, scores[i], greedy, limit,
        )  # fmt: skip
        winners[i] = best_seats(scores[i]) if ended else -1
