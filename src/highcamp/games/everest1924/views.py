"""Everest 1924's score [Final Scoring] and views: the score sheet with its legend band
(R-1924-6, R-1924-7), the invariants, the observation with its derived figures (the odds
of the turn, the reroll hint and the odds of every reroll) and the solver's keys of a
position (a capability the game hands out).

>>> import highcamp
>>> s = highcamp.load_game("everest-1924").new_initial_state(seed=0)
>>> s.score(), s.next_target(), s.observation(0)["camps_left"]
(-1, 6, 4)
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from highcamp.core import ScoreBreakdown, ScoreLine

from .base import Everest1924Fields
from .codes import _MASK_SLOTS, REROLL_TEXTS, _code_info, _reroll_odds, _reroll_plan
from .constants import (
    ASCEND,
    CAMP,
    CAMP_BONUS,
    DECIDE,
    MAX_CAMPS,
    OVER,
    R_SCORE,
    ROLLING,
    START,
)
from .constants import (
    PHASE_NAMES as _PHASE_NAMES,
)
from .dice import _best, ascent_probability, best_reroll

if TYPE_CHECKING:
    from .model import Key, Valuation

__all__ = ["TURN_GAIN", "Everest1924Views"]

TURN_GAIN = 2  # about what an ascent now rather than a turn later saves (measured)


class Everest1924Views(Everest1924Fields):
    """The score, the score sheet, the invariants, the observation and the solver's keys."""

    __slots__ = ()

    def score(self) -> int:
        """The score as it would stand if the game ended now [Final Scoring]."""
        sheet = self._game.sheet
        total = 2 * sheet.targets[self._highest] - len(self._route)
        if self._highest == sheet.summit:
            total += CAMP_BONUS * (MAX_CAMPS - self._camps)
        return total

    def returns(self) -> list[float]:
        """The final score at the end of the game, 0 before it."""
        return [float(self.score())] if self._phase == OVER else [0.0]

    def ending(self) -> str | None:
        """``summit``, ``abandoned`` or ``perished`` once the game is over."""
        return self._ending

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """The score line by line, with the legend band (R-1924-6, R-1924-7)."""
        sheet = self._game.sheet
        target = sheet.targets[self._highest]
        lines = [
            ScoreLine(f"highest row {self._highest}: 2 x target {target}", 2 * target, R_SCORE),
            ScoreLine(f"{len(self._route)} squares marked", -len(self._route), R_SCORE),
        ]
        if self._highest == sheet.summit:
            unused = MAX_CAMPS - self._camps
            lines.append(
                ScoreLine(f"{unused} unused camps at the summit", CAMP_BONUS * unused, R_SCORE)
            )
        total = self.score()
        return [
            ScoreBreakdown(
                player=0,
                lines=tuple(lines),
                total=total,
                band=sheet.band(total),
                figures={
                    "highest_row": self._highest,
                    "squares": len(self._route),
                    "camps_used": self._camps,
                },
            )
        ]

    def invariants(self) -> list[str]:
        """The sheet's bookkeeping agrees with itself (checked by the conformance suite)."""
        game = self._game
        sheet = game.sheet
        problems = []
        route = self._route
        if route[0] != sheet.start or route[-1] != (self._row, self._col):
            problems.append("the route must run from base camp to the current square")
        if len(set(route)) != len(route) or any(not sheet.on_sheet(r, c) for r, c in route):
            problems.append("the route revisits a square or leaves the sheet")
        if self._marked != sum(1 << (r * game._width + c) for r, c in route):
            problems.append("marked squares differ from the route's circles")
        if self._highest != max(r for r, _ in route):
            problems.append("highest row differs from the route")
        if self._ndice != sheet.dice_for(self._highest):
            problems.append("dice count differs from the unlocked rows")
        if not 0 <= self._camps <= MAX_CAMPS:
            problems.append("more camps than the four tents")
        diagonals = sum(1 for a, b in itertools.pairwise(route) if a[0] != b[0])
        if diagonals != sum(len(band) for band in self._bands):
            problems.append("route segments missing from the crossing index")
        slots = _code_info(self._dice, self._ndice).slots
        if self._phase in (START, OVER) and any(slots):
            problems.append("dice on the table outside a turn")
        if self._phase == ROLLING and any(slots[i] for i in _MASK_SLOTS[self._pending]):
            problems.append("a die waiting to be rolled already shows a face")
        if self._phase == DECIDE and not any(slots):
            problems.append("no active die while deciding")
        if (self._phase == OVER) != (self._ending is not None):
            problems.append("the ending and the phase disagree")
        return problems

    # ------------------------------------------------------------------- views
    @property
    def position(self) -> tuple[int, int]:
        """The current square ``(row, column)``."""
        return self._row, self._col

    @property
    def route(self) -> tuple[tuple[int, int], ...]:
        """Every circle drawn so far, base camp first."""
        return self._route

    def dice(self) -> list[int | None]:
        """The dice of the turn by slot: a face, or None (discarded or not yet rolled)."""
        if self._phase not in (ROLLING, DECIDE):
            return []
        slots = _code_info(self._dice, self._ndice).slots
        return [v or None for v in slots]

    def next_target(self) -> int | None:
        """The target of the row above, or None at the end."""
        if self._phase == OVER:
            return None
        return self._game.sheet.targets[self._row + 1]

    def turn_odds(self) -> float | None:
        """Chance that this turn ascends, from now, with the best reroll policy.

        Before the roll (and while dice roll) it is ``ascent_probability``; once the dice
        are down it is 1 when the ascent can be claimed, the best reroll's chance before
        the reroll (``best_reroll``); a failed reroll falls at once (R-0-4), so after the
        reroll the dice are down only when the ascent can be claimed.
        """
        target = self.next_target()
        if target is None:
            return None
        if self._phase != DECIDE:
            return ascent_probability(self._ndice, target)
        if ASCEND in self._options:
            return 1.0
        dice = [v for v in _code_info(self._dice, self._ndice).slots if v]
        return best_reroll(dice, self._ndice, target)[0]

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": _PHASE_NAMES[self._phase],
            "position": [self._row, self._col],
            "highest_row": self._highest,
            "camps_used": self._camps,
            "dice_count": self._ndice,
            "dice": self.dice(),
            "pending": list(_MASK_SLOTS[self._pending]),
            "rerolled": self._rerolled,
            "route": [list(sq) for sq in self._route],
            "ending": self._ending,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """Everything (the game has no hidden information), plus derived figures."""
        self._check_player(player)
        obs = self._snapshot()
        dice = [v for v in obs["dice"] if v]
        obs.update(
            {
                "sheet": self._game.sheet.name,
                "next_target": self.next_target(),
                "best_straight": _best(tuple(sorted(dice))) if dice else 0,
                "camps_left": MAX_CAMPS - self._camps,
                "camp_available": self._phase != OVER
                and self._row + 1 > self._highest
                and self._camps < MAX_CAMPS,
                "score": self.score(),
                "ascent_odds": self.turn_odds(),
                "reroll_hint": self._reroll_hint(dice),
                "reroll_odds": self._reroll_odds(),
            }
        )
        return obs

    def _reroll_odds(self) -> list[list[Any]]:
        """With the dice down before the reroll: every reroll's text and its chance of an
        ascent this turn, best first (what a screen lists as "the best few rerolls")."""
        if self._phase != DECIDE or self._rerolled:
            return []
        target = self._game.sheet.targets[self._row + 1]
        return [[REROLL_TEXTS[m], q] for m, q in _reroll_odds(self._dice, self._ndice, target)]

    def _reroll_hint(self, dice: list[int]) -> dict[str, Any] | None:
        """After a failed first roll: the reroll with the best chance (``best_reroll``), and
        whether it is worth its risk in points (``worth``: always where a failure falls to
        a row below; where the fall would end the game, only when the chance times the
        points of the ascent beats the failure's chance times the points still to win)."""
        if self._phase != DECIDE or self._rerolled or ASCEND in self._options:
            return None
        odds, combined, kept = best_reroll(
            dice, self._ndice, self._game.sheet.targets[self._row + 1]
        )
        sheet = self._game.sheet
        # what the reroll is worth in points, not only its chance: an ascent now rather
        # than later saves about a turn (TURN_GAIN); a failed reroll falls, and where the
        # fall is impossible (from base camp, onto the route) the party perishes and the
        # points still to win are lost (R-1924-3, R-1924-5)
        ends = self._blocked(self._row - 1, self._col + 1) is not None
        top = sheet.targets[self._highest]
        loss = sheet.targets[sheet.summit] - top  # about the points still to win
        worth = odds > 0 and (not ends or odds * TURN_GAIN > (1 - odds) * loss)
        return {
            "odds": odds,
            "combined": list(combined),
            "keep": list(kept),
            "plan": list(_reroll_plan(self._dice, self._ndice, combined, kept)),
            "fall_ends_game": ends,
            "worth": worth,
        }

    def solver_key(self, valuation: Valuation) -> Key:
        """The key of this position for the exact solver (:class:`.model.Valuation`)."""
        from .solver import key_of_route

        climbs = [a == CAMP for a in self.history() if a in (ASCEND, CAMP)]
        return key_of_route(valuation, self.route, climbs)

    def solver_action_values(self, valuation: Valuation) -> dict[int, float]:
        """The expected final score of every legal action of an Everest 1924 state under optimal
        play afterwards (empty while dice roll or at the end; see :mod:`.decision`)."""
        from .decision import decision_values

        if self._phase not in (START, DECIDE):
            return {}
        return decision_values(
            valuation,
            self.solver_key(valuation),
            paid=float(len(self.route)),
            start=self._phase == START,
            ndice=self._ndice,
            rerolled=self._rerolled,
            slots=_code_info(self._dice, self._ndice).slots,
            legal=self._options,
        )
