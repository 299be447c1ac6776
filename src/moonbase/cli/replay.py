"""Stepping through a saved game, forward and back, from any seat's view or the spectator's.

A step is one seat's action together with the chance outcomes that follow it (step 0 is the
deal). The history is replayed once through the rules, keeping a clone of the state at each
step. What a step says about the action is what the chosen viewer may know of it, and what
it did (:mod:`moonbase.cli.narration`).

The replay of an unfinished game (of a game with hidden information) shows what ``moonbase
load`` would show the seat chosen:
that seat's view (or the spectator's) and never another seat's, which the game could still
hide from it; a finished game may be seen from every seat.

>>> import io, moonbase
>>> from rich.console import Console
>>> from moonbase.cli.prompts import lines
>>> from moonbase.cli.table import Table
>>> state = moonbase.load("moon-leap").new(seed=5)
>>> state.apply(0, "MOVE 3")
>>> replay = Replay(Table(state, ["human", "human"]), None)
>>> len(replay.steps), replay.describe(1)
(2, 'step 1 of 1 — seat 0: MOVE 3 — a3 from the reserve to space 1 (worth −3); chance: ROLL 2')
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from moonbase.cli.narration import Told, ending, revealed_lines, told
from moonbase.cli.prompts import Prompter, say
from moonbase.cli.recap import hidden_entries, recap
from moonbase.cli.render import view_panel
from moonbase.cli.table import Table
from moonbase.core import CHANCE, State

__all__ = ["REPLAY_HELP", "Replay"]

REPLAY_HELP: Final = (
    "Enter or n: next step · b: back · first · last · a step number · "
    "seat N: that seat's view · spectator · q: quit"
)
"""The replay's commands."""


class Replay:
    """The steps of the game on ``table``, seen by ``viewer`` (a seat, or ``None``)."""

    def __init__(self, table: Table, viewer: int | None) -> None:
        self.table = table
        self.viewer = viewer
        self.unfinished = not table.state.is_over and table.game.has_hidden_information
        """Whether the game saved is unfinished and may hide something: then only
        ``viewer``'s view (and the spectator's) may be shown."""
        self._chosen = viewer
        self.steps: list[tuple[State, int | None]] = []
        """Each step's state, and the history index of the action that led to it."""
        history = table.state.history
        state = table.game.new(table.state.seed, chance="explicit")
        index = 0
        while index < len(history) and history[index][0] == CHANCE:
            state.apply(*history[index])
            index += 1
        self.steps.append((state.clone(), None))
        while index < len(history):
            start = index
            state.apply(*history[index])
            index += 1
            while index < len(history) and history[index][0] == CHANCE:
                state.apply(*history[index])
                index += 1
            self.steps.append((state.clone(), start))

    @property
    def last(self) -> int:
        """The number of the last step."""
        return len(self.steps) - 1

    def describe(self, step: int) -> str:
        """What happened at ``step``, as far as the viewer may know it."""
        state, start = self.steps[step]
        if start is None:
            return f"step 0 of {self.last} — the start"
        earlier = self.steps[step - 1][0]
        hidden = hidden_entries(state, self.viewer, 0)
        shown = [
            index
            for index in hidden_entries(earlier, self.viewer, 0).keys() - hidden.keys()
            if state.history[index][0] != CHANCE
        ]
        lines = revealed_lines(state, shown, self.table.labels)
        lines += recap(
            state, self.viewer, start, self.table.labels, notes=self._notes(step), hidden=hidden
        )
        return f"step {step} of {self.last} — " + "; ".join(lines)

    def _notes(self, step: int) -> dict[int, Told]:
        """What each entry of ``step`` did, as the viewer saw it."""
        state = self.steps[step - 1][0].clone()
        after, start = self.steps[step]
        notes = {}
        for index in range(start or 0, len(after.history)):
            seat, action = after.history[index]
            before = state.view(self.viewer)
            state.apply(seat, action)
            note = told(
                state.game, seat, action, before, state.view(self.viewer), self.table.labels
            )
            if note != Told():
                notes[index] = note
        return notes

    def _may_see(self, seat: int) -> str | None:
        """Why ``seat``'s view may not be shown, or ``None`` if it may."""
        if not self.unfinished or seat == self._chosen:
            return None
        if self._chosen is None:
            return (
                f"the game is unfinished: this replay shows the spectator's view; to see seat "
                f"{seat}'s, replay it with --seat {seat}"
            )
        return (
            f"the game is unfinished: this replay shows only seat {self._chosen}'s view (and "
            "the spectator's), as loading the game would"
        )

    def show(self, prompter: Prompter, step: int) -> None:
        """Draw ``step`` for the viewer."""
        state, _ = self.steps[step]
        viewer = "the spectator" if self.viewer is None else self.table.label(self.viewer)
        heading, _, what = self.describe(step).partition(" — ")
        prompter.console.rule(Text(f"{heading} · view of {viewer}"))
        say(prompter.console, what)
        prompter.console.print(view_panel(state.game, state.view(self.viewer)))
        if state.is_over and step == self.last:
            say(prompter.console, "The game is over here.", "bold")
            for line in ending(state.game, state.view(None), self.table.labels):
                say(prompter.console, line)

    def run(self, prompter: Prompter) -> int:
        """Let a person step through the game; returns the exit status (0)."""
        console = prompter.console
        say(console, REPLAY_HELP)
        step = 0
        self.show(prompter, step)
        while True:
            typed = prompter.ask("replay > ").lower()
            word, _, rest = typed.partition(" ")
            target = step
            if word in ("", "n", "next"):
                target = step + 1
            elif word in ("b", "back", "p", "prev"):
                target = step - 1
            elif word == "first":
                target = 0
            elif word == "last":
                target = self.last
            elif word.isdigit():
                target = int(word)
            elif word in ("q", "quit", "exit"):
                return 0
            elif word in ("help", "?"):
                say(console, REPLAY_HELP)
                continue
            elif word == "spectator":
                self.viewer = None
            elif word == "seat" and rest.strip().isdigit() and int(rest) < self.table.game.seats:
                refused = self._may_see(int(rest))
                if refused is not None:
                    say(console, f"Not shown: {refused}.", "bold red")
                    continue
                self.viewer = int(rest)
            else:
                seats = self.table.game.seats
                say(
                    console,
                    f"Unknown replay command {typed!r}; allowed: {REPLAY_HELP} "
                    f"(seats 0 to {seats - 1}).",
                    "bold red",
                )
                continue
            if not 0 <= target <= self.last:
                edge = "the last" if target > self.last else "the first"
                say(console, f"This is {edge} step (steps go from 0 to {self.last}).")
                continue
            step = target
            self.show(prompter, step)
