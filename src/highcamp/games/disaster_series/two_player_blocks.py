"""Two players: ridges blocked by two climbers or clients [15.4], Ridges Open for both, and
the First Player moving first [15.5]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .two_player_vocabulary import (
    OTHER,
    P_RELOCATE,
    R_BLOCK,
)

if TYPE_CHECKING:
    from .protocols import TwoPlayerSeries


def _begin_move(self: TwoPlayerSeries) -> None:
    if self.active != self.first:
        self._seat(self.first)
    self.moving = 0
    self._begin_seat_move()


def _begin_seat_move(self: TwoPlayerSeries) -> None:
    self.step = "move"
    self.pending_block = -1
    self.rounds = self._move_rounds(self._game.seat_games[self.active])  # the seat's game
    self._start_round(True)  # the first round


def _ridges_open_playable(self: TwoPlayerSeries) -> bool:
    """Ridges Open "removes all ridges for that turn. No Blocked Ridges are placed for
    that turn" (the clarifications): playable before any ridge is blocked, once a turn."""
    return "ridges_open" not in self.team.fx


def _settle(self: TwoPlayerSeries, space: int) -> None:
    """A client ended its movement on ``space``: a ridge with another client is blocked
    (the lower-left number of the tokens is not used) [15.4]."""
    b = self.rs.board
    if space < 0 or not b.is_ridge(space) or space in self.blocked:
        return
    if "ridges_open" in self.team.fx or sum(self._clients_on(space)) < 2:
        return
    if len(self.blocked) < b.blocked_ridge_markers:
        self._block(space)
    else:
        self.pending_block = space


def _block(self: TwoPlayerSeries, space: int) -> None:
    self.blocked = sorted([*self.blocked, space])
    self._emit(f"{self.rs.board.names[space]} is blocked by the clients on it", R_BLOCK)
    m = self.mover
    if 0 <= m < self._game.ng and self.team.pos[m] == space:
        self.start_space, self.stepped = space, False  # already on the ridge [8.1]


def _hold(self: TwoPlayerSeries) -> bool:
    """Before play resumes (a hook of ``_RESUME_FIRST``): a Blocked Ridge marker waiting
    for a spare marker is relocated first [15.4]; when both teams slid onto Up or Down
    (Icy), the player orders only their own markers' entry, the opponent's follow in board
    order [8.2]."""
    if self.pending_block >= 0 and self.step == "move":
        self.phase = P_RELOCATE
        return True
    entering = self.entering
    if entering and len(entering) > 1 and sum(1 for e in entering if e[0] < OTHER) < 2:
        self.entry_chosen = True
    return False


def _unblock(self: TwoPlayerSeries) -> bool:
    """Remove at once the markers of ridges with fewer than two clients [15.4]."""
    blocked = self.blocked
    if not blocked:
        return False  # the common case, first (it is asked after every action)
    ng = self._game.ng  # both teams' clients (:meth:`_clients_on`, written out)
    mine, theirs = self.team.pos[ng:], self.teams[1 - self.active].pos[ng:]
    for s in blocked:
        if mine.count(s) + theirs.count(s) < 2:
            break
    else:
        return False  # every block stands (the common case: no list, no call)
    gone = [s for s in blocked if mine.count(s) + theirs.count(s) < 2]
    for s in gone:
        self.blocked.remove(s)
        self._emit(f"{self.rs.board.names[s]} is no longer blocked", R_BLOCK)
    return bool(gone)


def _removable(self: TwoPlayerSeries) -> list[int]:
    """Blocked ridges made only of the opponent's clients [15.4]."""
    return [s for s in self.blocked if self._clients_on(s)[0] == 0]
