"""Helpers of the Disaster on Everest tests: reach a phase, act by text, set up positions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import highcamp
from highcamp.games.disaster_series.constants import DIE, TOKEN
from highcamp.games.disaster_series.engine import DisasterState

from ..disaster_series.scenarios import team_part

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


def start(
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    where: Mapping[str, str] | None = None,
    marker: Mapping[str, str] | None = None,
    tired: Mapping[str, str] | None = None,
    oxygen: Mapping[str, bool] | None = None,
    **doc: Any,
) -> DisasterState:
    """The position document ``doc`` (markers by name: ``where``, ``marker``, ``tired``,
    ``oxygen``) set up: by default the start of turn 1, the event about to be drawn. A
    storm on its track comes with a full Storm Watch (:data:`STORM_WATCH`) [6.3]."""
    game = highcamp.load_game("disaster-on-everest", **(options or {}))
    if doc.get("storm_track") and "storm_watch" not in doc:
        doc["storm_watch"] = STORM_WATCH
    doc.update(team_part(game, where=where, marker=marker, tired=tired, oxygen=oxygen))
    state = game.state_from_position(doc, seed=seed)
    assert isinstance(state, DisasterState)
    return state


ALL_HILLARY = {
    "Doug": "Hillary Step",
    "Beck": "Hillary Step",
    "Yasuko": "Hillary Step",
    "Frank": "Hillary Step",
    "Lou": "Hillary Step",
    "Stuart": "Hillary Step",
}
"""Every client of Summit Adventures with the Hillary Step marker."""


END = 9
"""The Storm Track's last space before Game End [10.0]: the game ends after the turn."""
STORM_WATCH = [f"token {t}" for t in (6, 7, 8, 16, 17, 19)]
"""A full Storm Watch, of tokens the scenarios never draw: the storm has come [6.3]."""

QUIET_MOVE: dict[str, Any] = {
    "step": "move",
    "storm_watch": [f"token {QUIET_TOKEN}"],
    "blocked": ["Summit Ridge"],
    "queue": [{"spot": 4, "who": "another company"}],
}
"""The movement step of turn 1 as ``to_move(new())`` leaves it (the quiet token declined)."""


def moving(seed: int = 0, **kwargs: Any) -> DisasterState:
    """:func:`start` at the movement step after the quiet token was declined (what
    ``to_move(new())`` reaches), with the document's changes."""
    return start(seed, **{**QUIET_MOVE, **kwargs})


def where(state: DisasterState, name: str) -> str:
    """Where a marker is, by name."""
    return state.space_name(state.team.pos[marker(state, name)])


def to_move(state: DisasterState, token: int = QUIET_TOKEN, buy: bool = False) -> None:
    """Draw ``token`` and decline (or buy) it: the movement step begins."""
    draw(state, token)
    act(state, "buy" if buy else "decline")


def finish_turn(state: DisasterState) -> None:
    """End movement and resolve the rest of the turn with die 1 for the queue if asked."""
    if state.phase == 9 and "end movement" in texts(state):
        act(state, "end movement")
    while state.current_player() == highcamp.CHANCE and state.step == "resolve":
        roll(state, 1)


def logged(state: DisasterState) -> list[str]:
    """The log's texts (replayed from the state's position)."""
    return [e.text for e in state.log]
