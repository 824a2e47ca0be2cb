"""The score sheet [12.0] read at every observation: its lines come from a memo on the
ruleset (built once, cited once), and a sheet read from the memo equals one built afresh,
at every step of random games of both mountains, solitaire and two-player, and the
campaign."""

from __future__ import annotations

import random
from typing import Any

import pytest

import highcamp
from highcamp.core import CHANCE, TERMINAL

CASES = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-k2", {"guide": "sherpa"}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-campaign", {}),
]


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_score_sheet_12_0_from_the_memo_equals_the_sheet_built_afresh(
    game_id: str, options: dict[str, Any]
) -> None:
    game = highcamp.load_game(game_id, **options)
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while True:
            kept = state.score_breakdown()
            shown = state.observation(0)
            mountain = state.mountain_state() if hasattr(state, "mountain_state") else state
            mountain.rs.score_lines.clear()  # type: ignore[attr-defined]
            assert state.score_breakdown() == kept
            assert state.observation(0) == shown
            assert all(line.rule.startswith("[") for sheet in kept for line in sheet.lines)
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_a_sheet_line_is_built_once_per_ruleset() -> None:
    state = highcamp.load_game("disaster-on-k2").new_initial_state(seed=4)
    first = state.score_breakdown()[0].lines
    again = state.clone().score_breakdown()[0].lines
    assert all(a is b for a, b in zip(first, again, strict=True))
