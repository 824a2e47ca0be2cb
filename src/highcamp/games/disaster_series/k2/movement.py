"""K2's movement [8.*]: the options [8.1], climbers' allowances [8.4] [8.6], the held tokens
to play, Getting Lost [9.3] and bivouacking [8.7]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..constants import (
    LOST,
    OPT_A,
    OPT_B,
    OPT_C,
    P_DIE,
    PLAY,
    T_LOST,
)
from .vocabulary import (
    PLAYABLE,
    R_BIVOUAC,
    R_LOST,
    R_PREP,
    R_SHERPA,
)

if TYPE_CHECKING:
    from .state import K2State


def _client_allowance(self: K2State, c: int) -> int:
    ng = self._game.ng
    card = self._game.ruleset.clients[self.clients[c]]
    n = card.movement
    here = self.pos[ng + c]
    lit = self.flash >= 0 and self.pos[self.flash] == here
    if self.round == "storm" and not self._guide_on(here) and not lit:
        n = min(n, 1)  # [8.6]
    n += self.fx.count("chocolate_bars")
    if "thick_snow" in self.fx:
        n -= 1
    return max(n, 0)


def _choose_option(self: K2State, action: int) -> None:
    self.option = action
    self.guides_left, self.clients_left = {
        OPT_A: (1, 0),
        OPT_B: (0, self._game.nc),
        OPT_C: (0, 1),
    }[action]
    if action == OPT_C:
        self.prep += 1
        self._say("preparations: " + ("Prep 1/2" if self.prep == 1 else "Prep Ready"), R_PREP)


def _plays(self: K2State) -> list[int]:
    if not self.held:
        return []
    tokens = self._game.ruleset.tokens
    held = {tokens[t].effect for t in self.held}
    out = []
    for k, eff in enumerate(self._game.effect_ids):
        if eff in PLAYABLE and eff in held:
            if eff == "ridges_open" and not self._ridges_open_playable():
                continue
            if eff == "sherpa_stamina" and "sherpa_stamina" in self.fx:
                continue
            out.append(PLAY + k)
    return out


def _can_bivouac(self: K2State, m: int) -> bool:
    ng = self._game.ng
    p = self.pos[m]
    if self.moved[m] or p < 1 or p > self.k2.bivouac_highest or self.mover >= 0:
        return False
    if m < ng:
        return self.guides_left > 0
    c = m - ng
    return self.clients_left > 0 and not self.ams[c] and self.tired[c] != 2


def _get_lost(self: K2State, c: int) -> None:
    m = self._game.ng + c
    self.pos[m] = LOST
    self.tallies[T_LOST] += 1
    self.moved[m] = True
    self._say(f"{self.name(m)} is LOST in the dark", R_LOST)
    if self.mover == m:
        self.remaining = 0
        self._end_client()


def _end_mover(self: K2State) -> None:
    if self.mover < self._game.ng:
        self._end_guide()
    else:
        self._end_client()


def _bivouac(self: K2State, m: int) -> None:
    ng = self._game.ng
    self.moved[m] = True
    if m >= ng:
        self.guides_left = 0
        self.clients_left -= 1
    else:
        self.guides_left -= 1
    self.biv_marker = m
    self.phase = P_DIE
    self.die_for = "bivouac"


def _bivouac_roll(self: K2State, d: int) -> None:
    m, self.biv_marker = self.biv_marker, -1
    table = self.k2.bivouac_min
    need = table[min(max(self.storm, 1), len(table)) - 1]
    if d >= need:
        self.pos[m] = LOST
        self.bivouacked[m] = True
        if self.flash == m:
            self.flash = -1
        self._say(f"{self.name(m)} bivouacs ({d}, needs {need})", R_BIVOUAC)
        if m < self._game.ng and self._sherpa_goal() == "bivouac" and not self.goal_done[0]:
            self.goal_done[0] = True
            self._say(f"{self.name(m)} bivouacs: Secret Goal", R_SHERPA)
    else:
        self._say(f"{self.name(m)} fails to bivouac ({d}, needs {need})", R_BIVOUAC)
    self._resume()
