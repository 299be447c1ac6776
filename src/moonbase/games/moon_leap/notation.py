"""Moon Leap's notation: the die's outcomes and the moves, spelled canonically and numbered.

- ``ROLL 1`` … ``ROLL 5``, ``ROLL *``: the die (chance outcomes in explicit chance mode);
- ``MOVE 3``: move token 3 (its number, also after a ★);
- ``MOVE 1+4``: a split — token 1 first, then token 4 (``MOVE 4+1`` is the other order);
- ``PASS``: only when no token can move.

Parsing is lenient (any case, extra spaces, ``★`` for ``*``); printing is canonical. The
universe is the same for every board and player count: 14 actions and 6 outcomes, numbered in
text order (:data:`ACTIONS`, :data:`OUTCOMES`); :data:`TOKENS_OF` and :data:`FACE_OF` decode an
id, :data:`MOVE_ID` encodes a move.

>>> canonical("  move 1 + 4 ")
'MOVE 1+4'
>>> canonical("roll ★")
'ROLL *'
>>> move_text((2, 3)), TOKENS_OF[ACTIONS.id("MOVE 2+3")], TOKENS_OF[PASS_ID]
('MOVE 2+3', (2, 3), ())
>>> ACTIONS.texts[:3], len(ACTIONS), OUTCOMES.texts[0]
(('MOVE 1', 'MOVE 1+2', 'MOVE 1+3'), 14, 'ROLL *')
"""

from __future__ import annotations

import re
from typing import Final

from moonbase.core.actions import ActionSpace
from moonbase.core.chance import ChanceTable

__all__ = [
    "ACTIONS",
    "CANDIDATES",
    "DIE_FACES",
    "FACE_OF",
    "MOVE_ID",
    "OUTCOMES",
    "PASS",
    "PASS_ID",
    "ROLL_TABLE",
    "SPLITS",
    "STAR",
    "STAR_FACE",
    "TOKENS",
    "canonical",
    "move_text",
]

TOKENS: Final = (1, 2, 3, 4, 5)
"""The numbers of each player's five tokens."""

SPLITS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    3: ((1, 2),),
    4: ((1, 3),),
    5: ((1, 4), (2, 3)),
}
"""How a roll may be split between two tokens (in either order) once the barrier is crossed."""

STAR: Final = "*"
"""The die face that moves any one of the player's tokens (★ on the die)."""

STAR_FACE: Final = 0
"""The number the rules keep for a rolled ★ (faces 1 to 5 are their own numbers)."""

DIE_FACES: Final = ("1", "2", "3", "4", "5", STAR)
"""The six faces of the die, as the notation writes them."""

PASS: Final = "PASS"
"""The action of a player who cannot move any token."""

_ARGUMENT: Final = re.compile(r"\*|\d+(?: ?\+ ?\d+)*")


def move_text(tokens: tuple[int, ...]) -> str:
    """The action moving ``tokens`` in order: one token, a split of two, or ``PASS`` for none.

    >>> move_text((4,)), move_text((4, 1)), move_text(())
    ('MOVE 4', 'MOVE 4+1', 'PASS')
    """
    if not tokens:
        return PASS
    return "MOVE " + "+".join(str(token) for token in tokens)


def _every_move() -> list[tuple[int, ...]]:
    splits = [
        pair
        for pairs in SPLITS.values()
        for low, high in pairs
        for pair in ((low, high), (high, low))
    ]
    return [(), *((number,) for number in TOKENS), *splits]


ACTIONS: Final = ActionSpace(move_text(tokens) for tokens in _every_move())
"""Every Moon Leap action, numbered in text order."""

TOKENS_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    () if text == PASS else tuple(int(part) for part in text[5:].split("+"))
    for text in ACTIONS.texts
)
"""The token numbers each action id moves, in order (``()`` for ``PASS``)."""

MOVE_ID: Final[dict[tuple[int, ...], int]] = {tokens: i for i, tokens in enumerate(TOKENS_OF)}
"""The id of the action that moves these tokens in this order."""

PASS_ID: Final = MOVE_ID[()]
"""The id of ``PASS``."""

CANDIDATES: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {
    face: tuple(
        sorted(
            [(MOVE_ID[(face,)], face, 0)]
            + [
                (MOVE_ID[pair], *pair)
                for low, high in SPLITS.get(face, ())
                for pair in ((low, high), (high, low))
            ]
        )
    )
    for face in TOKENS
}
"""Per rolled face, the moves it may allow, ascending by id: ``(id, first, second)``, with
``second`` 0 for a single token."""
CANDIDATES[STAR_FACE] = tuple((MOVE_ID[(number,)], number, 0) for number in TOKENS)

OUTCOMES: Final = ActionSpace(f"ROLL {face}" for face in DIE_FACES)
"""The die's six outcomes, numbered in text order (``ROLL *`` first)."""

FACE_OF: Final[tuple[int, ...]] = tuple(
    STAR_FACE if text.endswith(STAR) else int(text[5:]) for text in OUTCOMES.texts
)
"""The face each outcome id rolls: 1 to 5, or :data:`STAR_FACE`."""

ROLL_TABLE: Final = ChanceTable((OUTCOMES.id(f"ROLL {face}"), 1) for face in DIE_FACES)
"""Each outcome with weight 1, in the die's order 1 to 5 then ★ (auto mode draws by position,
so this order is part of what a seed means)."""


def canonical(action: str) -> str:
    """The canonical spelling of an action typed by a person.

    The first word is upper-cased and the rest is joined without spaces, so ``move 1 + 4``,
    ``MOVE 1+4`` and ``Move  1 +4`` all read ``MOVE 1+4``. Anything else is only upper-cased
    with single spaces, and is then no action.

    >>> canonical("pass"), canonical("move 3"), canonical("MOVE 3 X"), canonical("move 1 4")
    ('PASS', 'MOVE 3', 'MOVE 3 X', 'MOVE 1 4')
    """
    words = action.replace("★", STAR).upper().split()
    if len(words) >= 2 and words[0] in ("MOVE", "ROLL"):
        rest = " ".join(words[1:])
        if _ARGUMENT.fullmatch(rest):
            return f"{words[0]} {rest.replace(' ', '')}"
    return " ".join(words)
