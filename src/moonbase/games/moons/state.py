"""Moons' rules: :class:`MoonsState`, a game in progress.

A game runs through these phases (``state.phase``):

* ``setup`` — chance deals two Mini-Asteroids to each player (``DRAW GRAB``), one at a time from
  the dealer's left (skipped without Mini-Asteroids);
* ``deal`` — chance deals the 60 cards one at a time from the dealer's left (``DEAL S5``); the
  undealt cards are a multiset, so the deck order is never stored;
* ``tableau`` — every player who has not chosen acts at once (``TABLEAU S3 J14 N7``); the
  choices stay hidden until the last one is made, then all are revealed (and in round 1 the
  first player is found);
* ``trick`` — the player to act may play one Mini-Asteroid (``MINI ...``), then a card
  (``PLAY J5``); playing ``AST`` draws a Mini-Asteroid (chance). A full trick is scored at once;
  a winner owed a token with a real choice of planet acts with ``TAKE SATURN``;
* ``awards`` — the round awards, again with ``TAKE`` where there is a choice; a player with no
  trick may also decline its token (``PASS``);
* ``over``.

>>> from moonbase.games.moons.game import MoonsGame
>>> state = MoonsGame(players=3).new(seed=5)
>>> state.phase, state.to_act, len(state.hands[0]), sum(state.minis[0])
('tableau', (0, 1, 2), 20, 2)
>>> state.apply(0, state.legal_actions(0)[0])
>>> state.to_act
(1, 2)
"""

from __future__ import annotations

import random
from bisect import insort
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from moonbase.core import CHANCE, State
from moonbase.games.moons.cards import (
    AST,
    CARD_NAMES,
    DECK_COUNTS,
    DECK_SIZE,
    MINI_INDEX,
    MINIS,
    PLANET_INDEX,
    PLANETS,
    card,
    rank,
    suit,
)
from moonbase.games.moons.hidden import ALL_KINDS, deal_hidden, match_draws
from moonbase.games.moons.notation import canonical, explain, tableau_action
from moonbase.games.moons.scoring import Grouping, final_score, grouping_rest

if TYPE_CHECKING:
    from moonbase.games.moons.game import MoonsGame

__all__ = ["AWARDS", "DEAL", "OVER", "SETUP", "TABLEAU", "TRICK", "MoonsState"]

SETUP: Final = "setup"
"""Chance deals the Mini-Asteroids at the start of the game."""
DEAL: Final = "deal"
"""Chance deals the 60 cards of a round."""
TABLEAU: Final = "tableau"
"""Every player chooses a tableau at once."""
TRICK: Final = "trick"
"""Tricks are played (and their tokens taken)."""
AWARDS: Final = "awards"
"""The round awards are taken."""
OVER: Final = "over"

_ALL_PLANETS: Final = (0, 1, 2, 3)
_ALL_SUITS: Final = 0b1111
_DEALS: Final = tuple(f"DEAL {name}" for name in CARD_NAMES)
_CARD_INDEX: Final = {name: c for c, name in enumerate(CARD_NAMES)}
_FULL_DECK: Final = tuple((_DEALS[c], count) for c, count in enumerate(DECK_COUNTS))
_DRAWS: Final = tuple(f"DRAW {mini.name}" for mini in MINIS)


@lru_cache(maxsize=4096)
def _tableau_actions(cards: tuple[int, ...]) -> tuple[str, ...]:
    """Every TABLEAU action for a hand's Moon cards (ascending), sorted; cached because replays
    and searches meet the same hands again and again."""
    names = [CARD_NAMES[c] for c in cards]
    return tuple(sorted([f"TABLEAU {a} {b} {c}" for a, b, c in combinations(names, 3)]))


class MoonsState(State):
    """A Moons game in progress. Create one with ``MoonsGame(...).new(seed)``.

    The public attributes are the rules' state; cards, planets and Mini-Asteroid kinds are the
    integers of :mod:`moonbase.games.moons.cards`, and every per-seat list is indexed by seat.
    """

    game: MoonsGame

    def __init__(self, game: MoonsGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        n = self.players = game.seats
        self.tricks_per_round = game.tricks_per_round
        self.minis_on = game.mini_asteroids
        self.points = game.points
        """Points per set, per triple outside the sets and per other token."""
        per_planet = game.tokens_per_planet
        # --- the table
        self.phase = SETUP
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
        self.undealt: list[tuple[str, int]] = []
        """The cards not dealt yet as ``("DEAL <card>", count)`` in deck order: the chance
        weights of the next card dealt."""
        self.deal_left = 0
        self.deal_next = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
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
        self.ended: tuple[dict[str, Any], ...] = ()
        """Why the game is over (the view's ``ended``; set by :meth:`_finish`), a tuple shared
        by clones."""
        if self.minis_on:
            self.draw_queue = [(self.dealer + 1 + i) % n for i in range(2 * n)]
        else:
            self._start_round()

    # ------------------------------------------------------------------ protocol hooks
    def _actors(self) -> tuple[int, ...]:
        if self.draw_queue or self.deal_left:
            return (CHANCE,)
        if self.taker is not None:
            return (self.taker,)
        if self.phase == TABLEAU:
            return tuple(seat for seat in range(self.players) if not self.chosen[seat])
        if self.phase == TRICK and self.turn is not None:
            return (self.turn,)
        return ()

    def _legal(self, seat: int) -> list[str]:
        if self.taker is not None:
            takes = sorted(f"TAKE {PLANETS[planet]}" for planet in self.take_options)
            return ["PASS", *takes] if self.may_pass else takes
        if self.phase == TABLEAU:
            return list(_tableau_actions(tuple(c for c in self.hands[seat] if c != AST)))
        plays = [f"PLAY {CARD_NAMES[c]}" for c in self.playable(seat)]
        return sorted(plays + self._mini_actions(seat))

    def _chance_weights(self) -> list[tuple[str, int]]:
        if self.draw_queue:
            return [(name, count) for name, count in zip(_DRAWS, self.pile, strict=True) if count]
        return list(self.undealt)

    def _canonical(self, action: str) -> str:
        return canonical(action)

    def _is_legal(self, seat: int, action: str) -> bool:
        head, _, rest = action.partition(" ")
        if self.taker is not None:
            if action == "PASS":
                return self.may_pass
            return head == "TAKE" and PLANET_INDEX.get(rest, -1) in self.take_options
        if self.phase == TABLEAU:
            if head != "TABLEAU":
                return False
            cards = [_CARD_INDEX.get(name, AST) for name in rest.split(" ")]
            hand = self.hands[seat]
            return (
                len(cards) == 3
                and cards[0] < cards[1] < cards[2] < AST
                and all(c in hand for c in cards)
            )
        if head == "PLAY":
            return rest in _CARD_INDEX and _CARD_INDEX[rest] in self.playable(seat)
        return head == "MINI" and action in self._mini_actions(seat)

    def _why_illegal(self, seat: int, action: str) -> str:
        return explain(self, seat, action)

    def _do(self, seat: int, action: str) -> None:
        index = len(self._history) - 1
        head, _, rest = action.partition(" ")
        if head == "DEAL":
            self._deal(card(rest), index)
        elif head == "DRAW":
            self._draw(MINI_INDEX[rest], index)
        elif head == "TABLEAU":
            self._choose(seat, [card(name) for name in rest.split(" ")], index)
        elif head == "PLAY":
            self._play(seat, card(rest))
        elif head == "MINI":
            self._mini(seat, rest.split(" "), index)
        elif head == "TAKE":
            self._gain(seat, PLANET_INDEX[rest])
            self._settle_award()
        elif head == "PASS":
            self._settle_award()
        else:  # pragma: no cover - the base class only passes legal actions
            raise AssertionError(f"unexpected action {action!r}")

    # ------------------------------------------------------------------ queries
    def playable(self, seat: int) -> list[int]:
        """The cards ``seat`` may play to the current trick (distinct, ascending).

        The leader may lead ``AST`` only when the hand holds nothing else; the others must
        follow the led planet if they can, or play ``AST`` instead; until a Moon card sets the
        led planet, anything goes.
        """
        hand = self.hands[seat]
        distinct = sorted(set(hand))
        if not self.trick:
            return [c for c in distinct if c != AST] or [AST]
        if self.led is None:
            return distinct
        follow = [c for c in distinct if c != AST and suit(c) == self.led]
        if not follow:
            return distinct
        return follow + ([AST] if AST in hand else [])

    def available(self, planet: int) -> bool:
        """Whether a token of ``planet`` can be gained now (in the supply, not blocked)."""
        return self.supply[planet] > 0 and planet != self.blocked

    def tableau_planets(self, seat: int) -> tuple[int, ...]:
        """The planets shown in ``seat``'s tableau, in deck order."""
        return tuple(sorted({suit(c) for c in self.tableaus[seat]}))

    def score(self, seat: int) -> Grouping:
        """``seat``'s score now: the best grouping of its tokens plus its bonus cards."""
        per_token = [0, 0, 0, 0]
        per_set = 0
        for mini, count in zip(MINIS, self.bonuses[seat], strict=True):
            if count and mini.planet is not None:
                per_token[mini.planet] += mini.per_token * count
            per_set += mini.per_set * count
        return final_score(self.tokens[seat], per_token, per_set, *self.points)

    def score_parts(self, seat: int) -> list[dict[str, Any]]:
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
        parts: list[dict[str, Any]] = [
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

    def _mini_actions(self, seat: int) -> list[str]:
        if self.mini_played or not self.minis_on:
            return []
        actions: list[str] = []
        tokens = self.tokens[seat]
        for mini, count in zip(MINIS, self.minis[seat], strict=True):
            if not count:
                continue
            name = f"MINI {mini.name}"
            if mini.effect == "grab":
                actions.extend(f"{name} {PLANETS[p]}" for p in _ALL_PLANETS if self.available(p))
            elif mini.effect == "block":  # a planet with no token left has nothing to block
                if self.blocked is None:
                    actions.extend(f"{name} {PLANETS[p]}" for p in _ALL_PLANETS if self.supply[p])
            elif mini.effect == "token-swap":
                for other in range(self.players):
                    if other == seat:
                        continue
                    for give in _ALL_PLANETS:
                        if not tokens[give] or give == self.blocked:
                            continue
                        actions.extend(
                            f"{name} {other} {PLANETS[give]} {PLANETS[take]}"
                            for take in _ALL_PLANETS
                            if take not in (give, self.blocked) and self.tokens[other][take]
                        )
            elif mini.effect == "tableau-swap":
                hand = sorted({c for c in self.hands[seat] if c != AST})
                actions.extend(
                    f"{name} {CARD_NAMES[out]} {CARD_NAMES[into]}"
                    for out in self.tableaus[seat]
                    for into in hand
                )
            else:
                actions.append(name)
        return actions

    # ------------------------------------------------------------------ chance
    def _start_round(self) -> None:
        n = self.players
        if self.round > 1:
            self.earlier_deals += tuple(
                (seat, tuple(events), tuple(sorted(self.tableaus[seat] + self.played[seat])))
                for seat, events in enumerate(self.deal_events)
            )
        self.phase = DEAL
        self.undealt = list(_FULL_DECK)
        self.deal_left = DECK_SIZE
        self.deal_next = (self.dealer + 1) % n
        self.hands = [[] for _ in range(n)]
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

    def _deal(self, c: int, index: int) -> None:
        seat = self.deal_next
        insort(self.hands[seat], c)
        if c == AST:  # the Asteroids come last in deck order
            left = self.undealt[-1][1] - 1
            if left:
                self.undealt[-1] = (_DEALS[AST], left)
            else:
                self.undealt.pop()
        else:
            self.undealt.remove((_DEALS[c], 1))
        self.deal_events[seat].append(index)
        self.deal_next = (seat + 1) % self.players
        self.deal_left -= 1
        if not self.deal_left:
            self.phase = TABLEAU

    def _draw(self, kind: int, index: int) -> None:
        seat = self.draw_queue.pop(0)
        self.pile[kind] -= 1
        self.minis[seat][kind] += 1
        self.draw_events[seat].append(index)
        if self.phase == SETUP:
            if not self.draw_queue:
                self._start_round()
        else:
            self._after_play()

    # ------------------------------------------------------------------ tableau
    def _choose(self, seat: int, cards: list[int], index: int) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.tableaus[seat] = sorted(cards)
        self.chosen[seat] = True
        self.tableau_events[seat] = index
        if not all(self.chosen):
            return
        self.revealed = True
        if self.first_player is None:
            self.first_player = self.earth = self.highest_tableau()
        self.leader = self.turn = self.first_player
        self.phase = TRICK
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
        if c in self.known[seat]:
            self.known[seat].remove(c)
        if not self.trick and c == AST:
            self.voids[seat] = _ALL_SUITS  # led an Asteroid: nothing else was in hand
        elif self.led is not None and c != AST and suit(c) != self.led:
            self.voids[seat] |= 1 << self.led
        if c != AST and self.led is None:
            self.led = suit(c)
        self.trick.append((seat, c))
        self.played[seat].append(c)
        if c == AST and self.minis_on and any(self.pile):
            self.draw_queue.append(seat)
            return
        self._after_play()

    def _after_play(self) -> None:
        if len(self.trick) < self.players:
            assert self.turn is not None
            self.turn = (self.turn + 1) % self.players
            self.mini_played = False
            return
        self.turn = None
        winner = lowest = None
        owed = 0
        if self.led is not None:
            led = self.led
            winner = max((rank(c), s) for s, c in self.trick if c != AST and suit(c) == led)[1]
            off = [(rank(c), s, c) for s, c in self.trick if c != AST and suit(c) != led]
            if off:
                low = min(off)
                if sum(1 for play in off if play[0] == low[0]) == 1:
                    lowest, owed = low[1], suit(low[2])
        self.last_trick = (tuple(self.trick), winner, lowest)
        if winner is not None:
            self.tricks[winner] += 1
            self.awards.append((winner, self.tableau_planets(winner), False))
        if lowest is not None:
            self.awards.append((lowest, (owed,), False))
        self._run_awards()

    def _end_trick(self) -> None:
        assert self.last_trick is not None
        winner = self.last_trick[1]
        self.blocked = None
        self.trick = []
        self.led = None
        self.tricks_played += 1
        if winner is not None:
            self.leader = winner
        ended = self._end_triggers(round_over=False)
        if ended:
            self._finish(ended)
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
            options = tuple(planet for planet in allowed if self.available(planet))
            if len(options) > 1 or (options and optional):
                self.taker, self.take_options, self.may_pass = seat, options, optional
                return
            if options:
                self._gain(seat, options[0])
        if self.phase == TRICK:
            self._end_trick()
        else:
            self._end_round()

    def _settle_award(self) -> None:
        """The token chosen (or declined): go on with the awards."""
        self.taker, self.take_options, self.may_pass = None, (), False
        self._run_awards()

    def _round_awards(self) -> None:
        assert self.first_player is not None
        self.phase = AWARDS
        self.leader = self.turn = None
        order = [(self.first_player + i) % self.players for i in range(self.players)]
        most = max(self.tricks)
        if most:
            self.awards.extend(
                (seat, _ALL_PLANETS, False) for seat in order if self.tricks[seat] == most
            )
        self.awards.extend(  # a player with no trick *may* take one ("mogą wziąć")
            (seat, self.tableau_planets(seat), True) for seat in order if not self.tricks[seat]
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

    def _end_triggers(self, round_over: bool) -> list[dict[str, Any]]:
        """The end triggers met now, checked after every trick and at the end of each round
        (``round_over``: its awards are given): ``supply-empty`` (the last token was gained)
        and, at the end of a round, ``last-round`` (every player has been first player once:
        ``rounds`` rounds). The game ends when there is any."""
        found: list[dict[str, Any]] = []
        if not any(self.supply):
            found.append({"trigger": "supply-empty"})
        if round_over and self.round == self.players:
            found.append({"trigger": "last-round", "rounds": self.players})
        return found

    def _finish(self, ended: list[dict[str, Any]]) -> None:
        self.phase = OVER
        self.leader = self.turn = None
        self.ended = tuple(ended)

    # ------------------------------------------------------------------ Mini-Asteroids
    def _mini(self, seat: int, words: list[str], index: int) -> None:
        kind = MINI_INDEX[words[0]]
        mini = MINIS[kind]
        self.minis[seat][kind] -= 1
        self.mini_plays[seat].append((index, kind))
        self.mini_played = True
        if mini.kept:
            self.bonuses[seat][kind] += 1
            return
        self.discard[kind] += 1
        if mini.effect == "grab":
            self._gain(seat, PLANET_INDEX[words[1]])
        elif mini.effect == "block":
            self.blocked = PLANET_INDEX[words[1]]
        elif mini.effect == "token-swap":
            other, give, take = int(words[1]), PLANET_INDEX[words[2]], PLANET_INDEX[words[3]]
            self.tokens[seat][give] -= 1
            self.tokens[other][give] += 1
            self.tokens[other][take] -= 1
            self.tokens[seat][take] += 1
        elif mini.effect == "tableau-swap":
            out, into = card(words[1]), card(words[2])
            tableau, hand = self.tableaus[seat], self.hands[seat]
            tableau.remove(out)
            insort(tableau, into)
            hand.remove(into)
            insort(hand, out)
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
        for other, events, _ in self.earlier_deals:
            if other != seat:
                masked.update(dict.fromkeys(events, "DEAL ?"))
        return masked

    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        others = [other for other in range(self.players) if other != seat]
        if self.phase != SETUP:
            self._redraw_cards(others, rng)
        for other, events, cards in self.earlier_deals:
            if other != seat:  # only the order in which each hand was dealt is unknown
                order = list(cards)
                rng.shuffle(order)
                for index, c in zip(events, order, strict=True):
                    self._rewrite_chance(index, _DEALS[c])
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
        deck = [card(outcome[5:]) for outcome, count in self.undealt for _ in range(count)]
        sizes.append(len(deck))
        allowed.append(ALL_KINDS)
        # Sorted, so that states a seat cannot tell apart resample alike from the same generator.
        places = deal_hidden(sorted(unseen + deck), sizes, allowed, rng)
        rest = sorted(places.pop())
        self.undealt = [(_DEALS[c], rest.count(c)) for c in sorted(set(rest))]
        for other, cards in zip(others, places, strict=True):
            if self._tableau_hidden(other):
                # The choice was the player's, not chance's: any of those the deal allowed.
                tableau = rng.sample([c for c in cards if c != AST], len(self.tableaus[other]))
                for c in tableau:
                    cards.remove(c)
                self.tableaus[other] = sorted(tableau)
                index = self.tableau_events[other]
                assert index is not None
                self._rewrite_history(index, other, tableau_action(tableau))
            self.hands[other] = sorted(cards + self.known[other])
            dealt = self.hands[other] + self.tableaus[other] + self.played[other]
            rng.shuffle(dealt)
            for index, c in zip(self.deal_events[other], dealt, strict=True):
                self._rewrite_chance(index, _DEALS[c])

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
                self._rewrite_chance(index, f"DRAW {MINIS[kind].name}")
        rest = pool[start:]
        self.pile = [rest.count(kind) for kind in range(len(MINIS))]

    # ------------------------------------------------------------------ copies and pictures
    def _copy_into(self, other: MoonsState) -> None:
        other.supply = list(self.supply)
        other.tokens = [list(row) for row in self.tokens]
        other.minis = [list(row) for row in self.minis]
        other.pile = list(self.pile)
        other.discard = list(self.discard)
        other.bonuses = [list(row) for row in self.bonuses]
        other.undealt = list(self.undealt)
        other.hands = [list(row) for row in self.hands]
        other.tableaus = [list(row) for row in self.tableaus]
        other.chosen = list(self.chosen)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other.draw_queue = list(self.draw_queue)
        other.awards = list(self.awards)
        other.voids = list(self.voids)
        other.known = [list(row) for row in self.known]
        other.played = [list(row) for row in self.played]
        other.deal_events = [list(row) for row in self.deal_events]
        other.draw_events = [list(row) for row in self.draw_events]
        other.mini_plays = [list(row) for row in self.mini_plays]
        other.tableau_events = list(self.tableau_events)

    def _snapshot(self) -> dict[str, Any]:
        last = self.last_trick
        return {
            "phase": self.phase,
            "round": self.round,
            "dealer": self.dealer,
            "first_player": self.first_player,
            "earth": self.earth,
            "leader": self.leader,
            "turn": self.turn,
            "supply": list(self.supply),
            "tokens": [list(row) for row in self.tokens],
            "blocked": self.blocked,
            "minis": [list(row) for row in self.minis],
            "pile": list(self.pile),
            "discard": list(self.discard),
            "bonuses": [list(row) for row in self.bonuses],
            "undealt": [[outcome, count] for outcome, count in self.undealt],
            "deal_left": self.deal_left,
            "deal_next": self.deal_next,
            "hands": [list(row) for row in self.hands],
            "tableaus": [list(row) for row in self.tableaus],
            "chosen": list(self.chosen),
            "revealed": self.revealed,
            "tricks": list(self.tricks),
            "tricks_played": self.tricks_played,
            "trick": [list(play) for play in self.trick],
            "led": self.led,
            "mini_played": self.mini_played,
            "last_trick": None
            if last is None
            else [[list(play) for play in last[0]], last[1], last[2]],
            "draw_queue": list(self.draw_queue),
            "awards": [[seat, list(planets), optional] for seat, planets, optional in self.awards],
            "taker": self.taker,
            "take_options": list(self.take_options),
            "may_pass": self.may_pass,
            "voids": list(self.voids),
            "known": [list(row) for row in self.known],
            "played": [list(row) for row in self.played],
            "deal_events": [list(row) for row in self.deal_events],
            "draw_events": [list(row) for row in self.draw_events],
            "mini_plays": [[list(play) for play in row] for row in self.mini_plays],
            "tableau_events": list(self.tableau_events),
            "ended": [dict(entry) for entry in self.ended],
            "earlier_deals": [
                [seat, list(events), list(cards)] for seat, events, cards in self.earlier_deals
            ],
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        from moonbase.games.moons.view import seat_view

        return seat_view(self, seat)

    def _scores(self) -> list[float]:
        return [float(self.score(seat).points) for seat in range(self.players)]

    def _winners(self) -> list[int]:
        def rank_of(seat: int) -> tuple[int, int, int]:
            grouping = self.score(seat)
            return grouping.points, grouping.sets, sum(self.tokens[seat])

        best = max(rank_of(seat) for seat in range(self.players))
        return [seat for seat in range(self.players) if rank_of(seat) == best]

    def _render(self) -> str:
        from moonbase.games.moons.render import render

        return render(self)
