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

if TYPE_CHECKING:
    from .protocols import SeriesState


def _begin_end(self: SeriesState) -> None:
    game = self._game
    self.step = "fate"
    luck_kept = [t for t in self.team.held if self.rs.tokens[t].effect == "luck"][:1]
    back = [t for t in self.team.held if t not in luck_kept]
    self.pool = sorted(self.container + self.set_aside + self.storm_watch + back + self.drawn)
    self.container, self.set_aside, self.storm_watch, self.drawn = [], [], [], []
    self.team.held = luck_kept
    self._emit(f"{len(self.pool)} tokens form the fate pool", R_POOL)
    if team_bonus(game.bonus).helicopter and self._stranded():
        self.phase = P_HELI
        return
    self.team.heli_done = True
    self._build_fates()


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
        zone = self._zone(c)
        k = ZONE_ORDER.index(zone)
        if zone == "death":
            self._die(c, self._DEATH_ZONE)
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
            self._die(c, "Acute Mountain Sickness")
            continue
        self.fate_list.append([c, ZONE_ORDER[k]])
    self._next_fate()


def _take_off(self: SeriesState, m: int) -> None:
    """Take marker ``m`` out of the queue (it leaves the mountain)."""
    self.queue = [e for e in self.queue if e[1] != m]


def _die(self: SeriesState, c: int, why: str) -> None:
    self._take_off(self._game.ng + c)
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
        self._die(c, f"no token left to draw ({key})")
    self.fate_list = []
    self._finish()


def _fate_options(self: SeriesState) -> list[int]:
    c = self.fate_client
    ng = self._game.ng
    acts = [ACCEPT]
    if self.fate_key != "lost":
        here = self._place_of(ng + c)
        for g in range(ng):
            if self._place_of(g) == here and not self.team.sacrificed[g]:
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
        self._survive(c)
        self._next_fate()
        return
    self.fate_token = t
    if self._fate_options() == [ACCEPT]:
        self._die(c, "Frozen" if self.fate_key == "lost" else self.fate_key.title())
        self._next_fate()
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
    game = self._game
    ng = game.ng
    for c in range(game.nc):
        if self.team.goal[c] == 0 and self.team.pos[ng + c] != DEAD:
            self.team.fates[c] = "not supported"
            self._emit(f"{self.name(ng + c)} never reached the Hillary Step", R_UNSUPPORTED)
    self.phase = P_OVER
    self.step = "over"
    if self._log is not None:
        bd = self.score_breakdown()[0]
        self._emit(f"final score {bd.total:g}: {bd.band}", R_SCORE)


def _fate_choice(self: SeriesState, action: int) -> None:
    c = self.fate_client
    ng = self._game.ng
    if action == ACCEPT:
        self._die(c, "Frozen" if self.fate_key == "lost" else self.fate_key.title())
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
        self._take_off(g)
        self.team.pos[g] = REMOVED
        self.team.tank[g] = False
        self.team.fates[c] = f"saved by {self.name(g)}"
        self._emit(f"{self.name(g)} gives their life for {self.name(ng + c)}", R_SACRIFICE)
    self._next_fate()
