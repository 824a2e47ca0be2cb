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


def _walk(outcomes: list[tuple[int, float]], x: float) -> int:
    """The outcome at ``x`` by subtraction, as ``State.sample_chance`` documents it."""
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]


@pytest.mark.parametrize("game_id", highcamp.list_games())
def test_sampling_helpers_agree_with_the_lists(game_id: str) -> None:
    """``sample_chance`` and ``sample_legal`` (and any faster override of them) pick what the
    outcome list and the legal list say, on random playouts of every variant; they refuse a
    state where there is nothing to sample."""
    rng = random.Random(11)
    xs = [0.0, 0.999999, *(rng.random() for _ in range(6))]
    for options in highcamp.game_class(game_id).variants():
        state = highcamp.load_game(game_id, **options).new_initial_state(seed=5)
        steps = 0
        while not state.is_terminal() and steps < 300:
            legal = state.legal_actions()  # chance outcomes at a chance step
            for x in xs:
                assert state.sample_legal(x) == legal[int(x * len(legal))]
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                for x in xs:
                    assert state.sample_chance(x) == _walk(outcomes, x)
                state.apply_legal(state.sample_chance(rng.random()))
            else:
                with pytest.raises(highcamp.IllegalActionError):
                    state.sample_chance(0.5)
                state.apply_legal(state.sample_legal(rng.random()))
            steps += 1
        if state.is_terminal():
            with pytest.raises(highcamp.IllegalActionError):
                state.sample_legal(0.5)
            with pytest.raises(highcamp.IllegalActionError):
                state.sample_chance(0.5)
