"""Set-up [4.*] and the start of each turn [5.0]: the company's guides and clients (hired
[14.2] or drawn at random [14.1]), then the event draw of each turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    P_CDRAW,
    P_DRAW,
    P_GDRAW,
    P_HIRE,
    R_WATCH,
)

if TYPE_CHECKING:
    from .protocols import SeriesState


def _setup(self: SeriesState) -> None:
    game = self._game
    company = game.company
    if game.bonus == "choose_guides":
        self.phase = P_HIRE  # [14.2]: choose any two guides
    elif game.random_team:
        self.phase = P_GDRAW  # [14.1]
    else:
        self.team.guides = list(company.guides)
    if not game.random_team:
        self.team.clients = list(company.clients)
    if self.team.guides and self.team.clients:
        self._begin_turn()
    elif self.team.guides:
        self.phase = P_CDRAW


def _setup_next(self: SeriesState) -> None:
    game = self._game
    if len(self.team.guides) < game.ng:
        return
    if len(self.team.clients) < game.nc:
        self.phase = P_CDRAW
        return
    self._emit(
        "guides "
        + ", ".join(self.name(g) for g in range(game.ng))
        + " and clients "
        + ", ".join(self.name(game.ng + c) for c in range(game.nc))
        + " at High Camp; Prestige 18",
        "[4.2] [4.3] [4.4]",
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
        self._emit("the container is empty: set-aside tokens return to it", "K2 [7.4]")
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
