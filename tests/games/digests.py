"""A golden record of a game's whole public surface, kept as one digest per variant.

Where a playthrough transcript keeps the log, this record folds into a SHA-256, at every
step of seeded games, the legal actions with their ids, texts and what each seat is told of
them, every seat's observation and the spectator's, and at the end the state's JSON
document, its log, score sheet and ending; every ``every`` steps it adds each seat's
``resample_hidden`` document. A refactor that keeps the contract keeps every digest; the
file is written anew with the one switch of :mod:`highcamp.testing.golden`.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import highcamp
from highcamp import CHANCE, State


def _feed(h: Any, item: object) -> None:
    h.update(json.dumps(item, sort_keys=True, default=str).encode())
    h.update(b"\n")


def _step(h: Any, state: State, players: int) -> None:
    legal = state.legal_actions()
    seats: list[int | None] = [*range(players), None]
    _feed(h, [state.current_player(), legal, [state.action_to_string(a) for a in legal]])
    _feed(h, [[state.public_action_text(a, p) for p in seats] for a in legal])
    _feed(h, [state.observation(p) for p in range(players)])
    _feed(h, state.public_observation())


def game_digest(
    game_id: str, options: dict[str, Any], seeds: range, *, every: int = 40, cap: int = 3000
) -> str:
    """The digest of seeded random games of ``game_id`` with ``options`` (at most ``cap``
    steps each, so that a long game costs no more than a short one)."""
    game = highcamp.load_game(game_id, **options)
    players = game.num_players
    h = hashlib.sha256()
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < cap:
            _step(h, state, players)
            if steps % every == 0 and game.info.hidden_information:
                for p in range(players):
                    _feed(h, state.resample_hidden(p, seed + steps).to_json())
            if state.current_player() == CHANCE:
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        _step(h, state, players)
        _feed(h, state.to_json())
        _feed(h, [e.to_dict() for e in state.log])
        _feed(h, [[e.to_dict() for e in state.log_for(p)] for p in range(players)])
        _feed(h, [b.to_dict() for b in state.score_breakdown()])
        _feed(h, [state.ending(), state.returns(), state.invariants()])
    _feed(h, game.static_view())
    _feed(h, game.info.to_dict())
    return h.hexdigest()


def digest_lines(game_id: str, seeds: range, **kw: Any) -> str:
    """One line per variant of ``game_id``: its options and its digest."""
    lines = []
    for options in highcamp.game_class(game_id).variants():
        opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        lines.append(f"{opts or '-'} {game_digest(game_id, options, seeds, **kw)}")
    return "\n".join(lines) + "\n"
