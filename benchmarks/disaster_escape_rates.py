"""Escape rates per disaster in random games of Disaster (the R-0-2 tuning run).

Run it from the repository root::

    .venv/bin/python benchmarks/disaster_escape_rates.py [--games 400] [--players 4]

Random seats play ``--games`` games (seeds 0, 1, ...); every escape and perishing in the
games' logs is counted by the disaster whose rulebook section it cites (a ruling after the
section, as in ``[Burning Skyscraper] R-D-5``, counts with its section).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import highcamp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = highcamp.load_game("disaster", players=args.players)
    escapes: Counter[str] = Counter()
    perishings: Counter[str] = Counter()
    for seed in range(args.games):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == highcamp.CHANCE:
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        for entry in state.log:
            section = entry.rule.split(" R-")[0]
            if "escapes to" in entry.text:
                escapes[section] += 1
            elif "perishes" in entry.text:
                perishings[section] += 1
    print(f"{args.games} random games, {args.players} players")
    print(f"{'disaster':<26} {'escapes':>8} {'perished':>9} {'rate':>6}")
    for rule in sorted(escapes.keys() | perishings.keys()):
        e, p = escapes[rule], perishings[rule]
        print(f"{rule:<26} {e:>8} {p:>9} {e / (e + p):>6.1%}")


if __name__ == "__main__":
    main()
