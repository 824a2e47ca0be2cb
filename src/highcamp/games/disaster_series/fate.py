"""Game End [11.*]: the fate pool [11.1], the helicopter [14.2], each client's fate [11.2]
[11.3], sacrifices [11.4], Med Kits and Luck, deaths [11.5] and the unsupported [11.6]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bonuses import team_bonus
from .constants import (
    ACCEPT,
    DEAD,
    HEALER,
    LOST,
    LUCK,
    MEDKIT,
    P_FATE,
    P_FATE_CHOICE,
    P_HELI,
    P_OVER,
    QUEUE,
    R_DEATH,
    R_EVENTS,
    R_FATE_LOST,
    R_FATE_ZONE,
    R_POOL,
    R_SACRIFICE,
    R_SCORE,
    R_UNSUPPORTED,
    REMOVED,
    SACRIFICE,
    T_FATE,
    T_PLAYED,
    WILL_TO_LIVE,
    ZONE_ORDER,
)
from .two_player_options import seat_label
from .two_player_vocabulary import R_VICTORY

if TYPE_CHECKING:
    from .protocols import SeriesState


def _begin_end(self: SeriesState) -> None:
    """The Game End begins [11.1]: every team keeps one Luck token (and what the ruleset
    keeps: ``_END_KEEPS``); the other held tokens, the kept ones the ruleset returns
    (``_END_RETURNS``) and every token still on the table form the fate pool, but the ones
    the ruleset leaves out of it (``_LEFT_OUT_OF_POOL``, removed from the game); then the
    first seat's clients draw their fates (:meth:`_begin_fates`)."""
    self.step = "fate"
    tokens = self.rs.tokens
    keeps, returns = self._END_KEEPS, self._END_RETURNS
    back: list[int] = []
    for team in self.teams:  # seat 1's, then seat 2's
        keep = [t for t in team.held if tokens[t].effect == "luck"][:1]
        if keeps:
            keep += [t for t in team.held if tokens[t].effect in keeps]
        back += [t for t in team.held if t not in keep]
        team.held = keep
        if returns:
            kept = [t for t in team.kept if tokens[t].effect in returns]
            team.kept = [t for t in team.kept if t not in kept]
            back += kept
    pool = self.container + self.set_aside + self.storm_watch + back + self.drawn
    for effect, what in self._LEFT_OUT_OF_POOL.items():
        out = sorted(t for t in pool if tokens[t].effect == effect)
        if out:
            pool = [t for t in pool if t not in out]
            self.removed += out
            self._emit(f"{len(out)} {what} are removed from the pool", R_POOL)
    self.pool = sorted(pool)
    self.container, self.set_aside, self.storm_watch, self.drawn = [], [], [], []
    self._emit(f"{len(self.pool)} tokens form the fate pool", R_POOL)
    self._begin_fates()


def _begin_fates(self: SeriesState) -> None:
    """The first team to draw its fates: the only one in solitaire (with two players, the
    First Player's)."""
    self._seat_fates()


def _seat_fates(self: SeriesState) -> None:
    """A team's Game End: the helicopter first, if its bonus has one and a client is
    stranded [14.2], then each client's fate [11.2]."""
    if team_bonus(self._seat_game().bonus).helicopter and _stranded(self):
        self.phase = P_HELI
        return
    self.team.heli_done = True
    _build_fates(self)


def _stranded(self: SeriesState) -> list[int]:
    ng = self._game.ng
    return [
        c
        for c in range(self._game.nc)
        if self.team.pos[ng + c] > 0 or self.team.pos[ng + c] == QUEUE
    ]


def _zone(self: SeriesState, c: int) -> str:
    p = self.team.pos[self._game.ng + c]
    return "far" if p == QUEUE else self.rs.board.zones[p]


def _build_fates(self: SeriesState) -> None:
    game = self._game
    ng = game.ng
    self.fate_list = []
    for c in range(game.nc):
        if self.team.pos[ng + c] == LOST:
            if WILL_TO_LIVE in self._traits(c):
                self.team.pos[ng + c] = 0
                self.team.fates[c] = "will to live"
                self._emit(f"{self.name(ng + c)} has the will to live", R_FATE_LOST)
            else:
                self.fate_list.append([c, "lost"])
    healers = {self.team.pos[ng + c] for c in range(game.nc) if HEALER in self._traits(c)}
    for c in range(game.nc):
        p = self.team.pos[ng + c]
        if p == 0 or p in (LOST, DEAD) or (p < 0 and p != QUEUE):
            continue
        zone = _zone(self, c)
        k = ZONE_ORDER.index(zone)
        if zone == "death":
            _die(self, c, self._DEATH_ZONE)
            continue
        if WILL_TO_LIVE in self._traits(c) and zone in ("near", "medium"):
            self.team.fates[c] = "will to live"
            continue
        if self.team.ams[c]:
            k += 1
        if p in healers and p >= 0:
            k -= 1
        if k < 0:
            self.team.fates[c] = "healed"
            continue
        if k >= 3:
            _die(self, c, "Acute Mountain Sickness")
            continue
        self.fate_list.append([c, ZONE_ORDER[k]])
    _next_fate(self)


def _take_off(self: SeriesState, m: int) -> None:
    """Take marker ``m`` out of the queue (it leaves the mountain)."""
    self.queue = [e for e in self.queue if e[1] != m]


def _die(self: SeriesState, c: int, why: str) -> None:
    _take_off(self, self._game.ng + c)
    self.team.pos[self._game.ng + c] = DEAD
    self.team.fates[c] = "died: " + why
    self._emit(f"{self.name(self._game.ng + c)} dies ({why})", R_DEATH)


def _next_fate(self: SeriesState) -> None:
    if self.fate_list and self.pool:
        c, key = self.fate_list.pop(0)
        self.fate_client = c
        self.fate_key = key
        self.phase = P_FATE
        return
    for c, key in self.fate_list:
        _die(self, c, f"no token left to draw ({key})")
    self.fate_list = []
    _finish(self)


def _fate_options(self: SeriesState) -> list[int]:
    c = self.fate_client
    ng = self._game.ng
    acts = [ACCEPT]
    if self.fate_key != "lost":
        here = _place_of(self, ng + c)
        for g in range(ng):
            if _place_of(self, g) == here and not self.team.sacrificed[g]:
                acts.append(SACRIFICE + g)  # [11.4]: on the same space
        if (
            len([t for t in self.team.kept if self.rs.tokens[t].effect == "med_kit"])
            > self.team.medkits_used
        ):
            acts.append(MEDKIT)
    if any(self.rs.tokens[t].effect == "luck" for t in self.team.held) and self.pool:
        acts.append(LUCK)
    return sorted(acts)


def _place_of(self: SeriesState, m: int) -> tuple[int, int]:
    """Where marker ``m`` is, as a space: its board space, or its own spot of the
    Hillary Step queue (two queue spots are two spaces [11.4])."""
    p = self.team.pos[m]
    if p == QUEUE:
        return (QUEUE, next((e[0] for e in self.queue if e[1] == m), -1))
    return (p, 0)


def _fate_result(self: SeriesState, t: int) -> None:
    c = self.fate_client
    ng = self._game.ng
    self.pool.remove(t)
    self.fate_drawn.append(t)
    result = self.rs.tokens[t].fate(self.fate_key)
    self.team.tallies[T_FATE[result]] += 1
    self._emit(
        f"{self.name(ng + c)} draws {self.rs.tokens[t].name}: {self.fate_key.title()} {result}",
        R_FATE_LOST if self.fate_key == "lost" else R_FATE_ZONE,
    )
    if result == "LIVE":
        _survive(self, c)
        _next_fate(self)
        return
    self.fate_token = t
    if self._fate_options() == [ACCEPT]:
        _die(self, c, "Frozen" if self.fate_key == "lost" else self.fate_key.title())
        _next_fate(self)
        return
    self.phase = P_FATE_CHOICE


def _survive(self: SeriesState, c: int) -> None:
    ng = self._game.ng
    if self.fate_key == "lost":
        self.team.pos[ng + c] = 0  # [11.5] exception: back to High Camp
        self.team.fates[c] = "survived LOST"
    else:
        self.team.fates[c] = f"survived ({self.fate_key})"


def _finish(self: SeriesState) -> None:
    """The end of a team's Game End: the ruleset's last steps (:meth:`_closing_steps`),
    then its clients that never reached the first marker are not supported [11.6]; then
    the next team draws its fates (:meth:`_next_seat_fates`), or the game is over and the
    score is told (with two players each seat's and the winner [15.7])."""
    if self._closing_steps():
        return
    game = self._game
    ng = game.ng
    team = self.team
    first = self._first_marker()[0]
    for c in range(game.nc):
        if team.goal[c] == 0 and team.pos[ng + c] != DEAD:
            team.fates[c] = "not supported"
            self._emit(f"{self.name(ng + c)} never reached the {first}", R_UNSUPPORTED)
    if self._next_seat_fates():
        return
    self.phase = P_OVER
    self.step = "over"
    self._cache = None
    if self._log is not None:
        bds = self.score_breakdown()
        if len(bds) == 1:
            self._emit(f"final score {bds[0].total:g}: {bds[0].band}", R_SCORE)
            return
        for bd in bds:
            label = seat_label(game, bd.player)
            self._emit(f"{label} scores {bd.total:g}: {bd.band}", R_SCORE)
        self._emit(self.ending() or "", R_VICTORY)


def _closing_steps(self: SeriesState) -> bool:
    """A ruleset's steps at the end of a team's Game End, before the unsupported are
    counted (K2: House's Chimney, the bivouacked guides): True while one asks for a
    decision or a roll (none here)."""
    return False


def _next_seat_fates(self: SeriesState) -> bool:
    """Whether another team draws its fates now (none in solitaire)."""
    return False


def _fate_choice(self: SeriesState, action: int) -> None:
    c = self.fate_client
    ng = self._game.ng
    if action == ACCEPT:
        _die(self, c, "Frozen" if self.fate_key == "lost" else self.fate_key.title())
    elif action == MEDKIT:
        self.team.medkits_used += 1
        self.team.fates[c] = "saved by a Med Kit"
        self._emit(f"a Med Kit saves {self.name(ng + c)}", R_POOL)
    elif action == LUCK:
        t = next(t for t in self.team.held if self.rs.tokens[t].effect == "luck")
        self.team.held.remove(t)
        self.spent.append(t)
        self.team.tallies[T_PLAYED] += 1
        self.fate_list.insert(0, [c, self.fate_key])
        self._emit(f"Luck is discarded: {self.name(ng + c)} draws again", R_EVENTS)
    else:
        g = action - SACRIFICE
        self.team.sacrificed[g] = True
        _take_off(self, g)
        self.team.pos[g] = REMOVED
        self.team.tank[g] = False
        self.team.fates[c] = f"saved by {self.name(g)}"
        self._emit(f"{self.name(g)} gives their life for {self.name(ng + c)}", R_SACRIFICE)
    _next_fate(self)
