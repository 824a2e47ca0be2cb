"""Throughput of random playouts for every registered game, on one core.

Run it from the repository root::

    .venv/bin/python benchmarks/throughput.py [--seconds S] [--games id,...] [--profile]

For every game of ``highcamp.list_games()`` and each of its ``variants()``, random playouts
are driven through the public contract only, with this loop::

    state = game.new_initial_state(seed)
    while True:
        p = state.current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1                       # every applied action, chance steps included

Each case runs for a fixed time budget (``--seconds``, split over ``--repeats`` repeats)
after a short warm-up, and the best repeat is reported. Clone and JSON round-trip rates
are measured on mid-game states (they matter for search).

The reference is OpenSpiel's C++ dice game ``pig`` (default options: 2 players,
winscore 100, 6-sided die, horizon 1000) driven by the same loop through ``pyspiel``
(a chance step recognised by ``p == CHANCE`` and sampled with ``rng.random()`` against
``state.chance_outcomes()``), plus two OpenSpiel games written in Python (``python_kuhn_poker``,
``python_tic_tac_toe``) for context. They need the ``rl`` extra
(``pip install -e '.[dev,rl]'``); without it the reference is skipped with a note.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import json
import os
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

import highcamp
from playout import pyspiel_playout, random_playout

WARMUP_SECONDS = 0.3
MID_GAME_STATES = 200
POOL_FACTOR = 10
PROFILE_GAME = "everest-1924"
REFERENCE_GAME = "pig"
PYTHON_REFERENCE_GAMES = ("python_kuhn_poker", "python_tic_tac_toe")


@dataclass(frozen=True)
class Rate:
    """The best repeat of one measurement: items done (games, or operations) and time."""

    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else 0.0


# A runner plays games (or does operations) until the deadline; returns (games, actions).
Runner = Callable[[float, int], tuple[int, int]]


def measure(runner: Runner, seconds: float, repeats: int) -> Rate:
    """Warm up, then run ``repeats`` timed repeats of ``seconds / repeats`` each; keep the
    fastest (by actions per second, or operations per second)."""
    runner(time.perf_counter() + WARMUP_SECONDS, 10_000_000)
    budget = seconds / repeats
    best: Rate | None = None
    for repeat in range(repeats):
        start = time.perf_counter()
        games, actions = runner(start + budget, repeat * 1_000_000)
        rate = Rate(games, actions, time.perf_counter() - start)
        if best is None or rate.actions_per_s > best.actions_per_s:
            best = rate
    assert best is not None
    return best


# ----------------------------------------------------------------------- highcamp
def highcamp_playouts(game: highcamp.Game) -> Runner:
    """Random playouts of ``game`` through the public contract."""

    def run(deadline: float, seed0: int) -> tuple[int, int]:
        rng = random.Random(seed0)
        clock = time.perf_counter
        games = actions = 0
        seed = seed0
        while clock() < deadline:
            state = game.new_initial_state(seed)
            actions += random_playout(state, rng)
            games += 1
            seed += 1
        return games, actions

    return run


def _random_steps(game: highcamp.Game, seed: int, limit: int | None) -> highcamp.State:
    """The state after ``limit`` steps (or at the end) of random playout number ``seed``."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    random_playout(state, rng, limit)
    return state


def mid_game_states(game: highcamp.Game, count: int) -> list[highcamp.State]:
    """Mid-game states: halfway through each of the ``count`` longest of
    ``POOL_FACTOR * count`` random playouts (random play often ends a game at once, e.g.
    by abandoning, and a search works on states deeper than that)."""
    lengths = [
        (len(_random_steps(game, seed, None).history()), seed)
        for seed in range(POOL_FACTOR * count)
    ]
    lengths.sort(reverse=True)
    return [_random_steps(game, seed, length // 2) for length, seed in lengths[:count]]


def new_state_runner(game: highcamp.Game) -> Runner:
    """``game.new_initial_state(seed)`` until the deadline; counts states."""

    def run(deadline: float, seed0: int) -> tuple[int, int]:
        clock = time.perf_counter
        seed = seed0
        while clock() < deadline:
            for s in range(seed, seed + 100):
                game.new_initial_state(s)
            seed += 100
        return seed - seed0, seed - seed0

    return run


def op_runner(states: list[Any], op: Callable[[Any], object]) -> Runner:
    """Apply ``op`` to the states in turn until the deadline; counts operations."""

    def run(deadline: float, seed0: int) -> tuple[int, int]:
        clock = time.perf_counter
        ops = 0
        while clock() < deadline:
            for state in states:
                op(state)
            ops += len(states)
        return ops, ops

    return run


def mean_history(states: list[Any]) -> float:
    """Mean history length of states (highcamp or OpenSpiel)."""
    return sum(len(s.history()) for s in states) / len(states)


def highcamp_clone(state: highcamp.State) -> object:
    return state.clone()


def json_round_trip(game: highcamp.Game) -> Callable[[highcamp.State], object]:
    """``to_json`` -> JSON text -> ``state_from_json`` (a save and a load)."""

    def op(state: highcamp.State) -> object:
        return game.state_from_json(json.dumps(state.to_json()))

    return op


# ------------------------------------------------------------------------ pyspiel
def load_pyspiel() -> Any | None:
    """The ``pyspiel`` module, or None when the ``rl`` extra is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def pyspiel_playouts(pyspiel: Any, game: Any) -> Runner:
    """Random playouts of an OpenSpiel game, with the loop of :func:`highcamp_playouts`.

    Chance steps are sampled with ``rng.random()`` against ``state.chance_outcomes()``
    (what ``apply_random_chance`` does inside highcamp, from the state's own generator).
    A chance step is recognised by ``p == CHANCE``, as in the highcamp loop.
    """
    TERMINAL = pyspiel.PlayerId.TERMINAL
    CHANCE = pyspiel.PlayerId.CHANCE

    def run(deadline: float, seed0: int) -> tuple[int, int]:
        rng = random.Random(seed0)
        clock = time.perf_counter
        games = actions = 0
        while clock() < deadline:
            actions += pyspiel_playout(game.new_initial_state(), rng, TERMINAL, CHANCE)
            games += 1
        return games, actions

    return run


def _pyspiel_random_steps(game: Any, seed: int, limit: int | None) -> Any:
    """As :func:`_random_steps`, for an OpenSpiel game (chance sampled from the rng)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return state


def pyspiel_mid_game_states(game: Any, count: int) -> list[Any]:
    """Mid-game states of an OpenSpiel game, chosen as in :func:`mid_game_states`."""
    lengths = [
        (len(_pyspiel_random_steps(game, seed, None).history()), seed)
        for seed in range(POOL_FACTOR * count)
    ]
    lengths.sort(reverse=True)
    return [_pyspiel_random_steps(game, seed, length // 2) for length, seed in lengths[:count]]


def pyspiel_clone(state: Any) -> object:
    return state.clone()


def pyspiel_round_trip(game: Any) -> Callable[[Any], object]:
    """``serialize`` -> ``deserialize_state`` (OpenSpiel's save and load; replays history)."""

    def op(state: Any) -> object:
        return game.deserialize_state(state.serialize())

    return op


# -------------------------------------------------------------------------- report
def variant_label(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "default"


def fmt(x: float) -> str:
    return f"{x:,.0f}"


def series_build() -> str:
    """Which build of the Disaster series runs: ``compiled`` (``make native``) or the
    sources (and why)."""
    from highcamp.games.disaster_series import native

    return native.status()


def machine_line() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} CPUs (1 used), Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.system()}"
    )


def select_games(wanted: str | None) -> list[str]:
    known = highcamp.list_games()
    if not wanted:
        return known
    ids = [g.strip() for g in wanted.split(",") if g.strip()]
    unknown = [g for g in ids if g not in known]
    if unknown:
        raise SystemExit(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(known)}")
    return ids


def profile_everest(console: Console, seconds: float) -> None:
    """Run the Everest 1924 loop under cProfile and print the top 25 by tottime."""
    game = highcamp.load_game(PROFILE_GAME)
    run = highcamp_playouts(game)
    profiler = cProfile.Profile()
    profiler.enable()
    games, actions = run(time.perf_counter() + seconds, 0)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(25)
    console.print(
        f"[bold]cProfile of the {PROFILE_GAME} loop[/bold] "
        f"({games:,} games, {actions:,} actions, under the profiler; top 25 by tottime)"
    )
    print(out.getvalue())  # plain: pstats lines are wider than a piped console


# ------------------------------------------------------- Disaster series, before/after
SERIES_CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-k2", {"guide": "sherpa", "game": "advanced"}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-campaign", {}),
)
"""The Disaster-series cases of ``--compare-with``: each mountain solitaire (basic, and
advanced), with two players, and the campaign (its default order)."""
SERIES_MID_STATES = 50


def heuristic_playouts(game: highcamp.Game) -> Runner:
    """Games of the game's heuristic agent in every seat (the simulator's common case)."""
    from highcamp.agents import make_agent

    CHANCE = highcamp.CHANCE

    def run(deadline: float, seed0: int) -> tuple[int, int]:
        clock = time.perf_counter
        games = actions = 0
        seed = seed0
        while clock() < deadline:
            agents = [make_agent("heuristic", seed=seed + p) for p in range(game.num_players)]
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_random_chance()
                else:
                    state.apply_action(agents[state.current_player()].act(state))
                actions += 1
            games += 1
            seed += 1
        return games, actions

    return run


def series_worker(spec: str, seconds: float, repeats: int) -> int:
    """Measure one case (``game_id`` and options as JSON) with the highcamp on the path and
    print the rates as JSON: random playouts, clone of mid-game states, heuristic games."""
    game_id, options = json.loads(spec)
    game = highcamp.load_game(game_id, **options)
    rate = measure(highcamp_playouts(game), seconds, repeats)
    states = mid_game_states(game, SERIES_MID_STATES)
    clone = measure(op_runner(states, highcamp_clone), seconds / 2, repeats)
    heur = measure(heuristic_playouts(game), seconds, repeats)
    out = {
        "actions_per_s": rate.actions_per_s,
        "games_per_s": rate.games_per_s,
        "clones_per_s": clone.games_per_s,
        "heuristic_games_per_s": heur.games_per_s,
        "source": os.path.dirname(os.path.dirname(os.path.abspath(highcamp.__file__))),
    }
    print(json.dumps(out))
    return 0


def _run_worker(src: str, case: tuple[str, dict[str, Any]], args: Any) -> dict[str, Any]:
    import subprocess

    env = {**os.environ, "PYTHONPATH": src}
    cmd = [
        sys.executable,
        os.path.abspath(__file__),
        "--series-worker",
        json.dumps(case),
        "--seconds",
        str(args.seconds),
        "--repeats",
        str(args.repeats),
    ]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare_series(console: Console, args: Any) -> int:
    """Before/after of the Disaster series in one run: OpenSpiel's pig measured here (at the
    start and at the end, the mean kept), and each case of :data:`SERIES_CASES` measured
    in a fresh process with the old sources (``--compare-with``) and with this checkout's,
    one after the other."""
    new_src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    old_src = os.path.abspath(args.compare_with)
    pyspiel = load_pyspiel()
    if pyspiel is None:
        raise SystemExit("--compare-with needs the pig reference: the `rl` extra")
    pig_game = pyspiel.load_game(REFERENCE_GAME)
    pig_before = measure(pyspiel_playouts(pyspiel, pig_game), args.seconds, args.repeats)
    rows = []
    for case in SERIES_CASES:
        old = _run_worker(old_src, case, args)
        new = _run_worker(new_src, case, args)
        rows.append((case, old, new))
    pig_after = measure(pyspiel_playouts(pyspiel, pig_game), args.seconds, args.repeats)
    pig = (pig_before.actions_per_s + pig_after.actions_per_s) / 2
    table = Table(title=f"Disaster series before/after (old: {old_src})")
    cols = (
        "game",
        "variant",
        "old actions/s",
        "new actions/s",
        f"old vs {REFERENCE_GAME}",
        f"new vs {REFERENCE_GAME}",
        "speed-up",
        "clone old/new",
        "heuristic games/s old/new",
    )
    for col in cols:
        table.add_column(col, justify="left" if col in ("game", "variant") else "right")
    for (game_id, options), old, new in rows:
        table.add_row(
            game_id,
            variant_label(options),
            fmt(old["actions_per_s"]),
            fmt(new["actions_per_s"]),
            f"{old['actions_per_s'] / pig:.3f}x",
            f"{new['actions_per_s'] / pig:.3f}x",
            f"{new['actions_per_s'] / old['actions_per_s']:.2f}x",
            f"{fmt(old['clones_per_s'])} / {fmt(new['clones_per_s'])}",
            f"{old['heuristic_games_per_s']:.1f} / {new['heuristic_games_per_s']:.1f}",
        )
    console.print(f"[bold]highcamp throughput, Disaster series[/bold]: {machine_line()}")
    console.print(f"this checkout's build of the series: {series_build()}")
    console.print(
        f"{REFERENCE_GAME}: {fmt(pig_before.actions_per_s)} actions/s before, "
        f"{fmt(pig_after.actions_per_s)} after (mean {fmt(pig)} used for the ratios); "
        f"{args.seconds:g} s per measurement, {args.repeats} repeats, best kept"
    )
    console.print(table)
    return 0


def profile_game(console: Console, game_id: str, options: dict[str, Any], seconds: float) -> None:
    """Run a game's random-playout loop under cProfile; print the top 25 by tottime."""
    game = highcamp.load_game(game_id, **options)
    run = highcamp_playouts(game)
    profiler = cProfile.Profile()
    profiler.enable()
    games, actions = run(time.perf_counter() + seconds, 0)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(25)
    console.print(
        f"[bold]cProfile of the {game_id} {variant_label(options)} loop[/bold] "
        f"({games:,} games, {actions:,} actions, under the profiler; top 25 by tottime)"
    )
    print(out.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time budget per case (default 3)"
    )
    parser.add_argument(
        "--repeats", type=int, default=3, help="repeats per case, best kept (default 3)"
    )
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--no-reference", action="store_true", help="skip the OpenSpiel games")
    parser.add_argument(
        "--profile",
        action="store_true",
        help=f"run the {PROFILE_GAME} loop under cProfile instead (top 25 by tottime)",
    )
    parser.add_argument(
        "--compare-with",
        metavar="SRC",
        help="Disaster series before/after: measure its cases with the old sources SRC "
        "(a src/ directory) and with this checkout's, in the same run as pig",
    )
    parser.add_argument(
        "--profile-options",
        metavar="JSON",
        help="with --profile and --games ID: profile that game's loop with these options",
    )
    parser.add_argument("--series-worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be > 0 and --repeats >= 1")
    if args.series_worker:
        return series_worker(args.series_worker, args.seconds, args.repeats)
    console = Console()
    if not console.is_terminal:  # piped or redirected: do not wrap the tables at 80 columns
        console = Console(width=170 if args.compare_with else 120)
    if args.compare_with:
        return compare_series(console, args)

    if args.profile:
        if args.games:
            options = json.loads(args.profile_options or "{}")
            profile_game(console, select_games(args.games)[0], options, args.seconds)
        else:
            profile_everest(console, args.seconds)
        return 0
    game_ids = select_games(args.games)

    console.print(f"[bold]highcamp {highcamp.__version__} throughput[/bold]: {machine_line()}")
    console.print(
        f"{args.seconds:g} s per case ({args.repeats} repeats of {args.seconds / args.repeats:.2g}"
        f" s after {WARMUP_SECONDS:g} s warm-up, best kept); random playouts, one core; "
        f"the Disaster series' build: {series_build()}\n"
    )

    # ---- the reference first, so every game row can show its ratio
    pyspiel = None if args.no_reference else load_pyspiel()
    pig: Rate | None = None
    pig_options = ""
    refs: list[tuple[str, Rate]] = []  # (name, rate); pig is C++, the others Python
    ref_ops: list[tuple[str, float, Rate, Rate]] = []
    if pyspiel is not None:
        importlib.import_module("open_spiel.python.games")  # registers python_* games
        for name in (REFERENCE_GAME, *PYTHON_REFERENCE_GAMES):
            ref_game = pyspiel.load_game(name)
            rate = measure(
                pyspiel_playouts(pyspiel, ref_game),
                args.seconds,
                args.repeats,
            )
            if name == REFERENCE_GAME:
                pig = rate
                pig_options = variant_label(dict(sorted(ref_game.get_parameters().items())))
                states = pyspiel_mid_game_states(ref_game, MID_GAME_STATES)
                clone = measure(op_runner(states, pyspiel_clone), args.seconds, args.repeats)
                trip = measure(
                    op_runner(states, pyspiel_round_trip(ref_game)), args.seconds, args.repeats
                )
                ref_ops.append((name, mean_history(states), clone, trip))
            refs.append((name, rate))

    table = Table(title="random playouts, one core (actions include chance steps)")
    for col in ("game", "variant", "games/s", "actions/s", "actions/game", f"vs {REFERENCE_GAME}"):
        table.add_column(col, justify="left" if col in ("game", "variant") else "right")
    state_table = Table(title="state operations per second (mid-game states)")
    for col in ("game", "variant", "history", "new state", "clone", "JSON round-trip"):
        state_table.add_column(col, justify="left" if col in ("game", "variant") else "right")

    def ratio(rate: Rate) -> str:
        return f"{rate.actions_per_s / pig.actions_per_s:.2f}x" if pig else "-"

    for game_id in game_ids:
        cls = highcamp.game_class(game_id)
        for options in cls.variants():
            game = highcamp.load_game(game_id, **options)
            label = variant_label(options)
            rate = measure(highcamp_playouts(game), args.seconds, args.repeats)
            table.add_row(
                game_id,
                label,
                fmt(rate.games_per_s),
                fmt(rate.actions_per_s),
                f"{rate.actions_per_game:.1f}",
                ratio(rate),
            )
            states = mid_game_states(game, MID_GAME_STATES)
            new = measure(new_state_runner(game), args.seconds, args.repeats)
            clone = measure(op_runner(states, highcamp_clone), args.seconds, args.repeats)
            trip = measure(op_runner(states, json_round_trip(game)), args.seconds, args.repeats)
            state_table.add_row(
                game_id,
                label,
                f"{mean_history(states):.1f}",
                fmt(new.games_per_s),
                fmt(clone.games_per_s),
                fmt(trip.games_per_s),
            )

    for name, rate in refs:
        table.add_row(
            name,
            "OpenSpiel C++" if name.startswith(REFERENCE_GAME) else "OpenSpiel Python",
            fmt(rate.games_per_s),
            fmt(rate.actions_per_s),
            f"{rate.actions_per_game:.1f}",
            ratio(rate),
            style="dim",
        )
    for name, length, clone, trip in ref_ops:
        state_table.add_row(
            name,
            "OpenSpiel C++",
            f"{length:.1f}",
            "-",
            fmt(clone.games_per_s),
            fmt(trip.games_per_s),
            style="dim",
        )

    console.print(table)
    console.print(state_table)
    if args.no_reference:
        console.print("reference skipped (--no-reference)")
    elif pyspiel is None:
        console.print(
            "pyspiel reference skipped: the `rl` extra is not installed "
            "(.venv/bin/pip install -e '.[dev,rl]')",
            markup=False,
        )
    else:
        console.print(
            f"vs {REFERENCE_GAME}: actions/s relative to OpenSpiel's C++ {REFERENCE_GAME} "
            f"({pig_options}) through pyspiel, same driver loop; goal for everest-1924: >= 0.50x.\n"
            "history: mean history length of the mid-game states; new state: "
            "new_initial_state(seed); JSON round-trip: "
            "state_from_json(json.dumps(to_json())) for highcamp, "
            "deserialize_state(serialize()) for OpenSpiel (both replay the history).\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
