"""The agent protocol: :class:`Agent`, agent specs and the :func:`make_agent` factory.

An agent chooses an action for one seat from an *observed* state — a state built by
``state.resample(seat, rng)``, which the seat cannot tell apart from the real one — and never
from the real state (the runner makes sure of it). Each agent keeps its own random generator,
seeded when it is made, so adding or swapping a bot never changes the deals.

Agents are named by *spec strings* so that they can cross process boundaries and a command
line can name them: a registered name, optionally followed by ``:`` and comma-separated
``key=value`` parameters.

>>> agent = make_agent("mcts:iterations=50,rollout=greedy", seed=3)
>>> agent.spec, agent.seed
('mcts:iterations=50,rollout=greedy', 3)
>>> parse_spec("mcts:seconds=0.5")
('mcts', {'seconds': '0.5'})
>>> make_agent("oracle")
Traceback (most recent call last):
...
moonbase.agents.protocol.InvalidAgent: unknown agent 'oracle'; allowed: greedy, mcts, planner, ...
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from moonbase.core import Game, State
from moonbase.i18n import gettext as _

__all__ = [
    "Agent",
    "InvalidAgent",
    "agent_class",
    "agent_names",
    "agents_for",
    "make_agent",
    "parse_spec",
    "plays",
    "read_parameters",
    "register_agent",
]


class InvalidAgent(ValueError):
    """An agent spec names an unknown agent or parameter, or a value that is not allowed."""


class Agent(ABC):
    """Chooses actions for a seat from observed states.

    Subclasses set :attr:`name` and :attr:`parameters` (each parameter's name and the function
    that reads it from text) and implement :meth:`choose`. Their ``__init__`` takes ``seed``
    and the parameters as keyword arguments.

    >>> import moonbase
    >>> class First(Agent):
    ...     name = "first"
    ...     def choose(self, observed, seat):
    ...         return observed.legal_actions(seat)[0]
    >>> First(seed=1).choose(moonbase.load("moon").new(seed=2), 0)
    'AND A B'
    """

    name: ClassVar[str] = "agent"
    """The registry name (the part of a spec before ``:``)."""
    parameters: ClassVar[Mapping[str, Callable[[str], Any]]] = {}
    """Each parameter a spec may set, with the function that reads its text."""
    games: ClassVar[tuple[str, ...]] = ()
    """The names of the games it plays; empty: every game."""

    def __init__(self, seed: int = 0, **params: Any) -> None:
        unknown = sorted(set(params) - set(self.parameters))
        if unknown:
            raise InvalidAgent(
                _("agent {agent} has no parameter {name}; allowed: {allowed}").format(
                    agent=repr(self.name),
                    name=repr(unknown[0]),
                    allowed=", ".join(self.parameters) or _("none"),
                )
            )
        self.seed = seed
        self.rng = random.Random(seed)
        """The agent's own generator: the only randomness an agent may use."""
        self.params: dict[str, Any] = dict(params)

    @property
    def spec(self) -> str:
        """The spec string that makes an equal agent (without the seed).

        >>> make_agent("random").spec
        'random'
        """
        if not self.params:
            return self.name
        shown = ",".join(f"{key}={value}" for key, value in self.params.items())
        return f"{self.name}:{shown}"

    @abstractmethod
    def choose(self, observed: State, seat: int) -> str:
        """One legal action for ``seat``, which is in ``observed.to_act``.

        ``observed`` is a resample the agent may read, clone and even change; it is never the
        real game's state.
        """

    def __repr__(self) -> str:
        return f"<agent {self.spec} seed={self.seed}>"


_BUILTIN: dict[str, str] = {
    "greedy": "moonbase.agents.greedy:GreedyAgent",
    "mcts": "moonbase.agents.mcts:MCTSAgent",
    "planner": "moonbase.agents.planner_agent:PlannerAgent",
    "random": "moonbase.agents.random_agent:RandomAgent",
}
_REGISTERED: dict[str, type[Agent]] = {}


def register_agent(cls: type[Agent]) -> type[Agent]:
    """Make ``cls`` available to :func:`make_agent` under ``cls.name`` (usable as a decorator).

    Built-in agents are found without registering; a plug-in registers its own.
    """
    _REGISTERED[cls.name] = cls
    return cls


def agent_names() -> list[str]:
    """Every agent name a spec may use, sorted.

    >>> agent_names()
    ['greedy', 'mcts', 'planner', 'random']
    """
    return sorted({*_BUILTIN, *_REGISTERED})


def agent_class(name: str) -> type[Agent]:
    """The agent class registered as ``name``."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _BUILTIN:
        raise InvalidAgent(
            _("unknown agent {name}; allowed: {names}").format(
                name=repr(name), names=", ".join(agent_names())
            )
        )
    module_name, _colon, class_name = _BUILTIN[name].partition(":")
    cls: type[Agent] = getattr(importlib.import_module(module_name), class_name)
    return cls


def _games_of(name: str) -> tuple[str, ...]:
    """The games agent ``name`` plays (empty: every game; an unknown name: every game, its
    spec being refused elsewhere)."""
    try:
        return agent_class(name).games
    except InvalidAgent:
        return ()


def agents_for(game: str) -> list[str]:
    """The agent names that play ``game`` (a game's name), sorted.

    >>> agents_for("moon-leap")
    ['greedy', 'mcts', 'random']
    """
    return [name for name in agent_names() if game in (_games_of(name) or (game,))]


def plays(spec: str, game: Game) -> None:
    """Check that the agent ``spec`` names plays ``game``; else :class:`InvalidAgent` names
    the agents that do.

    >>> import moonbase
    >>> plays("planner", moonbase.load("moon"))
    >>> plays("planner", moonbase.load("moon-leap"))
    Traceback (most recent call last):
    ...
    moonbase.agents.protocol.InvalidAgent: agent 'planner' does not play Moon Leap; allowed: ...
    """
    name = parse_spec(spec)[0]
    if game.name not in (_games_of(name) or (game.name,)):
        raise InvalidAgent(
            _("agent {agent} does not play {game}; allowed: {allowed}").format(
                agent=repr(name), game=game.title, allowed=", ".join(agents_for(game.name))
            )
        )


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a spec into its agent name and its parameters (as text).

    >>> parse_spec(" MCTS : iterations=200 , rollout=greedy ")
    ('mcts', {'iterations': '200', 'rollout': 'greedy'})
    >>> parse_spec("mcts:200")
    Traceback (most recent call last):
    ...
    moonbase.agents.protocol.InvalidAgent: agent spec 'mcts:200': write parameters as key=value
    """
    name, _colon, rest = spec.partition(":")
    params: dict[str, str] = {}
    for part in rest.split(","):
        if not part.strip():
            continue
        key, equals, value = part.partition("=")
        if not equals or not key.strip():
            raise InvalidAgent(
                _("agent spec {spec}: write parameters as key=value").format(spec=repr(spec))
            )
        params[key.strip().lower()] = value.strip()
    return name.strip().lower(), params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """A new agent from its spec string, with its own generator seeded by ``seed``.

    >>> make_agent("mcts:iterations=ten")
    Traceback (most recent call last):
    ...
    moonbase.agents.protocol.InvalidAgent: agent 'mcts': parameter iterations='ten' is not ...
    """
    name, texts = parse_spec(spec)
    cls = agent_class(name)
    return cls(seed=seed, **read_parameters(cls, texts))


def read_parameters(cls: type[Agent], texts: Mapping[str, str]) -> dict[str, Any]:
    """``cls``'s parameters read from their text (as a spec writes them).

    >>> from moonbase.agents.mcts import MCTSAgent
    >>> read_parameters(MCTSAgent, {"iterations": "50", "rollout": "Greedy"})
    {'iterations': 50, 'rollout': 'greedy'}
    >>> read_parameters(MCTSAgent, {"width": "3"})
    Traceback (most recent call last):
    ...
    moonbase.agents.protocol.InvalidAgent: agent 'mcts' has no parameter 'width'; allowed: ...
    """
    params: dict[str, Any] = {}
    for key, text in texts.items():
        reader = cls.parameters.get(key)
        if reader is None:
            raise InvalidAgent(
                _("agent {agent} has no parameter {name}; allowed: {allowed}").format(
                    agent=repr(cls.name),
                    name=repr(key),
                    allowed=", ".join(cls.parameters) or _("none"),
                )
            )
        try:
            params[key] = reader(text)
        except ValueError as error:
            raise InvalidAgent(
                _(
                    "agent {agent}: parameter {name}={value} is not allowed ({error}); its "
                    "parameters: {allowed}"
                ).format(
                    agent=repr(cls.name),
                    name=key,
                    value=repr(text),
                    error=error,
                    allowed=", ".join(cls.parameters),
                )
            ) from None
    return params


def _number(read: Callable[[str], Any], text: str, wanted: str) -> Any:
    """``text`` read by ``read`` (``int`` or ``float``), or ``ValueError(wanted)``."""
    try:
        return read(text)
    except ValueError:
        raise ValueError(wanted) from None


def positive_int(text: str) -> int:
    """Read a whole number of at least 1.

    >>> positive_int("3")
    3
    >>> positive_int("abc")
    Traceback (most recent call last):
    ...
    ValueError: it must be a whole number of at least 1
    """
    wanted = _("it must be a whole number of at least 1")
    value = int(_number(int, text, wanted))
    if value < 1:
        raise ValueError(wanted)
    return value


def whole_int(text: str) -> int:
    """Read a whole number of at least 0.

    >>> whole_int("0")
    0
    """
    wanted = _("it must be a whole number of at least 0")
    value = int(_number(int, text, wanted))
    if value < 0:
        raise ValueError(wanted)
    return value


def positive_float(text: str) -> float:
    """Read a number greater than 0.

    >>> positive_float("0.5")
    0.5
    """
    wanted = _("it must be a number greater than 0")
    value = float(_number(float, text, wanted))
    if not value > 0:
        raise ValueError(wanted)
    return value


def unit_float(text: str) -> float:
    """Read a number from 0 up to (not including) 1.

    >>> unit_float("0.5")
    0.5
    """
    wanted = _("it must be a number of at least 0 and below 1")
    value = float(_number(float, text, wanted))
    if not 0 <= value < 1:
        raise ValueError(wanted)
    return value


def choice_of(*allowed: str) -> Callable[[str], str]:
    """A reader that accepts one of ``allowed`` words.

    >>> choice_of("random", "greedy")("Greedy")
    'greedy'
    """

    def read(text: str) -> str:
        value = text.strip().lower()
        if value not in allowed:
            raise ValueError(_("allowed: {allowed}").format(allowed=", ".join(allowed)))
        return value

    return read
