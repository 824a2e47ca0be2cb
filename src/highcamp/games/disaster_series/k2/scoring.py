"""K2's scoring [12.0] with the Traverse marker and the Secret Goal [13.0], and its invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from highcamp.core import ScoreBreakdown, ScoreLine

from ..constants import (
    DEAD,
    LOST,
    REMOVED,
)
from .vocabulary import (
    R_SCORE,
    R_SHERPA,
)

if TYPE_CHECKING:
    from .protocols import K2Series


def score_breakdown(self: K2Series) -> list[ScoreBreakdown]:
    """Every line of [12.0] as if the game ended now (final at the end), with the
    Victory Chart band."""
    game = self._game
    ng = game.ng
    lines = self._client_lines("climbers")
    lines.append(ScoreLine("Prestige left", self.prestige, R_SCORE))
    lines.append(self._luck_line())
    goal = self.secret_goal[0]
    if goal >= 0:
        _, gname, points = self.k2.goals[goal]
        lines.append(
            ScoreLine(f"Secret Goal: {gname}", points if self._goal_met() else 0, R_SHERPA)
        )
    total = sum(ln.points for ln in lines)
    return [
        ScoreBreakdown(
            player=0,
            lines=self._cite_lines(lines),
            total=total,
            band=self.rs.band(total),
            figures={
                "summits": sum(1 for g in self.goal if g == 2),
                "traverse": sum(1 for g in self.goal if g >= 1),
                "deaths": sum(1 for c in range(game.nc) if self.pos[ng + c] == DEAD),
                "collapses": len(self.collapsed),
                "darkness_turns": max(self.storm - 1, 0),
                "turns": self.turn,
                "darkness_arrived_turn": self.turn - self.storm + 1 if self.storm else None,
                **self.tally_figures(),
            },
        )
    ]


def _first_marker(self: K2Series) -> tuple[str, int]:
    """K2's first marker is the Traverse [12.0]."""
    return "Traverse", self.k2.traverse_points


def _goal_met(self: K2Series) -> bool:
    gid = self._sherpa_goal()
    if gid in ("summit_with_climber", "bivouac"):
        return self.goal_done[0]
    if gid == "do_not_summit":
        return not self.sherpa_summit[0]
    if gid == "back_at_camp":
        return self.pos[0] == 0 or (self.pos[0] == LOST and self.bivouacked[0])
    return False


def invariants(self: K2Series) -> list[str]:
    """30 tokens accounted for (ropes on the board included); every marker in one
    place; the tracks within their lengths."""
    problems = self._token_problems()
    ng = self._game.ng
    for m in range(len(self.pos)):
        allowed = (REMOVED, LOST) if m < ng else (LOST, DEAD)
        if self.pos[m] < 0 and self.pos[m] not in allowed:
            problems.append(f"{self.name(m)} is in no place a marker can be")
        if self.pos[m] >= self.rs.board.size:
            problems.append(f"{self.name(m)} is off the board")
    if not 0 <= self.prestige <= self.rs.board.prestige_max:
        problems.append("Prestige off its track")
    if self._track_len() > self.rs.board.storm_watch:
        problems.append("Avalanche Track overfull")
    if len(self.collapsed) > self.rs.board.blocked_ridge_markers:
        problems.append("more Serac collapses than markers")
    if any(r[0] not in self.collapsed for r in self.ropes):
        problems.append("a rope off an avalanche space")
    return problems
