"""Strength of the heuristics and search agents on the Disaster series, Everest Go! and
Disaster (the other games of issue 7's measurements; Everest 1924 is ``strength.py``).

Run it from the repository root, one part at a time::

    .venv/bin/python benchmarks/strength_games.py everest --games 200 --mcts-games 30
    .venv/bin/python benchmarks/strength_games.py k2 --games 200 --mcts-games 30
    .venv/bin/python benchmarks/strength_games.py two-player --mountain k2 --games 100 \\
        --mcts-games 40 --search ismcts:10
    .venv/bin/python benchmarks/strength_games.py everest-go --games 40 --mcts-games 60 \\
        --search ismcts:2000:eval --players 2
    .venv/bin/python benchmarks/strength_games.py disaster --games 400

* ``everest`` and ``k2``: Disaster on Everest or K2 solitaire: each agent's mean score with
  a 95% interval and its Victory Chart distribution, every agent on the same seeds (so
  the search agent's gain over the heuristic is also given paired, seed by seed);
* ``two-player`` (``--mountain everest|k2``): two-player Disaster on Everest or K2 [15]:
  ``heuristic`` against ``random`` and the search agent against ``heuristic`` (or
  ``--against SPEC``: ``--search hard --against medium`` plays one level against another);
* ``everest-go``: 2, 3 and 4 players (or ``--players N``): the same two matches;
* ``disaster``: seat win rates with every seat random, then ``heuristic`` against
  ``random`` (how much skill moves them), 2, 3 and 4 players;
* ``disaster-match``: Disaster (4 players, or ``--players N``): the same two matches as
  ``everest-go``;
* ``deviations`` (``--game everest-go|disaster``, ``--players N``, ``--positions P``): where
  the search leaves the heuristic's move: every seventh decision with a choice of
  heuristic self-play games from seed 0 (the first ``P``), each decided by ``--search``
  and by the heuristic (both seeded with the position's number), the decisions where they
  differ listed with both moves, and the search's simulations and early stops.

A match gives the first agent's win share (ties split), seats alternating game by game so
each agent holds half the seats on average (50% is no edge), with a 95% Wilson interval;
with ``--one-seat`` the first agent holds one seat (seat ``game % players``) against the
second agent at every other seat, and each game is also played with the second agent at
every seat (the same seeds): the first agent's win share is compared with the second's in
the same seat on the same seeds, paired game by game (a seat's chances vary with the seed:
with heuristics everywhere, seat ``game % 4`` of four-player Disaster won 8 of 60, not 15). The search agent's simulations per decision (mean, and the share of
its time-budgeted decisions that stopped early, their choice settled) are printed with it.
Games run in ``--workers`` processes (both cores by default); every game is seeded by its
number alone (``--first-seed`` onwards), so the figures do not depend on the worker count.
``--option name=value`` passes game options (``-o guide=sherpa``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

import highcamp
from highcamp.agents import make_agent
from highcamp.agents.budget import use_clock
from highcamp.core import State, play_game
from highcamp.sim.stats import wilson

T = TypeVar("T")
R = TypeVar("R")


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal 95% interval."""
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return mean, half


class Runner:
    """Maps a picklable function over work items in ``workers`` processes, in order."""

    def __init__(self, workers: int, cpu_clock: bool = False) -> None:
        self.workers = workers
        if cpu_clock:
            _cpu_clock()
        start = _cpu_clock if cpu_clock else None
        self._pool = ProcessPoolExecutor(workers, initializer=start) if workers > 1 else None

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        if self._pool is None:
            return map(fn, items)
        return self._pool.map(fn, items)


def _cpu_clock() -> None:
    """Time-budgeted agents made in this process time their budgets in CPU seconds."""
    use_clock(time.thread_time)


# ----------------------------------------------------------------------- solitaire
class _Timed:
    """An agent that counts its decisions and keeps its slowest (CPU seconds)."""

    def __init__(self, agent: Any) -> None:
        self.agent, self.decisions, self.slowest = agent, 0, 0.0
        self.name: str = agent.name

    def act(self, state: State) -> int:
        started = time.thread_time()
        action: int = self.agent.act(state)
        self.decisions += 1
        self.slowest = max(self.slowest, time.thread_time() - started)
        return action


Solo = tuple[float, str, float, int, float]  # score, band, CPU s, decisions, slowest decision


def _solitaire_game(job: tuple[str, dict[str, Any], str, int]) -> Solo:
    """One solitaire game: its score, band, CPU seconds, decisions and slowest decision."""
    game_id, options, spec, seed = job
    started = time.process_time()
    agent = _Timed(make_agent(spec, seed=seed))
    state = play_game(highcamp.load_game(game_id, **options), [agent], seed)
    (bd,) = state.score_breakdown()
    cpu = time.process_time() - started
    return state.returns()[0], bd.band or "?", cpu, agent.decisions, agent.slowest


def solitaire(
    runner: Runner,
    game_id: str,
    options: dict[str, Any],
    specs: list[tuple[str, int]],
    first: int,
) -> None:
    game = highcamp.load_game(game_id, **options)
    bands = game.score_bands()
    print(f"{game.info.title}, solitaire, options {options or 'default'}, seeds from {first}")
    print(f"| agent | games | mean score (95% CI) | {' | '.join(bands)} | CPU s/game |")
    print(f"|---|---|---|{'---|' * len(bands)}---|")
    scores_by: dict[str, list[float]] = {}
    for spec, n in specs:
        if n <= 0:
            continue
        scores: list[float] = []
        count: Counter[str] = Counter()
        cpu = 0.0
        kept = _kept(game_id, options, spec)
        jobs = [(game_id, options, spec, s) for s in range(first, first + n) if s not in kept]
        done = [kept[s] for s in range(first, first + n) if s in kept]
        results = runner.map(_solitaire_game, jobs)
        fresh = (_keep(job, r) for job, r in zip(jobs, results, strict=True))
        for score, band, seconds, *_ in itertools.chain(done, fresh):
            scores.append(score)
            count[band] += 1
            cpu += seconds
            if spec not in ("random", "heuristic") or len(scores) % 10 == 0:
                m, half = mean_ci(scores)
                print(
                    f"  {spec}: {len(scores)} games (last {score:g}), {m:.2f} ± {half:.2f}",
                    file=sys.stderr,
                    flush=True,
                )
        scores_by[spec] = scores
        mean, half = mean_ci(scores)
        dist = " | ".join(f"{100 * count[b] / n:.0f}%" for b in bands)
        print(f"| {spec} | {n} | {mean:.1f} ± {half:.1f} | {dist} | {cpu / n:.2f} |", flush=True)
    base = scores_by.get("heuristic")
    for spec, scores in scores_by.items():
        if base is None or spec in ("random", "heuristic"):
            continue
        diffs = [a - b for a, b in zip(scores, base, strict=False)]
        d, dhalf = mean_ci(diffs)
        print(f"paired on the same {len(diffs)} seeds, {spec} - heuristic: {d:+.1f} ± {dhalf:.1f}")


CPU_CLOCK = False  # --cpu-clock: budgets in CPU seconds
RESULTS: str | None = None  # --results FILE.jsonl: each solitaire game kept as it ends


def _kept(game_id: str, options: dict[str, Any], spec: str) -> dict[int, Solo]:
    """The games of ``spec`` already in ``RESULTS`` (a run stopped part-way resumes)."""
    if RESULTS is None or not os.path.exists(RESULTS):
        return {}
    kept: dict[int, Solo] = {}
    with open(RESULTS, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if (row["game"], row["options"], row["spec"]) == (game_id, options, spec):
                kept[row["seed"]] = (
                    row["score"],
                    row["band"],
                    row["cpu_s"],
                    row.get("decisions", 0),
                    row.get("slowest_s", 0.0),
                )
    return kept


def _keep(job: tuple[str, dict[str, Any], str, int], result: Solo) -> Solo:
    """Append one finished game to ``RESULTS``; the result."""
    if RESULTS is not None:
        game_id, options, spec, seed = job
        score, band, cpu, decisions, slowest = result
        row = {
            "game": game_id,
            "options": options,
            "spec": spec,
            "seed": seed,
            "score": score,
            "band": band,
            "cpu_s": round(cpu, 2),
            "decisions": decisions,
            "slowest_s": round(slowest, 3),
            "clock": "cpu" if CPU_CLOCK else "wall",
        }
        with open(RESULTS, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
    return result


# -------------------------------------------------------------------------- matches
ONE_SEAT = False  # --one-seat: the first agent at one seat, the second at the others


def search_counts(agent: Any) -> tuple[int, int, int]:
    """An agent's searches, their simulations and how many stopped early (0s for agents
    that do not search; a level sums the agents it made)."""
    inner = getattr(agent, "_agents", None)
    if isinstance(inner, dict):  # a LevelAgent
        parts = [search_counts(x) for x in inner.values()]
        return (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts))
    core = getattr(agent, "agent", agent)  # inside SeatView
    return (
        getattr(core, "decisions", 0),
        getattr(core, "simulations", 0),
        getattr(core, "stopped_early", 0),
    )


def _share(returns: list[float], seats: list[int]) -> float:
    """The share of the win (ties split) of ``seats``."""
    best = max(returns)
    top = [s for s in range(len(returns)) if returns[s] == best]
    return sum(1 for s in top if s in seats) / len(top)


def _match_game(
    job: tuple[str, int, dict[str, Any], str, str, int, bool],
) -> tuple[float, float, float, tuple[int, int, int]]:
    """One game of ``a`` against ``b``: ``a``'s share of the win (ties split); with one
    seat, ``b``'s share in that seat when ``b`` holds every seat (else the mean share of a
    ``b`` seat); CPU s; and ``a``'s search counts."""
    game_id, players, options, a, b, i, one_seat = job
    started = time.process_time()
    game = highcamp.load_game(game_id, players=players, **options)
    if one_seat:
        specs = [a if s == i % players else b for s in range(players)]
    else:
        specs = [a if (s + i) % 2 == 0 else b for s in range(players)]
    agents = [make_agent(spec, seed=1000 * i + s) for s, spec in enumerate(specs)]
    returns = play_game(game, agents, seed=i).returns()
    seats_a = [i % players] if one_seat else [s for s in range(players) if specs[s] == a]
    mine = _share(returns, seats_a)
    b_seats = sum(1 for spec in specs if spec != a)
    theirs = (1 - mine) / b_seats if b_seats else 0.0
    if one_seat:  # the same game, the same seeds, ``b`` in that seat too
        base = [make_agent(b, seed=1000 * i + s) for s in range(players)]
        theirs = _share(play_game(game, base, seed=i).returns(), [i % players])
    counts = [search_counts(agents[s]) for s in seats_a]
    total = (sum(c[0] for c in counts), sum(c[1] for c in counts), sum(c[2] for c in counts))
    return mine, theirs, time.process_time() - started, total


def match(
    runner: Runner,
    game_id: str,
    players: int,
    options: dict[str, Any],
    a: str,
    b: str,
    games: int,
    first: int = 0,
) -> tuple[float, int, float]:
    """``a``'s win share against ``b`` over games ``first`` .. ``first + games - 1``
    (running tally on stderr); wins, games and CPU seconds per game."""
    won, cpu, theirs = 0.0, 0.0, 0.0
    diffs: list[float] = []
    searches = [0, 0, 0]
    jobs = [(game_id, players, options, a, b, i, ONE_SEAT) for i in range(first, first + games)]
    for done, (share, other, seconds, counts) in enumerate(runner.map(_match_game, jobs), 1):
        won += share
        theirs += other
        diffs.append(share - other)
        cpu += seconds
        searches = [x + y for x, y in zip(searches, counts, strict=True)]
        print(
            f"  {a} vs {b}, {players} players: {won:g} of {done} (game {first + done - 1}: "
            f"{share:g}, the second in that seat {other:g}, {seconds:.2f} CPU s; "
            f"simulations/decision {searches[1] / max(searches[0], 1):.1f})",
            file=sys.stderr,
            flush=True,
        )
    d, dhalf = mean_ci(diffs) if len(diffs) > 1 else (math.nan, math.nan)
    LAST.update(
        diff=d,
        diff_half=dhalf,
        theirs=theirs / max(games, 1),
        per_decision=searches[1] / max(searches[0], 1),
        early=searches[2] / max(searches[0], 1),
        decisions=searches[0] / max(games, 1),
    )
    return won, games, cpu / max(games, 1)


LAST: dict[str, float] = {}  # the last match's other figures (see match)


def matches(
    runner: Runner,
    game_id: str,
    counts: tuple[int, ...],
    options: dict[str, Any],
    pairs: list[tuple[str, str, int]],
    first: int,
) -> None:
    name = highcamp.load_game(game_id, players=counts[0], **options).info.title
    print(f"{name}, options {options or 'default'}, games from {first}: win share of the first")
    print("agent (ties split), " + ("one seat" if ONE_SEAT else "seats alternating"))
    print(
        "| players | match | games | won | win share | 95% CI | "
        + ("the second in that seat | paired gain" if ONE_SEAT else "other seats' share | -")
        + " | decisions/game | simulations/decision | stopped early | CPU s/game |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for players in counts:
        for a, b, n in pairs:
            if n <= 0:
                continue
            won, n, cpu = match(runner, game_id, players, options, a, b, n, first)
            lo, hi = wilson(won, n)
            print(
                f"| {players} | {a} vs {b} | {n} | {won:g} | {won / n:.0%} | {lo:.0%}-{hi:.0%} "
                f"| {LAST['theirs']:.0%} | "
                + (f"{LAST['diff']:+.0%} ± {LAST['diff_half']:.0%}" if ONE_SEAT else "-")
                + f" | {LAST['decisions']:.0f} | {LAST['per_decision']:.1f} "
                f"| {LAST['early']:.0%} | {cpu:.2f} |",
                flush=True,
            )


def _random_seats(job: tuple[int, int]) -> list[float]:
    """One Disaster game with every seat random: each seat's share of the win."""
    players, i = job
    game = highcamp.load_game("disaster", players=players)
    agents = [make_agent("random", seed=1000 * i + s) for s in range(players)]
    returns = play_game(game, agents, seed=i).returns()
    best = max(returns)
    top = [s for s in range(players) if returns[s] == best]
    return [1 / len(top) if s in top else 0.0 for s in range(players)]


def disaster(runner: Runner, games: int) -> None:
    print("Disaster: seat win rates (all random), then heuristic against random")
    print("(seats alternate, so the heuristic holds half the seats on average: 50% is no edge)")
    print("| players | seat win rates, all random (95% CI of seat 1) | heuristic vs random |")
    print("|---|---|---|")
    for players in (2, 3, 4):
        seats = [0.0] * players
        for shares in runner.map(_random_seats, [(players, i) for i in range(games)]):
            seats = [s + x for s, x in zip(seats, shares, strict=True)]
        lo, hi = wilson(seats[0], games)
        rates = ", ".join(f"{100 * w / games:.0f}%" for w in seats)
        won, n, _ = match(runner, "disaster", players, {}, "heuristic", "random", games)
        hlo, hhi = wilson(won, n)
        print(
            f"| {players} | {rates} (seat 1: {lo:.0%}-{hi:.0%}) | {won / n:.0%} "
            f"({hlo:.0%}-{hhi:.0%}) |",
            flush=True,
        )


def deviations(game_id: str, players: int, spec: str, count: int) -> None:
    """Where ``spec`` leaves the heuristic's move, at ``count`` positions of heuristic
    self-play (see the module)."""
    game = highcamp.load_game(game_id, players=players)
    positions: list[State] = []
    seed = 0
    while len(positions) < count and seed < 10 * count:
        state = game.new_initial_state(seed)
        seats = [make_agent("heuristic", seed=100 * seed + p) for p in range(players)]
        k = 0
        while not state.is_terminal() and len(positions) < count:
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            if len(state.legal_actions()) > 1:
                if k % 7 == 3:
                    positions.append(state.clone())
                k += 1
            state.apply_action(seats[state.current_player()].act(state))
        seed += 1
    differ: Counter[tuple[str, str]] = Counter()
    decisions, simulations, early = 0, 0, 0
    for i, state in enumerate(positions):
        agent = make_agent(spec, seed=i)
        chosen = agent.act(state.clone())
        guide = make_agent("heuristic", seed=i).act(state.clone())
        if chosen != guide:
            differ[(state.action_to_string(guide), state.action_to_string(chosen))] += 1
        d, n, e = search_counts(agent)
        decisions, simulations, early = decisions + d, simulations + n, early + e
    print(
        f"{game.info.title}, {players} players, {spec}: {sum(differ.values())} of "
        f"{len(positions)} decisions differ from the heuristic's; simulations/decision "
        f"{simulations / max(decisions, 1):.0f}, stopped early {early} of {decisions}"
    )
    for (guide_text, chosen_text), n in differ.most_common():
        print(f"  heuristic {guide_text!r} -> search {chosen_text!r}: {n}")


SOLITAIRE = {"everest": "disaster-on-everest", "k2": "disaster-on-k2"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "part",
        choices=(
            "everest",
            "k2",
            "two-player",
            "everest-go",
            "disaster",
            "disaster-match",
            "deviations",
        ),
    )
    parser.add_argument("--game", default="everest-go", help="deviations: the game")
    parser.add_argument("--positions", type=int, default=25, help="deviations: positions")
    parser.add_argument("--games", type=int, default=100, help="random and heuristic games")
    parser.add_argument("--mcts-games", type=int, default=8, help="games of the search agent")
    parser.add_argument("--budget", type=int, default=10, help="its iterations per move")
    parser.add_argument("--search", help="the search agent's spec (default mcts:BUDGET)")
    parser.add_argument(
        "--against", default="heuristic", help="matches: the search's opponent (e.g. medium)"
    )
    parser.add_argument("--players", type=int, help="everest-go: one player count (else 2-4)")
    parser.add_argument("--mountain", choices=tuple(SOLITAIRE), default="everest")
    parser.add_argument("--first-seed", type=int, default=0, help="games start here")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--one-seat", action="store_true", help="the search at one seat only")
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="time budgets in CPU seconds (a quiet machine's search whatever the load)",
    )
    parser.add_argument("--results", help="solitaire: keep each game in this JSONL (resumes)")
    args = parser.parse_args(argv)
    global ONE_SEAT, RESULTS, CPU_CLOCK
    ONE_SEAT, RESULTS, CPU_CLOCK = args.one_seat, args.results, args.cpu_clock
    options: dict[str, Any] = dict(o.split("=", 1) for o in args.option)
    search = args.search or f"mcts:{args.budget}"
    runner = Runner(args.workers, args.cpu_clock)
    first = args.first_seed
    if args.part in SOLITAIRE:
        specs = [("random", args.games), ("heuristic", args.games), (search, args.mcts_games)]
        solitaire(runner, SOLITAIRE[args.part], options, specs, first)
    elif args.part in ("two-player", "everest-go", "disaster-match"):
        pairs = [("heuristic", "random", args.games), (search, args.against, args.mcts_games)]
        counts: tuple[int, ...]
        if args.part == "two-player":
            game_id, counts = SOLITAIRE[args.mountain], (2,)
        elif args.part == "disaster-match":
            game_id, counts = "disaster", (args.players or 4,)
        else:
            game_id, counts = "everest-go", ((args.players,) if args.players else (2, 3, 4))
        matches(runner, game_id, counts, options, pairs, first)
    elif args.part == "deviations":
        deviations(args.game, args.players or 2, search, args.positions)
    else:
        disaster(runner, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
