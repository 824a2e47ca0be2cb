"""Writes ``data/schema1.db``: a store as the code of schema version 1 wrote it (before the
store had a schema version), with tables of every game in every mode, some played a few
moves, one stopped while its AI was to move, and one simulation run. Kept as made; run
again only to rebuild it from a checkout of that code:

    PYTHONPATH=src python tests/store/make_schema1.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from highcamp.games import list_games, load_game
from highcamp.sim import run_simulation
from highcamp.store import ResultStore, RunSpec, SeatRecord, Store

OUT = Path(__file__).parent / "data" / "schema1.db"


def main() -> None:
    OUT.unlink(missing_ok=True)
    url = f"sqlite:///{OUT}"
    store = Store(url)
    rng = random.Random(1924)
    made = []
    for k, game_id in enumerate(list_games()):
        game = load_game(game_id)
        n = game.num_players
        for mode in ("solo", "hotseat", "online") if n > 1 else ("solo",):
            seats = [
                SeatRecord(
                    i,
                    "human" if (mode != "solo" or i == 0) else "agent",
                    None if (mode != "solo" or i == 0) else "random",
                    f"Player {i + 1}" if (mode != "solo" or i == 0) else "random AI",
                    f"tok-{k}-{mode}-{i}",
                )
                for i in range(n)
            ]
            record = store.create_table(
                game=game_id,
                options=dict(game.options),
                seed=rng.randrange(2**62),
                mode=mode,
                seats=seats,
                spectator=f"spec-{k}-{mode}",
                host=f"host-{k}-{mode}" if mode != "online" else None,
                clock=60 if mode == "online" else None,
            )
            state = game.new_initial_state(record.seed)
            for step in range(rng.randrange(5, 40)):  # a few moves, every one stored
                if state.is_terminal():
                    store.set_finished(record.id)
                    break
                if state.current_player() < 0:
                    action = state.clone().apply_random_chance()
                else:
                    action = rng.choice(state.legal_actions())
                store.append_action(record.id, step, action)
                state.apply_action(action)
            made.append(record.id)
    # a server stopped while an AI seat was to move
    game = load_game("disaster", players=2)
    store.create_table(
        game="disaster",
        options=dict(game.options),
        seed=77,
        mode="solo",
        seats=[
            SeatRecord(0, "agent", "random", "random AI", "tok-ai-first-0"),
            SeatRecord(1, "human", None, "Player 2", "tok-ai-first-1"),
        ],
        spectator="spec-ai-first",
        host="host-ai-first",
    )
    results = ResultStore(url)
    run = results.open_run(RunSpec.make("everest-1924", ("random",), seed=3, games=8), "first")
    records = run_simulation("everest-1924", games=8, seed=3).records
    results.add_chunk(run.id, 0, 0, 8, records, seconds=0.1)
    print(json.dumps({"tables": len(made) + 1, "db": str(OUT)}))


if __name__ == "__main__":
    main()
