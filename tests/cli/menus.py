"""Reading a printed menu back as a person does: each number with the action printed beside it.

A line is either ``N) ACTION`` items, or a group's key followed by ``N) REST`` items (the
action is the key and the rest); a line that starts with spaces goes on with the group above.
"""

from __future__ import annotations

import re
from typing import Final

_ITEM: Final = re.compile(r"(\d+)\) (.+?)(?=\s+\d+\) |\s*$)")


def printed_menu(lines: list[str]) -> list[tuple[int, str]]:
    """The ``(number, action)`` pairs of a grouped menu, in the order they are printed."""
    pairs: list[tuple[int, str]] = []
    key = ""
    for line in lines:
        first = re.search(r"\d+\) ", line)
        if first is None:
            continue
        head = line[: first.start()]
        if head.strip():
            key = head.strip()
        elif not line.startswith(" "):
            key = ""
        for number, rest in _ITEM.findall(line[first.start() :]):
            pairs.append((int(number), f"{key} {rest}".strip()))
    return pairs
