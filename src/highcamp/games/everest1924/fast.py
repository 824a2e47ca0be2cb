"""The exact solve of :mod:`.solver`, compiled: the same positions, values and pruning.

The recursion of :class:`.solver.Valuation` runs here as an explicit stack in a numba
function (one frame per position being solved: its key, which move comes next, the values of
the moves done), with the memo a hash table of 64-bit position fingerprints (:func:`fingerprint`
of the packed key) and float64 values, split into partitions by the fingerprint's top bits so
that one partition grows at a time and the partitions, each sorted, concatenate into one
sorted array. A second, independent 8-bit hash of every key is kept beside it: two positions
with the same fingerprint but different check hashes are counted as a collision (reported by
:class:`FastResult`). The bound (the route ignored, every move may perish) and the turn
tables are computed once in Python and handed over as arrays.

Everything a position's value depends on is computed in the same order and with the same
comparisons as the Python solver, so the values agree to the last bit and the same positions
are stored.

>>> from highcamp.games.everest1924.sheet import standard_sheet
>>> from highcamp.games.everest1924.solver import sheet_prefix
>>> result = solve_fast(sheet_prefix(standard_sheet(), 4, width=8))
>>> round(result.value - 1, 4), result.states, result.collisions
(34.1966, 246, 0)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit
from numba.typed import List

from .constants import CAMP_BONUS, CAMP_SHIFT, MAX_CAMPS
from .memo import CHECK_MULTIPLIER, SEED1, SEED2, STEP_MULTIPLIER, fingerprint
from .model import (
    SEGMENT,
    SolverLimitError,
    Valuation,
    _thresholds,
    turn_table,
)
from .sheet import Sheet

PARTITION_BITS = 6
PARTITIONS = 1 << PARTITION_BITS
MAX_ITEMS = 96
LOW_BITS = 64 - PARTITION_BITS
LOW_MASK = (1 << LOW_BITS) - 1
CHECK_MASK = (1 << PARTITION_BITS) - 1
MAX_LOAD = 0.8
GROWTH = 1.15
STEPS = 1 << 20  # frames handled between two progress reports

ASCEND, CAMP, RIGHT, FALL = 0, 1, 2, 3


@njit(cache=True, inline="always")
def _mix_nb(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _fingerprint_nb(hdr: np.ndarray, items: np.ndarray, n: int) -> tuple[np.uint64, np.uint8]:
    # memo.fingerprint, compiled
    k = np.uint64(STEP_MULTIPLIER)
    m = np.uint64(CHECK_MULTIPLIER)
    s32 = np.uint64(32)
    w = np.uint64(hdr[0] << 24 | hdr[1] << 16 | hdr[2] << 8 | hdr[3] | n << 32)
    h1 = (np.uint64(SEED1) ^ w) * k
    h1 = h1 ^ (h1 >> s32)
    h2 = np.uint64(SEED2) * m + w
    for i in range(0, n, 2):
        w = np.uint64(items[i])
        if i + 1 < n:
            w |= np.uint64(items[i + 1]) << s32
        h1 = (h1 ^ w) * k
        h1 = h1 ^ (h1 >> s32)
        h2 = h2 * m + w
    h1 = _mix_nb(h1)
    if h1 == np.uint64(0):
        h1 = np.uint64(1)
    return h1, np.uint8(_mix_nb(h2) >> np.uint64(56))


@njit(cache=True)
def _slot(fp: np.uint64, cap: int) -> Any:
    # the low 32 bits scaled to the capacity (the top bits chose the partition)
    return np.int64(((fp & np.uint64(0xFFFFFFFF)) * np.uint64(cap)) >> np.uint64(32))


@njit(cache=True, inline="always")
def _tag(fp: np.uint64, chk: np.uint8) -> np.uint64:
    # within a partition the fingerprint's top bits are the partition's number: the slot
    # keeps the check hash there instead (never 0, the empty slot)
    t = (fp & np.uint64(LOW_MASK)) | (np.uint64(chk & CHECK_MASK) << np.uint64(LOW_BITS))
    return t if t != np.uint64(0) else np.uint64(1)


@njit(cache=True)
def _lookup(keys: Any, vals: Any, fp: np.uint64, chk: np.uint8, out: np.ndarray) -> int:
    """1 and the value in ``out[0]`` when found; 0 when absent; -1 on a collision (the
    fingerprint is there with another check hash)."""
    p = np.int64(fp >> np.uint64(LOW_BITS))
    k = keys[p]
    cap = k.shape[0]
    i = _slot(fp, cap)
    tag = _tag(fp, chk)
    low = tag & np.uint64(LOW_MASK)
    while True:
        f = k[i]
        if f == np.uint64(0):
            return 0
        if f == tag:
            out[0] = vals[p][i]
            return 1
        if f & np.uint64(LOW_MASK) == low:
            return -1
        i += 1
        if i == cap:
            i = 0


@njit(cache=True)
def _insert(
    keys: Any, vals: Any, counts: np.ndarray, fp: np.uint64, chk: np.uint8, v: float
) -> None:
    p = np.int64(fp >> np.uint64(LOW_BITS))
    k = keys[p]
    cap = k.shape[0]
    if counts[p] + 1 > MAX_LOAD * cap:  # grow this partition
        new_cap = int(cap * GROWTH) + 1
        nk = np.zeros(new_cap, np.uint64)
        nv = np.empty(new_cap, np.float64)
        ov = vals[p]
        for j in range(cap):
            f = k[j]
            if f != np.uint64(0):
                i = _slot(f, new_cap)
                while nk[i] != np.uint64(0):
                    i += 1
                    if i == new_cap:
                        i = 0
                nk[i] = f
                nv[i] = ov[j]
        keys[p], vals[p] = nk, nv
        k, cap = nk, new_cap
    i = _slot(fp, cap)
    while k[i] != np.uint64(0):
        i += 1
        if i == cap:
            i = 0
    k[i] = _tag(fp, chk)
    vals[p][i] = v
    counts[p] += 1


@njit(cache=True)
def _move(
    hdr: np.ndarray,
    items: np.ndarray,
    n: int,
    kind: int,
    firsts: np.ndarray,
    lasts: np.ndarray,
    summit: int,
    thresholds: np.ndarray,
    ohdr: np.ndarray,
    oitems: np.ndarray,
) -> int:
    """Write the position after ``kind`` into ``ohdr``/``oitems``: its item count, or -1 when
    the move is impossible (``Valuation.move`` returning None)."""
    r, c, h, used = hdr[0], hdr[1], hdr[2], hdr[3]
    if kind == ASCEND:
        r2, c2 = r + 1, c + 1
    elif kind == CAMP:
        r2 = r + 1
        c2 = max(c - CAMP_SHIFT, firsts[r2]) if r2 <= summit else c
    elif kind == RIGHT:
        r2, c2 = r, c + 1
    else:
        r2, c2 = r - 1, c + 1
    if r2 < 0 or r2 > summit:
        return -1
    if c2 < firsts[r2] or c2 > lasts[r2]:
        return -1
    h2 = r2 if r2 > h else h
    used2 = used + 1 if kind == CAMP else used
    circle = r2 << 18 | c2 << 12
    for j in range(n):
        if items[j] == circle:
            return -1
    seg = -1
    if r2 != r:
        band = r if r2 > r else r2
        if r2 > r:
            xb, xt = c, c2
        else:
            xb, xt = c2, c
        slot = SEGMENT + band
        for j in range(n):
            item = items[j]
            if item >> 18 == slot:
                a = (item >> 6) & 63
                t = item & 63
                if (xb - a) * (xt - t) < 0:
                    return -1
        seg = slot << 18 | (xb if xb > xt else xt) << 12 | xb << 6 | xt
    k = min(MAX_CAMPS - used2, summit - 1 - h2)
    if k < 0:
        k = 0
    t = thresholds[r2, h2, k]
    m = 0
    for j in range(n):
        item = items[j]
        if (item >> 12 & 63) - c2 >= t[item >> 18]:
            oitems[m] = item
            m += 1
    for item in (circle, seg):
        if item < 0:
            continue
        if (item >> 12 & 63) - c2 >= t[item >> 18]:
            # insert in order
            j = m
            while j > 0 and oitems[j - 1] > item:
                oitems[j] = oitems[j - 1]
                j -= 1
            oitems[j] = item
            m += 1
    if m > oitems.shape[0] - 2:
        return -2
    ohdr[0], ohdr[1], ohdr[2], ohdr[3] = r2, c2, h2, used2
    return m


@njit(cache=True)
def _turn(
    ts: np.ndarray,
    fp: np.ndarray,
    fq: np.ndarray,
    fn: np.ndarray,
    h: int,
    r: int,
    win: float,
    right: float,
    fall: float,
) -> float:
    """``TurnTable.value`` of the dice of highest row ``h`` against the row above ``r``."""
    d = win - fall if win > fall else 0.0
    best = win if win > right else right
    total = ts[h, r] * (best if best > fall else fall)
    for j in range(fn[h, r]):
        x = fall + fq[h, r, j] * d
        total += fp[h, r, j] * (x if x > right else right)
    return float(total)


@njit(cache=True)
def _fall_check(
    fq: np.ndarray, fn: np.ndarray, h: int, r: int, win: float, right: float, fall: float
) -> bool:
    if fall > (win if win > right else right):
        return False
    d = win - fall if win > fall else 0.0
    for j in range(fn[h, r]):  # noqa: SIM110 (numba compiles no generators)
        if fall + fq[h, r, j] * d > right:
            return False
    return True


@njit(cache=True)
def _find(fps: np.ndarray, vals: np.ndarray, fp: np.uint64) -> float:
    i = np.searchsorted(fps, fp)
    if i < fps.shape[0] and fps[i] == fp:
        return float(vals[i])
    return np.nan


@njit(cache=True, nogil=True)
def _run(
    sp: int,
    steps: int,
    shdr: np.ndarray,
    sitems: np.ndarray,
    sn: np.ndarray,
    sstage: np.ndarray,
    sout: np.ndarray,
    sfp: np.ndarray,
    schk: np.ndarray,
    keys: Any,
    vals: Any,
    counts: np.ndarray,
    stats: np.ndarray,
    targets: np.ndarray,
    firsts: np.ndarray,
    lasts: np.ndarray,
    summit: int,
    thresholds: np.ndarray,
    bound: np.ndarray,
    ts: np.ndarray,
    tfp: np.ndarray,
    tfq: np.ndarray,
    tfn: np.ndarray,
    kfps: np.ndarray,
    kvals: np.ndarray,
) -> tuple[int, float]:
    """Run the stack machine for at most ``steps`` frames; returns the stack pointer (-1 once
    the start position is solved) and the start's value."""
    found = np.zeros(1, np.float64)
    result = 0.0
    neg_inf = -np.inf
    top_value = 2.0 * targets[summit]
    while sp >= 0 and steps > 0:
        steps -= 1
        r, h, used = shdr[sp, 0], shdr[sp, 2], shdr[sp, 3]
        out = sout[sp]
        perish = 2.0 * targets[h]
        pushed = False
        while sstage[sp] < 4:
            kind = sstage[sp]
            if kind == CAMP and (r < h or used >= MAX_CAMPS):
                out[CAMP] = neg_inf
                sstage[sp] += 1
                continue
            m = _move(
                shdr[sp],
                sitems[sp],
                sn[sp],
                kind,
                firsts,
                lasts,
                summit,
                thresholds,
                shdr[sp + 1],
                sitems[sp + 1],
            )
            if m == -2:
                stats[1] = 1  # too many route items for the frame
                return -1, 0.0
            if m < 0:
                out[kind] = perish
                sstage[sp] += 1
                continue
            nr, nc, nh, nu = shdr[sp + 1, 0], shdr[sp + 1, 1], shdr[sp + 1, 2], shdr[sp + 1, 3]
            if nr == summit:
                out[kind] = top_value + CAMP_BONUS * (MAX_CAMPS - nu) - 1
                sstage[sp] += 1
                continue
            if kind == CAMP and bound[nr, nc, nh, nu] - 1.0 <= out[ASCEND]:
                out[CAMP] = neg_inf
                sstage[sp] += 1
                continue
            if kind == FALL:
                high = bound[nr, nc, nh, nu] - 1.0
                win = out[ASCEND] if out[ASCEND] > out[CAMP] else out[CAMP]
                if _fall_check(tfq, tfn, h, r, win, out[RIGHT], high):
                    out[FALL] = high
                    sstage[sp] += 1
                    continue
            # the value of the next position: settled by its bound (never stored), in the
            # memo, or solved now
            abandon = 2.0 * targets[nh]
            if bound[nr, nc, nh, nu] <= abandon:
                out[kind] = abandon - 1.0
                sstage[sp] += 1
                continue
            fp, chk = _fingerprint_nb(shdr[sp + 1], sitems[sp + 1], m)
            status = _lookup(keys, vals, fp, chk, found)
            if status < 0:
                stats[0] += 1  # a collision: counted, and the stored value is used
                status = 1
            if status == 1:
                out[kind] = found[0] - 1.0
                sstage[sp] += 1
                continue
            if kfps.shape[0]:  # a policy already solved: its values are known
                known = _find(kfps, kvals, fp)
                if not np.isnan(known):
                    out[kind] = known - 1.0
                    sstage[sp] += 1
                    continue
            sp += 1
            sn[sp] = m
            sstage[sp] = 0
            sfp[sp] = fp
            schk[sp] = chk
            pushed = True
            break
        if pushed:
            continue
        # every move valued: the value of rolling, stored
        win = out[ASCEND] if out[ASCEND] > out[CAMP] else out[CAMP]
        roll = _turn(ts, tfp, tfq, tfn, h, r, win, out[RIGHT], out[FALL])
        v = roll if roll > perish else perish
        _insert(keys, vals, counts, sfp[sp], schk[sp], v)
        sp -= 1
        if sp >= 0:
            sout[sp, sstage[sp]] = v - 1.0
            sstage[sp] += 1
        else:
            result = v
    return sp, result


@dataclass
class FastResult:
    """What the compiled solve returns: the start's value (the base-camp circle not paid),
    the memo as sorted fingerprints with their values, and the figures."""

    value: float
    fingerprints: np.ndarray
    values: np.ndarray
    collisions: int
    slots: int
    seconds: float

    @property
    def states(self) -> int:
        """Positions stored (as ``Solution.states``)."""
        return int(self.fingerprints.shape[0])


@functools.cache
def _tables(sheet: Sheet) -> tuple[np.ndarray, ...]:
    rows, summit = sheet.rows, sheet.summit
    width = max(sheet.lasts) + 2
    thresholds = np.zeros((rows, rows, MAX_CAMPS + 1, 2 * SEGMENT), np.int64)
    for r in range(rows):
        for h in range(rows):
            for k in range(MAX_CAMPS + 1):
                thresholds[r, h, k] = _thresholds(r, h, k)
    bound = np.full((rows, width, rows, MAX_CAMPS + 1), np.nan)
    relaxed = Valuation(sheet, relaxed=True, optimistic=True)
    for h in range(summit):
        for r in range(h + 1):
            for c in range(sheet.firsts[r], sheet.lasts[r] + 1):
                for used in range(min(MAX_CAMPS, h) + 1):
                    bound[r, c, h, used] = relaxed.value((r, c, h, used, ()))
    tables = [
        [turn_table(sheet.dice_for(h), sheet.targets[r + 1]) for r in range(summit)]
        for h in range(summit)
    ]
    most = max(len(t.failures) for row in tables for t in row)
    ts = np.zeros((rows, rows))
    tfp = np.zeros((rows, rows, most))
    tfq = np.zeros((rows, rows, most))
    tfn = np.zeros((rows, rows), np.int64)
    for h in range(summit):
        for r in range(summit):
            t = tables[h][r]
            ts[h, r] = t.success
            tfn[h, r] = len(t.failures)
            for j, (p, q) in enumerate(t.failures):
                tfp[h, r, j] = p
                tfq[h, r, j] = q
    return thresholds, bound, ts, tfp, tfq, tfn


@njit(cache=True)
def _new_partitions(parts: int) -> tuple[Any, Any]:
    """The memo's partitions, empty (built compiled: a typed list filled from Python
    compiles its methods on every run, seconds that the disk cache cannot keep)."""
    keys = List()
    vals = List()
    for _ in range(parts):
        keys.append(np.zeros(64, np.uint64))
        vals.append(np.zeros(64, np.float64))
    return keys, vals


@njit(cache=True)
def _collect(keys: Any, vals: Any, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The partitions in order, each sorted: one sorted array of fingerprints with their
    values, and the slots the partitions had (each partition freed once copied)."""
    total = counts.sum()
    fps = np.empty(total, np.uint64)
    values = np.empty(total, np.float64)
    at = 0
    slots = 0
    for p in range(len(keys)):
        k = keys[p]
        slots += k.shape[0]
        full = np.flatnonzero(k)
        # the fingerprint back: the partition's number in the top bits, not the check hash
        restored = (k[full] & np.uint64(LOW_MASK)) | (np.uint64(p) << np.uint64(LOW_BITS))
        order = np.argsort(restored)
        n = full.shape[0]
        fps[at : at + n] = restored[order]
        values[at : at + n] = vals[p][full][order]
        at += n
        keys[p] = np.zeros(1, np.uint64)
        vals[p] = np.zeros(1, np.float64)
    return fps, values, slots


def solve_fast(
    sheet: Sheet,
    progress: Callable[[int], None] | None = None,
    max_states: int | None = None,
    start: tuple[int, int, int, int, tuple[int, ...]] | None = None,
    known: tuple[np.ndarray, np.ndarray] | None = None,
) -> FastResult:
    """Solve ``sheet`` exactly with the compiled stack machine, from its first turn or from
    the position ``start`` (a key of :class:`.solver.Valuation`). ``progress`` is told the
    number of positions stored now and then; past ``max_states`` positions
    :class:`.solver.SolverLimitError` is raised. The value returned is the position's, its
    circles already drawn not paid (``Valuation.value``)."""
    started = time.perf_counter()
    if max(sheet.lasts) >= 64 or sheet.rows > SEGMENT:
        raise ValueError(f"the solver handles sheets up to 64 columns and {SEGMENT} rows")
    thresholds, bound, ts, tfp, tfq, tfn = _tables(sheet)
    if known is None:
        known = (np.zeros(0, np.uint64), np.zeros(0, np.float64))
    targets = np.array(sheet.targets, np.int64)
    firsts = np.array(sheet.firsts, np.int64)
    lasts = np.array(sheet.lasts, np.int64)
    depth = sheet.rows * (max(sheet.lasts) + 2) + 4
    shdr = np.zeros((depth, 4), np.int64)
    sitems = np.zeros((depth, MAX_ITEMS), np.int64)
    sn = np.zeros(depth, np.int64)
    sstage = np.zeros(depth, np.int64)
    sout = np.zeros((depth, 4))
    sfp = np.zeros(depth, np.uint64)
    schk = np.zeros(depth, np.uint8)
    if start is None:
        r, c = sheet.start
        start = (r, c, 0, 0, ())
    r, c, h, used, items = start
    if len(items) > MAX_ITEMS - 2:
        raise ValueError(f"a position keeps more than {MAX_ITEMS - 2} route items")
    shdr[0] = (r, c, h, used)
    sn[0] = len(items)
    sitems[0, : len(items)] = items
    fp, chk = fingerprint([r << 24 | c << 16 | h << 8 | used, *items])
    sfp[0], schk[0] = np.uint64(fp), np.uint8(chk)
    keys, vals = _new_partitions(PARTITIONS)
    counts = np.zeros(PARTITIONS, np.int64)
    stats = np.zeros(2, np.int64)
    sp, value = 0, 0.0
    abandon = 2.0 * sheet.targets[h]
    if bound[r, c, h, used] <= abandon:
        sp, value = -1, abandon
    while sp >= 0:
        sp, value = _run(
            sp,
            STEPS,
            shdr,
            sitems,
            sn,
            sstage,
            sout,
            sfp,
            schk,
            keys,
            vals,
            counts,
            stats,
            targets,
            firsts,
            lasts,
            sheet.summit,
            thresholds,
            bound,
            ts,
            tfp,
            tfq,
            tfn,
            known[0],
            known[1],
        )
        if stats[1]:
            raise RuntimeError(f"a position keeps more than {MAX_ITEMS - 2} route items")
        stored = int(counts.sum())
        if max_states is not None and stored > max_states:
            raise SolverLimitError(stored, max_states)
        if progress is not None:
            progress(stored)
    fps, values, slots = _collect(keys, vals, counts)
    return FastResult(
        value=float(value),
        fingerprints=fps,
        values=values,
        collisions=int(stats[0]),
        slots=slots,
        seconds=time.perf_counter() - started,
    )
