"""The tuning run of Everest Go!'s reconstructed card counts (R-0-2), under random play.

Run it from the repository root::

    .venv/bin/python benchmarks/everest_go_tuning.py [--games N] [--players P] [--seed S]

For each action card and special item: how often it is played in a game on average and in
what share of games it is played at least once; then how games end and how long they are.
The reconstructed counts (R-GO-2) should let every card turn up in most games and both
endings happen. Only the public contract is used (action texts from ``action_to_string``).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import highcamp
from highcamp import CHANCE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = highcamp.load_game("everest-go", players=args.players)
    plays: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    length = 0
    for g in range(args.games):
        state = game.new_initial_state(args.seed * 1_000_003 + g)
        rng = random.Random(g)
        seen: set[str] = set()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_random_chance()
                continue
            action = rng.choice(state.legal_actions())
            text = state.action_to_string(action)
            if text.startswith("play ") or text == "Tent":
                card = "Tent" if text == "Tent" else text[5:]
                if not card[-1].isdigit():  # action cards and special items, not garments
                    plays[card] += 1
                    seen.add(card)
            state.apply_action(action)
        games_with.update(seen)
        endings[str(state.ending())] += 1
        length += len(state.history())
    n = args.games
    print(f"{n} random games, {args.players} players, seed {args.seed}")
    print(f"{'card':<18} {'plays/game':>10} {'games with':>10}")
    for card in sorted(plays, key=lambda c: -plays[c]):
        print(f"{card:<18} {plays[card] / n:>10.2f} {games_with[card] / n:>10.0%}")
    print("endings: " + ", ".join(f"{e} {c / n:.0%}" for e, c in endings.most_common()))
    print(f"mean length: {length / n:.0f} actions")


if __name__ == "__main__":
    main()
