"""Disaster on K2 in its own words: action texts, the rule of each action (by name, in
K2's numbers through its ``citations.json``), and why an action is refused now: the pieces
of K2's entries in the phase table (:mod:`.phases`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from highcamp.core import (
    IllegalActionError,
)

from .. import markers
from ..constants import (
    FINISH,
    HIRE,
    OPT_A,
    OPT_B,
    OPT_C,
    PICKUP,
    PLAY,
    R_CLIENT,
    R_GUIDE,
    R_SEQUENCE,
    SELECT,
    STEP_UP,
    SUMMIT_PUSH,
    TARGET_CLIENT,
)
from . import avalanche
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
    R_AID,
    R_AV_SPACE,
    R_BIVOUAC,
    R_DARK_MOVE,
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


def ids_text(self: K2Series, action: int) -> str:
    """The text of one of K2's own actions (ids from ``B``)."""
    ng = self._game.ng
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


def own_ids(base: Callable[[Any, int], str]) -> Callable[[K2Series, int], str]:
    """A phase's text: K2's own ids (:func:`ids_text`), the engine's (``base``) below."""

    def text(self: K2Series, action: int) -> str:
        return ids_text(self, action) if action >= B else base(self, action)

    return text


def target_text(base: Callable[[Any, int], str]) -> Callable[[K2Series, int], str]:
    """An event's target: the Flashlight's holder, or the engine's target."""

    def text(self: K2Series, action: int) -> str:
        if self.target_kind == "flashlight" and action >= TARGET_CLIENT:
            return f"Flashlight to {self.name(self._game.ng + action - TARGET_CLIENT)}"
        return base(self, action)

    return text


def hire_text(self: K2Series, action: int) -> str:
    """A guide hired for a multinational team [14.6], with its kind (HAP or Sherpa)."""
    g = self._game.ruleset.guides[action - HIRE]
    return f"hire {g.name} ({g.kind.upper()})"


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
            markers._storm_phase(self)
            or self.storm_pending
            or avalanche._track_len(self) >= self._game.ruleset.board.storm_watch
        ):
            return f"decline {tok.name} (set aside)"
        return f"decline {tok.name} (Avalanche Track {avalanche._track_len(self) + 1})"
    return None


_K2_DIE_RULES = {"descent": R_AV_SPACE, "bivouac": R_BIVOUAC, "chimney": R_AID, "rope": R_AID}


def die_rule(base: Callable[[Any, int], str]) -> Callable[[K2Series, int], str]:
    """A die roll's rule: Luck before it (Player Aid), K2's own rolls, or the engine's."""

    def rule(self: K2Series, action: int) -> str:
        if self._luck_offer():
            return R_AID
        return _K2_DIE_RULES.get(self.die_for) or base(self, action)

    return rule


def hire_rule(base: Callable[[Any, int], str]) -> Callable[[K2Series, int], str]:
    """Hiring a multinational team's guide [14.6], or the engine's rule."""

    def rule(self: K2Series, action: int) -> str:
        return R_MULTI if self.k2_game.multinational else base(self, action)

    return rule


def move_rule(base: Callable[[Any, int], str]) -> Callable[[K2Series, int], str]:
    """The movement step's rules in K2's sections, or the engine's (``base``)."""

    def rule(self: K2Series, action: int) -> str:
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
        return base(self, action)

    return rule


def refuse_waiting(self: K2Series, action: int) -> IllegalActionError:
    """Not an action of one of K2's phases (or of the offer of Luck before a roll)."""
    return IllegalActionError(
        rule=self._rule_of(action) if 0 <= action < K2_NUM_ACTIONS else R_SEQUENCE,
        reason=f"not a legal action while the game waits to {self._phase_name()}",
        action=action,
    )


def refuse_luck(self: K2Series, action: int) -> IllegalActionError | None:
    """At a die roll: the offer of Luck refuses in K2's words; None for the engine's."""
    return refuse_waiting(self, action) if self._luck_offer() else None


def refuse_move(self: K2Series, action: int) -> IllegalActionError | None:
    """Why K2's movement step refuses ``action`` in its own rules, or None for the
    engine's reason (in K2's words, ``_REFUSALS``)."""
    if action == STEP_UP and self.mover >= 0:
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
    if self.round == "clear" and self.option < 0 and action in (OPT_A, OPT_C):
        return IllegalActionError(
            rule=R_PREP if action == OPT_C else R_OPTIONS,
            reason="the HAP is stuck, the guide is gone, or Preparations are already ready",
            action=action,
        )
    if action == FINISH and self.mover < 0 and (self.option >= 0 or self.round == "storm"):
        return IllegalActionError(
            rule=R_AV_SPACE,
            reason="a marker on an avalanche space must descend this Movement Phase",
            action=action,
        )
    return None


def _say(self: K2Series, text: str, rule: str) -> None:
    """Log an automatic K2 event (the rule by name, as everywhere: :meth:`_emit`)."""
    self._emit(text, rule)
