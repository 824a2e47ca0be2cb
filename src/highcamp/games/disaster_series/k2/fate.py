"""K2's Game End [11.*]: the fate pool without ropes, House's Chimney, bivouacked guides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..constants import (
    DEAD,
    LOST,
    P_DIE,
    P_OVER,
)
from .vocabulary import (
    R_AID,
    R_POOL,
    R_SCORE,
    R_SHERPA,
    R_UNSUPPORTED,
)

if TYPE_CHECKING:
    from .protocols import K2Series


def _begin_end(self: K2Series) -> None:
    self.step = "fate"
    tokens = self.rs.tokens
    keep_held = [t for t in self.team.held if tokens[t].effect in ("luck", "synthetic_rope")]
    luck = [t for t in keep_held if tokens[t].effect == "luck"][:1]
    keep_held = luck + [t for t in keep_held if tokens[t].effect == "synthetic_rope"]
    back = [t for t in self.team.held if t not in keep_held]
    ams = [t for t in self.team.kept if tokens[t].effect == "acute_mountain_sickness"]
    self.team.kept = [t for t in self.team.kept if t not in ams]
    pool = self.container + self.set_aside + self.storm_watch + back + self.drawn + ams
    ropes = sorted(t for t in pool if tokens[t].effect == "synthetic_rope")
    self.pool = sorted(t for t in pool if t not in ropes)
    self.removed += ropes
    self.container, self.set_aside, self.storm_watch, self.drawn = [], [], [], []
    self.team.held = keep_held
    if ropes:
        self._say(f"{len(ropes)} Synthetic Rope tokens are removed from the pool", R_POOL)
    self._say(f"{len(self.pool)} tokens form the fate pool", R_POOL)
    self.team.heli_done = True
    self._build_fates()


def _finish(self: K2Series) -> None:
    if self.chimney_left < 0:
        self.chimney_left = sum(
            1 for t in self.team.kept if self.rs.tokens[t].effect == "houses_chimney"
        )
        if self._next_chimney():
            return
    game = self._game
    ng = game.ng
    for g in range(ng):
        if self.team.pos[g] == LOST:
            self.team.pos[g] = 0
            self._say(f"{self.name(g)} returns to High Camp after the bivouac", R_SHERPA)
    for c in range(game.nc):
        if self.team.goal[c] == 0 and self.team.pos[ng + c] != DEAD:
            self.team.fates[c] = "not supported"
            self._say(f"{self.name(ng + c)} never reached the Traverse", R_UNSUPPORTED)
    self.phase = P_OVER
    self.step = "over"
    if self._log is not None:
        bd = self.score_breakdown()[0]
        self._say(f"final score {bd.total:g}: {bd.band}", R_SCORE)


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
        self._kill(c, "slipped at House's Chimney", R_AID)
        self.chimney_queue = []
    if not self.chimney_queue:
        self.chimney_left -= 1
    if not self._next_chimney():
        self._finish()
