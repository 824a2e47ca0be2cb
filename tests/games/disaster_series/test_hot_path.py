"""The Disaster series' hot path: its own shortcuts agree with the contract's general paths,
and the rules that differ between the layers are data or one hook, not chains of overrides."""

from __future__ import annotations

import random
from typing import Any

import pytest

import highcamp
from highcamp.core import CHANCE, TERMINAL, IllegalActionError, State

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-k2", {"guide": "sherpa", "game": "advanced"}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_the_series_chance_step_is_the_contracts(game_id: str, options: dict[str, Any]) -> None:
    """The series' ``apply_random_chance`` (the phase entry read once) draws and applies
    what the contract's does, state for state."""
    game = highcamp.load_game(game_id, **options)
    for seed in range(3):
        fast = game.new_initial_state(seed)
        slow = fast.clone()
        rng = random.Random(seed)
        while fast.current_player() != TERMINAL:
            if fast.current_player() == CHANCE:
                assert fast.apply_random_chance() == State.apply_random_chance(slow)
            else:
                action = rng.choice(fast.legal_actions())
                fast.apply_action(action)
                State.apply_action(slow, action)  # the contract's checks, no memo
            assert fast.to_json() == slow.to_json()


def test_a_chance_step_is_refused_at_a_decision() -> None:
    state = highcamp.load_game("disaster-on-everest").new_initial_state(1)
    while state.current_player() == CHANCE:
        state.apply_random_chance()
    with pytest.raises(IllegalActionError) as err:
        state.apply_random_chance()
    assert err.value.rule == "R-0-3"


def test_each_class_has_at_most_one_resume_and_one_roll_hook() -> None:
    """The differences of K2 and the two-player rules inside the engine's ``_resume`` and
    ``_die_rolled`` are one function per class (the engine reads the first only)."""
    from highcamp.games.disaster_series.engine import DisasterState
    from highcamp.games.disaster_series.k2.state import K2State
    from highcamp.games.disaster_series.k2.two_player import K2TwoPlayerState
    from highcamp.games.disaster_series.seats import TwoPlayerState

    for cls in (DisasterState, TwoPlayerState, K2State, K2TwoPlayerState):
        assert len(cls._RESUME_FIRST) <= 1 and len(cls._ROLL_FIRST) <= 1, cls.__name__
    assert DisasterState._RESUME_FIRST == () and DisasterState._ROLL_FIRST == ()
    assert not DisasterState._UNBLOCKS and TwoPlayerState._UNBLOCKS
    assert K2State._UNBUYABLE.keys() == {"darkness"} and not DisasterState._UNBUYABLE
