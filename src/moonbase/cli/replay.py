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
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["REPLAY_HELP", "Replay", "one_line"]

REPLAY_HELP: Final = N_(
    "Enter or n: next step · b: back · first · last · a step number · "
    "seat N: that seat's view · spectator · q: quit"
)
"""The replay's commands (in English: translate it to show it)."""


def one_line(lines: list[str]) -> str:
    """``lines`` told as one, separated by ``;``: a line that ends a sentence loses its full
    stop, so that no ``.;`` is written (the last keeps it).

    >>> one_line(["ASTRA: score 23 → 26.", "seat 0's sheet: score 4 → 6.", "chance: DRAW 3"])
    "ASTRA: score 23 → 26; seat 0's sheet: score 4 → 6; chance: DRAW 3"
    """
    inner = [
        line[:-1] if line.endswith(".") and not line.endswith("..") else line for line in lines[:-1]
    ]
    return "; ".join([*inner, *lines[-1:]])


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
            return _("step 0 of {last} — the start").format(last=self.last)
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
        return _("step {step} of {last} — {what}").format(
            step=step, last=self.last, what=one_line(lines)
        )

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
            return _(
                "the game is unfinished: this replay shows the spectator's view; to see seat "
                "{seat}'s, replay it with --seat {seat}"
            ).format(seat=seat)
        return _(
            "the game is unfinished: this replay shows only seat {seat}'s view (and "
            "the spectator's), as loading the game would"
        ).format(seat=self._chosen)

    def show(self, prompter: Prompter, step: int) -> None:
        """Draw ``step`` for the viewer."""
        state, _start = self.steps[step]
        viewer = _("the spectator") if self.viewer is None else self.table.label(self.viewer)
        heading, _dash, what = self.describe(step).partition(" — ")
        prompter.console.rule(
            Text(_("{step} · view of {viewer}").format(step=heading, viewer=viewer))
        )
        say(prompter.console, what)
        prompter.console.print(view_panel(state.game, state.view(self.viewer)))
        if state.is_over and step == self.last:
            say(prompter.console, _("The game is over here."), "bold")
            for line in ending(state.game, state.view(None), self.table.labels):
                say(prompter.console, line)

    def run(self, prompter: Prompter) -> int:
        """Let a person step through the game; returns the exit status (0)."""
        console = prompter.console
        say(console, _(REPLAY_HELP))
        step = 0
        self.show(prompter, step)
        while True:
            typed = prompter.ask(_("replay > ")).lower()
            word, _space, rest = typed.partition(" ")
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
                say(console, _(REPLAY_HELP))
                continue
            elif word == "spectator":
                self.viewer = None
            elif word == "seat" and rest.strip().isdigit() and int(rest) < self.table.game.seats:
                refused = self._may_see(int(rest))
                if refused is not None:
                    say(console, _("Not shown: {reason}.").format(reason=refused), "bold red")
                    continue
                self.viewer = int(rest)
            else:
                seats = self.table.game.seats
                say(
                    console,
                    _(
                        "Unknown replay command {typed}; allowed: {commands} (seats 0 to {last})."
                    ).format(typed=repr(typed), commands=_(REPLAY_HELP), last=seats - 1),
                    "bold red",
                )
                continue
            if not 0 <= target <= self.last:
                edge = (
                    _("This is the last step (steps go from 0 to {last}).")
                    if target > self.last
                    else _("This is the first step (steps go from 0 to {last}).")
                )
                say(console, edge.format(last=self.last))
                continue
            step = target
            self.show(prompter, step)
