"""Strength of moonbase's agents: win rates with 95% intervals, and the MOON planner.

Run: ``python benchmarks/strength.py [--games N] [--budget iterations=100|seconds=0.5] ...``
(``--help`` lists every option). Sections, each optional (``--sections``):

- ``tables``: the MOON planner's table build times, peak memory and query times (4, 5 and 6
  bits, without and with a purple or red hacker's free uses; ``--full-six`` builds all 64
  goals at 6 bits);
- ``coop``: cooperative MOON win rate of the planner bot per difficulty, beside the greedy bot
  and the clairvoyant planner (the same planner knowing the deck order: a reference, not an
  agent), on the same deals;
- ``versus``: per competitive game, MCTS vs random, MCTS vs greedy and greedy vs random at a
  fixed budget per move; the win rate is the first agent's (a shared win counts a part);
- ``luck``: MCTS vs greedy again at ten times the budget (fewer games), to show where more
  search buys nothing because the game's luck decides;
- ``defaults``: the default ``mcts`` (a spec without parameters: each game's tuned settings,
  see :mod:`moonbase.agents.mcts_defaults`) against ``greedy`` in every game and mode as a new
  player meets it. Competitive games seat one ``mcts`` among ``greedy`` seats, every deal played
  from every seat: its win rate against the even share, and the part of the `greedy` seats it
  finishes above on score (a tie counting half). Cooperative MOON and solo Welcome to
  the Moon play the same deals once by ``mcts`` and once by ``greedy``: both win rates, both
  mean scores and the paired difference of the scores. ``--rows`` picks rows;
- ``previous``: the default ``mcts`` against the search it replaced (random rollouts to the
  end, plain UCT, no shortlist, no kernel: :data:`PREVIOUS`), both at ``--previous-seconds``
  of wall time a move, on the rows and deals of ``defaults`` (the earlier search where
  ``greedy`` sits there): what the default's tuning bought at equal time;
- ``fresh``: what the first decisions of a process cost (what a player's first hint or the
  menu's strong bot costs: tables a search needs are built on first use and kept). For each
  of ``--rows`` and each of ``--fresh-deals`` deals from ``--seed``, a fresh process plays
  the deal with the default ``mcts`` (or the ``--try`` parameters) in the first seat and
  ``greedy`` in the others, as the ``defaults`` section's first game of the deal, until
  ``mcts`` has made ``--fresh-moves`` decisions: the processor seconds of each (where it had a
  choice) and the process's peak resident memory;
- ``wttm``: Welcome to the Moon's greedy heuristic per adventure 1–8, solo and two players:
  the mean score (95%) on ``--wttm-deals`` seeded deals and the processor time per move. With
  ``--baseline PATH`` (another copy of the heuristic module, e.g. an older one) the same deals
  are played by both, the paired difference of the scores is shown, and two players seat the
  baseline against the current heuristic (each deal from both seats): the current one's win
  rate (a shared win counts half).

Seats rotate so every deal is played from every seat (see :mod:`moonbase.agents.match`).
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import random
import resource
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Final

import moonbase
from moonbase.agents import make_agent, match
from moonbase.agents.heuristics import Heuristic
from moonbase.agents.heuristics import welcome_to_the_moon as wttm_heuristic
from moonbase.agents.mcts import MCTSAgent
from moonbase.agents.moon_planner import DistanceTables, Machine
from moonbase.agents.planner_agent import play_clairvoyant
from moonbase.agents.protocol import Agent
from moonbase.agents.runner import agent_seed, play
from moonbase.agents.stats import mean_interval, wilson
from moonbase.core import Game

DIFFICULTIES = ("easy", "normal", "hard", "master")


ONLY: list[str] = []
"""Game names to keep in the competitive sections (empty: all)."""
FIRST_DEAL = [1000]
"""The seed of the first deal of every competitive matchup (``--seed``)."""


def versus_games() -> dict[str, Game]:
    """The competitive settings measured (those named by ``--only``)."""
    games = {
        "MOON competitive (2p)": moonbase.load("moon", mode="competitive"),
        "Moon Leap (2p)": moonbase.load("moon-leap"),
        "Moons (3p)": moonbase.load("moons", players=3),
        "Welcome to the Moon (2p, standard rules)": moonbase.load("welcome-to-the-moon", players=2),
    }
    return {title: game for title, game in games.items() if not ONLY or game.name in ONLY}


def timed(action: Callable[[], object]) -> float:
    """Seconds ``action`` takes."""
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def per_call(action: Callable[[int], object], calls: int) -> float:
    """Mean seconds per call of ``action(i)`` over ``calls`` calls."""
    started = time.perf_counter()
    for number in range(calls):
        action(number)
    return (time.perf_counter() - started) / calls


PLANNER_MACHINES = {
    "plain": {},
    "purple": {"prices": (4, 4, 2, 2, 2, 1, 1, 1, 1), "free": ("MOV",), "free_uses": 2},
    "red": {"prices": (4, 4, 2, 2, 2, 1, 1, 1, 1), "free": ("OR", "AND", "XOR"), "free_uses": 2},
}
"""The planner's machines measured: cooperative prices; competitive with a hacker's free uses."""


def _cpu() -> float:
    return time.process_time()


def _table_figures(job: tuple[int, str, bool]) -> dict[str, float]:
    """Build and query figures of one machine, in a fresh process (so its peak memory is its
    own): wall and processor seconds, peak resident megabytes, processor µs per query."""
    width, kind, every = job
    machine = Machine(width=width, **PLANNER_MACHINES[kind])  # type: ignore[arg-type]
    figures: dict[str, float] = {}
    wall, cpu = time.perf_counter(), _cpu()
    table = DistanceTables(machine)
    table.table(0)
    figures["first wall"], figures["first cpu"] = time.perf_counter() - wall, _cpu() - cpu
    figures["first peak"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    wall, cpu = time.perf_counter(), _cpu()
    table.table(1)
    figures["next wall"], figures["next cpu"] = time.perf_counter() - wall, _cpu() - cpu
    if every:
        wall, cpu = time.perf_counter(), _cpu()
        table.build_all()
        figures["rest wall"], figures["rest cpu"] = time.perf_counter() - wall, _cpu() - cpu
    rng = random.Random(0)
    states = [tuple(rng.randrange(1 << width) for _ in range(4)) for _ in range(5000)]
    for free in range(machine.layers):
        cpu = _cpu()
        for number, state in enumerate(states):
            table.distance(state, number % 2, free)
        figures[f"query {free}"] = (_cpu() - cpu) / len(states) * 1e6
    figures["peak"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return figures


def tables_section(full_six: bool) -> list[str]:
    """Build and query times of the planner's tables at 4, 5 and 6 bits, with and without
    free uses; each machine in a fresh process (numba's compiled loops loaded from its cache
    if it has them)."""
    lines = [
        "## MOON planner tables",
        "",
        "Each machine in a fresh process; processor time (wall clock in brackets); peak: the",
        "whole process's resident memory after the first goal and at the end.",
        "",
        "| machine | first goal | each further goal | all goals | peak | query |",
        "|---|---|---|---|---|---|",
    ]
    jobs = [
        (width, kind, width < 6 or full_six) for width in (4, 5, 6) for kind in PLANNER_MACHINES
    ]
    context = multiprocessing.get_context("spawn")
    for width, kind, every in jobs:
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            f = pool.submit(_table_figures, (width, kind, every)).result()
        rest = f"{f['first cpu'] + f['next cpu'] + f['rest cpu']:.2f} s" if every else "—"
        queries = " / ".join(f"{f[f'query {k}']:.1f}" for k in range(3) if f"query {k}" in f)
        lines.append(
            f"| {width}-bit {kind} | {f['first cpu']:.2f} s ({f['first wall']:.2f}) "
            f"| {f['next cpu']:.3f} s ({f['next wall']:.3f}) | {rest} "
            f"| {f['first peak']:.0f} / {f['peak']:.0f} MB | {queries} µs |"
        )
    four = DistanceTables(Machine())
    four.build_all()
    rng = random.Random(0)
    four_states = [tuple(rng.randrange(16) for _ in range(4)) for _ in range(5000)]
    plan = per_call(lambda i: four.plan(four_states[i], i % 16), 500)
    lines += ["", "| what | time |", "|---|---|"]
    lines.append(f"| 4-bit: one cheapest sequence (plan) | {plan * 1e3:.2f} ms |")
    reach = per_call(lambda i: four.reachable(four_states[i], 6), 100)
    lines.append(f"| 4-bit: every state within 3 energy (reachable) | {reach * 1e3:.1f} ms |")
    return lines


def _clairvoyant(job: tuple[Game, int]) -> bool:
    game, seed = job
    return bool(play_clairvoyant(game, seed).winners())


def coop_section(games: int, workers: int) -> list[str]:
    """Cooperative MOON: planner, greedy and clairvoyant planner per difficulty."""
    lines = [
        f"## Cooperative MOON ({games} deals per difficulty, the same deals for every row)",
        "",
        "| difficulty | planner | greedy | clairvoyant planner (bound) |",
        "|---|---|---|---|",
    ]
    for difficulty in DIFFICULTIES:
        game = moonbase.load("moon", difficulty=difficulty)
        cells = []
        for spec in ("planner", "greedy"):
            entry = match(game, [spec], games, seed=0, workers=workers).entries[0]
            cells.append(f"{entry.win_rate:.2f} ({entry.win_low:.2f}–{entry.win_high:.2f})")
        with ProcessPoolExecutor(max_workers=workers) as pool:
            won = sum(pool.map(_clairvoyant, [(game, seed) for seed in range(games)]))
        low, high = wilson(won, games)
        cells.append(f"{won / games:.2f} ({low:.2f}–{high:.2f})")
        lines.append(f"| {difficulty} | {' | '.join(cells)} |")
    return lines


def versus_row(game: Game, first: str, other: str, games: int, workers: int) -> str:
    """One matchup: ``first`` in one seat, ``other`` in the rest."""
    specs = [first] + [other] * (game.seats - 1)
    started = time.perf_counter()
    result = match(game, specs, games, seed=FIRST_DEAL[0], workers=workers)
    seconds = time.perf_counter() - started
    entry = result.entries[0]
    rest = [e.mean_score for e in result.entries[1:]]
    return (
        f"| {short(first)} vs {short(other)} | {games} | {entry.win_rate:.2f} "
        f"({entry.win_low:.2f}–{entry.win_high:.2f}) | {1 / game.seats:.2f} | "
        f"{entry.mean_score:.1f} vs {sum(rest) / len(rest):.1f} | "
        f"{duration(entry.move_seconds)} / {duration(entry.slow_move_seconds)} | {seconds:.0f} s |"
    )


def duration(seconds: float) -> str:
    """``seconds`` for a table: in seconds, or in milliseconds below a tenth of a second.

    >>> duration(0.884), duration(0.0004)
    ('0.88 s', '0.4 ms')
    """
    return f"{seconds:.2f} s" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"


def short(spec: str) -> str:
    """``spec`` without its parameters (the table headings give them).

    >>> short("mcts:iterations=100,rollout=greedy"), short("greedy")
    ('mcts', 'greedy')
    """
    return spec.partition(":")[0]


_HEADING = (
    "| matchup | games | win rate of the first (95%) | even share | mean score "
    "| first's processor time per move, median / 90th percentile | wall time |"
)


def versus_section(
    mcts: dict[str, str], games: dict[str, int], against_random: dict[str, int], workers: int
) -> list[str]:
    """Win rates of the three matchups in every competitive game."""
    lines = ["## Competitive games", ""]
    for title, game in versus_games().items():
        spec = mcts[game.name]
        lines += [f"### {title} — MCTS is `{spec}`", "", _HEADING, "|---|---|---|---|---|---|---|"]
        for first, other in ((spec, "random"), (spec, "greedy"), ("greedy", "random")):
            count = games[title] if other == "greedy" else against_random[title]
            lines.append(versus_row(game, first, other, count, workers))
            print(lines[-1], flush=True)
        lines.append("")
    return lines


def luck_section(mcts: dict[str, str], games: dict[str, int], workers: int) -> list[str]:
    """MCTS vs greedy at ten times the budget."""
    lines = ["## Ten times the budget", ""]
    for title, game in versus_games().items():
        spec = mcts[game.name]
        lines += [f"### {title} — MCTS is `{spec}`", "", _HEADING, "|---|---|---|---|---|---|---|"]
        lines.append(versus_row(game, spec, "greedy", games[title], workers))
        print(lines[-1], flush=True)
        lines.append("")
    return lines


DEFAULT_ROWS: dict[str, tuple[str, Game]] = {
    "moon-coop": ("MOON, cooperative (easy, the default)", moonbase.load("moon")),
    "moon-coop-master": ("MOON, cooperative, master", moonbase.load("moon", difficulty="master")),
    "moon-wide": (
        "MOON, cooperative, 6 bits wide (coop-wide)",
        moonbase.load("moon", difficulty="hard", width=6, events=True),
    ),
    "moon-competitive": ("MOON, competitive (2p)", moonbase.load("moon", mode="competitive")),
    "moon-wide-competitive": (
        "MOON, competitive, 6 bits wide (2p)",
        moonbase.load("moon", mode="competitive", width=6),
    ),
    "moon-leap": ("Moon Leap (2p)", moonbase.load("moon-leap")),
    "moons": ("Moons (4p, the default)", moonbase.load("moons")),
    "moons-3p": ("Moons (3p)", moonbase.load("moons", players=3)),
    "wttm": ("Welcome to the Moon (2p, adventure 1)", moonbase.load("welcome-to-the-moon")),
    "wttm-4p": (
        "Welcome to the Moon (4p, adventure 1)",
        moonbase.load("welcome-to-the-moon", players=4),
    ),
    "wttm-solo": (
        "Welcome to the Moon, solo (adventure 1, level 1)",
        moonbase.load("welcome-to-the-moon", players=1),
    ),
}
"""The settings of the ``defaults`` section, by ``--rows`` key."""


def _interval(low: float, high: float, digits: int = 2) -> str:
    return f"{low:.{digits}f}–{high:.{digits}f}"


def defaults_row(
    label: str,
    game: Game,
    games: int,
    deals: int,
    workers: int,
    mcts: str = "mcts",
    rival: tuple[str, str] = ("greedy", "greedy"),
) -> str:
    """``mcts`` (the default unless another spec is tried) against ``rival`` (its spec and the
    name the table gives it) in ``game``: seats (competitive: one ``mcts`` among ``rival``
    seats) or the same deals (one seat)."""
    agent = make_agent(mcts)
    assert isinstance(agent, MCTSAgent)
    spec = agent.settings_for(game).spec.removeprefix("mcts:")
    started = time.perf_counter()
    if game.seats == 1:
        ours = match(game, [mcts], deals, seed=FIRST_DEAL[0], workers=workers)
        theirs = match(game, [rival[0]], deals, seed=FIRST_DEAL[0], workers=workers)
        entry, other = ours.entries[0], theirs.entries[0]
        pairs = list(zip(ours.records, theirs.records, strict=True))
        diffs = [mine.scores[0] - then.scores[0] for mine, then in pairs]
        mean, low, high = mean_interval(diffs)
        only_ours = sum(1 for mine, then in pairs if mine.winners and not then.winners)
        only_theirs = sum(1 for mine, then in pairs if then.winners and not mine.winners)
        versus = (
            f"{entry.win_rate:.2f} ({_interval(entry.win_low, entry.win_high)}) vs "
            f"{other.win_rate:.2f} ({_interval(other.win_low, other.win_high)}); "
            f"won alone {only_ours} vs {only_theirs}"
        )
        scores = (
            f"{entry.mean_score:.1f} vs {other.mean_score:.1f}; "
            f"paired {mean:+.1f} ({_interval(low, high, 1)}); more on "
            f"{sum(diff > 0 for diff in diffs)} deals, less on {sum(diff < 0 for diff in diffs)}"
        )
        count = f"{deals} deal{'s' if deals != 1 else ''}"
    else:
        result = match(game, [mcts] + [rival[0]] * (game.seats - 1), games,
                       seed=FIRST_DEAL[0], workers=workers)  # fmt: skip
        entry = result.entries[0]
        rest = [e.mean_score for e in result.entries[1:]]
        above, low, high = mean_interval([record.outscored(0) for record in result.records])
        low, high = max(0.0, low), min(1.0, high)  # a share: the normal interval cut to 0–1
        versus = (
            f"{entry.win_rate:.2f} ({_interval(entry.win_low, entry.win_high)}) "
            f"against {1 / game.seats:.2f}; outscores a `{rival[1]}` seat {above:.2f} "
            f"({_interval(low, high)})"
        )
        scores = f"{entry.mean_score:.1f} vs {sum(rest) / len(rest):.1f}"
        dealt = -(-games // game.seats)
        count = f"{games} ({dealt} deal{'s' if dealt != 1 else ''})"
    return (
        f"| {label} | `{spec}` | {count} | {versus} | {scores} | "
        f"{duration(entry.move_seconds)} / {duration(entry.slow_move_seconds)} | "
        f"{time.perf_counter() - started:.0f} s |"
    )


PREVIOUS: Final = (
    "rollout=random,depth=0,leaf=score,prior=0,shortlist=off,kernel=off,worlds=0,horizon=none,"
    "reward=win"
)
"""What ``mcts`` was before the defaults table and the kernels, as parameters over any row:
random rollouts to the end by the rules engine, plain UCT, a random sample of a wide node's
actions beside the greedy choice, a new resample each iteration, no horizon."""


def defaults_section(
    rows: list[str],
    games: int,
    deals: int,
    workers: int,
    tried: dict[str, str],
    seconds: float | None = None,
) -> list[str]:
    """The default ``mcts`` against ``greedy`` in every game and mode (``rows``); ``tried``
    gives a row other MCTS parameters to measure (for tuning the table). With ``seconds``, the
    ``previous`` section: against the search it replaced (:data:`PREVIOUS`) where ``greedy``
    sits, both given ``seconds`` of wall time a move."""
    if seconds is None:
        heading, budget, rival = "`greedy`", "", ("greedy", "greedy")
    else:
        heading = f"the earlier search, {seconds:g} s a move each"
        budget = f"seconds={seconds:g}"
        rival = (f"mcts:{budget},{PREVIOUS}", "earlier mcts")
    lines = [f"## The default `mcts` against {heading}", ""]
    if seconds is not None:
        lines += [f"Earlier search: `{rival[0]}`.", ""]
    lines += [
        "| game and mode | `mcts` means | games | win rate of `mcts` (95%) | mean score "
        "| `mcts` processor time a move, median / 90th percentile | wall time |",
        "|---|---|---|---|---|---|---|",
    ]
    for key in rows:
        label, game = DEFAULT_ROWS[key]
        count = -(-games // game.seats) * game.seats  # whole rotations
        parameters = ",".join(part for part in (budget, tried.get(key, "")) if part)
        mcts = f"mcts:{parameters}" if parameters else "mcts"
        lines.append(defaults_row(label, game, count, deals, workers, mcts, rival))
        print(lines[-1], flush=True)
    return lines


def first_moves(job: tuple[str, str, int, int]) -> tuple[list[float], float]:
    """In a fresh process (run by :func:`fresh_section`): the processor seconds of the first
    ``moves`` decisions of ``spec`` (where it had a choice) in the first seat of deal ``deal``
    of row ``key`` (``greedy`` in the others), and the process's peak resident megabytes."""
    key, spec, deal, moves = job
    game = DEFAULT_ROWS[key][1]
    agents = [
        make_agent(spec if seat == 0 else "greedy", agent_seed(deal, seat))
        for seat in range(game.seats)
    ]
    state = game.new(seed=deal)
    observe = random.Random(f"moonbase-observe:{deal}")  # as the runner's play
    times: list[float] = []
    while not state.is_over and len(times) < moves:
        chosen = []
        for seat in state.to_act:
            seen = state.resample(seat, observe)
            started = time.process_time()
            action = agents[seat].choose(seen, seat)
            if seat == 0 and len(seen.legal_actions(seat)) > 1:
                times.append(time.process_time() - started)
            chosen.append((seat, action))
        for seat, action in chosen:
            state.apply(seat, action)
    return times, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fresh_section(rows: list[str], deals: int, moves: int, tried: dict[str, str]) -> list[str]:
    """The first ``moves`` decisions of ``mcts`` in a fresh process, per row and deal."""
    lines = [
        "## The first decisions of a fresh process",
        "",
        f"| game and mode | `mcts` means | deal | first {moves} decisions, processor time "
        "| peak memory |",
        "|---|---|---|---|---|",
    ]
    context = multiprocessing.get_context("spawn")
    for key in rows:
        label, game = DEFAULT_ROWS[key]
        spec = f"mcts:{tried[key]}" if key in tried else "mcts"
        agent = make_agent(spec)
        assert isinstance(agent, MCTSAgent)
        means = agent.settings_for(game).spec.removeprefix("mcts:")
        for deal in range(FIRST_DEAL[0], FIRST_DEAL[0] + deals):
            with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
                times, peak = pool.submit(first_moves, (key, spec, deal, moves)).result()
            spent = ", ".join(f"{seconds:.2f}" for seconds in times)
            lines.append(f"| {label} | `{means}` | {deal} | {spent} s | {peak:.0f} MB |")
            print(lines[-1], flush=True)
    return lines


class HeuristicAgent(Agent):
    """An agent that plays a heuristic function given to it (the ``wttm`` section's contestants),
    timing its moves where it had a choice (processor seconds)."""

    name = "heuristic"

    def __init__(self, seed: int, heuristic: Heuristic) -> None:
        super().__init__(seed)
        self.heuristic = heuristic
        self.times: list[float] = []

    def choose(self, observed: moonbase.core.State, seat: int) -> str:
        """The heuristic's action, timed."""
        started = time.process_time()
        action = self.heuristic(observed, seat, self.rng)
        if len(observed.legal_actions(seat)) > 1:
            self.times.append(time.process_time() - started)
        return action


def load_heuristic(path: str | None) -> Heuristic:
    """The ``choose`` of the heuristic module at ``path`` (the current one without a path)."""
    if path is None:
        return wttm_heuristic.choose
    spec = importlib.util.spec_from_file_location("baseline_heuristic", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: Heuristic = module.choose
    return found


WttmJob = tuple[int, int, int, tuple[str | None, ...]]
"""One ``wttm`` game: adventure, players, deal, and per seat the heuristic's path (``None``:
the current one)."""


def play_wttm(job: WttmJob) -> tuple[list[float], list[int], list[float]]:
    """Play one ``wttm`` game: the scores, the winners and every timed move's seconds."""
    adventure, players, deal, paths = job
    game = moonbase.load("welcome-to-the-moon", adventure=adventure, players=players)
    agents = [
        HeuristicAgent(agent_seed(deal, seat), load_heuristic(path))
        for seat, path in enumerate(paths)
    ]
    final = play(game, agents, seed=deal)
    return final.scores(), final.winners(), [t for agent in agents for t in agent.times]


def _mean_cell(values: list[float]) -> str:
    mean, low, high = mean_interval(values)
    return f"{mean:.1f} ({_interval(low, high, 1)})"


def wttm_alone(
    pool: ProcessPoolExecutor, adventure: int, players: int, deals: int, path: str | None
) -> tuple[list[float], str]:
    """Every seat played by the heuristic at ``path``: each deal's mean score of the seats, and
    the mean time per move."""
    jobs = [(adventure, players, deal, (path,) * players) for deal in range(deals)]
    played = list(pool.map(play_wttm, jobs))
    times = [seconds for _, _, moves in played for seconds in moves]
    return [sum(scores) / players for scores, _, _ in played], duration(sum(times) / len(times))


def wttm_section(deals: int, baseline: str | None, workers: int) -> list[str]:
    """Welcome to the Moon's greedy heuristic per adventure (see the module docstring)."""
    lines = [f"## Welcome to the Moon's greedy heuristic ({deals} deals per row)", ""]
    if baseline:
        lines.append(
            "| adventure | players | mean score, baseline | mean score, current "
            "| paired difference | current's win rate vs baseline "
            "| time per move, baseline / current |"
        )
        lines.append("|---|---|---|---|---|---|---|")
    else:
        lines += ["| adventure | players | mean score (95%) | time per move |", "|---|---|---|---|"]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for adventure in range(1, 9):
            for players in (1, 2):
                scores, time_per_move = wttm_alone(pool, adventure, players, deals, None)
                cells = [_mean_cell(scores), time_per_move]
                if baseline:
                    old, old_time = wttm_alone(pool, adventure, players, deals, baseline)
                    paired = [new - was for new, was in zip(scores, old, strict=True)]
                    versus = _versus_cell(pool, adventure, deals, baseline) if players > 1 else "—"
                    cells = [_mean_cell(old), cells[0], _mean_cell(paired), versus]
                    cells.append(f"{old_time} / {time_per_move}")
                lines.append(f"| {adventure} | {players} | {' | '.join(cells)} |")
                print(lines[-1], flush=True)
    return lines


def _versus_cell(pool: ProcessPoolExecutor, adventure: int, deals: int, baseline: str) -> str:
    """Two players, the current heuristic against ``baseline`` on every deal from both seats:
    the current one's win rate (a shared win counts half) and its interval."""
    jobs = [
        (adventure, 2, deal, seats)
        for deal in range(deals)
        for seats in ((None, baseline), (baseline, None))
    ]
    won = 0.0
    for (_, _, _, seats), (_, winners, _) in zip(jobs, pool.map(play_wttm, jobs), strict=True):
        current = seats.index(None)
        won += (current in winners) / len(winners) if winners else 0.0
    low, high = wilson(won, len(jobs))
    return f"{won / len(jobs):.2f} ({_interval(low, high)})"


def ten_times(spec: str) -> str:
    """An MCTS ``spec`` with ten times its budget (iterations and seconds).

    >>> ten_times("mcts:iterations=30,rollout=greedy")
    'mcts:iterations=300,rollout=greedy'
    >>> ten_times("mcts:seconds=0.1")
    'mcts:seconds=1.0'
    """
    name, _, parameters = spec.partition(":")
    scaled = []
    for parameter in parameters.split(","):
        key, _, value = parameter.partition("=")
        if key == "iterations":
            parameter = f"{key}={int(value) * 10}"
        elif key == "seconds":
            parameter = f"{key}={round(float(value) * 10, 3)}"
        scaled.append(parameter)
    return f"{name}:{','.join(scaled)}"


def main() -> None:
    """Parse the options, run the sections and print a Markdown report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per matchup")
    parser.add_argument(
        "--budget", default="iterations=100", help="MCTS budget per move: iterations=N or seconds=S"
    )
    parser.add_argument("--rollout", default="greedy", choices=("random", "greedy"))
    parser.add_argument("--depth", type=int, default=None, help="MCTS rollout depth")
    parser.add_argument(
        "--moon-games",
        type=int,
        default=None,
        help="games per matchup for MOON competitive (default --games)",
    )
    parser.add_argument(
        "--moons-games",
        type=int,
        default=None,
        help="games per matchup for Moons (default --games)",
    )
    parser.add_argument(
        "--random-games",
        type=int,
        default=None,
        help="games per matchup against random (default: as against greedy)",
    )
    parser.add_argument(
        "--wttm-games",
        type=int,
        default=None,
        help="games per matchup for Welcome to the Moon (default --games)",
    )
    parser.add_argument("--coop-games", type=int, default=100, help="deals per difficulty")
    parser.add_argument(
        "--luck-games",
        type=int,
        default=None,
        help="games per game at ten times the budget (default --games / 4)",
    )
    parser.add_argument("--workers", type=int, default=None, help="processes (default: CPUs)")
    parser.add_argument(
        "--sections",
        default="tables,coop,versus,luck",
        help="comma-separated: tables, coop, versus, luck, defaults, previous, fresh, wttm",
    )
    parser.add_argument(
        "--mcts",
        action="append",
        default=[],
        metavar="GAME=SPEC",
        help="a game's own MCTS spec, e.g. moon-leap=mcts:iterations=500,rollout=random "
        "(default: built from --budget, --rollout and --depth)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1000,
        help="first deal of the competitive matchups (another seed plays other deals, so runs "
        "can be pooled)",
    )
    parser.add_argument("--full-six", action="store_true", help="build all 64 6-bit goals")
    parser.add_argument(
        "--rows",
        default=",".join(DEFAULT_ROWS),
        help=f"rows of the defaults section, comma-separated: {', '.join(DEFAULT_ROWS)}",
    )
    parser.add_argument(
        "--try",
        action="append",
        default=[],
        dest="tried",
        metavar="ROW=PARAMETERS",
        help="defaults section: measure a row with other MCTS parameters (the rest from the "
        "table), e.g. moon-competitive=iterations=500",
    )
    parser.add_argument(
        "--defaults-games",
        type=int,
        default=40,
        help="defaults and previous sections: games per competitive row (whole rotations)",
    )
    parser.add_argument(
        "--defaults-deals",
        type=int,
        default=40,
        help="defaults and previous sections: deals per one-seat row (each played by both)",
    )
    parser.add_argument(
        "--previous-seconds",
        type=float,
        default=0.5,
        help="previous section: wall seconds a move for both searches",
    )
    parser.add_argument(
        "--fresh-deals", type=int, default=3, help="fresh section: deals (fresh processes) a row"
    )
    parser.add_argument(
        "--fresh-moves", type=int, default=3, help="fresh section: decisions timed a process"
    )
    parser.add_argument(
        "--wttm-deals", type=int, default=40, help="wttm section: deals per adventure and mode"
    )
    parser.add_argument(
        "--baseline",
        default=None,
        metavar="PATH",
        help="wttm section: a Welcome to the Moon heuristic module to compare with",
    )
    parser.add_argument("--only", default="", help="competitive games to run, e.g. moon,moons")
    args = parser.parse_args()  # fmt: skip
    sections = set(args.sections.split(","))
    ONLY.extend(name for name in args.only.split(",") if name)
    FIRST_DEAL[0] = args.seed
    depth = f",depth={args.depth}" if args.depth else ""
    default = f"mcts:{args.budget},rollout={args.rollout}{depth}"
    mcts = {game.name: default for game in versus_games().values()}
    for item in args.mcts:
        name, _, spec = item.partition("=")
        if name not in mcts or not spec.startswith("mcts"):
            parser.error(f"--mcts {item!r}: expected GAME=mcts:..., GAME one of {sorted(mcts)}")
        mcts[name] = spec
    counts = {
        "MOON competitive (2p)": args.moon_games or args.games,
        "Moon Leap (2p)": args.games,
        "Moons (3p)": args.moons_games or args.games,
        "Welcome to the Moon (2p, standard rules)": args.wttm_games or args.games,
    }
    workers = args.workers or None
    report: list[str] = []
    started = time.perf_counter()
    if "tables" in sections:
        report += [*tables_section(args.full_six), ""]
        print("\n".join(report), flush=True)
    if "coop" in sections:
        report += [*coop_section(args.coop_games, workers or 2), ""]
        print("\n".join(report[-8:]), flush=True)
    if "versus" in sections:
        against_random = {title: args.random_games or count for title, count in counts.items()}
        report += versus_section(mcts, counts, against_random, workers or 2)
    if "luck" in sections:
        seats = {title: game.seats for title, game in versus_games().items()}
        luck = {
            title: -(-max(1, args.luck_games or count // 4) // seats[title]) * seats[title]
            for title, count in counts.items()
            if title in seats
        }  # whole rotations
        stronger = {name: ten_times(spec) for name, spec in mcts.items()}
        report += [*luck_section(stronger, luck, workers or 2), ""]
    rows = [row for row in args.rows.split(",") if row]
    tried = dict(item.partition("=")[::2] for item in args.tried)
    if sections & {"defaults", "previous", "fresh"}:
        unknown = sorted(set(rows) - set(DEFAULT_ROWS))
        if unknown:
            parser.error(f"--rows: no row {unknown[0]!r}; rows: {', '.join(DEFAULT_ROWS)}")
        for key, parameters in tried.items():
            if key not in DEFAULT_ROWS:
                parser.error(f"--try: no row {key!r}; rows: {', '.join(DEFAULT_ROWS)}")
            make_agent(f"mcts:{parameters}")  # a bad parameter fails here, before any game
    if "fresh" in sections:
        report += [*fresh_section(rows, args.fresh_deals, args.fresh_moves, tried), ""]
    if "defaults" in sections:
        section = defaults_section(
            rows, args.defaults_games, args.defaults_deals, workers or 2, tried
        )
        report += [*section, ""]
    if "previous" in sections:
        section = defaults_section(
            rows,
            args.defaults_games,
            args.defaults_deals,
            workers or 2,
            tried,
            args.previous_seconds,
        )
        report += [*section, ""]
    if "wttm" in sections:
        report += [*wttm_section(args.wttm_deals, args.baseline, workers or 2), ""]
    report.append(f"Total time: {time.perf_counter() - started:.0f} s.")
    print("\n" + "\n".join(report))


if __name__ == "__main__":
    main()
