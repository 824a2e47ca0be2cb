"""What the two-player rules [15.*] say of their own actions: the First Player's draw
[15.1], bids [15.3], ridge blocks [15.4] and the opponent's clients as targets, and why one
of their actions is refused now (the reason and the rule together). Each function serves
one phase of :mod:`.two_player_phases`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from highcamp.core import IllegalActionError

from .constants import NUM_ACTIONS, R_SEQUENCE, TARGET_CLIENT, TARGET_GUIDE
from .two_player_vocabulary import (
    _PHASES_2P,
    BID,
    FIRST_SEAT,
    KEEP_BLOCKS,
    NO_BLOCK,
    NUM_ACTIONS_2P,
    OTHER,
    R_2P,
    RELOCATE,
    TARGET_OPP_CLIENT,
    UNBLOCK,
)

if TYPE_CHECKING:
    from .protocols import TwoPlayerSeries


def first_text(self: TwoPlayerSeries, action: int) -> str:
    """The draw for the First Player [15.1]."""
    return f"First Player drawn: {self.label(action - FIRST_SEAT)}"


def bid_text(self: TwoPlayerSeries, action: int) -> str:
    """A bid or a pass [15.3]."""
    tok = self.rs.tokens[self.current]
    if action == BID:
        return f"bid {self._bid_price()} Prestige for {tok.name}"
    return f"pass on {tok.name}"


def relocate_text(self: TwoPlayerSeries, action: int) -> str:
    """A Blocked Ridge marker moved, or the ridge left unblocked [15.4]."""
    b = self.rs.board
    if action == NO_BLOCK:
        return f"leave {b.names[self.pending_block]} unblocked"
    return f"move the marker from {b.names[action - RELOCATE]} to {b.names[self.pending_block]}"


def unblock_text(self: TwoPlayerSeries, action: int) -> str:
    """An opponent's block removed, or kept [15.4]."""
    if action == KEEP_BLOCKS:
        return "keep the opponent's blocks"
    return f"remove the block on {self.rs.board.names[action - UNBLOCK]}"


def target_text(
    base: Callable[[Any, int], str],
) -> Callable[[TwoPlayerSeries, int], str]:
    """An event's target: either team's clients, named with their seat (the
    clarifications); the ruleset's text (``base``) for the rest."""

    def text(self: TwoPlayerSeries, action: int) -> str:
        if action >= TARGET_OPP_CLIENT:
            c = action - TARGET_OPP_CLIENT
            kind = "Broken Rope" if self.target_kind == "broken_rope" else "Acute Mountain Sickness"
            who = self.name(OTHER + self._game.ng + c)
            return f"{kind} strikes {who} of {self.label(1 - self.active)}"
        if TARGET_CLIENT <= action < TARGET_GUIDE:
            return f"{base(self, action)} of {self.label(self.active)}"
        return base(self, action)

    return text


def refuse_own_phase(self: TwoPlayerSeries, action: int) -> IllegalActionError:
    """Not an action of a two-player phase (bidding, blocks, the First Player's draw)."""
    if isinstance(action, int) and 0 <= action < NUM_ACTIONS_2P:
        return IllegalActionError(
            rule=self._rule_of(action),
            reason=f"not a legal action while the game waits to {_PHASES_2P[self.phase]}",
            action=action,
        )
    return IllegalActionError(rule=R_SEQUENCE, reason="no such action", action=action)


def refuse_range(self: TwoPlayerSeries, action: int) -> IllegalActionError | None:
    """An id beyond the two-player game's, or a two-player action out of its phase; None
    for the ruleset's own refusal."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS_2P:
        return IllegalActionError(rule=R_SEQUENCE, reason="no such action", action=action)
    if action >= NUM_ACTIONS:
        return IllegalActionError(
            rule=R_2P, reason="that two-player action is not legal now", action=action
        )
    return None
