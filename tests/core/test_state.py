"""Core behaviour: the inlined generator matches highcamp.core.rng; action ids are ints;
the unchecked search path matches apply_action."""

from __future__ import annotations

import random

import pytest

import highcamp
from highcamp.core.rng import draw

FACE_BASE = 158  # Everest 1924: chance outcome "die shows 1"


def test_inlined_draw_matches_rng_module() -> None:
    state = highcamp.load_game("everest-1924").new_initial_state(seed=12345)
    state.apply_action(state.string_to_action("roll"))
    for _ in range(3):
        expected = FACE_BASE + ((draw(12345, len(state.history())) * 6) >> 64)
        assert state.apply_random_chance() == expected


def test_integer_like_actions_are_stored_as_int() -> None:
    """Actions from array libraries (anything with __index__) are accepted as ints."""

    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    state = highcamp.load_game("everest-1924").new_initial_state(seed=1)
    roll = state.string_to_action("roll")
    state.apply_action(Index(roll))  # type: ignore[arg-type]
    assert state.history() == [roll] and type(state.history()[0]) is int


@pytest.mark.parametrize("game_id", highcamp.list_games())
def test_apply_legal_matches_apply_action(game_id: str) -> None:
    """The search fast path lands on the same states, histories and logs as apply_action."""
    rng = random.Random(7)
    for options in highcamp.game_class(game_id).variants():
        game = highcamp.load_game(game_id, **options)
        checked, fast = game.new_initial_state(seed=3), game.new_initial_state(seed=3)
        steps = 0
        while not checked.is_terminal() and steps < 400:
            legal = checked.legal_actions()
            assert fast.legal_actions() == legal
            action = legal[rng.randrange(len(legal))]
            checked.apply_action(action)
            fast.apply_legal(action)
            steps += 1
        assert fast == checked and fast.history() == checked.history()
        assert fast.log == checked.log
