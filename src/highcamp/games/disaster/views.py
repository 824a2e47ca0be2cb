"""What Disaster shows: results and the score sheet [Survival Chips], the invariants, the
state's document, each seat's observation and the spectator's (a held card is seen by its
holder only [Disaster Cards]), and the redraw of the cards a seat cannot see.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from highcamp.core import (
    ScoreBreakdown,
    ScoreLine,
)

from .base import DisasterFields
from .board import AREAS
from .constants import (
    CHIPS,
    CHOICE,
    CORNER,
    ESC_DIR,
    NAREAS,
    NUM_CARDS,
    PHASE_NAMES,
    PLACE,
    R_CHIPS,
    R_SETUP,
)

__all__ = ["DisasterViews"]

_V = TypeVar("_V", bound="DisasterViews")


class DisasterViews(DisasterFields):
    """Results, the score sheet, invariants, the state's document, the seats' views and
    the redraw of hidden cards."""

    __slots__ = ()

    def returns(self) -> list[float]:
        """1 for each winner, 0 for the others (all 0 before the end or undecided)."""
        n = self._game.num_players
        return [1.0 if s in self._winners else 0.0 for s in range(n)]

    def ending(self) -> str | None:
        """``win``, ``shared win`` or ``turn limit`` once the game is over."""
        return self._ending

    def winners(self) -> list[int]:
        """The winning seats (empty until the game is won)."""
        return list(self._winners)

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Survival chips per seat, with the escapes and perishings behind them.

        The figures add, per disaster (``ship``, ``earthquake``, ``plane``,
        ``skyscraper``), the seat's escapes and perishings in it (``escapes_ship``,
        ``perishings_ship``...), which judge the reconstructed deductions (R-D-1, R-0-2).
        """
        out = []
        for s in range(self._game.num_players):
            at = 2 * NAREAS * s
            escapes_in = self._in_area[at : at + NAREAS]
            perishes_in = self._in_area[at + NAREAS : at + 2 * NAREAS]
            escapes, perishes = sum(escapes_in), sum(perishes_in)
            lines = (
                ScoreLine("the starting chip", 1, R_SETUP),
                ScoreLine(f"{escapes} escapes", escapes, R_CHIPS),
                ScoreLine(
                    f"{perishes} perishings",
                    self._chips[s] - 1 - escapes,
                    R_CHIPS,
                ),
            )
            out.append(
                ScoreBreakdown(
                    player=s,
                    lines=lines,
                    total=self._chips[s],
                    figures={
                        "chips": self._chips[s],
                        "escapes": escapes,
                        "perishings": perishes,
                        "won": s in self._winners,
                        "turns": self._turns,
                        **{f"escapes_{a}": escapes_in[k] for k, a in enumerate(AREAS)},
                        **{f"perishings_{a}": perishes_in[k] for k, a in enumerate(AREAS)},
                    },
                )
            )
        return out

    def invariants(self) -> list[str]:
        """Cards, chips and tokens are all accounted for."""
        game = self._game
        board = game.board
        problems = []
        cards = [*self._free, *self._bottom, *(c for c in self._held if c >= 0)]
        if self._drawn >= 0:
            cards.append(self._drawn)
        if sorted(cards) != list(range(NUM_CARDS)):
            problems.append("the 20 Disaster cards are not all accounted for exactly once")
        if (self._drawn >= 0) != (self._phase == CHOICE):
            problems.append("a drawn card outside a card choice")
        if sum(self._chips) + self._supply != CHIPS + self._substitutes:
            problems.append("survival chips are not conserved (30, plus stand-ins once out)")
        if self._supply < 0 or min(self._chips) < 0 or self._substitutes < 0:
            problems.append("a negative count of chips")
        if self._substitutes and self._supply:
            problems.append("stand-in chips in play while the supply still has chips")
        placed = [s for s in range(game.num_players) if self._start[s] >= 0]
        for s in placed:
            if not 0 <= self._pos[s] < board.size:
                problems.append(f"seat {s + 1} is nowhere")
            if self._start[s] not in board.corners:
                problems.append(f"seat {s + 1} did not start on a corner")
        if self._phase not in (CORNER, PLACE) and len(placed) != game.num_players:
            problems.append("a player has no starting corner")
        firsts = [c for c in self._start[:4] if c >= 0]
        if len(set(firsts)) != len(firsts) or len(set(self._extras)) != len(self._extras):
            problems.append("two players chose, or were placed on, the same corner")
        for s in self._escapers:
            if board.area[self._pos[s]] != self._area:
                problems.append(f"escaping seat {s + 1} is not in the disaster area")
        if self._area is None and (self._escapers or self._ship or self._plane or self._gap):
            problems.append("disaster pieces are out with no disaster")
        return problems

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": PHASE_NAMES[self._phase],
            "actor": self._actor,
            "turn": self._turn,
            "turns": self._turns,
            "positions": list(self._pos),
            "starts": list(self._start),
            "extras": list(self._extras),
            "chips": list(self._chips),
            "supply": self._supply,
            "stand_in_chips": self._substitutes,
            "held": list(self._held),
            "deck": sorted(self._free),
            "bottom": list(self._bottom),
            "drawn": self._drawn,
            "dice": list(self._last_dice),
            "disaster": self._disaster_view(),
            "winners": list(self._winners),
            "ending": self._ending,
            "escapes": [self.escapes(s) for s in range(self._game.num_players)],
            "perishings": [self.perishings(s) for s in range(self._game.num_players)],
            "escapes_by_disaster": self._by_area(0),
            "perishings_by_disaster": self._by_area(NAREAS),
            "disasters": dict(self._disasters),
        }

    def escapes(self, seat: int) -> int:
        """``seat``'s escapes so far, from every disaster."""
        at = 2 * NAREAS * seat
        return sum(self._in_area[at : at + NAREAS])

    def perishings(self, seat: int) -> int:
        """``seat``'s perishings so far, in every disaster."""
        at = 2 * NAREAS * seat + NAREAS
        return sum(self._in_area[at : at + NAREAS])

    def _by_area(self, offset: int) -> list[dict[str, int]]:
        """Per seat, the escapes (``offset`` 0) or perishings (4) by disaster area."""
        counts = self._in_area
        return [
            {a: counts[2 * NAREAS * s + offset + k] for k, a in enumerate(AREAS)}
            for s in range(self._game.num_players)
        ]

    def _disaster_view(self) -> dict[str, Any] | None:
        if self._area is None:
            return None
        return {
            "area": self._area,
            "caused_by": self._causer,
            "round": self._round,
            "escaping": list(self._escapers),
            "to_roll": list(self._queue),
            "ship_position": self._ship,
            "plane_position": self._plane,
            "fissure": list(self._gap) if self._gap is not None else None,
            "fire": list(self._fire) if self._fire is not None else None,
            "die": self._die if self._phase == ESC_DIR else None,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything but the other players' cards and the deck order."""
        self._check_player(player)
        return self._view(player)

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: the board, chips and the disaster in progress; who holds a
        card, never its face (as :meth:`observation`, with no seat's own card shown)."""
        return self._view(None)

    def _view(self, player: int | None) -> dict[str, Any]:
        game = self._game
        board = game.board
        cards = game.cards
        players = []
        for s in range(game.num_players):
            pos = self._pos[s]
            held = self._held[s]
            players.append(
                {
                    "seat": s,
                    "position": pos,
                    "space": board.names[pos] if pos >= 0 else None,
                    "start": self._start[s],
                    "chips": self._chips[s],
                    "holds_card": held >= 0,
                    "card": cards[held].title if held >= 0 and s == player else None,
                    "escapes": self.escapes(s),
                    "perishings": self.perishings(s),
                }
            )
        drawn = self._drawn
        return {
            "phase": PHASE_NAMES[self._phase],
            "to_act": self.current_player(),
            "turn": self._turn,
            "turns": self._turns,
            "players": players,
            "supply": self._supply,
            "stand_in_chips": self._substitutes,
            "deck_size": len(self._free) + len(self._bottom),
            "deck_bottom": len(self._bottom),
            "drawn": (
                cards[drawn].title if player is not None and self._actor == player else "hidden"
            )
            if drawn >= 0
            else None,
            "dice": list(self._last_dice),
            "disaster": self._disaster_view(),
            "target": game.target,
            "disasters": dict(self._disasters),
            "winners": list(self._winners),
            "ending": self._ending,
        }

    def resample_hidden(self: _V, player: int, seed: int) -> _V:
        """A state ``player`` cannot tell apart: the cards it cannot see redealt at random
        (other players' cards, a card another player is deciding on, the deck)."""
        self._check_player(player)
        new = self.clone()
        slots: list[tuple[str, int]] = []
        pool: list[int] = []
        for s, c in enumerate(new._held):
            if c >= 0 and s != player:
                slots.append(("held", s))
                pool.append(c)
        if new._drawn >= 0 and new._actor != player:
            slots.append(("drawn", 0))
            pool.append(new._drawn)
        for k, c in enumerate(new._bottom):
            slots.append(("bottom", k))
            pool.append(c)
        pool.extend(new._free)
        pool.sort()  # the unseen cards as a set: their true places must not steer the draw
        rng = random.Random(seed)
        rng.shuffle(pool)
        for (kind, k), card in zip(slots, pool, strict=False):
            if kind == "held":
                new._held[k] = card
            elif kind == "drawn":
                new._drawn = card
            else:
                new._bottom[k] = card
        new._free = sorted(pool[len(slots) :])
        return new

    @property
    def positions(self) -> list[int]:
        """Every token's space id."""
        return list(self._pos)

    @property
    def chips(self) -> list[int]:
        """Survival chips per seat."""
        return list(self._chips)
