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
from typing import TYPE_CHECKING, Any

from moonbase.games.moon.cards import GOAL_CARDS, HACKERS, Hacker
from moonbase.games.moon.hidden import deal_goals
from moonbase.games.moon.machine import Operation, bits
from moonbase.games.moon.render import render_view
from moonbase.games.moon.state import DRAW, OVER, PLAY, MoonState

if TYPE_CHECKING:
    from moonbase.games.moon.game import MoonGame

__all__ = ["NO_GOAL", "CompetitiveState"]

NO_GOAL = -1
_VALUES = {card: value for value, card in enumerate(GOAL_CARDS)}


class CompetitiveState(MoonState):
    """The competitive game for 2–4 seats."""

    def __init__(self, game: MoonGame, seed: int, explicit: bool) -> None:
        super().__init__(game, seed, explicit)
        seats = game.seats
        self._shuffle_in(game.option("bugs", int), game.option("events", bool))
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
        self.phase = DRAW

    # ------------------------------------------------------------------ whose turn
    def _player(self) -> int:
        return self.turn

    def _drawer(self) -> int:
        return self.drawer

    # ------------------------------------------------------------------ costs
    def _price(self, seat: int, op: Operation) -> int:
        hacker = self.hackers[seat]
        if hacker is None:
            return op.competitive_cost
        if op.name in hacker.free and self.free > 0:
            return 0
        return hacker.costs.get(op.name, op.competitive_cost)

    def _pay(self, seat: int, op: Operation) -> None:
        price = self._price(seat, op)
        if price == 0:
            self.free -= 1
        self.energy -= price

    # ------------------------------------------------------------------ RAM and PEEK
    def _can_peek(self, seat: int) -> bool:
        return self.bugs[seat] > 0

    def _do_extra(self, seat: int, action: str) -> None:
        target = int(action.removeprefix("PEEK "))
        self.bugs[seat] -= 1
        self.bugs[target] += 1
        self.peeks[seat].add(target)

    def _read(self, seat: int, operand: str) -> int:
        return self.rams[seat] if operand == "RAM" else super()._read(seat, operand)

    def _write(self, seat: int, operand: str, value: int) -> None:
        if operand == "RAM":
            self.rams[seat] = value
        else:
            super()._write(seat, operand, value)

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
            if self.phase != PLAY or self._has_play(seat):
                return
            seat = self._next_seat()
            if self.phase == OVER:
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
        if self.phase == PLAY and not self._has_play(seat):
            self._end(seat)

    def _end(self, seat: int) -> None:
        following = self._next_seat()
        if self.phase != OVER:
            self._start_turn(following)

    # ------------------------------------------------------------------ results
    def _scores(self) -> list[float]:
        return [float(len(goals)) for goals in self.solved_goals]

    def _winners(self) -> list[int]:
        scores = self._scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    # ------------------------------------------------------------------ what a seat sees
    def _view(self, seat: int | None) -> dict[str, Any]:
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
            "max_rounds": self.game.options["max_rounds"],
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
        pool = [_VALUES[card] for card in self._pool(indices)]
        dealt = deal_goals(pool, [self.ruled_out[owner] for owner in owners], self.width, rng)
        self._redeal(indices, [GOAL_CARDS[value] for value in dealt])
        for owner in owners:
            self.goals[owner] = self.goal_of(self.goal_cards[owner])

    # ------------------------------------------------------------------ copies and text
    def _snapshot(self) -> dict[str, Any]:
        return {
            **self._machine_snapshot(),
            "goals": list(self.goals),
            "goal_cards": [list(cards) for cards in self.goal_cards],
            "solved_goals": [list(goals) for goals in self.solved_goals],
            "rams": list(self.rams),
            "bugs": list(self.bugs),
            "peeks": [sorted(seen) for seen in self.peeks],
            "ruled_out": list(self.ruled_out),
            "turn": self.turn,
            "round": self.round,
            "free": self.free,
            "drawer": self.drawer,
            "setting_up": self.setting_up,
        }

    def _copy_into(self, other: CompetitiveState) -> None:
        self._copy_machine(other)
        other.goals = list(self.goals)
        other.goal_cards = list(self.goal_cards)
        other.solved_goals = [list(goals) for goals in self.solved_goals]
        other.rams = list(self.rams)
        other.bugs = list(self.bugs)
        other.peeks = [set(seen) for seen in self.peeks]
        other.ruled_out = list(self.ruled_out)

    def _render(self) -> str:
        return render_view(self._view(None))
