"""What the two-player rules [15.*] say of their own actions: the First Player's draw
[15.1], bids [15.3], ridge blocks [15.4] and the opponent's clients as targets, and why one
of their actions is refused now (the reason and the rule together)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from highcamp.core import IllegalActionError

from .constants import NUM_ACTIONS, R_SEQUENCE
from .two_player_vocabulary import (
    _PHASES_2P,
    BID,
    FIRST_SEAT,
    KEEP_BLOCKS,
    NO_BLOCK,
    NUM_ACTIONS_2P,
    OTHER,
    P_FIRST,
    PASS,
    R_2P,
    RELOCATE,
    TARGET_OPP_CLIENT,
    UNBLOCK,
)

if TYPE_CHECKING:
    from .protocols import TwoPlayerSeries


def _own_text(self: TwoPlayerSeries, action: int) -> str | None:
    """The text of a two-player action, or None for the ruleset's own."""
    b = self.rs.board
    if self.phase == P_FIRST:
        return f"First Player drawn: {self.label(action - FIRST_SEAT)}"
    if action >= NUM_ACTIONS:
        if action == BID:
            tok = self.rs.tokens[self.current]
            return f"bid {self._bid_price()} Prestige for {tok.name}"
        if action == PASS:
            return f"pass on {self.rs.tokens[self.current].name}"
        if action == NO_BLOCK:
            return f"leave {b.names[self.pending_block]} unblocked"
        if action == KEEP_BLOCKS:
            return "keep the opponent's blocks"
        if action >= TARGET_OPP_CLIENT:
            c = action - TARGET_OPP_CLIENT
            kind = "Broken Rope" if self.target_kind == "broken_rope" else "Acute Mountain Sickness"
            who = self.name(OTHER + self._game.ng + c)
            return f"{kind} strikes {who} of {self.label(1 - self.active)}"
        if action >= UNBLOCK:
            return f"remove the block on {b.names[action - UNBLOCK]}"
        return f"move the marker from {b.names[action - RELOCATE]} to {b.names[self.pending_block]}"
    return None


def _own_refusal(self: TwoPlayerSeries, action: int) -> IllegalActionError | None:
    """Why ``action`` is refused in a two-player phase or range, or None (the ruleset's
    own refusal then)."""
    if self.phase in _PHASES_2P and isinstance(action, int) and 0 <= action < NUM_ACTIONS_2P:
        return IllegalActionError(
            rule=self._rule_of(action),
            reason=f"not a legal action while the game waits to {_PHASES_2P[self.phase]}",
            action=action,
        )
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS_2P:
        return IllegalActionError(rule=R_SEQUENCE, reason="no such action", action=action)
    if action >= NUM_ACTIONS:
        return IllegalActionError(
            rule=R_2P, reason="that two-player action is not legal now", action=action
        )
    return None
