"""The tuning run of Disaster on K2's reconstructed components (R-0-2).

Plays the leader policy (``highcamp.games.disaster_series.k2.heuristic``) and uniform random
play over seeds 0..N-1 and prints what the tuning looks at: when darkness falls, how long
games last, summits and deaths, and the share of each Victory Chart band.

    .venv/bin/python benchmarks/disaster_on_k2_tuning.py --games 1000
    .venv/bin/python benchmarks/disaster_on_k2_tuning.py --games 500 --option guide=sherpa
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from typing import Any

import highcamp
from highcamp.games.disaster_series.k2.heuristic import k2_leader_action
from highcamp.games.disaster_series.k2.rules import K2State


def run(options: dict[str, Any], games: int, policy: str) -> dict[str, Any]:
    """Play ``games`` games; return the figures of the tuning."""
    game = highcamp.load_game("disaster-on-k2", **options)
    bands: Counter[str] = Counter()
    scores, storm, turns, summits, deaths, traverse = [], [], [], [], [], []
    for seed in range(games):
        state = game.new_initial_state(seed)
        assert isinstance(state, K2State)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
            elif policy == "leader":
                state.apply_action(k2_leader_action(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        (bd,) = state.score_breakdown()
        bands[str(bd.band)] += 1
        scores.append(bd.total)
        storm.append(bd.figures["darkness_arrived_turn"] or bd.figures["turns"])
        turns.append(bd.figures["turns"])
        summits.append(bd.figures["summits"])
        deaths.append(bd.figures["deaths"])
        traverse.append(bd.figures["traverse"])
    return {
        "mean score": statistics.mean(scores),
        "median score": statistics.median(scores),
        "min/max": (min(scores), max(scores)),
        "darkness falls (median turn)": statistics.median(storm),
        "darkness falls (quartiles)": statistics.quantiles(storm, n=4),
        "turns (median)": statistics.median(turns),
        "summits (mean)": statistics.mean(summits),
        "deaths (mean)": statistics.mean(deaths),
        "Traverse or Summit (mean)": statistics.mean(traverse),
        "bands": {b: bands[b] / games for b in game.score_bands()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--option", action="append", default=[], help="name=value")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    for policy in ("leader", "random"):
        print(f"## {policy} policy, {args.games} games, options {options or 'default'}")
        for key, value in run(options, args.games, policy).items():
            if key == "bands":
                for band, share in value.items():
                    print(f"  {band:<14} {100 * share:5.1f}%")
            else:
                print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
