"""Information-set Monte Carlo tree search (single observer), for every game.

Each iteration *determinises*: it draws a world the seat cannot tell apart from the observed
one (``observed.resample(seat, rng)``), so hidden cards and the future of chance differ from
iteration to iteration. The tree then holds only what the searching seat knows:

- a node is one of the seat's decisions; its edges are the seat's actions, chosen by UCT with
  *availability* counts (an action's exploration term counts the visits in which it was
  legal);
- after the seat's action the world moves on — chance outcomes, other seats' moves — until
  the seat must decide again, and the child reached is keyed by what the seat *saw* happen
  (the history since its action, as ``history_for`` shows it to the seat), so outcomes it
  cannot see never split the tree;
- other seats play the rollout policy (random or greedy) inside the tree as in the rollout:
  their choices, and in a simultaneous decision their hidden choices, are sampled each
  iteration, never known;
- chance is sampled by ``chance_outcomes()`` probabilities in an explicit-chance world; a
  world in auto mode resolves chance itself from the seed the resample gave it;
- with ``horizon=chance`` the search looks no further than the next chance event: a world
  that comes to one, after an action of the tree or in a rollout, is judged there, before
  the draw, and an edge that leads to one is a leaf. The worlds are then explicit-chance
  twins of the observed state (:func:`explicit_twin`), so that they stop at their draws;
- with ``worlds=N`` the iterations share ``N`` resamples drawn when the search begins,
  each iteration playing a copy of one in turn, instead of drawing a world of its own.

A rollout plays the policy to the end (or ``depth`` decisions, then judges the game). The
reward of a finished game is 0.8 × the seat's share of the win plus 0.2 × its standing (the
part of the other seats it outscored), so close losses teach more than crushing ones; with
``reward=margin`` it is judged by its margins, as a cut one is. A game cut short at ``depth``
is judged by its margins: against each other seat,
``0.5 + 0.5 tanh(lead / scale)`` where the scale grows with the scores (a lead of 3 counts more
at 5 points each than at 50), averaged. The margins are between the scores, or with
``leaf=outlook`` between the game heuristic's outlook of each seat (its score plus what it is
likely to gain, see :data:`~moonbase.agents.heuristics.OUTLOOKS`). A lone seat's margin (its
standing, too) is against its own value when the search began. The choice is the most visited
action at the root.

Every parameter a spec leaves out comes from the game's row of
:data:`~moonbase.agents.mcts_defaults.TUNINGS`, found from the first state the agent is asked
about: ``mcts`` alone is the strong bot of every game and mode.

A node with many actions considers only :data:`WIDTH` of them, chosen when the node is made:
the greedy choice, then the heuristic's shortlist where the game has one (Moons' tableau
choice has hundreds: the tableaus of the lowest cards of each choice of planets), then a
random sample.

>>> import moonbase, random
>>> state = moonbase.load("moon-leap").new(seed=2, chance="explicit")
>>> state.apply(moonbase.CHANCE, "ROLL *")
>>> agent = MCTSAgent(seed=1, iterations=30)
>>> stats = agent.search(state.resample(0, random.Random(0)), 0)
>>> sorted(stats), sum(visits for visits, _ in stats.values())
(['MOVE 1', 'MOVE 2', 'MOVE 3', 'MOVE 4', 'MOVE 5'], 30)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from moonbase.agents.heuristics import (
    Heuristic,
    Outlook,
    heuristic_for,
    outlook_for,
    shortlist_for,
)
from moonbase.agents.mcts_defaults import FALLBACK, defaults_for
from moonbase.agents.protocol import (
    Agent,
    choice_of,
    positive_float,
    positive_int,
    read_parameters,
    unit_float,
    whole_int,
)
from moonbase.agents.runner import sample_outcome_id
from moonbase.agents.totals import total
from moonbase.core import CHANCE, Game, State

if TYPE_CHECKING:
    from moonbase.fast import Playout

__all__ = [
    "WIDTH",
    "MCTSAgent",
    "Settings",
    "explicit_twin",
    "final_reward",
    "margins_reward",
    "reward",
]

WIDTH: Final = 16
"""Actions considered at a node that has more."""


def reward(
    state: State,
    seat: int,
    baseline: float = 0.0,
    values: Sequence[float] | None = None,
    margins: bool = False,
) -> float:
    """The value of ``state`` for ``seat`` in 0–1 (see the module docstring); an unfinished
    game (a finished one too, with ``margins``) is judged by its margins alone, in ``values``
    (one per seat; default: the scores). A lone seat's margin is its lead over ``baseline``
    (its value when the search began).

    >>> import moonbase
    >>> reward(moonbase.load("moon-leap").new(seed=1), 0)
    0.5
    >>> solo = moonbase.load("welcome-to-the-moon", players=1).new(seed=1)
    >>> solo.scores()  # ASTRA's start
    [-10.0]
    >>> reward(solo, 0, baseline=-15.0) > reward(solo, 0, baseline=-10.0) > reward(solo, 0, -5.0)
    True
    >>> reward(solo, 0, baseline=-10.0)
    0.5
    """
    if state.is_over and not margins:
        return final_reward(state.scores(), state.winners(), seat, baseline)
    return margins_reward(state.scores() if values is None else values, seat, baseline)


def margins_reward(values: Sequence[float], seat: int, baseline: float = 0.0) -> float:
    """The value for ``seat`` of a game cut short whose seats stand at ``values`` (their
    scores, or outlooks): its margin against each other seat, averaged; a lone seat's margin
    is against ``baseline`` (what :func:`reward` gives an unfinished state; a kernel's cut
    playout ends with just these figures).

    >>> margins_reward([8.0, 5.0], 0) > 0.5 > margins_reward([8.0, 5.0], 1)
    True
    >>> margins_reward([4.0], 0, baseline=4.0)
    0.5
    """
    mine = values[seat]
    others = [value for other, value in enumerate(values) if other != seat]
    if not others:
        return _margin(mine, baseline)
    return total(_margin(mine, value) for value in others) / len(others)


def final_reward(
    scores: Sequence[float], winners: Sequence[int], seat: int, baseline: float = 0.0
) -> float:
    """The value for ``seat`` of a finished game with these ``scores`` and ``winners``: 0.8 ×
    its share of the win plus 0.2 × its standing (what :func:`reward` gives a finished state;
    a kernel's playout ends with just these figures).

    >>> final_reward([40.0, 25.0], [0], 0), final_reward([40.0, 25.0], [0], 1)
    (1.0, 0.0)
    >>> final_reward([3.0], [], 0, baseline=3.0)
    0.1
    """
    mine = scores[seat]
    others = [score for other, score in enumerate(scores) if other != seat]
    if not others:
        standing = _margin(mine, baseline)
    else:
        beaten = sum(1.0 if mine > score else 0.5 if mine == score else 0.0 for score in others)
        standing = beaten / len(others)
    share = 1 / len(winners) if seat in winners else 0.0
    return 0.8 * share + 0.2 * standing


def _margin(mine: float, theirs: float) -> float:
    """How a lead of ``mine - theirs`` stands, in 0–1 (0.5: level).

    >>> _margin(8, 5) > _margin(53, 50) > _margin(50, 50) == 0.5
    True
    """
    scale = 1 + 0.1 * (abs(mine) + abs(theirs))
    return 0.5 + 0.5 * math.tanh((mine - theirs) / scale)


@dataclass
class _Edge:
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[tuple[tuple[int, str], ...], _Node] = field(default_factory=dict)


@dataclass
class _Node:
    edges: dict[str, _Edge] = field(default_factory=dict)
    visits: int = 0
    greedy: str | None = None
    """The heuristic's choice here (for the prior), found on the first visit."""
    candidates: frozenset[str] | None = None
    """The actions considered when the seat had more than :data:`WIDTH`."""


@dataclass(frozen=True)
class Settings:
    """The settings one search plays with (see :meth:`MCTSAgent.settings_for`)."""

    iterations: int | None
    """Iterations per move (``None``: only the time budget counts)."""
    seconds: float | None
    """Seconds per move (``None``: only the iterations count)."""
    exploration: float
    """UCT's or PUCT's exploration constant ``c``."""
    greedy_rollouts: bool
    """Rollouts (and the other seats in the tree) play the greedy heuristic, not random moves."""
    depth: int | None
    """Rollout decisions before judging the game (``None``: to the end)."""
    outlook: bool
    """A cut rollout is judged by the game's outlook (score plus expected gains, where its
    heuristic has one) instead of the scores."""
    prior: float
    """Weight of the greedy choice in PUCT (0: plain UCT)."""
    kernel: bool = True
    """A rollout of a world in auto chance mode is played by the game's compiled kernel where
    there is one for its policy (:mod:`moonbase.fast`; the same games as the rules engine,
    faster), random or greedy, to the end or cut at ``depth`` (then judged by the scores; a
    cut judged by the outlook stays with the engine)."""
    shortlist: bool = True
    """A node with more than :data:`WIDTH` actions considers the heuristic's shortlist (where
    the game's heuristic has one) before a random sample."""
    worlds: int | None = None
    """Iterations play copies of this many worlds, resampled once at the start of the search
    (``None``: a new resample each iteration). Fewer hidden draws (another seat's goal, a
    face-down card) mean fewer distinct positions to judge: MOON's planner builds a table for
    every goal the worlds give a seat. A copy keeps its world's seed: in auto chance mode its
    chance repeats (with ``horizon`` none is drawn)."""
    margins: bool = False
    """A finished game is judged by its margins, as a cut one is (``reward=margin``), not by
    who won: the result's size, not only its sign, reaches the tree."""
    horizon: bool = False
    """The search looks no further than the next chance event: a world that comes to one —
    after an action of the tree or in a rollout — is judged there, before the draw (by the
    outlook with ``outlook``, else by the scores), so the search stays with the cards, dice
    and goals the seat has seen. Worlds are played in explicit chance mode for it."""

    @property
    def spec(self) -> str:
        """These settings as a full spec string.

        >>> import moonbase
        >>> MCTSAgent().settings_for(moonbase.load("moons")).spec
        'mcts:iterations=...,c=0.7,rollout=greedy,depth=30,prior=0.5'
        """
        parts = [f"iterations={self.iterations}"] if self.iterations is not None else []
        parts += [f"seconds={self.seconds}"] if self.seconds is not None else []
        rollout = "greedy" if self.greedy_rollouts else "random"
        parts += [f"c={self.exploration}", f"rollout={rollout}"]
        parts += [f"depth={self.depth}"] if self.depth is not None else []
        parts += ["leaf=outlook"] if self.outlook else []
        parts += [f"prior={self.prior}"] + ([] if self.kernel else ["kernel=off"])
        parts += [] if self.shortlist else ["shortlist=off"]
        parts += [f"worlds={self.worlds}"] if self.worlds is not None else []
        parts += ["horizon=chance"] if self.horizon else []
        parts += ["reward=margin"] if self.margins else []
        return "mcts:" + ",".join(parts)


_BUDGET: Final = frozenset({"iterations", "seconds"})


class MCTSAgent(Agent):
    """Information-set MCTS. Parameters: ``iterations`` and/or ``seconds`` (the budget per
    move), ``c`` (exploration, default 0.7), ``rollout`` (``random`` or ``greedy``), ``depth``
    (decisions per rollout before judging the game; 0: to the end), ``leaf`` (``score`` or
    ``outlook``: what judges a cut rollout), ``prior`` (the greedy choice's weight in PUCT;
    default 0.5 with greedy rollouts, 0 with random ones), ``kernel`` (``on``, the default,
    or ``off``: whether rollouts go to the game's compiled kernel, where :mod:`moonbase.fast`
    has one for the rollout policy: random or greedy, cut or not, but for ``leaf=outlook``) and
    ``shortlist`` (``on``, the default, or ``off``: whether a node with too many actions to try
    considers the heuristic's shortlist before a random sample), ``worlds`` (how many resamples
    of the observed state the iterations share, drawn once a search; by default, or 0, each
    iteration draws its own), ``horizon`` (``none``, the default, or ``chance``: whether a
    world is judged as it comes to a chance event, before the draw, rather than played on
    through it) and ``reward`` (``win``, the default, or ``margin``: whether a finished game is
    worth the seat's share of the win and its standing, or its margins over the other seats).

    A parameter the spec leaves out takes the game's default from
    :mod:`~moonbase.agents.mcts_defaults`, found from the state the agent is first asked
    about (so ``mcts`` plays each game and mode as it was tuned for it).

    >>> import moonbase
    >>> agent = MCTSAgent(iterations=50)
    >>> agent.settings_for(moonbase.load("moon", mode="competitive")).spec
    'mcts:iterations=50,c=0.7,rollout=greedy,prior=0.5'
    """

    name: ClassVar[str] = "mcts"
    parameters: ClassVar[Mapping[str, Callable[[str], Any]]] = {
        "iterations": positive_int,
        "seconds": positive_float,
        "c": positive_float,
        "rollout": choice_of("random", "greedy"),
        "depth": whole_int,
        "prior": unit_float,
        "leaf": choice_of("score", "outlook"),
        "kernel": choice_of("on", "off"),
        "shortlist": choice_of("on", "off"),
        "worlds": whole_int,
        "horizon": choice_of("none", "chance"),
        "reward": choice_of("win", "margin"),
    }

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self._game: Game | None = None
        self._settings: Settings | None = None

    def settings_for(self, game: Game) -> Settings:
        """The settings this agent plays ``game`` with: its spec's parameters, the rest from
        the game's row of :data:`~moonbase.agents.mcts_defaults.TUNINGS`.

        >>> import moonbase
        >>> MCTSAgent(rollout="random").settings_for(moonbase.load("moons")).depth
        30
        >>> MCTSAgent(seconds=2.0).settings_for(moonbase.load("moons")).iterations is None
        True
        """
        tuned = read_parameters(type(self), defaults_for(game))
        if _BUDGET & set(self.params):
            tuned = {key: value for key, value in tuned.items() if key not in _BUDGET}
        chosen = {**tuned, **self.params}
        if not _BUDGET & set(chosen):
            chosen.update(read_parameters(type(self), FALLBACK))
        greedy = chosen.get("rollout", "random") == "greedy"
        depth = chosen.get("depth")
        return Settings(
            iterations=chosen.get("iterations"),
            seconds=chosen.get("seconds"),
            exploration=chosen.get("c", 0.7),
            greedy_rollouts=greedy,
            depth=depth or None,
            outlook=chosen.get("leaf", "score") == "outlook",
            prior=chosen.get("prior", 0.5 if greedy else 0.0),
            kernel=chosen.get("kernel", "on") == "on",
            shortlist=chosen.get("shortlist", "on") == "on",
            worlds=chosen.get("worlds") or None,
            horizon=chosen.get("horizon", "none") == "chance",
            margins=chosen.get("reward", "win") == "margin",
        )

    def _configure(self, game: Game) -> Settings:
        """The settings for ``game``, worked out the first time the agent meets it."""
        if self._settings is None or game is not self._game:
            self._game, self._settings = game, self.settings_for(game)
        return self._settings

    # ------------------------------------------------------------------ policies
    def _play(self, world: State, actors: tuple[int, ...], heuristic: Heuristic | None) -> None:
        """Every acting seat plays its policy's choice (chosen first, then applied, so no
        simultaneous choice sees another). Random choices go by id, never through text."""
        if heuristic is None:
            rng = self.rng
            chosen = [(actor, rng.choice(world.legal_ids(actor))) for actor in actors]
            for actor, action in chosen:
                world.apply_id(actor, action)
            return
        texts = [(actor, heuristic(world, actor, self.rng)) for actor in actors]
        for actor, text in texts:
            world.apply(actor, text)

    def _others(
        self, world: State, seat: int, heuristic: Heuristic | None, horizon: bool = False
    ) -> None:
        """Play chance and the other seats until ``seat`` must decide (or the game ends; with
        ``horizon``, until chance is to be drawn)."""
        while not world.is_over:
            actors = world.to_act
            if actors == (CHANCE,):
                if horizon:
                    return
                world.apply_id(CHANCE, sample_outcome_id(world, self.rng))
                continue
            if seat in actors:
                return
            self._play(world, actors, heuristic)

    def _act(
        self,
        world: State,
        seat: int,
        action: str,
        heuristic: Heuristic | None,
        horizon: bool = False,
    ) -> None:
        """The seat's action, with the hidden simultaneous choices of the others sampled
        (random ones by id, never through text), all applied in seat order; then the world
        moves on (:meth:`_others`)."""
        others = [actor for actor in world.to_act if actor != seat]
        if not others:
            world.apply(seat, action)
        elif heuristic is None:
            rng = self.rng
            chosen = [(actor, rng.choice(world.legal_ids(actor))) for actor in others]
            chosen.append((seat, world.game.action_id(action)))
            for actor, number in sorted(chosen):
                world.apply_id(actor, number)
        else:
            texts = [(actor, heuristic(world, actor, self.rng)) for actor in others]
            for actor, text in sorted([(seat, action), *texts]):
                world.apply(actor, text)
        self._others(world, seat, heuristic, horizon)

    def _rollout(self, world: State, seat: int, search: _Search) -> float:
        decisions, depth = 0, search.settings.depth
        if search.kernel and not world.is_over:
            greedy = search.heuristic is not None  # draws nothing, as the greedy path does not
            seed = 0 if greedy else self.rng.getrandbits(63)
            played = _kernel_playout(world, seed, greedy, depth)
            if played is not None and played.over and not search.settings.margins:
                return final_reward(played.scores, played.winners, seat, search.baseline)
            if played is not None:
                return margins_reward(played.scores, seat, search.baseline)
        horizon = search.settings.horizon
        while not world.is_over and (depth is None or decisions < depth):
            actors = world.to_act
            if actors == (CHANCE,):
                if horizon:
                    break
                world.apply_id(CHANCE, sample_outcome_id(world, self.rng))
                continue
            self._play(world, actors, search.heuristic)
            decisions += 1
        if search.outlook is not None and not world.is_over:
            values = [search.outlook(world, other) for other in range(world.game.seats)]
            return reward(world, seat, search.baseline, values)
        return reward(world, seat, search.baseline, margins=search.settings.margins)

    # ------------------------------------------------------------------ the search
    def _candidates(self, world: State, seat: int, actions: list[str], node: _Node) -> list[str]:
        if len(actions) <= WIDTH:
            return actions
        if node.candidates is None:
            name = world.game.name
            chosen = [heuristic_for(name)(world, seat, self.rng)]
            shortlist = shortlist_for(name) if self._configure(world.game).shortlist else None
            if shortlist is not None:
                legal = set(actions)
                listed = [a for a in shortlist(world, seat) if a in legal and a not in chosen]
                chosen += listed[: WIDTH - 1]
            others = [action for action in actions if action not in chosen]
            chosen += self.rng.sample(others, WIDTH - len(chosen))
            node.candidates = frozenset(chosen)
        kept = [action for action in actions if action in node.candidates]
        return kept or actions[:WIDTH]

    @staticmethod
    def _select(node: _Node, actions: list[str], settings: Settings) -> str:
        log = math.log
        best, best_value = actions[0], -1.0
        for action in actions:
            edge = node.edges[action]
            value = edge.total / edge.visits + settings.exploration * math.sqrt(
                log(edge.available) / edge.visits
            )
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _puct(node: _Node, actions: list[str], settings: Settings) -> str:
        """PUCT with the heuristic's choice as the prior's favourite; unvisited actions are
        valued at the node's mean."""
        visited = [edge for edge in node.edges.values() if edge.visits]
        visits = sum(edge.visits for edge in visited)
        mean = total(edge.total for edge in visited) / visits if visits else 0.5
        favourite = node.greedy if node.greedy in actions else None
        prior = settings.prior
        rest = (1 - prior) / max(1, len(actions) - 1) if favourite else 1 / len(actions)
        scale = settings.exploration * math.sqrt(node.visits)
        best, best_value = actions[0], -math.inf
        for action in actions:
            edge = node.edges.get(action)
            count = edge.visits if edge is not None else 0
            value = edge.total / count if edge is not None and count else mean
            weight = prior if action == favourite else rest
            value += scale * weight / (1 + count)
            if value > best_value:
                best, best_value = action, value
        return best

    def _pick(
        self, node: _Node, world: State, seat: int, actions: list[str], settings: Settings
    ) -> tuple[str, _Edge, bool]:
        """The action to follow from ``node``, its edge, and whether the edge is new."""
        if settings.prior:
            if node.greedy is None:
                node.greedy = heuristic_for(world.game.name)(world, seat, self.rng)
            action = self._puct(node, actions, settings)
        else:
            untried = [action for action in actions if action not in node.edges]
            action = self.rng.choice(untried) if untried else self._select(node, actions, settings)
        fresh = action not in node.edges
        if fresh:
            node.edges[action] = _Edge(available=1)
        return action, node.edges[action], fresh

    def _iterate(self, root: _Node, world: State, seat: int, search: _Search) -> None:
        """One iteration in ``world`` (the iteration's own: it is played on)."""
        node = root
        path: list[_Edge] = []
        while not world.is_over:
            actions = self._candidates(world, seat, world.legal_actions(seat), node)
            node.visits += 1
            for action in actions:
                edge = node.edges.get(action)
                if edge is not None:
                    edge.available += 1
            action, edge, fresh = self._pick(node, world, seat, actions, search.settings)
            path.append(edge)
            mark = world.ply
            self._act(world, seat, action, search.heuristic, search.settings.horizon)
            if fresh or world.is_chance:  # new, or at the horizon: a leaf
                break
            # the child is what the seat saw happen: its action, then chance and the others
            key = tuple(world.history_for(seat, mark))
            child = edge.children.get(key)
            if child is None:
                edge.children[key] = _Node()
                break
            node = child
        value = self._rollout(world, seat, search)
        for edge in path:
            edge.visits += 1
            edge.total += value

    def search(self, observed: State, seat: int) -> dict[str, tuple[int, float]]:
        """Run the search; each root action's visits and mean reward."""
        settings = self._configure(observed.game)
        name = observed.game.name
        cut = settings.depth or settings.horizon
        outlook = outlook_for(name) if settings.outlook and cut else None
        if settings.horizon and observed.chance_mode == "auto":
            observed = explicit_twin(observed)  # stops at chance nodes the search can see
        search = _Search(
            settings,
            # only a search a kernel can play the rollouts of imports the kernels (and numba)
            settings.kernel
            and outlook is None
            and not settings.horizon
            and _has_kernel(observed, settings.greedy_rollouts),
            heuristic_for(name) if settings.greedy_rollouts else None,
            outlook,
            observed.scores()[seat] if outlook is None else outlook(observed, seat),
        )
        if search.kernel and settings.seconds is not None and not observed.is_over:
            # A process's first kernel call loads its compiled code (most of a second): done
            # before the clock starts, so a first timed search is not spent loading it.
            _kernel_playout(observed, 0, search.heuristic is not None, settings.depth)
        root = _Node()
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        done = 0
        worlds = [observed.resample(seat, self.rng) for _ in range(settings.worlds or 0)]
        while True:
            if settings.iterations is not None and done >= settings.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if worlds:
                world = worlds[done % len(worlds)].clone()
            else:
                world = observed.resample(seat, self.rng)
            self._iterate(root, world, seat, search)
            done += 1
        return {
            action: (edge.visits, edge.total / edge.visits if edge.visits else 0.0)
            for action, edge in root.edges.items()
        }

    def choose(self, observed: State, seat: int) -> str:
        """The most visited root action (ties: the better mean, then sorted order)."""
        actions = observed.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        stats = self.search(observed, seat)
        legal = [action for action in actions if action in stats]
        if not legal:
            return self.rng.choice(actions)
        return max(legal, key=lambda action: stats[action])


@dataclass(frozen=True)
class _Search:
    """What one search plays with: the settings, the rollout policy (``None``: random), what
    judges a cut rollout (``None``: the scores) and the seat's value when it began (what a lone
    seat is judged against)."""

    settings: Settings
    kernel: bool
    """Whether rollouts go to the game's compiled kernel."""
    heuristic: Heuristic | None
    outlook: Outlook | None
    baseline: float


def explicit_twin(state: State) -> State:
    """``state`` in explicit chance mode: its history replayed from the explicit start of its
    game and seed (the same state, its chance nodes shown to the caller instead of drawn from
    the seed; so a search can stop before a draw). A resample of it is in explicit mode too.

    >>> import moonbase
    >>> state = moonbase.load("moon").new(seed=4)
    >>> twin = explicit_twin(state)
    >>> twin.chance_mode, twin.view(0) == state.view(0), twin.history == state.history
    ('explicit', True, True)
    """
    twin = state.game.new(state.seed, chance="explicit")
    for seat, action in state.history_ids:
        twin.apply_id(seat, action)
    return twin


def _has_kernel(state: State, greedy: bool) -> bool:
    """Whether ``state``'s game has a compiled kernel here for the rollout policy (random, or
    ``greedy``) and ``state`` can be played by it (auto chance mode). :mod:`moonbase.fast`
    (and numba) is imported only when asked."""
    if state.chance_mode != "auto":
        return False
    from moonbase import fast

    return fast.has_greedy_kernel(state.game) if greedy else fast.has_kernel(state.game)


def _kernel_playout(world: State, seed: int, greedy: bool, depth: int | None) -> Playout | None:
    """The kernel's playout of ``world``, to the end or ``depth`` turns: random with policy
    seed ``seed``, or ``greedy``; ``None`` where it cannot play it (explicit chance: the search
    samples chance itself)."""
    if world.chance_mode != "auto":
        return None
    from moonbase import fast

    if greedy:
        return fast.greedy_playout(world, depth=depth)
    return fast.playout(world, seed, depth=depth)
