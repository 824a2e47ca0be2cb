"""The Hillary Step queue [8.2] [9.0]: entering it, and resolving it with a die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    NEUTRAL,
    P_DIE,
    QUEUE,
    R_EVENTS,
    R_GOALS,
    R_QUEUE,
    R_STEP,
)

if TYPE_CHECKING:
    from .protocols import SeriesState


def _place_in_queue(self: SeriesState, marker: int, direction: int, spot: int) -> None:
    self.queue.append([spot, marker, direction])
    ng = self._game.ng
    self.team.pos[marker] = QUEUE
    if marker >= ng and self.team.goal[marker - ng] == 0:
        self.team.goal[marker - ng] = 1
        if self._log is not None:
            self._emit(f"{self.name(marker)} earns the Hillary Step marker", R_GOALS)
    if self._log is not None:
        self._emit(f"{self.name(marker)} takes queue spot {spot + 1}", R_STEP)


def _resolve_queue(self: SeriesState) -> None:
    self.step = "resolve"
    self.round = ""
    if self.queue and "slowed" not in self.team.fx:
        self.phase = P_DIE
        self.die_for = "resolve"
        return
    if self.queue:
        self._emit("Slowed: the queue does not move this turn", R_EVENTS)
    self._end_turn()


def _shift_queue(self: SeriesState, d: int) -> None:
    b = self.rs.board
    stay = []
    for spot, who, direction in sorted(self.queue):
        spot -= d
        if spot >= 0:
            stay.append([spot, who, direction])
        elif who == NEUTRAL:
            if self._log is not None:
                self._emit("another company's client leaves the queue", R_QUEUE)
        else:
            dest = b.down + 1 if direction > 0 else b.up - 1
            self.team.pos[who] = dest
            if self._log is not None:
                self._emit(f"{self.name(who)} leaves the queue to {b.names[dest]}", R_QUEUE)
    self.queue = stay
