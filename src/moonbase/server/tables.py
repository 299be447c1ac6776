"""The table service: every table rebuilt from its log, and the only way anything changes.

A :class:`LiveTable` is one table in memory: the state, the undo stack, the people in its seats
and its version (the number of log entries). It is built by replaying the stored log through
the same two steps that live requests take (:meth:`LiveTable.play` and
:meth:`LiveTable.take_back`), so a table after a restart is exactly the table before it.

Every change goes through :class:`TableService` under the table's lock: check it on a copy,
append it to the log and commit, and only then make it in memory and tell the listeners. A
request that fails at any step changes nothing; an action is acknowledged only once stored.

Undo follows the terminal's policy (:mod:`moonbase.cli.undo`): a person takes back only their
own actions of this turn, never across chance, another seat's action or a reveal.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy.exc import OperationalError

import moonbase
from moonbase.cli.undo import Told, UndoRefused, UndoStack, barrier
from moonbase.core import Game, IllegalAction, InvalidOption, State, game_class
from moonbase.core.options import without_files
from moonbase.core.registry import load_saved
from moonbase.i18n import N_
from moonbase.i18n import gettext as _
from moonbase.server.bodies import state_body
from moonbase.server.clocks import Clock, ClockSpec, SystemClock
from moonbase.server.errors import ApiError
from moonbase.server.storage import (
    ACT,
    RETURN,
    START,
    TAKEOVER,
    UNDO,
    LogEntry,
    StaleVersion,
    Storage,
    TableRecord,
    hash_token,
)

__all__ = [
    "DISCONNECTED",
    "GRACE",
    "HUMAN",
    "LEFT",
    "TIME",
    "Listener",
    "LiveTable",
    "TableService",
    "build_game",
    "new_table_id",
]

HUMAN: Final = "human"
"""The seat spec of a person (who joins over the network); any other spec names a bot."""

TAKEOVER_BOT: Final = "greedy"
"""The bot that takes a person's seat when they are gone (by default)."""

TIME: Final = "time"
"""Why a bot took a seat: its time ran out."""
LEFT: Final = "left"
"""Why a bot took a seat: its person left it (``POST …/leave``)."""
DISCONNECTED: Final = "disconnected"
"""Why a bot took a seat: its person's live connection stayed closed past the grace period."""

GRACE: Final = 60.0
"""Seconds a person's live connection may stay closed before a bot takes their seat."""

PRESENCE_EVERY: Final = 10.0
"""Seconds between a server process's announcements of its live connections (several
processes on one PostgreSQL); another process forgets what it heard after three times that."""

MIN_ON_RETURN: Final = 30.0
"""Seconds a real-time clock gives a seat taken back with less time than that left."""

Listener = Callable[["LiveTable", bool], Awaitable[None]]
"""Called (under the table's lock) after every change to a table, with whether its state
changed (``False``: only who sits there did)."""


def new_table_id() -> str:
    """A fresh table id: 12 random hex digits."""
    return secrets.token_hex(6)


def build_game(name: str, options: Mapping[str, Any] | None, preset: str | None) -> Game:
    """The game ``name`` with ``preset`` and then ``options`` applied, or a 422 saying what is
    allowed."""
    try:
        cls = game_class(name)
    except InvalidOption as error:
        raise ApiError(
            422, _("game: {error}").format(error=error), allowed=moonbase.games()
        ) from None
    merged: dict[str, Any] = {}
    if preset is not None:
        if preset not in cls.presets:
            raise ApiError(
                422,
                _("unknown preset {preset!r} of {game}").format(preset=preset, game=name),
                allowed=sorted(cls.presets),
            )
        merged.update(cls.presets[preset])
    merged.update(options or {})
    for option, value in merged.items():
        if isinstance(value, str) and _names_a_file(value):
            raise ApiError(
                422,
                _(
                    "options: option {option!r}: {value!r} is a path, and the server opens no "
                    "file for a table; allowed: what the game ships (GET /api/games) or the "
                    "value itself (a board as JSON)"
                ).format(option=option, value=value),
            )
    try:
        with without_files():  # a client names no file on this machine
            return moonbase.load(name, **merged)
    except InvalidOption as error:
        raise ApiError(422, _("options: {error}").format(error=error)) from None


def _names_a_file(value: str) -> bool:
    """Whether an option's text is a path (a board file) rather than a name or the data.

    >>> _names_a_file("short.json"), _names_a_file("../secret.json"), _names_a_file('{"a": 1}')
    (False, True, False)
    """
    text = value.strip()
    if text.startswith("{"):
        return False
    return any(mark in text for mark in ("/", "\\", "\x00")) or text.startswith(("~", "."))


MAX_ACTION: Final = 1024
"""The longest action text a request or a frame may carry."""


def check_named_seat(seat: int, named: int | None) -> None:
    """A 403 when an action names a seat (``named``) other than its token's ``seat``."""
    if named is not None and named != seat:
        raise ApiError(
            403,
            _("this token is seat {seat}'s; it cannot act for seat {other}").format(
                seat=seat, other=named
            ),
        )


@dataclass
class Person:
    """Who sits in a human seat: a name, and the hash of their token (``None`` once gone)."""

    name: str
    token_hash: str | None


class LiveTable:
    """One table in memory, rebuilt from its record."""

    def __init__(self, record: TableRecord, takeover_bot: str = TAKEOVER_BOT) -> None:
        self.id = record.id
        self.clock = ClockSpec(**record.clock) if record.clock else ClockSpec()
        self.takeover_bot = takeover_bot
        self.timer: Clock = SystemClock()
        """The server's clock (for the time left now)."""
        self.taken_over: dict[int, str] = {}
        """Human seats a bot plays now → why (:data:`TIME`, :data:`LEFT`,
        :data:`DISCONNECTED`); their person may take them back."""
        self.gone: dict[int, float] = {}
        """Seated people whose last live connection closed → since when (this process's)."""
        self.created = record.created
        self.game = load_saved(record.game, record.options)  # stored before an option: as then
        self.seed = record.seed
        self.seats = list(record.seats)
        self.people = {
            seat: Person(name, token_hash) for seat, (name, token_hash) in record.people.items()
        }
        self.state: State = self.game.new(seed=record.seed)
        self.undo = UndoStack()
        self.version = 0
        self.connected: Counter[int] = Counter()
        """Open live connections per seat (-1: spectators), to this server process."""
        self.elsewhere: dict[str, tuple[dict[int, int], float]] = {}
        """Other server processes' live connections per seat: process → (counts, when heard,
        by ``time.monotonic``)."""
        self.lock = asyncio.Lock()
        self.left = dict.fromkeys(range(len(self.seats)), self.clock.initial)
        """Real-time clocks: each seat's seconds left when it last began to wait."""
        self.running = record.started is not None
        """Whether the clocks run: from the creation of a table with no person's seat, else
        from its :data:`START` entry, when its last open seat was first taken."""
        self.waiting = (
            dict.fromkeys(self.state.to_act, record.started) if record.started is not None else {}
        )
        """Seat to act → the moment it began to (its clock runs from there)."""
        self.choosing: dict[int, tuple[int, tuple[int, ...]]] = {}
        """Seat to act → (the version since which its legal actions have been these, them):
        an action on any version from then on is current for that seat (:meth:`current`)."""
        self.note_choices()
        for entry in record.log:
            self.replay(entry)

    def replay(self, entry: LogEntry) -> None:
        """Do the logged ``entry`` in memory (it was checked before it was stored)."""
        if entry.kind == ACT:
            self.play(entry.seat, entry.action)
        elif entry.kind == UNDO:
            self.take_back(entry.seat)
        elif entry.kind == TAKEOVER:
            self.taken_over[entry.seat] = entry.action or TIME
        elif entry.kind == RETURN:
            self.taken_over.pop(entry.seat, None)
        elif entry.kind == START:
            self.running = True
        else:
            raise ValueError(f"table {self.id}: log entry {entry.version} of kind {entry.kind!r}")
        self.left, self.waiting = self.counted(entry.seat, entry.kind, entry.moment)
        self.version = entry.version
        if entry.kind in (ACT, UNDO):  # the others leave the game as it was
            self.note_choices(entry.seat)

    def note_choices(self, actor: int | None = None) -> None:
        """Update :attr:`choosing` once the table is at a new version (``actor``: the seat
        whose entry brought it there, whose choice starts again whatever it is now)."""
        choosing = {}
        for seat in self.state.to_act:
            if seat < 0:
                continue
            ids = tuple(self.state.legal_ids(seat))
            known = self.choosing.get(seat)
            same = known is not None and known[1] == ids and seat != actor
            choosing[seat] = known if same and known is not None else (self.version, ids)
        self.choosing = choosing

    def current(self, seat: int, version: int) -> bool:
        """Whether an action of ``seat`` on ``version`` is on the table as it is: the latest
        version, or any later than the seat's own last entry while nothing it may do has
        changed since (a simultaneous choice made by others, which it cannot see, does not
        make the version it chose on stale)."""
        if version == self.version:
            return True
        known = self.choosing.get(seat)
        return known is not None and known[0] <= version < self.version

    def counted(
        self, seat: int, kind: str, moment: float, to_act: Sequence[int] | None = None
    ) -> tuple[dict[int, float], dict[int, float]]:
        """The clocks (time left, waiting since) once ``seat``'s entry of ``kind`` at
        ``moment`` is done, with ``to_act`` to act then (default: as the state has it)."""
        left, waiting = dict(self.left), dict(self.waiting)
        to_act = self.state.to_act if to_act is None else to_act
        if kind == START:
            return left, dict.fromkeys(to_act, moment)
        if not self.running:
            return left, {}
        if (
            seat in waiting
            and self.seats[seat] == HUMAN  # a bot's own seat has no clock
            and self.clock.kind == "realtime"
            and kind in (ACT, TAKEOVER)
        ):
            left[seat] -= moment - waiting[seat]
            if kind == ACT:
                left[seat] += self.clock.increment
        if kind == RETURN:
            left[seat] = max(left[seat], MIN_ON_RETURN)
        restarted = {seat} if kind in (ACT, TAKEOVER, RETURN) else set()
        return left, {
            s: waiting[s] if s in waiting and s not in restarted else moment for s in to_act
        }

    def deadlines(
        self, left: dict[int, float] | None = None, waiting: dict[int, float] | None = None
    ) -> dict[int, float]:
        """Seat → the moment its time runs out: the people's seats to act, under a clock."""
        left = self.left if left is None else left
        waiting = self.waiting if waiting is None else waiting
        if self.clock.kind == "none":
            return {}
        return {
            seat: since + (left[seat] if self.clock.kind == "realtime" else self.clock.per_move)
            for seat, since in waiting.items()
            if not self.is_bot(seat)
        }

    def clock_body(self) -> dict[str, Any]:
        """The clock as shown: its spec, and each seat's time left now and deadline."""
        moment = self.timer.now()
        deadlines = self.deadlines()
        seats = []
        for seat in range(len(self.seats)):
            deadline = deadlines.get(seat)
            if self.clock.kind == "realtime":
                left: float | None = deadline - moment if deadline is not None else self.left[seat]
            else:
                left = deadline - moment if deadline is not None else None
            seats.append(
                {
                    "seat": seat,
                    "time_left": None if left is None else max(left, 0.0),
                    "deadline": deadline,
                    "running": deadline is not None,
                }
            )
        return {**self.clock.saved(), "seats": seats}

    def connections(self, seat: int) -> int:
        """Open live connections of ``seat`` (-1: spectators): to this process, and to the
        others sharing its database as they last announced (if lately)."""
        fresh = time.monotonic() - 3 * PRESENCE_EVERY
        return self.connected[seat] + sum(
            counts.get(seat, 0) for counts, heard in self.elsewhere.values() if heard >= fresh
        )

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` (its own, or one that took a person's seat)."""
        return self.seats[seat] != HUMAN or seat in self.taken_over

    def bot_spec(self, seat: int) -> str:
        """The bot that plays ``seat``."""
        return self.seats[seat] if self.seats[seat] != HUMAN else self.takeover_bot

    def label(self, seat: int) -> str:
        """How ``seat`` is named in messages: ``seat 1 (greedy)``, ``seat 0 (Ada)``."""
        return str(self.named(seat))

    def named(self, seat: int) -> Told:
        """:meth:`label`, kept to be said later in the language then spoken."""
        if self.is_bot(seat):
            return Told(N_("seat {seat} ({name})"), (("seat", seat), ("name", self.bot_spec(seat))))
        person = self.people.get(seat)
        if person is None:
            return Told(N_("seat {seat}"), (("seat", seat),))
        return Told(N_("seat {seat} ({name})"), (("seat", seat), ("name", person.name)))

    def open_seats(self) -> list[int]:
        """The human seats nobody sits in (a bot may be playing one its person left)."""
        return [
            seat
            for seat in range(len(self.seats))
            if self.seats[seat] == HUMAN and not self.seated(seat)
        ]

    @property
    def begun(self) -> bool:
        """Whether anything was played at this table yet."""
        return self.version > 0

    def seated(self, seat: int) -> bool:
        """Whether a person holds a token for ``seat``."""
        person = self.people.get(seat)
        return person is not None and person.token_hash is not None

    @property
    def status(self) -> str:
        """``over``, ``open`` (a human seat is free) or ``running``."""
        if self.state.is_over:
            return "over"
        return "open" if self.open_seats() else "running"

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens, or ``None``."""
        digest = hash_token(token)
        for seat, person in self.people.items():
            if person.token_hash is not None and hmac.compare_digest(person.token_hash, digest):
                return seat
        return None

    def tried(self, seat: int, action: str) -> State:
        """The state after ``seat`` does ``action``, on a copy (``IllegalAction`` if not)."""
        after = self.state.clone()
        after.apply(seat, action)
        return after

    def canonical(self, action: str, before: State, after: State) -> str:
        """``action``, which took ``before`` to ``after``, as the history writes it."""
        try:
            return self.game.action_text(self.game.action_id(action))
        except IllegalAction:  # read only in context: the history has it
            return after.history[len(before.history)][1]

    def play(self, seat: int, action: str, after: State | None = None) -> str:
        """``seat`` does ``action`` (``after``: the outcome, already tried); returns the action
        as the history writes it. A person's action is kept for undo unless the policy's
        barrier forbids it; a bot's action is a barrier for everyone."""
        before = self.state
        self.state = after if after is not None else self.tried(seat, action)
        canonical = self.canonical(action, before, self.state)
        if self.is_bot(seat):
            self.undo.block(Told(N_("{player} acted after it"), (("player", self.named(seat)),)))
        else:
            wall = barrier(before, seat, canonical, self.state)
            self.undo.record(seat, self.named(seat), before, canonical, wall)
        return canonical

    def take_back(self, seat: int) -> str:
        """Undo ``seat``'s last action (``UndoRefused`` says why not); returns it."""
        before, action = self.undo.undo(seat)
        self.state = before
        return action


class TableService:
    """Creates tables, seats people and changes tables, storing every change first."""

    def __init__(
        self,
        storage: Storage,
        clock: Clock | None = None,
        takeover_bot: str = TAKEOVER_BOT,
        grace: float | None = GRACE,
    ) -> None:
        self.storage = storage
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.takeover_bot = takeover_bot
        self.grace = grace
        """Seconds a person may be disconnected before a bot takes their seat (``None``:
        never)."""
        self.process = secrets.token_hex(4)
        """This server process's name in announcements to the others."""
        self._announced = 0.0
        self.tables: dict[str, LiveTable] = {}
        self.listeners: list[Listener] = []

    async def every_table(self) -> list[LiveTable]:
        """Every table, oldest first (where other server processes share the database, the
        ones they created are read first)."""
        if self.storage.announces:
            for table_id in await self.storage.table_ids():
                if table_id not in self.tables:
                    await self.get(table_id)
        return sorted(self.tables.values(), key=lambda table: table.created)

    async def resume(self) -> list[LiveTable]:
        """Rebuild every stored table (at start-up); returns them."""
        for table_id in await self.storage.table_ids():
            await self.get(table_id)
        return list(self.tables.values())

    async def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``, rebuilt from storage if need be; 404 if there is none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        record = await self.storage.load(table_id)
        if record is None:
            raise ApiError(
                404, _("no table {table!r}; GET /api/tables lists them").format(table=table_id)
            )
        table = self.tables.setdefault(table_id, LiveTable(record, self.takeover_bot))
        table.timer = self.clock
        return table

    async def fresh(self, table_id: str) -> LiveTable:
        """The table ``table_id`` as stored now: where other server processes share the
        database, any change one of them made is caught up first (not only once announced)."""
        table = await self.get(table_id)
        if self.storage.announces:
            latest = await self.storage.latest_version(table_id)
            if latest > table.version:
                await self.catch_up(table_id, latest)
        return table

    async def seat_of(self, table: LiveTable, token: str) -> int | None:
        """The seat ``token`` opens at ``table`` (asking the database again, where other
        server processes share it, before saying none)."""
        seat = table.seat_of(token)
        if seat is None and self.storage.announces:
            async with table.lock:
                await self._reseat_locked(table)
            seat = table.seat_of(token)
        return seat

    async def seat_for(self, table: LiveTable, token: str) -> int:
        """The seat ``token`` opens at ``table``, or a 403 naming the open seats."""
        seat = await self.seat_of(table, token)
        if seat is None:
            raise ApiError(
                403,
                _(
                    "this token opens no seat at table {table}; join a seat "
                    "(POST /api/tables/{table}/join) for one"
                ).format(table=table.id),
                open_seats=table.open_seats(),
            )
        return seat

    async def create(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int | None,
        check_bot: Callable[[str], str],
        clock: ClockSpec | None = None,
    ) -> LiveTable:
        """A new table of ``game`` with ``seats`` (``human`` or bot specs, each checked by
        ``check_bot``), dealt from ``seed`` (random if ``None``)."""
        if len(seats) != game.seats:
            raise ApiError(
                422,
                _(
                    "seats: {game} with these options has {seats} seats, {given} given; give "
                    "one per seat: human or a bot (GET /api/games)"
                ).format(game=game.title, seats=game.seats, given=len(seats)),
            )
        specs = [HUMAN if spec.strip().lower() == HUMAN else check_bot(spec) for spec in seats]
        dealt = secrets.randbits(31) if seed is None else seed
        table_id = new_table_id()
        options = game.saved_options()
        spec = (clock or ClockSpec()).saved()
        started = None if HUMAN in specs else self.clock.now()
        await self.storage.create_table(
            table_id, game.name, options, dealt, specs, clock=spec, started=started
        )
        return await self.get(table_id)

    async def join(self, table: LiveTable, seat: int, name: str) -> str:
        """Sit ``name`` in ``seat``; returns their token (only its hash is stored). A seat
        that a bot plays because its person left is the new person's from now on."""
        async with table.lock:
            self._check_not_over(table)
            if not 0 <= seat < len(table.seats):
                raise ApiError(
                    422,
                    _(
                        "there is no seat {seat} at table {table} (seats 0 to {last}); the "
                        "open seats are allowed"
                    ).format(seat=seat, table=table.id, last=len(table.seats) - 1),
                    allowed=table.open_seats(),
                )
            if table.seats[seat] != HUMAN:
                raise ApiError(
                    409,
                    _("seat {seat} cannot be joined at table {table}: {bot} plays it").format(
                        seat=seat, table=table.id, bot=table.bot_spec(seat)
                    ),
                    allowed=table.open_seats(),
                )
            if table.seated(seat):
                raise ApiError(
                    409,
                    _("seat {seat} is taken at table {table}").format(seat=seat, table=table.id),
                    allowed=table.open_seats(),
                )
            token = secrets.token_urlsafe(32)
            digest = hash_token(token)
            if not await self.storage.seat_person(table.id, seat, name, digest):
                await self._reseat_locked(table)  # someone sat there through another process
                raise ApiError(
                    409,
                    _("seat {seat} is taken at table {table}").format(seat=seat, table=table.id),
                    allowed=table.open_seats(),
                )
            table.people[seat] = Person(name, digest)
            table.gone.pop(seat, None)
            if seat in table.taken_over and not table.state.is_over:
                await self._seat_entry(table, seat, RETURN, "")
            else:
                await self._changed(table, moved=False)
            if not table.running and not table.open_seats() and table.clock.kind != "none":
                await self._start_clocks_locked(table)
            return token

    async def _start_clocks_locked(self, table: LiveTable) -> None:
        """Every seat is taken for the first time: the table's clocks start now."""
        moment = self.clock.now()
        left, waiting = table.counted(-1, START, moment)
        entry = LogEntry(
            table.version + 1, -1, START, "", moment, _saved(table.deadlines(left, waiting))
        )
        await self._store(table, entry)
        table.running = True
        table.left, table.waiting = left, waiting
        table.version += 1
        await self._changed(table, moved=True)

    async def leave(self, table: LiveTable, seat: int) -> None:
        """The person in ``seat`` leaves: their token is void and the seat open to anyone
        (them included) who joins it. Once the game has begun, and until it is over, a bot
        plays the seat meanwhile (and the seat keeps their name as its player); before, the
        seat is as if never taken."""
        async with table.lock:
            await self.storage.free_seat(table.id, seat, forget=not table.begun)
            if table.begun:
                table.people[seat].token_hash = None
            else:  # nothing played: the seat is as if never taken
                del table.people[seat]
            table.gone.pop(seat, None)
            if table.begun and not table.state.is_over and not table.is_bot(seat):
                await self._seat_entry(table, seat, TAKEOVER, LEFT)
            else:
                await self._changed(table, moved=False)

    @staticmethod
    def _check_not_over(table: LiveTable) -> None:
        """A 409 once the game is over: nobody joins a finished game, so who played it stays
        as it was."""
        if table.state.is_over:
            raise ApiError(
                409,
                _("the game at table {table} is over: its seats stay as they were").format(
                    table=table.id
                ),
            )

    async def act(
        self, table: LiveTable, seat: int, version: int, action: str, *, bot: bool = False
    ) -> None:
        """``seat`` does ``action`` on ``version`` of ``table``: 409 if that version is
        stale, 422 with the reason and the allowed actions if the action is illegal.
        ``bot``: the bot playing the seat acts (a person may not act in a seat taken over)."""
        async with table.lock:
            if not bot and table.is_bot(seat):
                raise ApiError(
                    409,
                    _(
                        "{player} plays seat {seat} now: take it back first "
                        "(POST /api/tables/{table}/return)"
                    ).format(player=table.label(seat), seat=seat, table=table.id),
                )
            if version > table.version and self.storage.announces:
                await self._catch_up_locked(table)  # the client saw another process's change
            self._check_version(table, seat, version)
            try:
                after = table.tried(seat, action)
            except IllegalAction as error:
                raise ApiError(
                    422,
                    _("illegal action {action!r} for seat {seat}: {reason}").format(
                        action=action, seat=seat, reason=error
                    ),
                    reason=error.reason,
                    allowed=table.state.legal_actions(seat),
                ) from None
            canonical = table.canonical(action, table.state, after)
            moment = self.clock.now()
            left, waiting = table.counted(seat, ACT, moment, after.to_act)
            await self._store(
                table,
                LogEntry(
                    table.version + 1,
                    seat,
                    ACT,
                    canonical,
                    moment,
                    _saved(table.deadlines(left, waiting)),
                ),
            )
            table.play(seat, canonical, after)
            table.left, table.waiting = left, waiting
            table.version += 1
            table.note_choices(seat)
            await self._changed(table, moved=True)

    async def take_back(self, table: LiveTable, seat: int) -> str:
        """Undo ``seat``'s last action under the terminal's policy (409 saying why not)."""
        async with table.lock:
            if not table.undo.can_undo(seat):
                try:
                    table.undo.undo(seat)  # refuses with the reason, changing nothing
                except UndoRefused as error:
                    raise ApiError(409, _("cannot undo: {reason}").format(reason=error)) from None
            moment = self.clock.now()
            await self._store(table, LogEntry(table.version + 1, seat, UNDO, "", moment))
            action = table.take_back(seat)
            table.left, table.waiting = table.counted(seat, UNDO, moment)
            table.version += 1
            table.note_choices(seat)
            await self._changed(table, moved=True)
            return action

    async def take_over(self, table: LiveTable, seat: int, why: str) -> None:
        """A bot takes the person's ``seat`` (``why``: :data:`TIME`, :data:`DISCONNECTED`);
        a log entry."""
        async with table.lock:
            if table.is_bot(seat) or table.state.is_over:
                return
            await self._seat_entry(table, seat, TAKEOVER, why)

    async def give_back(self, table: LiveTable, seat: int) -> None:
        """The person takes ``seat`` back from the bot (409 if no bot took it)."""
        async with table.lock:
            if seat not in table.taken_over:
                raise ApiError(
                    409,
                    _("seat {seat} at table {table} is not taken over").format(
                        seat=seat, table=table.id
                    ),
                )
            if table.state.is_over:
                raise ApiError(409, _("the game at table {table} is over").format(table=table.id))
            await self._seat_entry(table, seat, RETURN, "")

    async def _seat_entry(self, table: LiveTable, seat: int, kind: str, why: str) -> None:
        """Store and make a :data:`TAKEOVER` (``why``) or :data:`RETURN` of ``seat``."""
        moment = self.clock.now()
        before = dict(table.taken_over)
        if kind == TAKEOVER:
            table.taken_over[seat] = why
        else:
            table.taken_over.pop(seat, None)
        left, waiting = table.counted(seat, kind, moment)
        try:
            entry = LogEntry(
                table.version + 1, seat, kind, why, moment, _saved(table.deadlines(left, waiting))
            )
            await self._store(table, entry)
        except ApiError:
            table.taken_over = before  # not stored: nothing changed
            raise
        table.left, table.waiting = left, waiting
        table.version += 1
        await self._changed(table, moved=True)
        await self._changed(table, moved=False)  # who plays the seat changed too

    def disconnected(self, table: LiveTable, seat: int) -> None:
        """The last live connection of ``seat`` closed: its grace period starts."""
        if table.seated(seat) and not table.is_bot(seat) and not table.state.is_over:
            table.gone[seat] = self.clock.now()

    def connected_again(self, table: LiveTable, seat: int) -> None:
        """``seat`` has a live connection again: no bot will take it for being gone."""
        table.gone.pop(seat, None)

    async def presence(self, table: LiveTable) -> None:
        """Tell the other server processes this one's live connections at ``table``."""
        if self.storage.announces:
            counts = {seat: count for seat, count in table.connected.items() if count}
            await self.storage.notify(f"{table.id} presence {self.process} {json.dumps(counts)}")

    async def heard_presence(self, table_id: str, process: str, counts: dict[int, int]) -> None:
        """Another server process announced its live connections at ``table_id``."""
        table = self.tables.get(table_id)
        if table is None or process == self.process:
            return
        table.elsewhere[process] = (counts, time.monotonic())
        for seat, count in counts.items():
            if count > 0:
                table.gone.pop(seat, None)  # they came back through that process
        async with table.lock:
            await self._changed(table, moved=False)

    async def tick(self) -> list[tuple[str, int]]:
        """Let a bot take every seat whose time ran out, or whose person has been
        disconnected past the grace period; returns those (table id, seat). Where other
        server processes share the database, remind them of this one's live connections."""
        if self.storage.announces and time.monotonic() - self._announced >= PRESENCE_EVERY:
            self._announced = time.monotonic()
            for table in list(self.tables.values()):
                if any(table.connected.values()):
                    await self.presence(table)
        moment = self.clock.now()
        taken: list[tuple[str, int]] = []
        for table in list(self.tables.values()):
            if table.state.is_over:
                table.gone.clear()
                continue
            for seat, deadline in table.deadlines().items():
                if deadline <= moment:
                    await self.take_over(table, seat, TIME)
                    taken.append((table.id, seat))
            if self.grace is None:
                continue
            for seat, since in list(table.gone.items()):
                if since + self.grace <= moment and table.connections(seat) == 0:
                    table.gone.pop(seat, None)
                    await self.take_over(table, seat, DISCONNECTED)
                    taken.append((table.id, seat))
        return taken

    def _check_version(self, table: LiveTable, seat: int, version: int) -> None:
        if not table.current(seat, version):
            raise ApiError(
                409,
                _("version {version} is stale: table {table} is at version {current}").format(
                    version=version, table=table.id, current=table.version
                ),
                state=state_body(table, seat),
            )

    async def _store(self, table: LiveTable, entry: LogEntry) -> None:
        try:
            await self.storage.append(table.id, entry)
        except OperationalError as error:
            raise ApiError(
                503,
                _("the database could not store it ({reason}); nothing changed, try again").format(
                    reason=error.orig
                ),
            ) from None
        except StaleVersion:
            # another server process appended first: this copy is behind
            await self._catch_up_locked(table)
            raise ApiError(
                409,
                _("table {table} changed meanwhile; it is at version {current}").format(
                    table=table.id, current=table.version
                ),
                state=state_body(table, entry.seat if entry.seat >= 0 else None),
            ) from None

    async def catch_up(self, table_id: str, version: int | None) -> None:
        """Another server process changed ``table_id`` (to ``version``; ``None``: its seats):
        bring this copy up to date and tell the listeners."""
        known = self.tables.get(table_id)
        if known is None:
            await self.get(table_id)  # a new table, or one not loaded yet: read it whole
            return
        async with known.lock:
            if version is None:
                await self._reseat_locked(known)
                await self._changed(known, moved=False)
            elif version > known.version:
                await self._catch_up_locked(known)

    async def _catch_up_locked(self, table: LiveTable) -> None:
        """Replay what other processes appended; the listeners are told if anything was."""
        entries = await self.storage.log_since(table.id, table.version)
        for entry in entries:
            table.replay(entry)
        if entries:
            await self._changed(table, moved=True)

    async def _reseat_locked(self, table: LiveTable) -> None:
        people = await self.storage.people(table.id)
        table.people = {seat: Person(name, digest) for seat, (name, digest) in people.items()}

    async def _changed(self, table: LiveTable, *, moved: bool) -> None:
        for listener in self.listeners:
            await listener(table, moved)


def _saved(deadlines: dict[int, float]) -> dict[str, float]:
    """Deadlines as stored (JSON keys are text)."""
    return {str(seat): moment for seat, moment in deadlines.items()}
