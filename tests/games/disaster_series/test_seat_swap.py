"""The change of seat with two players exchanges every per-seat field [15.0] (the swap is
written out field by field for speed; this proves it misses none)."""

from __future__ import annotations

import pytest

import highcamp
from highcamp.games.disaster_series.two_player_vocabulary import _SEAT_PAIRS


@pytest.mark.parametrize("game_id", ["disaster-on-everest", "disaster-on-k2"])
def test_15_0_swap_exchanges_every_seat_field(game_id: str) -> None:
    state = highcamp.load_game(game_id, players=2).new_initial_state(seed=3)
    mine = {k: object() for k, _ in _SEAT_PAIRS}
    theirs = {o: object() for _, o in _SEAT_PAIRS}
    for k, v in {**mine, **theirs}.items():
        setattr(state, k, v)
    active = state.active
    state._swap()
    assert state.active == 1 - active
    for k, o in _SEAT_PAIRS:
        assert getattr(state, k) is theirs[o], k
        assert getattr(state, o) is mine[k], o
