"""Learning and searching Everest 1924 through the RL adapters (the ``rl`` extra).

Run it from the repository root::

    .venv/bin/python benchmarks/rl_everest1924.py [--minutes M] [--episodes N]
        [--mcts-games G] [--mcts-simulations S] [--seed SEED]

Three agents play Everest 1924, each scored on the same seeded episodes:

* **random**: a uniformly random legal action (the mask of the Gymnasium environment);
* **tabular Q-learning** through ``highcamp.adapters.gymnasium``: trained for ``--minutes``
  (epsilon-greedy on the action mask, undiscounted, terminal reward = score) on a small key
  read from the observation tensor's documented slices (phase, row, distance to the
  row's right edge up to 4, sorted dice, rerolled, camp available, camps used), then played greedily;
* **OpenSpiel MCTS** through ``highcamp.adapters.openspiel``: the Python
  ``open_spiel.python.algorithms.mcts.MCTSBot`` with random rollouts (``--mcts-games``
  games, fewer: it is slow).

The figures of docs/rl.md come from this script.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import highcamp.adapters.openspiel  # noqa: F401  (registers the games)
from highcamp.adapters.encoders import views
from highcamp.adapters.gymnasium import HighcampEnv, make

Key = tuple[int, int, int, tuple[int, ...], int, int, int]


_LASTS: dict[int, list[int]] = {}


def _lasts(env: HighcampEnv) -> list[int]:
    """The last column of each row (public, static data of the sheet)."""
    lasts = _LASTS.get(id(env))
    if lasts is None:
        lasts = _LASTS[id(env)] = [r["last"] for r in env.game.static_view()["rows"]]
    return lasts


def key_of(env: HighcampEnv, tensor: np.ndarray) -> Key:
    """A small state key read from the tensor's named slices (and the sheet's edges)."""
    v = views(env.encoder, tensor)
    dice = tuple(sorted(int(np.argmax(slot)) for slot in v["dice"] if np.argmax(slot)))
    scalars = v["scalars"]
    row = int(np.argmax(v["row"]))
    edge = _lasts(env)[row] - int(np.argmax(v["column"]))
    return (
        int(np.argmax(v["phase"])),
        row,
        min(edge, 4),
        dice,
        int(scalars[0]),
        int(scalars[3]),
        int(np.argmax(v["camps_used"])),
    )


def score_of(env: HighcampEnv, tensor: np.ndarray) -> float:
    """The score as it would stand now (the ``scalars`` slice holds it / 100)."""
    return round(float(views(env.encoder, tensor)["scalars"][4]) * 100)


class QAgent:
    """Tabular Q-learning over :func:`key_of` keys, masked by the legal actions; the step
    size is 1/visits of the pair (a running mean), down to ``min_alpha``.

    The environment pays the score at the end; to keep values Markov in the small key,
    training rewards each step with the change of the score as it would stand now (the
    sum over an episode is the same final score)."""

    def __init__(self, seed: int, min_alpha: float = 0.02, epsilon: float = 0.05) -> None:
        self.q: defaultdict[Key, dict[int, float]] = defaultdict(dict)
        self.visits: defaultdict[Key, dict[int, int]] = defaultdict(dict)
        self.min_alpha = min_alpha
        self.epsilon = epsilon
        self.rng = random.Random(seed)

    def best(self, key: Key, legal: list[int]) -> int:
        """The legal action of highest value among those tried (the lowest id if none)."""
        values = self.q.get(key, {})
        tried = [a for a in legal if a in values]
        if not tried:
            return legal[0]
        return max(tried, key=lambda a: (values[a], -a))

    def value(self, key: Key, legal: list[int]) -> float:
        """The value of the best tried action (0 when none was tried)."""
        values = self.q.get(key, {})
        return max((values[a] for a in legal if a in values), default=0.0)

    def train(self, env: HighcampEnv, seconds: float) -> tuple[int, int]:
        """Q-learning for ``seconds``; returns (episodes, steps)."""
        end = time.perf_counter() + seconds
        episodes = steps = 0
        while time.perf_counter() < end:
            obs, info = env.reset(seed=10_000_000 + episodes)
            key = key_of(env, obs["observation"])
            score = score_of(env, obs["observation"])
            legal = np.flatnonzero(info["action_mask"]).tolist()
            done = False
            while not done:
                if self.rng.random() < self.epsilon:
                    action = self.rng.choice(legal)
                else:
                    action = self.best(key, legal)
                obs, reward, terminated, truncated, info = env.step(action)
                done = terminated or truncated
                if done:  # the final score, less what earlier rewards paid out
                    target = reward - score
                else:  # shaped: the change of the score as it would stand now
                    new_score = score_of(env, obs["observation"])
                    new_key = key_of(env, obs["observation"])
                    new_legal = np.flatnonzero(info["action_mask"]).tolist()
                    target = new_score - score + self.value(new_key, new_legal)
                    score = new_score
                values, visits = self.q[key], self.visits[key]
                n = visits[action] = visits.get(action, 0) + 1
                old = values.get(action, 0.0)
                values[action] = old + max(1.0 / n, self.min_alpha) * (target - old)
                if not done:
                    key, legal = new_key, new_legal
                steps += 1
            episodes += 1
        return episodes, steps


def play(env: HighcampEnv, episodes: int, choose: object, seed: int) -> list[float]:
    """Scores of ``episodes`` seeded episodes; ``choose(obs, legal) -> action``."""
    scores = []
    for i in range(episodes):
        obs, info = env.reset(seed=seed + i)
        done = False
        reward = 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"]).tolist()
            action = choose(obs, legal)  # type: ignore[operator]
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        scores.append(float(reward))
    return scores


def mcts_scores(games: int, simulations: int, seed: int) -> list[float]:
    """OpenSpiel's Python MCTS bot on Everest 1924 (random rollouts)."""
    game = pyspiel.load_game("highcamp_everest_1924")
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(
        game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    scores = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(bot.step(state))
        scores.append(state.returns()[0])
    return scores


def summary(name: str, scores: list[float]) -> str:
    mean = statistics.fmean(scores)
    sem = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    return (
        f"{name:<28} {len(scores):>6} games  mean {mean:7.2f} ± {sem:4.2f}  max {max(scores):5.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--mcts-games", type=int, default=20)
    parser.add_argument("--mcts-simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = make("everest-1924")
    rng = random.Random(args.seed)
    print(summary("random", play(env, args.episodes, lambda o, legal: rng.choice(legal), 0)))

    agent = QAgent(args.seed)
    t0 = time.perf_counter()
    episodes, steps = agent.train(env, args.minutes * 60)
    took = time.perf_counter() - t0
    print(
        f"Q-learning: {episodes} episodes, {steps} steps in {took:.0f} s; "
        f"{len(agent.q)} keys in the table"
    )

    def greedy(obs: dict[str, np.ndarray], legal: list[int]) -> int:
        return agent.best(key_of(env, obs["observation"]), legal)

    print(summary("tabular Q-learning (greedy)", play(env, args.episodes, greedy, 0)))

    if args.mcts_games:
        t0 = time.perf_counter()
        scores = mcts_scores(args.mcts_games, args.mcts_simulations, args.seed)
        print(
            summary(f"OpenSpiel MCTS ({args.mcts_simulations} sims)", scores)
            + f"  ({time.perf_counter() - t0:.0f} s)"
        )


if __name__ == "__main__":
    main()
