"""Moon Leap's board as data: the track's space values and the barriers, and board files.

The printed values of the board are not published. :data:`STANDARD_VALUES` and
:data:`STANDARD_BARRIERS` are a **reconstruction** consistent with every known fact about the
printed board (``rules/moon-leap.md``): one linear track of 37 spaces; the first seven spaces are
negative and the first three are worth −3; many spaces are blank (0); the last three are worth
20, 25 and 30; the lowest value is −3 and the highest 30. The barrier lines stand after space 10
(2 players), 13 (3 players) and 16 (4 players)::

    space : 1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
    value :-3 -3 -3 -2 -2 -1 -1  0  1  0  2  0  3  0  4  0  5  0  0  6  0  7  0  0  8  0  9  0  0
    space : 30 31 32 33 34 35 36 37
    value : 10  0 12  0 15 20 25 30

An owner of the game can play on the real values of their copy: option ``board`` takes the path
of a JSON file ``{"values": [-3, -3, ..., 30], "barriers": {"2": 10, "3": 13, "4": 16}}``
(a barrier is the space after which its line stands; any track of at least four spaces).
:func:`load_board` reads and checks such a file and says exactly what is wrong with a damaged one.

Option ``board`` accepts three kinds of value:

- ``standard`` (the default): the reconstruction above;
- the bare file name of a board shipped in this package's ``boards`` folder (``short.json``,
  or ``short`` without the suffix) — a name without any directory part always means a shipped
  board when one by that name exists; write ``./short.json`` for a file of your own by that name;
- the path of a JSON board file, relative or absolute (kept as an absolute path);
- the board itself as JSON text (``{"values": [...], "barriers": {...}}``): this is how a saved
  game keeps a board read from a file, so the save replays even if the file moves or changes.

>>> len(STANDARD.values), STANDARD.values[:3], STANDARD.values[-3:]
(37, (-3, -3, -3), (20, 25, 30))
>>> STANDARD.barrier(3)
13
>>> load_board("short").name
'short.json'
>>> load_board("no/such/board.json")
Traceback (most recent call last):
...
moonbase.core.errors.InvalidOption: option 'board': no board file at '.../no/such/board.json'; ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Final

from moonbase.core import InvalidOption
from moonbase.core.options import files_allowed
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

__all__ = [
    "BOARDS_FOLDER",
    "MIN_SPACES",
    "PLAYER_COUNTS",
    "STANDARD",
    "STANDARD_BARRIERS",
    "STANDARD_VALUES",
    "Board",
    "board_from_data",
    "board_json",
    "load_board",
    "shipped_boards",
]

PLAYER_COUNTS: Final = (2, 3, 4)
"""How many players Moon Leap takes; the board has one barrier for each count."""

MIN_SPACES: Final = 4
"""The shortest track a board may have (the last three spaces end the game)."""

STANDARD_VALUES: Final[tuple[int, ...]] = (
    -3, -3, -3, -2, -2, -1, -1, 0, 1, 0,    # spaces  1-10
    2, 0, 3, 0, 4, 0, 5, 0, 0, 6,           # spaces 11-20
    0, 7, 0, 0, 8, 0, 9, 0, 0, 10,          # spaces 21-30
    0, 12, 0, 15, 20, 25, 30,               # spaces 31-37
)  # fmt: skip
"""The value of every space of the standard board, space 1 (the start space) first.

A reconstruction of the printed board, not a copy of it (see the module docstring)."""

STANDARD_BARRIERS: Final[Mapping[int, int]] = MappingProxyType({2: 10, 3: 13, 4: 16})
"""Player count → the space after which that count's barrier line stands (standard board)."""

BOARDS_FOLDER: Final = Path(__file__).resolve().parent / "boards"
"""The folder of boards shipped with the package (found from this file, not the working
directory)."""

_FORMAT: Final = '{"values": [-3, ..., 30], "barriers": {"2": 10, "3": 13, "4": 16}}'


@dataclass(frozen=True)
class Board:
    """A track: the value of each space (space 1 first) and the barrier for each player count.

    ``name`` is how option ``board`` names it: ``standard``, a shipped file name, or an
    absolute path.

    >>> board = Board("demo", (-1, 0, 2, 5), ((2, 1), (3, 2), (4, 2)))
    >>> board.spaces, board.barrier(2)
    (4, 1)
    """

    name: str
    values: tuple[int, ...]
    barriers: tuple[tuple[int, int], ...]
    """``(players, space)`` pairs, one for each of 2, 3 and 4 players."""

    @property
    def spaces(self) -> int:
        """How many spaces the track has."""
        return len(self.values)

    def barrier(self, players: int) -> int:
        """The space after which the barrier for ``players`` players stands."""
        for count, space in self.barriers:
            if count == players:
                return space
        raise KeyError(players)


STANDARD: Final = Board("standard", STANDARD_VALUES, tuple(sorted(STANDARD_BARRIERS.items())))
"""The default board: the reconstruction documented in the module docstring."""


def shipped_boards() -> list[str]:
    """The file names of the boards shipped in :data:`BOARDS_FOLDER`, sorted.

    >>> "short.json" in shipped_boards()
    True
    """
    return sorted(path.name for path in BOARDS_FOLDER.glob("*.json"))


def _problem(source: str, text: str) -> InvalidOption:
    shown = _(INLINE) if source == INLINE else source
    message = _("option 'board': {source}: {problem}")
    return InvalidOption(message.format(source=shown, problem=text))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def board_from_data(data: object, name: str) -> Board:
    """Check decoded board JSON and return the :class:`Board` it describes.

    ``name`` becomes :attr:`Board.name` and names the board in messages.

    >>> board_from_data({"values": [0, 1, 2, 3], "barriers": {"2": 1, "3": 2, "4": 2}}, "x").values
    (0, 1, 2, 3)
    >>> board_from_data({"values": [0, 1, 2], "barriers": {}}, "x")
    Traceback (most recent call last):
    ...
    moonbase.core.errors.InvalidOption: option 'board': x: 'values' has 3 spaces; a track needs ...
    """
    where = name
    if not isinstance(data, dict):
        problem = _("the board must be a JSON object like {format}")
        raise _problem(where, problem.format(format=_FORMAT))
    missing = [key for key in ("values", "barriers") if key not in data]
    if missing:
        if len(missing) == 1:
            raise _problem(where, _("the board has no {key}").format(key=repr(missing[0])))
        raise _problem(
            where,
            _("the board has no {key} and no {other}").format(
                key=repr(missing[0]), other=repr(missing[1])
            ),
        )
    unexpected = sorted(str(key) for key in data if key not in ("values", "barriers"))
    if unexpected:
        raise _problem(
            where,
            _("unexpected key {keys}; allowed: values, barriers").format(
                keys=", ".join(map(repr, unexpected))
            ),
        )
    values = data["values"]
    if not isinstance(values, list):
        raise _problem(where, _("'values' must be a list of whole numbers, one per space"))
    for space, value in enumerate(values, start=1):
        if not _whole(value):
            raise _problem(
                where,
                _(
                    "'values' has {value} for space {space}; every value must be a whole number"
                ).format(value=json.dumps(value), space=space),
            )
    if len(values) < MIN_SPACES:
        raise _problem(
            where,
            _("'values' has {count} spaces; a track needs at least {least}").format(
                count=len(values), least=MIN_SPACES
            ),
        )
    barriers = data["barriers"]
    if not isinstance(barriers, dict):
        raise _problem(
            where,
            _(
                "'barriers' must be an object giving, for each player count 2, 3 and 4, the "
                'space after which its line stands, e.g. {"2": 10, "3": 13, "4": 16}'
            ),
        )
    counts = [str(count) for count in PLAYER_COUNTS]
    unexpected = sorted(str(key) for key in barriers if key not in counts)
    if unexpected:
        raise _problem(
            where,
            _(
                "'barriers' has {keys}; allowed: one barrier for each player count 2, 3 and 4"
            ).format(keys=", ".join(map(repr, unexpected))),
        )
    pairs = []
    for count in PLAYER_COUNTS:
        if str(count) not in barriers:
            raise _problem(
                where,
                _(
                    "'barriers' has no barrier for {count} players; give one for each player "
                    "count 2, 3 and 4"
                ).format(count=count),
            )
        space = barriers[str(count)]
        if not _whole(space):
            raise _problem(
                where,
                _(
                    "the barrier for {count} players is {space}; it must be a whole number: the "
                    "space after which the line stands"
                ).format(count=count, space=json.dumps(space)),
            )
        if not 1 <= space < len(values):
            raise _problem(
                where,
                _(
                    "the barrier for {count} players stands after space {space}, outside the "
                    "track; allowed: after space 1 to {last}"
                ).format(count=count, space=space, last=len(values) - 1),
            )
        pairs.append((count, space))
    return Board(name, tuple(values), tuple(pairs))


INLINE: Final = N_("inline board")
"""The name of a board given as JSON text rather than a file."""


def board_json(board: Board) -> str:
    """A board as the JSON text that option ``board`` accepts.

    >>> load_board(board_json(STANDARD)).values == STANDARD.values
    True
    """
    barriers = {str(count): space for count, space in board.barriers}
    return json.dumps({"values": list(board.values), "barriers": barriers}, sort_keys=True)


def _shipped(text: str) -> Path | None:
    """The shipped board a bare name (``short`` or ``short.json``) refers to, if any."""
    if "/" in text or "\\" in text or text in (".", ".."):
        return None
    file_name = text if text.endswith(".json") else f"{text}.json"
    path = BOARDS_FOLDER / file_name
    return path if path.is_file() else None


def load_board(text: str) -> Board:
    """The board option ``board`` names: ``standard``, a shipped board or a JSON file's path.

    Raises :class:`~moonbase.core.errors.InvalidOption` saying what is wrong: a missing or
    unreadable file, text that is not JSON, wrong types, a missing or misplaced barrier, or a
    track shorter than four spaces.

    >>> load_board(" Standard ") is STANDARD
    True
    """
    text = text.strip()
    if text.lower() == "standard":
        return STANDARD
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise _problem(
                INLINE, _("is not JSON ({error} at {at})").format(error=error.msg, at=error.pos)
            ) from None
        return board_from_data(data, INLINE)
    choices = ", ".join(["standard", *shipped_boards()])
    if not files_allowed():  # no file but those shipped, and no path tried
        bare = text if text.endswith(".json") else f"{text}.json"
        if bare not in shipped_boards():
            raise InvalidOption(
                _(
                    "option 'board': {text} is not a board moonbase ships, and no file is read "
                    "here; allowed: {choices}, or the board itself as JSON"
                ).format(text=repr(text[:80]), choices=choices)
            )
        return _read_board(BOARDS_FOLDER / bare, bare)
    try:
        shipped = _shipped(text)
        path = shipped if shipped is not None else Path(text).expanduser().resolve()
        found = path.exists()
    except (OSError, ValueError, RuntimeError) as error:  # a NUL, a name too long, ~nobody
        raise InvalidOption(
            _(
                "option 'board': {text} cannot be a file name ({error}); allowed: {choices}, or "
                "the path of a JSON board file"
            ).format(text=repr(text[:80]), error=error, choices=choices)
        ) from None
    name = path.name if shipped is not None else str(path)
    if not found:
        raise InvalidOption(
            _(
                "option 'board': no board file at {path}; allowed: {choices}, or the path of a "
                "JSON board file"
            ).format(path=repr(str(path)), choices=choices)
        )
    if not path.is_file():
        raise _problem(name, _("is not a file; give the path of a JSON board file"))
    return _read_board(path, name)


def _read_board(path: Path, name: str) -> Board:
    """The board in the JSON file at ``path``, called ``name`` in messages."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise _problem(
            name, _("cannot be read ({error})").format(error=error.strerror or error)
        ) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _problem(name, _("is not JSON text (not UTF-8)")) from None
    except json.JSONDecodeError as error:
        raise _problem(
            name,
            _("is not JSON ({error} at line {line} column {column})").format(
                error=error.msg, line=error.lineno, column=error.colno
            ),
        ) from None
    return board_from_data(data, name)
