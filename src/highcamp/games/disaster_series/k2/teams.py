"""K2's teams [5.*]: the International Team, the HAP or the Sherpa with its Secret Goal
[5.2] [13.0], and multinational hiring [14.6]."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .. import setup
from ..constants import P_HIRE
from ..setup import _seat_line
from .vocabulary import (
    P_GOAL,
)

if TYPE_CHECKING:
    from ..team import Team
    from .protocols import K2Game, K2Series


def _kind(self: K2Series, team: Team | None = None) -> str:
    """The kind of ``team``'s (default: the active team's) guide: ``hap`` or ``sherpa``."""
    guides = (self.team if team is None else team).guides
    return self.rs.guides[guides[0]].kind if guides else ""


def _sherpa_goal(self: K2Series, team: Team | None = None) -> str:
    """The id of ``team``'s (default: the active team's) Secret Goal, ``""`` if none."""
    g = (self.team if team is None else team).secret_goal
    return self.k2.goals[g][0] if g >= 0 else ""


def _seat_setup(self: K2Series) -> None:
    """The active seat's team [5.*]: its International Team, or hired [14.6] (any one
    guide, then five climbers the other seat has not taken)."""
    game = cast("K2Game", self._seat_game())
    if game.multinational:
        self.phase = P_HIRE
        return
    self.team.guides = list(game.team.guides)
    self.team.clients = list(game.team.clients)
    setup._seat_ready(self, False)


def _team_line(self: K2Series, drawn: bool) -> tuple[str, str] | None:
    """The guide, its kind and the climbers at High Camp (said of every team)."""
    game = self._game
    text = (
        f"{self.name(0)} ({_kind(self).upper()}) and climbers "
        + ", ".join(self.name(game.ng + c) for c in range(game.nc))
        + " at High Camp; Prestige "
    )
    return _seat_line(self, text)


def _secret_draw(self: K2Series) -> bool:
    """A Sherpa's Secret Goal is drawn face down [5.2]."""
    if _kind(self) == "sherpa":
        self.phase = P_GOAL
        return True
    return False
