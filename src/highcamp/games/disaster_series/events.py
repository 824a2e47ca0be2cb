"""Event effects [6.2] (R-DS-6): the registry of effects by the effect id printed in the token
data, and the effects both mountains share. A ruleset registers its own (K2: Icy on the
seracs, the Flashlight); the two-player rules wrap some of them (the clarifications).

>>> sorted(EFFECTS)[:3]
['acute_mountain_sickness', 'avalanche', 'broken_rope']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .constants import GOOD_DIRECTION, P_DIE, P_TARGET, QUEUE, R_EVENTS

if TYPE_CHECKING:
    from .protocols import SeriesState

__all__ = ["EFFECTS", "Effect", "effect"]

Effect = Callable[["SeriesState", int], None]
EFFECTS: dict[str, Effect] = {}
"""Event effects by the effect id of the token data (a registry games extend)."""


def effect(name: str) -> Callable[[Effect], Effect]:
    """Register an event effect under ``name``."""

    def deco(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return deco


# ====================================================================== event effects
def _ask(state: SeriesState, kind: str, targets: Sequence[int]) -> bool:
    """Ask for a target when there is a choice; True if asked (R-0-4)."""
    if len(targets) > 1:
        state.target_kind = kind
        state.targets = list(targets)
        state.phase = P_TARGET
        return True
    return False


def _alive_clients(state: SeriesState) -> list[int]:
    ng = state._game.ng
    return [
        c
        for c in range(state._game.nc)
        if state.team.pos[ng + c] >= 0 or state.team.pos[ng + c] == QUEUE
    ]


@effect("acute_mountain_sickness")
def _ams(state: SeriesState, t: int) -> None:
    ng = state._game.ng
    b = state.rs.board
    alive = _alive_clients(state)
    if not alive:
        return

    def height(c: int) -> float:
        p = state.team.pos[ng + c]
        return b.up + 0.5 if p == QUEUE else p

    top = max(height(c) for c in alive)
    tied = [c for c in alive if height(c) == top]
    if not _ask(state, "acute_mountain_sickness", tied):
        state.team.ams[tied[0]] = True
        state._emit(f"{state.name(ng + tied[0])} has Acute Mountain Sickness", R_EVENTS)


@effect("avalanche")
def _avalanche(state: SeriesState, t: int) -> None:
    b = state.rs.board
    top = b.up if b.up >= 0 else b.summit
    _ask(state, "avalanche", list(range(1, top)))


@effect("broken_rope")
def _broken_rope(state: SeriesState, t: int) -> None:
    ng = state._game.ng
    cands = [
        c for c in _alive_clients(state) if state.team.goal[c] == 0 and state.team.pos[ng + c] >= 0
    ]
    if not cands:
        state._emit("every client has a marker: no event", R_EVENTS)
        return
    if not _ask(state, "broken_rope", cands):
        state.rope_client = cands[0]
        state.phase = P_DIE
        state.die_for = "rope"


@effect("oxygen")
def _oxygen(state: SeriesState, t: int) -> None:
    cands = [g for g in range(state._game.ng) if not state.team.tank[g]]
    if not cands:
        return
    if not _ask(state, "oxygen", cands):
        state.team.tank[cands[0]] = True
        state._emit(f"{state.name(cands[0])} carries an Oxygen Tank", R_EVENTS)


@effect("icy")
def _icy(state: SeriesState, t: int) -> None:
    b = state.rs.board
    ng = state._game.ng
    for m in range(len(state.team.pos)):
        p = state.team.pos[m]
        if p < 0 or not b.is_ridge(p):
            continue
        q = p
        while q > 0 and b.is_ridge(q):
            q -= 1
        state.team.pos[m] = q
        state._emit(f"Icy: {state.name(m)} slides down to {b.names[q]}", R_EVENTS)
        if b.up >= 0 and q in (b.up, b.down):
            state.entering.append([m, -1])  # [8.2]: moved onto Up or Down, it enters the queue
        if (
            m >= ng
            and state._storm_phase()
            and p in b.lost_on_leaving
            and GOOD_DIRECTION not in state._traits(m - ng)
        ):
            state.lost_checks.append(m - ng)


def _turn_effect(name: str) -> Effect:
    def fx(state: SeriesState, t: int) -> None:
        state.team.fx.append(name)
        state._emit(f"{state.rs.tokens[t].name}: {state.rs.effects[name]}", R_EVENTS)

    return fx


for _name in ("calm_wind", "energy_boost", "lost_signal", "slowed", "thick_snow"):
    EFFECTS[_name] = _turn_effect(_name)


@effect("good_review")
def _good_review(state: SeriesState, t: int) -> None:
    state.team.prestige = min(state.team.prestige + 4, state.rs.board.prestige_max)


for _name in ("chocolate_bars", "ridges_open", "luck", "khumbu_ice_field", "med_kit"):
    EFFECTS[_name] = lambda state, t: None
