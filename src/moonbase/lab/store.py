"""The results store of a tournament: a folder of Parquet files, one row per game played.

``PATH/tournament.json`` names the tournament — the game with its options, the agents' specs,
the first deal and the chance mode — and each ``PATH/games-*.parquet`` holds a batch of games,
written whole to a temporary file and then renamed, so a run stopped at any moment (Ctrl-C, a
killed process, a lost machine) leaves only whole batches behind. A run on a store that
already holds games of the same tournament plays only the games missing; a store of another
tournament is refused, naming what differs.

Each row: ``number``, ``seed`` (the deal), ``seating`` (the agent index per seat), ``agents``
(the spec per seat), ``scores``, ``winners``, ``actions``, ``seconds`` (wall time of the game)
and ``think`` (per agent, the processor seconds of each of its moves that had a choice).
:func:`export_csv` flattens them to one line per game with columns per seat.

>>> import pathlib, tempfile
>>> from moonbase.agents.match import GameRecord
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "run"
>>> store = Store.open(folder, Identity("moon-leap(players=2)", ("greedy", "random"), 0, "auto"))
>>> store.append([GameRecord(0, 0, (1, 0), (4.0, 9.0), (1,), 30, 0.01, ((0.1,), (0.2,)))])
>>> [record.seating for record in Store.open(folder, store.identity).records()]
[(1, 0)]
>>> Store.open(folder, Identity("moon-leap(players=3)", ("greedy", "random"), 0, "auto"))
Traceback (most recent call last):
...
moonbase.lab.store.StoreMismatch: the store ... holds another tournament: game is ...
"""

from __future__ import annotations

import csv
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from moonbase.agents.match import GameRecord

__all__ = ["Identity", "Store", "StoreMismatch", "export_csv"]

_MANIFEST = "tournament.json"


class StoreMismatch(ValueError):
    """The store holds the games of another tournament, or is not a store at all."""


@dataclass(frozen=True)
class Identity:
    """What makes two runs the same tournament: the same games then come out."""

    game: str
    """The game with every option (its ``repr``)."""
    agents: tuple[str, ...]
    seed: int
    chance: str


class Store:
    """A tournament's results on disk (see the module). Open with :meth:`open`."""

    def __init__(self, folder: Path, identity: Identity) -> None:
        self.folder = folder
        self.identity = identity

    @classmethod
    def open(cls, folder: str | Path, identity: Identity) -> Store:
        """The store at ``folder`` for the tournament ``identity``, made if it is new.

        Raises :class:`StoreMismatch` if it holds another tournament.
        """
        path = Path(folder)
        if path.exists() and not path.is_dir():
            raise StoreMismatch(
                f"the store {str(path)!r} is a file; give a folder (new or a store)"
            )
        manifest = path / _MANIFEST
        if manifest.exists():
            try:
                found = json.loads(manifest.read_text(encoding="utf-8"))
                there = Identity(
                    str(found["game"]),
                    tuple(str(spec) for spec in found["agents"]),
                    int(found["seed"]),
                    str(found["chance"]),
                )
            except (ValueError, KeyError, TypeError) as error:
                raise StoreMismatch(f"the store {str(path)!r} is damaged: {error}") from None
            _check_same(path, there, identity)
        else:
            if path.exists() and any(path.iterdir()):
                raise StoreMismatch(
                    f"the folder {str(path)!r} is not empty and holds no tournament; "
                    "give a new folder or a store"
                )
            path.mkdir(parents=True, exist_ok=True)
            body = asdict(identity)
            body["agents"] = list(identity.agents)
            _write_atomically(path, _MANIFEST, json.dumps(body, indent=2).encode("utf-8"))
        return cls(path, identity)

    def parts(self) -> list[Path]:
        """The Parquet files of the store, in name order."""
        return sorted(self.folder.glob("games-*.parquet"))

    def records(self) -> list[GameRecord]:
        """Every game stored, by number (a game stored twice counts once)."""
        import polars as pl

        found: dict[int, GameRecord] = {}
        for part in self.parts():
            for row in pl.read_parquet(part).iter_rows(named=True):
                record = _record(row)
                found.setdefault(record.number, record)
        return [found[number] for number in sorted(found)]

    def append(self, records: Sequence[GameRecord]) -> None:
        """Add a batch of finished games (one new Parquet file, written whole)."""
        if not records:
            return
        import polars as pl

        rows = [self._row(record) for record in records]
        frame = pl.DataFrame(rows, schema=_schema())
        numbers = [record.number for record in records]
        name = f"games-{min(numbers):09d}-{max(numbers):09d}-{os.getpid()}-{len(self.parts())}"
        with tempfile.NamedTemporaryFile(dir=self.folder, prefix=".tmp-", delete=False) as out:
            frame.write_parquet(out.name)
        os.replace(out.name, self.folder / f"{name}.parquet")

    def _row(self, record: GameRecord) -> dict[str, Any]:
        return {
            "number": record.number,
            "seed": record.seed,
            "seating": list(record.seating),
            "agents": [self.identity.agents[entry] for entry in record.seating],
            "scores": [float(score) for score in record.scores],
            "winners": list(record.winners),
            "actions": record.actions,
            "seconds": record.seconds,
            "think": [list(times) for times in record.think],
        }


def _schema() -> dict[str, Any]:
    import polars as pl

    return {
        "number": pl.Int64,
        "seed": pl.Int64,
        "seating": pl.List(pl.Int64),
        "agents": pl.List(pl.String),
        "scores": pl.List(pl.Float64),
        "winners": pl.List(pl.Int64),
        "actions": pl.Int64,
        "seconds": pl.Float64,
        "think": pl.List(pl.List(pl.Float64)),
    }


def _record(row: dict[str, Any]) -> GameRecord:
    return GameRecord(
        int(row["number"]),
        int(row["seed"]),
        tuple(int(entry) for entry in row["seating"]),
        tuple(float(score) for score in row["scores"]),
        tuple(int(seat) for seat in row["winners"]),
        int(row["actions"]),
        float(row["seconds"]),
        tuple(tuple(float(t) for t in times) for times in row["think"]),
    )


def _check_same(path: Path, there: Identity, here: Identity) -> None:
    for field in ("game", "agents", "seed", "chance"):
        old, new = getattr(there, field), getattr(here, field)
        if old != new:
            shown = (",".join(old), ",".join(new)) if field == "agents" else (old, new)
            raise StoreMismatch(
                f"the store {str(path)!r} holds another tournament: {field} is {shown[0]} "
                f"there, not {shown[1]}; use another --store or the same settings"
            )


def _write_atomically(folder: Path, name: str, data: bytes) -> None:
    with tempfile.NamedTemporaryFile(dir=folder, prefix=".tmp-", delete=False) as out:
        out.write(data)
    os.replace(out.name, folder / name)


def export_csv(records: Sequence[GameRecord], agents: Sequence[str], target: str | Path) -> None:
    """Write ``records`` as CSV: ``number``, ``seed``, then per seat ``seat_I_agent``,
    ``seat_I_score``, ``seat_I_won``, ``seat_I_moves`` (moves timed) and
    ``seat_I_think_seconds`` (their processor seconds), then ``actions`` and ``seconds``."""
    seats = len(records[0].seating) if records else 0
    columns = ["number", "seed"]
    for seat in range(seats):
        columns += [f"seat_{seat}_{part}" for part in ("agent", "score", "won", "moves")]
        columns.append(f"seat_{seat}_think_seconds")
    columns += ["actions", "seconds"]
    with open(target, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        for record in records:
            line: list[object] = [record.number, record.seed]
            for seat, entry in enumerate(record.seating):
                times = record.think[entry] if record.think else ()
                line += [agents[entry], record.scores[seat], int(seat in record.winners)]
                line += [len(times), round(sum(times), 6)]
            line += [record.actions, round(record.seconds, 6)]
            writer.writerow(line)
