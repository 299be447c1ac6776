"""Moon Leap's notation: the die's outcomes and the moves, spelled canonically.

- ``ROLL 1`` … ``ROLL 5``, ``ROLL *``: the die (chance outcomes in explicit chance mode);
- ``MOVE 3``: move token 3 (its number, also after a ★);
- ``MOVE 1+4``: a split — token 1 first, then token 4 (``MOVE 4+1`` is the other order);
- ``PASS``: only when no token can move.

Parsing is lenient (any case, extra spaces, ``★`` for ``*``); printing is canonical.

>>> canonical("  move 1 + 4 ")
'MOVE 1+4'
>>> canonical("roll ★")
'ROLL *'
>>> move_text((2, 3)), tokens_of("MOVE 2+3"), tokens_of("PASS")
('MOVE 2+3', (2, 3), ())
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from moonbase.games.moon_leap.state import MoonLeapState

__all__ = [
    "DIE_FACES",
    "PASS",
    "ROLLS",
    "STAR",
    "canonical",
    "explain",
    "move_text",
    "tokens_of",
]

STAR: Final = "*"
"""The die face that moves any one of the player's tokens (★ on the die)."""

DIE_FACES: Final = ("1", "2", "3", "4", "5", STAR)
"""The six faces of the die, as the notation writes them."""

ROLLS: Final = tuple(f"ROLL {face}" for face in DIE_FACES)
"""The chance outcomes of one roll, one per face."""

PASS: Final = "PASS"
"""The action of a player who cannot move any token."""

_ARGUMENT: Final = re.compile(r"\*|\d+(?: ?\+ ?\d+)*")


def canonical(action: str) -> str:
    """The canonical spelling of an action typed by a person.

    The first word is upper-cased and the rest is joined without spaces, so ``move 1 + 4``,
    ``MOVE 1+4`` and ``Move  1 +4`` all read ``MOVE 1+4``. Anything else is only upper-cased
    with single spaces, and is then not a legal action.

    >>> canonical("pass"), canonical("move 3"), canonical("MOVE 3 X"), canonical("move 1 4")
    ('PASS', 'MOVE 3', 'MOVE 3 X', 'MOVE 1 4')
    """
    words = action.replace("★", STAR).upper().split()
    if len(words) >= 2 and words[0] in ("MOVE", "ROLL"):
        rest = " ".join(words[1:])
        if _ARGUMENT.fullmatch(rest):
            return f"{words[0]} {rest.replace(' ', '')}"
    return " ".join(words)


def move_text(tokens: tuple[int, ...]) -> str:
    """The action moving ``tokens`` in order: one token, a split of two, or ``PASS`` for none.

    >>> move_text((4,)), move_text((4, 1)), move_text(())
    ('MOVE 4', 'MOVE 4+1', 'PASS')
    """
    if not tokens:
        return PASS
    return "MOVE " + "+".join(str(token) for token in tokens)


def tokens_of(action: str) -> tuple[int, ...]:
    """The token numbers a canonical move names, in order (``()`` for ``PASS``).

    Raises :class:`ValueError` for text that is not a move.

    >>> tokens_of("MOVE 5")
    (5,)
    """
    if action == PASS:
        return ()
    word, _, rest = action.partition(" ")
    parts = rest.split("+")
    if word != "MOVE" or not all(part.isdigit() for part in parts):
        raise ValueError(f"{action!r} is not a move")
    return tuple(int(part) for part in parts)


def explain(state: MoonLeapState, seat: int, action: str) -> str:
    """Why ``action`` (canonical) is not legal for ``seat`` now, in a few words."""
    from moonbase.games.moon_leap.state import SPLITS, TOKENS

    roll = state.roll
    if roll is None:
        return "the die has not been rolled"
    if action == PASS:
        return "PASS is allowed only when no token can move"
    if action.startswith("ROLL"):
        return "the die is rolled by chance, not by a seat"
    try:
        tokens = tokens_of(action)
    except ValueError:
        return "a move is written MOVE 3, MOVE 1+4 (a split) or PASS"
    if any(number not in TOKENS for number in tokens):
        return "tokens are numbered 1 to 5"
    if len(tokens) > 2:
        return "a split moves exactly two tokens"
    splits = SPLITS.get(int(roll), ()) if roll != STAR else ()
    if len(tokens) == 1:
        (number,) = tokens
        if roll != STAR and number != int(roll):
            also = ""
            if state.split_allowed and splits:
                also = " (or splits as " + ", ".join(f"{a}+{b}" for a, b in splits) + ")"
            return f"the die shows {roll}: it moves token {roll}{also}"
        return _stuck(state, seat, number)
    first, second = tokens
    if roll == STAR:
        return "a ★ moves any one token and is never split"
    if not state.split_allowed:
        return (
            "a roll may be split only once a token has crossed the barrier after space "
            f"{state.barrier}"
        )
    if tuple(sorted(tokens)) not in splits:
        if not splits:
            return f"a {roll} cannot be split (only 3, 4 and 5 can)"
        shown = " or ".join(f"{a}+{b}" for a, b in splits)
        return f"a {roll} splits only as {shown} (in either order)"
    if state.destination(seat, first) is None:
        return _stuck(state, seat, first)
    return (
        f"once token {first} has moved, token {second} on space "
        f"{state.space_of(seat, second)} has no free space after it"
    )


def _stuck(state: MoonLeapState, seat: int, number: int) -> str:
    if state.destination(seat, number) is not None:
        return ""
    return f"token {number} on space {state.space_of(seat, number)} has no free space after it"
