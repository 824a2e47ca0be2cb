"""Helpers of the Disaster on K2 tests: reach a phase, act by text, place markers."""

from __future__ import annotations

from typing import Any

import highcamp
from highcamp.games.disaster_series.engine import DIE, TOKEN
from highcamp.games.disaster_series.k2.rules import GOAL, P_GOAL, K2State

QUIET = 29  # Thick Snow, ridge 6: declined, it only blocks the Snowfields
SPACES = {
    "High Camp": 0,
    "Abruzzi Spur": 1,
    "The Shoulder": 2,
    "Below the Bottleneck": 3,
    "Bottleneck I": 4,
    "Bottleneck II": 5,
    "Bottleneck III": 6,
    "Traverse": 7,
    "Traverse Goal": 8,
    "Snowfields": 9,
    "Summit Slopes": 10,
    "Summit": 11,
}
GOALS = ("Summit w/Climber", "Do Not Summit", "Back at Camp", "Bivouac")


def new(seed: int = 0, goal: str | None = None, **options: Any) -> K2State:
    """A fresh game (with a Sherpa, its Secret Goal drawn: ``goal`` or the first)."""
    state = highcamp.load_game("disaster-on-k2", **options).new_initial_state(seed)
    assert isinstance(state, K2State)
    if state.is_chance_node() and state.phase == P_GOAL:
        state.apply_action(GOAL + GOALS.index(goal or GOALS[0]))
    return state


def act(state: K2State, text: str) -> None:
    """Apply the action named by ``text`` (a unique prefix of a legal action's text)."""
    state.apply_action(state.string_to_action(text))


def texts(state: K2State) -> list[str]:
    """The legal actions as text."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def draw(state: K2State, token: int) -> None:
    """The event draw shows ``token``."""
    state.apply_action(TOKEN + token)


def roll(state: K2State, face: int) -> None:
    """The die shows ``face``."""
    state.apply_action(DIE + face - 1)


def marker(state: K2State, name: str) -> int:
    """The marker index of the guide or a climber by name."""
    for m in range(len(state.team.pos)):
        if state.name(m) == name:
            return m
    raise KeyError(name)


def place(state: K2State, name: str, space: str) -> None:
    """Put a marker on a board space (scenario set-up)."""
    state.team.pos[marker(state, name)] = SPACES[space]
    state._cache = None


def where(state: K2State, name: str) -> str:
    """Where a marker is, by name."""
    return state.space_name(state.team.pos[marker(state, name)])


def to_move(state: K2State, token: int = QUIET, buy: bool = False) -> None:
    """Draw ``token`` and decline (or buy) it: the movement step begins."""
    draw(state, token)
    act(state, "buy" if buy else "decline")


def record(state: K2State) -> K2State:
    """Keep a live log from now on (scenario states are edited)."""
    state._log = []
    return state


def logged(state: K2State) -> list[str]:
    """The live log's texts."""
    assert state._log is not None
    return [e.text for e in state._log]


def cover_track(state: K2State, n: int) -> None:
    """Put ``n`` tokens on the Avalanche Track without playing turns (scenario set-up),
    taken from filler tokens the scenarios do not draw."""
    for t in [t for t in FILLER if t in state.container][:n]:
        state.container.remove(t)
        state.storm_watch.append(t)
    state._cache = None


FILLER = (1, 2, 3, 4, 5, 10, 11, 19, 20, 21, 22)
