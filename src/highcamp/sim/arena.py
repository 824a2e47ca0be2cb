"""The arena: agents against each other (or side by side, for solitaire games), seeded.

Game ``i`` of a run seats the agents in rotation, so every agent plays every seat in turn:
seat ``s`` of game ``i`` is ``agents[(i + s) % len(agents)]``. Seeds come from
:func:`highcamp.sim.game_seeds`, so a run is a pure function of its master seed.

* **Solitaire** games: every agent plays the same ``games`` seeds; the result is each
  agent's mean score with a 95% interval (Student's t).
* **Multiplayer** games: every pair of seats held by different agents is a match (higher
  return wins, equal is a draw); ratings are Bradley-Terry (Elo scale, mean 1500) fitted
  to all matches, with 95% intervals from a percentile bootstrap over games. The fit is
  checked against a maximum-likelihood fit by scipy in the tests.

>>> result = run_arena("everest-1924", ["random", "heuristic"], games=20, seed=1)
>>> [row.agent for row in result.standings()]
['heuristic', 'random']
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import highcamp
from highcamp.agents import make_agent
from highcamp.core import play_game

from .runner import game_seeds, parse_agents
from .stats import t_interval

__all__ = ["ArenaGame", "ArenaResult", "Standing", "bradley_terry", "run_arena"]

ELO_BASE = 1500.0
ELO_SCALE = 400.0 / math.log(10.0)
BOOTSTRAP = 200


@dataclass(frozen=True)
class ArenaGame:
    """One game of the arena: who sat where, seeds, returns and scores."""

    index: int
    seed: int
    seats: tuple[str, ...]
    agent_seeds: tuple[int, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        """One line of the JSON-lines results."""
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "agent_seeds": list(self.agent_seeds),
            "returns": list(self.returns),
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class Standing:
    """An agent's line of the table: games, mean score (95% interval), wins, rating."""

    agent: str
    games: int
    mean: float
    half_width: float
    win_rate: float | None = None
    rating: float | None = None
    rating_low: float | None = None
    rating_high: float | None = None


@dataclass
class ArenaResult:
    """All games of a run and the standings derived from them."""

    game_id: str
    agents: tuple[str, ...]
    players: int
    games: list[ArenaGame] = field(default_factory=list)

    def standings(self, bootstrap: int = BOOTSTRAP, seed: int = 0) -> list[Standing]:
        """Agents best first: by rating (multiplayer) or by mean score (solitaire)."""
        scores: dict[str, list[float]] = {a: [] for a in self.agents}
        for g in self.games:
            for agent, score in zip(g.seats, g.scores, strict=True):
                scores[agent].append(score)
        if self.players == 1:
            rows = [Standing(a, len(s), *_mean_ci(s)) for a, s in scores.items() if s]
            return sorted(rows, key=lambda r: -r.mean)
        ratings = bradley_terry(self.agents, _matches(self.games))
        low, high = _bootstrap(self.agents, self.games, bootstrap, seed)
        wins = _win_rates(self.agents, self.games)
        rows = [
            Standing(
                a,
                len(scores[a]),
                *_mean_ci(scores[a]),
                win_rate=wins[a],
                rating=ratings[a],
                rating_low=low[a],
                rating_high=high[a],
            )
            for a in self.agents
            if scores[a]
        ]
        return sorted(rows, key=lambda r: -(r.rating or 0.0))


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval, from Student's t (``n - 1`` degrees of
    freedom: an arena's few games make the normal interval too narrow)."""
    return t_interval(values)


def _matches(games: Sequence[ArenaGame]) -> list[tuple[str, str, float]]:
    """(a, b, score of a): 1 win, 0.5 draw, 0 loss, for every pair of seats."""
    out = []
    for g in games:
        n = len(g.seats)
        for i in range(n):
            for j in range(i + 1, n):
                a, b = g.seats[i], g.seats[j]
                if a == b:
                    continue
                ra, rb = g.returns[i], g.returns[j]
                out.append((a, b, 1.0 if ra > rb else 0.5 if ra == rb else 0.0))
    return out


def _win_rates(agents: Sequence[str], games: Sequence[ArenaGame]) -> dict[str, float]:
    """Share of an agent's games in which it had the best return (ties shared)."""
    won = dict.fromkeys(agents, 0.0)
    played = dict.fromkeys(agents, 0)
    for g in games:
        best = max(g.returns)
        winners = [s for s, r in zip(g.seats, g.returns, strict=True) if r == best]
        for s in g.seats:
            played[s] += 1
        for s in winners:
            won[s] += 1 / len(winners)
    return {a: won[a] / played[a] if played[a] else math.nan for a in agents}


def bradley_terry(
    agents: Sequence[str], matches: Sequence[tuple[str, str, float]], iterations: int = 200
) -> dict[str, float]:
    """Ratings on the Elo scale (mean 1500) fitted to pairwise results (MM algorithm, with
    one virtual draw against the mean so that unbeaten agents stay finite).

    >>> r = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    >>> r["a"] > 1500 > r["b"]
    True
    """
    names = list(dict.fromkeys(agents))
    strength = dict.fromkeys(names, 1.0)
    wins = dict.fromkeys(names, 0.5)  # the virtual draw
    pairs: dict[tuple[str, str], int] = {}
    for a, b, s in matches:
        wins[a] += s
        wins[b] += 1.0 - s
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + 1
    for _ in range(iterations):
        new = {}
        for x in names:
            denom = 1.0 / (strength[x] + 1.0)  # the virtual opponent of strength 1
            for (a, b), n in pairs.items():
                if x in (a, b):
                    y = b if x == a else a
                    denom += n / (strength[x] + strength[y])
            new[x] = wins[x] / denom
        geo = math.exp(statistics.fmean(math.log(v) for v in new.values()))
        strength = {x: v / geo for x, v in new.items()}
    return {x: ELO_BASE + ELO_SCALE * math.log(v) for x, v in strength.items()}


def _bootstrap(
    agents: Sequence[str], games: Sequence[ArenaGame], rounds: int, seed: int
) -> tuple[dict[str, float], dict[str, float]]:
    import random

    rng = random.Random(seed)
    samples: dict[str, list[float]] = {a: [] for a in agents}
    for _ in range(rounds):
        pick = [games[rng.randrange(len(games))] for _ in games]
        for a, r in bradley_terry(agents, _matches(pick), iterations=60).items():
            samples[a].append(r)
    low, high = {}, {}
    for a, values in samples.items():
        low[a], high[a] = _percentiles(values, 0.025, 0.975)
    return low, high


def _percentiles(values: Sequence[float], *levels: float) -> tuple[float, ...]:
    """The ``levels`` quantiles of ``values``, interpolated between order statistics
    (numpy's default, "linear"); ``nan`` without values.

    >>> _percentiles([4.0, 1.0, 3.0, 2.0], 0.0, 0.5, 0.975)
    (1.0, 2.5, 3.925)
    """
    ordered = sorted(values)
    if not ordered:
        return tuple(math.nan for _ in levels)
    out = []
    for level in levels:
        pos = level * (len(ordered) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(ordered) - 1)
        out.append(ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo))
    return tuple(out)


def run_arena(
    game_id: str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    players: int | None = None,
    on_game: Callable[[ArenaGame], None] | None = None,
    options: dict[str, Any] | None = None,
) -> ArenaResult:
    """Play ``games`` games (per agent, for solitaire games) with agents in rotation;
    ``options`` are the game's options (``players`` included when given)."""
    options = dict(options or {})
    if players is not None:
        options["players"] = players
    game = highcamp.load_game(game_id, **options)
    seats = game.num_players
    specs = list(dict.fromkeys(agents))
    if not specs:
        raise ValueError("the arena needs at least one agent")
    if seats > 1 and len(specs) < 2:
        raise ValueError("a multiplayer arena needs at least two different agents")
    for spec in specs:
        parse_agents(spec, 1, game_id)  # refuses unknown agents and bad budgets
    result = ArenaResult(game_id, tuple(specs), seats)
    plan = (
        [(i, (spec,)) for i in range(games) for spec in specs]
        if seats == 1
        else [(i, tuple(specs[(i + s) % len(specs)] for s in range(seats))) for i in range(games)]
    )
    for i, seated in plan:
        game_seed, agent_seeds = game_seeds(seed, i, seats)
        players_ = [make_agent(spec, s) for spec, s in zip(seated, agent_seeds, strict=True)]
        state = play_game(game, players_, seed=game_seed)
        record = ArenaGame(
            index=i,
            seed=game_seed,
            seats=seated,
            agent_seeds=agent_seeds,
            returns=tuple(state.returns()),
            scores=tuple(float(b.total) for b in state.score_breakdown()) or tuple(state.returns()),
        )
        result.games.append(record)
        if on_game is not None:
            on_game(record)
    return result
