"""The movement step's inline answer for a plain step (``_PLAIN_STEPS``) is the one its
``_step_problem`` gives: at every movement decision of many seeded games of every variant,
the legal actions equal those of the same state asking ``_step_problem`` for every step."""

from __future__ import annotations

from typing import Any

import pytest

from highcamp.games.disaster_series.constants import P_MOVE, STEP_DOWN, STEP_UP

from .switched_off import compare_move_actions

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-k2", {"guide": "sherpa", "game": "advanced"}),
    ("disaster-on-k2", {"game": "advanced"}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_the_inline_plain_step_is_step_problems_answer(
    game_id: str, options: dict[str, Any]
) -> None:
    compared = compare_move_actions(
        game_id, options, ("_PLAIN_STEPS",), lambda here: here.phase == P_MOVE and here.mover >= 0
    )
    steps = sum(STEP_UP in fast or STEP_DOWN in fast for fast in compared)
    assert len(compared) > 200 and steps > 100
