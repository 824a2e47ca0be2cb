"""Two players: the queue and the End of Turn for both teams [9.0] [10.0] [15.1], the Game
End team by team [11.*], the results [15.7] (competitive or cooperative) and invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from highcamp.core import ScoreBreakdown

from .constants import (
    P_OVER,
    R_QUEUE,
)
from .end_of_turn import _NEXT_TIRED
from .two_player_vocabulary import (
    COOPERATIVE_BAND,
    OTHER,
    R_FIRST,
)

if TYPE_CHECKING:
    from .protocols import TwoPlayerSeries


def _shift_queue(self: TwoPlayerSeries, d: int) -> None:
    b = self.rs.board
    stay = []
    for spot, who, direction in sorted(self.queue):
        spot -= d
        if spot >= 0:
            stay.append([spot, who, direction])
            continue
        dest = b.down + 1 if direction > 0 else b.up - 1
        if who >= OTHER:
            self.teams[1 - self.active].pos[who - OTHER] = dest
        else:
            self.team.pos[who] = dest
        self._emit(f"{self.name(who)} leaves the queue to {b.names[dest]}", R_QUEUE)
    self.queue = stay


def _end_turn(self: TwoPlayerSeries) -> None:
    """[10.0] for both teams; Blocked Ridge markers stay [15.4]; the First Player
    marker passes [15.1]."""
    self.step = "end"
    n = self._game.ng + self._game.nc
    for team in self.teams:
        tired = team.tired
        if any(tired):  # a tired client rests next turn, a resting one is fresh again [7.4]
            team.tired = [_NEXT_TIRED[t] for t in tired]
        team.moved = [False] * n
        team.fx = []
    if self._advance_track():
        return
    self.first = 1 - self.first
    if self._log is not None:
        self._emit(f"the First Player marker passes to {self.label(self.first)}", R_FIRST)
    self.turn += 1
    self._begin_turn()


def _begin_fates(self: TwoPlayerSeries) -> None:
    """The First Player's clients draw their fates first [11.*] [15.1]."""
    self.fate_seat = self.first
    self._seat(self.fate_seat)
    self._seat_fates()


def _next_seat_fates(self: TwoPlayerSeries) -> bool:
    """After the First Player's Game End, the other seat draws its fates."""
    if self.fate_seat != self.first:
        return False
    self.fate_seat = 1 - self.first
    self._seat(self.fate_seat)
    self._seat_fates()
    return True


def score(self: TwoPlayerSeries) -> float:
    """The total of the active seat."""
    return self.score_breakdown()[self.active].total


def cooperative(self: TwoPlayerSeries) -> bool:
    """Whether the teams play the cooperative game [15.7] (option ``victory``)."""
    return self._game.options.get("victory") == "cooperative"


def short_of_success(self: TwoPlayerSeries) -> list[ScoreBreakdown]:
    """The sheets whose band is below :data:`COOPERATIVE_BAND` (the cooperative game's
    aim for both teams [15.7])."""
    bands = self._game.score_bands()
    need = bands.index(COOPERATIVE_BAND)
    return [bd for bd in self.score_breakdown() if bands.index(bd.band or bands[0]) < need]


def winners(self: TwoPlayerSeries) -> list[int]:
    """The seats with the most Victory Points, then the most Prestige; in the
    cooperative game both seats if both teams reached the :data:`COOPERATIVE_BAND` or
    better, else none [15.7]."""
    if self.cooperative():
        return [] if self.short_of_success() else [0, 1]
    bds = self.score_breakdown()
    key = [(bd.total, self.seat_prestige(bd.player)) for bd in bds]
    best = max(key)
    return [s for s in (0, 1) if key[s] == best]


def returns(self: TwoPlayerSeries) -> list[float]:
    """1 for each winner (both in a mutual victory or a cooperative victory), 0 for the
    others (both in a cooperative defeat); 0 before the end [15.7]."""
    if self.phase != P_OVER:
        return [0.0, 0.0]
    won = self.winners()
    return [1.0 if s in won else 0.0 for s in (0, 1)]


def ending(self: TwoPlayerSeries) -> str | None:
    """Who won [15.7] once the game is over: ``Seat 1 (...) wins``, ``mutual victory``,
    or in the cooperative game ``cooperative victory: ...`` or ``cooperative defeat:
    ...`` naming the teams below the :data:`COOPERATIVE_BAND` and their bands."""
    if self.phase != P_OVER:
        return None
    if self.cooperative():
        short = self.short_of_success()
        if not short:
            return f"cooperative victory: both teams reached {COOPERATIVE_BAND} or better"
        who = " and ".join(f"{self.label(bd.player)} on {bd.band}" for bd in short)
        return f"cooperative defeat: {who}, below {COOPERATIVE_BAND}"
    won = self.winners()
    if len(won) == 2:
        return "mutual victory"
    return f"{self.label(won[0])} wins"
