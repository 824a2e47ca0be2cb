"""End of Turn [10.0]: tiredness, blocks and effects cleared, the Storm Track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import fate
from .constants import (
    R_END_TURN,
    R_GAME_END,
)

if TYPE_CHECKING:
    from .protocols import SeriesState

_NEXT_TIRED = (0, 2, 0)
"""A client's tiredness after the End of Turn, by its tiredness (fresh, tired, resting)."""


def _end_turn(self: SeriesState) -> None:
    self.step = "end"
    game = self._game
    team = self.team
    tired = team.tired
    if any(tired):  # a tired client rests next turn, a resting one is fresh again [7.4]
        team.tired = [_NEXT_TIRED[t] for t in tired]
    team.moved = [False] * (game.ng + game.nc)
    self.blocked = []
    team.fx = []
    if _advance_track(self):
        return
    self.turn += 1
    self._begin_turn()


def _advance_track(self: SeriesState) -> bool:
    """End of Turn [10.0]: the Storm Turn marker (K2: the Darkness marker) enters its track
    the turn after it is due, then moves on each turn; True when it reached Game End and
    the game end [11.0] has begun."""
    if self.storm_pending:
        self.storm_pending = False
        self.storm = 1
        self._emit(self._TRACK_TEXTS[0], R_END_TURN)
    elif self.storm > 0:
        self.storm += 1
        if self.storm >= self.rs.board.storm_track:
            self._emit(self._TRACK_TEXTS[1], R_GAME_END)
            fate._begin_end(self)
            return True
    return False
