"""The events with two players: the player aid's "2-Player Event Clarifications" [15.0]
(Acute Mountain Sickness and Broken Rope on either team, Icy on both, the effects that hold
for both players that turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .constants import DEAD, LOST, P_DIE, QUEUE, R_EVENTS, R_LOST, T_LOST
from .events import EFFECTS, Effect, _alive_clients, _ask
from .two_player_vocabulary import BOTH_PLAYERS, OTHER, R_CLARIFY

if TYPE_CHECKING:
    from .protocols import SeriesState, TwoPlayerSeries

__all__ = ["TWO_PLAYER_EFFECTS"]


def _two(state: SeriesState) -> TwoPlayerSeries:
    """``state`` as the two-player state it is (these effects are registered only there)."""
    return cast("TwoPlayerSeries", state)


def _highest(state: SeriesState) -> list[int]:
    b = state.rs.board
    ng = state._game.ng
    alive = _alive_clients(state)
    if not alive:
        return []

    def height(c: int) -> float:
        p = state.team.pos[ng + c]
        return b.up + 0.5 if p == QUEUE else p

    top = max(height(c) for c in alive)
    return [c for c in alive if height(c) == top]


def _ams_2p(state: SeriesState, t: int) -> None:
    """On the buyer's or the opponent's client closest to the Summit (the clarifications)."""
    state = _two(state)
    own = _highest(state)
    with state._seated(1 - state.active):
        theirs = _highest(state)
    targets = own + [OTHER + c for c in theirs]
    if not targets:
        return
    if not _ask(state, "acute_mountain_sickness", targets):
        x = targets[0]
        if x >= OTHER:
            state.other.ams[x - OTHER] = True
        else:
            state.team.ams[x] = True
        who = state.name(state._game.ng + x)  # OTHER + ng + c names the opponent's
        state._emit(f"{who} has Acute Mountain Sickness", R_CLARIFY)


def _broken_rope_2p(state: SeriesState, t: int) -> None:
    """On a client of either team without a marker (the clarifications)."""
    state = _two(state)
    ng = state._game.ng

    def cands() -> list[int]:
        return [
            c
            for c in _alive_clients(state)
            if state.team.goal[c] == 0 and state.team.pos[ng + c] >= 0
        ]

    own = cands()
    with state._seated(1 - state.active):
        theirs = cands()
    targets = own + [OTHER + c for c in theirs]
    if not targets:
        state._emit("every client has a marker: no event", R_EVENTS)
        return
    if not _ask(state, "broken_rope", targets):
        state.rope_client = targets[0]
        state.phase = P_DIE
        state.die_for = "rope"


def _icy_2p(state: SeriesState, t: int) -> None:
    """Everyone on a ridge slides down, both teams."""
    state = _two(state)
    EFFECTS["icy"](state, t)
    with state._seated(1 - state.active):
        EFFECTS["icy"](state, t)
    state._unblock()


def _both(name: str) -> Effect:
    def fx(state: SeriesState, t: int) -> None:
        state = _two(state)
        EFFECTS[name](state, t)
        state.other.fx.append(name)

    return fx


TWO_PLAYER_EFFECTS: dict[str, Effect] = {
    "acute_mountain_sickness": _ams_2p,
    "broken_rope": _broken_rope_2p,
    "icy": _icy_2p,
    **{name: _both(name) for name in BOTH_PLAYERS if name != "ridges_open"},
}
"""Effects that differ with two players (the player aid's clarifications); a ruleset adds
its own (K2's House's Chimney and HAP Stuck)."""


def _opponents_roll(state: TwoPlayerSeries, d: int) -> int | None:
    """Resolve a die rolled for the waiting team's client (the opponent's Broken Rope, or
    getting lost after an Icy slide [8.3]): None when resolved; the face ``d`` when the roll
    is the active team's (a hook of ``_ROLL_FIRST``)."""
    die_for = state.die_for
    if die_for != "rope" and die_for != "lost":
        return d  # the common case, first
    ng = state._game.ng
    if die_for == "rope" and state.rope_client >= OTHER:
        state.die_for = ""
        c = state.rope_client - OTHER
        who = state.name(OTHER + ng + c)
        if d == 1:
            state.other.pos[ng + c] = DEAD
            state.other.fates[c] = "died: Broken Rope"
            state._emit(f"{who} falls to their death", R_EVENTS)
        elif d <= 4:
            state.other.pos[ng + c] = 0
            state._emit(f"{who} is injured and returns to High Camp", R_EVENTS)
        state._resume()
        return None
    if die_for == "lost" and state.lost_checks and state.lost_checks[0] >= OTHER:
        state.die_for = ""
        c = state.lost_checks.pop(0) - OTHER
        if d <= 2:
            state.other.pos[ng + c] = LOST
            state.other.tallies[T_LOST] += 1
            state.other.moved[ng + c] = True
            state._emit(f"{state.name(OTHER + ng + c)} is LOST in the storm", R_LOST)
        state._resume()
        return None
    return d
