"""K2's held tokens to play [6.2] are read from a memo of the game's, one entry per set of
held tokens: at every movement step of seeded games (solitaire basic and with the Sherpa,
two players), the plays equal those computed afresh from the held tokens' effects, with
Ridges Open only while a ridge may be opened and Sherpa Stamina once a turn."""

from __future__ import annotations

import random
from typing import Any

import pytest

import highcamp
from highcamp.games.disaster_series.constants import P_MOVE
from highcamp.games.disaster_series.k2.vocabulary import PLAYABLE


def _afresh(state: Any) -> list[int]:
    """The plays from the held tokens now, without the memo."""
    effects = [state.rs.token_effects[t] for t in state.team.held]
    play_ids = state._game.play_ids
    out = []
    for eff in PLAYABLE:
        if eff not in effects or eff not in play_ids:
            continue
        if eff == "ridges_open" and not state._ridges_open_playable():
            continue
        if eff == "sherpa_stamina" and "sherpa_stamina" in state.team.fx:
            continue
        out.append(play_ids[eff])
    return sorted(out)


@pytest.mark.parametrize(
    "options", [{}, {"guide": "sherpa", "game": "advanced"}, {"players": 2}], ids=str
)
def test_6_2_held_plays_from_the_memo_equal_those_afresh(options: dict[str, Any]) -> None:
    game = highcamp.load_game("disaster-on-k2", **options)
    asked = held = 0
    for seed in range(8):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            if state.phase == P_MOVE:
                asked += 1
                held += bool(state.team.held)
                assert state._plays() == _afresh(state)
            state.apply_action(rng.choice(state.legal_actions()))
    assert asked > 500 and held > 100
    assert game.held_plays  # the memo was used
