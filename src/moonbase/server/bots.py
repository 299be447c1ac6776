"""Bot seats, played on the server in a process pool: the event loop never thinks for a bot.

A bot move is computed in a worker process from the table's save and the seat, on a resample
of the state (``state.resample(seat, rng)``), so a bot knows only what its seat may know. A
move that takes longer than the time budget is replaced by a random legal action (drawn from
a generator seeded by the table, the seat and the version), so a table never waits forever;
the worker thinking past its budget goes on until it is done (or the server stops). So is the
move of a bot that refuses the game (the planner plays MOON only), with the refusal kept in
:attr:`BotSeats.failures`.

:class:`BotSeats` watches tables: after every change, and for every table resumed at start-up,
it plays each bot seat that is to act, one move at a time per table, until a person is to act
or the game is over.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from collections.abc import Callable
from multiprocessing.pool import Pool
from typing import Final, TypeVar

import moonbase
from moonbase import i18n
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


def move_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the bot (and its observation) for ``seat``'s move at ``version``.

    >>> move_seed(7, 1, 3) == move_seed(7, 1, 3) != move_seed(7, 1, 4)
    True
    """
    return random.Random(f"moonbase-server-bot:{table_seed}:{seat}:{version}").getrandbits(32)


def choose(save: str, seat: int, spec: str, seed: int) -> str:
    """The move the bot ``spec`` makes for ``seat`` in the saved state ``save`` (run in a
    worker process; the bot sees a resample only)."""
    state = moonbase.from_json(save)
    observed = state.resample(seat, random.Random(seed))
    return make_bot(spec, seed).choose(observed, seat)


def advise(
    save: str, seat: int, search: str, seed: int, lang: str = "en"
) -> tuple[str | None, str]:
    """The hint for ``seat`` in the saved state ``save``: the move ``search`` suggests and
    its explanation in ``lang``, worked out on a resample (run in a worker process: the seat's
    view only, as a bot's move; the language is passed, as a worker does not share the
    request's)."""
    from moonbase.agents.hint import suggest

    with i18n.speaking(lang):
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
        service.listeners.append(self.changed)

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
        work = self._submit(advise, table.state.to_json(), seat, self.hint_search, seed, lang)
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
        work = self._submit(choose, table.state.to_json(), seat, table.bot_spec(seat), seed)
        try:
            return await asyncio.wait_for(work, self.budget)
        except BotError as error:  # a bot that will not play this game (the planner at Moons)
            self.failures.append(f"table {table.id}, {table.label(seat)}: {error}")
        except TimeoutError:
            pass
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
