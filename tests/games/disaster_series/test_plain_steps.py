"""The movement step's inline answer for a plain step (``_PLAIN_STEPS``) is the one its
``_step_problem`` gives: at every movement decision of many seeded games of every variant,
the legal actions equal those of the same state asking ``_step_problem`` for every step."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import highcamp
from highcamp.core import CHANCE, TERMINAL
from highcamp.games.disaster_series.constants import P_MOVE, STEP_DOWN, STEP_UP

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-k2", {"guide": "sherpa", "game": "advanced"}),
    ("disaster-on-k2", {"game": "advanced"}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
]


@cache
def _asking(cls: type) -> type:
    """``cls`` with the inline answer switched off: every step asked of ``_step_problem``."""
    return type("Asking" + cls.__name__, (cls,), {"__slots__": (), "_PLAIN_STEPS": False})


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_the_inline_plain_step_is_step_problems_answer(
    game_id: str, options: dict[str, Any]
) -> None:
    game = highcamp.load_game(game_id, **options)
    compared = steps = 0
    for seed in range(12):
        state: Any = game.new_initial_state(seed)
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply_random_chance()
                continue
            if state.phase == P_MOVE and state.mover >= 0:
                asking: Any = state.clone()
                asking.__class__ = _asking(type(state))
                fast = state._move_actions()
                assert fast == asking._move_actions(), (seed, state.to_json())
                compared += 1
                steps += STEP_UP in fast or STEP_DOWN in fast
            state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 200 and steps > 100
