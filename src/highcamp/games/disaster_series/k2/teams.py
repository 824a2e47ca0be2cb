"""K2's teams [5.*]: the International Team, the HAP or the Sherpa with its Secret Goal
[5.2] [13.0], and multinational hiring [14.6]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..constants import (
    P_HIRE,
    R_TEAM,
)
from .vocabulary import (
    P_GOAL,
)

if TYPE_CHECKING:
    from ..team import K2Team, Team
    from .protocols import K2Series


def _kind(self: K2Series, team: Team | None = None) -> str:
    """The kind of ``team``'s (default: the active team's) guide: ``hap`` or ``sherpa``."""
    guides = (self.team if team is None else team).guides
    return self.rs.guides[guides[0]].kind if guides else ""


def _sherpa_goal(self: K2Series, team: K2Team | None = None) -> str:
    """The id of ``team``'s (default: the active team's) Secret Goal, ``""`` if none."""
    g = (self.team if team is None else team).secret_goal
    return self.k2.goals[g][0] if g >= 0 else ""


def _setup(self: K2Series) -> None:
    game = self._game
    if game.multinational:
        self.phase = P_HIRE  # [14.6]: any one guide, then five climbers
        return
    self.team.guides = list(game.team.guides)
    self.team.clients = list(game.team.clients)
    self._team_ready()


def _setup_next(self: K2Series) -> None:
    if self._team_drawn():  # the climbers are recruited in P_RECRUIT [14.6]
        self._team_ready()


def _team_ready(self: K2Series) -> None:
    game = self._game
    self._say(
        f"{self.name(0)} ({self._kind().upper()}) and climbers "
        + ", ".join(self.name(game.ng + c) for c in range(game.nc))
        + f" at High Camp; Prestige {self.rs.board.prestige_start}",
        R_TEAM,
    )
    if self._kind() == "sherpa":
        self.phase = P_GOAL
        return
    self._begin_turn()
