"""Two players: the queue and the End of Turn for both teams [9.0] [10.0] [15.1], the Game
End team by team [11.*], the results [15.7] (competitive or cooperative) and invariants."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from highcamp.core import ScoreBreakdown

from .bonuses import team_bonus
from .constants import (
    DEAD,
    LOST,
    NEUTRAL,
    P_HELI,
    P_OVER,
    QUEUE,
    R_POOL,
    R_QUEUE,
    REMOVED,
)
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
        for c, t in enumerate(tired):
            tired[c] = 2 if t == 1 else 0
        team.moved = [False] * n
        team.fx = []
    if self._advance_track():
        return
    self.first = 1 - self.first
    if self._log is not None:
        self._emit(f"the First Player marker passes to {self.label(self.first)}", R_FIRST)
    self.turn += 1
    self._begin_turn()


def _begin_end(self: TwoPlayerSeries) -> None:
    self.step = "fate"
    back: list[int] = []
    for team in self.teams:  # seat 1's, then seat 2's
        luck = [t for t in team.held if self.rs.tokens[t].effect == "luck"][:1]
        back += [t for t in team.held if t not in luck]
        team.held = luck
    self.pool = sorted(self.container + self.set_aside + self.storm_watch + back + self.drawn)
    self.container, self.set_aside, self.storm_watch, self.drawn = [], [], [], []
    self._emit(f"{len(self.pool)} tokens form the fate pool", R_POOL)
    self.fate_seat = self.first
    self._seat(self.fate_seat)
    self._seat_fates()


def _seat_fates(self: TwoPlayerSeries) -> None:
    if team_bonus(self._seat_bonus()).helicopter and self._stranded():
        self.phase = P_HELI
        return
    self.team.heli_done = True
    self._build_fates()


def _finish(self: TwoPlayerSeries) -> None:
    """The end of a seat's Game End [11.*]: its clients that never reached the first marker
    are not supported [12.0]; then the other seat draws its fates, or the game is over and
    the scores and the winner are told [15.7]. A ruleset names its marker
    (:meth:`_first_marker`), logs in its own words and sections (:meth:`_end_log`,
    ``_END_RULES``) and has its own seat's step (:meth:`_seat_fates`)."""
    game = self._game
    ng = game.ng
    say = self._end_log
    unsupported, scored, victory = self._END_RULES
    first = self._first_marker()[0]
    team = self.team
    for c in range(game.nc):
        if team.goal[c] == 0 and team.pos[ng + c] != DEAD:
            team.fates[c] = "not supported"
            say(f"{self.name(ng + c)} never reached the {first}", unsupported)
    if self.fate_seat == self.first:
        self.fate_seat = 1 - self.first
        self._seat(self.fate_seat)
        self._seat_fates()
        return
    self.phase = P_OVER
    self.step = "over"
    self._cache = None
    if self._log is not None:
        for bd in self.score_breakdown():
            say(f"{self.label(bd.player)} scores {bd.total:g}: {bd.band}", scored)
        say(self.ending() or "", victory)


def _end_log(self: TwoPlayerSeries, text: str, rule: str) -> None:
    """Log an event of the Game End (the engine's log call; K2 logs its own sections)."""
    self._emit(text, rule)


def score_breakdown(self: TwoPlayerSeries) -> list[ScoreBreakdown]:
    """Each seat's [12.0] sheet, by the ruleset's scoring of each team (read in place)."""
    return [replace(self._team_score(team), player=s) for s, team in enumerate(self.teams)]


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


def invariants(self: TwoPlayerSeries) -> list[str]:
    """Both teams' markers and every token accounted for; Prestige on its track."""
    problems = self._token_problems()
    queued = [e[1] for e in self.queue if e[1] != NEUTRAL]
    if len(set(queued)) != len(queued):
        problems.append("a marker is twice in the queue")
    if any(e[1] == NEUTRAL for e in self.queue):
        problems.append("no other company's client in a two-player game [15.4]")
    ng = self._game.ng
    for base, pos in ((0, self.team.pos), (OTHER, self.teams[1 - self.active].pos)):
        for m, p in enumerate(pos):
            allowed = (QUEUE, REMOVED) if m < ng else (QUEUE, LOST, DEAD)
            if p < 0 and p not in allowed:
                problems.append(f"{self.name(base + m)} is in no place a marker can be")
            if (p == QUEUE) != (base + m in queued):
                problems.append(f"{self.name(base + m)}: queue position and marker disagree")
            if p >= self.rs.board.size:
                problems.append(f"{self.name(base + m)} is off the board")
    if len(self.blocked) > self.rs.board.blocked_ridge_markers:
        problems.append("more Blocked Ridge markers than exist")
    if self.step != "setup":
        for s in self.blocked:
            if sum(self._clients_on(s)) < 2:
                problems.append(f"{self.rs.board.names[s]} blocked with fewer than two clients")
    for p in (t.prestige for t in self.teams):
        if not 0 <= p <= self.rs.board.prestige_max:
            problems.append("Prestige off its track")
    if len(self.storm_watch) + self.watch_blank > self.rs.board.storm_watch:
        problems.append("Storm Watch overfull")
    return problems
