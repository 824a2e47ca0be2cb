"""Two players: bidding for the event [15.3], and the clarified effects of the events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .two_player_vocabulary import (
    BID,
    P_BID,
    PASS,
    R_BID,
)

if TYPE_CHECKING:
    from .protocols import TwoPlayerSeries


def _place_event(self: TwoPlayerSeries) -> None:
    """No Blocked Ridge marker and no other company's client from the token [15.4]:
    the bidding opens at the printed cost, First Player first [15.3]."""
    tok = self.rs.tokens[self.current]
    self.step = "buy"
    unbuyable = self._UNBUYABLE.get(tok.effect) if self._UNBUYABLE else None
    if unbuyable is not None:  # never bid on (K2's Darkness [7.2])
        self._emit(*unbuyable)
        self._decline()
        return
    self.bid, self.bid_high, self.bid_out = 0, -1, False
    if max(self.team.prestige, self.other.prestige) < tok.cost:
        if self._log is not None:
            self._emit(f"{tok.name} costs {tok.cost}: nobody has the Prestige", R_BID)
        self._decline()
        return
    self._bid_turn(self.first)


def _bid_price(self: TwoPlayerSeries) -> int:
    return self.rs.tokens[self.current].cost if self.bid == 0 else self.bid + 1


def _bid_turn(self: TwoPlayerSeries, seat: int) -> None:
    """``seat`` bids or passes [15.3]; a seat short of the price passes at once."""
    self.bidder = seat
    self.phase = P_BID
    price = self.rs.tokens[self.current].cost if self.bid == 0 else self.bid + 1
    if self.teams[seat].prestige < price:
        if self._log is not None:  # (the text only for a log)
            self._emit(f"{self.label(seat)} cannot bid {price}", R_BID)
        self._pass_bid(seat)
    else:
        self._cache = [BID, PASS]  # the memo of legal actions (the phase's own list)


def _pass_bid(self: TwoPlayerSeries, seat: int) -> None:
    if self._log is not None:
        tok = self.rs.tokens[self.current]
        self._emit(f"{self.label(seat)} passes on {tok.name}", R_BID)
    if self.bid_high >= 0:
        self._award(self.bid_high, self.bid)
    elif not self.bid_out:
        self.bid_out = True
        self._bid_turn(1 - seat)
    else:
        self.bidder = -1
        self._decline()


def _place_bid(self: TwoPlayerSeries, seat: int) -> None:
    price = self.rs.tokens[self.current].cost if self.bid == 0 else self.bid + 1
    self.bid, self.bid_high = price, seat
    if self._log is not None:
        self._emit(f"{self.label(seat)} bids {price}", R_BID)
    if self.bid_out:
        self._award(seat, price)
    else:
        self._bid_turn(1 - seat)


def _award(self: TwoPlayerSeries, seat: int, price: int) -> None:
    """The winner pays the final bid and takes the event [15.3]."""
    self.bidder = -1
    self._seat(seat)
    if self._log is not None:
        name = self.rs.tokens[self.current].name
        self._emit(f"{self.label(seat)} pays {price} Prestige for {name}", R_BID)
    self._take_event(price)
