"""K2's Game End [11.*]: the fate pool without ropes, House's Chimney, bivouacked guides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .. import fate as series_fate
from ..constants import (
    DEAD,
    LOST,
    P_DIE,
)
from . import avalanche
from .vocabulary import (
    R_AID,
    R_SHERPA,
)

if TYPE_CHECKING:
    from .protocols import K2Series


END_KEEPS = frozenset({"synthetic_rope"})
"""Held tokens a team keeps at the Game End besides one Luck: its Synthetic Ropes [11.1]."""
END_RETURNS = frozenset({"acute_mountain_sickness"})
"""Kept tokens that go back to the fate pool: Acute Mountain Sickness [11.1]."""
LEFT_OUT_OF_POOL: Mapping[str, str] = {"synthetic_rope": "Synthetic Rope tokens"}
"""Tokens removed from the game instead of joining the fate pool, with the log's words."""


def _seat_fates(self: K2Series) -> None:
    """A team's Game End on K2: no helicopter; House's Chimney is asked at its end."""
    self.team.heli_done = True
    self.chimney_left = -1
    series_fate._build_fates(self)


def _closing_steps(self: K2Series) -> bool:
    """House's Chimney's rolls, if the team kept it (True while one is asked), then the
    bivouacked guides return to High Camp."""
    if self.chimney_left < 0:
        self.chimney_left = sum(
            1 for t in self.team.kept if self.rs.tokens[t].effect == "houses_chimney"
        )
        if _next_chimney(self):
            return True
    team = self.team
    for g in range(self._game.ng):
        if team.pos[g] == LOST:
            team.pos[g] = 0
            self._say(f"{self.name(g)} returns to High Camp after the bivouac", R_SHERPA)
    return False


def _next_chimney(self: K2Series) -> bool:
    """Ask for the next House's Chimney roll; False when none is left."""
    ng = self._game.ng
    if self.chimney_left <= 0:
        return False
    if not self.chimney_queue:
        self.chimney_queue = [c for c in range(self._game.nc) if self.team.pos[ng + c] != DEAD]
        if not self.chimney_queue:
            self.chimney_left = 0
            return False
        self._say("House's Chimney: a roll for each surviving climber", R_AID)
    self.phase = P_DIE
    self.die_for = "chimney"
    return True


def _chimney_roll(self: K2Series, d: int) -> None:
    c = self.chimney_queue.pop(0)
    if d == 1:
        avalanche._kill(self, c, "slipped at House's Chimney", R_AID)
        self.chimney_queue = []
    if not self.chimney_queue:
        self.chimney_left -= 1
    if not _next_chimney(self):
        series_fate._finish(self)
