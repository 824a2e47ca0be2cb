"""Strength against time, decision by decision: each level's move valued by a reference.

A whole ``hard`` game of solitaire Disaster on Everest takes some fifteen minutes here, so
game-level matches (``strength_games.py``) cannot cover every game and budget. This measures
single decisions instead, cheaply enough for all of them::

    nice -n 10 .venv/bin/python benchmarks/strength_decisions.py --games k2 everest-go-2 \\
        --positions 30 --reference-playouts 64 --out decisions.jsonl

* **Positions**: seeded heuristic games (game ``g`` from ``--first-seed``: every seat the
  honest heuristic seeded ``1000 * g + seat``, the game's own chance); the sampled seat is
  ``g % players``, and every ``--every``-th of its decisions with a choice (the first
  included) is a position, games following one another until ``--positions`` are taken.
* **Moves**: at each position the heuristic (the move the game played) and the game's level
  agent at each budget of ``--budgets`` (seconds a decision: the spec
  :func:`highcamp.agents.levels.level_spec` maps the game to, its search given 95% of the
  budget as the levels do; 1 s is ``medium``, 3 s ``hard``), each built by ``make_agent``
  and so deciding on its seat's view only. Everest 1924's ``hard`` plays the exact policy
  once loaded; here its 3 s row is the search, as everywhere before the policy is loaded.
* **Reference**: a move's value is the mean outcome for the seat of ``--reference-playouts``
  playouts after it, the heuristic at every seat, with common random numbers across the
  candidate moves (playout ``i`` of every move starts from the same redraw of the hidden
  information from the seat's view, :func:`highcamp.agents.honest.seat_view`, and draws its
  dice and the heuristics' own choices from the same seed): the reference knows no more than
  the seat. The outcome is the score (solitaire) or the seat's share of the win (ties
  split) for more players.
* **Report** per game and budget: the mean gain of the chosen move's value over the
  heuristic's move's, with a 95% interval over positions (paired: both values on the same
  playouts), the share of positions where the move differs from the heuristic's, the
  simulations a decision reached and the wall seconds it took, and ``hard`` minus
  ``medium`` (3 s minus 1 s) paired by position. A decision-level gain is not a game's win
  share or score: it is the reference's value of one move against another's.

Output is JSONL, one line per position and budget, appended position by position: a run given the
same ``--out`` again skips what is there (``--summary`` only reads the file and prints the
tables). Wall-clock budgets buy fewer simulations on a loaded machine: the simulations are
reported with each figure.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import highcamp
from highcamp.agents import make_agent, make_heuristic, seat_view
from highcamp.agents.levels import SAFETY, level_spec
from highcamp.core import CHANCE, Agent, State

GAMES: dict[str, tuple[str, int]] = {
    # label -> (game id, players)
    "everest-1924": ("everest-1924", 1),
    "everest": ("disaster-on-everest", 1),
    "k2": ("disaster-on-k2", 1),
    "everest-2p": ("disaster-on-everest", 2),
    "k2-2p": ("disaster-on-k2", 2),
    "campaign": ("disaster-campaign", 1),
    "everest-go-2": ("everest-go", 2),
    "everest-go-3": ("everest-go", 3),
    "everest-go-4": ("everest-go", 4),
    "disaster-4": ("disaster", 4),
}
EVERY: dict[str, int] = {
    # the default --every per game: some eight positions a game (the sampled seat's
    # decisions with a choice: 66 in Everest 1924, 290-370 in the solitaire series, 250-375
    # per seat in two-player ones, 610 in the campaign, 30-75 in Everest Go!, 13 in Disaster)
    "everest-1924": 8,
    "everest": 40,
    "k2": 40,
    "everest-2p": 40,
    "k2-2p": 30,
    "campaign": 70,
    "everest-go-2": 9,
    "everest-go-3": 6,
    "everest-go-4": 4,
    "disaster-4": 2,
}
BUDGETS = ("0.1", "0.3", "1", "3")
MEDIUM, HARD = "1", "3"
HEURISTIC = "heuristic"


def spec_for(label: str, budget: str) -> str:
    """The agent spec of ``budget`` (seconds, or ``heuristic``) on game ``label``.

    >>> spec_for("k2-2p", "3"), spec_for("everest-go-4", "0.1"), spec_for("k2", "heuristic")
    ('paired:2.85s:heuristic50', 'ismcts:0.095s:learned', 'heuristic')
    """
    if budget == HEURISTIC:
        return HEURISTIC
    game_id, players = GAMES[label]
    seconds = float(budget)
    level = "hard" if seconds >= 3 else "medium"
    return level_spec(game_id, level, seconds=round(seconds * SAFETY, 6), players=players)


def positions(
    label: str, every: int, first_seed: int, games: int
) -> Iterator[tuple[int, int, State, int]]:
    """``(game seed, decision number, state, heuristic's action)`` of games ``first_seed``
    onwards (``games`` of them): the sampled seat's every ``every``-th decision with a
    choice (see the module)."""
    game_id, players = GAMES[label]
    game = (
        highcamp.load_game(game_id, players=players) if players > 1 else highcamp.load_game(game_id)
    )
    for g in range(first_seed, first_seed + games):
        state = game.new_initial_state(g)
        seats = [make_agent(HEURISTIC, seed=1000 * g + p) for p in range(players)]
        seat = g % players
        n = 0
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_random_chance()
                continue
            choice = len(state.legal_actions()) > 1
            position = state.clone() if p == seat and choice and n % every == 0 else None
            action = seats[p].act(state)
            if position is not None:
                yield g, n, position, action
            if p == seat and choice:
                n += 1
            state.apply_action(action)


def outcome(state: State, seat: int) -> float:
    """The seat's score (solitaire) or share of the win, ties split."""
    returns = state.returns()
    if len(returns) == 1:
        return float(returns[0])
    best = max(returns)
    top = [s for s, r in enumerate(returns) if r == best]
    return 1.0 / len(top) if seat in top else 0.0


def reference(state: State, action: int, playouts: int, salt: int) -> float:
    """The mean outcome for the seat to move of ``playouts`` heuristic playouts after
    ``action``; playout ``i`` draws the hidden information from the seat's view, the dice
    and the heuristics' choices from the seed ``salt * 65536 + i`` (the same for every
    candidate action: common random numbers).

    >>> import highcamp
    >>> s = highcamp.load_game("disaster-on-k2").new_initial_state(seed=2)
    >>> while s.is_chance_node():
    ...     _ = s.apply_random_chance()
    >>> a = s.legal_actions()[0]
    >>> reference(s, a, 2, salt=5) == reference(s, a, 2, salt=5)
    True
    """
    seat = state.current_player()
    game_id = state.game.info.id
    total = 0.0
    for i in range(playouts):
        seed = (salt * 65536 + i) & 0xFFFF_FFFF
        s = seat_view(state, seed)
        s = s.clone() if s is state else s
        s.apply_action(action)
        dice = random.Random(seed)
        heuristic = make_heuristic(game_id, seed)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_legal(s.sample_chance(dice.random()))
            else:
                s.apply_action(heuristic.act(s))
        total += outcome(s, seat)
    return total / playouts


_AGENTS: dict[tuple[str, str], Agent] = {}  # (game label, budget) -> agent, per process


def _agent(label: str, budget: str) -> Agent:
    key = (label, budget)
    if key not in _AGENTS:
        _AGENTS[key] = make_agent(spec_for(label, budget), seed=1)
    return _AGENTS[key]


def _counts(agent: Agent) -> tuple[int, int]:
    core = getattr(agent, "agent", agent)
    return getattr(core, "decisions", 0), getattr(core, "simulations", 0)


Job = tuple[str, int, int, list[str], int, list[tuple[int, list[str]]]]


def evaluate_game(job: Job) -> list[list[dict[str, Any]]]:
    """The lines of one game, position by position (see :func:`iter_game`)."""
    return list(iter_game(job))


def iter_game(job: Job) -> Iterator[list[dict[str, Any]]]:
    """The lines of one game's positions, one list a position: for each wanted
    ``(decision, budgets)``, each budget's move, its reference value and the heuristic's
    (``job``: label, game seed, every, budgets, playouts, wanted positions)."""
    label, g, every, _budgets, playouts, wanted = job
    todo = dict(wanted)
    for seed, n, state, played in positions(label, every, g, 1):
        out: list[dict[str, Any]] = []
        if n not in todo:
            continue
        salt = seed * 10_007 + n
        values: dict[int, float] = {played: reference(state, played, playouts, salt)}
        for budget in todo[n]:
            agent = _agent(label, budget)
            d0, s0 = _counts(agent)
            start = time.perf_counter()
            action = played if budget == HEURISTIC else agent.act(state.clone())
            took = time.perf_counter() - start
            d1, s1 = _counts(agent)
            if action not in values:
                values[action] = reference(state, action, playouts, salt)
            out.append(
                {
                    "game": label,
                    "seed": seed,
                    "decision": n,
                    "budget": budget,
                    "spec": spec_for(label, budget),
                    "legal": len(state.legal_actions()),
                    "action": action,
                    "heuristic_action": played,
                    "value": values[action],
                    "heuristic_value": values[played],
                    "gain": values[action] - values[played],
                    "simulations": (s1 - s0) if d1 > d0 else 0,
                    "seconds": round(took, 4),
                    "playouts": playouts,
                }
            )
        yield out
        del todo[n]
        if not todo:
            break


def _plan(
    label: str, every: int, first: int, count: int, budgets: list[str], done: set[tuple[Any, ...]]
) -> list[tuple[int, list[tuple[int, list[str]]]]]:
    """Per game seed, the positions still to measure and their missing budgets (the first
    ``count`` positions of games ``first`` onwards)."""
    plan: dict[int, list[tuple[int, list[str]]]] = {}
    taken = 0
    g = first
    while taken < count:
        for seed, n, _state, _a in positions(label, every, g, 1):
            missing = [b for b in budgets if (label, seed, n, b) not in done]
            if missing:
                plan.setdefault(seed, []).append((n, missing))
            taken += 1
            if taken >= count:
                break
        g += 1
    return sorted(plan.items())


def read(path: Path) -> list[dict[str, Any]]:
    """The lines of a JSONL file (none if it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal 95% interval.

    >>> mean_ci([1.0, 3.0])
    (2.0, 1.96)
    """
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, round(half, 6)


def summary(lines: list[dict[str, Any]], labels: list[str], budgets: list[str]) -> str:
    """The markdown tables: per game and budget, and ``hard`` minus ``medium``."""
    rows = [
        "| game | budget | spec | positions | mean gain over the heuristic (95%) "
        "| move differs | simulations / decision | mean s |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    margins = [
        "| game | positions | 3 s minus 1 s (95%) | 3 s better / worse / equal |",
        "|---|---:|---:|---|",
    ]
    for label in labels:
        mine = [x for x in lines if x["game"] == label]
        by: dict[str, dict[tuple[int, int], dict[str, Any]]] = {}
        for x in mine:
            by.setdefault(x["budget"], {})[(x["seed"], x["decision"])] = x
        for budget in budgets:
            xs = list(by.get(budget, {}).values())
            if not xs:
                continue
            m, half = mean_ci([x["gain"] for x in xs])
            differs = sum(x["action"] != x["heuristic_action"] for x in xs) / len(xs)
            sims = statistics.fmean(x["simulations"] for x in xs)
            secs = statistics.fmean(x["seconds"] for x in xs)
            rows.append(
                f"| {label} | {budget if budget == HEURISTIC else budget + ' s'} | "
                f"`{xs[0]['spec']}` | {len(xs)} | {m:+.3f} ± {half:.3f} | {differs:.0%} | "
                f"{sims:.0f} | {secs:.2f} |"
            )
        medium, hard = by.get(MEDIUM, {}), by.get(HARD, {})
        both = sorted(set(medium) & set(hard))
        if both:
            diffs = [hard[k]["gain"] - medium[k]["gain"] for k in both]
            m, half = mean_ci(diffs)
            better = sum(d > 0 for d in diffs)
            worse = sum(d < 0 for d in diffs)
            margins.append(
                f"| {label} | {len(both)} | {m:+.3f} ± {half:.3f} | "
                f"{better} / {worse} / {len(diffs) - better - worse} |"
            )
    return "\n".join(rows) + "\n\n" + "\n".join(margins)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=tuple(GAMES), default=list(GAMES))
    parser.add_argument("--positions", type=int, default=30, help="positions per game")
    parser.add_argument("--every", type=int, help="every k-th decision (default per game)")
    parser.add_argument("--budgets", nargs="+", default=list(BUDGETS), help="seconds")
    parser.add_argument("--reference-playouts", type=int, default=64)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (one game each)")
    parser.add_argument("--out", type=Path, default=Path("strength_decisions.jsonl"))
    parser.add_argument("--summary", action="store_true", help="only print the tables")
    args = parser.parse_args(argv)
    budgets = [HEURISTIC, *(f"{float(b):g}" for b in args.budgets)]
    lines = read(args.out)
    if not args.summary:
        from rich.progress import Progress

        done = {(x["game"], x["seed"], x["decision"], x["budget"]) for x in lines}
        pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        with Progress(transient=False) as bar, args.out.open("a") as out:
            for label in args.games:
                every = args.every or EVERY[label]
                plan = _plan(label, every, args.first_seed, args.positions, budgets, done)
                task = bar.add_task(label, total=sum(len(w) for _, w in plan))
                jobs: list[Job] = [
                    (label, g, every, budgets, args.reference_playouts, w) for g, w in plan
                ]
                games = (
                    (p for game in pool.map(evaluate_game, jobs) for p in game)
                    if pool
                    else (p for job in jobs for p in iter_game(job))
                )
                for position in games:  # written as each position is measured
                    for x in position:
                        out.write(json.dumps(x) + "\n")
                        lines.append(x)
                    out.flush()
                    bar.advance(task)
        if pool is not None:
            pool.shutdown()
    print(summary(lines, list(args.games), budgets))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
