"""A plain expedition-leader policy for Disaster on K2, used to tune the reconstructed
components (R-0-2), in golden playthroughs and by the heuristic agent: climb while the
Bottleneck stands, come down before it collapses, rope down rather than scale, bivouac
when High Camp is out of reach in the dark.

>>> import random, highcamp
>>> game = highcamp.load_game("disaster-on-k2", guide="sherpa")
>>> state = game.new_initial_state(seed=3)
>>> rng = random.Random(3)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         _ = state.apply_random_chance()
...     else:
...         state.apply_action(k2_leader_action(state, rng))
>>> state.score_breakdown()[0].band in game.score_bands()
True
"""

from __future__ import annotations

import random

from ..constants import (
    ACCEPT,
    BUY,
    DECLINE,
    DROP_OFF,
    END_MOVE,
    FINISH,
    HIRE,
    LUCK,
    OPT_A,
    OPT_B,
    P_BUY,
    P_FATE_CHOICE,
    P_HIRE,
    P_MOVE,
    P_TARGET,
    PICKUP,
    PLAY,
    SACRIFICE,
    SELECT,
    STEP_DOWN,
    STEP_UP,
    TARGET_CLIENT,
)
from .state import K2State
from .vocabulary import (
    BIVOUAC,
    DESC_NEWROPE,
    DESC_ROPE,
    DESC_SCALE,
    JOINT_NEWROPE,
    JOINT_ROPE,
    JOINT_SCALE,
    LUCK_PLAY,
    NOBLE_NONE,
    P_DESCENT,
    P_NOBLE,
    P_RECRUIT,
    RECRUIT,
    REROLL,
    ROLL,
)

__all__ = ["k2_leader_action"]

_GOOD = {
    "synthetic_rope": 2,
    "ridges_open": 3,
    "chocolate_bars": 3,
    "luck": 3,
    "flashlight": 4,
    "sherpa_stamina": 3,
}
CLIMB_UNTIL = 4
"""Climbers head up while fewer tokens than this cover the Avalanche Track."""


def _heading_up(state: K2State, c: int) -> bool:
    """Below the Traverse Goal a climber climbs while the Bottleneck stands (the Traverse
    marker is worth the risk); above it, on to the Summit while the day is young."""
    p = state.team.pos[state._game.ng + c]
    if state.team.goal[c] == 0:
        return not state.collapsed and state.storm == 0
    late = state.storm > 0 or state.storm_pending or len(state.storm_watch) >= CLIMB_UNTIL
    return state.team.goal[c] < 2 and not late and p >= 0


def k2_leader_action(state: K2State, rng: random.Random) -> int:
    """The leader's choice among ``state.legal_actions()``."""
    legal = state.legal_actions()
    ph = state.phase
    ng = state._game.ng
    if REROLL in legal:
        return REROLL
    if LUCK_PLAY in legal:
        return LUCK_PLAY if state.die_for in ("descent", "bivouac") else ROLL
    if ph == P_HIRE:
        return min(legal, key=lambda a: -state.rs.guides[a - HIRE].movement)
    if ph == P_RECRUIT:
        return max(legal, key=lambda a: state.rs.clients[a - RECRUIT].movement)
    if ph == P_BUY:
        tok = state.rs.tokens[state.current]
        keep = _GOOD.get(tok.effect)
        if tok.effect == "sherpa_stamina" and state._kind() != "sherpa":
            keep = None
        if keep is not None and state.team.prestige - tok.cost >= keep + 2:
            return BUY
        climbing = any(_heading_up(state, c) for c in range(state._game.nc))
        if (
            climbing
            and tok.effect not in ("broken_rope", "icy_serac", "houses_chimney")
            and state.team.prestige - tok.cost >= 3
        ):
            return BUY  # hold the Serac while climbers are on their way up
        return DECLINE if DECLINE in legal else legal[0]
    if ph == P_NOBLE:
        best = max((a for a in legal if a != NOBLE_NONE), default=NOBLE_NONE)
        return best if best != NOBLE_NONE else NOBLE_NONE
    if ph == P_DESCENT:
        for group in ((JOINT_ROPE, JOINT_NEWROPE), (DESC_ROPE, DESC_NEWROPE)):
            for a in legal:
                if any(base <= a < base + 6 for base in group):
                    return a
        joint = [a for a in legal if JOINT_SCALE <= a < JOINT_SCALE + 5]
        return joint[0] if joint else next(a for a in legal if DESC_SCALE <= a < DESC_SCALE + 6)
    if ph == P_FATE_CHOICE:
        for a in legal:
            if SACRIFICE <= a < SACRIFICE + 2 or a == LUCK:
                return a
        return ACCEPT
    if ph == P_TARGET and state.target_kind == "flashlight":
        return min(legal, key=lambda a: -state.team.pos[ng + a - TARGET_CLIENT])
    if ph != P_MOVE:
        return rng.choice(legal)
    for a in legal:
        if PLAY <= a < TARGET_CLIENT:
            return a
    if OPT_A in legal or OPT_B in legal:
        g = 0
        slow = [
            c
            for c in range(state._game.nc)
            if state.team.pos[ng + c] >= 0
            and state.rs.clients[state.team.clients[c]].movement == 0
            and _heading_up(state, c)
        ]
        if OPT_A in legal and any(state.team.pos[ng + c] == state.team.pos[g] for c in slow):
            return OPT_A
        return OPT_B
    m = state.mover
    if m < 0:
        if state.round == "storm":
            left = max(state.rs.board.storm_track - state.storm, 1)
            for a in legal:
                if BIVOUAC <= a < BIVOUAC + 6:
                    x = a - BIVOUAC
                    if x >= ng and state.team.pos[x] > 2 * left:
                        return a
        guides = [a for a in legal if SELECT <= a < SELECT + ng]
        if guides:
            return guides[0]
        clients = [a for a in legal if SELECT + ng <= a < SELECT + 8]
        if clients:
            return rng.choice(clients)
        return FINISH if FINISH in legal else legal[0]
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
        waiting_at = [
            state.team.pos[ng + c]
            for c in range(state._game.nc)
            if state.team.pos[ng + c] >= 0 and not state.team.moved[ng + c]
        ]
        if waiting_at:
            nearest = min(waiting_at, key=lambda p: abs(p - here))
            step = STEP_UP if nearest > here else STEP_DOWN
            if nearest != here and step in legal:
                return step
        if STEP_DOWN in legal and (state.storm > 0 or len(state.storm_watch) >= CLIMB_UNTIL):
            return STEP_DOWN
        return END_MOVE if END_MOVE in legal else legal[0]
    c = m - ng
    step = STEP_UP if _heading_up(state, c) else STEP_DOWN
    if step in legal:
        return step
    return END_MOVE if END_MOVE in legal else legal[0]
