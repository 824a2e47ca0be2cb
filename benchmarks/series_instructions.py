"""Machine instructions per action of a random playout, counted by valgrind's callgrind: a
measure of the work that a loaded shared machine does not disturb (the same count, to about
0.1%, whatever else runs), for the Disaster series before and after a change and for pig.

The count of one run that plays the seeded games (the loop of ``throughput.py``, seeds
0-29) less that of a run that plays none (start-up, imports, the game's first state),
divided by the actions played. Run from the repository root, with the old sources on the
path for the "old" figures::

    .venv/bin/python benchmarks/series_instructions.py pig
    PYTHONPATH=/tmp/series-old/src .venv/bin/python benchmarks/series_instructions.py '["disaster-on-k2", {}]'
    PYTHONPATH=src .venv/bin/python benchmarks/series_instructions.py '["disaster-on-k2", {}]'

Each prints one JSON line: the case, the actions and the instructions per action. An
instruction is not a fixed time (a cache miss costs more than an addition), so the
instructions of two codes compare their work; ``series_cpu_time.py`` remains the measure of
time.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile

from playout import pyspiel_playout, random_playout

SEEDS = range(30)
PIG_GAMES = 300


def _play(case: str, games: bool) -> int:
    """Play the case's seeded games (``games``) or none; the actions played."""
    if case == "pig":
        import pyspiel

        game = pyspiel.load_game("pig")
        terminal, chance = pyspiel.PlayerId.TERMINAL, pyspiel.PlayerId.CHANCE
        rng = random.Random(1)
        return sum(
            pyspiel_playout(game.new_initial_state(), rng, terminal, chance)
            for _ in range(PIG_GAMES if games else 0)
        )
    import highcamp

    game_id, options = json.loads(case)
    game = highcamp.load_game(game_id, **options)
    game.new_initial_state(0)  # the first state's one-off work is in both runs
    return sum(
        random_playout(game.new_initial_state(seed), random.Random(seed))
        for seed in (SEEDS if games else ())
    )


def _instructions(case: str, games: bool) -> tuple[int, int]:
    """(instructions, actions) of one run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "actions")
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                __file__,
                "--play",
                case,
                "1" if games else "0",
                out,
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        with open(out) as f:
            actions = int(f.read())
    collected = [line for line in run.stderr.splitlines() if "Collected" in line]
    return int(collected[-1].split()[-1]), actions


def main(argv: list[str]) -> int:
    if len(argv) == 4 and argv[0] == "--play":  # the child run under callgrind
        actions = _play(argv[1], argv[2] == "1")
        with open(argv[3], "w") as f:
            f.write(str(actions))
        return 0
    if len(argv) != 1:
        print(__doc__)
        return 2
    case = argv[0]
    base, _ = _instructions(case, games=False)
    total, actions = _instructions(case, games=True)
    per = (total - base) / actions
    shown: object = case if case == "pig" else json.loads(case)
    print(json.dumps({"case": shown, "actions": actions, "instructions_per_action": round(per)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
