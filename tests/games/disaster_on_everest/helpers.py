"""Helpers of the Disaster on Everest tests: reach a phase, act by text, place markers."""

from __future__ import annotations

from typing import Any

import highcamp
from highcamp.games.disaster_series.engine import DIE, TOKEN, DisasterState

QUIET_TOKEN = 1  # Acute Mountain Sickness, ridge 4: blocks only the Summit Ridge
SPACES = {
    "High Camp": 0,
    "Triangular Face": 1,
    "Snow Gully": 2,
    "The Balcony": 3,
    "Southeast Ridge": 4,
    "South Summit": 5,
    "Cornice Traverse": 6,
    "Up": 7,
    "Down": 8,
    "Summit Ridge": 9,
    "Summit": 10,
}


def new(seed: int = 0, **options: Any) -> DisasterState:
    """A fresh game (the first event token is about to be drawn)."""
    state = highcamp.load_game("disaster-on-everest", **options).new_initial_state(seed)
    assert isinstance(state, DisasterState)
    return state


def act(state: DisasterState, text: str) -> None:
    """Apply the action named by ``text``."""
    state.apply_action(state.string_to_action(text))


def texts(state: DisasterState) -> list[str]:
    """The legal actions as text."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def draw(state: DisasterState, token: int) -> None:
    """The event draw shows ``token``."""
    state.apply_action(TOKEN + token)


def roll(state: DisasterState, face: int) -> None:
    """The die shows ``face``."""
    state.apply_action(DIE + face - 1)


def marker(state: DisasterState, name: str) -> int:
    """The marker index of a guide or client by name."""
    for m in range(len(state.team.pos)):
        if state.name(m) == name:
            return m
    raise KeyError(name)


def place(state: DisasterState, name: str, space: str) -> None:
    """Put a marker on a board space (scenario set-up)."""
    state.team.pos[marker(state, name)] = SPACES[space]
    state._cache = None


def where(state: DisasterState, name: str) -> str:
    """Where a marker is, by name."""
    return state.space_name(state.team.pos[marker(state, name)])


def to_move(state: DisasterState, token: int = QUIET_TOKEN, buy: bool = False) -> None:
    """Draw ``token`` and decline (or buy) it: the movement step begins."""
    draw(state, token)
    act(state, "buy" if buy else "decline")
    state._cache = None


def finish_turn(state: DisasterState) -> None:
    """End movement and resolve the rest of the turn with die 1 for the queue if asked."""
    if state.phase == 9 and "end movement" in texts(state):
        act(state, "end movement")
    while state.current_player() == highcamp.CHANCE and state.step == "resolve":
        roll(state, 1)


def record(state: DisasterState) -> DisasterState:
    """Keep a live log from now on (scenario states are edited, so the log cannot be
    rebuilt by replaying their history)."""
    state._log = []
    return state


def logged(state: DisasterState) -> list[str]:
    """The live log's texts."""
    assert state._log is not None
    return [e.text for e in state._log]
