"""A plain expedition-leader policy for the Disaster series, used to tune reconstructed
components (R-0-2) and in golden playthroughs: guides carry clients up until the storm,
everyone heads down in the storm, useful events are bought while Prestige lasts.

It is deliberately simple (no search); uniform random play never reaches the Summit, so the
Victory Chart bands can only be checked with a policy that tries.

>>> import random, highcamp
>>> game = highcamp.load_game("disaster-on-everest")
>>> state = game.new_initial_state(seed=3)
>>> rng = random.Random(3)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         _ = state.apply_random_chance()
...     else:
...         state.apply_action(leader_action(state, rng))
>>> state.score_breakdown()[0].band in game.score_bands()
True
"""

from __future__ import annotations

import random
from typing import cast

from .constants import (
    ACCEPT,
    BUY,
    DECLINE,
    DROP_OFF,
    END_MOVE,
    FINISH,
    HELI,
    LUCK,
    MEDKIT,
    OPT_A,
    OPT_B_PREP,
    P_BUY,
    P_FATE_CHOICE,
    P_HELI,
    P_MOVE,
    P_OVER,
    PICKUP,
    PLAY,
    SACRIFICE,
    SELECT,
    STEP_DOWN,
    STEP_UP,
    SUMMIT_PUSH,
)
from .engine import DisasterState

__all__ = ["leader_action"]

_GOOD = {
    "ridges_open": 3,
    "chocolate_bars": 3,
    "energy_boost": 3,
    "good_review": 0,
    "oxygen": 2,
    "med_kit": 2,
    "luck": 3,
    "calm_wind": 3,
    "khumbu_ice_field": 3,
}


def _heading_up(state: DisasterState, c: int) -> bool:
    """A client climbs while it has not summited and the storm is not near its end."""
    late = state.storm > 0 or state.storm_pending or len(state.storm_watch) >= 5
    return state.team.goal[c] < 2 and not late


def leader_action(state: DisasterState, rng: random.Random) -> int:
    """The leader's choice among ``state.legal_actions()``."""
    legal = state.legal_actions()
    ph = state.phase
    ng = state._game.ng
    if ph > P_OVER:  # the two-player phases [15.3] [15.4]
        return _two_player_action(state, legal)
    if ph == P_BUY:
        tok = state.rs.tokens[state.current]
        keep = _GOOD.get(tok.effect)
        if keep is not None and state.team.prestige - tok.cost >= keep + 4:
            return BUY
        return DECLINE if DECLINE in legal else legal[0]
    if ph == P_FATE_CHOICE:
        for a in legal:
            if SACRIFICE <= a < SACRIFICE + 2 or a in (MEDKIT, LUCK):
                return a
        return ACCEPT
    if ph == P_HELI:
        return next((a for a in legal if a >= HELI), legal[0])
    if ph != P_MOVE:
        return rng.choice(legal)
    if SUMMIT_PUSH in legal and state.storm == 0 and state.turn >= 4:
        return SUMMIT_PUSH
    for a in legal:
        if PLAY <= a < PLAY + 16:
            return a
    if OPT_A in legal:
        if OPT_B_PREP - 1 in legal and state.turn <= 2 and state.team.prep < 2:
            return OPT_B_PREP - 1  # option a with preparations early on
        return OPT_A
    m = state.mover
    if m < 0:
        guides = [a for a in legal if SELECT <= a < SELECT + ng]
        if guides:
            return guides[0]
        clients = [a for a in legal if SELECT + ng <= a < SELECT + 8]
        if clients:
            return rng.choice(clients)
        return FINISH
    if m < ng:
        if state.carried:
            c = state.carried[0][0] - ng
            step = STEP_UP if _heading_up(state, c) else STEP_DOWN
            if step in legal:
                return step
            return DROP_OFF if DROP_OFF in legal else next(a for a in legal if a != END_MOVE)
        picks = [a for a in legal if PICKUP <= a < PICKUP + 6]
        if picks:
            return picks[0]
        here = state.team.pos[m]
        waiting = [
            state.team.pos[ng + c]
            for c in range(state._game.nc)
            if state.team.pos[ng + c] >= 0 and not state.team.moved[ng + c]
        ]
        if waiting:
            nearest = min(waiting, key=lambda p: abs(p - here))
            step = STEP_UP if nearest > here else STEP_DOWN
            if nearest != here and step in legal:
                return step
        if STEP_DOWN in legal and state.storm > 0:
            return STEP_DOWN
        return END_MOVE if END_MOVE in legal else legal[0]
    c = m - ng
    step = STEP_UP if _heading_up(state, c) else STEP_DOWN
    if step in legal:
        return step
    return END_MOVE if END_MOVE in legal else legal[0]


def _two_player_action(state: DisasterState, legal: list[int]) -> int:
    """Bid for a useful event up to two over its cost while Prestige lasts [15.3]; remove
    the opponent's blocks; leave a ridge unblocked rather than move a marker [15.4]."""
    from .seats import BID, KEEP_BLOCKS, NO_BLOCK, PASS, TwoPlayerState

    if BID in legal or PASS in legal:
        state = cast(TwoPlayerState, state)
        tok = state.rs.tokens[state.current]
        price = state._bid_price()
        keep = _GOOD.get(tok.effect)
        left = state.seat_prestige(state.bidder) - price
        if BID in legal and keep is not None and price <= tok.cost + 2 and left >= keep + 4:
            return BID
        return PASS
    if NO_BLOCK in legal:
        return NO_BLOCK
    return next((a for a in legal if a != KEEP_BLOCKS), legal[0])
