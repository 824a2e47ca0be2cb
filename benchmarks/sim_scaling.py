"""How the simulator scales: games a second against the number of workers, with and without
the SQL store, and the Ray backend against local worker processes on the same run.

Each case plays the same seeded games (``highcamp simulate``'s scheduler, chunks sized by
speed) in this process (``here``), then with 1, 2, ... worker processes, then on a local Ray
instance with as many CPUs (started, and its workers warmed by a short run, before the
timing; the start is shown apart). ``speed-up`` is against ``here``; ``efficiency`` is speed-up
divided by workers (1.0 is linear). With ``--store`` every chunk is also written to a fresh
SQLite file, as ``highcamp simulate`` does.

    .venv/bin/python benchmarks/sim_scaling.py
    .venv/bin/python benchmarks/sim_scaling.py --cases disaster --store --ray
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import highcamp
from highcamp.sim import Backend, Job, ProcessBackend, Scheduler, cores, master_key, parse_agents
from highcamp.store import ResultStore, RunSpec


@dataclass(frozen=True)
class Case:
    """One simulation to time."""

    game: str
    agents: str
    options: tuple[tuple[str, Any], ...]
    games: int
    note: str


CASES = {
    "everest-1924": Case("everest-1924", "random", (), 300_000, "random play, ~30 µs a game"),
    "disaster": Case("disaster", "random", (("players", 4),), 10_000, "4 players, random play"),
    "disaster-on-everest": Case(
        "disaster-on-everest", "heuristic", (), 600, "the leader heuristic, solitaire"
    ),
    "everest-go": Case("everest-go", "random", (("players", 3),), 3_000, "3 players, random play"),
}


def _time(case: Case, backend: Backend | None, store: bool) -> tuple[float, int]:
    """Seconds to play the case (and store it), and the games played."""
    game = highcamp.load_game(case.game, **dict(case.options))
    agents = parse_agents(case.agents, game.num_players, case.game)
    job = Job(0, case.game, tuple(game.options.items()), agents, master_key(1), ((0, case.games),))
    with tempfile.TemporaryDirectory() as folder:
        results = ResultStore(f"sqlite:///{Path(folder) / 'runs.db'}") if store else None
        run = None
        if results is not None:
            run = results.open_run(
                RunSpec.make(
                    case.game, agents, seed=1, games=case.games, options=dict(case.options)
                )
            )
        t0 = time.perf_counter()
        played = 0
        for chunk in Scheduler([job], backend, encode=store).chunks():
            if results is not None and run is not None:
                results.add_chunk(
                    run.id, 0, chunk.start, chunk.stop, chunk.records, chunk.seconds, chunk.stored
                )
            played += len(chunk.records)
        return time.perf_counter() - t0, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="*", default=list(CASES), choices=list(CASES))
    parser.add_argument("--workers", type=int, default=cores(), help="most workers tried")
    parser.add_argument("--store", action="store_true", help="write every chunk to SQLite")
    parser.add_argument("--ray", action="store_true", help="also time a local Ray instance")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games")
    args = parser.parse_args()
    print(f"{cores()} cores; store: {'SQLite' if args.store else 'none'}")
    print(f"{'case':22} {'backend':10} {'workers':>7} {'games/s':>10} {'speed-up':>8} {'eff.':>6}")
    for name in args.cases:
        base = CASES[name]
        case = Case(base.game, base.agents, base.options, int(base.games * args.scale), base.note)
        seconds, played = _time(case, None, args.store)
        here = played / seconds
        print(f"{name:22} {'here':10} {1:>7} {here:>10,.0f} {1.0:>8.2f} {1.0:>6.2f}")
        local_rate = {}
        for workers in range(1, args.workers + 1):
            seconds, played = _time(case, ProcessBackend(workers), args.store)
            rate = played / seconds
            local_rate[workers] = rate
            print(
                f"{'':22} {'local':10} {workers:>7} {rate:>10,.0f} {rate / here:>8.2f} "
                f"{rate / here / workers:>6.2f}"
            )
        if args.ray:
            import ray

            from highcamp.sim.ray_backend import RayBackend

            t0 = time.perf_counter()
            ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
            started = time.perf_counter() - t0
            try:  # a first short run starts Ray's worker processes (not timed)
                warm = Case(case.game, case.agents, case.options, 8 * args.workers, "")
                _time(warm, RayBackend(), False)
                seconds, played = _time(case, RayBackend(), args.store)
            finally:
                ray.shutdown()
            rate = played / seconds
            versus = rate / local_rate[args.workers]
            print(
                f"{'':22} {'ray':10} {args.workers:>7} {rate:>10,.0f} {rate / here:>8.2f} "
                f"{rate / here / args.workers:>6.2f}   {versus:.2f}x local; "
                f"Ray started in {started:.1f} s"
            )
        print(f"{'':22} ({case.games:,} games: {case.note})")


if __name__ == "__main__":
    main()
