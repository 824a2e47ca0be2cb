"""The event of the turn [6.*]: the draw, Blocked Ridges and the neutral client [6.1], buying
[6.2] or declining onto the Storm Watch [6.3], and Preparations' three draws [7.5]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import markers, movement
from .constants import (
    BUY,
    DECLINE,
    KEEP,
    NEUTRAL,
    P_BUY,
    P_DIE,
    P_KEEP,
    P_TARGET,
    R_BUY,
    R_POOL,
    R_RIDGE_PLACE,
    R_WATCH,
    T_BOUGHT,
    T_SPENT,
)
from .events import Effect

if TYPE_CHECKING:
    from .protocols import SeriesState


def _check_watch(self: SeriesState) -> None:
    if len(self.storm_watch) + self.watch_blank >= self._game.ruleset.board.storm_watch:
        self.storm_pending = True
        self._emit("the last Storm Watch space is covered: the storm hits next turn", R_WATCH)


def _after_draw(self: SeriesState) -> None:
    if self.team.prep == 2:
        self.phase = P_KEEP
        self._cache = sorted(KEEP + t for t in self.drawn)  # the memo [7.5]
        return
    self.current = self.drawn.pop()
    self._place_event()


def _place_event(self: SeriesState) -> None:
    """The token's Blocked Ridge markers and the neutral client [6.1], then the buy step
    [6.2] (a token the ruleset never sells, ``_UNBUYABLE``, is declined at once: K2's
    Darkness [7.2])."""
    rs = self.rs
    tok = rs.tokens[self.current]
    b = rs.board
    self.blocked = self._ridges_placed(tok.ridge)
    if self._log is not None and self.blocked:
        self._emit(
            "Blocked Ridge markers on " + ", ".join(b.names[s] for s in self.blocked),
            R_RIDGE_PLACE,
        )
    spot = tok.ridge - 1
    queue = self.queue
    if (
        spot < b.queue_length
        and (not queue or spot not in [e[0] for e in queue])
        and markers._neutral_supply(self) > 0
    ):
        self.queue.append([spot, NEUTRAL, 0])
        if self._log is not None:
            self._emit(f"another company's client enters queue spot {spot + 1}", R_RIDGE_PLACE)
    self.step = "buy"
    unbuyable = self._UNBUYABLE.get(tok.effect) if self._UNBUYABLE else None
    if unbuyable is not None:
        self._emit(*unbuyable)
        self._decline()
    elif self.team.prestige >= tok.cost:
        self.phase = P_BUY
        self._cache = [BUY, DECLINE]  # the memo of legal actions [6.2] [6.3]
    else:
        if self._log is not None:
            self._emit(f"{tok.name} costs {tok.cost}: not enough Prestige", R_BUY)
        self._decline()


def _ridges_placed(self: SeriesState, number: int) -> list[int]:
    """The spaces that get a Blocked Ridge marker for a token showing ``number`` [6.1]."""
    return list(self.rs.board.ridges_numbered(number))


def _decline(self: SeriesState) -> None:
    t = self.current
    self.current = -1
    if markers._storm_phase(self):
        self.set_aside.append(t)
        if self._log is not None:
            self._emit(f"{self._game.ruleset.tokens[t].name} is set aside", R_WATCH)
    else:
        self.storm_watch.append(t)
        if self._log is not None:
            self._emit(
                f"{self._game.ruleset.tokens[t].name} covers Storm Watch {len(self.storm_watch) + self.watch_blank}",
                R_WATCH,
            )
        self._check_watch()
    self._begin_move()


def _buy(self: SeriesState) -> None:
    _take_event(self, self._game.ruleset.tokens[self.current].cost)


def _take_event(self: SeriesState, price: int) -> None:
    """Pay ``price`` Prestige for the drawn event and carry it out [6.2] (solitaire: the
    printed cost; two players: the winning bid [15.3])."""
    t = self.current
    tok = self._game.ruleset.tokens[t]
    self.team.prestige -= price
    self.team.tallies[T_BOUGHT] += 1
    self.team.tallies[T_SPENT] += price
    self.current = -1
    if tok.effect in self._HELD:
        self.team.held.append(t)
        if self._log is not None:
            self._emit(f"{tok.name} is held for later", R_BUY)
    elif tok.effect in self._KEPT:
        self.team.kept.append(t)
        if self._KEPT_SAID and self._log is not None:
            self._emit(f"{tok.name} is kept in front of the player", R_POOL)
    else:
        self.set_aside.append(t)
    _effect(self, tok.effect)(self, t)
    if self.phase not in (P_TARGET, P_DIE):
        movement._resume(self)


def _effect(self: SeriesState, effect: str) -> Effect:
    """The effect a bought token carries out (two players: the clarified ones, from the
    state class's ``_EFFECTS``)."""
    return self._EFFECTS[effect]


def _prep_roll(self: SeriesState) -> None:
    self.phase = P_DIE
    self.die_for = "prep"
