"""What Everest Go! shows: the score at the end [End of the Game] with its tie-breaks, the
score sheet and figures, each seat's observation and the spectator's (R-GO-3), the state's
document, the card counts and the invariants.
"""

from __future__ import annotations

from typing import Any

from highcamp.core import (
    ScoreBreakdown,
    ScoreLine,
)

from .base import EverestGoFields
from .cards import (
    ACTION_NAMES,
    BACKPACK,
    COLD,
    HYPOTHERMIA,
)
from .constants import (
    ACTION_IDS,
    ASK,
    CARD_RULES,
    CARDS,
    FA,
    NA,
    NK,
    NPARTS,
    NSPECIAL,
    OVER,
    PHASES,
    R_END,
    R_SCORE,
    SECOND,
    SPECIAL_IDS,
    TAKE,
    TARGET,
)

__all__ = ["EverestGoViews"]


class EverestGoViews(EverestGoFields):
    """Results, the score sheet, observations, documents and invariants."""

    def _scoring(self, q: int) -> tuple[int, list[int]]:
        """Garment points counted (frozen parts excluded) and scoring garments by value."""
        by_value = [0, 0, 0, 0]
        total = 0
        for s in range(NPARTS):
            if self._frozen[q][s]:
                continue
            for kind in self._stacks[q][s]:
                v = CARDS.points[kind]
                by_value[v - 1] += 1
                total += v
        return total, by_value

    def score(self, q: int) -> int:
        """``q``'s score now: garments (frozen parts excluded), special items, Cold, bonus."""
        garments, _ = self._scoring(q)
        specials = sum(CARDS.points[k] for k in self._specials[q])
        bonus = CARDS.everest_bonus if self._shouted == q else 0
        return garments + specials + bonus - CARDS.cold_penalty * self._colds[q]

    def tie_key(self, q: int) -> tuple[int, ...]:
        """Score, then the tie-breaks in order: EVEREST!, special items, 4-, 3-, 2-, 1-point
        garments [End of the Game]."""
        _, by_value = self._scoring(q)
        return (
            self.score(q),
            int(self._shouted == q),
            len(self._specials[q]),
            by_value[3],
            by_value[2],
            by_value[1],
            by_value[0],
        )

    def winners(self) -> list[int]:
        """The seats that win (more than one only when every tie-break ties)."""
        keys = [self.tie_key(q) for q in range(self._n)]
        best = max(keys)
        return [q for q in range(self._n) if keys[q] == best]

    def returns(self) -> list[float]:
        """1 for each winner and 0 for the others at the end (after every tie-break)."""
        if self._phase != OVER:
            return [0.0] * self._n
        won = self.winners()
        return [1.0 if q in won else 0.0 for q in range(self._n)]

    def ending(self) -> str | None:
        """``"everest"`` (someone shouted) or ``"deck"`` (third exhaustion); None before."""
        return self._ending

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Each mountaineer's score line by line, with the tie-break figures.

        The figures also count, per seat, the action cards played (``played_<card id>``, all
        11 always present, Tent answers as ``played_tent``), whether the seat ever held
        Oxygen or the Flag (``held_oxygen``, ``held_flag``: in its hand or in front of it),
        and, on every seat, how many times the deck ran out (``deck_runs``).
        """
        won = self.winners() if self._phase == OVER else []
        out = []
        for q in range(self._n):
            lines: list[ScoreLine] = []
            for s in range(NPARTS):
                stack = self._stacks[q][s]
                if not stack:
                    continue
                pts = sum(CARDS.points[k] for k in stack)
                if self._frozen[q][s]:
                    lines.append(
                        ScoreLine(f"{CARDS.parts[s]}: frozen ({pts} not counted)", 0, CARD_RULES[7])
                    )
                else:
                    count = f"{len(stack)} garment" + ("s" if len(stack) > 1 else "")
                    lines.append(ScoreLine(f"{CARDS.parts[s]}: {count}", pts, R_SCORE))
            for k in self._specials[q]:
                lines.append(ScoreLine(CARDS.kinds[k], CARDS.points[k], R_SCORE))
            if self._colds[q]:
                lines.append(
                    ScoreLine(
                        f"Cold x{self._colds[q]}",
                        -CARDS.cold_penalty * self._colds[q],
                        CARD_RULES[COLD],
                    )
                )
            if self._shouted == q:
                lines.append(ScoreLine("EVEREST!", CARDS.everest_bonus, R_END))
            key = self.tie_key(q)
            out.append(
                ScoreBreakdown(
                    player=q,
                    lines=tuple(lines),
                    total=float(key[0]),
                    band=None,
                    figures={
                        "everest": bool(key[1]),
                        "special_items": key[2],
                        "garments_by_points": {"4": key[3], "3": key[4], "2": key[5], "1": key[6]},
                        "winner": q in won,
                        "deck_runs": self._exhaustions,
                        **self._seat_tallies(q),
                    },
                )
            )
        return out

    def _seat_tallies(self, q: int) -> dict[str, int | bool]:
        """``q``'s plays of each action card and whether it ever held each special item."""
        tally = self._tally
        out: dict[str, int | bool] = {
            f"played_{ACTION_IDS[a]}": tally[q * NA + a] for a in range(NA)
        }
        at = self._n * NA + q * NSPECIAL
        for i in range(NSPECIAL):
            out[f"held_{SPECIAL_IDS[i]}"] = bool(tally[at + i])
        return out

    def _mountaineer(self, q: int, full: bool) -> dict[str, Any]:
        parts = []
        for s in range(NPARTS):
            stack = self._stacks[q][s]
            entry: dict[str, Any] = {
                "part": CARDS.parts[s],
                "top": CARDS.kinds[stack[-1]] if stack else None,
                "height": len(stack),
                "hidden": max(len(stack) - 1, 0),
                "frozen": self._frozen[q][s],
            }
            if full:
                entry["garments"] = [CARDS.kinds[k] for k in stack]
            parts.append(entry)
        return {
            "seat": q,
            "parts": parts,
            "special_items": [CARDS.kinds[k] for k in self._specials[q]],
            "cold": self._colds[q],
            "hand_size": len(self._hands[q]),
            "can_shout": self.can_shout(q),
        }

    def _pending(self) -> dict[str, Any] | None:
        if self._card < 0:
            return None
        return {
            "card": ACTION_NAMES[self._card],
            "player": self._turn,
            "choices": [self._action_text(a) for a in self._picks],
            "to_ask": list(self._asks),
            "tented": list(self._tented),
            "victim": self._victim if self._victim >= 0 else None,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: own hand, the table (visible garments, hidden counts), the
        public discard pile, the deck size, cards known in other hands (R-GO-3)."""
        self._check_player(player)
        obs: dict[str, Any] = {
            "seat": player,
            "players": self._n,
            "turn": self._turn,
            "to_act": self.current_player(),
            "phase": PHASES[self._phase],
            "hand": self.hand(player),
            "mountaineers": [self._mountaineer(q, False) for q in range(self._n)],
            "deck": self._deck_size,
            "discard": {CARDS.kinds[k]: c for k, c in enumerate(self._discard) if c},
            "box": {CARDS.kinds[k]: c for k, c in enumerate(self._box) if c},
            "exhaustions": self._exhaustions,
            "known_hands": [
                {"seat": q, "cards": [CARDS.kinds[k] for k in self._known[player][q]]}
                for q in range(self._n)
                if q != player and self._known[player][q]
            ],
            "pending": self._pending(),
            "everest": self._shouted if self._shouted >= 0 else None,
            "ending": self._ending,
        }
        if self._phase == OVER:
            obs["winners"] = self.winners()
        if self._phase == TAKE and self._card == BACKPACK and player == self._turn:
            obs["looking_at"] = self.hand(self._victim)
        if self._perfect:
            obs["garments"] = [
                [[CARDS.kinds[k] for k in st] for st in self._stacks[q]] for q in range(self._n)
            ]
            obs["played"] = [list(x) for x in self._played]
        return obs

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: the table (visible garments, hidden counts), hand sizes,
        the discard pile and the deck size; no card of any hand (R-GO-3)."""
        obs: dict[str, Any] = {
            "players": self._n,
            "turn": self._turn,
            "to_act": self.current_player(),
            "phase": PHASES[self._phase],
            "mountaineers": [self._mountaineer(q, False) for q in range(self._n)],
            "deck": self._deck_size,
            "discard": {CARDS.kinds[k]: c for k, c in enumerate(self._discard) if c},
            "box": {CARDS.kinds[k]: c for k, c in enumerate(self._box) if c},
            "exhaustions": self._exhaustions,
            "pending": self._pending(),
            "everest": self._shouted if self._shouted >= 0 else None,
            "ending": self._ending,
        }
        if self._phase == OVER:
            obs["winners"] = self.winners()
        if self._perfect:
            obs["garments"] = [
                [[CARDS.kinds[k] for k in st] for st in self._stacks[q]] for q in range(self._n)
            ]
            obs["played"] = [list(x) for x in self._played]
        return obs

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": PHASES[self._phase],
            "turn": self._turn,
            "drawer": self._drawer,
            "deals": self._deals,
            "hands": [list(h) for h in self._hands],
            "deck": list(self._deck),
            "discard": list(self._discard),
            "box": list(self._box),
            "stacks": [[list(st) for st in m] for m in self._stacks],
            "frozen": [list(f) for f in self._frozen],
            "specials": [list(x) for x in self._specials],
            "colds": list(self._colds),
            "known": [[list(k) for k in row] for row in self._known],
            "exhaustions": self._exhaustions,
            "tallies": [self._seat_tallies(q) for q in range(self._n)],
            "card": self._card,
            "picks": list(self._picks),
            "asks": list(self._asks),
            "tented": list(self._tented),
            "victim": self._victim,
            "shouted": self._shouted,
            "ending": self._ending,
        }

    def card_counts(self) -> dict[str, list[int]]:
        """Copies of each kind in every zone (deck, hands, discard, mountaineers, box...)."""
        zones: dict[str, list[int]] = {
            "deck": list(self._deck),
            "discard": list(self._discard),
            "box": list(self._box),
            "hands": [0] * NK,
            "mountaineers": [0] * NK,
            "in play": [0] * NK,
        }
        for h in self._hands:
            for k in h:
                zones["hands"][k] += 1
        table = zones["mountaineers"]
        for q in range(self._n):
            for s in range(NPARTS):
                for k in self._stacks[q][s]:
                    table[k] += 1
                table[FA + HYPOTHERMIA] += self._frozen[q][s]
            for k in self._specials[q]:
                table[k] += 1
            table[FA + COLD] += self._colds[q]
        if self._card >= 0 and self._phase in (TARGET, SECOND, ASK, TAKE):
            zones["in play"][FA + self._card] += 1
        return zones

    def invariants(self) -> list[str]:
        """All 106 cards accounted for; hands and knowledge consistent."""
        problems: list[str] = []
        zones = self.card_counts()
        total = 0
        for k in range(NK):
            have = sum(z[k] for z in zones.values())
            total += have
            if have != CARDS.copies[k]:
                problems.append(f"{CARDS.kinds[k]}: {have} copies, not {CARDS.copies[k]}")
        characters = len(CARDS.parts) * CARDS.mountaineers
        total += characters  # n mountaineers on the table, the others' cards in the box
        if total != CARDS.total_cards:
            problems.append(f"{total} cards, not {CARDS.total_cards}")
        if self._deck_size != sum(self._deck):
            problems.append("deck size out of step")
        for r in range(self._n):
            for q in range(self._n):
                known = self._known[r][q]
                if any(known.count(k) > self._hands[q].count(k) for k in set(known)):
                    problems.append(f"seat {r + 1} 'knows' cards seat {q + 1} does not hold")
        if self._phase != OVER and self._exhaustions >= CARDS.exhaustions_to_end:
            problems.append("the game should have ended at the third exhaustion")
        return problems
