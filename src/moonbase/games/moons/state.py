"""Moons' rules: :class:`MoonsState`, a game in progress.

A game runs through these phases (``state.phase``, a :class:`Phase`):

* ``SETUP`` — chance deals two Mini-Asteroids to each player (``DRAW GRAB``), one at a time from
  the dealer's left (skipped without Mini-Asteroids);
* ``DEAL`` — chance deals the 60 cards one at a time from the dealer's left (``DEAL S5``); the
  undealt cards are a multiset, so the deck order is never stored;
* ``TABLEAU`` — every player who has not chosen acts at once (``TABLEAU S3 J14 N7``); the
  choices stay hidden until the last one is made, then all are revealed (and in round 1 the
  first player is found);
* ``TRICK`` — the player to act may play one Mini-Asteroid (``MINI ...``), then a card
  (``PLAY J5``); playing ``AST`` draws a Mini-Asteroid (chance). A full trick is scored at once;
  a winner owed a token with a real choice of planet acts with ``TAKE SATURN``;
* ``AWARDS`` — the round awards, again with ``TAKE`` where there is a choice; with the option
  ``decline_awards``, a player with no trick may also decline its token (``PASS``);
* ``OVER``.

The rules work on action ids (:mod:`~moonbase.games.moons.notation` numbers them): each id is
decoded once through the game's :class:`~moonbase.games.moons.notation.ActionTable`, and legal
ids are looked up in its tables, never built as text.

>>> from moonbase.games.moons.game import MoonsGame
>>> state = MoonsGame(players=3).new(seed=5)
>>> state.phase, state.to_act, len(state.hands[0]), sum(state.minis[0])
(<Phase.TABLEAU: 'tableau'>, (0, 1, 2), 20, 2)
>>> state.apply(0, state.legal_actions(0)[0])
>>> state.to_act
(1, 2)
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from operator import itemgetter
from typing import TYPE_CHECKING, ClassVar, Final

from moonbase.core import CHANCE, State
from moonbase.core.chance import ChanceTable
from moonbase.core.fields import Copy
from moonbase.games.moons.cards import (
    AST,
    DECK_COUNTS,
    MINIS,
    PLANETS,
    RANKS,
    rank,
    suit,
)
from moonbase.games.moons.draws import deck_positions
from moonbase.games.moons.hidden import ALL_KINDS, deal_hidden, match_draws
from moonbase.games.moons.notation import (
    DEAL,
    MINI,
    PASS,
    PLAY,
    TABLEAU,
    TAKE,
    Act,
    ActionTable,
)
from moonbase.games.moons.scoring import Grouping, final_score, grouping_rest, winners
from moonbase.games.moons.view import EndTrigger, MoonsView, ScorePart
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.games.moons.game import MoonsGame

__all__ = ["MoonsState", "Phase"]


_Picker = Callable[[list[int]], tuple[int, ...] | list[int]]
"""Picks a second card's thirds from its row of tableau ids (:meth:`MoonsState._tableau_ids`)."""


def _held(counts: list[int]) -> int:
    """A bit mask of the planets of which ``counts`` (one count per planet) holds some."""
    return (counts[0] > 0) | (counts[1] > 0) << 1 | (counts[2] > 0) << 2 | (counts[3] > 0) << 3


class Phase(Enum):
    """Where a game of Moons stands (the view prints the value)."""

    SETUP = "setup"
    """Chance deals the Mini-Asteroids at the start of the game."""
    DEAL = "deal"
    """Chance deals the 60 cards of a round."""
    TABLEAU = "tableau"
    """Every player chooses a tableau at once."""
    TRICK = "trick"
    """Tricks are played (and their tokens taken)."""
    AWARDS = "awards"
    """The round awards are taken."""
    OVER = "over"
    """The game has ended."""


_SETUP, _DEAL, _TABLEAU, _TRICK, _AWARDS, _OVER = Phase
"""The phases, as module constants: the rules compare phases at every action, and reading a
member as ``Phase.TRICK`` is a slow class attribute lookup (Python 3.11)."""
_ALL_PLANETS: Final = (0, 1, 2, 3)
_ALL_SUITS: Final = 0b1111
_FULL_DECK: Final = tuple(c for c, count in enumerate(DECK_COUNTS) for _ in range(count))
"""The 60 cards in deck order (the Asteroids last): the undealt cards at a round's start."""
_TO_CHANCE: Final = (CHANCE,)
_SEATS: Final = tuple((seat,) for seat in range(8))
"""``_SEATS[seat]``: the seat alone, to act (for every seat of the largest game)."""
_SUIT_OF: Final = tuple(suit(c) for c in range(AST))
"""Moon card -> its planet (:func:`~moonbase.games.moons.cards.suit`, looked up)."""
_RANK_OF: Final = tuple(rank(c) for c in range(AST))
"""Moon card -> its rank (:func:`~moonbase.games.moons.cards.rank`, looked up)."""
_PLANET_SETS: Final = tuple(tuple(p for p in _ALL_PLANETS if mask >> p & 1) for mask in range(16))
"""A bit mask of planets -> those planets, in deck order."""
_EFFECTS: Final = tuple(mini.effect for mini in MINIS)
"""Mini-Asteroid kind -> its effect (looked up)."""
_NO_CARDS: Final[list[list[int]]] = [[]] * AST
_NO_PICKERS: Final[list[_Picker]] = [itemgetter(slice(0, 0))] * AST
"""Per Moon card, nothing yet (copied, then filled in, by :meth:`MoonsState._tableau_ids`)."""
_S = Copy.SHARED
_F = Copy.FLAT
_N = Copy.NESTED


class MoonsState(State[MoonsView]):
    """A Moons game in progress. Create one with ``MoonsGame(...).new(seed)``.

    The public attributes are the rules' state; cards, planets and Mini-Asteroid kinds are the
    integers of :mod:`moonbase.games.moons.cards`, and every per-seat list is indexed by seat.
    """

    game: MoonsGame

    FIELDS: ClassVar[Mapping[str, Copy]] = {
        # the options, and the action table they number
        "players": _S, "tricks_per_round": _S, "minis_on": _S, "points": _S, "may_decline": _S,
        "_table": Copy.CACHE,
        # the table
        "phase": _S, "round": _S, "dealer": _S, "first_player": _S, "earth": _S,
        "leader": _S, "turn": _S, "supply": _F, "tokens": _N, "blocked": _S, "minis": _N,
        "pile": _F, "discard": _F, "bonuses": _N,
        # the round
        "undealt": _F, "deal_next": _S, "hands": _N, "hand_plays": _N, "tableaus": _N,
        "chosen": _F, "revealed": _S, "tricks": _F, "tricks_played": _S,
        # the trick
        "trick": _F, "led": _S, "mini_played": _S, "last_trick": _S,
        # pending chance and choices
        "draw_queue": _F, "awards": _F, "taker": _S, "take_options": _S, "may_pass": _S,
        # what is public about hidden cards, and where chance put them
        "voids": _F, "known": _N, "played": _N, "deal_events": _N, "draw_events": _N,
        "mini_plays": _N, "tableau_events": _F, "earlier_deals": _S, "ended": _S,
    }  # fmt: skip
    """Every field, declared once (the core derives clone, snapshot and equality)."""

    def __init__(self, game: MoonsGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        n = self.players = game.seats
        self.tricks_per_round = game.tricks_per_round
        self.minis_on = game.mini_asteroids
        self.points = game.points
        """Points per set, per triple outside the sets and per other token."""
        self.may_decline = game.decline_awards
        """Whether a player with no trick may decline its round-award token (an option)."""
        self._table: ActionTable = game.table
        per_planet = game.tokens_per_planet
        # --- the table
        self.phase = _SETUP
        self.round = 1
        self.dealer = 0
        self.first_player: int | None = None
        self.earth: int | None = None
        self.leader: int | None = None
        self.turn: int | None = None
        self.supply = [per_planet] * 4
        self.tokens = [[0] * 4 for _ in range(n)]
        self.blocked: int | None = None
        self.minis = [[0] * len(MINIS) for _ in range(n)]
        self.pile = [mini.count for mini in MINIS] if self.minis_on else [0] * len(MINIS)
        self.discard = [0] * len(MINIS)
        self.bonuses = [[0] * len(MINIS) for _ in range(n)]
        # --- the round
        self.undealt: list[int] = []
        """The cards not dealt yet, in deck order (the Asteroids last): the chance weights of
        the next card dealt."""
        self.deal_next = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.hand_plays: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the ``PLAY`` ids of the Moon cards in its hand, ascending (kept with the
        hand by :meth:`_sort_plays`): the legal plays are a slice of it."""
        self.tableaus: list[list[int]] = [[] for _ in range(n)]
        self.chosen = [False] * n
        self.revealed = False
        self.tricks = [0] * n
        self.tricks_played = 0
        # --- the trick
        self.trick: list[tuple[int, int]] = []
        self.led: int | None = None
        self.mini_played = False
        """Whether the seat to act has played its Mini-Asteroid in this trick."""
        self.last_trick: tuple[tuple[tuple[int, int], ...], int | None, int | None] | None = None
        """The last finished trick: its cards, its winner, the seat given the lowest off-suit."""
        # --- pending chance and choices
        self.draw_queue: list[int] = []
        """Seats owed a Mini-Asteroid draw, in order."""
        self.awards: list[tuple[int, tuple[int, ...], bool]] = []
        """Tokens still owed: (seat, planets the rule allows, whether it may decline), in order."""
        self.taker: int | None = None
        self.take_options: tuple[int, ...] = ()
        self.may_pass = False
        """Whether the seat choosing a token may decline it (a player with no trick)."""
        # --- what is public about hidden cards, and where chance put them (for resampling)
        self.voids = [0] * n
        """Per seat, a bit mask of the planets its unseen cards are known to lack."""
        self.known: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the cards seen going into its hand (from its tableau)."""
        self.played: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the cards it played this round."""
        self.deal_events: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the history indices of the DEAL outcomes that gave it cards this round."""
        self.draw_events: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the history indices of its Mini-Asteroid draws (whole game)."""
        self.mini_plays: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        """Per seat, (history index, kind) of every Mini-Asteroid it played."""
        self.tableau_events: list[int | None] = [None] * n
        """Per seat, the history index of its TABLEAU action this round."""
        self.earlier_deals: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = ()
        """The deals of the rounds before this one: (seat, the history indices of the DEAL
        outcomes that gave it cards, the cards it was dealt), a tuple shared by clones."""
        self.ended: tuple[EndTrigger, ...] = ()
        """Why the game is over (the view's ``ended``; set by :meth:`_finish`), a tuple shared
        by clones."""
        if self.minis_on:
            self.draw_queue = [(self.dealer + 1 + i) % n for i in range(2 * n)]
            if not explicit:
                self._draw_in_bulk()
        else:
            self._start_round()

    # ------------------------------------------------------------------ protocol hooks
    def _actors(self) -> tuple[int, ...]:
        if self.draw_queue or self.undealt:
            return _TO_CHANCE
        if self.taker is not None:
            return _SEATS[self.taker]
        phase = self.phase
        if phase is _TRICK and self.turn is not None:
            return _SEATS[self.turn]
        if phase is _TABLEAU:
            return tuple(seat for seat, done in enumerate(self.chosen) if not done)
        return ()

    def _legal_ids(self, seat: int) -> list[int]:
        table = self._table
        if self.taker is not None:
            take = table.take
            ids = [take[planet] for planet in self.take_options]
            if self.may_pass:
                ids.append(table.pass_id)
            ids.sort()
            return ids
        if self.phase is _TABLEAU:
            return self._tableau_ids(seat)
        # The PLAY ids of the cards :meth:`playable` gives, ascending: a slice of the hand's
        # PLAY ids, with PLAY AST (the first of them) where an Asteroid may go (written out
        # here: this runs at nearly every decision).
        plays = self.hand_plays[seat]
        if not self.trick:
            ids = plays.copy() if plays else [table.play[AST]]
        else:
            led = self.led
            if led is not None:
                low, high = table.play_range[led]
                start = bisect_left(plays, low)
                end = bisect_left(plays, high, start)
                if start < end:
                    plays = plays[start:end]
            hand = self.hands[seat]
            ids = [table.play[AST], *plays] if hand and hand[-1] == AST else plays.copy()
        if self.minis_on and not self.mini_played and any(self.minis[seat]):
            minis = self._mini_ids(seat)
            minis.sort()
            minis += ids  # every MINI id comes before every PLAY id
            return minis
        return ids

    def _sort_plays(self, seat: int) -> None:
        """Set :attr:`hand_plays` of ``seat`` from its hand."""
        play, hand = self._table.play, self.hands[seat]
        plays = [play[c] for c in hand[: bisect_left(hand, AST)]]
        plays.sort()
        self.hand_plays[seat] = plays

    def _tableau_ids(self, seat: int) -> list[int]:
        """The ids of every tableau of three Moon cards of ``seat``'s hand, ascending.

        A tableau names its cards in deck order, and its id ascends with the name of its first
        card, then of its second, then of its third (ids number the texts in sorted order):
        so the first card runs over the hand by name, the second over the cards after the
        first in deck order, by name, and the third likewise after the second.
        """
        hand = self.hands[seat]
        moons = hand[: bisect_left(hand, AST)]
        if len(moons) < 3:
            return []
        name_rank = self._table.name_rank
        rows = self._table.tableau
        last = moons.pop()  # third card only: no card comes after it to be third
        named = [last]  # the cards after ``card`` in deck order, by name
        seconds: list[int] = []  # the same but ``last``: the cards that can be second
        last_place = name_rank[last]
        ranks = [last_place]  # the places of ``named`` in name order (no key function)
        # per card (lists by card number: quicker than dicts here, where time goes by pairs)
        following: list[list[int]] = _NO_CARDS.copy()
        pickers: list[_Picker] = _NO_PICKERS.copy()
        # A picker takes a second card's thirds from its row: a tuple, or a list for one
        # (``itemgetter`` of one index gives the entry alone); ``named`` holds one card, ``last``,
        # only in the first round.
        pickers[moons[-1]] = itemgetter(slice(last, last + 1))
        for card in reversed(moons):
            following[card] = seconds.copy()
            if len(named) > 1:
                pickers[card] = itemgetter(*named)
            place = name_rank[card]
            at = bisect_left(ranks, place)
            ranks.insert(at, place)
            named.insert(at, card)
            seconds.insert(at if place < last_place else at - 1, card)
        ids: list[int] = []
        for first in named:
            row = rows[first]
            for second in following[first]:
                ids += pickers[second](row[second])
        return ids

    def _chance_weights(self) -> list[tuple[int, int]]:
        table = self._table
        if self.draw_queue:
            draw = table.draw
            return [(draw[kind], count) for kind, count in enumerate(self.pile) if count]
        deal = table.deal
        undealt = self.undealt
        moons = bisect_left(undealt, AST)
        weights = [(deal[c], 1) for c in undealt[:moons]]
        if moons < len(undealt):
            weights.append((deal[AST], len(undealt) - moons))
        return weights

    def _chance_table(self) -> ChanceTable:
        if self.draw_queue:
            return ChanceTable.from_counts(self._table.draw, self.pile)
        return ChanceTable(self._chance_weights())

    def _do(self, seat: int, action: int) -> None:
        if seat == CHANCE:
            self._chance(action)
            return
        act = self._table.decode[action]
        op = act.op
        if op == PLAY:
            self._play(seat, act.a)
        elif op == TAKE:
            self._gain(seat, act.a)
            self._settle_award()
        elif op == MINI:
            self._mini(seat, act, len(self._history) - 1)
        elif op == TABLEAU:
            self._choose(seat, [act.a, act.b, act.c], len(self._history) - 1)
        else:
            assert op == PASS
            self._settle_award()

    def _chance(self, outcome: int) -> None:
        act = self._table.decode_outcome[outcome]
        if act.op == DEAL:
            self._deal(act.a, len(self._history) - 1)
        else:
            self._draw(act.a, len(self._history) - 1)

    def _asking(self, seat: int) -> str:
        if self.taker == seat:
            if self.may_pass:
                return _("take a token of a planet in your tableau (TAKE <planet>) or decline it")
            return _("choose the planet of the token you are owed (TAKE <planet>)")
        if self.phase is _TABLEAU:
            return _("choose a tableau: three Moon cards from your hand, never an Asteroid")
        if self.phase is not _TRICK:
            return ""
        if not self.trick:
            play = _("lead a card (an Asteroid only when the hand holds nothing else)")
        elif self.led is None:
            play = _("play any card")
        else:
            play = _("play a card: follow {planet} if you can, or play AST").format(
                planet=PLANETS[self.led]
            )
        if not self.minis_on:
            return play
        if self.mini_played:
            return _("{play}; at most one Mini-Asteroid per player per trick").format(play=play)
        return (
            _("{play}; or first a Mini-Asteroid you hold, where it takes effect").format(play=play)
            + self._limits()
        )

    def _limits(self) -> str:
        """What keeps a Mini-Asteroid from taking effect now, in words (or nothing)."""
        if self.blocked is not None:
            return " " + _("({planet} is blocked until this trick ends)").format(
                planet=PLANETS[self.blocked]
            )
        empty = [PLANETS[planet] for planet in _ALL_PLANETS if not self.supply[planet]]
        if empty:
            return " " + _("(no {planets} token is left to block or grab)").format(
                planets=_(" or ").join(empty)
            )
        return ""

    # ------------------------------------------------------------------ queries
    def playable(self, seat: int) -> list[int]:
        """The cards ``seat`` may play to the current trick (distinct, ascending).

        The leader may lead ``AST`` only when the hand holds nothing else; the others must
        follow the led planet if they can, or play ``AST`` instead; until a Moon card sets the
        led planet, anything goes.
        """
        hand = self.hands[seat]
        moons = bisect_left(hand, AST)  # the hand is sorted, the Asteroids last
        if not self.trick:
            return hand[:moons] or [AST]
        asteroid = [AST] if moons < len(hand) else []
        led = self.led
        if led is not None:
            low = bisect_left(hand, led * RANKS, 0, moons)
            high = bisect_left(hand, led * RANKS + RANKS, low, moons)
            if low < high:
                return hand[low:high] + asteroid
        return hand[:moons] + asteroid

    def available(self, planet: int) -> bool:
        """Whether a token of ``planet`` can be gained now (in the supply, not blocked)."""
        return self.supply[planet] > 0 and planet != self.blocked

    def tableau_planets(self, seat: int) -> tuple[int, ...]:
        """The planets shown in ``seat``'s tableau, in deck order."""
        shown = 0
        for c in self.tableaus[seat]:
            shown |= 1 << _SUIT_OF[c]
        return _PLANET_SETS[shown]

    def score(
        self,
        seat: int,
        tokens: Sequence[int] | None = None,
        bonuses: Sequence[int] | None = None,
    ) -> Grouping:
        """``seat``'s score now: the best grouping of its tokens plus its bonus cards; with
        ``tokens`` (a count per planet) or ``bonuses`` (a count per Mini-Asteroid kind), the
        score it would have holding those instead of its own.

        >>> from moonbase.games.moons.game import MoonsGame
        >>> state = MoonsGame(players=3).new(seed=1)
        >>> state.score(0), state.score(0, tokens=[1, 1, 1, 1]).points
        (Grouping(points=0, sets=0), 10)
        """
        per_token = [0, 0, 0, 0]
        per_set = 0
        kept = self.bonuses[seat] if bonuses is None else bonuses
        for mini, count in zip(MINIS, kept, strict=True):
            if count and mini.planet is not None:
                per_token[mini.planet] += mini.per_token * count
            per_set += mini.per_set * count
        held = self.tokens[seat] if tokens is None else tokens
        return final_score(held, per_token, per_set, *self.points)

    def score_parts(self, seat: int) -> list[ScorePart]:
        """``seat``'s score part by part, as :meth:`score` groups its tokens: the complete
        ``sets``, the ``triples`` of one planet and the ``singles`` left (each with its
        ``count``, the points ``each`` is worth and its ``points``), then each kind of bonus
        card held (``part``: its name, ``cards``, what it ``counts`` — a planet's tokens, or
        ``"sets"`` —, their ``count``, ``each`` per card and ``points``). The points sum to
        the score.

        >>> from moonbase.games.moons.game import MoonsGame
        >>> state = MoonsGame(players=3).new(seed=1)
        >>> [part["points"] for part in state.score_parts(0)]
        [0, 0, 0]
        """
        tokens = self.tokens[seat]
        grouping = self.score(seat)
        set_points, triple_points, single_points = self.points
        triples, singles = grouping_rest(tokens, grouping.sets, triple_points, single_points)
        parts: list[ScorePart] = [
            {"part": part, "count": count, "each": each, "points": count * each}
            for part, count, each in (
                ("sets", grouping.sets, set_points),
                ("triples", triples, triple_points),
                ("singles", singles, single_points),
            )
        ]
        for mini, cards in zip(MINIS, self.bonuses[seat], strict=True):
            if not cards:
                continue
            planet = mini.planet
            counts, counted, each = (
                ("sets", grouping.sets, mini.per_set)
                if planet is None
                else (PLANETS[planet], tokens[planet], mini.per_token)
            )
            parts.append(
                {
                    "part": mini.name,
                    "cards": cards,
                    "counts": counts,
                    "count": counted,
                    "each": each,
                    "points": cards * counted * each,
                }
            )
        return parts

    def _mini_ids(self, seat: int) -> list[int]:
        """The ids of the Mini-Asteroids ``seat`` may play now (each where it takes effect)."""
        table = self._table
        free = _ALL_SUITS if self.blocked is None else _ALL_SUITS & ~(1 << self.blocked)
        ids: list[int] = []
        for kind, count in enumerate(self.minis[seat]):
            if not count:
                continue
            effect = _EFFECTS[kind]
            if effect == "grab":  # a planet available: in the supply, not blocked
                ids += table.grabs[_held(self.supply) & free]
            elif effect == "block":  # a planet with no token left has nothing to block
                if self.blocked is None:
                    ids += table.blocks[_held(self.supply)]
            elif effect == "token-swap":
                ids += self._swap_ids(seat, free)
            elif effect == "tableau-swap":
                hand = self.hands[seat]
                into = hand[: bisect_left(hand, AST)]
                for out in self.tableaus[seat]:
                    ids += map(table.tableau_swap[out].__getitem__, into)
            else:
                ids.append(table.kept[kind])
        return ids

    def _swap_ids(self, seat: int, free: int) -> list[int]:
        """Token swaps with every other seat: give a token of a planet ``seat`` has, take one
        of another planet the other seat has, neither planet blocked (``free``: the planets
        not blocked, as a bit mask)."""
        give = _held(self.tokens[seat]) & free
        if not give:
            return []
        swaps = self._table.swaps
        ids: list[int] = []
        for other in range(self.players):
            if other != seat:
                ids += swaps[other][give][_held(self.tokens[other]) & free]
        return ids

    # ------------------------------------------------------------------ chance
    def _start_round(self) -> None:
        n = self.players
        if self.round > 1:
            self.earlier_deals += tuple(
                (seat, tuple(events), tuple(sorted(self.tableaus[seat] + self.played[seat])))
                for seat, events in enumerate(self.deal_events)
            )
        self.phase = _DEAL
        self.undealt = list(_FULL_DECK)
        self.deal_next = (self.dealer + 1) % n
        self.hands = [[] for _ in range(n)]
        self.hand_plays = [[] for _ in range(n)]
        self.tableaus = [[] for _ in range(n)]
        self.chosen = [False] * n
        self.revealed = False
        self.tricks = [0] * n
        self.tricks_played = 0
        self.voids = [0] * n
        self.known = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]
        self.deal_events = [[] for _ in range(n)]
        self.tableau_events = [None] * n
        self.leader = self.turn = None
        if not self._explicit:
            self._deal_in_bulk()

    def _deal_in_bulk(self) -> None:
        """Auto chance mode: deal the whole round now, each card as the seed draws it.

        The ``k``-th card dealt is the one ``pick_weighted`` would pick among those left (in
        deck order) with the chance counter's ``k``-th next value (:func:`deck_positions` draws
        them all at once), so the deal is the one dealt card by card, and the history records it
        as such (one ``DEAL`` entry per card, at the indices :attr:`deal_events` names).
        """
        deck = self.undealt
        index = len(self._history)
        pop = deck.pop
        dealt = [pop(at) for at in deck_positions(self._chance_words(len(deck)), len(deck))]
        n, first = self.players, self.deal_next
        for k in range(n):  # round the table from the first seat: cards k, k + n, k + 2n, ...
            seat = (first + k) % n
            self.hands[seat] = sorted(dealt[k::n])
            self.deal_events[seat] = list(range(index + k, index + len(dealt), n))
            self._sort_plays(seat)
        self._record_chance(list(map(self._table.deal.__getitem__, dealt)))
        self.deal_next = (first + len(dealt)) % n
        self.phase = _TABLEAU

    def _draw_in_bulk(self) -> None:
        """Auto chance mode: draw the setup's Mini-Asteroids now, each as the seed draws it.

        As :meth:`_deal_in_bulk` deals: the ``k``-th card drawn is the one ``pick_weighted``
        would pick among the kinds left in the pile (in kind order, each weighted by its count)
        with the chance counter's ``k``-th next value, so the draws are those drawn one by one.
        """
        pile = [kind for kind, count in enumerate(self.pile) for _ in range(count)]
        index = len(self._history)
        positions = deck_positions(self._chance_words(len(self.draw_queue)), len(pile))
        drawn = [pile.pop(at) for at in positions]
        for k, (seat, kind) in enumerate(zip(self.draw_queue, drawn, strict=True)):
            self.pile[kind] -= 1
            self.minis[seat][kind] += 1
            self.draw_events[seat].append(index + k)
        self.draw_queue = []
        self._record_chance(list(map(self._table.draw.__getitem__, drawn)))
        self._start_round()

    def _deal(self, c: int, index: int) -> None:
        seat = self.deal_next
        insort(self.hands[seat], c)
        if c != AST:
            insort(self.hand_plays[seat], self._table.play[c])
        undealt = self.undealt
        del undealt[bisect_left(undealt, c)]
        self.deal_events[seat].append(index)
        self.deal_next = (seat + 1) % self.players
        if not undealt:
            self.phase = _TABLEAU

    def _draw(self, kind: int, index: int) -> None:
        seat = self.draw_queue.pop(0)
        self.pile[kind] -= 1
        self.minis[seat][kind] += 1
        self.draw_events[seat].append(index)
        if self.phase is _SETUP:
            if not self.draw_queue:
                self._start_round()
        else:
            self._after_play()

    # ------------------------------------------------------------------ tableau
    def _choose(self, seat: int, cards: list[int], index: int) -> None:
        hand = self.hands[seat]
        plays, play = self.hand_plays[seat], self._table.play
        for c in cards:
            hand.remove(c)
            plays.remove(play[c])
        self.tableaus[seat] = cards  # ascending, as the action names them
        self.chosen[seat] = True
        self.tableau_events[seat] = index
        if not all(self.chosen):
            return
        self.revealed = True
        if self.first_player is None:
            self.first_player = self.earth = self.highest_tableau()
        self.leader = self.turn = self.first_player
        self.phase = _TRICK
        self.mini_played = False

    def highest_tableau(self) -> int:
        """The seat with the highest tableau card; ties compare the next-highest card, then the
        third, then the lower seat number (**decision**)."""

        def strength(seat: int) -> tuple[list[int], int]:
            return sorted((rank(c) for c in self.tableaus[seat]), reverse=True), -seat

        return max(range(self.players), key=strength)

    # ------------------------------------------------------------------ tricks
    def _play(self, seat: int, c: int) -> None:
        self.hands[seat].remove(c)
        if c != AST:
            self.hand_plays[seat].remove(self._table.play[c])
        known = self.known[seat]
        if known and c in known:
            known.remove(c)
        if c == AST:
            if not self.trick:
                self.voids[seat] = _ALL_SUITS  # led an Asteroid: nothing else was in hand
        elif self.led is None:
            self.led = _SUIT_OF[c]
        elif _SUIT_OF[c] != self.led:
            self.voids[seat] |= 1 << self.led
        trick = self.trick
        trick.append((seat, c))
        self.played[seat].append(c)
        if c == AST and self.minis_on and any(self.pile):
            self.draw_queue.append(seat)
            return
        if len(trick) < self.players:  # :meth:`_after_play`'s common case, written out
            self.turn = (seat + 1) % self.players  # the seat playing is the one to act
            self.mini_played = False
            return
        self._after_play()

    def _after_play(self) -> None:
        if len(self.trick) < self.players:
            assert self.turn is not None
            self.turn = (self.turn + 1) % self.players
            self.mini_played = False
            return
        self.turn = None
        winner, lowest, owed = self._trick_result()
        self.last_trick = (tuple(self.trick), winner, lowest)
        if winner is not None:
            self.tricks[winner] += 1
            self.awards.append((winner, self.tableau_planets(winner), False))
        if lowest is not None:
            self.awards.append((lowest, (owed,), False))
        self._run_awards()

    def _trick_result(self) -> tuple[int | None, int | None, int]:
        """The full trick's winner (the highest card of the led planet), the seat owed a
        token for the lowest off-suit card (unless another off-suit card ties its rank) and
        that card's planet; ``None`` for no one (a trick of Asteroids only)."""
        led = self.led
        if led is None:
            return None, None, 0
        winner = lowest = None
        best = low = AST  # the winning card; the lowest off-suit card (AST: none yet)
        tied = False
        for seat, c in self.trick:
            if c == AST:
                continue
            if _SUIT_OF[c] == led:
                if winner is None or c > best:  # one planet: the higher card, the higher rank
                    best, winner = c, seat
            elif lowest is None or _RANK_OF[c] < _RANK_OF[low]:
                low, lowest, tied = c, seat, False
            elif _RANK_OF[c] == _RANK_OF[low]:
                tied = True
        if lowest is None or tied:
            return winner, None, 0
        return winner, lowest, _SUIT_OF[low]

    def _end_trick(self) -> None:
        assert self.last_trick is not None
        winner = self.last_trick[1]
        self.blocked = None
        self.trick = []
        self.led = None
        self.tricks_played += 1
        if winner is not None:
            self.leader = winner
        if not any(self.supply):  # the only trigger checked after a trick (_end_triggers)
            self._finish(self._end_triggers(round_over=False))
        elif self.tricks_played == self.tricks_per_round:
            self._round_awards()
        else:
            self.turn = self.leader
            self.mini_played = False

    # ------------------------------------------------------------------ tokens
    def _gain(self, seat: int, planet: int) -> None:
        self.supply[planet] -= 1
        self.tokens[seat][planet] += 1

    def _run_awards(self) -> None:
        """Give the tokens owed, in order, stopping where someone has a real choice: several
        planets, or a token it may decline."""
        while self.awards:
            seat, allowed, optional = self.awards.pop(0)
            supply, blocked = self.supply, self.blocked
            options = tuple([planet for planet in allowed if supply[planet] and planet != blocked])
            if len(options) > 1 or (options and optional):
                self.taker, self.take_options, self.may_pass = seat, options, optional
                return
            if options:
                self._gain(seat, options[0])
        if self.phase is _TRICK:
            self._end_trick()
        else:
            self._end_round()

    def _settle_award(self) -> None:
        """The token chosen (or declined): go on with the awards."""
        self.taker, self.take_options, self.may_pass = None, (), False
        self._run_awards()

    def _round_awards(self) -> None:
        assert self.first_player is not None
        self.phase = _AWARDS
        self.leader = self.turn = None
        order = [(self.first_player + i) % self.players for i in range(self.players)]
        most = max(self.tricks)
        if most:
            self.awards.extend(
                (seat, _ALL_PLANETS, False) for seat in order if self.tricks[seat] == most
            )
        self.awards.extend(  # compulsory, or declinable with decline_awards ("mogą wziąć")
            (seat, self.tableau_planets(seat), self.may_decline)
            for seat in order
            if not self.tricks[seat]
        )
        self._run_awards()

    def _end_round(self) -> None:
        assert self.first_player is not None
        ended = self._end_triggers(round_over=True)
        if ended:
            self._finish(ended)
            return
        self.round += 1
        self.first_player = self.dealer = (self.first_player + 1) % self.players
        self._start_round()

    def _end_triggers(self, round_over: bool) -> list[EndTrigger]:
        """The end triggers met now, checked after every trick and at the end of each round
        (``round_over``: its awards are given): ``supply-empty`` (the last token was gained)
        and, at the end of a round, ``last-round`` (every player has been first player once:
        ``rounds`` rounds). The game ends when there is any."""
        found: list[EndTrigger] = []
        if not any(self.supply):
            found.append({"trigger": "supply-empty"})
        if round_over and self.round == self.players:
            found.append({"trigger": "last-round", "rounds": self.players})
        return found

    def _finish(self, ended: list[EndTrigger]) -> None:
        self.phase = _OVER
        self.leader = self.turn = None
        self.ended = tuple(ended)

    # ------------------------------------------------------------------ Mini-Asteroids
    def _mini(self, seat: int, act: Act, index: int) -> None:
        kind = act.a
        mini = MINIS[kind]
        self.minis[seat][kind] -= 1
        self.mini_plays[seat].append((index, kind))
        self.mini_played = True
        if mini.kept:
            self.bonuses[seat][kind] += 1
            return
        self.discard[kind] += 1
        if mini.effect == "grab":
            self._gain(seat, act.b)
        elif mini.effect == "block":
            self.blocked = act.b
        elif mini.effect == "token-swap":
            other, (give, take) = act.b, divmod(act.c, 4)
            self.tokens[seat][give] -= 1
            self.tokens[other][give] += 1
            self.tokens[other][take] -= 1
            self.tokens[seat][take] += 1
        elif mini.effect == "tableau-swap":
            out, into = act.b, act.c
            tableau, hand = self.tableaus[seat], self.hands[seat]
            tableau.remove(out)
            insort(tableau, into)
            hand.remove(into)
            insort(hand, out)
            plays, play = self.hand_plays[seat], self._table.play
            plays.remove(play[into])
            insort(plays, play[out])
            if into in self.known[seat]:
                self.known[seat].remove(into)
            insort(self.known[seat], out)

    # ------------------------------------------------------------------ hidden information
    def _tableau_hidden(self, seat: int) -> bool:
        return self.chosen[seat] and not self.revealed

    def _masked(self, seat: int | None) -> dict[int, str]:
        masked: dict[int, str] = {}
        for other in range(self.players):
            if other == seat:
                continue
            masked.update(dict.fromkeys(self.deal_events[other], "DEAL ?"))
            masked.update(dict.fromkeys(self.draw_events[other], "DRAW ?"))
            index = self.tableau_events[other]
            if index is not None and self._tableau_hidden(other):
                masked[index] = "TABLEAU ? ? ?"
        for other, events, _deal in self.earlier_deals:
            if other != seat:
                masked.update(dict.fromkeys(events, "DEAL ?"))
        return masked

    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        others = [other for other in range(self.players) if other != seat]
        deal = self._table.deal
        if self.phase is not _SETUP:
            self._redraw_cards(others, rng)
        for other, events, cards in self.earlier_deals:
            if other != seat:  # only the order in which each hand was dealt is unknown
                order = list(cards)
                rng.shuffle(order)
                self._rewrite_chances(events, [deal[c] for c in order])
        if self.minis_on:
            self._redraw_minis(others, rng)

    def _redraw_cards(self, others: list[int], rng: random.Random) -> None:
        # The places unseen cards may be in: each other hand (less the cards seen going into
        # it; with a face-down tableau, the hand and the tableau together, as dealt), and the
        # cards still to be dealt (explicit chance mode, mid-deal).
        unseen: list[int] = []
        sizes: list[int] = []
        allowed: list[int] = []
        for other in others:
            hidden = list(self.hands[other])
            for c in self.known[other]:
                hidden.remove(c)
            if self._tableau_hidden(other):
                hidden += self.tableaus[other]
            unseen += hidden
            sizes.append(len(hidden))
            allowed.append(ALL_KINDS & ~self.voids[other])
        sizes.append(len(self.undealt))
        allowed.append(ALL_KINDS)
        # Sorted, so that states a seat cannot tell apart resample alike from the same generator.
        places = deal_hidden(sorted(unseen + self.undealt), sizes, allowed, rng)
        self.undealt = sorted(places.pop())
        table = self._table
        for other, cards in zip(others, places, strict=True):
            if self._tableau_hidden(other):
                # The choice was the player's, not chance's: any of those the deal allowed.
                tableau = rng.sample([c for c in cards if c != AST], len(self.tableaus[other]))
                for c in tableau:
                    cards.remove(c)
                a, b, c = self.tableaus[other] = sorted(tableau)
                index = self.tableau_events[other]
                assert index is not None
                self._rewrite_history(index, other, table.tableau[a][b][c])
            self.hands[other] = sorted(cards + self.known[other])
            self._sort_plays(other)
            dealt = self.hands[other] + self.tableaus[other] + self.played[other]
            rng.shuffle(dealt)
            deal = table.deal
            self._rewrite_chances(self.deal_events[other], [deal[c] for c in dealt])

    def _redraw_minis(self, others: list[int], rng: random.Random) -> None:
        pool = [kind for kind, count in enumerate(self.pile) for _ in range(count)]
        for other in others:
            pool += [kind for kind, count in enumerate(self.minis[other]) for _ in range(count)]
        pool.sort()  # independent of who holds what, as above
        rng.shuffle(pool)
        start = 0
        for other in others:
            size = sum(self.minis[other])
            held = pool[start : start + size]
            start += size
            self.minis[other] = [held.count(kind) for kind in range(len(MINIS))]
            outcome = match_draws(self.draw_events[other], self.mini_plays[other], held, rng)
            for index, kind in outcome.items():
                self._rewrite_chance(index, self._table.draw[kind])
        rest = pool[start:]
        self.pile = [rest.count(kind) for kind in range(len(MINIS))]

    # ------------------------------------------------------------------ views and pictures
    def _view(self, seat: int | None) -> MoonsView:
        from moonbase.games.moons.view import seat_view

        return seat_view(self, seat)

    def _scores(self) -> list[float]:
        return [float(self.score(seat).points) for seat in range(self.players)]

    def _winners(self) -> list[int]:
        return winners([self.score(seat) for seat in range(self.players)], self.tokens)

    def _render(self) -> str:
        from moonbase.games.moons.render import render

        return render(self)
