"""What Disaster on K2 adds to the table's view: its tracks, Serac collapses, ropes, the
Flashlight and the Sherpa's Secret Goal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import markers
from ..constants import LOST, P_DIE
from . import scoring, teams
from .vocabulary import K2_MARKER_NAMES

if TYPE_CHECKING:
    from ..team import Team
    from .protocols import K2Series


def _k2_observation(self: K2Series, obs: dict[str, Any]) -> None:
    """Add K2's part to ``obs``, the engine's observation."""
    rs = self.rs
    names = rs.board.names
    ng = self._game.ng
    goal = self.team.secret_goal
    obs["k2"] = {
        "avalanche_track": [rs.tokens[t].name for t in self.storm_watch],
        "darkness_phase": markers._storm_phase(self),
        "darkness_track": self.storm,
        "darkness_pending": self.storm_pending,
        "collapsed": [names[s] for s in self.collapsed],
        "ropes": [{"space": names[s], "frayed": bool(f)} for s, _, f in self.ropes],
        "flashlight": self.name(self.team.flash) if self.team.flash >= 0 else None,
        "guide_kind": teams._kind(self),
        "secret_goal": None
        if goal < 0
        else {
            "name": self.k2.goals[goal][1],
            "points": self.k2.goals[goal][2],
            "achieved": scoring._goal_met(self),
        },
        "descents": [self.name(m) for m, _ in self.descents],
        "roll_for": self.die_for if self.phase == P_DIE else "",
        "bivouacked": [self.name(m) for m in range(len(self.team.pos)) if self.team.bivouacked[m]],
        "traverse_goal": self.k2.traverse_goal,
    }
    del ng


def _k2_team_view(self: K2Series, team: Team, view: dict[str, Any]) -> None:
    """K2's words in a team's view (:meth:`_team_view`): the Traverse marker, the guide's
    kind, a bivouac."""
    for c, entry in enumerate(view["clients"]):
        entry["marker"] = K2_MARKER_NAMES[team.goal[c]]
    for g, entry in enumerate(view["guides"]):
        entry["kind"] = self.rs.guides[team.guides[g]].kind
        entry["where"] = "bivouac" if team.pos[g] == LOST else entry["where"]
