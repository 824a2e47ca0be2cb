"""The model of Everest 1924's exact solver: positions, turns and their values.

:class:`Valuation` values a position of a sheet under optimal play (the route included, or
``relaxed`` without it), memoised; :func:`turn_table` sums a turn's dice by the chance of
their best reroll. The search that fills a whole sheet's memo (:func:`.solver.solve`, in
Python or compiled in :mod:`.fast`) builds on this module; see :mod:`.solver` for the
method.

>>> from highcamp.games.everest1924.sheet import standard_sheet
>>> from highcamp.games.everest1924.solver import sheet_prefix
>>> v = Valuation(sheet_prefix(standard_sheet(), 4, width=8))
>>> round(v.value(v.start_key()) - 1.0, 4)
34.1966
"""

from __future__ import annotations

import functools
import math
from array import array
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass

from .constants import CAMP_BONUS, CAMP_SHIFT, MAX_CAMPS
from .dice import _best, _best_reroll, multiset_probabilities
from .sheet import Sheet

ASCEND, CAMP, RIGHT, FALL = "ascend", "camp", "right", "fall"
MOVES = (ASCEND, CAMP, RIGHT, FALL)

# A key: (row, column, highest row, camps used, relevant route items).
# Items are ints ``slot << 18 | right << 12 | low``: a circle is ``row << 18 | col << 12``;
# a segment in the band between rows b and b+1 with bottom column a and top column t is
# ``(SEGMENT + b) << 18 | max(a, t) << 12 | a << 6 | t``. ``right`` is the rightmost column
# of the item, and whether the party can still meet it depends only on its slot (see
# _thresholds), so the filter of _relevant is one comparison per item.
Key = tuple[int, int, int, int, tuple[int, ...]]
SEGMENT = 32
_COL = 63


# ------------------------------------------------------------------------------ turns
@dataclass(frozen=True)
class TurnTable:
    """The first roll of ``ndice`` dice against ``target``, grouped for the turn's value.

    ``success`` is the chance the roll already makes the target; ``failures`` pairs the
    chance of a failed roll with the success chance of its best reroll.
    """

    ndice: int
    target: int
    success: float
    failures: tuple[tuple[float, float], ...]

    def value(self, win: float, right: float, fall: float) -> float:
        """Expected value of rolling, when ascending is worth ``win`` (the better of ascend
        and camp), taking the failure before the reroll ``right`` and after it ``fall``.

        >>> table = turn_table(3, 6)
        >>> round(table.value(1.0, 0.0, 0.0), 6) == round(table.ascent_probability(), 6)
        True
        """
        d = win - fall if win > fall else 0.0
        best = win if win > right else right
        total = self.success * (best if best > fall else fall)
        for p, q in self.failures:
            x = fall + q * d
            total += p * (x if x > right else right)
        return total

    def ascent_probability(self) -> float:
        """The chance of ascending when every failure is rerolled (as ``ascent_probability``)."""
        return self.success + sum(p * q for p, q in self.failures)


@functools.cache
def turn_table(ndice: int, target: int) -> TurnTable:
    """The :class:`TurnTable` of ``ndice`` dice against ``target`` (cached)."""
    success = 0.0
    groups: dict[float, float] = {}
    for roll, p in multiset_probabilities(ndice):
        if _best(roll) >= target:
            success += p
        else:
            q = _best_reroll(roll, ndice, target)[0]
            q = round(q, 15)
            groups[q] = groups.get(q, 0.0) + p
    failures = tuple((p, q) for q, p in sorted(groups.items()))
    return TurnTable(ndice, target, success, failures)


# ----------------------------------------------------------------------------- solver
class Valuation:
    """Values of positions of one sheet, computed on demand and memoised.

    ``relaxed=True`` ignores the route (circles and crossings; the sheet's edges still
    count). It is not an upper bound of the exact value: a move the route blocks ends the
    game with the score as it stands, which can beat moving on and paying more circles (on
    the full standard sheet the exact value is above the relaxed one); :meth:`bound` is.
    """

    def __init__(
        self,
        sheet: Sheet,
        relaxed: bool = False,
        max_states: int | None = None,
        progress: Callable[[int], None] | None = None,
        optimistic: bool = False,
    ) -> None:
        if max(sheet.lasts) >= 64 or sheet.rows > SEGMENT:
            raise ValueError(f"the solver handles sheets up to 64 columns and {SEGMENT} rows")
        self.sheet = sheet
        self.relaxed = relaxed
        # the memo, keyed by packed keys (_pack); positions whose bound already loses to
        # abandoning are not stored (their value is the score as it stands)
        self.values: MutableMapping[bytes, float] = {}
        self.solved = 0  # positions solved, those the bound settles included (with repeats)
        self.max_states = max_states
        self.progress = progress
        # optimistic (with relaxed): every move may also end the game as a perishing would,
        # which makes the value an upper bound of the exact value of any route (see bound)
        self.optimistic = optimistic
        self._bound: Valuation | None = None
        s = sheet
        self._summit = s.summit
        self._targets = s.targets
        self._firsts = s.firsts
        self._lasts = s.lasts
        # the turn tables by (highest row, row), built on first use (a loaded policy answers
        # a hint without building them all)
        self._tables: list[TurnTable | None] = [None] * (s.rows * s.rows)

    def table(self, key: Key) -> TurnTable:
        """The turn table of the position ``key`` (its dice against the row above)."""
        index = key[2] * self.sheet.rows + key[0]
        table = self._tables[index]
        if table is None:
            if key[0] >= self._summit:
                raise ValueError("no turn is played from the summit: the game is over")
            table = self._tables[index] = turn_table(
                self.sheet.dice_for(key[2]), self._targets[key[0] + 1]
            )
        return table

    def start_key(self) -> Key:
        """The key of the first turn of the game."""
        r, c = self.sheet.start
        return (r, c, 0, 0, ())

    # a move: the key after it, or None when it is impossible (R-1924-5)
    def move(self, key: Key, kind: str) -> Key | None:
        """The position after ``kind`` (``ascend``, ``camp``, ``right``, ``fall``), or None
        when the move is impossible (the party perishes)."""
        r, c, h, used, items = key
        if kind == ASCEND:
            r2, c2 = r + 1, c + 1
        elif kind == CAMP:
            r2 = r + 1
            c2 = max(c - CAMP_SHIFT, self._firsts[r2]) if r2 < self.sheet.rows else c
        elif kind == RIGHT:
            r2, c2 = r, c + 1
        else:
            r2, c2 = r - 1, c + 1
        if r2 < 0 or r2 > self._summit or not self._firsts[r2] <= c2 <= self._lasts[r2]:
            return None
        h2 = r2 if r2 > h else h
        used2 = used + 1 if kind == CAMP else used
        if self.relaxed:
            return (r2, c2, h2, used2, ())
        circle = r2 << 18 | c2 << 12
        if circle in items:
            return None
        new: list[int] = [circle]
        if r2 != r:
            band = r if r2 > r else r2
            xb, xt = (c, c2) if r2 > r else (c2, c)
            slot = SEGMENT + band
            for item in items:
                if item >> 18 == slot:
                    a, t = (item >> 6) & _COL, item & _COL
                    if (xb - a) * (xt - t) < 0:
                        return None
            new.append(slot << 18 | (xb if xb > xt else xt) << 12 | xb << 6 | xt)
        return (
            r2,
            c2,
            h2,
            used2,
            _relevant(r2, c2, h2, min(MAX_CAMPS - used2, self._summit - 1 - h2), items, new),
        )

    def value(self, key: Key) -> float:
        """Expected circles-free value of ``key`` under optimal play (see the module)."""
        v = self.values.get(_pack(key))
        if v is not None:
            return v
        subsolve = getattr(self.values, "subsolve", None)
        if not self.relaxed and subsolve is not None:
            # a position the policy never met (off the optimal route, or pruned): solved now
            # by the memo's own solver (the compiled one, see solver.compiled_subsolve), its
            # positions remembered
            return float(subsolve(self.sheet, key))
        return self._solve(key)

    def _solve(self, key: Key) -> float:
        h = key[2]
        abandon = 2.0 * self._targets[h]
        self.solved += 1
        if not self.solved & 0xFFFF and self.progress is not None:
            self.progress(len(self.values))
        if not self.relaxed and self.bound(key) <= abandon:
            # even the upper bound of playing on is no better than stopping: not stored,
            # since the bound says so again at once
            return abandon
        succ = self.successor_values(key, prune=True)
        table = self.table(key)
        win = succ[ASCEND] if succ[ASCEND] > succ[CAMP] else succ[CAMP]
        roll = table.value(win, succ[RIGHT], succ[FALL])
        v = roll if roll > abandon else abandon
        values = self.values
        values[_pack(key)] = v
        limit = self.max_states
        if limit is not None and len(values) > limit:
            raise SolverLimitError(len(values), limit)
        return v

    def bound(self, key: Key) -> float:
        """An upper bound of ``value(key)``: the position with the route ignored, where any
        move may also end the game as if the party perished. Exact values only lose options
        (blocked moves perish), and a turn's value never falls when a move's value rises."""
        if self._bound is None:
            self._bound = Valuation(self.sheet, relaxed=True, optimistic=True)
        r, c, h, used, _ = key
        return self._bound.value((r, c, h, used, ()))

    def successor_values(self, key: Key, prune: bool = False) -> dict[str, float]:
        """The value of each way a turn can end from ``key``, one circle already paid:
        the value of the move's position minus one, or the score as it stands if the move
        is impossible (-inf for a camp that is not allowed). With ``prune``, a camp whose
        upper bound (:meth:`bound`) cannot beat ascending is not solved and counts -inf."""
        r, _, h, used, _ = key
        perish = 2.0 * self._targets[h]
        optimistic = self.optimistic
        out: dict[str, float] = {}
        for kind in MOVES:
            if kind == CAMP and (r < h or used >= MAX_CAMPS):
                out[kind] = -math.inf
                continue
            nxt = self.move(key, kind)
            if nxt is None:
                out[kind] = perish
                continue
            if nxt[0] == self._summit:
                v = 2.0 * self._targets[nxt[0]] + CAMP_BONUS * (MAX_CAMPS - nxt[3]) - 1
            elif (
                kind == CAMP and prune and not self.relaxed and self.bound(nxt) - 1.0 <= out[ASCEND]
            ):
                out[kind] = -math.inf  # dominated by ascending: never worth solving
                continue
            elif kind == FALL and prune and not self.relaxed:
                high = self.bound(nxt) - 1.0
                win = out[ASCEND] if out[ASCEND] > out[CAMP] else out[CAMP]
                if _fall_check(self.table(key), win, out[RIGHT], high):
                    out[kind] = high  # never chosen at any value up to its bound
                    continue
                v = self.value(nxt) - 1.0
            else:
                v = self.value(nxt) - 1.0
            out[kind] = v if not optimistic or v > perish else perish
        return out


def _fall_check(table: TurnTable, win: float, right: float, fall: float) -> bool:
    """Whether the optimal turn never takes a fall worth at most ``fall``: it is below the
    best of a good first roll, and no reroll (which falls when it fails) beats moving right."""
    if fall > (win if win > right else right):
        return False
    d = win - fall if win > fall else 0.0
    return all(fall + q * d <= right for _, q in table.failures)


@functools.cache
def _thresholds(r: int, h: int, k: int) -> tuple[int, ...]:
    """For each item slot, how many columns right of the party's column the leftmost
    square it can still reach lies: in the circle's row, or in either row of the segment's
    band (from row ``r``, highest row ``h``, ``k`` camps left)."""

    def leftmost(row: int) -> int:
        m = abs(r - row)
        return min(m, 2 * h - r - row - 2 * k) if k > 0 else m

    rows = [leftmost(row) for row in range(SEGMENT)]
    bands = [min(rows[b], rows[b + 1]) for b in range(SEGMENT - 1)] + [rows[-1]]
    return (*rows, *bands)


def _relevant(
    r: int, c: int, h: int, k: int, items: tuple[int, ...], new: list[int]
) -> tuple[int, ...]:
    """The route items that a party at ``(r, c)``, highest row ``h``, ``k`` camps left, can
    still meet: circles at or right of the leftmost column it can reach in their row, and
    segments whose rightmost end is at or right of the leftmost column it can reach in
    either of their rows."""
    t = _thresholds(r, h, k)
    kept = [item for item in items if (item >> 12 & _COL) - c >= t[item >> 18]]
    for item in new:
        if (item >> 12 & _COL) - c >= t[item >> 18]:
            kept.append(item)
    kept.sort()
    return tuple(kept)


def _pack(key: Key) -> bytes:
    """The memo's form of ``key``: its fields as 32-bit words (about a third of the memory
    of the tuple)."""
    r, c, h, used, items = key
    return array("I", (r << 24 | c << 16 | h << 8 | used, *items)).tobytes()


class SolverLimitError(RuntimeError):
    """The exact solve met more positions than allowed (``max_states``)."""

    def __init__(self, states: int, limit: int) -> None:
        super().__init__(
            f"the exact solve passed {states:,} positions, over the limit of {limit:,}; "
            "solve fewer rows or raise the limit"
        )
        self.states = states
        self.limit = limit
