"""Two players: the seats [15.0] (``teams``, one per seat, and ``team``, the active seat's,
a reference), each team's set-up with Prestige 14 [15.2], the First Player [15.1] and
the turn's draw by the First Player [15.3] [15.6]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .bonuses import team_bonus
from .constants import (
    P_DRAW,
    R_DEPLETION,
    R_WATCH,
)
from .two_player_options import seat_label
from .two_player_vocabulary import (
    FIRST_CHOICES,
    P_FIRST,
    PRESTIGE_2P,
    R_FIRST,
    R_PREP_2P,
    _flip,
)

if TYPE_CHECKING:
    from .protocols import SeriesGame, TwoPlayerSeries
    from .team import Team


def _new_teams(self: TwoPlayerSeries) -> list[Team]:
    """One team per seat; each starts with 14 Prestige [15.2] (the first seat's is set
    when its team is ready)."""
    return [self._new_team(self.rs.board.prestige_start), self._new_team(PRESTIGE_2P)]


def _active_index(self: TwoPlayerSeries) -> int:
    return self.active


def _seat_teams(self: TwoPlayerSeries) -> list[Team]:
    """The active seat's team, then the other's (the saved document's order)."""
    return [self.team, self.teams[1 - self.active]]


def _doc_field(self: TwoPlayerSeries, key: str) -> Any:
    """A field of the saved document: the state's, the active team's, or (``o_<field>``)
    the waiting team's."""
    if key in self._TEAM_FIELDS:
        return getattr(self.team, key)
    if key[:2] == "o_" and key[2:] in self._TEAM_FIELDS:
        return getattr(self.teams[1 - self.active], key[2:])
    return getattr(self, key)


def _renumber(self: TwoPlayerSeries) -> None:
    """Renumber the shared places that name markers from the active seat's side (the
    Hillary Step queue, the markers entering it, the LOST checks: the waiting team's are
    ``OTHER + marker``) for the other seat; usually empty, never a team's field."""
    for e in self.queue:
        e[1] = _flip(e[1])
    for e in self.entering:
        e[0] = _flip(e[0])
    if self.lost_checks:
        self.lost_checks = [_flip(c) for c in self.lost_checks]


def _seat_game(self: TwoPlayerSeries, seat: int | None = None) -> SeriesGame:
    return self._game.seat_games[self.active if seat is None else seat]


def _seat_bonus(self: TwoPlayerSeries) -> str:
    return self._seat_game().bonus


def label(self: TwoPlayerSeries, seat: int) -> str:
    """``Seat 1 (Summit Adventures)``."""
    return seat_label(self._game, seat)


def seat_prestige(self: TwoPlayerSeries, seat: int) -> int:
    """A seat's Prestige."""
    return self.teams[seat].prestige


def seat_secret(self: TwoPlayerSeries, seat: int) -> Any:
    """A seat's secret (``None``: it has none), shown only in its own observation."""
    return self.secret[seat]


def _secret_choices(self: TwoPlayerSeries, seat: int) -> list[Any]:
    """The values a seat's secret may take, for :meth:`resample_hidden` (a ruleset
    with secrets overrides it)."""
    return []


def _clients_on(self: TwoPlayerSeries, space: int) -> tuple[int, int]:
    """Clients of the active and of the waiting team on ``space``."""
    ng = self._game.ng
    return self.team.pos[ng:].count(space), self.teams[1 - self.active].pos[ng:].count(space)


def _reserved(self: TwoPlayerSeries, kind: str) -> set[int]:
    """Cards the other seat holds or will take from its fixed team."""
    other = self._seat_game(1 - self.active)
    team = self.teams[1 - self.active]
    if kind == "guides":
        taken = set(team.guides)
        if not other.random_team and not team_bonus(other.bonus).hires_guides:
            taken |= set(other.company.guides)
        return taken
    taken = set(team.clients)
    if not other.random_team:
        taken |= set(other.company.clients)
    return taken


def _seat_done(self: TwoPlayerSeries) -> None:
    """A seat's team is ready (:func:`.setup._seat_ready`: Prestige 14 [15.2]): the second
    seat's is set up next, then the First Player is chosen [15.1]."""
    if self.active == 0:
        self._seat(1)
        self._seat_setup()
        return
    self._choose_first()


def _choose_first(self: TwoPlayerSeries) -> None:
    """Both teams are set up: the First Player is the seat the option names, or is
    drawn (a chance step with two outcomes) [15.1]."""
    choice = self._game.options.get("first_player", "seat1")
    if choice == "random":
        self.phase = P_FIRST
        self._cache = None
        return
    self._first_turn(FIRST_CHOICES.index(choice))


def _first_turn(self: TwoPlayerSeries, seat: int) -> None:
    """``seat`` is the First Player of the first turn [15.1], which begins."""
    self.first = seat
    self._seat(seat)
    if self._log is not None:
        self._emit(f"{self.label(seat)} is the First Player", R_FIRST)
    self._begin_turn()


def _begin_turn(self: TwoPlayerSeries) -> None:
    """The First Player draws [15.3]; Blocked Ridge markers stay [15.4]; Preparations
    serve the First Player only [15.6]."""
    if self.active != self.first:
        self._seat(self.first)
    self.step = "draw"
    for team in self.teams:
        team.fx = []
    self.current = -1
    if not self.container and self.set_aside:
        self.container = sorted(self.set_aside)
        self.set_aside = []
        self._emit("the container is empty: set-aside tokens return to it", R_DEPLETION)
    n = 3 if self.team.prep == 2 else 1
    if n == 3 and self._log is not None:
        self._emit(f"{self.label(self.first)} uses the Preparations", R_PREP_2P)
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
