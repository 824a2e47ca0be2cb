"""Set-up [4.*] and the start of each turn [5.0]: the company's guides and clients (hired
[14.2] or drawn at random [14.1]), then the event draw of each turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bonuses import team_bonus
from .constants import (
    P_CDRAW,
    P_DRAW,
    P_GDRAW,
    P_HIRE,
    R_DEPLETION,
    R_TEAM,
    R_WATCH,
)
from .team import Team

if TYPE_CHECKING:
    from .protocols import SeriesGame, SeriesState


def _new_teams(self: SeriesState) -> list[Team]:
    """The teams at the start: one in solitaire."""
    return [self._new_team(self.rs.board.prestige_start)]


def _new_team(self: SeriesState, prestige: int) -> Team:
    """An empty team of the game's size (a ruleset with fields of its own per team makes
    its own kind)."""
    return Team(self._game.ng, self._game.nc, prestige)


def _draw_team(self: SeriesState, game: SeriesGame) -> bool:
    """Set up the active team from ``game`` (the game, or with two players the seat's):
    its company's guides and clients, or the hiring [14.2] or random draw [14.1] of the
    ones it lacks. True when the team is complete now (the caller goes on: the first turn,
    or the next seat); else the phase asks for the cards (then :func:`_team_drawn`)."""
    team = self.team
    if team_bonus(game.bonus).hires_guides:
        self.phase = P_HIRE  # [14.2]: choose any two guides
    elif game.random_team:
        self.phase = P_GDRAW  # [14.1]
    else:
        team.guides = list(game.company.guides)
    if not game.random_team:
        team.clients = list(game.company.clients)
    if team.guides and team.clients:
        return True
    if team.guides:
        self.phase = P_CDRAW
    return False


def _team_drawn(self: SeriesState) -> bool:
    """After a card hired or drawn for the active team: True when the team is complete;
    else the phase asks for its next card (the ruleset's phase for clients once the guides
    are all there)."""
    game = self._game
    team = self.team
    if len(team.guides) < game.ng:
        return False
    if len(team.clients) < game.nc:
        self.phase = self._CLIENTS_PHASE
        return False
    return True


def _setup(self: SeriesState) -> None:
    if self._draw_team(self._game):
        self._begin_turn()


def _setup_next(self: SeriesState) -> None:
    if not self._team_drawn():
        return
    game = self._game
    self._emit(
        "guides "
        + ", ".join(self.name(g) for g in range(game.ng))
        + " and clients "
        + ", ".join(self.name(game.ng + c) for c in range(game.nc))
        + " at High Camp; Prestige 18",
        R_TEAM,
    )
    self._begin_turn()


def _begin_turn(self: SeriesState) -> None:
    self.step = "draw"
    self.team.fx = []
    self.blocked = []
    self.current = -1
    if not self.container and self.set_aside:
        # no depletion rule in the Everest rulebook: K2 [7.4] is followed
        self.container = sorted(self.set_aside)
        self.set_aside = []
        self._emit("the container is empty: set-aside tokens return to it", R_DEPLETION)
    n = 3 if self.team.prep == 2 else 1
    self.draws_left = min(n, len(self.container))
    self.drawn = []
    if self.draws_left == 0:
        self._emit("no token left to draw: the storm builds anyway", R_WATCH)
        if not self._storm_phase():
            self.watch_blank += 1
            self._check_watch()
        self._begin_move()
        return
    self.phase = P_DRAW
