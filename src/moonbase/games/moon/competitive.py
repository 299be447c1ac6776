"""MOON's competitive game: 2–4 seats race to solve their own secret goals in register A.

Each seat holds one secret goal and a RAM word; on its turn it spends its energy on operations
and solves its goal whenever register A holds it (drawing the next at once, so several goals may
fall in one turn). BUG cards let their holder ``PEEK`` at another seat's goal, which passes the
bug on. The game ends when a goal is due and the deck has none, or after ``max_rounds``.

>>> import moonbase
>>> state = moonbase.load("moon", mode="competitive", bugs=0).new(seed=1, chance="explicit")
>>> for card in ("0011", "0100"):
...     state.apply(moonbase.CHANCE, f"DRAW {card}")
>>> state.view(0)["goal"], state.view(1)["goal"], state.view(None)["goal"]
('0011', '0100', None)
>>> for action in ("INC A", "MOV B A", "ROL A"):   # A = 0010, B = 0001
...     state.apply(0, action)
>>> state.apply(0, "OR A B")   # A = 0011: seat 0 solves its goal and draws the next
>>> state.to_act == (moonbase.CHANCE,), state.view(0)["solved"]
(True, [1, 0])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from moonbase.core.fields import Copy
from moonbase.games.moon.cards import HACKERS, Hacker
from moonbase.games.moon.hidden import deal_goals
from moonbase.games.moon.machine import bits
from moonbase.games.moon.notation import RAM, Move
from moonbase.games.moon.render import render_view
from moonbase.games.moon.state import OVER, PLAY, MoonState
from moonbase.games.moon.tables import PriceTable
from moonbase.games.moon.views import CompetitiveView
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.games.moon.game import MoonGame

__all__ = ["NO_GOAL", "CompetitiveState"]

NO_GOAL = -1


class CompetitiveState(MoonState):
    """The competitive game for 2–4 seats."""

    FIELDS: ClassVar[Mapping[str, Copy]] = {
        **MoonState.FIELDS,
        "hackers": Copy.SHARED,
        "goals": Copy.FLAT,
        "goal_cards": Copy.FLAT,
        "solved_goals": Copy.NESTED,
        "rams": Copy.FLAT,
        "bugs": Copy.FLAT,
        "peeks": Copy.NESTED,
        "ruled_out": Copy.FLAT,
        "turn": Copy.SHARED,
        "round": Copy.SHARED,
        "free": Copy.SHARED,
        "drawer": Copy.SHARED,
        "setting_up": Copy.SHARED,
    }

    def __init__(self, game: MoonGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        seats = game.seats
        self._shuffle_in()
        colours = game.option("hackers", tuple)
        self.hackers: tuple[Hacker | None, ...] = (
            tuple(HACKERS.get(colour) for colour in colours) if colours else (None,) * seats
        )
        self.goals = [NO_GOAL] * seats
        self.goal_cards: list[tuple[int, ...]] = [()] * seats
        """History indices of the cards of each seat's goal."""
        self.solved_goals: list[list[int]] = [[] for _ in range(seats)]
        self.rams = [0] * seats
        self.bugs = [0] * seats
        self.peeks: list[set[int]] = [set() for _ in range(seats)]
        """``peeks[holder]``: seats whose current goal the holder has seen."""
        self.ruled_out = [0] * seats
        """Bit ``v`` of ``ruled_out[s]``: A held ``v`` on s's turn, so s's goal is not ``v``.
        Public knowledge that :meth:`_redraw` respects."""
        self.turn = 0
        self.round = 1
        self.free = 0
        """Free uses left this turn (purple and red hackers)."""
        self.drawer = 0
        self.setting_up = True

    # ------------------------------------------------------------------ whose turn
    def _player(self) -> int:
        return self.turn

    def _drawer(self) -> int:
        return self.drawer

    # ------------------------------------------------------------------ costs
    def _prices(self, seat: int) -> PriceTable:
        return self.tables.price_tables[seat][self.free > 0]

    def _use_free(self) -> None:
        self.free -= 1

    # ------------------------------------------------------------------ RAM and PEEK
    def _play_ids(self, seat: int) -> list[int]:
        prices = self.tables.price_tables[seat][self.free > 0]
        peeker = seat if self.bugs[seat] else -1
        # legal_key(energy, disabled, peeker), written out: this runs at every step.
        found = prices.legal.get(self.energy | self.disabled << 8 | (peeker + 1) << 30)
        if found is None:
            found = self.tables.play_ids(prices, self.energy, self.disabled, peeker)
        return found

    def _peek(self, seat: int, target: int) -> None:
        self.bugs[seat] -= 1
        self.bugs[target] += 1
        self.peeks[seat].add(target)

    def _operate_ram(self, seat: int, move: Move) -> None:
        """``MOV RAM r`` or ``MOV r RAM`` (MOV is the only operation on RAM)."""
        if move.target == RAM:
            self.rams[seat] = self.registers[move.source]
        else:
            self.registers[move.target] = self.rams[seat]

    def _asking(self, seat: int) -> str:
        asked = super()._asking(seat)
        if self.phase is PLAY and self.bugs[seat] == 0:
            asked += "; " + _("PEEK needs a BUG card")
        return asked

    # ------------------------------------------------------------------ drawing
    def _receive_goal(self, value: int, cards: tuple[int, ...]) -> None:
        seat = self.drawer
        self.goals[seat] = value
        self.goal_cards[seat] = cards
        self.ruled_out[seat] = 0
        if self.setting_up:
            if seat + 1 < len(self.goals):
                self.drawer = seat + 1
                self._continue_draw()
            else:
                self.setting_up = False
                self._start_turn(0)
            return
        self.phase = PLAY
        self._after_play(seat)

    def _receive_bug(self) -> None:
        self.bugs[self.drawer] += 1
        self._continue_draw()

    def _deck_exhausted(self) -> None:
        self._finish("deck-empty", seat=self.drawer)

    def _after_event(self) -> None:
        self._continue_draw()

    # ------------------------------------------------------------------ turns
    def _check_solved(self) -> None:
        """Solve the acting seat's goal if A holds it, and draw its next goal."""
        seat, a = self.turn, self.registers[0]
        if self.goals[seat] != a:
            self.ruled_out[seat] |= 1 << a
            return
        self.solved_goals[seat].append(a)
        self.goals[seat] = NO_GOAL
        self.goal_cards[seat] = ()
        for seen in self.peeks:
            seen.discard(seat)
        self.drawer = seat
        self._continue_draw()

    def _start_turn(self, seat: int) -> None:
        while True:
            self.turn = seat
            self.energy = self.game.energy
            hacker = self.hackers[seat]
            self.free = hacker.free_uses if hacker else 0
            self.phase = PLAY
            self._check_solved()
            if self.phase is not PLAY or len(self._play_ids(seat)) > 1:
                return
            seat = self._next_seat()
            if self.ended:  # that was the last round
                return

    def _next_seat(self) -> int:
        """The seat after the acting one; after the last, a round is complete."""
        seat = (self.turn + 1) % len(self.goals)
        if seat == 0:
            rounds = self.game.option("max_rounds", int)
            if self.round >= rounds:
                self._finish("max-rounds", rounds=rounds)
            else:
                self.round += 1
        return seat

    def _after_play(self, seat: int) -> None:
        self._check_solved()
        if self.phase is PLAY and not len(self._play_ids(seat)) > 1:
            self._end(seat)

    def _end(self, seat: int) -> None:
        following = self._next_seat()
        if self.phase is not OVER:
            self._start_turn(following)

    # ------------------------------------------------------------------ results
    def _scores(self) -> list[float]:
        return [float(len(goals)) for goals in self.solved_goals]

    def _winners(self) -> list[int]:
        scores = self._scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    # ------------------------------------------------------------------ what a seat sees
    def _view(self, seat: int | None) -> CompetitiveView:
        own = seat is not None
        goal = self.goals[seat] if seat is not None else NO_GOAL
        peeked = (
            {
                str(other): bits(self.goals[other], self.width)
                for other in sorted(self.peeks[seat])
                if self.goals[other] != NO_GOAL
            }
            if seat is not None
            else {}
        )
        return {
            "mode": "competitive",
            **self._machine_view(),
            "seat": seat,
            "goal": bits(goal, self.width) if goal != NO_GOAL else None,
            "ram": bits(self.rams[seat], self.width) if seat is not None else None,
            "rams": [bits(value, self.width) for value in self.rams],
            "solved": [len(goals) for goals in self.solved_goals],
            "solved_goals": [[bits(v, self.width) for v in goals] for goals in self.solved_goals],
            "bugs": list(self.bugs),
            "peeked": peeked,
            "turn": self.turn,
            "round": self.round,
            "max_rounds": self.game.option("max_rounds", int),
            "hackers": [hacker.colour if hacker else None for hacker in self.hackers],
            "free": self.free,
            "costs": self.operation_costs(self.turn),
            "own_view": own,
        }

    def _secret_owners(self, seat: int | None) -> list[int]:
        """The seats whose goal ``seat`` has not seen (neither its own nor peeked at)."""
        return [
            other
            for other, goal in enumerate(self.goals)
            if goal != NO_GOAL and other != seat and (seat is None or other not in self.peeks[seat])
        ]

    def _hidden_draws(self, seat: int | None, owners: list[int] | None = None) -> list[int]:
        """(``owners``: :meth:`_secret_owners` of ``seat``, if the caller has them.)"""
        if owners is None:
            owners = self._secret_owners(seat)
        indices = [index for owner in owners for index in self.goal_cards[owner]]
        if self.half is not None and self.drawer != seat:
            indices.append(self.half)
        return indices

    def _redraw(self, seat: int | None, rng: random.Random) -> None:
        """Deal again the goals ``seat`` has not seen, keeping each clear of the values A held
        on its owner's turns (had A held it, it would have been solved): every deal that does
        is equally likely (:func:`~moonbase.games.moon.hidden.deal_goals`)."""
        owners = self._secret_owners(seat)
        indices = self._hidden_draws(seat, owners)
        pool = self._pool(indices)
        dealt = deal_goals(pool, [self.ruled_out[owner] for owner in owners], self.width, rng)
        self._redeal(indices, dealt)
        for owner in owners:
            self.goals[owner] = self.goal_of(self.goal_cards[owner])

    # ------------------------------------------------------------------ text
    def _render(self) -> str:
        return render_view(self._view(None))
