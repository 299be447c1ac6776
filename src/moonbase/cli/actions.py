"""The numbered menu of legal actions: laid out compactly, and read back from what was typed.

A :class:`Menu` is what a person is offered: the lines printed and the action each number
stands for. Numbers follow the order the actions are printed in, and actions are printed in
natural order (:func:`natural_key`: ``N2`` before ``N10``, ``ENE.2`` before ``ENE.10``),
grouped by their first word so that long menus fit in a few lines::

    AND   1) A B   2) A C  ...
    13) END

A group whose actions go on with a long word of their own (``MINI GRAB URANUS``,
``MINI BLOCK SATURN``) is split by its first two words. When the menu is very long, big groups
are summed up with an example instead of listed; their numbers still work, and ``actions``
lists everything.

A game's renderer (:mod:`moonbase.cli.renderers`) may order its menu its own way with a
``menu_key(action)`` (Moons: planets in the order the table shows them), or lay the whole menu
out itself with ``menu(game, view, actions, width)`` (MOON: a grid with a fixed number for
every action, so that ``END`` is always 1). :func:`menu_for` picks whichever the game has.

A typed line is a menu number or the action itself in the game's notation, which the game
reads leniently (``xor a c``).

>>> menu = grouped_menu(["AND A B", "AND A C", "END", "INC A", "INC B"], width=40)
>>> print("\\n".join(menu.lines))
AND  1) A B  2) A C
3) END
INC  4) A  5) B
>>> menu.choice("3"), menu.choice(" xor a c ")
('END', 'xor a c')
>>> menu.choice("9")
Traceback (most recent call last):
...
moonbase.cli.actions.NoSuchNumber: there is no action 9: the menu goes from 1 to 5
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from moonbase.cli.render import renderer_hook
from moonbase.core import Game
from moonbase.i18n import gettext as _

__all__ = [
    "LONG_MENU",
    "Group",
    "Menu",
    "NoSuchNumber",
    "group_actions",
    "grouped_menu",
    "menu_for",
    "menu_lines",
    "natural_key",
    "read_choice",
]

_WHOLE_NUMBER: Final = re.compile(r"[+-]?\d+")
"""What a menu number may be typed as (any whole number is read as one)."""

LONG_MENU: Final = 100
"""A menu with more actions than this sums up its big groups."""
_BIG_GROUP: Final = 24
"""In a long menu, a group with more actions than this is summed up."""
_SPLIT_GROUP: Final = 8
"""A group with more actions than this may be split by its first two words."""
_PARTS: Final = re.compile(r"(\D*)(\d*)")

SortKey = Callable[[str], Any]
"""How a menu orders its actions (a key for :func:`sorted`)."""


class NoSuchNumber(ValueError):
    """A number was typed that is not on the menu."""


def natural_key(text: str) -> tuple[tuple[str, int], ...]:
    """A sort key that orders the numbers inside ``text`` by their value, not digit by digit.

    >>> sorted(["N10", "N2", "ENE.10", "ENE.2", "END"], key=natural_key)
    ['END', 'ENE.2', 'ENE.10', 'N2', 'N10']
    >>> sorted(["WALL #100", "WALL #99", "T1 +1", "T1"], key=natural_key)
    ['T1', 'T1 +1', 'WALL #99', 'WALL #100']
    """
    return tuple((words, int(digits) if digits else -1) for words, digits in _PARTS.findall(text))


@dataclass(frozen=True)
class Menu:
    """The lines of a menu and the action each number stands for.

    ``numbers`` may also hold actions that are not legal now (a menu that keeps every action
    at a fixed number shows those as gaps): typing one is read as that action, and the game
    says why it is not allowed.
    """

    lines: tuple[str, ...]
    numbers: Mapping[int, str] = field(default_factory=dict)
    legal: frozenset[str] = frozenset()

    def choice(self, text: str) -> str:
        """The action a typed line means: a menu number (any whole number, ``0``, ``-1`` or
        ``+2`` too), or the text itself for the game to read. Raises :class:`NoSuchNumber` for
        a number that is not on the menu.

        >>> menu = Menu(("1) END", "2) INC A"), {1: "END", 2: "INC A"}, frozenset({"END", "INC A"}))
        >>> menu.choice(" +2 "), menu.choice("inc a")
        ('INC A', 'inc a')
        >>> menu.choice("-1")
        Traceback (most recent call last):
        ...
        moonbase.cli.actions.NoSuchNumber: there is no action -1: the menu goes from 1 to 2
        """
        typed = text.strip()
        if not _WHOLE_NUMBER.fullmatch(typed):
            return typed
        number = int(typed)
        if number in self.numbers:
            return self.numbers[number]
        if not self.legal:
            raise NoSuchNumber(
                _("there is no action {number}: nothing can be done now").format(number=number)
            )
        shown = sorted(number for number, action in self.numbers.items() if action in self.legal)
        if shown == list(range(1, len(shown) + 1)):
            raise NoSuchNumber(
                _("there is no action {number}: the menu goes from 1 to {last}").format(
                    number=number, last=shown[-1]
                )
            )
        raise NoSuchNumber(
            _(
                "there is no action {number} now: the menu's numbers go from {first} to "
                "{last}, with gaps for what is not possible now"
            ).format(number=number, first=shown[0], last=shown[-1])
        )


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
    """The actions, in the order given, in groups by their first word (or first two words, see
    the module).

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
    """The menu of ``actions``, numbered in the order given, as lines of at most ``width``
    characters (one long item may be longer).

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
            summed = _("{n} choices ({first}–{last}), e.g. {example}").format(
                n=len(group.rests), first=group.first, last=group.last, example=group.action(0)
            )
            lines.append(f"{group.key:<{key_width}}  {summed}")
        else:
            items = [
                f"{group.first + index:>{numbers}}) {rest}"
                for index, rest in enumerate(group.rests)
            ]
            lines.extend(_wrap(f"{group.key:<{key_width}}", items, width))
    return lines


def grouped_menu(
    actions: Sequence[str],
    width: int = 80,
    *,
    complete: bool = False,
    key: SortKey = natural_key,
) -> Menu:
    """The menu of ``actions`` sorted by ``key``, grouped and numbered as printed (see
    :func:`menu_lines`).

    >>> grouped_menu(["PLAY N10", "PLAY N2", "PASS"]).lines
    ('1) PASS', 'PLAY  2) N2  3) N10')
    """
    ordered = sorted(actions, key=key)
    return Menu(
        tuple(menu_lines(ordered, width, complete=complete)),
        dict(enumerate(ordered, start=1)),
        frozenset(ordered),
    )


def menu_for(
    game: Game,
    view: dict[str, Any],
    actions: Sequence[str],
    width: int = 80,
    *,
    complete: bool = False,
) -> Menu:
    """The menu ``game``'s renderer lays out for ``actions`` (see the module), or else
    :func:`grouped_menu` in the renderer's order or in natural order."""
    layout = renderer_hook(game, "menu")
    if layout is not None:
        laid_out = layout(game, view, actions, width)
        if isinstance(laid_out, Menu):
            return laid_out
    key = renderer_hook(game, "menu_key") or natural_key
    return grouped_menu(actions, width, complete=complete, key=key)


def read_choice(text: str, actions: Sequence[str]) -> str:
    """The action a typed line means for the menu of ``actions`` in natural order (see
    :meth:`Menu.choice`).

    >>> read_choice("2", ["PLAY N10", "PLAY N2"])
    'PLAY N10'
    """
    return grouped_menu(actions).choice(text)
