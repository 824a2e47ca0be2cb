"""The first exact hints off the policy on the standard Everest 1924 sheet (wall clock).

The policy holds the positions optimal play can meet; a move it never makes (a camp at the
first ascent, say) leads to positions the memo lacks, which the compiled solver solves on
demand. This times, in a fresh process with the sheet's policy in the cache: loading the
policy, then (after ``--wait`` seconds, the time a player looks at the sheet) the hint at
the start (whose camp successor is off the policy), the hint after that off-policy camp and
the next one. Speeds drift with the machine's load: compare runs made together.

    PYTHONPATH=src .venv/bin/python benchmarks/everest1924_first_hint.py --wait 5
"""

from __future__ import annotations

import argparse
import time

import highcamp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wait", type=float, default=5.0, help="seconds before the first hint")
    parser.add_argument("--sheet", default="standard")
    args = parser.parse_args()
    game = highcamp.load_game("everest-1924", sheet=args.sheet)
    solver = game.exact_solver()
    if solver is None:
        raise SystemExit("everest-1924 hands out no exact solver")
    t0 = time.perf_counter()
    solver.solve()
    print(f"policy loaded in {time.perf_counter() - t0:.2f} s")
    time.sleep(args.wait)
    state = game.new_initial_state(0)

    def hint(what: str) -> None:
        t = time.perf_counter()
        solver.action_values(state)
        print(f"{what}: {1000 * (time.perf_counter() - t):.0f} ms")

    hint("first hint, at the start")
    state.apply_action(state.string_to_action("roll"))
    for text in ("die 1 shows 1", "die 2 shows 2", "die 3 shows 3"):
        state.apply_action(state.string_to_action(text))
    state.apply_action(state.string_to_action("camp"))  # the policy ascends here
    hint("hint after an off-policy camp")
    state.apply_action(state.string_to_action("roll"))
    for text in ("die 1 shows 2", "die 2 shows 3", "die 3 shows 4"):
        state.apply_action(state.string_to_action(text))
    hint("the next hint")


if __name__ == "__main__":
    main()
