"""Train a small policy for Moon Leap through the Gymnasium environment and show that it
beats the random agent, with a 95% confidence interval.

The policy is linear and needs nothing but numpy: the logit of each action id is a row of
weights times the observation (plus a bias), illegal ids are masked out
(``info["action_mask"]``), and the action is drawn from the softmax of the rest. It learns by
REINFORCE (the policy gradient of the terminal win/loss reward, with a running-mean baseline),
playing seat 0 against ``random`` in the other seat.

Then it plays ``--eval-games`` fresh games (seeds the training never saw) greedily (the
likeliest legal action), and so does the random policy on the same seeds; each gets its win
rate (a tie counts half) with a 95% Wilson interval.

    python examples/train_moon_leap.py                     # the full run (a few minutes)
    python examples/train_moon_leap.py --episodes 300 --json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass

import numpy as np
import numpy.typing as npt

from moonbase.adapters.gymnasium import MoonbaseEnv, make

Vector = npt.NDArray[np.float64]
_EVALUATION = 1 << 40
"""Evaluation seeds start here, far from the training seeds."""


@dataclass(frozen=True)
class Rate:
    """A win rate over ``games`` games with its 95% Wilson interval."""

    games: int
    score: float
    rate: float
    low: float
    high: float


def wilson(score: float, games: int, z: float = 1.96) -> Rate:
    """The win rate ``score / games`` with its Wilson score interval (95% for ``z=1.96``)."""
    rate = score / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return Rate(games, score, rate, max(0.0, centre - half), min(1.0, centre + half))


class LinearPolicy:
    """Logits ``W @ observation + b`` over the action ids, softmax over the legal ones."""

    def __init__(self, observation_size: int, actions: int) -> None:
        self.weights = np.zeros((actions, observation_size))
        self.bias = np.zeros(actions)

    def probabilities(self, observation: Vector, mask: npt.NDArray[np.int8]) -> Vector:
        """The policy's probability of each action id (0 where illegal)."""
        logits = self.weights @ observation + self.bias
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        result: Vector = weights / weights.sum()
        return result


def play_episode(
    env: MoonbaseEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator, greedy: bool
) -> tuple[float, list[tuple[Vector, npt.NDArray[np.int8], int]]]:
    """One game as seat 0: the terminal reward and each (observation, mask, action) taken."""
    observation, info = env.reset(seed=seed)
    taken = []
    while True:
        features = observation.astype(np.float64)
        mask = info["action_mask"]
        chances = policy.probabilities(features, mask)
        action = int(chances.argmax()) if greedy else int(rng.choice(len(chances), p=chances))
        taken.append((features, mask, action))
        observation, reward, terminated, _, info = env.step(action)
        if terminated:
            return float(reward), taken


def train(episodes: int, seed: int, learning_rate: float = 0.05) -> LinearPolicy:
    """REINFORCE against ``random`` for ``episodes`` games from training seeds ``seed``, …"""
    env = make("moon-leap", seat=0, opponents="random", players=2)
    assert env.observation_space.shape is not None
    policy = LinearPolicy(env.observation_space.shape[0], env.game.num_actions)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for episode in range(episodes):
        reward, taken = play_episode(env, policy, seed * 1_000_003 + episode, rng, greedy=False)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for features, mask, action in taken:
            chances = policy.probabilities(features, mask)
            gradient = -chances
            gradient[action] += 1.0
            step = learning_rate * advantage / len(taken)
            policy.weights += step * np.outer(gradient, features)
            policy.bias += step * gradient
    return policy


def evaluate(policy: LinearPolicy | None, games: int, seed: int) -> Rate:
    """The win rate of ``policy`` (greedy; ``None``: uniformly random) as seat 0 against
    ``random``, over evaluation seeds no training game used."""
    env = make("moon-leap", seat=0, opponents="random", players=2)
    rng = np.random.default_rng(seed + 1)
    score = 0.0
    for game in range(games):
        game_seed = _EVALUATION + seed * 1_000_003 + game
        if policy is None:
            env.reset(seed=game_seed)
            while True:
                _, reward, terminated, _, _ = env.step(env.action_space.sample())
                if terminated:
                    break
        else:
            reward, _ = play_episode(env, policy, game_seed, rng, greedy=True)
        score += (reward + 1) / 2  # win 1, tie 0.5, loss 0
    return wilson(score, games)


def main(argv: list[str] | None = None) -> int:
    """Train, evaluate, print the figures (``--json``: as one JSON object)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--eval-games", type=int, default=1000, help="evaluation games")
    parser.add_argument("--seed", type=int, default=1, help="seeds training and evaluation")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.episodes < 1 or args.eval_games < 1:
        parser.error("--episodes and --eval-games must be at least 1")
    start = time.perf_counter()
    policy = train(args.episodes, args.seed)
    trained = evaluate(policy, args.eval_games, args.seed)
    baseline = evaluate(None, args.eval_games, args.seed)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({"trained": asdict(trained), "random": asdict(baseline),
                          "episodes": args.episodes, "seconds": round(seconds, 1)}))  # fmt: skip
    else:
        for label, rate in (("trained policy", trained), ("random policy", baseline)):
            print(f"{label}: win rate {rate.rate:.3f} over {rate.games} games "
                  f"(95% CI {rate.low:.3f} to {rate.high:.3f})")  # fmt: skip
        print(f"{args.episodes} training games, {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
