"""The play loop: a game at the table from the first action to the scores.

Each turn of a person shows the table from that seat's view only, the legal actions as a
numbered menu, and reads a line: a number, an action in the game's notation, or a command
(see :data:`HELP`). Bots play their seats by themselves from a resample of what their seat
may know, and what they did is told (as far as the person at the screen may know it). Chance
resolves by itself. With several people at one screen, the screen is cleared and passed
between them, and each is told what happened since they last looked.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any, Final

from rich.console import Console
from rich.text import Text

from moonbase.cli.actions import Menu, NoSuchNumber, menu_for
from moonbase.cli.bots import Bot, BotError, HintUnavailable, agent_seed, hint, make_bot
from moonbase.cli.narration import Chronicle, breakdown, ending
from moonbase.cli.options import changed_options, option_text
from moonbase.cli.prompts import ACTIONS, EndOfInput, Prompter, say
from moonbase.cli.render import NoSheets, results_table, sheet_panels, view_panel
from moonbase.cli.rules import RulesMissing, rules_for, show_rules
from moonbase.cli.saving import confirm, offer_save, save_table
from moonbase.cli.table import Table
from moonbase.cli.turns import forced_action, turn_note
from moonbase.cli.undo import UndoRefused
from moonbase.core import CHANCE, Game, IllegalAction
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = ["COMMANDS", "HELP", "PlayLoop", "game_line"]

HELP: Final = N_("""\
On your turn, type the number of an action from the menu, or the action itself
as shown (lower case and extra spaces are fine). Commands:
  help          this text
  rules         the rules of this game
  hint          a suggestion from the bots
  undo          take back your last action: only your own, this turn, never
                across chance, another seat's action or something revealed
  actions       list every action, also when the menu sums some up
  table         show the table again
  sheet N       Welcome to the Moon: seat N's sheet (every sheet is public)
  sheets        Welcome to the Moon: every sheet
  save FILE     save the game (asking before overwriting a file);
                `moonbase load FILE` continues it
  forced off    ask even when only one action is possible
  forced on     play such an action for you (the default; `play` and
                `load` take --no-skip-forced to start with forced off)
  quit          leave the game (offering to save it first)
At a terminal, the arrow keys, Home and End edit the line, Up and Ctrl-R recall
earlier lines, and Tab completes an action or a command.""")
"""The in-game ``help`` (in English: translate it to show it); every line fits 80 columns."""

COMMANDS: Final = (
    "help", "rules", "hint", "undo", "actions", "table", "sheet ", "sheets", "save ",
    "forced on", "forced off", "quit",
)  # fmt: skip
"""The commands as Tab completes them (see :data:`HELP`; in English: they are typed)."""


def game_line(game: Game, seed: int) -> str:
    """One line naming the game, the options that differ from their defaults, and the seed.

    >>> import moonbase
    >>> game_line(moonbase.load("moon-leap", players=3), 7)
    'Moon Leap · players=3 · seed 7'
    >>> game_line(moonbase.load("moon", operations="INC,DEC"), 1)
    'MOON · operations=INC,DEC · seed 1'
    """
    parts = [game.title]
    parts += [f"{name}={option_text(value)}" for name, value in changed_options(game).items()]
    parts.append(_("seed {seed}").format(seed=seed))
    return " · ".join(parts)


class PlayLoop:
    """Plays the game on ``table`` with the people at ``prompter``'s keyboard.

    With ``skip_forced`` (the default) a person's only legal action is played for them
    (:func:`~moonbase.cli.turns.forced_action`); ``forced off`` in the game turns it off.
    """

    def __init__(self, table: Table, prompter: Prompter, *, skip_forced: bool = True) -> None:
        self.table = table
        self.skip_forced = skip_forced
        self.prompter = prompter
        self.console: Console = prompter.console
        state = table.state
        start = len(state.history)
        self._observe = random.Random(f"moonbase-observe:{state.seed}:{start}")
        self._chance = random.Random(f"moonbase-chance:{state.seed}:{start}")
        self._hints = random.Random(f"moonbase-hint:{state.seed}:{start}")
        self._bots: dict[int, Bot] = {}
        self._seen = dict.fromkeys(table.humans, start)
        self._told = start
        self._screen: int | None = None
        self._saved_at = start
        self._chronicle = Chronicle(table.game, table.labels, [*table.humans, None])
        table.watch(self._chronicle.record)
        self.again = False
        """Whether the people asked, at the end, to play again with the same seats."""
        self._menu = Menu(())
        self._refused = 0
        self._unseen: dict[int, list[str]] = {}
        """Hot seat: per person, what to tell them when they next take the screen (a forced
        action played for them, the note of a turn that ended by itself, which the screen
        passed to the next person would hide)."""
        self._forced_told = False

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play until the game ends or a person leaves; returns the exit status (0)."""
        self._introduce()
        try:
            while not self.table.state.is_over:
                actors = self.table.state.to_act
                if actors == (CHANCE,):
                    self._resolve_chance()
                elif self.table.is_human(actors[0]):
                    if not self._human_turn(actors[0]):
                        return 0
                else:
                    self._bot_turn(actors[0])
        except EndOfInput:
            say(self.console, _("Input ended: the game is left unfinished."))
            return 0
        self._finish()
        return 0

    def _introduce(self) -> None:
        state = self.table.state
        self.console.rule(Text(game_line(state.game, state.seed), style="bold"))
        seats = ", ".join(self.table.labels)
        say(self.console, _("Seats: {seats}.").format(seats=seats))
        if self.table.humans:
            say(self.console, _("Type help for the commands."))

    def _tell(self) -> None:
        """Tell the person at the screen (or a spectator) what happened since the last telling."""
        state = self.table.state
        if self._told < len(state.history):
            lines = self._chronicle.tell(state, self._screen, self._told, skip_own=True)
            for line in lines:
                say(self.console, line, "dim")
        self._told = len(state.history)

    # ------------------------------------------------------------------ chance and bots
    def _resolve_chance(self) -> None:
        outcomes = self.table.state.chance_outcomes()
        point = self._chance.random()
        chosen = outcomes[-1][0]
        for outcome, probability in outcomes:
            point -= probability
            if point < 0:
                chosen = outcome
                break
        self.table.act(CHANCE, chosen)
        self._tell()

    def _bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = make_bot(
                self.table.seats[seat], agent_seed(self.table.state.seed, seat)
            )
        return self._bots[seat]

    def _bot_turn(self, seat: int) -> None:
        state = self.table.state
        try:
            action = self._bot(seat).choose(state.resample(seat, self._observe), seat)
            self.table.act(seat, action)
        except BotError as error:
            # A bot that cannot play this game gives its seat to a random bot.
            label = self.table.label(seat)
            reason = " ".join(str(error).split())
            say(
                self.console,
                _("{seat} cannot play here ({reason}); a random bot plays for it.").format(
                    seat=label, reason=reason
                ),
            )
            self._bots[seat] = make_bot("random", agent_seed(state.seed, seat))
            return
        self._tell()

    # ------------------------------------------------------------------ people
    def _take_screen(self, seat: int) -> None:
        humans = self.table.humans
        if self._screen == seat:
            self._unseen.pop(seat, None)  # still at the screen: told as it happened
            return
        if len(humans) > 1:
            self.prompter.pass_screen(self.table.label(seat))
            self._screen = seat
            state = self.table.state
            lines = self._chronicle.tell(state, seat, self._seen[seat], skip_own=True)
            lines[:0] = self._unseen.pop(seat, [])
            if lines:
                say(self.console, _("Since your last turn:"), "bold")
                for line in lines:
                    say(self.console, f"  {line}", "dim")
        self._screen = seat

    def _show(self, seat: int, *, complete: bool = False) -> None:
        state = self.table.state
        self._seen[seat] = self._told = len(state.history)
        view = state.view(seat)
        self.console.print(view_panel(state.game, view))
        actions = state.legal_actions(seat)
        self._menu = menu_for(state.game, view, actions, self.console.width, complete=complete)
        self._refused = 0
        for line in self._menu.lines:
            self.console.print(Text(line), highlight=False)

    def _human_turn(self, seat: int) -> bool:
        """One action (or command) of a person; ``False`` when they leave."""
        forced = forced_action(self.table, seat) if self.skip_forced else None
        if forced is not None:
            self._play_forced(seat, forced)
            return True
        self._take_screen(seat)
        self._show(seat)
        while True:
            choices = [*self.table.state.legal_actions(seat), *COMMANDS]
            typed = self.prompter.ask(
                f"{self.table.label(seat)} > ", choices=choices, history=ACTIONS
            )
            if not typed:
                continue
            outcome = self._command(seat, typed)
            if outcome is None:
                continue
            return outcome

    def _play_forced(self, seat: int, action: str) -> None:
        """Play ``seat``'s only legal action for it; told to it now if it has the screen (or is
        the only person), else when it next takes the screen."""
        if len(self.table.humans) == 1:
            self._take_screen(seat)
        before = self.table.state.view(seat)
        played = len(self.table.state.history)
        self.table.act(seat, action)
        if self._screen == seat:
            line = (
                _("{seat}: {action} — the only action possible, played for you.")
                if self._forced_told
                else _(
                    "{seat}: {action} — the only action possible, played for you "
                    "(type forced off to be asked instead)."
                )
            )
            self._forced_told = True
            say(self.console, line.format(seat=self.table.label(seat), action=action))
            self._note_turn(seat, before, played)
        else:
            told = _("played for you (the only action possible): {action}").format(action=action)
            self._unseen.setdefault(seat, []).append(told)
        self._tell()

    def _forced_setting(self, typed: str) -> None:
        if typed.lower() not in ("on", "off"):
            say(self.console, _("Type forced on or forced off."), "bold red")
            return
        self.skip_forced = typed.lower() == "on"
        say(
            self.console,
            _("Forced choices will be played for you.")
            if self.skip_forced
            else _("Forced choices will be asked."),
        )

    def _command(self, seat: int, typed: str) -> bool | None:
        """Carry out a typed line: ``True`` once the state changed, ``False`` to leave, ``None``
        to ask again."""
        word, _space, rest = typed.partition(" ")
        word = word.lower()
        legal = self.table.state.legal_actions(seat)
        if " ".join(typed.upper().split()) in legal:
            return self._act(seat, typed, legal)
        if word in ("quit", "exit", "q"):
            self._leave()
            return False
        if word in ("help", "?"):
            self.console.print(_(HELP), highlight=False, markup=False)
        elif word == "rules":
            self._rules()
        elif word == "hint":
            self._hint(seat)
        elif word == "undo":
            return self._undo(seat)
        elif word == "save":
            self._save(rest.strip())
        elif word in ("actions", "menu"):
            self._show(seat, complete=True)
        elif word in ("table", "look", "board"):
            self._show(seat)
        elif word in ("sheet", "sheets"):
            self._sheets(seat, rest)
        elif word == "forced":
            self._forced_setting(rest.strip())
        else:
            return self._act(seat, typed, legal)
        return None

    def _act(self, seat: int, typed: str, legal: list[str]) -> bool | None:
        before = self.table.state.view(seat)
        played = len(self.table.state.history)
        try:
            self.table.act(seat, self._menu.choice(typed))
        except NoSuchNumber as error:
            self._keep_table_in_view(seat)
            self._refuse(f"{error}.")
            return None
        except IllegalAction as error:
            self._keep_table_in_view(seat)
            self._refuse(f"{error.reason}.")
            return None
        self._note_turn(seat, before, played)
        self._tell()
        return True

    def _note_turn(self, seat: int, before: dict[str, Any], played: int) -> None:
        """Say so when the action (history entry ``played``) ended the seat's turn by itself."""
        state = self.table.state
        action = state.history[played][1]
        note = turn_note(state.game, before, action, state.view(seat))
        if note is not None:
            say(self.console, note, "bold yellow")
            if len(self.table.humans) > 1:
                self._unseen.setdefault(seat, []).append(note)

    def _keep_table_in_view(self, seat: int) -> None:
        """At a terminal, draw the table again before a second refused line since it was drawn,
        so that refusals never push the board off the screen."""
        self._refused += 1
        if self._refused > 1 and self.console.is_terminal:
            self._show(seat)
            self._refused = 1

    def _refuse(self, reason: str) -> None:
        message = _(
            "Not allowed: {reason} Type a number from the menu, an action, or help."
        ).format(reason=reason)
        say(self.console, message, "bold red")

    def _undo(self, seat: int) -> bool | None:
        try:
            action = self.table.take_back(seat)
        except UndoRefused as error:
            say(self.console, _("Cannot undo: {reason}.").format(reason=error), "bold red")
            return None
        say(self.console, _("Took back {action}.").format(action=action), "bold")
        self._told = len(self.table.state.history)
        return True

    def _rules(self) -> None:
        try:
            show_rules(self.console, rules_for(self.table.game))
        except RulesMissing as error:
            say(self.console, _("Sorry: {error}.").format(error=error))

    def _sheets(self, seat: int, which: str) -> None:
        try:
            panels = sheet_panels(self.table.game, self.table.state.view(seat), which)
        except NoSheets as error:
            say(self.console, _("Sorry: {error}.").format(error=error))
            return
        for panel in panels:
            self.console.print(panel)

    def _hint(self, seat: int) -> None:
        state = self.table.state
        try:
            advice = hint(state.resample(seat, self._hints), seat)
        except HintUnavailable as error:
            say(self.console, _("Sorry: {error}.").format(error=error))
            return
        except (BotError, ValueError, LookupError) as error:
            say(self.console, _("Sorry: no hint this time ({error}).").format(error=error))
            return
        say(self.console, advice, "bold green")  # it says "Suggested" itself

    def _save(self, path: str) -> None:
        if not path:
            say(self.console, _("save needs a file name, e.g. save mygame.json"))
            return
        if save_table(self.prompter, self.table, path) is not None:
            self._saved_at = len(self.table.state.history)

    def _leave(self) -> None:
        """``quit``: offer to save what was played since the last save, then leave."""
        history = self.table.state.history
        if any(seat != CHANCE for seat, _ in history[self._saved_at :]):
            with contextlib.suppress(EndOfInput):  # input ended: leave without saving
                offer_save(self.prompter, self.table, _("Save the game before leaving? [y/N] "))
        say(self.console, _("Game left unfinished."))

    # ------------------------------------------------------------------ the end
    def _finish(self) -> None:
        state = self.table.state
        self._tell()
        humans = self.table.humans
        viewer = humans[0] if len(humans) == 1 else None
        self.console.rule(Text(_("Game over"), style="bold"))
        self.console.print(view_panel(state.game, state.view(viewer)))
        self.console.print(results_table(state, self.table.labels))
        public = state.view(None)
        for line in ending(state.game, public, self.table.labels):
            say(self.console, line, "bold")
        lines = breakdown(state.game, public, self.table.labels)
        if lines:
            say(self.console, _("How the scores are made:"), "bold")
            for line in lines:
                say(self.console, f"  {line}")
        if humans:
            self._after_game()

    def _after_game(self) -> None:
        """Offer to save the finished game for replay, and to play again."""
        try:
            offer_save(
                self.prompter, self.table, _("Save this game to replay it? [y/N] "), then="replay"
            )
            self.again = confirm(self.prompter, _("Play again, same seats, a new deal? [y/N] "))
        except EndOfInput:
            return
