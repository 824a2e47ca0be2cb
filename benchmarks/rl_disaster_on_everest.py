"""Disaster on Everest through the Gymnasium adapter (the ``rl`` extra).

Run it from the repository root::

    .venv/bin/python benchmarks/rl_disaster_on_everest.py [--episodes N] [--game basic|advanced]

Two policies play the same seeded episodes of ``gymnasium.make("highcamp/disaster-on-everest")``:

* **random**: a uniformly random action of the observation's ``action_mask``;
* **leader**: the game's tuning policy ``highcamp.games.disaster_series.heuristic
  .leader_action``, reading the highcamp state under the environment (``env.unwrapped
  .state``), the yardstick a learner reading the tensor has to reach.

It prints the mean final reward (the score) with its standard error, and checks that the
tensor's ``score`` slice at the end equals the reward. The figures of docs/rl.md come from
this script.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

import highcamp.adapters.gymnasium  # noqa: F401  (registers highcamp/<game_id>)
from highcamp.adapters.encoders import views
from highcamp.games.disaster_series.heuristic import leader_action


def run(env: Any, policy: Callable[[Any, dict[str, Any]], int], episodes: int) -> list[float]:
    scores = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=episode)
        terminated = truncated = False
        reward = 0.0
        while not (terminated or truncated):
            obs, reward, terminated, truncated, _ = env.step(policy(env, obs))
        enc = env.unwrapped.encoder
        scaled = float(views(enc, obs["observation"])["score"][0])
        final = enc.score_low + scaled * (enc.score_high - enc.score_low)
        assert round(float(final)) == reward, (final, reward)
        scores.append(float(reward))
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--game", default="basic", choices=("basic", "advanced"))
    args = parser.parse_args()
    env = gymnasium.make("highcamp/disaster-on-everest", game=args.game)
    rng = np.random.default_rng(0)
    py_rng = random.Random(0)

    def random_policy(env: Any, obs: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    def leader_policy(env: Any, obs: dict[str, Any]) -> int:
        return leader_action(env.unwrapped.state, py_rng)

    for name, policy in (("random", random_policy), ("leader", leader_policy)):
        started = time.process_time()
        scores = run(env, policy, args.episodes)
        err = statistics.stdev(scores) / len(scores) ** 0.5
        print(
            f"{name}: {args.episodes} episodes ({args.game}), mean score "
            f"{statistics.mean(scores):.1f} ± {err:.1f}, min {min(scores):.0f}, "
            f"max {max(scores):.0f}; {time.process_time() - started:.1f} CPU s"
        )


if __name__ == "__main__":
    main()
