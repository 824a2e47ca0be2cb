"""What a seat may read, on the registered games with hidden information: ``log_for`` is
``public_action_text`` as each action was told, and a drawn card reaches its drawer only."""

from __future__ import annotations

import random

import pytest

import highcamp
from highcamp.core import CHANCE

HIDDEN = [("disaster", {"players": 3}), ("everest-go", {"players": 3})]


@pytest.mark.parametrize(("game_id", "options"), HIDDEN, ids=[g for g, _ in HIDDEN])
def test_log_for_is_what_each_reader_was_told(game_id: str, options: dict[str, int]) -> None:
    game = highcamp.load_game(game_id, **options)
    state = game.new_initial_state(seed=21)
    rng = random.Random(21)
    readers = [None, *range(game.num_players)]
    told: dict[int | None, list[str]] = {r: [] for r in readers}
    full: list[str] = []
    while not state.is_terminal() and len(full) < 400:
        if state.is_chance_node():
            action = state.clone().apply_random_chance()
        else:
            action = rng.choice(state.legal_actions())
        full.append(state.action_to_string(action))
        for r in readers:
            told[r].append(state.public_action_text(action, r))
        state.apply_action(action)
    log = state.log
    for r in readers:
        seen = state.log_for(r)
        assert [(e.index, e.player, e.rule) for e in seen] == [
            (e.index, e.player, e.rule) for e in log
        ]
        # each action's entry reads exactly what the reader was told, with the id only when
        # that was the full text; automatic events read as in the full log
        for full_entry, entry in zip(log, seen, strict=True):
            if full_entry.action is None:
                assert entry == full_entry
            else:
                assert entry.text == told[r][entry.index]
                full_text = entry.text == full[entry.index]
                assert (entry.action is not None) == full_text
    # a drawn card is named to the drawer only: every draw is hidden from the spectator
    draws = [i for i, e in enumerate(full) if e.startswith("draw ")]
    assert draws
    for i in draws:
        assert told[None][i] != full[i] and "draws a" in told[None][i]
        named = [r for r in range(game.num_players) if full[i].removeprefix("draw ") in told[r][i]]
        assert len(named) == 1  # the drawer
    assert all(
        e.player == CHANCE
        for e in log
        if e.action is not None and e.text in {full[i] for i in draws}
    )
