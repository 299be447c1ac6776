"""Moons' greedy play: win the tricks that pay, dump low off-suit cards.

- **Tableau:** low cards in as many planets as possible (high cards stay in hand to win tricks,
  and each tableau planet is a token a won trick can pay).
- **Leading:** the highest card when a won trick pays (a tableau planet is still available),
  else the lowest.
- **Following:** when the trick pays and can be won, the lowest winning card as the last to
  play, else the highest; when it cannot be won, an Asteroid if one is held (it draws a
  Mini-Asteroid), else the lowest card of the suit.
- **Off suit:** the lowest card (the lowest off-suit card earns a token of its planet).
- **Mini-Asteroids:** a grab or a bonus card when it raises the seat's score (never a block
  or a swap).
- **Taking a token:** the planet that scores most, then the one held least. A player with no
  trick, who may decline its token, declines (``PASS``) only when taking it would end the game
  (the supply empty) with the seat not among the winners, and declining would not.

It reads only what the seat may know: its legal actions and the public table (the trick, the
led planet, its own tableau, the supply, the Block token).

>>> import moonbase, random
>>> state = moonbase.load("moons", players=3, mini_asteroids=False).new(seed=5)
>>> choose(state, 0, random.Random(0))
'TABLEAU S2 J1 N1'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from moonbase.core import State
from moonbase.games.moons.cards import AST, CARD_NAMES, MINIS, PLANET_INDEX, card, rank, suit
from moonbase.games.moons.state import MoonsState, Phase

__all__ = ["choose", "shortlist", "tableau_value"]

_USEFUL_MINIS: Final = ("MINI GRAB", "MINI BONUS", "MINI SET-BONUS")
_KEPT_PER_PLANET: Final = 3
"""A best tableau only uses the lowest three cards of a planet."""
_SUIT: Final = tuple(suit(c) for c in range(AST))
_Places = tuple[tuple[int, int], ...]
"""A tableau's cards by their places among the lowest cards: (planet, position), in order."""
_RANK: Final = tuple(rank(c) for c in range(AST))


def tableau_value(cards: Sequence[int]) -> int:
    """How good a tableau (three Moon cards) is: 5 per planet shown, minus the ranks.

    >>> tableau_value([card("S1"), card("J2"), card("N3")]) > tableau_value([0, 1, 2])
    True
    """
    first, second, third = cards  # unpacked and looked up: it judges 220 tableaus a choice
    planets = len({_SUIT[first], _SUIT[second], _SUIT[third]})
    return 5 * planets - _RANK[first] - _RANK[second] - _RANK[third]


def _tableau(state: MoonsState, seat: int) -> str | None:
    """The best tableau of the lowest Moon cards of ``seat``'s hand (any three Moon cards of
    a hand are a legal tableau); ``None`` with fewer than three. The best of
    :func:`_tableaus`.

    Of the tableaus of the lowest three cards of each planet (:func:`tableau_value`; the first
    best in the order of ``itertools.combinations`` over those cards, planet by planet), only
    the lowest of each planet can be best: for each choice of planets (three different, two
    of one and one of another, or three of one) the lowest cards of those planets beat every
    other tableau showing the same planets. So the best is found among at most 20 candidates,
    each named by its places (planet, then position in the planet), whose order is the
    combinations' order.
    """
    candidates = _tableaus(state, seat)
    if not candidates:
        return None
    best = max(candidates, key=tableau_value)  # the first best, as over every combination
    return _tableau_text(best)


def _tableau_text(cards: list[int]) -> str:
    return "TABLEAU " + " ".join(CARD_NAMES[c] for c in sorted(cards))


def _tableaus(state: MoonsState, seat: int) -> list[list[int]]:
    """The tableaus that can be best for some judgement that prefers lower cards (at most
    20: the lowest cards of each choice of planets), in the combinations' order."""
    hand = sorted({c for c in state.hands[seat] if c != AST})
    groups: list[list[int]] = [[], [], [], []]
    for c in hand:
        group = groups[_SUIT[c]]
        if len(group) < _KEPT_PER_PLANET:
            group.append(c)
    held = [planet for planet in range(4) if groups[planet]]
    return [
        [groups[planet][at] for planet, at in places]
        for places in sorted(_candidate_places(groups, held))  # the combinations' order
    ]


def _candidate_places(groups: list[list[int]], held: list[int]) -> list[_Places]:
    """The places (planet, position) of the lowest cards of every choice of planets."""
    found: list[_Places] = []
    for first, second, third in combinations(held, 3):
        found.append(((first, 0), (second, 0), (third, 0)))
    for pair in held:
        if len(groups[pair]) < 2:
            continue
        if len(groups[pair]) == 3:
            found.append(((pair, 0), (pair, 1), (pair, 2)))
        for single in held:
            if single != pair:
                found.append(tuple(sorted([(pair, 0), (pair, 1), (single, 0)])))
    return found


def _score_gain(observed: MoonsState, seat: int, action: str) -> float:
    """How much ``action`` raises ``seat``'s score, the rules carried on after it."""
    before = observed.score(seat).points
    trial = observed.clone()
    trial.apply(seat, action)
    return trial.score(seat).points - before


def _mini_gain(observed: MoonsState, seat: int, action: str, before: int) -> int:
    """How much a grab or a bonus card raises ``seat``'s score from ``before`` (nothing else
    changes before the seat plays its card: no copy of the game is needed)."""
    act = observed.game.table.decode[observed.game.action_id(action)]
    if MINIS[act.a].kept:
        bonuses = list(observed.bonuses[seat])
        bonuses[act.a] += 1
        return observed.score(seat, bonuses=bonuses).points - before
    tokens = list(observed.tokens[seat])  # a grab of planet ``act.b``
    tokens[act.b] += 1
    return observed.score(seat, tokens=tokens).points - before


def _pays(state: MoonsState, seat: int) -> bool:
    """Whether winning a trick now would give ``seat`` a token."""
    return any(state.available(planet) for planet in state.tableau_planets(seat))


def _play(state: MoonsState, seat: int, plays: list[str]) -> str:
    cards = [card(action.removeprefix("PLAY ")) for action in plays]
    moons = sorted((c for c in cards if c != AST), key=rank)
    if not moons:
        return plays[0]
    lowest, highest = f"PLAY {CARD_NAMES[moons[0]]}", f"PLAY {CARD_NAMES[moons[-1]]}"
    pays = _pays(state, seat)
    led = state.led
    if not state.trick or led is None:
        return highest if pays else lowest
    following = [c for c in moons if suit(c) == led]
    if not following:
        return lowest
    best = max((rank(c) for _, c in state.trick if c != AST and suit(c) == led), default=0)
    winners = [c for c in following if rank(c) > best]
    last = len(state.trick) == state.players - 1
    if pays and winners:
        return f"PLAY {CARD_NAMES[winners[0] if last else following[-1]]}"
    if AST in cards:
        return "PLAY AST"
    return f"PLAY {CARD_NAMES[following[0]]}"


def _take(state: MoonsState, seat: int, actions: list[str]) -> str:
    tokens = state.tokens[seat]

    def take_value(action: str) -> tuple[float, int]:
        planet = PLANET_INDEX[action.removeprefix("TAKE ")]
        return _score_gain(state, seat, action), -tokens[planet]

    best = max((action for action in actions if action != "PASS"), key=take_value)
    if "PASS" in actions and _outlook(state, seat, "PASS") > _outlook(state, seat, best):
        return "PASS"
    return best


def _outlook(state: MoonsState, seat: int, action: str) -> int:
    """2 if ``action`` ends the game with ``seat`` among the winners, 1 if the game goes on,
    0 if it ends without it."""
    trial = state.clone()
    trial.apply(seat, action)
    if not trial.is_over:
        return 1
    return 2 if seat in trial.winners() else 0


def shortlist(observed: State, seat: int) -> list[str]:
    """The actions worth a search's look where ``seat`` has too many to try them all: at the
    tableau, the tableaus of the lowest cards of each choice of planets, the heuristic's
    favourites first (:func:`tableau_value`); ``[]`` elsewhere.

    >>> import moonbase
    >>> state = moonbase.load("moons").new(seed=3)
    >>> listed = shortlist(state, 0)
    >>> listed[0] == choose(state, 0, random.Random(0)), len(listed) <= 20
    (True, True)
    >>> set(listed) <= set(state.legal_actions(0))
    True
    """
    assert isinstance(observed, MoonsState)
    if observed.phase is not Phase.TABLEAU or observed.taker is not None:
        return []
    if seat not in observed.to_act:
        return []
    ranked = sorted(_tableaus(observed, seat), key=tableau_value, reverse=True)  # stable
    return [_tableau_text(cards) for cards in ranked]


def choose(observed: State, seat: int, rng: random.Random) -> str:
    """Moons' greedy action for ``seat`` (see the module docstring)."""
    assert isinstance(observed, MoonsState)
    if observed.phase is Phase.TABLEAU and observed.taker is None and seat in observed.to_act:
        tableau = _tableau(observed, seat)  # no list of the hundreds of legal tableaus needed
        if tableau is not None:
            return tableau
    actions = observed.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    if actions[0].split(" ")[0] in ("TAKE", "PASS"):
        return _take(observed, seat, actions)
    minis = [action for action in actions if action.startswith(_USEFUL_MINIS)]
    if minis:
        before = observed.score(seat).points
        gains = {action: _mini_gain(observed, seat, action, before) for action in minis}
        best = max(minis, key=lambda action: gains[action])
        if gains[best] > 0:
            return best
    plays = [action for action in actions if action.startswith("PLAY ")]
    return _play(observed, seat, plays) if plays else rng.choice(actions)
