"""Each phase of the turn as the contract sees it: who acts, the chance outcomes, the legal
actions (the memo a transition left, or computed now) and the fast legality check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from highcamp.core import CHANCE, TERMINAL, State

from .constants import (
    _CHANCE_PHASES,
    ACCEPT,
    BUY,
    CDRAW,
    DECLINE,
    DIE,
    ENTER,
    GDRAW,
    HELI,
    HIRE,
    KEEP,
    P_BUY,
    P_CDRAW,
    P_DIE,
    P_DRAW,
    P_FATE,
    P_FATE_CHOICE,
    P_GDRAW,
    P_HELI,
    P_HIRE,
    P_KEEP,
    P_MOVE,
    P_ORDER,
    P_OVER,
    P_RETURN,
    P_SPOT,
    P_TARGET,
    RETURN,
    SELECT,
    SPOT,
    STEP_DOWN,
    STEP_UP,
    TARGET_CLIENT,
    TARGET_GUIDE,
    TARGET_SPACE,
    TOKEN,
)

if TYPE_CHECKING:
    from .protocols import SeriesState


def current_player(self: SeriesState) -> int:
    """0 at a decision, ``CHANCE`` at a draw or roll, ``TERMINAL`` at the end."""
    if self.phase == P_OVER:
        return TERMINAL
    if self.phase in _CHANCE_PHASES:
        return CHANCE
    return 0


def legal_actions(self: SeriesState) -> list[int]:
    """The legal action ids now (the contract's): the memo the last transition left,
    copied, else computed as the contract does."""
    cache = self._cache
    if cache is not None:
        return cache.copy()
    return State.legal_actions(self)  # type: ignore[arg-type]  # self is a State


def apply_action(self: SeriesState, action: int) -> None:
    """Apply an action (the contract's): an action of the memo the last transition
    left is legal without asking the phase again; anything else is checked by the
    contract (and refused with its rule and reason)."""
    cache = self._cache
    if cache is not None and type(action) is int and action in cache:
        if self._log is not None:
            self._log_action(action)
        self._apply(action)
        self._history.append(action)
        return
    State.apply_action(self, action)  # type: ignore[arg-type]  # self is a State


def _chance_outcomes(self: SeriesState) -> list[tuple[int, float]]:
    ph = self.phase
    if ph == P_DRAW:
        n = len(self.container)
        return [(TOKEN + t, 1 / n) for t in self.container]
    if ph == P_FATE:
        n = len(self.pool)
        return [(TOKEN + t, 1 / n) for t in self.pool]
    if ph == P_DIE:
        return [(DIE + d, 1 / 6) for d in range(6)]
    if ph == P_GDRAW:
        free = [g for g in range(len(self._game.ruleset.guides)) if g not in self.team.guides]
        return [(GDRAW + g, 1 / len(free)) for g in free]
    if ph == P_CDRAW:
        free = [c for c in range(len(self._game.ruleset.clients)) if c not in self.team.clients]
        return [(CDRAW + c, 1 / len(free)) for c in free]
    return []


def _sample_chance(self: SeriesState, u: int) -> int:
    ph = self.phase
    if ph == P_DIE:
        return DIE + ((u * 6) >> 64)
    if ph == P_DRAW:
        return TOKEN + self.container[(u * len(self.container)) >> 64]
    if ph == P_FATE:
        return TOKEN + self.pool[(u * len(self.pool)) >> 64]
    return State._sample_chance(self, u)  # type: ignore[arg-type]  # self is a State


def _legal_actions(self: SeriesState) -> list[int]:
    """The legal actions: the memo a transition left (``_resume``), or computed now. A
    read never writes the memo, so reading a state changes nothing."""
    cache = self._cache
    return self._compute_legal() if cache is None else cache


def _is_legal(self: SeriesState, action: int) -> bool:
    ph = self.phase
    if ph == P_MOVE:  # the commonest step first: the memo a transition left
        cache = self._cache
        if cache is not None:
            return action in cache
    if ph == P_DIE:
        return DIE <= action < DIE + 6
    if ph == P_BUY:
        return BUY <= action <= DECLINE  # the two are next to each other
    if ph == P_DRAW:
        return TOKEN <= action < DIE and action - TOKEN in self.container
    if ph == P_FATE:
        return TOKEN <= action < DIE and action - TOKEN in self.pool
    if ph == P_OVER:
        return False
    if ph in (P_GDRAW, P_CDRAW):
        return action in self.legal_actions()
    if ph == P_MOVE and self._cache is None:
        if action in (STEP_UP, STEP_DOWN) and self.mover >= 0:
            return self._step_problem(action) is None
        if SELECT <= action < SELECT + len(self.team.pos) and self.mover < 0:
            if self.round == "clear" and self.option < 0:
                return False
            return self._selectable(action - SELECT)
    return action in self._legal_actions()


def _compute_legal(self: SeriesState) -> list[int]:
    ph = self.phase
    if ph == P_MOVE:
        return self._move_actions()
    if ph == P_BUY:
        return [BUY, DECLINE]
    if ph == P_HIRE:
        return [
            HIRE + g for g in range(len(self._game.ruleset.guides)) if g not in self.team.guides
        ]
    if ph == P_KEEP:
        return sorted(KEEP + t for t in self.drawn)
    if ph == P_RETURN:
        return sorted(RETURN + t for t in self.drawn)
    if ph == P_ORDER:
        return sorted(ENTER + e[0] for e in self.entering)
    if ph == P_SPOT:
        n = self._game.ruleset.board.queue_length
        return [SPOT + s for s in range(n) if self._spot_open(s)]
    if ph == P_TARGET:
        base = {
            "client": TARGET_CLIENT,
            "guide": TARGET_GUIDE,
            "space": TARGET_SPACE,
        }[self._target_type()]
        return [base + x for x in self.targets]
    if ph == P_HELI:
        return [ACCEPT] + [HELI + c for c in self._stranded()]
    if ph == P_FATE_CHOICE:
        return self._fate_options()
    return []


def _target_type(self: SeriesState) -> str:
    return {"oxygen": "guide", "avalanche": "space"}.get(self.target_kind, "client")
