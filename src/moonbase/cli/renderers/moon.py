"""MOON drawn with rich: the registers as rows of bit lamps with their values, the current goal
in the same lamps and, beside them, the slots (cooperative) or each seat's goals, RAM and bugs
(competitive); then one line for energy, the deck and what an ERROR disabled (a disabled
register is also marked ``✗``).

The board and the menu fit a standard 80×24 terminal together, with room for a few lines of
news: the menu (:func:`menu`) is a grid of operations by registers in which every action keeps
its number all game — ``END`` is always 1 — and a row tells what its operation costs.

>>> import io, moonbase
>>> from rich.console import Console
>>> console = Console(width=80, file=io.StringIO(), color_system=None)
>>> console.print(render(moonbase.load("moon").new(seed=5).view(0)))
>>> text = console.file.getvalue().splitlines()
>>> [" ".join(line.split("│")[1].split()) for line in text[2:3] + text[5:6]]
['B ● ● ○ ○ 1100 = 12 slot 3 —', 'goal ○ ○ ● ○ 0010 = 2 ← make A show this']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from moonbase.cli.actions import Menu
from moonbase.cli.render import SEAT_STYLES, number_text
from moonbase.core import Game
from moonbase.games.moon.views import CompetitiveView, CooperativeView, MoonView
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

__all__ = ["lamps", "menu", "render", "turn_ended"]

_REGISTERS: Final = ("A", "B", "C", "D")
_ONE_REGISTER: Final = frozenset({"INC", "DEC", "ROL", "ROR", "NOT"})
"""The operations on one register (``INC A``); every other operation takes two (``XOR A C``)."""
_BAR: Final = 16
"""Energy is drawn as a bar of half-units up to this many."""


def lamps(bits: str) -> Text:
    """A bit string as lamps: ``●`` lit for 1, ``○`` dark for 0, most significant bit first."""
    text = Text()
    for index, bit in enumerate(bits):
        if index:
            text.append(" ")
        text.append("●" if bit == "1" else "○", style="bold yellow" if bit == "1" else "dim")
    return text


def _registers(notes: bool) -> Table:
    """The grid of registers: name, lamps, value, and (``notes``) a column for a note."""
    grid = Table.grid(padding=(0, 2))
    for _column in range(3 + notes):
        grid.add_column(no_wrap=True)
    return grid


def _row(grid: Table, name: str, bits: str, note: str = "", style: str = "bold") -> None:
    cells = [Text(name, style=style), lamps(bits), Text(f"{bits} = {int(bits, 2):>2}")]
    if len(grid.columns) > len(cells):
        cells.append(Text(note, style="green"))
    grid.add_row(*cells)


class Beside:
    """Two parts side by side, ``gap`` blanks apart, when they fit the width given; else one
    below the other (nothing is cut)."""

    def __init__(self, left: RenderableType, right: RenderableType, gap: int = 3) -> None:
        self.left, self.right, self.gap = left, right, gap

    def _widths(self, console: Console, options: ConsoleOptions) -> tuple[Measurement, ...]:
        return tuple(Measurement.get(console, options, part) for part in (self.left, self.right))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        left, right = self._widths(console, options)
        widest = left.maximum + self.gap + right.maximum
        return Measurement(max(left.minimum, right.minimum), widest).clamp(
            max_width=options.max_width
        )

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        left, right = self._widths(console, options)
        if left.maximum + self.gap + right.maximum <= options.max_width:
            grid = Table.grid(padding=(0, self.gap))
            grid.add_column(no_wrap=True)
            grid.add_column(no_wrap=True)
            grid.add_row(self.left, self.right)
            yield grid
        else:
            yield self.left
            yield self.right


def _current_goal(view: CooperativeView) -> str | None:
    for slot in view["slots"]:
        if slot not in (None, "BUG", "hidden"):
            return str(slot)
    return None


def _slots(view: CooperativeView) -> Table:
    """The four slots, slot 4 (where a goal is lost if it climbs on) at the top."""
    table = Table.grid(padding=(0, 2))
    for number in range(len(view["slots"]), 0, -1):
        slot = view["slots"][number - 1]
        if slot is None:
            shown = Text("—", style="dim")
        elif slot == "BUG":
            shown = Text("BUG", style="bold red")
        elif slot == "hidden":
            shown = Text(_("face down"), style="italic")
        else:
            shown = Text(f"{slot} ({int(slot, 2)})", style="bold green")
        table.add_row(Text(_("slot {n}").format(n=number), style="dim"), shown)
    return table


def _energy(view: MoonView, extra: list[str]) -> Text:
    energy = float(view["energy"])
    text = Text(_("energy") + " ")
    text.append(number_text(energy), style="bold")
    if energy * 2 <= _BAR:
        text.append(" " + "▮" * int(energy * 2), style="yellow")
        text.append(" (▮ = ½)", style="dim")
    if view["mode"] == "competitive" and view["free"]:
        text.append(" · " + _("{n} free uses left").format(n=view["free"]))
    for part in extra:
        text.append(f" · {part}")
    if view["disabled"]:
        text.append(
            " · " + _("disabled: {registers}").format(registers=", ".join(view["disabled"])),
            style="red",
        )
    return text


def _seats(view: CompetitiveView) -> Table:
    """One row per seat (its number under the heading *seat*): solved goals, RAM, bugs, and
    hackers and peeked goals if any."""
    hackers = view["hackers"]
    peeked = view["peeked"]
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    columns = [_("seat"), _("solved"), "RAM", _("bugs")]
    columns += [_("hacker")] * any(hackers) + [_("peeked")] * bool(peeked)
    for column in columns:
        table.add_column(column, no_wrap=True)
    over = view["phase"] == "over"
    for seat, solved in enumerate(view["solved"]):
        marker = "▶ " if seat == view["turn"] and not over else "  "
        cells: list[str | Text] = [
            Text(marker + str(seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            str(solved),
            str(view["rams"][seat]),
            str(view["bugs"][seat] or ""),
        ]
        if any(hackers):
            cells.append(str(hackers[seat] or ""))
        if peeked:
            cells.append(str(peeked.get(str(seat), "")))
        table.add_row(*cells)
    return table


def render(view: MoonView) -> RenderableType:
    """One MOON view as a rich panel."""
    disabled = set(view["disabled"])
    registers = _registers(notes=view["mode"] == "cooperative")
    for name in _REGISTERS:
        off = name in disabled
        _row(registers, f"{name} ✗" if off else name, view["registers"][name],
             style="bold red" if off else "bold")  # fmt: skip
    parts: list[RenderableType] = []
    if view["mode"] == "cooperative":
        title = _("MOON — cooperative · round {round}").format(round=view["round"])
        goal = _current_goal(view)
        if goal is not None:
            _row(registers, _("goal"), goal, _("← make A show this"), style="bold green")
        parts.append(Beside(registers, _slots(view)))
        extra = [_deck(view["deck"]), _("goals solved {n}").format(n=view["solved"])]
        parts.append(_energy(view, extra))
        if view["outcome"]:
            outcome = (
                _("The mission is won.") if view["outcome"] == "won" else _("The mission is lost.")
            )
            parts.append(Text(outcome, style="bold"))
    else:
        energy = number_text(float(view["energy"]))
        if view["phase"] == "over":  # the results and why it ended follow the board
            title = _("MOON — competitive · round {round} of {rounds} · game over").format(
                round=view["round"], rounds=view["max_rounds"]
            )
        else:
            title = _(
                "MOON — competitive · round {round} of {rounds} · seat {seat} to play with "
                "energy {energy}"
            ).format(
                round=view["round"], rounds=view["max_rounds"], seat=view["turn"], energy=energy
            )
        if view["goal"]:
            _row(registers, _("goal"), view["goal"], style="bold green")
        if view["ram"]:
            _row(registers, "RAM", view["ram"], style="bold cyan")
        parts.append(Beside(registers, _seats(view)))
        parts.append(_energy(view, [_deck(view["deck"])]))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)


def _deck(cards: int) -> str:
    return ngettext("deck {n} card", "deck {n} cards", cards).format(n=cards)


def turn_ended(before: MoonView, action: str, after: MoonView) -> str | None:
    """What to tell a seat whose ``action`` (not END) ended its turn or round by itself: the
    rules end it once END is the only legal action left (``None`` if it did not end).

    >>> start = {"mode": "competitive", "round": 1, "turn": 0}
    >>> turn_ended(start, "INC A", {**start, "turn": 1})
    'Your turn ended by itself: nothing else was affordable, so only END was left.'
    >>> turn_ended(start, "END", {**start, "turn": 1}) is None
    True
    """
    if action == "END":
        return None
    if before["mode"] == "cooperative" or after["mode"] == "cooperative":
        lost = after.get("outcome") == "lost" and before.get("outcome") is None
        if after["round"] != before["round"] or lost:
            return _(
                "Round {round} ended by itself: nothing else was affordable, so only END was left."
            ).format(round=before["round"])
        return None
    if after["turn"] != before["turn"] or after["round"] != before["round"]:
        return _("Your turn ended by itself: nothing else was affordable, so only END was left.")
    return None


# ---------------------------------------------------------------------- the menu
@dataclass(frozen=True)
class _Block:
    """A grid of the menu: a row per operation, a column per register or pair of registers."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]
    """Each row: its label, what it costs, and the action in each column."""


def _cost(cost: float) -> str:
    """An energy cost as the menu writes it: ``(2)``, ``(½)``, ``(1½)``.

    >>> _cost(2.0), _cost(0.5), _cost(1.5), _cost(0)
    ('(2)', '(½)', '(1½)', '(0)')
    """
    whole = int(cost)
    return f"({whole or ''}½)" if cost - whole >= 0.5 else f"({whole})"


def _blocks(game: Game, view: MoonView) -> tuple[_Block, _Block]:
    """The two grids: operations on one register (and, competitive, MOV to and from RAM), and
    operations on two registers, in the rules' order of the operations in play."""
    costs = view["costs"]
    same = bool(game.options.get("same_register"))
    pairs = [(t, s) for t in _REGISTERS for s in _REGISTERS if t != s or same]
    one: list[tuple[str, str, tuple[str, ...]]] = []
    two: list[tuple[str, str, tuple[str, ...]]] = []
    for name, cost in costs.items():
        if name in _ONE_REGISTER:
            one.append((name, _cost(float(cost)), tuple(f"{name} {r}" for r in _REGISTERS)))
        else:
            two.append((name, _cost(float(cost)), tuple(f"{name} {t} {s}" for t, s in pairs)))
    if view["mode"] == "competitive" and "MOV" in costs:
        mov = _cost(float(costs["MOV"]))
        one.append(("RAM←", mov, tuple(f"MOV RAM {r}" for r in _REGISTERS)))
        one.append(("←RAM", mov, tuple(f"MOV {r} RAM" for r in _REGISTERS)))
    heads = tuple(f"{t}←{s}" for t, s in pairs)
    return _Block(_REGISTERS, tuple(one)), _Block(heads, tuple(two))


def _block_lines(block: _Block, numbers: dict[str, int], legal: set[str]) -> list[str]:
    if not block.rows:
        return []
    label = max(len(name) for name, _, _ in block.rows)
    cost = max(len(price) for _, price, _ in block.rows)
    cell = len(str(max(numbers[action] for _, _, row in block.rows for action in row)))
    width = max(cell, *(len(column) for column in block.columns))
    head = " " * (label + 1 + cost)
    lines = [head + "".join(f" {column:>{width}}" for column in block.columns)]
    for name, price, actions in block.rows:
        cells = "".join(
            f" {numbers[action] if action in legal else '·':>{width}}" for action in actions
        )
        lines.append(f"{name:<{label}} {price:>{cost}}{cells}")
    return lines


def _side_by_side(left: list[str], right: list[str], gap: int) -> list[str]:
    pad = max((len(line) for line in left), default=0)
    rows = max(len(left), len(right))
    left = left + [""] * (rows - len(left))
    right = right + [""] * (rows - len(right))
    return [f"{a:<{pad}}{' ' * gap}{b}".rstrip() for a, b in zip(left, right, strict=True)]


def menu(game: Game, view: MoonView, actions: Sequence[str], width: int) -> Menu | None:
    """MOON's menu: ``END`` and the PEEKs on one line, then a grid of the operations on one
    register beside a grid of those on two (``A←B``: A takes A op B; MOV copies B), each row
    with its cost in parentheses. Every action keeps one number all game (numbered down the
    left grid, then down the right one); what is not possible now shows ``·``. ``None`` (the
    usual list) when something legal is not in the grid, e.g. choosing what an OK card
    repairs.

    >>> import moonbase
    >>> state = moonbase.load("moon").new(seed=5)
    >>> laid_out = menu(state.game, state.view(0), state.legal_actions(0), 80)
    >>> print("\\n".join(laid_out.lines))
    1) END    (n): energy it costs · A←B: A takes A op B, MOV A B copies B
             A  B  C  D            A←B A←C A←D B←A B←C B←D C←A C←B C←D D←A D←B D←C
    INC (2)  2  3  4  5    MOV (1)  22  23  24  25  26  27  28  29  30  31  32  33
    DEC (2)  6  7  8  9    OR  (½)  34  35  36  37  38  39  40  41  42  43  44  45
    ROL (1) 10 11 12 13    AND (½)  46  47  48  49  50  51  52  53  54  55  56  57
    ROR (1) 14 15 16 17    XOR (½)  58  59  60  61  62  63  64  65  66  67  68  69
    NOT (1) 18 19 20 21
    >>> laid_out.numbers[1], laid_out.numbers[59], laid_out.choice("xor a c")
    ('END', 'XOR A C', 'xor a c')
    """
    if "costs" not in view:
        return None
    one, two = _blocks(game, view)
    ordered = ["END"]
    for block in (one, two):
        ordered.extend(action for _, _, row in block.rows for action in row)
    seats = len(view["solved"]) if view["mode"] == "competitive" else 0
    ordered.extend(f"PEEK {seat}" for seat in range(seats))
    numbers = {action: number for number, action in enumerate(ordered, start=1)}
    legal = set(actions)
    if not legal <= numbers.keys():
        return None
    peeks = [f"{numbers[a]}) {a}" for a in ordered if a.startswith("PEEK ") and a in legal]
    head = "  ".join(["1) END", *peeks])
    legend = "    " + _("(n): energy it costs · A←B: A takes A op B, MOV A B copies B")
    lines = [head + legend if len(head + legend) <= width else head]
    left, right = _block_lines(one, numbers, legal), _block_lines(two, numbers, legal)
    beside = max(map(len, left), default=0) + max(map(len, right), default=0)
    gap = next((gap for gap in (4, 2) if beside + gap <= width), None)
    lines.extend(left + right if gap is None else _side_by_side(left, right, gap))
    return Menu(
        tuple(lines),
        {number: action for action, number in numbers.items()},
        frozenset(actions),
    )
