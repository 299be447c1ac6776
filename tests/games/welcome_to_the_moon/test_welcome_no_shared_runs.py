"""No two adventure modules share a run of six lines (issue 14's test of "one engine").

What every adventure does is the engine's; an adventure module holds what only it has. A run of
six non-blank lines, compared after stripping their indentation, that two adventure modules both
hold is a copy that belongs in the engine or the sheet vocabulary. Import lists and ``__all__``
are left out: naming the same things is not a copy.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from moonbase.games.welcome_to_the_moon import adventures

RUN = 6
"""The shortest run of lines that counts as a copy."""
MODULES = sorted(Path(adventures.__file__).parent.glob("a[1-8]_*.py"))


def compared_lines(source: str) -> list[str]:
    """The lines of ``source`` that count: stripped, not blank, not an import or ``__all__``.

    >>> compared_lines("import os\\n\\ndef f():\\n    y = 2\\n__all__ = [\\n    'f',\\n]\\n")
    ['def f():', 'y = 2']
    """
    skipped: set[int] = set()
    for node in ast.parse(source).body:
        is_all = isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        )
        if isinstance(node, ast.Import | ast.ImportFrom) or is_all:
            skipped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return [
        line.strip()
        for number, line in enumerate(source.splitlines(), start=1)
        if line.strip() and number not in skipped
    ]


def runs(lines: list[str]) -> Iterator[tuple[str, ...]]:
    """Every run of :data:`RUN` consecutive lines."""
    for start in range(len(lines) - RUN + 1):
        yield tuple(lines[start : start + RUN])


def shared_runs(sources: dict[str, str]) -> dict[tuple[str, str], tuple[str, ...]]:
    """For each pair of sources that share a run, one run they share (the first found)."""
    holders: dict[tuple[str, ...], str] = {}
    shared: dict[tuple[str, str], tuple[str, ...]] = {}
    for name, source in sources.items():
        for run in set(runs(compared_lines(source))):
            other = holders.setdefault(run, name)
            if other != name:
                shared.setdefault((other, name), run)
    return shared


def test_the_check_finds_six_shared_lines_and_not_five() -> None:
    body = [f"total += {n}" for n in range(6)]
    one = "\n".join(["import os", "def f():", *[f"    {line}" for line in body]])
    two = "\n".join(["import os", "import sys", "", *body, "", "x = 2"])
    assert shared_runs({"one": one, "two": two}) == {("one", "two"): tuple(body)}
    five = "\n".join(body[:5])
    assert shared_runs({"one": one, "five": five}) == {}


def test_the_check_leaves_imports_and_all_out() -> None:
    names = [f"    {chr(ord('a') + n)}," for n in range(8)]
    imports = "\n".join(["from x import (", *names, ")", "__all__ = [", *names, "]"])
    assert shared_runs({"one": imports + "\nx = 1", "two": imports + "\ny = 2"}) == {}


def test_no_two_adventure_modules_share_six_lines() -> None:
    assert len(MODULES) == 8
    sources = {path.name: path.read_text("utf-8") for path in MODULES}
    assert shared_runs(sources) == {}
