"""Stepping through a saved game, forward and back, from any seat's view or the spectator's.

A step is one seat's action together with the chance outcomes that follow it (step 0 is the
deal). The history is replayed once through the rules, keeping a clone of the state at each
step. What a step says about the action is what the chosen viewer may know of it.

>>> import io, moonbase
>>> from rich.console import Console
>>> from moonbase.cli.prompts import lines
>>> from moonbase.cli.table import Table
>>> state = moonbase.load("moon-leap").new(seed=5)
>>> state.apply(0, "MOVE 3")
>>> replay = Replay(Table(state, ["human", "human"]), None)
>>> len(replay.steps), replay.describe(1)
(2, 'step 1 of 1 — seat 0: MOVE 3; chance: ROLL 2')
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from moonbase.cli.prompts import Prompter, say
from moonbase.cli.recap import recap
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
        told = recap(state, self.viewer, start, self.table.labels)
        return f"step {step} of {self.last} — " + "; ".join(told)

    def show(self, prompter: Prompter, step: int) -> None:
        """Draw ``step`` for the viewer."""
        state, _ = self.steps[step]
        viewer = "the spectator" if self.viewer is None else self.table.label(self.viewer)
        prompter.console.rule(Text(f"{self.describe(step)}  (view of {viewer})"))
        prompter.console.print(view_panel(state.game, state.view(self.viewer)))
        if state.is_over and step == self.last:
            say(prompter.console, "The game is over here.", "bold")

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
