"""Where a Disaster-series random playout spends its time: Python calls per action and the
functions with the most own time under cProfile, over seeded games (deterministic, so free
of the machine's load); or, from a py-spy sample (``--raw``), the share of each part.

Run from the repository root::

    PYTHONPATH=src .venv/bin/python benchmarks/series_profile.py '["disaster-on-k2", {}]'
    PYTHONPATH=src .venv/bin/py-spy record -r 400 -f raw -o /tmp/k2.txt -- \\
        .venv/bin/python benchmarks/series_cpu_time.py '["disaster-on-k2", {}]'
    .venv/bin/python benchmarks/series_profile.py --raw /tmp/k2.txt
    .venv/bin/python benchmarks/series_profile.py --floor
    PYTHONPATH=src .venv/bin/python benchmarks/series_profile.py --lines '["disaster-on-k2", {}]'

The first prints the calls per action (seeds 0-29, the loop of ``throughput.py``) and the
top 12 functions by own time; the second the share of the samples in the movement step's
legal actions (``_move_actions`` and what it calls), the dispatch (the contract's entry
points, the phase switches, chance sampling), the random loop itself and the rest of the
rules' transitions; the third the same loop over a trivial game (what the loop and the
contract's calls cost alone); the fourth the Python lines run per action (deterministic)
and the functions that run the most.
"""

from __future__ import annotations

import collections
import cProfile
import io
import json
import pstats
import random
import re
import sys
import time
import types
from typing import Any

from playout import random_playout

GAMES = 30
TOP = int(__import__("os").environ.get("TOP", "12"))  # functions listed by --lines
DISPATCH = frozenset(
    {
        "current_player",
        "_chance_outcomes",
        "_sample_chance",
        "_is_legal",
        "_compute_legal",
        "_apply",
        "apply_action",
        "legal_actions",
        "_legal_actions",
        "apply_random_chance",
        "_die_rolled",
    }
)


def calls_per_action(game_id: str, options: dict[str, object]) -> None:
    """cProfile over :data:`GAMES` seeded random games: calls per action, top functions."""
    import highcamp

    game = highcamp.load_game(game_id, **options)
    profiler = cProfile.Profile()
    actions = 0
    profiler.enable()
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        actions += random_playout(state, rng)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    calls: int = stats.total_calls  # type: ignore[attr-defined]  # set by pstats
    print(
        f"{game_id} {json.dumps(options)}: {actions:,} actions, {calls:,} calls, "
        f"{calls / actions:.1f} calls per action"
    )
    stats.strip_dirs().sort_stats("tottime").print_stats(12)
    print(out.getvalue())


def lines_per_action(game_id: str, options: dict[str, object]) -> None:
    """Python lines run per action (``sys.settrace`` over the same seeded games as
    :func:`calls_per_action`; deterministic, a finer measure of the work than calls) and
    the functions that run the most lines."""
    import highcamp

    game = highcamp.load_game(game_id, **options)
    lines: collections.Counter[tuple[str, str]] = collections.Counter()
    ours = ("highcamp", "playout", "random.py")

    def local(frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            code = frame.f_code
            lines[(f"{code.co_filename.split('/')[-1]}:{code.co_firstlineno}", code.co_name)] += 1
        return local

    def calls(frame: types.FrameType, event: str, arg: Any) -> Any:
        return local if any(o in frame.f_code.co_filename for o in ours) else None

    actions = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        sys.settrace(calls)
        actions += random_playout(state, rng)
        sys.settrace(None)
    total = sum(lines.values())
    print(
        f"{game_id} {json.dumps(options)}: {actions:,} actions, {total / actions:.1f} lines per action"
    )
    for (where, name), n in lines.most_common(TOP):
        print(f"{n / actions:6.2f}  {where} {name}")


def shares(path: str) -> None:
    """The parts of a py-spy ``raw`` sample, by share of the samples."""
    parts: collections.Counter[str] = collections.Counter()
    total = 0
    with open(path, encoding="utf-8") as sample:
        lines = sample.read().splitlines()
    for line in lines:
        line = line.rstrip()
        if not line:
            continue
        stack, count = line.rsplit(" ", 1)
        n = int(count)
        total += n
        frames = []
        for f in stack.split(";"):
            m = re.match(r"(.*) \((.*?):(\d+)\)", f)
            frames.append((m.group(1).split(".")[-1], m.group(2)) if m else (f, ""))
        leaf, where = frames[-1]
        if "importlib" in where or "<frozen" in where:
            parts["start-up (imports)"] += n
        elif any(name == "_move_actions" for name, _ in frames):
            parts["legal actions of the movement step (_move_actions and below)"] += n
        elif where.endswith(("random.py", "series_cpu_time.py")):
            parts["the random loop itself (its lines, random.choice)"] += n
        elif leaf in DISPATCH or where.endswith(("phases.py", "chance.py", "core/game.py")):
            parts["dispatch: the contract's entry points, phase switches, chance (own)"] += n
        else:
            parts["the rules' transitions (movement, events, queue, end of turn...)"] += n
    for part, n in parts.most_common():
        print(f"{n / total * 100:5.1f}% {part}")


def floor(seconds: float = 3.0) -> float:
    """The same loop over a trivial game of 220 actions (three legal actions each, a memo
    handed out as a copy, the history kept): what the loop and the contract's calls cost
    alone, in actions per CPU second."""

    class Trivial:
        __slots__ = ("_cache", "_history", "_log", "n", "phase")

        def __init__(self) -> None:
            self.phase, self.n, self._log = 0, 0, None
            self._cache: list[int] | None = [1, 2, 3]
            self._history: list[int] = []

        def current_player(self) -> int:
            return -2 if self.phase == 9 else 0

        def legal_actions(self) -> list[int]:
            cache = self._cache
            return [] if cache is None else cache.copy()

        def apply_action(self, action: int) -> None:
            cache = self._cache
            if cache is not None and type(action) is int and action in cache:
                self._apply(action)
                self._history.append(action)

        def _apply(self, action: int) -> None:
            self._cache = None
            self.n += 1
            if self.n >= 220:
                self.phase = 9
            self._cache = [1, 2, 3]

    clock = time.process_time
    actions, seed, start = 0, 0, clock()
    while clock() - start < seconds:
        rng, state = random.Random(seed), Trivial()
        seed += 1
        while state.current_player() != -2:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (clock() - start)


USAGE = (
    "usage: series_profile.py CASE | --lines CASE | --raw PYSPY_RAW_FILE | --floor\n"
    """  CASE is a JSON pair of a game id and its options, e.g. '["disaster-on-k2", {}]'"""
)


def _case(text: str) -> tuple[str, dict[str, object]]:
    """A case from its JSON text, or a usage error that says what was wrong."""
    try:
        game_id, options = json.loads(text)
    except (ValueError, TypeError) as err:
        raise SystemExit(f"not a case ({err}): {text!r}\n{USAGE}") from None
    if not isinstance(game_id, str) or not isinstance(options, dict):
        raise SystemExit(f"not a case (a game id and an options object): {text!r}\n{USAGE}")
    return game_id, options


def main(argv: list[str]) -> int:
    """Run the profile that ``argv`` names; a usage message (exit 2) for anything else."""
    wants_arg = {"--lines": 2, "--raw": 2}
    if not argv or argv[0] in ("-h", "--help") or len(argv) < wants_arg.get(argv[0], 1):
        print(USAGE, file=sys.stderr)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    if argv[:1] == ["--floor"]:
        print(json.dumps({"case": "floor", "actions_per_cpu_s": round(floor())}))
        return 0
    if argv[:1] == ["--lines"]:
        game_id, options = _case(argv[1])
        lines_per_action(game_id, options)
        return 0
    if argv[:1] == ["--raw"]:
        shares(argv[1])
        return 0
    game_id, options = _case(argv[0])
    calls_per_action(game_id, options)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
