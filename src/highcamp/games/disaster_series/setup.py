"""Set-up [4.*] and the start of each turn [5.0]: the company's guides and clients (hired
[14.2] or drawn at random [14.1]), then the event draw of each turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import markers
from .bonuses import team_bonus
from .constants import (
    P_CDRAW,
    P_DRAW,
    P_GDRAW,
    P_HIRE,
    R_DEPLETION,
    R_TEAM,
    R_WATCH,
    Rule,
)
from .team import Team
from .two_player_options import seat_label
from .two_player_vocabulary import PRESTIGE_2P, R_PRESTIGE

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


def _seat_game(self: SeriesState, seat: int | None = None) -> SeriesGame:
    """The game a seat's team is set up from: the game itself in solitaire (with two
    players, each seat's own game)."""
    return self._game


def _setup(self: SeriesState) -> None:
    """Set-up [4.*]: the first seat's team (every team, one after the other: :func:`_seat_done`)."""
    self._seat_setup()


def _seat_setup(self: SeriesState) -> None:
    """Set up the active seat's team from its own game (:func:`_draw_team`); a ruleset with
    teams of its own kind sets them up itself (K2's [5.*])."""
    if _draw_team(self, self._seat_game()):
        _seat_ready(self, False)


def _setup_next(self: SeriesState) -> None:
    """After a card hired or drawn: the team, once complete, is ready."""
    if _team_drawn(self):
        _seat_ready(self, True)


def _seat_ready(self: SeriesState, drawn: bool) -> None:
    """The active seat's team is complete (``drawn``: its cards were hired or drawn, not
    the company's): with two players it starts with 14 Prestige [15.2]; the log names the
    team (:func:`_team_line`); a ruleset's secret is drawn (:meth:`_secret_draw`), then the
    next seat is set up or the first turn begins (:meth:`_seat_done`)."""
    if len(self.teams) > 1:
        self.team.prestige = PRESTIGE_2P
    if self._log is not None:
        line = self._team_line(drawn)
        if line is not None:
            self._emit(*line)
    if not self._secret_draw():
        self._seat_done()


def _team_line(self: SeriesState, drawn: bool) -> tuple[str, str] | None:
    """What the log says of a team ready at High Camp, and its rule (``None``: nothing, for
    a solitaire company that was not drawn)."""
    game = self._game
    two = len(self.teams) > 1
    if not (drawn or two):
        return None
    text = (
        "guides "
        + ", ".join(self.name(g) for g in range(game.ng))
        + " and clients "
        + ", ".join(self.name(game.ng + c) for c in range(game.nc))
        + " at High Camp; Prestige "
    )
    return _seat_line(self, text)


def _seat_line(self: SeriesState, text: str) -> tuple[str, str]:
    """``text`` (which ends in "Prestige ") completed with the team's starting Prestige,
    and its rule: with two players, the seat's label first and [15.2]."""
    if len(self.teams) > 1:
        return (
            f"{seat_label(self._game, self._active_index())}: {text}{PRESTIGE_2P}",
            f"{Rule.GUIDES} {Rule.CLIENTS} {R_PRESTIGE}",
        )
    return f"{text}{self.rs.board.prestige_start}", R_TEAM


def _secret_draw(self: SeriesState) -> bool:
    """A ruleset's secret drawn when a team is ready (K2's Sherpa goal [5.2]): True when
    its phase now asks for it (none here)."""
    return False


def _seat_done(self: SeriesState) -> None:
    """A seat's team is ready: in solitaire the first turn begins (with two players the
    next seat is set up, or the First Player is chosen)."""
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
        if not markers._storm_phase(self):
            self.watch_blank += 1
            self._check_watch()
        self._begin_move()
        return
    self.phase = P_DRAW
