"""The inlined generator in State.apply_random_chance matches highcamp.core.rng."""

from __future__ import annotations

import highcamp
from highcamp.core.rng import draw

FACE_BASE = 158  # Everest 1924: chance outcome "die shows 1"


def test_inlined_draw_matches_rng_module() -> None:
    state = highcamp.load_game("everest-1924").new_initial_state(seed=12345)
    state.apply_action(state.string_to_action("roll"))
    for _ in range(3):
        expected = FACE_BASE + ((draw(12345, len(state.history())) * 6) >> 64)
        assert state.apply_random_chance() == expected
