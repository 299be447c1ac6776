"""Reports: an HTML page with tables and pictures, written to a folder.

A :class:`Report` is a title, a few paragraphs, named :class:`ReportTable` tables and PNG
pictures; :meth:`Report.write` writes ``FOLDER/index.html`` (every text escaped) beside the
pictures, and :meth:`Report.text` gives the tables as plain text for a terminal. The page
needs nothing but a browser. The charts (:func:`bar_chart`, :func:`line_chart`,
:func:`box_chart`) draw with matplotlib and return PNG bytes.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> table = ReportTable("Games per seat", ("seat", "games"), [("0", "4")])
>>> page = Report("A <test>", ["One line."], [table], {}).write(folder)
>>> text = page.read_text()
>>> "<title>A &lt;test&gt;</title>" in text, "<h2>Games per seat</h2>" in text
(True, True)
>>> print(table.text())
Games per seat
seat  games
   0      4
"""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "PNG_SIGNATURE",
    "Report",
    "ReportTable",
    "bar_chart",
    "box_chart",
    "line_chart",
    "write_report",
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
"""The eight bytes every PNG file starts with."""

_STYLE = (
    "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
    "table{border-collapse:collapse;margin-bottom:1em}td,th{border:1px solid #999;"
    "padding:.2em .6em;text-align:right}</style>"
)


@dataclass(frozen=True)
class ReportTable:
    """One table of a report: its name, its column names and its rows (text cells)."""

    name: str
    header: tuple[str, ...]
    rows: Sequence[Sequence[str]]

    def text(self) -> str:
        """The table as aligned plain text under its name (first column left, the rest right)."""
        lines = [self.header, *(tuple(row) for row in self.rows)]
        widths = [max(len(line[column]) for line in lines) for column in range(len(self.header))]
        out = [self.name]
        for line in lines:
            cells = [
                cell.ljust(width) if column == 0 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(line, widths, strict=True))
            ]
            out.append("  ".join(cells).rstrip())
        return "\n".join(out)

    def html(self) -> str:
        """The table as an HTML ``<h2>`` and ``<table>``."""
        cells = "".join(f"<th>{html.escape(cell)}</th>" for cell in self.header)
        body = [f"<tr>{cells}</tr>"]
        for row in self.rows:
            body.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
        return f"<h2>{html.escape(self.name)}</h2>\n<table>{''.join(body)}</table>"


@dataclass(frozen=True)
class Report:
    """A study's report: title, paragraphs, tables and pictures (``name.png`` → PNG bytes)."""

    title: str
    paragraphs: Sequence[str]
    tables: Sequence[ReportTable]
    pictures: Mapping[str, bytes]

    def write(self, folder: str | Path) -> Path:
        """Write ``folder/index.html`` and the pictures; returns the page's path."""
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        for name, data in self.pictures.items():
            (target / name).write_bytes(data)
        parts = [
            "<!doctype html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(self.title)}</title>",
            _STYLE + "</head><body>",
            f"<h1>{html.escape(self.title)}</h1>",
            *(f"<p>{html.escape(text)}</p>" for text in self.paragraphs),
            *(table.html() for table in self.tables),
            *(
                f'<p><img src="{html.escape(name)}" alt="{html.escape(name)}"></p>'
                for name in self.pictures
            ),
            "</body></html>",
        ]
        page = target / "index.html"
        page.write_text("\n".join(parts) + "\n", encoding="utf-8")
        return page

    def text(self) -> str:
        """Every table as plain text, one after another."""
        return "\n\n".join(table.text() for table in self.tables)


def write_report(
    folder: str | Path,
    title: str,
    paragraphs: Sequence[str],
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    pictures: Mapping[str, bytes],
) -> Path:
    """Write a report of one table (named after the title); returns the page."""
    table = ReportTable(title, tuple(header), rows)
    return Report(title, paragraphs, [table], pictures).write(folder)


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    return pyplot


def _png(figure: Any) -> bytes:
    out = io.BytesIO()
    figure.tight_layout()
    figure.savefig(out, format="png")
    _pyplot().close(figure)
    return out.getvalue()


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    *,
    title: str,
    ylabel: str,
    reference: float | None = None,
) -> bytes:
    """A bar chart with 95% interval whiskers (and a dashed reference line) as PNG bytes."""
    figure, axes = _pyplot().subplots(figsize=(6.4, 4.0), dpi=80)
    below = [value - low for value, low in zip(values, lows, strict=True)]
    above = [high - value for value, high in zip(values, highs, strict=True)]
    axes.bar(labels, values, yerr=[below, above], capsize=6, color="#4a6fa5")
    if reference is not None:
        axes.axhline(reference, color="#aa3333", linestyle="--", linewidth=1, label="no advantage")
        axes.legend(loc="upper right")
    axes.set_title(title)
    axes.set_ylabel(ylabel)
    return _png(figure)


Series = tuple[str, Sequence[float], Sequence[float], Sequence[float]]
"""One line of a :func:`line_chart`: its name, its values, and their lows and highs."""


def line_chart(
    panels: Sequence[tuple[str, Sequence[str], Sequence[Series]]],
    *,
    title: str,
    ylabel: str,
) -> bytes:
    """Side-by-side panels ``(panel title, x labels, series)``, each series a line with 95%
    interval whiskers, as PNG bytes."""
    pyplot = _pyplot()
    count = len(panels)
    figure, grid = pyplot.subplots(
        1, count, figsize=(min(4.0 * count + 1.5, 13.0), 3.8), dpi=80, squeeze=False
    )
    for axes, (name, xlabels, series) in zip(grid[0], panels, strict=True):
        places = list(range(len(xlabels)))
        for label, values, lows, highs in series:
            below = [value - low for value, low in zip(values, lows, strict=True)]
            above = [high - value for value, high in zip(values, highs, strict=True)]
            axes.errorbar(places, values, yerr=[below, above], marker="o", capsize=4, label=label)
        axes.set_xticks(places, list(xlabels))
        axes.set_title(name)
        axes.set_ylim(-0.03, 1.03)
    grid[0][0].set_ylabel(ylabel)
    grid[0][-1].legend(loc="best", fontsize="small")
    figure.suptitle(title)
    return _png(figure)


def box_chart(groups: Sequence[tuple[str, Sequence[float]]], *, title: str, ylabel: str) -> bytes:
    """A box plot (quartiles, whiskers at 1.5 IQR) of each ``(label, values)`` group."""
    figure, axes = _pyplot().subplots(figsize=(max(6.4, 0.45 * len(groups) + 2), 4.0), dpi=80)
    axes.boxplot([list(values) or [0.0] for _, values in groups])
    axes.set_xticks(range(1, len(groups) + 1), [label for label, _ in groups], rotation=60)
    axes.set_title(title)
    axes.set_ylabel(ylabel)
    return _png(figure)
