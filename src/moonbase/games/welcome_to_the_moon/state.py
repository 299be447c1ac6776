"""Welcome to the Moon's turn: :class:`WelcomeState`, a game in progress.

A game runs through these phases (``state.phase``):

* ``draw`` — chance: at setup the missions not fixed by the option (``MISSION A2``), then the card
  flipped on pile 1, 2, 3 and the card showing its number on pile 1, 2, 3
  (``DRAW 2 7 ENERGY``); at each later turn the number card of each pile flips by itself and a
  new number card is drawn per pile. Solo: three cards from the one deck (``DRAW 7 ENERGY``,
  ``DRAW SOLO A``);
* ``effect`` — solo only: the player chooses what an ASTRA card crosses off (``CROSS #59``);
* ``play`` — every seat that has not finished phases 2–4 acts at once: one ``WRITE`` (or
  ``ERROR``), then its sub-steps. When the last seat finishes, the choices are revealed and the
  turn ends: ASTRA's card (solo), phase 5 (multiplayer), phase 6 missions, the end triggers;
* ``over``.

Piles are multisets, never orders: each is kept as its cards in card order (a ``bytearray`` of
card indices), so a draw is one index into it. In the first pass the three piles draw from the
cards no pile has shown yet (which is the same game as three shuffled piles of 21); a pile that
runs out shuffles only its own discard, which is then a known multiset. A card's back (its
action) stays hidden from every seat until it flips, so the only hidden things are those backs,
the piles' order (future chance) and other seats' choices this turn.
:meth:`WelcomeState._redraw` redraws the first and the third from what the seat can know, and
``history_for(seat)`` shows them masked: ``DRAW 2 7 ?`` for a number card whose back is hidden,
``?`` for another seat's choice not yet revealed.

Shared sheets (adventure 8): ``sheets`` holds one sheet per seat, but the sheet a seat writes on
this turn is ``sheets[writing(seat)]`` (:meth:`~.adventures.engine.Engine.sheet_for`: its own
by default, a neighbour's on odd turns in adventure 8). Each sheet has at most one writer per
turn, so its per-turn fields are that writer's; ``turn_start`` is kept per sheet, and a sheet
written this turn is shown as it was at the start of the turn to everyone but its writer
(its owner included) until the turn is revealed. ``Engine.start_turn`` prepares the sheets at
each turn, ``meets``/``seat_penalty`` read a seat's missions and tie-break from every sheet, and
in solo ``astra_turn`` lets ASTRA play the turn's first card (adventure 8).

>>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
>>> state = WelcomeGame(players=3).new(seed=4)
>>> state.phase, state.to_act, state.turn
(<Phase.PLAY: 'play'>, (0, 1, 2), 1)
>>> before = state.view(0)["sheets"][1]
>>> state.apply(1, "WRITE 1 WILD.1")
>>> state.to_act, state.view(0)["sheets"][1] == before, state.view(1)["sheet"] == before
((0, 2), True, False)
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from moonbase.core import CHANCE, State
from moonbase.core.fields import Copy
from moonbase.games.welcome_to_the_moon.adventures import Combination, Context, Engine, adventure
from moonbase.games.welcome_to_the_moon.adventures.engine import (
    mission_requirements,
    mission_tests,
)
from moonbase.games.welcome_to_the_moon.adventures.turn import with_total
from moonbase.games.welcome_to_the_moon.astra import (
    ASTRA_ADVENTURES,
    ROCKETS,
    astra_rockets,
    astra_score,
)
from moonbase.games.welcome_to_the_moon.cards import (
    ACTIONS,
    CARD_TYPES,
    DECK_COUNTS,
    DECK_SIZE,
    PILE_SIZE,
    PILES,
    SOLO_CARDS,
)
from moonbase.games.welcome_to_the_moon.missions import LETTERS, MISSION_CARDS
from moonbase.games.welcome_to_the_moon.notation import Choice, Notation, labels, notation
from moonbase.games.welcome_to_the_moon.render import render_view
from moonbase.games.welcome_to_the_moon.sheet import Sheet
from moonbase.games.welcome_to_the_moon.solo_deck import DeckField, SoloDeck
from moonbase.games.welcome_to_the_moon.view import WelcomeView, seat_view
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.games.welcome_to_the_moon.game import WelcomeGame

__all__ = ["Phase", "WelcomeState"]


class Phase(Enum):
    """Where a game of Welcome to the Moon is (the view writes the value)."""

    DRAW = "draw"
    """Waiting for a card or a mission card (a chance node)."""
    EFFECT = "effect"
    """Solo: the player chooses what an ASTRA effect card crosses off."""
    PLAY = "play"
    """Seats choose, write and act, all at once."""
    RESOLVE = "resolve"
    """Seats resolve sub-steps the adventure left on their sheets outside phase 4 (adventure 6:
    the setup infection, phase-5 propagations), all at once and in view of everyone."""
    OVER = "over"
    """The game has ended."""


_TYPES: Final = len(CARD_TYPES)
_DONE: Final = Sheet.DONE
_FLIP: Final = 10
"""Queue code ``10 + p``: the setup card flipped on pile p."""
_NUMBER: Final = 20
"""Queue code ``20 + p``: the card showing its number on pile p."""
_SOLO: Final = 30
"""Queue code ``30 + i``: solo card i of this turn (codes 0–2: mission letters)."""
_BOTTOM: Final = 2 * PILE_SIZE
"""Solo first pass: the effect cards lie below the first 42 cards."""
_SOLO_DECK: Final = DECK_SIZE + len(SOLO_CARDS)
"""Solo: the 63 starship cards and the 3 effect cards."""

_DECK_CARDS: Final = bytes(card for card, count in enumerate(DECK_COUNTS) for _ in range(count))
"""The 63 starship cards, in card order (how a pile is kept)."""
_ACTION_OF: Final = tuple(action for _, action in CARD_TYPES)
"""Per card type, the index of its action."""


def _offers(labels: Sequence[str]) -> tuple[tuple[tuple[Combination, ...], ...], ...]:
    """Per place in the offer (labelled ``labels[place]``), number card and action (by
    :data:`_ACTION_OF`): the combination, made once, so a turn's offer is a few lookups."""
    return tuple(
        tuple(
            tuple(Combination(label, number, action, place) for action in ACTIONS)
            for number, _ in CARD_TYPES
        )
        for place, label in enumerate(labels)
    )


_PILE_OFFERS: Final = _offers(labels(solo=False))
"""Per pile, number card and action: the pile's combination."""
_SOLO_OFFERS: Final = _offers(labels(solo=True))
"""Solo: per pairing (number card, action card), number card and action: the combination."""


class WelcomeState(State[WelcomeView]):
    """A Welcome to the Moon game in progress. Create one with ``WelcomeGame(...).new(seed)``.

    Per-seat lists are indexed by seat; cards are indices into
    :data:`~moonbase.games.welcome_to_the_moon.cards.CARD_TYPES` (solo effect cards follow them).
    """

    game: WelcomeGame

    FIELDS: ClassVar[Mapping[str, Copy]] = {
        "adventure": Copy.CACHE,  # the rules (shared, immutable): the options give them
        "tables": Copy.CACHE,  # the notation's tables: the options give them
        "players": Copy.SHARED,
        "solo": Copy.SHARED,
        "level": Copy.SHARED,
        "turn": Copy.SHARED,
        "phase": Copy.SHARED,
        "sheets": Copy.OBJECTS,
        "turn_start": Copy.FLAT,  # a sheet taken is never changed: shared
        "turn_events": Copy.NESTED,
        "mission_cards": Copy.FLAT,
        "high_taken": Copy.FLAT,
        "claimed": Copy.NESTED,
        "astra_claimed": Copy.FLAT,
        "unseen": Copy.FLAT,
        "first_left": Copy.FLAT,
        "pools": Copy.NESTED,
        "discards": Copy.NESTED,
        "action_cards": Copy.FLAT,
        "number_cards": Copy.FLAT,
        "number_events": Copy.FLAT,
        "number_first": Copy.FLAT,
        "solo_deck": Copy.OBJECT,
        "offer": Copy.SHARED,  # never changed in place
        "queue": Copy.FLAT,
        "resolving": Copy.SHARED,
        "acting": Copy.SHARED,  # a tuple, replaced
    }

    # Solo: the fields of ``solo_deck``, read and written by their names.
    solo_unseen: DeckField[bytearray] = DeckField()
    pass_number: DeckField[int] = DeckField()
    deck: DeckField[bytearray] = DeckField()
    discard: DeckField[bytearray] = DeckField()
    cards: DeckField[list[int]] = DeckField()
    effect: DeckField[str] = DeckField()
    astra_cards: DeckField[list[int]] = DeckField()

    def __init__(self, game: WelcomeGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        self.adventure: Engine = adventure(game.adventure)
        self.tables: Notation = notation(game.adventure, game.seats == 1)
        n = self.players = game.seats
        self.solo = n == 1
        self.level = game.level
        self.turn = 1
        self.phase = Phase.DRAW
        self.sheets = [self.adventure.new_sheet(self.solo) for _ in range(n)]
        self.adventure.start_turn(self.sheets, 1)
        self.turn_start: list[Sheet | None] = [None] * n
        """Per sheet, the sheet before its writer's first action of a turn not yet revealed."""
        self.turn_events: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the history indices of its actions this turn (until revealed)."""
        # --- missions
        fixed = game.fixed_missions
        self.mission_cards: list[str] = list(fixed) if fixed else ["", "", ""]
        self.high_taken = [False, False, False]
        self.claimed: list[list[int]] = [[], [], []]
        self.astra_claimed = [False, False, False]
        # --- the cards
        self.unseen = bytearray(_DECK_CARDS)
        """Starship cards not drawn yet in the first pass, in card order."""
        self.first_left = [PILE_SIZE] * PILES
        self.pools = [bytearray() for _ in range(PILES)]
        """Per pile, what its reshuffled draw pile still holds, in card order."""
        self.discards = [bytearray() for _ in range(PILES)]
        """Per pile, its discard, in card order."""
        self.action_cards = [-1] * PILES
        self.number_cards = [-1] * PILES
        self.number_events = [-1] * PILES
        """History index of each number card's draw while its back is hidden (-1: none)."""
        self.number_first = [True] * PILES
        """Whether each number card came from the first pass (else from its pile's reshuffle)."""
        # --- solo
        self.solo_deck = SoloDeck(_TYPES)
        self.offer: list[Combination] = []
        """The combinations of this turn (a copy of :meth:`combinations`, never changed)."""
        self.queue: list[int] = [i for i in range(3) if not self.mission_cards[i]]
        if self.solo:
            self.queue += [_SOLO, _SOLO + 1, _SOLO + 2]
        else:
            self.queue += [code + pile for code in (_FLIP, _NUMBER) for pile in range(PILES)]
        self.resolving = ""
        """In phase ``resolve``: ``setup`` (before the first draw) or ``turn`` (phases 5–6)."""
        self.acting: tuple[int, ...] = ()
        """In phases ``play`` and ``resolve``: the seats whose sheet of this turn is not done
        (:meth:`_unfinished` as the phase begins, then each seat taken out as its sheet is
        done, rather than every sheet read again after every action)."""
        if any(sheet.stage == Sheet.ACTING for sheet in self.sheets):
            self.phase, self.resolving = Phase.RESOLVE, "setup"
            self.acting = self._unfinished()

    # ------------------------------------------------------------------ protocol hooks
    def _actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is Phase.DRAW:
            return (CHANCE,)
        if phase is Phase.PLAY or phase is Phase.RESOLVE:
            return self.acting
        if phase is Phase.EFFECT:
            return (0,)
        return ()

    def _unfinished(self) -> tuple[int, ...]:
        """The seats whose sheet of this turn is not done."""
        sheets, writing = self.sheets, self.writing
        return tuple(seat for seat in range(self.players) if sheets[writing(seat)].stage != _DONE)

    def _legal_ids(self, seat: int) -> list[int]:
        if self.phase is Phase.EFFECT and self.solo_deck.effect:
            cross = self.tables.cross
            targets = self.adventure.solo_targets(self.sheets[0], self.solo_deck.effect)
            return sorted(cross[slot] for slot in targets)
        return self._sheet_ids(self.sheets[self.writing(seat)])

    def _sheet_ids(self, sheet: Sheet) -> list[int]:
        """The ids of every action allowed on ``sheet`` now, ascending."""
        if sheet.stage != Sheet.CHOOSE:
            return sorted(map(self.tables.ids.__getitem__, self.adventure.steps(sheet)))
        tables = self.tables
        actions = self.adventure.writes(sheet, self.offer, tables.rows)
        if self.solo:
            if not actions:
                actions = list(tables.errors)
            if sheet.solo_bonus > sheet.solo_used:
                twin = tables.bonus_twin
                actions += [twin[action] for action in actions]
        elif not actions:
            return [tables.errors[0]]
        actions.sort()
        return actions

    def _asking(self, seat: int) -> str:
        phase = self.phase
        if phase is Phase.EFFECT and self.solo_deck.effect:
            return _("an ASTRA card is resolved first: choose what it crosses off (CROSS #<slot>)")
        sheet = self.sheets[self.writing(seat)]
        if phase is not Phase.PLAY:
            return _("steps to resolve first: {steps}").format(steps=", ".join(sheet.pending))
        if sheet.stage != Sheet.CHOOSE:
            return _(
                "this turn's combination is chosen; finish its steps "
                "(steps left this turn: {steps})"
            ).format(steps=", ".join(sheet.pending))
        if self.adventure.writes(sheet, self.offer, self.tables.rows):
            return _(
                "first choose a combination and a space where it fits (WRITE …); "
                "a combination can be written, so ERROR is not allowed"
            )
        return _("no combination can be written: ERROR")

    def _chance_weights(self) -> list[tuple[int, int]]:
        head = self.queue[0]
        if head < _FLIP:
            one, two = self.tables.missions[head]
            return [(one, 1), (two, 1)]
        draws, cards = self._draw_pool(head)
        return [(draws[card], cards.count(card)) for card in dict.fromkeys(cards)]

    def _draw_pool(self, head: int) -> tuple[Sequence[int], bytes | bytearray]:
        """The draw the queue's ``head`` waits for: per card the id of its draw, and the cards
        it is drawn from, in card order (solo: the deck's first 42 cards are starship cards,
        then the effect cards join them)."""
        tables = self.tables
        if head >= _SOLO:
            deck = self.solo_deck
            if deck.pass_number == 2:
                return tables.solo_draws, deck.deck
            if deck.drawn >= _BOTTOM:  # the effect cards follow every starship card in card order
                return tables.solo_draws, self.unseen + deck.solo_unseen
            return tables.solo_draws, self.unseen
        pile = head % 10  # a setup's flip draws from the first pass
        return tables.pile_draws[pile], self.unseen if self.first_left[pile] else self.pools[pile]

    def _do(self, seat: int, action: int) -> None:
        index = len(self._history) - 1
        if seat == CHANCE:
            self._drawn(action, index)
            self._advance()
            return
        phase = self.phase
        written = self.writing(seat)
        sheet = self.sheets[written]
        if phase is Phase.EFFECT and self.solo_deck.effect:
            target = self.tables.decoded[action]
            assert isinstance(target, int)
            self.adventure.solo_effect(sheet, self.solo_deck.effect, target)
            self.solo_deck.effect = ""
        else:
            if phase is Phase.PLAY:
                if sheet.stage == Sheet.CHOOSE:
                    if self.solo:
                        self._note_solo_choice(action)
                    else:
                        self.turn_start[written] = sheet.copy()
                self.turn_events[seat].append(index)
            self.act(sheet, action)
        if phase is Phase.EFFECT:
            if sheet.stage != Sheet.ACTING:  # else the effect left sub-steps on the sheet
                self._deal()
        elif sheet.stage == _DONE:
            acting = self.acting  # the seat acts no more
            at = acting.index(seat)
            self.acting = acting = acting[:at] + acting[at + 1 :]
            if acting:  # every sheet has its writer: when none acts, all are done
                return
            if phase is Phase.PLAY:
                self._end_turn()
            elif self.resolving == "turn":
                self._resolve()
            else:  # the setup's sub-steps are resolved: the first turn is dealt
                self.resolving = ""
                self._deal()

    # ------------------------------------------------------------------ queries
    def combinations(self) -> list[Combination]:
        """The combinations on offer this turn: three (pile 1–3), or in solo the six pairings of
        one card's number with another card's action (``[]`` while cards are drawn)."""
        if self.solo:
            one, two, three = self.solo_deck.cards  # comparisons: min() and max() cost more
            if not (0 <= one < _TYPES and 0 <= two < _TYPES and 0 <= three < _TYPES):
                return []
            pairs, of = _SOLO_OFFERS, _ACTION_OF  # in the order of _SOLO_PAIRS
            return [
                pairs[0][one][of[two]],
                pairs[1][one][of[three]],
                pairs[2][two][of[one]],
                pairs[3][two][of[three]],
                pairs[4][three][of[one]],
                pairs[5][three][of[two]],
            ]
        n1, n2, n3 = self.number_cards
        a1, a2, a3 = self.action_cards
        if n1 < 0 or n2 < 0 or n3 < 0 or a1 < 0 or a2 < 0 or a3 < 0:
            return []
        piles, of = _PILE_OFFERS, _ACTION_OF
        return [piles[0][n1][of[a1]], piles[1][n2][of[a2]], piles[2][n3][of[a3]]]

    def writing(self, seat: int) -> int:
        """The index of the sheet ``seat`` writes on this turn (its own but in adventure 8)."""
        adventure = self.adventure
        if not adventure.shares_sheets:  # its own: no call to ask (this runs every decision)
            return seat
        return adventure.sheet_for(seat, self.turn, self.players)

    def writer(self, index: int) -> int | None:
        """The seat writing on sheet ``index`` this turn (``None``: nobody)."""
        return next((s for s in range(self.players) if self.writing(s) == index), None)

    def visible_sheet(self, owner: int, viewer: int | None) -> Sheet:
        """``owner``'s sheet as ``viewer`` sees it: as it was at the start of the turn while
        its writer's choices this turn are hidden."""
        start = self.turn_start[owner]
        if start is not None and self.writer(owner) != viewer:
            return start
        return self.sheets[owner]

    def context(self, sheets: list[Sheet] | None = None) -> Context:
        """What a score compares a sheet with (``sheets``: as some seat sees them)."""
        return Context(sheets or self.sheets, self.solo_deck.astra_cards if self.solo else None)

    def astra(self) -> int:
        """ASTRA's score now (solo)."""
        return astra_score(self.adventure.number, self.level, self.solo_deck.astra_cards)

    def deck_left(self) -> int:
        """Solo: cards left in the deck."""
        deck = self.solo_deck
        return len(deck.deck) if deck.pass_number == 2 else _SOLO_DECK - deck.drawn

    # ------------------------------------------------------------------ a seat's actions
    def act(self, sheet: Sheet, action: int | str) -> None:
        """Carry out ``action`` (its id or its text), legal for the seat writing on ``sheet``
        now, on ``sheet``: that sheet, or a copy to see where the action leads.

        >>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
        >>> state = WelcomeGame(players=2, missions="A1,B1,C1").new(seed=3)
        >>> trial = state.sheets[0].copy()
        >>> state.act(trial, "WRITE 3 WILD.8")  # or its id, state.game.action_id(…)
        >>> trial.done, state.sheets[0].done
        (True, False)
        """
        adventure, tables = self.adventure, self.tables
        if sheet.stage != Sheet.CHOOSE:  # a sub-step: its text is all the rules read
            adventure.step(sheet, action if isinstance(action, str) else tables.texts[action])
        else:
            choice = tables.decoded[action if isinstance(action, int) else tables.ids[action]]
            assert isinstance(choice, Choice)
            if choice.bonus:
                sheet.solo_used += 1
            if choice.error:
                adventure.error(sheet)
            else:
                combo = self.offer[choice.combo]
                adventure.write(sheet, combo, choice.slot, choice.modified, choice.wild)
        adventure.settle(sheet)

    def _note_solo_choice(self, action: int) -> None:
        choice = self.tables.decoded[action]
        assert isinstance(choice, Choice)
        if choice.error:  # the two cards ASTRA does not take
            number, act = (card for card in (1, 2, 3) if card != choice.card)
        else:
            number, act = (int(card) for card in choice.label.split())
        self.solo_deck.solo_choice = [number, act, 6 - number - act, int(choice.bonus)]

    # ------------------------------------------------------------------ cards
    def _drawn(self, outcome: int, index: int) -> None:
        """Carry out the chance outcome for the queue's head, at history ``index``."""
        head = self.queue.pop(0)
        pile, card = self.tables.outcomes[outcome]
        if head < _FLIP:
            self.mission_cards[head] = MISSION_CARDS[card]
        elif head >= _SOLO:
            self._draw_solo(head - _SOLO, card)
        else:
            first = self.first_left[pile] > 0  # always, for a setup's flip
            if first:
                self.unseen.remove(card)
                self.first_left[pile] -= 1
            else:
                self.pools[pile].remove(card)
            if head < _NUMBER:
                self.action_cards[pile] = card
                return
            self.number_cards[pile] = card
            self.number_events[pile] = index
            self.number_first[pile] = first

    def _draw_solo(self, position: int, card: int) -> None:
        self.solo_deck.drawn += 1
        if self.solo_deck.pass_number == 2:
            self.solo_deck.deck.remove(card)
        elif card < _TYPES:
            self.unseen.remove(card)
        else:
            self.solo_deck.solo_unseen.remove(card)
        self.solo_deck.cards[position] = card
        if card < _TYPES:
            if position == 0 and self.adventure.plays_astra:
                number, action = CARD_TYPES[card]  # ASTRA plays the turn's first card herself
                self.adventure.astra_turn(self.sheets[0], number, ACTIONS[action])
                self._after_astra()
            return
        letter = SOLO_CARDS[card - _TYPES]
        effect = self.adventure.solo_card(letter, self.solo_deck.pass_number)
        insort(self.solo_deck.discard, card)
        self.queue.insert(0, _SOLO + position)
        sheet = self.sheets[0]
        if self.solo_deck.pass_number == 2:
            mission = LETTERS.index(letter)
            self.astra_claimed[mission] = True
            if sheet.missions[mission] < 0:
                self.high_taken[mission] = True
        if letter not in ASTRA_ADVENTURES[self.adventure.number].effect_letters:
            return
        if self.adventure.solo_targets(sheet, effect):
            self.phase = Phase.EFFECT
            self.solo_deck.effect = effect
        else:
            self.adventure.solo_effect(sheet, effect, None)
            self._after_astra()

    def _after_astra(self) -> None:
        """An ASTRA card has acted on the sheet: the player chooses its sub-steps first (phase
        ``effect``), or a sheet it left done starts its turn again."""
        sheet = self.sheets[0]
        if sheet.stage == Sheet.ACTING:
            self.phase = Phase.EFFECT
        elif sheet.stage == Sheet.DONE:
            sheet.new_turn()

    def _advance(self) -> None:
        """After a draw: wait for the next card (solo: reshuffle an empty deck), or start playing.

        Auto chance mode draws the turn's cards here, one by one as the core would (the same seed
        and chance counter), and records them together: no round through the core per card."""
        explicit = self._explicit
        drawn: list[int] = []  # auto mode: the outcomes drawn, recorded once the draws stop
        index = len(self._history)  # the history index of the next one
        while self.phase is Phase.DRAW:
            queue = self.queue
            if not queue:
                self.phase = Phase.PLAY
                self.acting = self._unfinished()
                self.offer = self.combinations()
                break
            head = queue[0]
            if head < _SOLO or self.deck_left():
                if explicit:
                    return
                word = self._chance_word(len(drawn))  # this draw's event: after those drawn
                if head < _FLIP:
                    outcome = self.tables.mission_tables[head].outcome(word)
                else:
                    draws, cards = self._draw_pool(head)
                    outcome = draws[cards[word % len(cards)]]
                drawn.append(outcome)
                self._drawn(outcome, index)
                index += 1
                continue
            deck = self.solo_deck
            assert deck.pass_number == 1, "a turn begins only when the deck can deal it whole"
            deck.pass_number, deck.drawn = 2, 0
            deck.deck, deck.discard = deck.discard, bytearray()  # the discard is reshuffled
        if drawn:
            self._record_chance(drawn)

    def _begin_turn(self) -> None:
        self.turn += 1
        self.adventure.start_turn(self.sheets, self.turn)
        if self.solo:
            self.solo_deck.cards = [-1, -1, -1]
            self.queue = [_SOLO, _SOLO + 1, _SOLO + 2]
        else:
            discards, pools, first_left = self.discards, self.pools, self.first_left
            for pile, card in enumerate(self.action_cards):
                insort(discards[pile], card)
                if not first_left[pile] and not pools[pile]:
                    pools[pile], discards[pile] = discards[pile], bytearray()  # reshuffled
            self.action_cards = self.number_cards  # the number cards flip: their actions show
            self.number_cards = [-1] * PILES
            self.number_events = [-1] * PILES
            self.queue = [_NUMBER + pile for pile in range(PILES)]
        self._deal()

    def _deal(self) -> None:
        """Every sheet waits for a combination: draw the turn's cards (or those still owed)."""
        for sheet in self.sheets:
            sheet.new_turn()
        self.phase = Phase.DRAW
        self._advance()

    # ------------------------------------------------------------------ the end of a turn
    def _end_turn(self) -> None:
        self.turn_start = [None] * self.players
        for events in self.turn_events:
            events.clear()
        if self.solo:
            self._give_astra()
            self.adventure.solo_phase5(self.sheets[0])
        else:
            self.adventure.phase5(self.sheets)
        self._resolve()

    def _resolve(self) -> None:
        """Phases 5–6 once phase 4 is over: wait for sub-steps left on sheets (phase
        ``resolve``), check missions, and again while missions release something; then end the
        game or begin the next turn."""
        while True:
            for sheet in self.sheets:  # a loop: _unfinished() costs several times more
                if sheet.stage != _DONE:
                    self.phase, self.resolving = Phase.RESOLVE, "turn"
                    self.acting = self._unfinished()
                    return
            self._missions()
            if not self.adventure.after_missions(self.sheets):
                break
        for index, seats in enumerate(self.claimed):
            if seats:  # claimed this turn or before: the high value is gone from the next turn
                self.high_taken[index] = True
        self.resolving = ""
        if self._ends():
            self.phase = Phase.OVER
        else:
            self._begin_turn()

    def _give_astra(self) -> None:
        """Solo: the cards played go to the discard, the third to ASTRA (or, for a solo bonus,
        to the discard too)."""
        deck = self.solo_deck
        number, act, third, bonus = deck.solo_choice
        for used in (number, act, third) if bonus else (number, act):
            insort(deck.discard, deck.cards[used - 1])
        if not bonus:
            deck.astra_cards[CARD_TYPES[deck.cards[third - 1]][1]] += 1

    def _missions(self) -> None:
        """Phase 6: every sheet meeting a mission it has not accomplished accomplishes it; all who
        do so in the turn it is first met take the high value (``high_taken`` is set as the turn
        ends, so a check repeated in that turn still pays it)."""
        adventure, sheets = self.adventure, self.sheets
        claims: list[tuple[int, list[int]]] = []  # every claim first: a reward changes sheets
        own = adventure.reads_own_sheet  # then each requirement reads the marks: one call a sheet
        cards = tuple(self.mission_cards)
        tests: Sequence[Callable[..., bool]] = (
            mission_requirements(adventure, cards) if own else mission_tests(adventure, cards)
        )
        for index, test in enumerate(tests):
            seats = []  # a plain loop: a comprehension is a call of its own, every turn
            for seat, sheet in enumerate(sheets):
                if sheet.missions[index] < 0 and (test(sheet.marks) if own else test(sheets, seat)):
                    seats.append(seat)
            if seats:
                claims.append((index, seats))
        for index, seats in claims:
            mission = adventure.missions[self.mission_cards[index]]
            value = mission.low if self.high_taken[index] else mission.high
            for seat in seats:
                sheets[seat].missions[index] = value
                adventure.reward(sheets[seat], mission, value)
                self.claimed[index].append(seat)

    def end_triggers(self) -> list[dict[str, Any]]:
        """The end triggers met now, checked at the end of each turn: the game ends when there
        is any. Each is ``{"trigger": code, ...}``: the sheets' (the adventure's
        :meth:`~.adventures.engine.Engine.end_triggers`), then solo ASTRA's (``astra-rockets``,
        ``deck-out``). Once the game is over, this is the view's ``ended`` (:mod:`.view` lists
        every code).

        >>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
        >>> WelcomeGame(players=2).new(seed=1).end_triggers()
        []
        """
        adventure, sheets = self.adventure, self.sheets
        found: list[dict[str, Any]] = []
        for index in range(self.players):
            found += adventure.end_triggers(sheets, index)
        return found + self._astra_triggers() if self.solo else found

    def _ends(self) -> bool:
        """Whether :meth:`end_triggers` lists any trigger, without building the sheets' lists
        (the end of every turn asks: building them cost 2–3 % of a random game)."""
        adventure, sheets = self.adventure, self.sheets
        ends = adventure.ends
        for index in range(self.players):
            if ends(sheets, index):
                return True
        return self.solo and bool(self._astra_triggers())

    def _astra_triggers(self) -> list[dict[str, Any]]:
        """Solo: ASTRA's end triggers met now (``astra-rockets``, ``deck-out``)."""
        found: list[dict[str, Any]] = []
        cards = self.solo_deck.astra_cards
        if self.adventure.number == 1 and astra_rockets(self.level, cards) >= ROCKETS:
            found.append({"trigger": "astra-rockets", "rockets": ROCKETS})
        left, needed = self.starship_cards_left(), len(self.solo_deck.cards)
        if left < needed:
            found.append({"trigger": "deck-out", "left": left, "needed": needed})
        return found

    def starship_cards_left(self) -> int:
        """Solo: the starship cards the next turn can still draw: those in the deck, and in the
        first pass those in the discard that will be reshuffled into the second.

        A turn needs three; with fewer, the deck runs out a second time before the turn is
        played, so the game ends after the turn before it and that turn's cards are never drawn
        (``astra.md`` §3, §10): they could have no effect.

        >>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
        >>> WelcomeGame(players=1).new(seed=1).starship_cards_left()
        60
        """
        deck = self.solo_deck  # the effect cards follow the starship cards
        if deck.pass_number == 2:
            return bisect_left(deck.deck, _TYPES)
        return len(self.unseen) + bisect_left(deck.discard, _TYPES)

    # ------------------------------------------------------------------ hidden information
    def _masked(self, seat: int | None) -> dict[int, str]:
        """The draws of the number cards whose backs are hidden (``DRAW 2 7 ?``) and, until
        the turn is revealed, the other seats' choices (``?``). Solo hides nothing."""
        if self.solo:
            return {}
        shown = self.tables.masked_draws
        masked = {index: shown[self._entry(index)[1]] for index in self.number_events if index >= 0}
        for other, events in enumerate(self.turn_events):
            if other != seat:
                masked.update((index, "?") for index in events)
        return masked

    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        if self.solo:
            return  # solo: every card drawn is seen whole, and nobody else chooses
        self._redraw_backs(rng)
        if self.phase is Phase.PLAY:
            for other in range(self.players):
                if other != seat and self.turn_events[other]:
                    self._redraw_choices(other, rng)

    def _redraw_backs(self, rng: random.Random) -> None:
        """Put every hidden back into its pool, then deal each again among its pool's cards of the
        number it shows: this reads only what a seat can know, and every assignment of backs
        gets the probability the shuffled piles give it."""
        hidden = {  # each pile's pool: the first pass (shared), else the pile's own reshuffle
            pile: self.unseen if self.number_first[pile] else self.pools[pile]
            for pile in range(PILES)
            if self.number_events[pile] >= 0
        }
        for pile, pool in hidden.items():
            insort(pool, self.number_cards[pile])
        for pile, pool in hidden.items():
            number = CARD_TYPES[self.number_cards[pile]][0]
            backs = [back for back in pool if CARD_TYPES[back][0] == number]  # each copy once
            card = rng.choices(backs)[0]
            pool.remove(card)
            self.number_cards[pile] = card
            self._rewrite_chance(self.number_events[pile], self.tables.pile_draws[pile][card])

    def _redraw_choices(self, other: int, rng: random.Random) -> None:
        """Replace ``other``'s hidden actions this turn by a random legal sequence of the same
        length, just as finished: an exhaustive search from the turn's start that reads only what
        every seat sees (how many actions, whether finished), so it always finds one."""
        written = self.writing(other)
        start = self.turn_start[written]
        assert start is not None
        events = self.turn_events[other]
        finish = self.sheets[written].done
        chosen: list[int] = []  # the actions found, last first

        def search(sheet: Sheet, left: int) -> Sheet | None:
            if not left:
                return sheet if sheet.done == finish else None
            if sheet.done:
                return None
            actions = self._sheet_ids(sheet)
            rng.shuffle(actions)
            for action in actions:
                child = sheet.copy()
                self.act(child, action)
                found = search(child, left - 1)
                if found is not None:
                    chosen.append(action)
                    return found
            return None

        found = search(start.copy(), len(events))
        assert found is not None, "the actions taken are one of the sequences searched"
        self.sheets[written] = found
        for index, action in zip(events, reversed(chosen), strict=True):
            self._rewrite_history(index, other, action)

    # ------------------------------------------------------------------ pictures
    def _view(self, seat: int | None) -> WelcomeView:
        return seat_view(self, seat)

    def player_scores(self) -> list[int]:
        """Each seat's own score now (solo: before ASTRA's is taken off)."""
        context = self.context()
        return [self.adventure.score(sheet, context)["total"] for sheet in self.sheets]

    def solo_score(self, sheet: int | None = None) -> dict[str, int]:
        """Solo: the game's score as its parts — ``sheet``, the sheet's score (``sheet``: when
        the caller has it already), and ``astra``, ASTRA's score taken off (negative) — and
        ``total``, their sum.

        >>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
        >>> state = WelcomeGame(players=1, adventure=2, level=2).new(seed=1)
        >>> parts = state.solo_score()
        >>> parts["astra"] == -state.astra(), parts["total"] == state.scores()[0]
        (True, True)
        """
        own = self.player_scores()[0] if sheet is None else sheet
        return with_total({"sheet": own, "astra": -self.astra()})

    def _scores(self) -> list[float]:
        if self.solo:
            return [float(self.solo_score()["total"])]
        return [float(score) for score in self.player_scores()]

    def _winners(self) -> list[int]:
        scores = self._scores()
        if self.solo:
            return [0] if scores[0] >= 0 else []
        best = max(scores)
        tied = [seat for seat in range(self.players) if scores[seat] == best]
        penalty = {seat: self.adventure.seat_penalty(self.sheets, seat) for seat in tied}
        fewest = min(penalty.values())
        return [seat for seat in tied if penalty[seat] == fewest]

    def _render(self) -> str:
        return render_view(self._view(None))
