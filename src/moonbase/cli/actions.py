"""The numbered menu of legal actions: laid out compactly, and read back from what was typed.

Actions are numbered from 1 in the order the game lists them (sorted, so actions that start
with the same word are neighbours) and grouped by that word, so that MOON's seventy-odd
operations fit in a dozen lines::

    AND   1) A B   2) A C  ...
    13) END

A group whose actions go on with a long word of their own (``MINI GRAB URANUS``,
``MINI BLOCK SATURN``) is split by its first two words. When the menu is very long, big groups
are summed up with an example instead of listed; their numbers still work, and ``actions``
lists everything.

A typed line is a menu number or the action itself in the game's notation, which the game
reads leniently (``xor a c``).

>>> actions = ["AND A B", "AND A C", "END", "INC A", "INC B"]
>>> print("\\n".join(menu_lines(actions, width=40)))
AND  1) A B  2) A C
3) END
INC  4) A  5) B
>>> read_choice("3", actions), read_choice(" xor a c ", actions)
('END', 'xor a c')
>>> read_choice("9", actions)
Traceback (most recent call last):
...
moonbase.cli.actions.NoSuchNumber: there is no action 9: the menu goes from 1 to 5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = [
    "LONG_MENU",
    "Group",
    "NoSuchNumber",
    "group_actions",
    "menu_lines",
    "read_choice",
]

LONG_MENU: Final = 100
"""A menu with more actions than this sums up its big groups."""
_BIG_GROUP: Final = 24
"""In a long menu, a group with more actions than this is summed up."""
_SPLIT_GROUP: Final = 8
"""A group with more actions than this may be split by its first two words."""


class NoSuchNumber(ValueError):
    """A number was typed that is not on the menu."""


@dataclass(frozen=True)
class Group:
    """Neighbouring actions that start alike: ``key``, and what follows it in each action.

    ``first`` is the menu number of the first action.
    """

    key: str
    first: int
    rests: tuple[str, ...]

    @property
    def last(self) -> int:
        """The menu number of the last action."""
        return self.first + len(self.rests) - 1

    def action(self, index: int) -> str:
        """The whole action at ``index`` in the group."""
        rest = self.rests[index]
        return f"{self.key} {rest}" if rest else self.key


def _split(action: str, words: int) -> tuple[str, str]:
    parts = action.split(" ", words)
    return " ".join(parts[:words]), " ".join(parts[words:])


def _by_prefix(actions: Sequence[str], first: int, words: int) -> list[Group]:
    groups: list[Group] = []
    keys: list[str] = []
    rests: list[list[str]] = []
    for action in actions:
        key, rest = _split(action, words)
        if keys and keys[-1] == key:
            rests[-1].append(rest)
        else:
            keys.append(key)
            rests.append([rest])
    number = first
    for key, items in zip(keys, rests, strict=True):
        groups.append(Group(key, number, tuple(items)))
        number += len(items)
    return groups


def _worth_splitting(group: Group) -> bool:
    if len(group.rests) <= _SPLIT_GROUP or not all(group.rests):
        return False
    seconds = [rest.split(" ", 1)[0] for rest in group.rests]
    if any(len(word) <= 2 for word in seconds):
        return False
    return len(set(seconds)) < len(seconds)


def group_actions(actions: Sequence[str]) -> list[Group]:
    """The actions in groups by their first word (or first two words, see the module).

    >>> [(g.key, g.first, g.rests) for g in group_actions(["END", "INC A", "INC B"])]
    [('END', 1, ('',)), ('INC', 2, ('A', 'B'))]
    >>> minis = ["MINI GRAB SATURN", "MINI GRAB URANUS"] + [f"MINI SWAP S{n} J1" for n in range(8)]
    >>> [g.key for g in group_actions(minis)]
    ['MINI GRAB', 'MINI SWAP']
    """
    groups: list[Group] = []
    for group in _by_prefix(actions, 1, 1):
        if _worth_splitting(group):
            whole = [group.action(index) for index in range(len(group.rests))]
            groups.extend(_by_prefix(whole, group.first, 2))
        else:
            groups.append(group)
    return groups


def _wrap(head: str, items: list[str], width: int) -> list[str]:
    lines: list[str] = []
    line, filled = head, False
    indent = " " * len(head)
    for item in items:
        if filled and len(line) + 2 + len(item) > width:
            lines.append(line)
            line, filled = indent, False
        line, filled = f"{line}  {item}", True
    lines.append(line)
    return lines


def menu_lines(actions: Sequence[str], width: int = 80, *, complete: bool = False) -> list[str]:
    """The menu as lines of at most ``width`` characters (one long item may be longer).

    With ``complete`` every action is listed, however long the menu.

    >>> many = [f"TABLEAU C{n}" for n in range(150)] + ["PASS"]
    >>> print("\\n".join(menu_lines(many)))
    TABLEAU  150 choices (1–150), e.g. TABLEAU C0
    151) PASS
    """
    numbers = len(str(len(actions)))
    groups = group_actions(actions)
    summing = len(actions) > LONG_MENU and not complete
    key_width = max((len(g.key) for g in groups if len(g.rests) > 1), default=0)
    lines: list[str] = []
    for group in groups:
        if len(group.rests) == 1:
            lines.append(f"{group.first}) {group.action(0)}")
        elif summing and len(group.rests) > _BIG_GROUP:
            lines.append(
                f"{group.key:<{key_width}}  {len(group.rests)} choices "
                f"({group.first}–{group.last}), e.g. {group.action(0)}"
            )
        else:
            items = [
                f"{group.first + index:>{numbers}}) {rest}"
                for index, rest in enumerate(group.rests)
            ]
            lines.extend(_wrap(f"{group.key:<{key_width}}", items, width))
    return lines


def read_choice(text: str, actions: Sequence[str]) -> str:
    """The action a typed line means: a menu number, or the text itself for the game to read.

    Raises :class:`NoSuchNumber` for a number that is not on the menu.
    """
    typed = text.strip()
    if typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(actions):
            return actions[number - 1]
        if not actions:
            raise NoSuchNumber(f"there is no action {number}: nothing can be done now")
        raise NoSuchNumber(f"there is no action {number}: the menu goes from 1 to {len(actions)}")
    return typed
