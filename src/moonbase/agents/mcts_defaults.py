"""What ``mcts`` means in each game: the table of its default settings, per game and mode.

A spec without parameters (``mcts``, also the menu's "strong" bot and the hint's search) plays
the settings of the first row below that matches the game it is asked about: the row's game
name, and every option the row names with that value. A spec's own parameters override the
row's one by one (``mcts:rollout=random`` keeps the row's budget and depth); a budget in the
spec (``iterations`` or ``seconds``) replaces the row's budget as a whole, so
``mcts:seconds=2`` searches for two seconds, not "two seconds or the row's iterations". A game
with no row (a plug-in game) gets :data:`FALLBACK`.

Every row was measured to beat the ``greedy`` bot within 1 s of processor time a move on the
settings a new player meets (``benchmarks/strength.py --sections defaults``; the figures are in
``docs/agents.md``). At 6 bits the rollouts are greedy but short, judged after four decisions
by MOON's outlook (the score less the goal's distance beyond the energy left), so they need the
planner's tables of few goals: the random rollouts to the end the 6-bit rows played before
lost to ``greedy`` (cooperatively about two goals a deal, level when the greedy choice led the
tree; competitively 0.07 of 40 games), these beat it. They look no further than the next draw
(``horizon=chance``; competitively they also share 16 resamples of the other seat's goal,
``worlds=16``), so that a fresh process's first decision builds a few tables (about 3 s and
300 MB) rather than one for every goal on every machine the worlds' draws would make (50 to
80 s and over 2 GB): cooperatively +0.7 goals a deal on 40 deals, 0.2 to 1.2, at 1,000
iterations (+1.7 looking past the round's end); competitively 0.79 of 40 games, 0.64 to 0.89,
at 300.

>>> import moonbase
>>> defaults_for(moonbase.load("moon", mode="competitive"))["rollout"]
'greedy'
>>> tuning_for(moonbase.load("moon", mode="competitive", width=6)).label
'MOON, 6 bits wide'
>>> tuning_for(moonbase.load("welcome-to-the-moon", players=1)).label
'Welcome to the Moon, solo'
>>> defaults_for(moonbase.load("moon-leap", players=4)) == defaults_for(moonbase.load("moon-leap"))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from moonbase.core import Game

__all__ = ["FALLBACK", "TUNINGS", "Tuning", "defaults_for", "tuning_for"]


@dataclass(frozen=True)
class Tuning:
    """One row of the table: the settings ``mcts`` plays in the games it matches."""

    game: str
    """The game's registry name."""
    label: str
    """The game and mode, as people name them (for the docs and the benchmark)."""
    settings: Mapping[str, str]
    """Parameter texts, as a spec writes them (``{"iterations": "150"}``)."""
    when: Mapping[str, object] = field(default_factory=dict)
    """Options that must have these values for the row to apply (none: every setting)."""

    def matches(self, game: Game) -> bool:
        """Whether this row gives ``game``'s settings (the first row that matches does).

        >>> import moonbase
        >>> row = TUNINGS[2]
        >>> row.matches(moonbase.load("moon")), row.matches(moonbase.load("moons"))
        (True, False)
        """
        return game.name == self.game and all(
            game.options.get(option) == value for option, value in self.when.items()
        )

    @property
    def spec(self) -> str:
        """The row as a spec string.

        >>> TUNINGS[2].spec
        'mcts:iterations=...,rollout=greedy'
        """
        return "mcts:" + ",".join(f"{key}={value}" for key, value in self.settings.items())


TUNINGS: Final[tuple[Tuning, ...]] = (
    # At 6 bits a rollout to the end meets many goals (a 6-bit table each) and tells little:
    # short greedy rollouts judged by the outlook (the goal's distance) need few tables.
    Tuning(
        "moon",
        "MOON, cooperative, 6 bits wide",
        {
            "iterations": "1000",
            "rollout": "greedy",
            "depth": "4",
            "leaf": "outlook",
            "horizon": "chance",
        },
        {"width": 6, "mode": "cooperative"},
    ),
    Tuning(
        "moon",
        "MOON, 6 bits wide",
        {
            "iterations": "300",
            "rollout": "greedy",
            "depth": "4",
            "leaf": "outlook",
            "worlds": "16",
            "horizon": "chance",
        },
        {"width": 6},
    ),
    Tuning(
        "moon",
        "MOON, cooperative",
        {"iterations": "200", "rollout": "greedy"},
        {"mode": "cooperative"},
    ),
    Tuning(
        "moon",
        "MOON, competitive",
        {"iterations": "500", "rollout": "greedy"},
        {"mode": "competitive"},
    ),
    Tuning("moon-leap", "Moon Leap", {"iterations": "400", "rollout": "greedy"}),
    Tuning("moons", "Moons", {"iterations": "160", "rollout": "greedy", "depth": "30"}),
    Tuning(
        "welcome-to-the-moon",
        "Welcome to the Moon, solo",
        {"iterations": "120", "rollout": "greedy", "depth": "3", "leaf": "outlook"},
        {"players": 1},
    ),
    # With rivals, random rollouts to the end (led by the heuristic's choice and shortlist)
    # outscored short ones judged by the outlook head to head; likely they see the race to the
    # game's end (missions, sabotages, the launch). Judged by their margins, not by who won,
    # they beat the earlier search 0.69 of 160 games where the win alone gave 0.575 of 120
    # (docs/agents.md has the figures).
    Tuning(
        "welcome-to-the-moon",
        "Welcome to the Moon, two players",
        {"iterations": "300", "rollout": "random", "prior": "0.5", "reward": "margin"},
        {"players": 2},
    ),
    # a rollout's time grows with the seats: fewer iterations keep six players under 1 s a move
    Tuning(
        "welcome-to-the-moon",
        "Welcome to the Moon, multiplayer",
        {"iterations": "150", "rollout": "random", "prior": "0.5"},
    ),
)
"""The rows, first match wins."""

FALLBACK: Final[Mapping[str, str]] = {"iterations": "200"}
"""The settings of a game without a row: 200 iterations, random rollouts to the end (a greedy
rollout would use the generic one-step lookahead, which a new game has not been measured
with)."""


def tuning_for(game: Game) -> Tuning | None:
    """The row that gives ``game``'s settings, or ``None`` (then :data:`FALLBACK` applies)."""
    return next((row for row in TUNINGS if row.matches(game)), None)


def defaults_for(game: Game) -> Mapping[str, str]:
    """The default parameter texts of ``mcts`` in ``game``.

    >>> import moonbase
    >>> dict(defaults_for(moonbase.load("moons", players=3)))
    {'iterations': '...', 'rollout': 'greedy', 'depth': '30'}
    """
    row = tuning_for(game)
    return FALLBACK if row is None else row.settings
