"""Luck before a die roll and the Lucky trait's re-roll (Player Aid; [14.1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..constants import (
    LUCKY,
    P_DIE,
)
from . import avalanche
from .vocabulary import (
    _LUCK_ROLLS,
)

if TYPE_CHECKING:
    from .protocols import K2Series


def _luck_offer(self: K2Series) -> bool:
    """Whether Luck may be played before this roll: a held Luck token, a roll Luck
    serves, not yet asked."""
    if self.phase != P_DIE or self.luck_asked or self.die_for not in _LUCK_ROLLS:
        return False
    effects = self.rs.token_effects
    for t in self.team.held:  # noqa: SIM110 (hot path: no generator frame)
        if effects[t] == "luck":
            return True
    return False


def _lucky_subject(self: K2Series) -> bool:
    """Whether this roll is against a climber with the Lucky trait (advanced game)."""
    ng = self._game.ng
    kind = self.die_for
    who: list[int] = []
    if kind == "lost" and self.lost_checks:
        who = [self.lost_checks[0]]
    elif kind == "rope":
        who = [self.rope_client]
    elif kind == "descent":
        who = [x - ng for x in (self.descent_marker, self.descent_partner) if x >= ng]
    elif kind == "bivouac" and self.biv_marker >= ng:
        who = [self.biv_marker - ng]
    elif kind == "chimney" and self.chimney_queue:
        who = [self.chimney_queue[0]]
    return any(c >= 0 and LUCKY in self._traits(c) for c in who)


def _bad_roll(self: K2Series, d: int) -> bool:
    """Whether ``d`` harms the climber it is rolled against."""
    kind = self.die_for
    if kind == "lost":
        return d <= 2
    if kind == "rope":
        return d <= 4
    if kind == "chimney":
        return d == 1
    if kind == "bivouac":
        table = self.k2.bivouac_min
        return d < table[min(max(self.storm, 1), len(table)) - 1]
    if kind == "descent":
        total = d + avalanche._descent_bonus(self)
        if self.descent_method == 0:
            return total <= 2
        alone = self.descent_partner < 0 and self.descent_marker >= self._game.ng
        return total <= 3 or (total <= 5 and alone)
    return False
