"""How well a two-player Disaster series value predicts the winner, turn by turn, on new games.

The fit's own held-out figures (``learned_value``) pool every turn; a search values its
leaves at every stage of the game, so here the shipped value is read on heuristic
self-play games it never saw (seeds from ``--first-seed``; every ``--every``-th decision;
drawn games left out), by stage, against two stand-ins: no skill (log-likelihood -0.693)
and the score if the game ended now (its lead, through the logistic of the best of a few
slopes, fitted on these very positions: a generous reference)::

    .venv/bin/python benchmarks/strength_values.py disaster-on-k2 --games 120
    .venv/bin/python benchmarks/strength_values.py disaster-on-everest --games 120 \\
        --value old_everest_value.json

``--value FILE`` reads another value file (e.g. an older one from git) instead of the
package's.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import highcamp
from highcamp.agents.heuristics import make_heuristic
from highcamp.agents.heuristics.learned_value import ObservationValue

STAGES = ((0, 4), (4, 8), (8, 12), (12, 99))
SLOPES = (0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0)


def _loglik(p: float, won: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return won * math.log(p) + (1 - won) * math.log(1 - p)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=("disaster-on-everest", "disaster-on-k2"))
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--first-seed", type=int, default=200)
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument("--value", type=Path, help="another value file")
    args = parser.parse_args(argv)
    game = highcamp.load_game(args.game, players=2)
    doc = json.loads(args.value.read_text()) if args.value else None
    value = ObservationValue(args.game, doc)
    rows: list[tuple[int, float, float, float]] = []  # turn, lead, value, won
    for g in range(args.first_seed, args.first_seed + args.games):
        state = game.new_initial_state(seed=g)
        agents = [make_heuristic(args.game, seed=7 + 10 * g + p) for p in range(2)]
        taken: list[tuple[int, float, float]] = []
        k = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            k += 1
            if k % args.every == 0:
                totals = [b.total for b in state.score_breakdown()]
                turn = int(state.observation(0)["turn"])
                taken.append((turn, float(totals[0] - totals[1]), value(state)[0]))
            state.apply_action(agents[state.current_player()].act(state))
        returns = state.returns()
        if returns[0] != returns[1]:
            rows.extend((t, lead, v, float(returns[0])) for t, lead, v in taken)
    print(f"{game.info.title}, two players: {len(rows)} positions of {args.games} games")
    print("| turns | positions | value: winner picked | log-lik | lead now: picked | log-lik |")
    print("|---|---:|---:|---:|---:|---:|")
    for lo, hi in STAGES:
        part = [r for r in rows if lo <= r[0] < hi]
        if not part:
            continue
        n = len(part)
        picked = sum((v > 0.5) == (won > 0.5) for _, _, v, won in part) / n
        ll = sum(_loglik(v, won) for _, _, v, won in part) / n
        lead_picked = sum((lead > 0) == (won > 0.5) for _, lead, _, won in part) / n
        lead_ll, slope = max(
            (sum(_loglik(1 / (1 + math.exp(-k * lead)), won) for _, lead, _, won in part) / n, k)
            for k in SLOPES
        )
        print(
            f"| {lo}-{min(hi, 30) - 1} | {n} | {picked:.0%} | {ll:.3f} | {lead_picked:.0%} "
            f"| {lead_ll:.3f} (slope {slope}) |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
