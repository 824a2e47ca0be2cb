"""Helpers of the Disaster on K2 tests: reach a phase, act by text, set up positions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import highcamp
from highcamp.games.disaster_series.constants import DIE, TOKEN
from highcamp.games.disaster_series.k2.rules import GOAL, P_GOAL, K2State

from ..disaster_series.scenarios import team_part

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


def start(
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    goal: str | None = None,
    where: Mapping[str, str] | None = None,
    marker: Mapping[str, str] | None = None,
    tired: Mapping[str, str] | None = None,
    ams: Mapping[str, bool] | None = None,
    k2: Mapping[str, Any] | None = None,
    **doc: Any,
) -> K2State:
    """The position document ``doc`` (markers by name: ``where``, ``marker``, ``tired``,
    ``ams``; K2's part ``k2``) set up: by default the start of turn 1, the event about to
    be drawn. A Sherpa's Secret Goal is ``goal`` or the first, as :func:`new` draws it;
    darkness on its track comes with a full Avalanche Track and the three Serac spaces
    collapsed [7.3]."""
    game = highcamp.load_game("disaster-on-k2", **(options or {}))
    doc.update(team_part(game, where=where, marker=marker, tired=tired, ams=ams))
    part = dict(k2 or {})
    if part.get("darkness_track") and "avalanche_track" not in part:
        part["avalanche_track"] = track(8)  # a full track: darkness, every Serac down [7.3]
        part.setdefault("collapsed", COLLAPSED)
    if (options or {}).get("guide") == "sherpa" and "secret_goal" not in part:
        part["secret_goal"] = goal or GOALS[0]
    if part:
        doc["k2"] = part
    state = game.state_from_position(doc, seed=seed)
    assert isinstance(state, K2State)
    return state


def moving(seed: int = 0, **kwargs: Any) -> K2State:
    """:func:`start` at the movement step after the quiet token was declined (what
    ``to_move(new())`` reaches), with the document's changes (``k2`` merged)."""
    k2 = {"avalanche_track": [f"token {QUIET}"], **kwargs.pop("k2", {})}
    doc = {"step": "move", "blocked": ["Snowfields"], **kwargs}
    return start(seed, k2=k2, **doc)


COLLAPSED = ["Bottleneck I", "Bottleneck II", "Bottleneck III"]
"""The three Serac spaces, collapsed: avalanche spaces [7.3] [9.2]."""


def three_collapsed(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """:func:`start`'s ``options`` and ``k2`` for the three Serac spaces collapsed in
    daylight: the [14.5] variant (Bottleneck I on the Avalanche Track's 5th space, the
    others by declined tokens' ridge numbers), the track at 5."""
    return {
        "options": {**(options or {}), "balcony_collapse": True},
        "k2": {"avalanche_track": track(5), "collapsed": COLLAPSED},
    }


def bottleneck_i() -> dict[str, Any]:
    """:func:`start`'s ``k2`` for Bottleneck I collapsed: the Avalanche Track at 5 [7.3]."""
    return {"avalanche_track": track(5), "collapsed": ["Bottleneck I"]}


def track(n: int) -> list[str]:
    """``n`` tokens for the Avalanche Track (``k2.avalanche_track``), taken from filler
    tokens the scenarios do not draw."""
    return [f"token {t}" for t in FILLER[:n]]


def where(state: K2State, name: str) -> str:
    """Where a marker is, by name."""
    return state.space_name(state.team.pos[marker(state, name)])


def to_move(state: K2State, token: int = QUIET, buy: bool = False) -> None:
    """Draw ``token`` and decline (or buy) it: the movement step begins."""
    draw(state, token)
    act(state, "buy" if buy else "decline")


def logged(state: K2State) -> list[str]:
    """The log's texts (replayed from the state's position)."""
    return [e.text for e in state.log]


FILLER = (1, 2, 3, 4, 5, 10, 11, 19, 20, 21, 22)
"""Tokens the scenarios never draw: they fill the Avalanche Track (:func:`track`)."""
