"""The solved policy of a sheet, played in compiled code: the sampled outcomes of
``highcamp solve --games N`` (``Everest1924Solver.outcomes(N)``).

Each game walks the positions the policy meets, reading their values from the sorted
fingerprints of the policy (:func:`.fast._find`), with the moves and turns of the compiled
solver (:mod:`.fast`), and counts the final scores.

>>> from highcamp.games.everest1924.sheet import standard_sheet
>>> from highcamp.games.everest1924.solver import sheet_prefix
>>> from highcamp.games.everest1924.fast import solve_fast
>>> sheet = sheet_prefix(standard_sheet(), 4, width=8)
>>> result = solve_fast(sheet)
>>> counts, summits = simulate_policy(sheet, result.fingerprints, result.values, 1000)
>>> sum(counts.values())
1000
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .constants import CAMP_BONUS, MAX_CAMPS
from .fast import (
    ASCEND,
    CAMP,
    FALL,
    MAX_ITEMS,
    RIGHT,
    _fall_check,
    _find,
    _fingerprint_nb,
    _move,
    _tables,
    _turn,
)
from .sheet import Sheet

__all__ = ["simulate_policy"]


# ------------------------------------------------------------------ the policy, simulated
@njit(cache=True)
def _successors(
    hdr: np.ndarray,
    items: np.ndarray,
    n: int,
    out: np.ndarray,
    nhdr: np.ndarray,
    nitems: np.ndarray,
    fps: np.ndarray,
    vals: np.ndarray,
    targets: np.ndarray,
    firsts: np.ndarray,
    lasts: np.ndarray,
    summit: int,
    thresholds: np.ndarray,
    bound: np.ndarray,
    tfq: np.ndarray,
    tfn: np.ndarray,
) -> bool:
    """``Valuation.successor_values(key, prune=True)`` from the solved memo; False when a
    successor the solve must have met is missing."""
    r, h, used = hdr[0], hdr[2], hdr[3]
    perish = 2.0 * targets[h]
    for kind in range(4):
        if kind == CAMP and (r < h or used >= MAX_CAMPS):
            out[CAMP] = -np.inf
            continue
        m = _move(hdr, items, n, kind, firsts, lasts, summit, thresholds, nhdr, nitems)
        if m < 0:
            out[kind] = perish
            continue
        nr, nc, nh, nu = nhdr[0], nhdr[1], nhdr[2], nhdr[3]
        if nr == summit:
            out[kind] = 2.0 * targets[summit] + CAMP_BONUS * (MAX_CAMPS - nu) - 1
            continue
        if kind == CAMP and bound[nr, nc, nh, nu] - 1.0 <= out[ASCEND]:
            out[CAMP] = -np.inf
            continue
        if kind == FALL:
            high = bound[nr, nc, nh, nu] - 1.0
            win = out[ASCEND] if out[ASCEND] > out[CAMP] else out[CAMP]
            if _fall_check(tfq, tfn, h, r, win, out[RIGHT], high):
                out[FALL] = high
                continue
        abandon = 2.0 * targets[nh]
        if bound[nr, nc, nh, nu] <= abandon:
            out[kind] = abandon - 1.0
            continue
        fp, _ = _fingerprint_nb(nhdr, nitems, m)
        v = _find(fps, vals, fp)
        if np.isnan(v):
            return False
        out[kind] = v - 1.0
    return True


@njit(cache=True)
def _simulate(
    games: int,
    seed: int,
    start_hdr: np.ndarray,
    fps: np.ndarray,
    vals: np.ndarray,
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
    scores: np.ndarray,
    offset: int,
) -> int:
    """Play ``games`` games by the optimal policy; counts final scores in ``scores`` (index
    score + offset); returns the number of summits, or -1 if a position was missing."""
    np.random.seed(seed)
    hdr = np.zeros((2, 4), np.int64)
    items = np.zeros((2, MAX_ITEMS), np.int64)
    out = np.zeros(4)
    summits = 0
    for _ in range(games):
        a = 0
        hdr[a] = start_hdr
        n = 0
        circles = 1
        while True:
            r, c, h, used = hdr[a, 0], hdr[a, 1], hdr[a, 2], hdr[a, 3]
            abandon = 2.0 * targets[h]
            score = -1
            if bound[r, c, h, used] <= abandon:
                score = int(abandon) - circles
            else:
                b = 1 - a
                if not _successors(
                    hdr[a],
                    items[a],
                    n,
                    out,
                    hdr[b],
                    items[b],
                    fps,
                    vals,
                    targets,
                    firsts,
                    lasts,
                    summit,
                    thresholds,
                    bound,
                    tfq,
                    tfn,
                ):
                    return -1
                up = ASCEND if out[ASCEND] >= out[CAMP] else CAMP
                win, right, fall = out[up], out[RIGHT], out[FALL]
                roll = _turn(ts, tfp, tfq, tfn, h, r, win, right, fall)
                if roll <= abandon:
                    score = int(abandon) - circles
                else:
                    u = np.random.random()
                    move = RIGHT
                    if u < ts[h, r]:
                        if win >= right and win >= fall:
                            move = up
                        elif right >= fall:
                            move = RIGHT
                        else:
                            move = FALL
                    else:
                        u -= ts[h, r]
                        d = win - fall if win > fall else 0.0
                        j = 0
                        last = tfn[h, r] - 1
                        while j < last and u >= tfp[h, r, j]:
                            u -= tfp[h, r, j]
                            j += 1
                        q = tfq[h, r, j]
                        if fall + q * d > right:
                            move = up if (win >= fall and np.random.random() < q) else FALL
                        else:
                            move = RIGHT
                    m = _move(
                        hdr[a],
                        items[a],
                        n,
                        move,
                        firsts,
                        lasts,
                        summit,
                        thresholds,
                        hdr[b],
                        items[b],
                    )
                    if m < 0:
                        score = int(abandon) - circles
                    elif hdr[b, 0] == summit:
                        score = (
                            2 * targets[summit] + CAMP_BONUS * (MAX_CAMPS - hdr[b, 3]) - circles - 1
                        )
                        summits += 1
                    else:
                        a, n = b, m
                        circles += 1
                        continue
            scores[score + offset] += 1
            break
    return summits


def simulate_policy(
    sheet: Sheet, fps: np.ndarray, vals: np.ndarray, games: int, seed: int = 0
) -> tuple[dict[int, int], int]:
    """Play ``games`` games of ``sheet`` by its solved policy (sorted fingerprints and
    values): how often each final score occurred, and how many reached the summit."""
    thresholds, bound, ts, tfp, tfq, tfn = _tables(sheet)
    targets = np.array(sheet.targets, np.int64)
    offset = sheet.squares + 1
    scores = np.zeros(offset + 2 * max(sheet.targets) + CAMP_BONUS * MAX_CAMPS + 2, np.int64)
    r, c = sheet.start
    summits = _simulate(
        games,
        seed,
        np.array([r, c, 0, 0], np.int64),
        fps,
        vals,
        targets,
        np.array(sheet.firsts, np.int64),
        np.array(sheet.lasts, np.int64),
        sheet.summit,
        thresholds,
        bound,
        ts,
        tfp,
        tfq,
        tfn,
        scores,
        offset,
    )
    if summits < 0:
        raise RuntimeError("the policy is missing a position its play met")
    return {int(i) - offset: int(k) for i, k in enumerate(scores) if k}, int(summits)
