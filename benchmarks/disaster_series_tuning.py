"""The tuning run of the Disaster series' reconstructed components (R-0-2), per mountain.

Plays the mountain's leader policy (``highcamp.games.disaster_series.heuristic`` for
Everest, ``...k2.heuristic`` for K2) and uniform random play over seeds 0..N-1 and prints
what the tuning looks at: when the storm arrives (Everest) or darkness falls (K2), how long
games last, summits and deaths (and on K2 the climbers with a Traverse or Summit marker),
and the share of each Victory Chart band.

    .venv/bin/python benchmarks/disaster_series_tuning.py everest --games 1000
    .venv/bin/python benchmarks/disaster_series_tuning.py everest --games 500 -o game=advanced
    .venv/bin/python benchmarks/disaster_series_tuning.py k2 --games 500 -o guide=sherpa
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import highcamp
from highcamp.games.disaster_series.engine import DisasterState
from highcamp.games.disaster_series.heuristic import leader_action
from highcamp.games.disaster_series.k2.heuristic import k2_leader_action


@dataclass(frozen=True)
class Mountain:
    """What differs between the mountains' tuning runs."""

    game_id: str
    leader: Callable[[Any, random.Random], int]
    weather: str  # the score figure of the turn the weather turns
    weather_label: str
    extra: tuple[tuple[str, str], ...] = ()  # (figure, label) averaged as well


MOUNTAINS = {
    "everest": Mountain(
        "disaster-on-everest", leader_action, "storm_arrived_turn", "storm arrives"
    ),
    "k2": Mountain(
        "disaster-on-k2",
        k2_leader_action,
        "darkness_arrived_turn",
        "darkness falls",
        (("traverse", "Traverse or Summit (mean)"),),
    ),
}


def run(mountain: Mountain, options: dict[str, Any], games: int, policy: str) -> dict[str, Any]:
    """Play ``games`` games; return the figures of the tuning."""
    game = highcamp.load_game(mountain.game_id, **options)
    bands: Counter[str] = Counter()
    scores, weather, turns, summits, deaths = [], [], [], [], []
    extra: dict[str, list[float]] = {label: [] for _, label in mountain.extra}
    for seed in range(games):
        state = game.new_initial_state(seed)
        assert isinstance(state, DisasterState)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
            elif policy == "leader":
                state.apply_action(mountain.leader(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        (bd,) = state.score_breakdown()
        figures = bd.figures
        bands[str(bd.band)] += 1
        scores.append(bd.total)
        weather.append(figures[mountain.weather] or figures["turns"])
        turns.append(figures["turns"])
        summits.append(figures["summits"])
        deaths.append(figures["deaths"])
        for key, label in mountain.extra:
            extra[label].append(figures[key])
    return {
        "mean score": statistics.mean(scores),
        "median score": statistics.median(scores),
        "min/max": (min(scores), max(scores)),
        f"{mountain.weather_label} (median turn)": statistics.median(weather),
        f"{mountain.weather_label} (quartiles)": statistics.quantiles(weather, n=4),
        "turns (median)": statistics.median(turns),
        "summits (mean)": statistics.mean(summits),
        "deaths (mean)": statistics.mean(deaths),
        **{label: statistics.mean(xs) for label, xs in extra.items()},
        "bands": {b: bands[b] / games for b in game.score_bands()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("mountain", choices=tuple(MOUNTAINS))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    mountain = MOUNTAINS[args.mountain]
    for policy in ("leader", "random"):
        print(f"## {policy} policy, {args.games} games, options {options or 'default'}")
        for key, value in run(mountain, options, args.games, policy).items():
            if key == "bands":
                for band, share in value.items():
                    print(f"  {band:<14} {100 * share:5.1f}%")
            else:
                print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
