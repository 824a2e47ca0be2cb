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
    P_RECRUIT,
)

if TYPE_CHECKING:
    from .protocols import K2Series


def _kind(self: K2Series) -> str:
    return self.rs.guides[self.guides[0]].kind if self.guides else ""


def _sherpa_goal(self: K2Series) -> str:
    g = self.secret_goal[0]
    return self.k2.goals[g][0] if g >= 0 else ""


def _setup(self: K2Series) -> None:
    game = self._game
    if game.multinational:
        self.phase = P_HIRE  # [14.6]: any one guide, then five climbers
        return
    self.guides = list(game.team.guides)
    self.clients = list(game.team.clients)
    self._team_ready()


def _setup_next(self: K2Series) -> None:
    game = self._game
    if len(self.guides) < game.ng:
        return
    if len(self.clients) < game.nc:
        self.phase = P_RECRUIT
        return
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
