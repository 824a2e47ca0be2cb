"""Everest Go!'s action cards [2. Play One Action Card] and their sections [1. Equipment
Theft] to [11. Avalanche], with the Tent's answer (R-GO-4) and Backpack Stealing's take.
"""

from __future__ import annotations

import bisect

from .base import EverestGoFields
from .cards import (
    ACTION_NAMES,
    AVALANCHE,
    BACKPACK,
    BLIZZARD,
    COLD,
    FIRE,
    GODDESS,
    HYPOTHERMIA,
    SNOWBALL,
    TENT,
    THEFT,
    YETI,
)
from .constants import (
    ASK,
    AVALANCHE_BASE,
    CARD_RULES,
    CARDS,
    DIRECTIONS,
    FA,
    FIRE_COLD,
    FS,
    NA,
    NPARTS,
    NSPECIAL,
    R_TENT,
    SEAT_BASE,
    SLOT_BASE,
    SLOTS,
    TAKE,
    THAW_BASE,
    remove_sorted,
    seat_name,
)

__all__ = ["ActionCards"]


class ActionCards(EverestGoFields):
    """Resolving an action card once its targets are chosen."""

    def _targets(self) -> list[int]:
        """Seats an action card is played against (its owner excluded), clockwise."""
        p, n, card = self._turn, self._n, self._card
        seats: set[int] = set()
        if card in (THEFT, SNOWBALL, YETI, BLIZZARD, HYPOTHERMIA):
            seats = {(a - SLOT_BASE) // SLOTS for a in self._picks}
        elif card in (BACKPACK, COLD):
            seats = {self._picks[0] - SEAT_BASE}
        elif card == FIRE and self._picks[0] == FIRE_COLD:
            seats = {(p + 1) % n}
        elif card == AVALANCHE:
            part = (self._picks[0] - AVALANCHE_BASE) // 2
            seats = {q for q in range(n) if not self._frozen[q][part]}
        seats.discard(p)
        return [q for q in ((p + k) % n for k in range(1, n)) if q in seats]

    def _open_tent_window(self) -> None:
        self._asks = self._targets()
        self._tented = []
        if self._asks:
            self._phase = ASK
        else:
            self._resolve()

    def _answer_tent(self, tent: bool) -> None:
        asked = self._asks.pop(0)
        if not tent:
            if not self._asks:
                self._resolve()
            return
        self._discard_from_hand(asked, FA + TENT)
        self._tally[asked * NA + TENT] += 1
        card = self._card
        if card == COLD:
            target = (asked + 1) % self._n
            self._picks = [SEAT_BASE + target]
            self._emit(
                f"the Cold passes to {seat_name(target)}, left of the Tent", "[9. Cold] R-GO-4"
            )
            self._asks = [target]
        elif card == AVALANCHE:
            self._tented.append(asked)
            self._emit(f"{seat_name(asked)} shelters from the Avalanche", "[11. Avalanche]")
            if not self._asks:
                self._resolve()
        else:
            self._emit(f"{ACTION_NAMES[card]} is cancelled by the Tent", R_TENT)
            self._discard[FA + card] += 1
            self._end_option()

    def _resolve(self) -> None:
        p, card = self._turn, self._card
        rule = CARD_RULES[card]
        keep = False  # Hypothermia and Cold stay on the table
        if card == THEFT:
            q, s = divmod(self._picks[0] - SLOT_BASE, SLOTS)
            if s < NPARTS:
                self._stacks[p][s].append(self._stacks[q][s].pop())
            else:
                self._specials[q].remove(FS + s - NPARTS)
                self._specials[p].append(FS + s - NPARTS)
                self._tally[self._n * NA + p * NSPECIAL + s - NPARTS] = 1
                self._specials[p].sort()
        elif card == BACKPACK:
            self._victim = self._picks[0] - SEAT_BASE
            self._phase = TAKE
            if self._tracker is not None:
                self._tracker.look(p, self._victim)
            return
        elif card in (SNOWBALL, YETI):
            for a in self._picks:
                q, s = divmod(a - SLOT_BASE, SLOTS)
                self._discard[self._stacks[q][s].pop()] += 1
        elif card == BLIZZARD:
            q, s = divmod(self._picks[0] - SLOT_BASE, SLOTS)
            stack = self._stacks[q][s]
            while stack and CARDS.points[stack[-1]] < 4:
                self._discard[stack.pop()] += 1
            if stack:
                self._emit("Blizzard stops at a 4-point garment", rule)
        elif card == HYPOTHERMIA:
            q, s = divmod(self._picks[0] - SLOT_BASE, SLOTS)
            self._frozen[q][s] = True
            keep = True
        elif card == COLD:
            self._colds[self._picks[0] - SEAT_BASE] += 1
            keep = True
        elif card == FIRE:
            choice = self._picks[0]
            if choice == FIRE_COLD:
                self._colds[p] -= 1
                self._colds[(p + 1) % self._n] += 1
            else:
                self._frozen[p][choice - THAW_BASE] = False
                self._discard[FA + HYPOTHERMIA] += 1
        elif card == AVALANCHE:
            self._avalanche()
        if not keep:
            self._discard[FA + card] += 1
        self._end_option()

    def _avalanche(self) -> None:
        part, d = divmod(self._picks[0] - AVALANCHE_BASE, 2)
        n = self._n
        step = 1 if d == 0 else -1
        movers = [
            q
            for q in ((self._turn + step * k) % n for k in range(n))
            if not self._frozen[q][part] and q not in self._tented
        ]
        if len(movers) < 2:
            return
        old = [self._stacks[q][part] for q in movers]
        for i in range(len(movers)):
            self._stacks[movers[(i + 1) % len(movers)]][part] = old[i]
        if self._log is not None:
            self._emit(
                f"the Avalanche moves every {CARDS.parts[part]} {DIRECTIONS[d]} among "
                + ", ".join(seat_name(q) for q in movers),
                "[11. Avalanche]",
            )

    def _take(self, kind: int) -> None:
        p = self._turn
        if kind >= FS:
            self._tally[self._n * NA + p * NSPECIAL + kind - FS] = 1
        if self._card == GODDESS:
            self._discard[kind] -= 1
            bisect.insort(self._hands[p], kind)
            for r in range(self._n):
                if r != p:
                    bisect.insort(self._known[r][p], kind)
            if self._tracker is not None:
                self._tracker.enter(p, kind)
        else:
            q = self._victim
            remove_sorted(self._hands[q], kind)
            bisect.insort(self._hands[p], kind)
            self._known[p][q] = list(self._hands[q])
            bisect.insort(self._known[q][p], kind)
            for r in range(self._n):
                if r not in (p, q):
                    self._known[r][q] = []
            if self._tracker is not None:
                self._tracker.steal(p, q, kind)
        self._discard[FA + self._card] += 1
        self._end_option()
