"""The contract's per-seat views: ``log_for`` and ``public_observation`` defaults."""

from __future__ import annotations

from typing import Any

import highcamp
from highcamp.core import CHANCE, State

from .hidden_game import GAME_ID, STONES, HiddenState


def _dealt_and_played() -> State:
    state = highcamp.load_game(GAME_ID).new_initial_state(seed=11)
    while state.is_chance_node():
        state.apply_random_chance()
    state.apply_action(state.legal_actions()[0])  # seat 0 plays
    state.apply_action(state.legal_actions()[0])  # seat 1 plays: a round is scored
    return state


def test_log_for_withholds_what_is_not_the_seats_own() -> None:
    state = _dealt_and_played()
    full = state.log
    mine = state.log_for(0)
    assert len(mine) == len(full)
    for entry, seen in zip(full, mine, strict=True):
        assert seen.index == entry.index and seen.player == entry.player
        assert seen.rule == entry.rule
        if entry.player == 0:
            assert seen == entry
        else:
            assert seen.action is None and not any(s in seen.text for s in STONES)
    assert [e.text for e in mine if e.player == CHANCE] == ["hidden from you"] * 4
    spectator = state.log_for(None)
    assert all(not any(s in e.text for s in STONES) for e in spectator)


def test_public_observation_is_none_unless_a_hidden_game_says() -> None:
    class Quiet(HiddenState):
        __slots__ = ()

        def public_observation(self) -> dict[str, Any] | None:
            return State.public_observation(self)

    state = _dealt_and_played()
    assert state.public_observation() is not None
    quiet = Quiet(state.game, 1)
    assert quiet.public_observation() is None
    e1924 = highcamp.load_game("everest-1924").new_initial_state(seed=2)
    assert e1924.public_observation() == e1924.observation(0)
