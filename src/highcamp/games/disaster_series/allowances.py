"""The movement step's options [7.1], the markers' allowances [7.4] [7.6], who may be
selected, pushing [13.2] and the held tokens to play [6.2] (the parts of the movement
step that :mod:`.movement` reads; K2 has its own options and allowances)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    CAUTIOUS,
    EXTRA_EQUIPMENT,
    OPT_A,
    OPT_A_PREP,
    OPT_B,
    OPT_B_PREP,
    OPT_C,
    PLAY,
    PLAYABLE,
    R_PREP,
    T_PLAYED,
)

if TYPE_CHECKING:
    from .protocols import SeriesState


def _guide_allowance(self: SeriesState, g: int) -> int:
    team = self.team
    card = self._game.ruleset.guides[team.guides[g]]
    n = card.movement if self.round == "clear" or "resolute" in card.skills else 2
    if team.tank[g]:
        n += 1
    fx = team.fx
    if fx:
        if "summit_push" in fx:
            n += 3
        if "thick_snow" in fx:
            n -= 1
    return n if n > 0 else 0


def _client_allowance(self: SeriesState, c: int) -> int:
    """Client slot ``c``'s movement points now [7.4] [7.6] (one of
    :meth:`_client_allowances`)."""
    return self._client_allowances()[c]


def _client_allowances(self: SeriesState) -> list[int]:
    """Every client slot's movement points now, in one pass (the movement step asks for
    all of them at once): the card's movement, at most 1 in the storm without a guide on
    the client's space [7.6] (unless Calm Wind), plus Chocolate Bars and Energy Boost, less
    Thick Snow; never below 0."""
    team = self.team
    cards = self.rs.clients
    moves = [cards[k].movement for k in team.clients]
    fx = team.fx
    if self.round == "storm" and "calm_wind" not in fx:
        pos = team.pos
        ng = self._game.ng
        guides = pos[:ng]
        for c in range(len(moves)):
            if moves[c] > 1 and pos[ng + c] not in guides:  # no guide on the space
                moves[c] = 1  # [7.6]
    if fx:
        extra = fx.count("chocolate_bars") + fx.count("energy_boost")
        if "thick_snow" in fx:
            extra -= 1
        if extra:
            moves = [n + extra if n + extra > 0 else 0 for n in moves]
    return moves


def _can_push(self: SeriesState, c: int) -> bool:
    if not self._game.advanced or self.pushed:
        return False
    traits = self._traits(c)
    return CAUTIOUS not in traits and EXTRA_EQUIPMENT not in traits


def _selectable(self: SeriesState, m: int) -> bool:
    team = self.team
    if team.moved[m] or team.pos[m] < 0:
        return False
    ng = self._game.ng
    if m < ng:
        return self.guides_left > 0 and self._guide_allowance(m) > 0
    return self.clients_left > 0 and _client_selectable(self, m - ng)


def _client_selectable(self: SeriesState, c: int) -> bool:
    """Whether client ``c`` on the track, not yet moved, may be selected while clients may
    move: it is not resting [7.4] and has a move, or may push [13.2]."""
    if self.team.tired[c] == 2:
        return False
    return _client_allowance(self, c) > 0 or _can_push(self, c)


def _plays(self: SeriesState) -> list[int]:
    """The held tokens that may be played now [6.2], in id order (a mountain plays its
    own tokens)."""
    of = self.rs.token_effects
    effects = [of[t] for t in self.team.held]
    play_ids = self._game.play_ids
    plays = [
        play_ids[eff]
        for eff in PLAYABLE
        if eff in effects
        and eff in play_ids
        and (eff != "ridges_open" or self._ridges_open_playable())
    ]
    return sorted(plays)


def _ridges_open_playable(self: SeriesState) -> bool:
    """Whether a held Ridges Open may be played now: solitaire, when a ridge is
    blocked (it removes the markers) [6.2]."""
    return bool(self.blocked)


def _choose_option(self: SeriesState, action: int) -> None:
    ng = self._game.ng
    self.option = action
    g, c = {
        OPT_A: (2, 0),
        OPT_B: (1, 0),
        OPT_C: (0, 4),
        OPT_A_PREP: (1, 0),
        OPT_B_PREP: (0, 2),
    }[action]
    self.guides_left = min(g, ng)
    self.clients_left = c
    if action == OPT_B and ng == 0:
        self.clients_left = 2
    if action in (OPT_A_PREP, OPT_B_PREP):
        self.team.prep += 1
        self._emit(
            "a guide makes preparations: " + ("Prep 1/2" if self.team.prep == 1 else "Prep Ready"),
            R_PREP,
        )
        if action == OPT_A_PREP:
            self.option = OPT_A
        else:
            self.option = OPT_B  # the guide prepared: two clients move


def _play_held(self: SeriesState, action: int) -> tuple[int, str]:
    """Play the held token that ``action`` names: set aside and counted; Ridges Open removes
    the Blocked Ridge markers, any other token's effect is in force this turn. Returns the
    token and its effect (each mountain tells it in its own words)."""
    eff = self._game.effect_ids[action - PLAY]
    team = self.team
    t = next(t for t in team.held if self._game.ruleset.tokens[t].effect == eff)
    team.held.remove(t)
    self.set_aside.append(t)
    team.tallies[T_PLAYED] += 1
    if eff == "ridges_open":
        self.blocked = []
    else:
        team.fx.append(eff)
    return t, eff
