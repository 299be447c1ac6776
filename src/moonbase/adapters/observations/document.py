"""The generated parts of ``docs/observations.md``: field tables and size tables, written from
:meth:`Encoder.fields` so the documentation cannot drift from the encoders.

The page holds blocks between markers, which :func:`render_blocks` regenerates:

- ``<!-- fields: GAME -->`` … ``<!-- end -->``: the field table of ``GAME`` with its default
  options; ``<!-- fields: GAME PRESET -->`` with the options of one of its presets;
- ``<!-- sizes: GAME -->`` … ``<!-- end -->``: the sizes for the defaults and every preset.

Run ``python -m moonbase.adapters.observations.document docs/observations.md`` to rewrite the
page's blocks in place; a test fails while any block is stale.

>>> text = "intro\\n<!-- sizes: moon-leap -->\\nold\\n<!-- end -->\\n"
>>> print(render_blocks(text))  # doctest: +NORMALIZE_WHITESPACE
intro
<!-- sizes: moon-leap -->
| options | public | private | total |
|---|---:|---:|---:|
| defaults | 547 | 2 | 549 |
| preset `2p` | 547 | 2 | 549 |
| preset `3p` | 778 | 3 | 781 |
| preset `4p` | 1009 | 4 | 1013 |
| preset `custom-board` | 358 | 3 | 361 |
<!-- end -->
>>> stale_blocks(text)
['sizes: moon-leap']
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import moonbase
from moonbase.adapters.observations import encoder_for
from moonbase.core import game_class

__all__ = ["field_table", "main", "render_blocks", "size_table", "stale_blocks"]

_BLOCK = re.compile(
    r"(<!-- (fields|sizes): ([a-z-]+)(?: ([\w-]+))? -->\n)(.*?)(<!-- end -->)", re.S
)


def field_table(name: str, preset: str | None = None) -> str:
    """The Markdown table of every field of game ``name`` (default options, or ``preset``'s)."""
    options = {} if preset is None else dict(game_class(name).presets[preset])
    encoder = encoder_for(moonbase.load(name, **options))
    rows = ["| field | part | offset | size | meaning |", "|---|---|---:|---:|---|"]
    for field in encoder.fields():
        meaning = field.meaning.replace("|", "\\|")
        rows.append(
            f"| `{field.name}` | {field.part} | {field.offset} | {field.size} | {meaning} |"
        )
    rows.append(
        f"| *total* | | | {encoder.size} | {encoder.public_size} public + "
        f"{encoder.private_size} private |"
    )
    return "\n".join(rows) + "\n"


def size_table(name: str) -> str:
    """The Markdown table of the sizes of game ``name``'s encoder for its defaults and every
    preset."""
    rows = ["| options | public | private | total |", "|---|---:|---:|---:|"]
    cases: list[tuple[str, dict[str, object]]] = [("defaults", {})]
    cases += [(f"preset `{p}`", dict(o)) for p, o in game_class(name).presets.items()]
    for label, options in cases:
        encoder = encoder_for(moonbase.load(name, **options))
        rows.append(
            f"| {label} | {encoder.public_size} | {encoder.private_size} | {encoder.size} |"
        )
    return "\n".join(rows) + "\n"


def _render(match: re.Match[str]) -> str:
    kind, name, preset = match.group(2), match.group(3), match.group(4)
    body = field_table(name, preset) if kind == "fields" else size_table(name)
    return match.group(1) + body + match.group(6)


def render_blocks(text: str) -> str:
    """``text`` with every generated block written afresh."""
    return _BLOCK.sub(_render, text)


def stale_blocks(text: str) -> list[str]:
    """The markers of the blocks of ``text`` that differ from what they would be now."""
    return [
        " ".join(part for part in (f"{m.group(2)}: {m.group(3)}", m.group(4)) if part)
        for m in _BLOCK.finditer(text)
        if _render(m) != m.group(0)
    ]


def main(argv: list[str]) -> int:
    """Rewrite the generated blocks of the Markdown file ``argv[0]`` in place."""
    if len(argv) != 1:
        print("usage: python -m moonbase.adapters.observations.document FILE.md", file=sys.stderr)
        return 2
    path = Path(argv[0])
    text = path.read_text(encoding="utf-8")
    path.write_text(render_blocks(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
