"""Moons' playout kernel: whole games played in compiled code from any state.

**The encoding.** :func:`encode` reads a :class:`~moonbase.games.moons.state.MoonsState`
through its public fields and the game's action table (``game.table``) into arrays:

- ``hands`` (int64, seats × 57): how many of each card (the 56 Moon cards, then the Asteroid)
  each hand holds; ``tableaus`` (seats × 3): each tableau's cards, ascending (−1: none yet);
- ``tokens`` (seats × 4), ``supply`` (4), ``minis`` and ``bonuses`` (seats × kinds), ``pile``
  (kinds), ``tricks`` and ``chosen`` (one per seat);
- the trick under way (``trick``: seats × 2, each row a seat and its card, in order of play), the
  seats owed a Mini-Asteroid draw (``draws``) and the tokens owed (``awards``: rows of a seat,
  the planets it may take as a bit mask and whether it may decline);
- ``scalars``: the phase, the round, the dealer, the first player, the leader, the seat to act,
  the blocked planet, the led planet, whether the seat to act has played a Mini-Asteroid, the
  tricks played, the last trick's winner, the seat choosing a token with its options and
  whether it may decline, the chance seed's count of events so far — every "none" is −1;
- the game's tables, from its action table: each action id's kind and parts, the ids of every
  ``PLAY``, ``TAKE``, ``TABLEAU``, grab, block, token swap, tableau swap and bonus card, the
  Mini-Asteroids' effects and bonuses, and the options (players, tricks a round, the scoring
  values, the Mini-Asteroids on or off).

**The kernel.** :func:`play` runs the rules of ``moonbase.games.moons.state`` over those arrays:
each round's deal in bulk (the ``k``-th card of the deck in deck order drawn by chance event
``count + k`` from the cards left, as the engine deals), the Mini-Asteroid draws, the legal ids
(every list the engine offers is ascending, so the kernel gathers them and sorts them), the random
policy's pick (:mod:`moonbase.fast.reference`), tricks, awards, rounds and the end, then the
scores (the best grouping with the bonus cards) and the winners (most points, then sets, then
tokens). :func:`play_many` plays one state out once per policy seed. With ``greedy`` every seat
plays Moons' greedy heuristic instead (:func:`greedy_playout`): the same tableau, card, grab or
bonus card and token as :mod:`moonbase.agents.heuristics.moons`, a token choice tried on scratch
copies of the arrays with the rules carried on (:func:`_trial`), as the heuristic tries it on a
copy of the game.

>>> import moonbase
>>> from moonbase.fast.reference import playout
>>> state = moonbase.load("moons", players=3).new(seed=4)
>>> playouts(state, [21, 22]) == [playout(state, 21), playout(state, 22)]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from moonbase.fast.compiled import draw, kernel, per_game, seed_word
from moonbase.fast.reference import Playout, check_playable
from moonbase.fast.results import (
    Lists,
    as_lists,
    as_playouts,
    limit,
    policy_words,
    result_arrays,
)
from moonbase.games.moons.cards import AST, CARD_TYPES, DECK_COUNTS, MINIS, RANKS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from moonbase.core import Game, State
    from moonbase.games.moons.state import MoonsState

__all__ = [
    "Encoded",
    "Rules",
    "encode",
    "greedy_playout",
    "play",
    "play_many",
    "playouts",
    "rules_of",
    "run",
]

Ints = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint64]

# action kinds (as moonbase.games.moons.notation numbers them)
_PASS, _PLAY, _TABLEAU, _TAKE, _MINI = 0, 1, 2, 3, 4
# Mini-Asteroid effects
_GRAB, _BLOCK, _TOKEN_SWAP, _TABLEAU_SWAP, _KEPT = 0, 1, 2, 3, 4
_EFFECT_CODES: Final = {
    "grab": _GRAB,
    "block": _BLOCK,
    "token-swap": _TOKEN_SWAP,
    "tableau-swap": _TABLEAU_SWAP,
    "bonus": _KEPT,
    "set-bonus": _KEPT,
}
# phases
_SETUP, _DEAL, _TABLEAU_PHASE, _TRICK, _AWARDS, _OVER = 0, 1, 2, 3, 4, 5
_PHASES: Final = {"setup": 0, "deal": 1, "tableau": 2, "trick": 3, "awards": 4, "over": 5}
# the scalars' places
_PHASE, _ROUND, _DEALER, _FIRST, _LEADER, _TURN, _BLOCKED, _LED = 0, 1, 2, 3, 4, 5, 6, 7
_MINI_PLAYED, _TRICKS_PLAYED, _LAST_WINNER, _TAKER, _OPTIONS, _MAY_PASS = 8, 9, 10, 11, 12, 13
_COUNT, _TRICK_LEN, _DRAWS_LEN, _AWARD_AT, _AWARD_END = 14, 15, 16, 17, 18
_SCALARS: Final = 19
_KINDS: Final = len(MINIS)
_DECK: Final = np.array(
    [c for c, count in enumerate(DECK_COUNTS) for _ in range(count)], dtype=np.int64
)
_MOST_LEGAL: Final = 4096 + 256
"""Room for the longest legal list: C(30, 3) tableaus (2 players), or Mini-Asteroids and plays."""


@dataclass(frozen=True)
class Rules:
    """The tables of a Moons game (see the module docstring), built once per game."""

    ops: Ints
    """Per action id: its kind, then its parts ``a``, ``b``, ``c`` (rows of four)."""
    play_ids: Ints
    take_ids: Ints
    pass_id: int
    tableau_ids: Ints
    grab_ids: Ints
    block_ids: Ints
    swap_ids: Ints
    tableau_swap_ids: Ints
    kept_ids: Ints
    effects: Ints
    """Per Mini-Asteroid kind: its effect code, the planet it pays for (−1: none), the points
    per token of it and the points per set."""
    by_name: Ints
    """The Moon cards in the order of their names (as their ``PLAY`` ids ascend)."""
    options: Ints
    """Players, tricks a round, the Mini-Asteroids on (1) or off, set, triple, single points,
    and whether a player with no trick may decline its round token (1) or not."""


@dataclass(frozen=True)
class Encoded:
    """A Moons state as the kernel reads it (see the module docstring)."""

    rules: Rules
    scalars: Ints
    hands: Ints
    tableaus: Ints
    tokens: Ints
    supply: Ints
    minis: Ints
    pile: Ints
    bonuses: Ints
    tricks: Ints
    chosen: Ints
    trick: Ints
    draws: Ints
    awards: Ints
    chance_seed: np.uint64


@per_game
def rules_of(game: Game) -> Rules:
    """The kernel's tables for ``game``, from its action table.

    >>> import moonbase
    >>> game = moonbase.load("moons", players=3)
    >>> tables = rules_of(game)
    >>> game.action_text(int(tables.tableau_ids[0, 14, 55])), game.action_text(int(tables.pass_id))
    ('TABLEAU S1 J1 U14', 'PASS')
    """
    if game.name != "moons":
        raise ValueError(f"the Moons kernel plays moons games, not {game.name}")
    table: Any = game.table  # type: ignore[attr-defined]
    players = game.seats
    ops = np.array([(act.op, act.a, act.b, act.c) for act in table.decode], dtype=np.int64)
    tableau_ids = np.full((AST, AST, AST), -1, dtype=np.int64)
    for number, (op, a, b, c) in enumerate(ops):
        if op == _TABLEAU:
            tableau_ids[a, b, c] = number
    effects = np.array(
        [
            (
                _EFFECT_CODES[mini.effect],
                -1 if mini.planet is None else mini.planet,
                mini.per_token,
                mini.per_set,
            )
            for mini in MINIS
        ],
        dtype=np.int64,
    )
    set_points, triple_points, single_points = game.points  # type: ignore[attr-defined]
    options = np.array(
        [
            players,
            game.tricks_per_round,  # type: ignore[attr-defined]
            1 if game.mini_asteroids else 0,  # type: ignore[attr-defined]
            set_points,
            triple_points,
            single_points,
            1 if game.decline_awards else 0,  # type: ignore[attr-defined]
        ],
        dtype=np.int64,
    )
    return Rules(
        ops,
        np.array(table.play, dtype=np.int64),
        np.array(table.take, dtype=np.int64),
        int(table.pass_id),
        tableau_ids,
        np.array(table.grab, dtype=np.int64),
        np.array(table.block, dtype=np.int64),
        np.array(table.swap, dtype=np.int64).reshape(players, 16),
        np.array(table.tableau_swap, dtype=np.int64),
        np.array(table.kept, dtype=np.int64),
        effects,
        np.array(sorted(range(AST), key=lambda c: table.play[c]), dtype=np.int64),
        options,
    )


def _none(value: int | None) -> int:
    return -1 if value is None else value


def _mask(planets: Sequence[int]) -> int:
    mask = 0
    for planet in planets:
        mask |= 1 << planet
    return mask


def encode(state: State[Any]) -> Encoded:
    """``state`` (a Moons state in auto chance mode) as the kernel's arrays.

    >>> import moonbase
    >>> encoded = encode(moonbase.load("moons", players=4).new(seed=2))
    >>> int(encoded.hands.sum()), int(encoded.scalars[_PHASE]), int(encoded.scalars[_COUNT])
    (60, 2, 68)
    """
    check_playable(state)
    if state.game.name != "moons":
        raise ValueError(f"the Moons kernel plays moons states, not {state.game.name}")
    moons: MoonsState = state  # type: ignore[assignment]
    if moons.undealt:
        raise ValueError("a Moons playout needs its round dealt (auto chance mode deals it)")
    n = moons.players
    hands = np.zeros((n, CARD_TYPES), dtype=np.int64)
    tableaus = np.full((n, 3), -1, dtype=np.int64)
    for seat in range(n):
        for c in moons.hands[seat]:
            hands[seat, c] += 1
        for at, c in enumerate(sorted(moons.tableaus[seat])):
            tableaus[seat, at] = c
    trick = np.zeros((n, 2), dtype=np.int64)
    for at, (seat, c) in enumerate(moons.trick):
        trick[at] = (seat, c)
    draws = np.zeros(4 * n + 8, dtype=np.int64)
    for at, seat in enumerate(moons.draw_queue):
        draws[at] = seat
    awards = np.zeros((2 * n + 4, 3), dtype=np.int64)
    for at, (seat, allowed, optional) in enumerate(moons.awards):
        awards[at] = (seat, _mask(allowed), 1 if optional else 0)
    last = moons.last_trick
    scalars = np.zeros(_SCALARS, dtype=np.int64)
    scalars[_PHASE] = _PHASES[moons.phase.value]
    scalars[_ROUND] = moons.round
    scalars[_DEALER] = moons.dealer
    scalars[_FIRST] = _none(moons.first_player)
    scalars[_LEADER] = _none(moons.leader)
    scalars[_TURN] = _none(moons.turn)
    scalars[_BLOCKED] = _none(moons.blocked)
    scalars[_LED] = _none(moons.led)
    scalars[_MINI_PLAYED] = 1 if moons.mini_played else 0
    scalars[_TRICKS_PLAYED] = moons.tricks_played
    scalars[_LAST_WINNER] = -1 if last is None else _none(last[1])
    scalars[_TAKER] = _none(moons.taker)
    scalars[_OPTIONS] = _mask(moons.take_options)
    scalars[_MAY_PASS] = 1 if moons.may_pass else 0
    scalars[_COUNT] = state.chance_count
    scalars[_TRICK_LEN] = len(moons.trick)
    scalars[_DRAWS_LEN] = len(moons.draw_queue)
    scalars[_AWARD_AT] = 0
    scalars[_AWARD_END] = len(moons.awards)
    return Encoded(
        rules_of(state.game),
        scalars,
        hands,
        tableaus,
        np.array(moons.tokens, dtype=np.int64).reshape(n, 4),
        np.array(moons.supply, dtype=np.int64),
        np.array(moons.minis, dtype=np.int64).reshape(n, _KINDS),
        np.array(moons.pile, dtype=np.int64),
        np.array(moons.bonuses, dtype=np.int64).reshape(n, _KINDS),
        np.array(moons.tricks, dtype=np.int64),
        np.array([1 if done else 0 for done in moons.chosen], dtype=np.int64),
        trick,
        draws,
        awards,
        seed_word(state.seed),
    )


def run(
    encoded: Encoded, seeds: Sequence[int], greedy: bool = False, depth: int | None = None
) -> Lists:
    """Play ``encoded`` out once per policy seed in ``seeds`` (``greedy``: by the greedy
    policy, which draws nothing: one seed is enough), to the end or ``depth`` turns: each
    playout's scores, its decisions and its winners (a mask of seats; −1: cut short)."""
    scores, decisions, winners = result_arrays(len(seeds), len(encoded.tricks))
    r = encoded.rules
    play_many(
        encoded.scalars, encoded.hands, encoded.tableaus, encoded.tokens, encoded.supply,
        encoded.minis, encoded.pile, encoded.bonuses, encoded.tricks, encoded.chosen,
        encoded.trick, encoded.draws, encoded.awards, encoded.chance_seed,
        policy_words(seeds),
        r.ops, r.play_ids, r.take_ids, r.pass_id, r.tableau_ids, r.grab_ids, r.block_ids,
        r.swap_ids, r.tableau_swap_ids, r.kept_ids, r.effects, r.options, _DECK, r.by_name,
        scores, decisions, winners, greedy, limit(depth),
    )  # fmt: skip
    return as_lists(scores, decisions, winners)


def playouts(state: State[Any], seeds: Sequence[int], depth: int | None = None) -> list[Playout]:
    """:func:`run` on ``state``, as :class:`~moonbase.fast.reference.Playout` values."""
    return as_playouts(run(encode(state), seeds, depth=depth))


def greedy_playout(state: State[Any], depth: int | None = None) -> Playout:
    """``state`` played out by the greedy policy (every seat plays
    :func:`moonbase.agents.heuristics.moons.choose`), to the end or ``depth`` turns, as
    :func:`~moonbase.fast.reference.greedy_playout` plays it through the rules engine.

    >>> import moonbase
    >>> from moonbase.agents.heuristics.moons import choose
    >>> from moonbase.fast import reference
    >>> state = moonbase.load("moons", players=3).new(seed=4)
    >>> greedy_playout(state) == reference.greedy_playout(state, choose)
    True
    >>> greedy_playout(state, 40) == reference.greedy_playout(state, choose, 40)
    True
    """
    return as_playouts(run(encode(state), [0], greedy=True, depth=depth))[0]


@kernel
def _held(counts: Ints) -> int:
    """The planets of which ``counts`` (one per planet) holds some, as a bit mask."""
    mask = 0
    for planet in range(4):
        if counts[planet] > 0:
            mask |= 1 << planet
    return mask


@kernel
def _tableau_mask(tableaus: Ints, seat: int) -> int:
    mask = 0
    for at in range(3):
        c = tableaus[seat, at]
        if c >= 0:
            mask |= 1 << (c // RANKS)
    return mask


@kernel
def _ranks(tableaus: Ints, seat: int) -> int:
    """``seat``'s tableau ranks, highest first, as one number that orders as they compare."""
    ranks = np.sort(tableaus[seat] % RANKS)
    return int(ranks[2] * RANKS * RANKS + ranks[1] * RANKS + ranks[0])


@kernel
def _draw_mini(s: Ints, pile: Ints, minis: Ints, seat: int, seed: np.uint64) -> None:
    """One Mini-Asteroid drawn for ``seat`` as the engine draws it (weighted by the pile)."""
    total = int(pile.sum())
    point = draw(seed, s[_COUNT], total)
    s[_COUNT] += 1
    kind = 0
    while point >= pile[kind]:
        point -= pile[kind]
        kind += 1
    pile[kind] -= 1
    minis[seat, kind] += 1


@kernel
def _start_round(
    s: Ints, hands: Ints, tableaus: Ints, tricks: Ints, chosen: Ints, deck: Ints,
    players: int, seed: np.uint64,
) -> None:  # fmt: skip
    """A new round dealt in bulk, as ``MoonsState._deal_in_bulk`` deals it."""
    hands[:, :] = 0
    tableaus[:, :] = -1
    tricks[:] = 0
    chosen[:] = 0
    s[_TRICKS_PLAYED] = 0
    s[_LEADER] = -1
    s[_TURN] = -1
    left = deck.copy()
    size = len(left)
    first = (s[_DEALER] + 1) % players
    counter = s[_COUNT]
    for k in range(size):
        at = draw(seed, counter + k, size - k)
        c = left[at]
        for move in range(at, size - k - 1):
            left[move] = left[move + 1]
        hands[(first + k) % players, c] += 1
    s[_COUNT] = counter + size
    s[_PHASE] = _TABLEAU_PHASE


@kernel
def _score(tokens: Ints, bonuses: Ints, effects: Ints, options: Ints, seat: int) -> tuple[int, int]:
    """``seat``'s points and the complete sets of its best grouping (with its bonus cards)."""
    set_points, triple_points, single_points = options[3], options[4], options[5]
    per_set = 0
    extra = 0
    for kind in range(len(effects)):
        count = bonuses[seat, kind]
        if count:
            per_set += effects[kind, 3] * count
            if effects[kind, 1] >= 0:
                extra += effects[kind, 2] * count * tokens[seat, effects[kind, 1]]
    fewest = tokens[seat].min()
    best = -1
    best_sets = 0
    for sets in range(fewest + 1):
        points = sets * (set_points + per_set)
        for planet in range(4):
            count = tokens[seat, planet] - sets
            triples = count // 3
            grouped = triples * triple_points + (count - 3 * triples) * single_points
            points += max(grouped, count * single_points)
        if points >= best:
            best = points
            best_sets = sets
    return best + extra, best_sets


@kernel
def _sort_prefix(values: Ints, count: int) -> None:
    """Sort ``values[:count]`` in place (a few entries: insertion)."""
    for i in range(1, count):
        value = values[i]
        j = i - 1
        while j >= 0 and values[j] > value:
            values[j + 1] = values[j]
            j -= 1
        values[j + 1] = value


@kernel
def _mini_ids(
    legal: Ints, seat: int, blocked: int, players: int, hand: Ints, tableaus: Ints,
    tokens: Ints, supply: Ints, minis: Ints, effects: Ints, grab_ids: Ints, block_ids: Ints,
    swap_ids: Ints, tableau_swap_ids: Ints, kept_ids: Ints, by_name: Ints,
) -> int:  # fmt: skip
    """Write the ids of the Mini-Asteroids ``seat`` may play (each where it takes effect),
    ascending, at the start of ``legal``; return how many."""
    free = 15 if blocked < 0 else 15 & ~(1 << blocked)
    found = 0
    for kind in range(len(effects)):
        if not minis[seat, kind]:
            continue
        effect = effects[kind, 0]
        if effect == _GRAB:
            for planet in range(4):
                if supply[planet] > 0 and free >> planet & 1:
                    legal[found] = grab_ids[planet]
                    found += 1
        elif effect == _BLOCK:
            if blocked < 0:
                for planet in range(4):
                    if supply[planet] > 0:
                        legal[found] = block_ids[planet]
                        found += 1
        elif effect == _TOKEN_SWAP:
            give = _held(tokens[seat]) & free
            if give:
                for other in range(players):
                    if other == seat:
                        continue
                    take = _held(tokens[other]) & free
                    for g in range(4):
                        if give >> g & 1:
                            for t in range(4):
                                if t != g and take >> t & 1:
                                    legal[found] = swap_ids[other, g * 4 + t]
                                    found += 1
        elif effect == _TABLEAU_SWAP:
            for at in range(3):
                out = tableaus[seat, at]
                for c in by_name:
                    if hand[c]:
                        legal[found] = tableau_swap_ids[out, c]
                        found += 1
        else:
            legal[found] = kept_ids[kind]
            found += 1
    _sort_prefix(legal, found)
    return found


@kernel
def _greedy_tableau(hand: Ints, tableau_ids: Ints) -> int:
    """The tableau Moons' greedy heuristic chooses from ``hand``: of the lowest three Moon cards
    of each planet, the three with the best ``tableau_value`` (5 a planet shown, less the
    ranks), the first best in combination order."""
    low = np.empty(12, dtype=np.int64)
    count = 0
    for planet in range(4):
        kept = 0
        for c in range(planet * RANKS, (planet + 1) * RANKS):
            if hand[c] and kept < 3:
                low[count] = c
                count += 1
                kept += 1
    best = -(1 << 30)
    pick = -1
    for i in range(count):
        a = low[i]
        for j in range(i + 1, count):
            b = low[j]
            for k in range(j + 1, count):
                c = low[k]
                shown = 1 + (b // RANKS != a // RANKS) + (c // RANKS != b // RANKS)
                value = 5 * shown - (a % RANKS + b % RANKS + c % RANKS + 3)
                if value > best:
                    best = value
                    pick = tableau_ids[a, b, c]
    return pick


@kernel
def _trial(
    action: int, seat: int, s: Ints, hands: Ints, tableaus: Ints, tokens: Ints, supply: Ints,
    bonuses: Ints, tricks: Ints, chosen: Ints, trick: Ints, awards: Ints, ops: Ints,
    effects: Ints, options: Ints, deck: Ints, work: Ints, held: Ints, left: Ints, owed: Ints,
) -> tuple[int, int]:  # fmt: skip
    """``seat``'s token choice ``action`` (a ``TAKE`` or ``PASS``) tried on the scratch arrays
    ``work``, ``held``, ``left`` and ``owed`` (copies of the scalars, tokens, supply and awards),
    the rules carried on to the next decision: the seat's points then, and what it leads to
    (the greedy heuristic's outlook: 2 if the game is over with the seat among the winners, 1
    if it goes on, 0 if it is over without it). A new round's deal changes neither, so the
    trial stops before it and needs no copy of the hands."""
    work[:] = s
    held[:, :] = tokens
    left[:] = supply
    owed[:, :] = awards
    if ops[action, 0] == _TAKE:
        left[ops[action, 1]] -= 1
        held[seat, ops[action, 1]] += 1
    work[_TAKER] = -1
    _advance(
        2, work, hands, tableaus, held, left, tricks, chosen, trick, owed, deck, options,
        np.uint64(0), False,
    )  # fmt: skip
    points = _score(held, bonuses, effects, options, seat)[0]
    if work[_PHASE] != _OVER:
        return points, 1
    return points, 2 if _winners(held, bonuses, effects, options) >> seat & 1 else 0


@kernel
def _greedy_take(
    legal: Ints, found: int, seat: int, s: Ints, hands: Ints, tableaus: Ints, tokens: Ints,
    supply: Ints, bonuses: Ints, tricks: Ints, chosen: Ints, trick: Ints, awards: Ints,
    ops: Ints, effects: Ints, options: Ints, deck: Ints, work: Ints, held: Ints, left: Ints,
    owed: Ints,
) -> int:  # fmt: skip
    """The token Moons' greedy heuristic takes: the planet that scores most once the rules
    carry on, then the one held least (the first best in id order); declined when declining
    leads to a better end (see :func:`_trial`, which uses the scratch arrays)."""
    best = -1
    best_points = 0
    best_held = 0
    best_outlook = 0
    declined, declined_id = -1, -1
    for i in range(found):
        action = legal[i]
        points, outlook = _trial(
            action, seat, s, hands, tableaus, tokens, supply, bonuses, tricks, chosen, trick,
            awards, ops, effects, options, deck, work, held, left, owed,
        )  # fmt: skip
        if ops[action, 0] == _PASS:
            declined, declined_id = outlook, action
            continue
        count = -tokens[seat, ops[action, 1]]
        if best < 0 or points > best_points or (points == best_points and count > best_held):
            best, best_points, best_held, best_outlook = action, points, count, outlook
    return declined_id if declined > best_outlook else best


@kernel
def _greedy_mini(
    legal: Ints, found: int, seat: int, tokens: Ints, bonuses: Ints, ops: Ints, effects: Ints,
    options: Ints,
) -> int:  # fmt: skip
    """The Mini-Asteroid Moons' greedy heuristic plays among the first ``found`` ids of
    ``legal``: the grab or bonus card that raises the seat's score most (the first best), if
    any does; −1 otherwise."""
    before = _score(tokens, bonuses, effects, options, seat)[0]
    best = -1
    best_gain = 0
    for i in range(found):
        action = legal[i]
        kind = ops[action, 1]
        effect = effects[kind, 0]
        if effect == _GRAB:
            planet = ops[action, 2]
            tokens[seat, planet] += 1
            gain = _score(tokens, bonuses, effects, options, seat)[0] - before
            tokens[seat, planet] -= 1
        elif effect == _KEPT:
            bonuses[seat, kind] += 1
            gain = _score(tokens, bonuses, effects, options, seat)[0] - before
            bonuses[seat, kind] -= 1
        else:
            continue
        if best < 0 or gain > best_gain:
            best, best_gain = action, gain
    return best if best >= 0 and best_gain > 0 else -1


@kernel
def _greedy_play(
    legal: Ints, start: int, found: int, seat: int, s: Ints, tableaus: Ints, supply: Ints,
    trick: Ints, ops: Ints, players: int, moons: Ints,
) -> int:  # fmt: skip
    """The card Moons' greedy heuristic plays among the ``PLAY`` ids ``legal[start:found]``
    (see :mod:`moonbase.agents.heuristics.moons`); ``moons`` is scratch room for a hand."""
    count = 0
    asteroid = -1
    for i in range(start, found):
        c = ops[legal[i], 1]
        if c == AST:
            asteroid = legal[i]
            continue
        at = count
        while at > 0 and moons[at - 1] % RANKS > c % RANKS:
            moons[at] = moons[at - 1]
            at -= 1
        moons[at] = c
        count += 1
    if count == 0:
        return int(legal[start])
    lowest, highest = moons[0], moons[count - 1]
    pays = False
    shown = _tableau_mask(tableaus, seat)
    for planet in range(4):
        if shown >> planet & 1 and supply[planet] > 0 and planet != s[_BLOCKED]:
            pays = True
    led = s[_LED]
    if s[_TRICK_LEN] == 0 or led < 0:
        return _play_id(legal, start, found, ops, highest if pays else lowest)
    following = 0  # the cards of the led planet come first in rank order: moons[:following]
    for i in range(count):
        if moons[i] // RANKS == led:
            moons[following] = moons[i]
            following += 1
    if following == 0:
        return _play_id(legal, start, found, ops, lowest)
    best = 0
    for at in range(s[_TRICK_LEN]):
        c = trick[at, 1]
        if c != AST and c // RANKS == led and c % RANKS + 1 > best:
            best = c % RANKS + 1
    if pays:
        for i in range(following):
            if moons[i] % RANKS + 1 > best:  # it can win
                last = s[_TRICK_LEN] == players - 1
                return _play_id(
                    legal, start, found, ops, moons[i] if last else moons[following - 1]
                )
    if asteroid >= 0:
        return asteroid
    return _play_id(legal, start, found, ops, moons[0])


@kernel
def _play_id(legal: Ints, start: int, found: int, ops: Ints, c: int) -> int:
    """The id among ``legal[start:found]`` that plays card ``c``."""
    for i in range(start, found):
        if ops[legal[i], 1] == c:
            return int(legal[i])
    return -1


@kernel
def _give_awards(s: Ints, awards: Ints, supply: Ints, tokens: Ints) -> bool:
    """Give the tokens owed, in order, until a seat has a real choice (then it is asked:
    return ``True``) or none are left (``False``)."""
    while s[_AWARD_AT] < s[_AWARD_END]:
        at = s[_AWARD_AT]
        s[_AWARD_AT] = at + 1
        seat = awards[at, 0]
        allowed = awards[at, 1]
        optional = awards[at, 2] == 1
        choice = 0
        found = 0
        for planet in range(4):
            if allowed >> planet & 1 and supply[planet] > 0 and planet != s[_BLOCKED]:
                choice |= 1 << planet
                found += 1
        if found > 1 or (found == 1 and optional):
            s[_TAKER] = seat
            s[_OPTIONS] = choice
            s[_MAY_PASS] = 1 if optional else 0
            return True
        if found == 1:
            planet = 0
            while not choice >> planet & 1:
                planet += 1
            supply[planet] -= 1
            tokens[seat, planet] += 1
    return False


@kernel
def _advance(
    step: int, s: Ints, hands: Ints, tableaus: Ints, tokens: Ints, supply: Ints, tricks: Ints,
    chosen: Ints, trick: Ints, awards: Ints, deck: Ints, options: Ints, chance_seed: np.uint64,
    deal: bool = True,
) -> None:  # fmt: skip
    """Carry out what the rules do without a decision, from ``step`` (1: go on after a card is
    played, 2: give the tokens owed, 3: deal a new round; 0: nothing), until a seat must act
    or the game is over; without ``deal``, stop before a new round is dealt (from step 2, the
    hands, tableaus, tricks and the trick are then only read)."""
    players = options[0]
    tricks_per_round = options[1]
    while step != 0:
        if step == 1:  # after a card: the next seat, or the trick's result
            step = 0
            if s[_TRICK_LEN] < players:
                s[_TURN] = (s[_TURN] + 1) % players
                s[_MINI_PLAYED] = 0
            else:
                s[_TURN] = -1
                led = s[_LED]
                winner = -1
                lowest = -1
                best = -1
                low = -1
                tied = False
                if led >= 0:
                    for at in range(players):
                        seat = trick[at, 0]
                        c = trick[at, 1]
                        if c == AST:
                            continue
                        if c // RANKS == led:
                            if winner < 0 or c > best:
                                best = c
                                winner = seat
                        elif lowest < 0 or c % RANKS < low % RANKS:
                            low = c
                            lowest = seat
                            tied = False
                        elif c % RANKS == low % RANKS:
                            tied = True
                if tied:
                    lowest = -1
                s[_LAST_WINNER] = winner
                end = s[_AWARD_END]
                if winner >= 0:
                    tricks[winner] += 1
                    awards[end, 0] = winner
                    awards[end, 1] = _tableau_mask(tableaus, winner)
                    awards[end, 2] = 0
                    end += 1
                if lowest >= 0:
                    awards[end, 0] = lowest
                    awards[end, 1] = 1 << (low // RANKS)
                    awards[end, 2] = 0
                    end += 1
                s[_AWARD_END] = end
                step = 2
        elif step == 2:  # the tokens owed, in order, until someone has a real choice
            step = 0
            asked = _give_awards(s, awards, supply, tokens)
            if not asked:
                s[_AWARD_AT] = 0
                s[_AWARD_END] = 0
                empty = supply.sum() == 0
                if s[_PHASE] == _TRICK:  # the trick is over
                    s[_BLOCKED] = -1
                    s[_TRICK_LEN] = 0
                    s[_LED] = -1
                    s[_TRICKS_PLAYED] += 1
                    if s[_LAST_WINNER] >= 0:
                        s[_LEADER] = s[_LAST_WINNER]
                    if empty:
                        s[_PHASE] = _OVER
                    elif s[_TRICKS_PLAYED] == tricks_per_round:  # the round awards
                        s[_PHASE] = _AWARDS
                        s[_LEADER] = -1
                        s[_TURN] = -1
                        most = np.max(tricks)
                        end = 0
                        first = s[_FIRST]
                        if most > 0:
                            for k in range(players):
                                seat = (first + k) % players
                                if tricks[seat] == most:
                                    awards[end, 0] = seat
                                    awards[end, 1] = 15
                                    awards[end, 2] = 0
                                    end += 1
                        for k in range(players):
                            seat = (first + k) % players
                            if tricks[seat] == 0:
                                awards[end, 0] = seat
                                awards[end, 1] = _tableau_mask(tableaus, seat)
                                awards[end, 2] = options[6]  # decline_awards
                                end += 1
                        s[_AWARD_END] = end
                        step = 2
                    else:
                        s[_TURN] = s[_LEADER]
                        s[_MINI_PLAYED] = 0
                else:  # the round is over
                    if empty or s[_ROUND] == players:
                        s[_PHASE] = _OVER
                    else:
                        s[_ROUND] += 1
                        s[_FIRST] = (s[_FIRST] + 1) % players
                        s[_DEALER] = s[_FIRST]
                        step = 3
        else:  # a new round
            step = 0
            if not deal:
                break
            _start_round(s, hands, tableaus, tricks, chosen, deck, players, chance_seed)


@kernel
def _apply(
    action: int, seat: int, s: Ints, hands: Ints, tableaus: Ints, tokens: Ints, supply: Ints,
    minis: Ints, pile: Ints, bonuses: Ints, chosen: Ints, trick: Ints, ops: Ints, effects: Ints,
    options: Ints, chance_seed: np.uint64,
) -> int:  # fmt: skip
    """Carry out ``seat``'s action ``action``; return what the rules do next (the ``step`` of
    :func:`_advance`)."""
    players = options[0]
    minis_on = options[2] == 1
    op = ops[action, 0]
    a = ops[action, 1]
    if op == _PLAY:
        hands[seat, a] -= 1
        if a != AST and s[_LED] < 0:
            s[_LED] = a // RANKS
        trick[s[_TRICK_LEN], 0] = seat
        trick[s[_TRICK_LEN], 1] = a
        s[_TRICK_LEN] += 1
        if a == AST and minis_on and pile.sum() > 0:
            _draw_mini(s, pile, minis, seat, chance_seed)
        return 1
    elif op in (_TAKE, _PASS):
        if op == _TAKE:
            supply[a] -= 1
            tokens[seat, a] += 1
        s[_TAKER] = -1
        s[_OPTIONS] = 0
        s[_MAY_PASS] = 0
        return 2
    elif op == _TABLEAU:
        b = ops[action, 2]
        c = ops[action, 3]
        hands[seat, a] -= 1
        hands[seat, b] -= 1
        hands[seat, c] -= 1
        tableaus[seat, 0] = a
        tableaus[seat, 1] = b
        tableaus[seat, 2] = c
        chosen[seat] = 1
        if chosen.sum() == players:
            if s[_FIRST] < 0:  # the highest tableau card, then the next, then the lower seat
                best = 0
                best_ranks = _ranks(tableaus, 0)
                for other in range(1, players):
                    ranks = _ranks(tableaus, other)
                    if ranks > best_ranks:
                        best = other
                        best_ranks = ranks
                s[_FIRST] = best
            s[_LEADER] = s[_FIRST]
            s[_TURN] = s[_FIRST]
            s[_PHASE] = _TRICK
            s[_MINI_PLAYED] = 0
    else:  # a Mini-Asteroid
        minis[seat, a] -= 1
        s[_MINI_PLAYED] = 1
        effect = effects[a, 0]
        b = ops[action, 2]
        if effect == _KEPT:
            bonuses[seat, a] += 1
        elif effect == _GRAB:
            supply[b] -= 1
            tokens[seat, b] += 1
        elif effect == _BLOCK:
            s[_BLOCKED] = b
        elif effect == _TOKEN_SWAP:
            give = ops[action, 3] // 4
            take = ops[action, 3] % 4
            tokens[seat, give] -= 1
            tokens[b, give] += 1
            tokens[b, take] -= 1
            tokens[seat, take] += 1
        else:
            into = ops[action, 3]
            for at in range(3):
                if tableaus[seat, at] == b:
                    tableaus[seat, at] = into
            tableaus[seat].sort()
            hands[seat, into] -= 1
            hands[seat, b] += 1
    return 0


@kernel
def play(
    s: Ints,
    hands: Ints,
    tableaus: Ints,
    tokens: Ints,
    supply: Ints,
    minis: Ints,
    pile: Ints,
    bonuses: Ints,
    tricks: Ints,
    chosen: Ints,
    trick: Ints,
    draws: Ints,
    awards: Ints,
    chance_seed: np.uint64,
    policy_seed: np.uint64,
    ops: Ints,
    play_ids: Ints,
    take_ids: Ints,
    pass_id: int,
    tableau_ids: Ints,
    grab_ids: Ints,
    block_ids: Ints,
    swap_ids: Ints,
    tableau_swap_ids: Ints,
    kept_ids: Ints,
    effects: Ints,
    options: Ints,
    deck: Ints,
    by_name: Ints,
    scores: Ints,
    greedy: bool,
    limit: int,
) -> int:
    """Play the encoded state to its end, or ``limit`` turns when ``limit`` is not negative
    (every array but the tables is changed in place), every seat by the random policy or,
    ``greedy``, by Moons' greedy heuristic; write each seat's score then into ``scores`` and
    return the decisions taken. A turn is one decision, but the tableaus of a round are one
    turn (chosen at once, as :func:`~moonbase.fast.reference.greedy_playout` counts)."""
    players = options[0]
    minis_on = options[2] == 1
    legal = np.empty(_MOST_LEGAL, dtype=np.int64)
    named = np.empty(AST, dtype=np.int64)
    # the greedy heuristic's trials of a token choice (see _trial)
    work, kept, left, owed = s.copy(), tokens.copy(), supply.copy(), awards.copy()
    decisions = 0
    turns = 0
    # ``step`` says what the rules do next without a decision: 0 ask the seat to act,
    # 1 go on after a card is played, 2 give the tokens owed, 3 a new round
    step = 0
    if s[_DRAWS_LEN] > 0:  # draws owed (only mid-play: the setup is drawn with the game)
        for at in range(s[_DRAWS_LEN]):
            _draw_mini(s, pile, minis, draws[at], chance_seed)
        s[_DRAWS_LEN] = 0
        step = 1 if s[_PHASE] == _TRICK else 3
    _advance(
        step, s, hands, tableaus, tokens, supply, tricks, chosen, trick, awards, deck, options,
        chance_seed,
    )  # fmt: skip
    while s[_PHASE] != _OVER and (limit < 0 or turns < limit):
        # a decision: who acts, and the legal ids, ascending as the engine lists them
        found = 0
        start = 0  # where the PLAY ids begin (after the Mini-Asteroids')
        taker = s[_TAKER]
        if taker >= 0:
            seat = taker
            for planet in range(4):
                if s[_OPTIONS] >> planet & 1:
                    legal[found] = take_ids[planet]
                    found += 1
            if s[_MAY_PASS]:
                legal[found] = pass_id
                found += 1
            _sort_prefix(legal, found)
        elif s[_PHASE] == _TABLEAU_PHASE:
            seat = 0
            while chosen[seat]:
                seat += 1
            held = 0
            if greedy:  # no list needed: the heuristic's choice is always legal
                found = 1
                legal[0] = _greedy_tableau(hands[seat], tableau_ids)
            else:
                for c in by_name:
                    if hands[seat, c]:
                        named[held] = c
                        held += 1
            # ids ascend with the first card's name, then the second's, then the third's,
            # each card after the one before in deck order
            for i in range(held):
                a = named[i]
                for j in range(held):
                    b = named[j]
                    if b <= a:
                        continue
                    for k in range(held):
                        c = named[k]
                        if c > b:
                            legal[found] = tableau_ids[a, b, c]
                            found += 1
        else:
            seat = s[_TURN]
            hand = hands[seat]
            if minis_on and not s[_MINI_PLAYED] and minis[seat].sum() > 0:
                found = _mini_ids(
                    legal, seat, s[_BLOCKED], players, hand, tableaus, tokens, supply, minis,
                    effects, grab_ids, block_ids, swap_ids, tableau_swap_ids, kept_ids, by_name,
                )  # fmt: skip
            # every PLAY id comes after every MINI id, PLAY AST first, then the cards by name
            led = s[_LED]
            start = found
            if s[_TRICK_LEN] == 0:
                for c in by_name:
                    if hand[c]:
                        legal[found] = play_ids[c]
                        found += 1
                if found == start:
                    legal[found] = play_ids[AST]
                    found += 1
            else:
                if hand[AST]:
                    legal[found] = play_ids[AST]
                    found += 1
                first = found
                if led >= 0:
                    for c in by_name:
                        if hand[c] and c // RANKS == led:
                            legal[found] = play_ids[c]
                            found += 1
                if found == first:
                    for c in by_name:
                        if hand[c]:
                            legal[found] = play_ids[c]
                            found += 1
        if not greedy:
            action = legal[draw(policy_seed, decisions, found)]
        elif found == 1:
            action = legal[0]
        elif taker >= 0:
            action = _greedy_take(
                legal, found, seat, s, hands, tableaus, tokens, supply, bonuses, tricks, chosen,
                trick, awards, ops, effects, options, deck, work, kept, left, owed,
            )  # fmt: skip
        else:
            action = _greedy_mini(legal, start, seat, tokens, bonuses, ops, effects, options)
            if action < 0:
                action = _greedy_play(
                    legal, start, found, seat, s, tableaus, supply, trick, ops, players, named
                )
        decisions += 1
        step = _apply(
            action, seat, s, hands, tableaus, tokens, supply, minis, pile, bonuses, chosen,
            trick, ops, effects, options, chance_seed,
        )  # fmt: skip
        if s[_PHASE] != _TABLEAU_PHASE:  # a tableau left to choose: the same turn
            turns += 1
        _advance(
            step, s, hands, tableaus, tokens, supply, tricks, chosen, trick, awards, deck,
            options, chance_seed,
        )  # fmt: skip
    for seat in range(players):
        scores[seat] = _score(tokens, bonuses, effects, options, seat)[0]
    return decisions


@kernel
def _winners(tokens: Ints, bonuses: Ints, effects: Ints, options: Ints) -> int:
    """The winners as a mask of seats: most points, then most sets, then most tokens."""
    best = -1
    mask = 0
    for seat in range(len(tokens)):
        points, sets = _score(tokens, bonuses, effects, options, seat)
        # sets and tokens stay below 1000 (99 tokens a planet at most)
        rank = (points * 1000 + sets) * 1000 + tokens[seat].sum()
        if rank > best:
            best = rank
            mask = 1 << seat
        elif rank == best:
            mask |= 1 << seat
    return mask


@kernel
def play_many(
    scalars: Ints,
    hands: Ints,
    tableaus: Ints,
    tokens: Ints,
    supply: Ints,
    minis: Ints,
    pile: Ints,
    bonuses: Ints,
    tricks: Ints,
    chosen: Ints,
    trick: Ints,
    draws: Ints,
    awards: Ints,
    chance_seed: np.uint64,
    policy_seeds: Words,
    ops: Ints,
    play_ids: Ints,
    take_ids: Ints,
    pass_id: int,
    tableau_ids: Ints,
    grab_ids: Ints,
    block_ids: Ints,
    swap_ids: Ints,
    tableau_swap_ids: Ints,
    kept_ids: Ints,
    effects: Ints,
    options: Ints,
    deck: Ints,
    by_name: Ints,
    scores: Ints,
    decisions: Ints,
    winners: Ints,
    greedy: bool,
    limit: int,
) -> None:
    """:func:`play` once per policy seed, from copies of the state's arrays: row ``i`` of
    ``scores`` and entries ``i`` of ``decisions`` and ``winners`` (a mask of seats; −1: cut
    short at ``limit`` turns) are playout ``i``'s (``greedy``: played by the greedy
    heuristic, which draws nothing)."""
    for i in range(len(policy_seeds)):
        final_tokens = tokens.copy()
        final_bonuses = bonuses.copy()
        final = scalars.copy()
        decisions[i] = play(
            final, hands.copy(), tableaus.copy(), final_tokens, supply.copy(),
            minis.copy(), pile.copy(), final_bonuses, tricks.copy(), chosen.copy(),
            trick.copy(), draws.copy(), awards.copy(), chance_seed, policy_seeds[i],
            ops, play_ids, take_ids, pass_id, tableau_ids, grab_ids, block_ids, swap_ids,
            tableau_swap_ids, kept_ids, effects, options, deck, by_name, scores[i], greedy, limit,
        )  # fmt: skip
        if final[_PHASE] == _OVER:
            winners[i] = _winners(final_tokens, final_bonuses, effects, options)
        else:
            winners[i] = -1
