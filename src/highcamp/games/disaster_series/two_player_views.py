"""Two players: the pure reads (each seat's view, the spectator's, the score
sheets, resampling): each team is read where it is, ``teams[seat]``; a read never writes
the state."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .constants import (
    P_OVER,
)
from .two_player_vocabulary import (
    _PHASES_2P,
    COOPERATIVE_BAND,
    OTHER,
    P_BID,
    P_FIRST,
)

if TYPE_CHECKING:
    from highcamp.core import State

    from .protocols import TwoPlayerSeries


def observation(self: TwoPlayerSeries, player: int) -> dict[str, Any]:
    """The table as ``player`` sees it (see :meth:`_observation`)."""
    self._check_player(player)
    return self._observation(player)


def public_observation(self: TwoPlayerSeries) -> dict[str, Any] | None:
    """What a spectator sees (see :meth:`_public_observation`)."""
    return self._public_observation()


def _team(self: TwoPlayerSeries, seat: int, obs: dict[str, Any] | None = None) -> dict[str, Any]:
    """A seat's team, from ``obs`` (the base observation, whose team is the active one)
    or read from ``teams[seat]``."""
    team = (
        {k: obs[k] for k in self._TEAM_KEYS}
        if obs is not None
        else self._team_view(self.teams[seat])
    )
    team["score"] = {**team["score"], "player": seat}
    team["seat"] = seat
    team["label"] = self.label(seat)
    team["company"] = getattr(self._seat_game(seat).company, "name", "")
    return team


def _observation(self: TwoPlayerSeries, player: int) -> dict[str, Any]:
    """The table as ``player`` sees it: ``player``'s own team in the solitaire keys
    (``guides``, ``clients``, ``prestige``...), the other team under ``opponent``, the
    First Player (``None`` until drawn), the bidding, the kind of game (``victory``:
    competitive or cooperative, with the band both teams aim for as
    ``cooperative_aim``), and only ``player``'s own secret."""
    self._check_player(player)
    obs = self._base_observation()
    active = self._team(self.active, obs)  # the seated team's part is read off obs
    waiting = self._team(1 - self.active)
    mine, theirs = (active, waiting) if player == self.active else (waiting, active)
    obs.update({k: mine[k] for k in self._TEAM_KEYS})
    obs["phase"] = _PHASES_2P.get(self.phase) or self._phase_name()
    obs["seat"] = player
    obs["players"] = 2
    obs["opponent"] = theirs
    obs["teams"] = [mine, theirs] if player == 0 else [theirs, mine]
    obs["first_player"] = None if self.phase == P_FIRST else self.first
    obs["victory"] = "cooperative" if self.cooperative() else "competitive"
    obs["cooperative_aim"] = COOPERATIVE_BAND if self.cooperative() else None
    obs["to_move"] = self.active
    obs["moving"] = self.active if self.step == "move" else None
    for e, (_, who, _) in zip(obs["queue"], sorted(self.queue), strict=True):
        e["seat"] = self.active if who < OTHER else 1 - self.active
    tok = self.rs.tokens[self.current] if self.current >= 0 else None
    obs["bidding"] = (
        None
        if self.phase != P_BID or tok is None
        else {
            "event": tok.name,
            "cost": tok.cost,
            "high_bid": self.bid,
            "high_bidder": self.bid_high if self.bid_high >= 0 else None,
            "to_bid": self.bidder,
            "next_bid": self._bid_price(),
            "dropped_out": self.bid_out,
        }
    )
    obs["pending_block"] = (
        self.rs.board.names[self.pending_block] if self.pending_block >= 0 else None
    )
    obs["secret"] = self.secret[player]
    obs["opponent_secret"] = None if self.secret[1 - player] is None else "hidden"
    if self.phase == P_OVER:
        obs["winners"] = self.winners()
    return obs


def _public_observation(self: TwoPlayerSeries) -> dict[str, Any] | None:
    """What a spectator sees: seat 1's view with both secrets hidden."""
    obs = self._observation(0)
    obs["seat"] = None
    for key, s in (("secret", 0), ("opponent_secret", 1)):
        obs[key] = None if self.secret[s] is None else "hidden"
    return obs


def resample_hidden(self: TwoPlayerSeries, player: int, seed: int) -> State:
    """A clone with the other seat's secret redrawn among its possible values."""
    self._check_player(player)
    new = self.clone()
    other = 1 - player
    choices = self._secret_choices(other)
    if new.secret[other] is not None and choices:
        new.secret[other] = random.Random(seed).choice(choices)
    return new  # type: ignore[return-value]  # a clone of the state, a State
