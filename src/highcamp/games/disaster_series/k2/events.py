"""K2's own event effects: Icy on K2 (Icy Serac) and the Flashlight (Player Aid)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..constants import BAD_DIRECTION, GOOD_DIRECTION
from ..events import EFFECTS, Effect, _alive_clients, _ask, _turn_effect, effect
from .vocabulary import (
    R_AID,
    R_LOST,
)

if TYPE_CHECKING:
    from ..protocols import SeriesState
    from .protocols import K2Series


def _k2(state: SeriesState) -> K2Series:
    """``state`` as the K2 state it is (these effects are registered only for K2)."""
    return cast("K2Series", state)


@effect("icy_serac")
def _icy_serac(state: SeriesState, t: int) -> None:
    """Icy on K2: down to the first non-ridge space; a climber sliding into an avalanche
    space dies; a guide stops on it (Player Aid)."""
    state = _k2(state)
    b = state.rs.board
    ng = state._game.ng
    for m in range(len(state.team.pos)):
        p = state.team.pos[m]
        if p < 0 or not b.is_ridge(p):
            continue
        q = p
        hit = -1
        while q > 0 and b.is_ridge(q):
            q -= 1
            if q in state.collapsed and hit < 0:
                hit = q
        if hit >= 0 and m >= ng:
            state._kill(m - ng, "Icy: slid into an avalanche space", R_AID)
            continue
        if hit >= 0:
            q = hit
        if q == p:
            continue
        state.team.pos[m] = q
        state._say(f"Icy: {state.name(m)} slides down to {b.names[q]}", R_AID)
        if (
            m >= ng
            and state._storm_phase()
            and p in b.lost_on_leaving
            and GOOD_DIRECTION not in state._traits(m - ng)
        ):
            if BAD_DIRECTION in state._traits(m - ng):
                # Bad Sense of Direction: always LOST descending at the Shoulder, an Icy
                # slide included (no roll) [9.3] [14.1]
                state._say(f"{state.name(m)} has a bad sense of direction", R_LOST)
                state._get_lost(m - ng)
                continue
            state.lost_checks.append(m - ng)


@effect("flashlight")
def _flashlight(state: SeriesState, t: int) -> None:
    state = _k2(state)
    ng = state._game.ng
    cands = [c for c in _alive_clients(state) if state.team.pos[ng + c] >= 0]
    if not cands:
        return
    if not _ask(state, "flashlight", cands):
        state.team.flash = ng + cands[0]
        state._say(f"the Flashlight goes to {state.name(state.team.flash)}", R_AID)


EFFECTS["hap_stuck"] = _turn_effect("hap_stuck")
for _name in ("darkness", "sherpa_stamina", "synthetic_rope", "houses_chimney"):
    EFFECTS.setdefault(_name, lambda state, t: None)

_unused: tuple[Effect, ...] = ()
