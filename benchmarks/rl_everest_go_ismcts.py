"""OpenSpiel's Python ISMCTS bot against the random agent on Everest Go! (the ``rl`` extra).

Run it from the repository root::

    .venv/bin/python benchmarks/rl_everest_go_ismcts.py [--games G] [--players N]
        [--simulations S] [--seed SEED]

Seat 0 of each game is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (random rollouts,
UCT constant 2, ``--simulations`` a move, ``bot.set_resampler(highcamp.adapters.openspiel
.resampler(seed))``, so every determinisation is the game's own ``resample_hidden``); the
others are ``pyspiel.make_uniform_random_bot``. The ISMCTS seat moves round the table from
game to game (game g: ISMCTS in seat ``g % players``) and the first player is drawn by
chance. ``pyspiel.evaluate_bots`` plays each game. The figures of docs/rl.md come from this
script.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import highcamp.adapters.openspiel as hos


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game("highcamp_everest_go", {"players": args.players})
    wins = 0.0
    random_wins = 0.0
    started = time.process_time()
    for g in range(args.games):
        seat = g % args.players
        rng = np.random.RandomState(args.seed + g)
        bots = []
        for p in range(args.players):
            if p == seat:
                bot = ismcts.ISMCTSBot(
                    game,
                    mcts.RandomRolloutEvaluator(1, rng),
                    2.0,
                    args.simulations,
                    random_state=rng,
                )
                bot.set_resampler(hos.resampler(seed=args.seed + g))
            else:
                bot = pyspiel.make_uniform_random_bot(p, args.seed * 1000 + g * 10 + p)
            bots.append(bot)
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, args.seed + g)
        wins += returns[seat]
        random_wins += sum(r for p, r in enumerate(returns) if p != seat) / (args.players - 1)
        print(f"game {g + 1}: ISMCTS seat {seat + 1}, returns {returns}", flush=True)
    rate = wins / args.games
    err = math.sqrt(rate * (1 - rate) / args.games)
    print(
        f"{args.players} players, {args.simulations} simulations a move, {args.games} games: "
        f"ISMCTS wins {rate:.2f} ± {err:.2f}; a random seat wins {random_wins / args.games:.2f} "
        f"(fair share {1 / args.players:.2f}); {time.process_time() - started:.0f} CPU s"
    )


if __name__ == "__main__":
    main()
