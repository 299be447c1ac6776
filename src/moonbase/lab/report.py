"""Reports: an HTML page with tables and pictures, written to a folder.

:func:`write_report` writes ``FOLDER/index.html`` (every text escaped) beside the pictures it
is given (PNG bytes, e.g. from :func:`bar_chart`); the page needs nothing but a browser.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> page = write_report(folder, "A <test>", ["One line."], ("seat", "games"), [("0", "4")], {})
>>> "<title>A &lt;test&gt;</title>" in page.read_text()
True
"""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["bar_chart", "write_report"]


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
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(6.4, 4.0), dpi=100)
    below = [value - low for value, low in zip(values, lows, strict=True)]
    above = [high - value for value, high in zip(values, highs, strict=True)]
    axes.bar(labels, values, yerr=[below, above], capsize=6, color="#4a6fa5")
    if reference is not None:
        axes.axhline(reference, color="#aa3333", linestyle="--", linewidth=1, label="no advantage")
        axes.legend(loc="upper right")
    axes.set_title(title)
    axes.set_ylabel(ylabel)
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="png")
    pyplot.close(figure)
    return out.getvalue()


def write_report(
    folder: str | Path,
    title: str,
    paragraphs: Sequence[str],
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    pictures: Mapping[str, bytes],
) -> Path:
    """Write the page and its pictures (``name.png`` → bytes) to ``folder``; returns the page."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for name, data in pictures.items():
        (target / name).write_bytes(data)
    cells = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = [f"<tr>{cells}</tr>"]
    for row in rows:
        body.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>")
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:50em;margin:2em auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em;"
        "text-align:right}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        *(f"<p>{html.escape(text)}</p>" for text in paragraphs),
        f"<table>{''.join(body)}</table>",
        *(f'<p><img src="{html.escape(name)}" alt="{html.escape(name)}"></p>' for name in pictures),
        "</body></html>",
    ]
    page = target / "index.html"
    page.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return page
