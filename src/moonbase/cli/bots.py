"""The bots, reached lazily: the command works (with people only) even without them.

Everything here goes through :mod:`importlib`, so the command needs nothing from
``moonbase.agents`` until a bot, a hint or a simulation is asked for. A bot is given only
what its seat may know: ``state.resample(seat, rng)``, never the real state.

>>> split_specs("mcts:iterations=50,rollout=greedy,random")
['mcts:iterations=50,rollout=greedy', 'random']
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol, cast

from moonbase.core import Game, State

__all__ = [
    "Bot",
    "BotError",
    "HintUnavailable",
    "agent_seed",
    "bot_names",
    "bots_for",
    "check_plays",
    "hint",
    "make_bot",
    "run_match",
    "split_specs",
]

_AGENTS = "moonbase.agents"


class Bot(Protocol):
    """What the command needs of an agent: a choice for a seat from an observed state."""

    def choose(self, observed: State, seat: int) -> str:
        """One legal action for ``seat`` in ``observed`` (a resample)."""
        ...


class BotError(ValueError):
    """A bot spec that is not allowed, or bots that are not available."""


class HintUnavailable(LookupError):
    """This moonbase has no hint function yet."""


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _find(name: str, *modules: str) -> Callable[..., Any] | None:
    """``name`` from ``moonbase.agents`` or else from the first of ``modules`` that has it."""
    for module_name in (_AGENTS, *modules):
        module = _module(module_name)
        found = getattr(module, name, None) if module is not None else None
        if callable(found):
            return cast(Callable[..., Any], found)
    return None


def split_specs(text: str) -> list[str]:
    """Bot specs from a comma-separated list, where a spec's own ``key=value`` parameters are
    also separated by commas (``mcts:iterations=50,rollout=greedy``).

    >>> split_specs(" human , greedy,,mcts:seconds=0.5 ")
    ['human', 'greedy', 'mcts:seconds=0.5']
    """
    specs: list[str] = []
    for part in (item.strip() for item in text.split(",")):
        if not part:
            continue
        if specs and "=" in part and ":" not in part and ":" in specs[-1]:
            specs[-1] = f"{specs[-1]},{part}"
        else:
            specs.append(part)
    return specs


def bot_names() -> list[str]:
    """The names of the bots this moonbase has (empty without bots)."""
    names = _find("agent_names", f"{_AGENTS}.protocol")
    return [str(name) for name in names()] if names is not None else []


def bots_for(game: Game) -> list[str]:
    """The names of the bots that play ``game`` (all of :func:`bot_names` if unknown).

    >>> import moonbase
    >>> bots_for(moonbase.load("moons"))
    ['greedy', 'mcts', 'random']
    """
    found = _find("agents_for", f"{_AGENTS}.protocol")
    return [str(name) for name in found(game.name)] if found is not None else bot_names()


def check_plays(spec: str, game: Game) -> None:
    """Raise :class:`BotError` naming the bots that play ``game`` if bot ``spec`` does not.

    >>> import moonbase
    >>> check_plays("planner", moonbase.load("moons"))
    Traceback (most recent call last):
    ...
    moonbase.cli.bots.BotError: agent 'planner' does not play Moons; allowed: greedy, mcts, random
    """
    check = _find("plays", f"{_AGENTS}.protocol")
    if check is None:
        return
    try:
        check(spec, game)
    except ValueError as error:
        raise BotError(str(error)) from None


def make_bot(spec: str, seed: int) -> Bot:
    """The bot ``spec`` names, with its own generator seeded by ``seed``.

    Raises :class:`BotError` with a one-line reason for a spec that is not allowed.
    """
    factory = _find("make_agent", f"{_AGENTS}.protocol")
    if factory is None:
        raise BotError(f"bot {spec!r}: this moonbase has no bots yet; allowed: human")
    try:
        return _Refusing(cast(Bot, factory(spec, seed)))
    except ImportError:
        raise BotError(f"bot {spec!r} is not available in this moonbase yet") from None
    except ValueError as error:
        raise BotError(str(error)) from None


class _Refusing:
    """A bot whose refusal to play a game (an agent's ``InvalidAgent``, e.g. the planner asked
    to play Moons) comes out as :class:`BotError`; any other error is a bug and goes on."""

    def __init__(self, bot: Bot) -> None:
        self._bot = bot
        refusal = _find("InvalidAgent", f"{_AGENTS}.protocol")
        self._refusal = cast(type[Exception], refusal) if isinstance(refusal, type) else BotError

    def choose(self, observed: State, seat: int) -> str:
        try:
            return self._bot.choose(observed, seat)
        except self._refusal as error:
            raise BotError(str(error)) from None


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game dealt from ``seed`` (as the match runner's)."""
    runner = _find("agent_seed", f"{_AGENTS}.runner")
    if runner is not None:
        return int(runner(seed, seat))
    return random.Random(f"moonbase-agent:{seed}:{seat}").getrandbits(32)


def hint(observed: State, seat: int) -> str:
    """The bots' advice for ``seat`` in ``observed`` (a resample): one line of text.

    Raises :class:`HintUnavailable` when this moonbase has no hint function.
    """
    advise = _find("hint", f"{_AGENTS}.hint", f"{_AGENTS}.hints")
    if advise is None:
        raise HintUnavailable("hints are not available in this moonbase yet")
    return str(advise(observed, seat))


def run_match(
    game: Game, specs: Sequence[str], games: int, seed: int, jobs: int | None, progress: bool
) -> Any:
    """Run the match runner (``moonbase.agents.match.match``); returns its result."""
    match = _find("match", f"{_AGENTS}.match")
    if match is None:
        raise BotError("this moonbase has no match runner yet")
    return match(game, list(specs), games, seed, workers=jobs, progress=progress)
