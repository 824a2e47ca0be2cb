"""The values of a decision of Everest 1924 under optimal play: what the exact solver's
hint, review and agent read (``Everest1924State.solver_action_values``).

At the start of a turn: rolling (the turn's value from its :class:`.model.TurnTable`) and
abandoning. With the dice down: ascending and camping (the successor positions' values),
taking the failure (moving right before the reroll, falling after it), each reroll (the fall,
plus its chance of an ascent times what the ascent adds) and each combination (the best that
the dice it leaves can still reach by combining on). Values are final scores: the circles
already drawn (``paid``) are taken off.

>>> from highcamp.games.everest1924.sheet import standard_sheet
>>> from highcamp.games.everest1924.solver import sheet_prefix
>>> from highcamp.games.everest1924.model import Valuation
>>> v = Valuation(sheet_prefix(standard_sheet(), 4, width=8))
>>> values = decision_values(v, v.start_key(), paid=1.0, start=True, ndice=3,
...                          rerolled=False, slots=(), legal=(0, 1))
>>> round(values[0], 4), values[1]
(34.1966, -1.0)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from .constants import (
    ABANDON,
    ASCEND,
    CAMP,
    COMBINE_BASE,
    FAIL,
    PAIRS,
    REROLL_BASE,
    ROLL,
)
from .dice import _best, _combine, _reroll_success
from .model import ASCEND as UP
from .model import CAMP as CAMPED
from .model import FALL as FELL
from .model import RIGHT as MOVED_RIGHT
from .model import Key, Valuation

__all__ = ["decision_values"]


@functools.cache
def _reroll_q(dice: tuple[int, ...], n: int, target: int) -> float:
    """The best reroll chance from ``dice`` as they stand (no more combining)."""
    best = 0.0
    for size in range(len(dice) + 1):
        for kept in set(itertools.combinations(dice, size)):
            if size == n:  # every die kept: nothing would be rerolled
                continue
            best = max(best, _reroll_success(kept, n, target))
    return best


def decision_values(
    valuation: Valuation,
    key: Key,
    *,
    paid: float,
    start: bool,
    ndice: int,
    rerolled: bool,
    slots: Sequence[int],
    legal: Sequence[int],
) -> dict[int, float]:
    """The expected final score of each of the ``legal`` actions of the position ``key``:
    at the ``start`` of a turn, or with the dice ``slots`` down (a face or 0 by slot, of
    ``ndice`` dice, after the reroll when ``rerolled``); ``paid`` circles already drawn."""
    r, _, h, _, _ = key
    succ = valuation.successor_values(key)
    win = succ[UP] if succ[UP] > succ[CAMPED] else succ[CAMPED]
    if start:
        table = valuation.table(key)
        return {
            ROLL: table.value(win, succ[MOVED_RIGHT], succ[FELL]) - paid,
            ABANDON: 2.0 * valuation.sheet.targets[h] - paid,
        }
    n = ndice
    target = valuation.sheet.targets[r + 1]
    # a failure after the reroll falls; a combination that leaves no straight to the target
    # after it falls at once (R-0-4), worth the fall too
    fail = succ[FELL] if rerolled else succ[MOVED_RIGHT]

    @functools.cache
    def best(dice: tuple[int, ...]) -> float:
        v = fail
        if _best(dice) >= target:
            v = max(v, win)
        if not rerolled:
            v = max(v, succ[FELL] + _reroll_q(dice, n, target) * max(win - succ[FELL], 0.0))
        for i in range(len(dice)):
            for j in range(i + 1, len(dice)):
                rest = dice[:i] + dice[i + 1 : j] + dice[j + 1 :]
                for face in _combine(dice[i], dice[j]):
                    v = max(v, best(tuple(sorted((*rest, face)))))
        return v

    out: dict[int, float] = {}
    for action in legal:
        if action == ASCEND:
            v = succ[UP]
        elif action == CAMP:
            v = succ[CAMPED]
        elif action == FAIL:
            v = fail
        elif action < COMBINE_BASE:
            mask = action - REROLL_BASE
            kept = tuple(sorted(v for i, v in enumerate(slots) if v and not mask >> i & 1))
            # the rerolled dice are the slots of the mask (a discarded die left out stays out)
            q = _reroll_success(kept, len(kept) + mask.bit_count(), target)
            v = succ[FELL] + q * max(win - succ[FELL], 0.0)
        else:
            p, face = divmod(action - COMBINE_BASE, 6)
            i, j = PAIRS[p]
            dice = [v for k, v in enumerate(slots) if v and k not in (i, j)]
            v = best(tuple(sorted((*dice, face + 1))))
        out[action] = v - paid
    return out
