"""K2's scoring [12.0] with the Traverse marker and the Secret Goal [13.0], and its invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from highcamp.core import ScoreBreakdown

from .. import scoring as series_scoring
from .. import texts as series_texts
from ..constants import (
    DEAD,
    LOST,
    REMOVED,
)
from ..invariants import block_problems
from ..team import K2Team, Team
from . import avalanche, teams
from .vocabulary import (
    R_SCORE,
    R_SHERPA,
)

if TYPE_CHECKING:
    from .protocols import K2Series


def _team_score(self: K2Series, team: Team) -> ScoreBreakdown:
    """``team``'s [12.0] sheet with the Secret Goal [13.0] (any team, read in place)."""
    assert isinstance(team, K2Team)
    game = self._game
    ng = game.ng
    lines = series_scoring._client_lines(self, "climbers", team)
    lines.append(series_texts._cited_line(self, "Prestige left", team.prestige, R_SCORE))
    lines.append(series_scoring._luck_line(self, team))
    goal = team.secret_goal
    if goal >= 0:
        _, gname, points = self.k2.goals[goal]
        met = points if _goal_met(self, team) else 0
        lines.append(series_texts._cited_line(self, f"Secret Goal: {gname}", met, R_SHERPA))
    total: int | float = sum(ln.points for ln in lines)
    return ScoreBreakdown(
        player=0,
        lines=tuple(lines),
        total=total,
        band=self.rs.band(total),
        figures={
            "summits": team.goal.count(2),  # (a goal is 0, 1 or 2: MARKER_NAMES)
            "traverse": len(team.goal) - team.goal.count(0),
            "deaths": team.pos[ng : ng + game.nc].count(DEAD),
            "collapses": len(self.collapsed),
            "darkness_turns": max(self.storm - 1, 0),
            "turns": self.turn,
            "darkness_arrived_turn": self.turn - self.storm + 1 if self.storm else None,
            **series_scoring.tally_figures(self, team),
        },
    )


def _first_marker(self: K2Series) -> tuple[str, int]:
    """K2's first marker is the Traverse [12.0]."""
    return "Traverse", self.k2.traverse_points


def _goal_met(self: K2Series, team: Team | None = None) -> bool:
    """Whether ``team``'s (default: the active team's) Secret Goal is met [13.0]."""
    t = self.team if team is None else team
    gid = teams._sherpa_goal(self, t)
    if gid in ("summit_with_climber", "bivouac"):
        return t.goal_done
    if gid == "do_not_summit":
        return not t.sherpa_summit
    if gid == "back_at_camp":
        return t.pos[0] == 0 or (t.pos[0] == LOST and t.bivouacked[0])
    return False


MARKER_PLACES: tuple[tuple[int, ...], tuple[int, ...]] = ((REMOVED, LOST), (LOST, DEAD))
"""Where a guide and where a climber may be off the board on K2 (no queue): removed, LOST
(a guide bivouacking [8.7]), dead."""


def _table_problems(self: K2Series) -> list[str]:
    """K2's table: the Serac collapses within their markers (with two players, shared
    with the Blocked Ridge markers, each block by two climbers [15.4]), the Avalanche
    Track within its length, ropes only on avalanche spaces, one Flashlight."""
    problems = []
    b = self.rs.board
    if len(self.teams) == 1:
        if len(self.collapsed) > b.blocked_ridge_markers:
            problems.append("more Serac collapses than markers")
    else:
        what = "Blocked Ridge and Serac markers"
        problems += block_problems(self, len(self.collapsed), what, "climbers")
    if avalanche._track_len(self) > b.storm_watch:
        problems.append("Avalanche Track overfull")
    if any(r[0] not in self.collapsed for r in self.ropes):
        problems.append("a rope off an avalanche space")
    if sum(1 for t in self.teams if t.flash >= 0) > 1:
        problems.append("two Flashlights")
    return problems
