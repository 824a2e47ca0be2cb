"""Disaster on K2 in its own words: action texts, the rule of each action (by name, in
K2's numbers through its ``citations.json``), and why an action is refused now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from highcamp.core import (
    IllegalActionError,
)

from ..constants import R_CLIENT, R_GUIDE, R_SEQUENCE
from ..engine import (
    FINISH,
    HIRE,
    OPT_A,
    OPT_B,
    OPT_C,
    P_DIE,
    P_HIRE,
    P_MOVE,
    P_TARGET,
    PICKUP,
    PLAY,
    SELECT,
    STEP_UP,
    SUMMIT_PUSH,
    TARGET_CLIENT,
)
from .vocabulary import (
    BIVOUAC,
    DESC_ROPE,
    FLASH,
    GOAL,
    JOINT_ROPE,
    K2_NUM_ACTIONS,
    KEEP_ROLL,
    LUCK_PLAY,
    NOBLE,
    NOBLE_NONE,
    P_DESCENT,
    P_GOAL,
    P_NOBLE,
    P_RECRUIT,
    P_REROLL,
    R_AID,
    R_AV_SPACE,
    R_AVALANCHE,
    R_BIVOUAC,
    R_DARK_MOVE,
    R_GUIDE_CHOICE,
    R_MULTI,
    R_OPTIONS,
    R_PREP,
    R_TRAITS,
    RECRUIT,
    REROLL,
    ROLL,
    B,
)

if TYPE_CHECKING:
    from .protocols import K2Series


def _own_text(self: K2Series, action: int) -> str | None:
    """The text of one of K2's own actions, or None for the engine's."""
    ng = self._game.ng
    if action >= B:
        if action >= KEEP_ROLL:
            return f"keep the roll of {self.reroll_face}"
        if action >= REROLL:
            return "Lucky: roll again"
        if action >= ROLL:
            return "roll without Luck"
        if action >= LUCK_PLAY:
            return "play Luck: +2 to this roll"
        if action >= FLASH:
            return f"pass the Flashlight to {self.name(ng + action - FLASH)}"
        if action >= BIVOUAC:
            return f"{self.name(action - BIVOUAC)} tries to bivouac"
        if action >= JOINT_ROPE:
            how = ("by the rope", "placing a Synthetic Rope", "scaling")[(action - JOINT_ROPE) // 5]
            c = (action - JOINT_ROPE) % 5
            return f"{self.name(0)} and {self.name(ng + c)} descend together {how}"
        if action >= DESC_ROPE:
            how = ("by the rope", "placing a Synthetic Rope", "scaling")[(action - DESC_ROPE) // 6]
            return f"{self.name((action - DESC_ROPE) % 6)} descends {how}"
        if action == NOBLE_NONE:
            return "no Noble Sacrifice"
        if action >= NOBLE:
            return f"{self.name(0)} gives their life for {self.name(ng + action - NOBLE)}"
        if action >= RECRUIT:
            return f"recruit {self._game.ruleset.clients[action - RECRUIT].name}"
        return f"Secret Goal drawn: {self.k2.goals[action - GOAL][1]}"
    if self.phase == P_TARGET and self.target_kind == "flashlight" and action >= TARGET_CLIENT:
        return f"Flashlight to {self.name(ng + action - TARGET_CLIENT)}"
    if self.phase == P_HIRE:
        g = self._game.ruleset.guides[action - HIRE]
        return f"hire {g.name} ({g.kind.upper()})"
    return None


def _own_simple(self: K2Series, action: int) -> str | None:
    """K2's words for an option or a decline, or None for the engine's (in K2's words)."""
    if action == OPT_A:
        return "option a: move the guide"
    if action == OPT_B:
        return "option b: move up to all five climbers"
    if action == OPT_C:
        return "option c: make preparations and move one climber"
    if action == 11 and self.current >= 0:
        tok = self._game.ruleset.tokens[self.current]
        if (
            self._storm_phase()
            or self.storm_pending
            or self._track_len() >= self._game.ruleset.board.storm_watch
        ):
            return f"decline {tok.name} (set aside)"
        return f"decline {tok.name} (Avalanche Track {self._track_len() + 1})"
    return None


def _own_rule(self: K2Series, action: int) -> str | None:
    """The K2 section of an action, or None for the engine's (cited in K2's numbers)."""
    ph = self.phase
    if self._luck_offer():
        return R_AID
    if ph == P_GOAL:
        return R_GUIDE_CHOICE
    if ph == P_RECRUIT or (ph == P_HIRE and self._game.multinational):
        return R_MULTI
    if ph == P_NOBLE:
        return R_AVALANCHE
    if ph == P_DESCENT:
        return R_AV_SPACE
    if ph == P_REROLL:
        return R_TRAITS
    if ph == P_DIE:
        k2 = {"descent": R_AV_SPACE, "bivouac": R_BIVOUAC, "chimney": R_AID, "rope": R_AID}
        if self.die_for in k2:
            return k2[self.die_for]
    if ph == P_MOVE:
        if action >= FLASH:
            return R_AID
        if action >= BIVOUAC:
            return R_BIVOUAC
        if action == OPT_C:
            return R_PREP
        if action == SUMMIT_PUSH:  # Everest's team bonus: no move of K2's [8.1] [8.6]
            return R_DARK_MOVE if self.round == "storm" else R_OPTIONS
        if SELECT <= action < PICKUP:
            if self.round == "storm":
                return R_DARK_MOVE
            return R_GUIDE if action - SELECT < self._game.ng else R_CLIENT
        if PLAY <= action < TARGET_CLIENT:
            return R_AID
    return None


def _own_refusal(self: K2Series, action: int) -> IllegalActionError | None:
    """Why K2 refuses ``action`` now in its own rules, or None for the engine's reason."""
    if self.phase >= P_GOAL or self._luck_offer():
        return IllegalActionError(
            rule=self._rule_of(action) if 0 <= action < K2_NUM_ACTIONS else R_SEQUENCE,
            reason=f"not a legal action while the game waits to {self._phase_name()}",
            action=action,
        )
    if self.phase == P_MOVE and action == STEP_UP and self.mover >= 0:
        why = self._step_problem(action)
        if why == R_AV_SPACE:
            return IllegalActionError(
                rule=R_AV_SPACE,
                reason="on an avalanche space one can only descend",
                action=action,
            )
        if why == R_TRAITS:
            return IllegalActionError(
                rule=R_TRAITS,
                reason=self._REFUSALS["dependent"],
                action=action,
            )
    if (
        self.phase == P_MOVE
        and self.round == "clear"
        and self.option < 0
        and action
        in (
            OPT_A,
            OPT_C,
        )
    ):
        return IllegalActionError(
            rule=R_PREP if action == OPT_C else R_OPTIONS,
            reason="the HAP is stuck, the guide is gone, or Preparations are already ready",
            action=action,
        )
    if (
        self.phase == P_MOVE
        and action == FINISH
        and self.mover < 0
        and (self.option >= 0 or self.round == "storm")
    ):
        return IllegalActionError(
            rule=R_AV_SPACE,
            reason="a marker on an avalanche space must descend this Movement Phase",
            action=action,
        )
    return None
