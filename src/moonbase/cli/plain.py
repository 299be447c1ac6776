"""A plain text loop: one person plays cooperative MOON (easy) at the terminal.

Each round shows the table (registers as lamps, energy, the slots) and the legal actions as a
numbered menu; type a number or the notation itself (``xor a c``), ``help`` or ``quit``. The
real terminal interface replaces this loop; it stays as the smallest working client.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

import moonbase
from moonbase.games.moon.render import render_view

HELP = """Type the number of an action or its notation, e.g. 3 or "XOR A C" (A := A xor C).
END ends the round. Goals are solved in register A. Commands: help, quit."""


def choose(text: str, actions: list[str]) -> str:
    """The action a person meant: a menu number (from 1) or the action itself.

    >>> choose("2", ["END", "INC A"]), choose(" inc  a ", ["END", "INC A"])
    ('INC A', 'inc  a')
    """
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(actions):
        return actions[int(text) - 1]
    return text


def menu(actions: list[str]) -> str:
    """The numbered menu, one line per operation.

    >>> print(menu(["END", "INC A", "INC B"]))
      1) END
      2) INC A  3) INC B
    """
    lines: dict[str, list[str]] = {}
    for number, action in enumerate(actions, 1):
        lines.setdefault(action.split()[0], []).append(f"{number}) {action}")
    return "\n".join("  " + "  ".join(items) for items in lines.values())


def play(seed: int, source: TextIO, sink: TextIO, **options: object) -> moonbase.State:
    """Play one cooperative MOON game reading commands from ``source``; return the state."""
    state = moonbase.load("moon", **options).new(seed=seed)
    print("MOON — cooperative. Solve every goal card in register A. Type help for help.", file=sink)
    while not state.is_over:
        actions = state.legal_actions(0)
        print("", render_view(state.view(0)), sep="\n", file=sink)
        print(menu(actions), file=sink)
        print("> ", end="", file=sink, flush=True)
        line = source.readline()
        if not line or line.strip().lower() in ("quit", "exit"):
            print("Game left unfinished.", file=sink)
            return state
        if line.strip().lower() == "help":
            print(HELP, file=sink)
            continue
        try:
            state.apply(0, choose(line, actions))
        except moonbase.IllegalAction as error:
            reason = str(error).split("; allowed:")[0]
            print(f"Not allowed: {reason}. Pick a number from the menu.", file=sink)
    print("", render_view(state.view(0)), sep="\n", file=sink)
    verdict = "won — the astronauts land" if state.winners() else "lost — a slow CPU"
    print(f"The mission is {verdict}. Goals solved: {int(state.scores()[0])}.", file=sink)
    return state


def main(argv: list[str] | None = None) -> int:
    """``moonbase [--seed N] [--difficulty D]``: play cooperative MOON in the terminal."""
    parser = argparse.ArgumentParser(prog="moonbase", description="Play cooperative MOON.")
    parser.add_argument("--seed", type=int, default=None, help="deal (default: random)")
    parser.add_argument(
        "--difficulty", choices=("easy", "normal", "hard", "master"), default="easy"
    )
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4))
    play(seed, sys.stdin, sys.stdout, difficulty=args.difficulty)
    return 0
