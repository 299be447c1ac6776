"""Bot seats, played on the server in a process pool: the event loop never thinks for a bot.

A bot move is computed in a worker process from the table's save and the seat, on a resample
of the state (``state.resample(seat, rng)``), so a bot knows only what its seat may know. A
move that takes longer than the time budget is replaced by a random legal action (drawn from
a generator seeded by the table, the seat and the version), so a table never waits forever;
the worker stops thinking at the same moment (:func:`thinking_until`), so one bot asked to
think too long cannot hold up the others. So is the move of a bot that refuses the game (the
planner plays MOON only), with the refusal kept in :attr:`BotSeats.failures`. A seat's bot
may not ask for more time a move than the budget (:meth:`BotSeats.check`).

:class:`BotSeats` watches tables: after every change, and for every table resumed at start-up,
it plays each bot seat that is to act, one move at a time per table, until a person is to act
or the game is over.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.pool import Pool
from types import FrameType
from typing import Final, TypeVar

import moonbase
from moonbase import i18n
from moonbase.agents.protocol import parse_spec
from moonbase.cli.bots import BotError, bot_names, make_bot
from moonbase.i18n import gettext as _
from moonbase.server.errors import ApiError
from moonbase.server.tables import HUMAN, LiveTable, TableService

__all__ = [
    "DEFAULT_BUDGET",
    "HINT_BUDGET",
    "HINT_SEARCH",
    "BotSeats",
    "advise",
    "check_bot",
    "choose",
    "hint_seed",
    "move_seed",
    "thinking_until",
]

DEFAULT_BUDGET: Final = 10.0
"""Seconds a bot may think about one move."""
HINT_SEARCH: Final = "mcts"
"""The agent behind hints: the strong bot, as the terminal's ``hint``."""
HINT_BUDGET: Final = 30.0
"""Seconds a hint may take before the server says to ask again."""
T = TypeVar("T")


def check_bot(spec: str) -> str:
    """``spec`` if it names a bot this moonbase has, or a 422 naming the seats allowed."""
    text = spec.strip()
    try:
        make_bot(text, 0)
    except BotError as error:
        reason = str(error).split("; allowed:")[0]
        raise ApiError(
            422,
            _("seat {spec!r}: {reason}").format(spec=text, reason=reason),
            allowed=[HUMAN, *bot_names()],
        ) from None
    return text


class OutOfTime(TimeoutError):
    """A worker's thinking was stopped: the server stopped waiting for it (its budget ran out).
    A :class:`TimeoutError`, so whoever waits takes it as the budget running out, whichever of
    the two clocks told first."""


@contextmanager
def thinking_until(deadline: float | None) -> Iterator[None]:
    """Within it, this process's thinking is stopped with :class:`OutOfTime` at ``deadline``
    (a ``time.time()``), at once if it has passed; ``None``, or a system without interval
    timers, sets no limit. For a worker process's main thread, where a job runs.

    >>> with thinking_until(time.time() + 60):
    ...     print("done in time")
    done in time
    >>> with thinking_until(time.time() - 1):
    ...     print("never printed")
    Traceback (most recent call last):
    ...
    moonbase.server.bots.OutOfTime: the server stopped waiting for this move
    """
    if deadline is None or not hasattr(signal, "setitimer"):
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise OutOfTime("the server stopped waiting for this move")

    left = deadline - time.time()
    if left <= 0:
        stop(signal.SIGALRM, None)
    before = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, left)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def move_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the bot (and its observation) for ``seat``'s move at ``version``.

    >>> move_seed(7, 1, 3) == move_seed(7, 1, 3) != move_seed(7, 1, 4)
    True
    """
    return random.Random(f"moonbase-server-bot:{table_seed}:{seat}:{version}").getrandbits(32)


def choose(save: str, seat: int, spec: str, seed: int, deadline: float | None = None) -> str:
    """The move the bot ``spec`` makes for ``seat`` in the saved state ``save`` (run in a
    worker process; the bot sees a resample only), stopped at ``deadline``
    (:func:`thinking_until`)."""
    with thinking_until(deadline):
        state = moonbase.from_json(save)
        observed = state.resample(seat, random.Random(seed))
        return make_bot(spec, seed).choose(observed, seat)


def advise(
    save: str, seat: int, search: str, seed: int, lang: str = "en", deadline: float | None = None
) -> tuple[str | None, str]:
    """The hint for ``seat`` in the saved state ``save``: the move ``search`` suggests and
    its explanation in ``lang``, worked out on a resample (run in a worker process: the seat's
    view only, as a bot's move; the language is passed, as a worker does not share the
    request's), stopped at ``deadline`` (:func:`thinking_until`)."""
    from moonbase.agents.hint import suggest

    with thinking_until(deadline), i18n.speaking(lang):
        state = moonbase.from_json(save)
        observed = state.resample(seat, random.Random(seed))
        return suggest(observed, seat, seed=seed, search=search)


def hint_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the hint for ``seat`` at ``version`` (the same question, the same hint).

    >>> hint_seed(7, 1, 3) == hint_seed(7, 1, 3) != move_seed(7, 1, 3)
    True
    """
    return random.Random(f"moonbase-server-hint:{table_seed}:{seat}:{version}").getrandbits(32)


class BotSeats:
    """Plays the bot seats of every table of ``service``, in a pool of ``workers`` processes,
    each move within ``budget`` seconds."""

    def __init__(
        self,
        service: TableService,
        workers: int = 1,
        budget: float = DEFAULT_BUDGET,
        hint_search: str = HINT_SEARCH,
        hint_budget: float = HINT_BUDGET,
    ):
        self.service = service
        self.workers = workers
        self.budget = budget
        self.hint_search = hint_search
        self.hint_budget = hint_budget
        self._pool: Pool | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self.failures: list[str] = []
        """What went wrong with a bot move (a bug in a bot: the table waits)."""
        self.fallbacks: list[str] = []
        """The bot moves replaced by a random legal one because the budget ran out."""
        service.listeners.append(self.changed)

    def check(self, spec: str) -> str:
        """``spec`` if it names a bot this moonbase has and asks for no more time a move than
        :attr:`budget`; else a 422 naming what is allowed."""
        text = check_bot(spec)
        parameters = parse_spec(text)[1]
        asked = parameters.get("seconds")
        if asked is not None and float(asked) > self.budget:
            raise ApiError(
                422,
                _(
                    "seat {spec!r}: seconds={asked} is more than this server gives a bot a "
                    "move; allowed: seconds up to {budget}"
                ).format(spec=text, asked=asked, budget=f"{self.budget:g}"),
                allowed=[HUMAN, *bot_names()],
            )
        return text

    def _workers(self) -> Pool:
        # spawned, not forked: the server process has threads (the event loop's, the
        # database driver's) that a fork would copy in an unknown state
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(self.workers)
        return self._pool

    def _submit(self, work: Callable[..., T], *args: object) -> asyncio.Future[T]:
        """Think in a worker; the answer (or the error) arrives in the returned future."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def settle(outcome: object) -> None:
            if future.done():  # given up on: the budget ran out
                return
            if isinstance(outcome, BaseException):
                future.set_exception(outcome)
            else:
                future.set_result(outcome)  # type: ignore[arg-type]  # what work returned

        def answer(outcome: object) -> None:
            loop.call_soon_threadsafe(settle, outcome)

        self._workers().apply_async(work, args, callback=answer, error_callback=answer)
        return future

    async def hint(self, table: LiveTable, seat: int) -> tuple[str | None, str]:
        """The hint for ``seat`` at ``table`` now (worked out in a worker from the seat's view
        only): the suggested action and its explanation; a 503 past :attr:`hint_budget`."""
        seed = hint_seed(table.seed, seat, table.version)
        lang = i18n.current()
        deadline = time.time() + self.hint_budget
        save = table.state.to_json()
        work = self._submit(advise, save, seat, self.hint_search, seed, lang, deadline)
        try:
            return await asyncio.wait_for(work, self.hint_budget)
        except TimeoutError:
            raise ApiError(
                503,
                _("the hint took longer than {seconds} s; ask again in a moment").format(
                    seconds=f"{self.hint_budget:g}"
                ),
            ) from None
        except BotError as error:
            raise ApiError(503, _("no hint this time: {reason}").format(reason=error)) from None

    async def changed(self, table: LiveTable, moved: bool = True) -> None:
        """After a change: start playing the table's bots if one is to act."""
        if self._bot_to_act(table) is None:
            return
        running = self._tasks.get(table.id)
        if running is None or running.done():
            self._tasks[table.id] = asyncio.create_task(self._play(table))

    def _bot_to_act(self, table: LiveTable) -> int | None:
        return next((seat for seat in table.state.to_act if table.is_bot(seat)), None)

    async def _play(self, table: LiveTable) -> None:
        while (seat := self._bot_to_act(table)) is not None:
            version = table.version
            action = await self._think(table, seat, version)
            if table.version != version:
                continue  # a person acted or undid meanwhile: think again
            try:
                await self.service.act(table, seat, version, action, bot=True)
            except ApiError as error:
                if error.status != 409:
                    self.failures.append(f"table {table.id}, {table.label(seat)}: {error}")
                    return

    async def _think(self, table: LiveTable, seat: int, version: int) -> str:
        seed = move_seed(table.seed, seat, version)
        deadline = time.time() + self.budget
        save = table.state.to_json()
        work = self._submit(choose, save, seat, table.bot_spec(seat), seed, deadline)
        try:
            return await asyncio.wait_for(work, self.budget)
        except BotError as error:  # a bot that will not play this game (the planner at Moons)
            self.failures.append(f"table {table.id}, {table.label(seat)}: {error}")
        except TimeoutError:
            self.fallbacks.append(f"table {table.id}, {table.label(seat)}, version {version}")
        return random.Random(seed).choice(table.state.legal_actions(seat))

    async def idle(self) -> None:
        """Wait until no bot is thinking or acting (tests, shutdown)."""
        while running := [task for task in self._tasks.values() if not task.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def close(self) -> None:
        """Stop every bot and the worker processes."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        if self._pool is not None:
            # a bot past its budget may still be thinking: end the workers, not wait for them
            self._pool.terminate()
            self._pool.join()
            self._pool = None
