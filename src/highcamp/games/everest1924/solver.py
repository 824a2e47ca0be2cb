"""The exact optimal policy of Everest 1924: expected final score, route included.

A turn ends in one of four moves (R-1924-3, R-1924-4): *ascend* to ``(r+1, c+1)``, *camp* to
``(r+1, max(c-3, first))``, *move right* to ``(r, c+1)`` after a failed first roll, *fall* to
``(r-1, c+1)`` after a failed reroll; or the game ends (abandon, summit, or a required move
that is impossible, R-1924-5). Every circle costs one point, so the value of a position is
the expected ``2 x target + summit bonus`` still to come minus the circles still to draw,
and the final score is that value minus the circles already drawn.

**The turn.** Given the values of the four moves, the best play of a turn depends on the
dice only through three facts of the first roll: whether it already makes the target, and
otherwise the chance of the best reroll (``best_reroll``), since after a reroll the player
can only ascend (or camp) or fall. Rolls are grouped by that chance, so a turn is a short
sum (:class:`TurnTable`).

**The route.** Without camps the route moves one column right at every turn and can never
be met again. A camp moves three columns left, into a row never reached before; only falls
bring the party back down to rows the route has visited. From position ``(r, c)`` with
highest row ``h`` and ``k`` camps left, the leftmost column the party can ever stand on in
row ``r' <= h`` is ``c + min(|r - r'|, 2h - r - r' - 2k)`` (ascend to ``h``, make every
camp in a row, fall back down; only camps that stay below the summit count, since reaching
it ends the game), and a route segment can only be crossed from a square at or
left of its rightmost end. So the state keeps position, highest row, camps used and only the
circles and segments that pass this test; everything else of the route can never matter,
and states that agree on what is left share one value. The count is reported by
:attr:`Solution.states`.

**Bound and prune.** The route ignored, and every move allowed to end the game as a perishing
would, a position's value can only rise (exact play only loses options, and a turn's value
never falls when a move's value rises): :meth:`Valuation.bound`, computed on a few thousand
positions. A camp whose bound cannot beat ascending, a fall that would not be chosen even at
its bound, and a position where even the bound of rolling does not beat abandoning are never
solved; every value that is computed is still exact.

**Memory.** The memo maps each position, packed into 32-bit words (``_pack``: one word for
row, column, highest row and camps used, one per route item), to its value: about 180 bytes
a position in a Python dict, a third of a dict of tuples. Positions the bound settles are
not stored (the bound says so again at once), so :attr:`Solution.states` counts the
positions solved with a turn.

>>> from highcamp.games.everest1924.sheet import standard_sheet
>>> solution = solve(sheet_prefix(standard_sheet(), 4, width=8))
>>> round(solution.value, 4), solution.states
(34.1966, 246)
>>> solution.relaxed_value >= solution.value
True
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import sys
import threading
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .sheet import Sheet

if TYPE_CHECKING:
    from .memo import Memo

__all__ = [
    "CAMP_BONUS",
    "MAX_CAMPS",
    "Key",
    "Outcomes",
    "Solution",
    "SolverCacheError",
    "SolverLimitError",
    "TurnTable",
    "Valuation",
    "action_values",
    "cache_dir",
    "cache_path",
    "fast_available",
    "key_of_route",
    "load_or_solve",
    "load_solution",
    "move_probabilities",
    "outcomes",
    "save_solution",
    "sheet_document",
    "sheet_hash",
    "sheet_prefix",
    "solve",
    "state_key",
    "turn_table",
]

from .constants import CAMP_BONUS, MAX_CAMPS
from .model import (  # the model the search builds on, re-exported for its users
    ASCEND,
    CAMP,
    FALL,
    RIGHT,
    Key,
    SolverLimitError,
    TurnTable,
    Valuation,
    turn_table,
)


# ------------------------------------------------------------------------------ sheets
def sheet_prefix(sheet: Sheet, rows: int, width: int | None = None) -> Sheet:
    """The first ``rows`` rows of ``sheet`` (the last of them becomes the summit), optionally
    cut to ``width`` columns: small sheets for tests and for measuring growth.

    >>> from highcamp.games.everest1924.sheet import standard_sheet
    >>> small = sheet_prefix(standard_sheet(), 3, width=6)
    >>> small.targets, small.firsts, small.lasts
    ((0, 6, 8), (0, 1, 2), (5, 4, 3))
    """
    if not 2 <= rows <= sheet.rows:
        raise ValueError(f"a prefix needs 2..{sheet.rows} rows, not {rows}")
    firsts = sheet.firsts[:rows]
    lasts = sheet.lasts[:rows]
    if width is not None:
        lasts = tuple(last - (sheet.lasts[0] + 1 - width) for last in lasts)
        if any(last < first for first, last in zip(firsts, lasts, strict=True)):
            raise ValueError(f"width {width} leaves a row without squares")
    return replace(
        sheet,
        name=f"{sheet.name} (first {rows} rows{'' if width is None else f', {width} wide'})",
        targets=sheet.targets[:rows],
        firsts=firsts,
        lasts=lasts,
        unlock_rows=tuple(r for r in sheet.unlock_rows if r < rows),
    )


def sheet_document(sheet: Sheet) -> dict[str, Any]:
    """The sheet as a JSON document (the format of ``data/standard-sheet.json``)."""
    return {
        "name": sheet.name,
        "provenance": sheet.provenance,
        "reason": sheet.reason,
        "rows": [
            {"row": r, "target": sheet.targets[r], "first": sheet.firsts[r], "last": sheet.lasts[r]}
            for r in range(sheet.rows)
        ],
        "start": list(sheet.start),
        "start_dice": sheet.start_dice,
        "unlock_targets": [sheet.targets[r] for r in sheet.unlock_rows],
        "legend": {
            "provenance": sheet.legend_provenance,
            "bands": [
                {"min": b.low, "max": b.high, "name": b.name, "year": b.year} for b in sheet.legend
            ],
        },
    }


def sheet_hash(sheet: Sheet) -> str:
    """A hash of everything of the sheet that the optimal policy depends on.

    >>> from highcamp.games.everest1924.sheet import standard_sheet
    >>> len(sheet_hash(standard_sheet()))
    16
    """
    doc = {
        "targets": sheet.targets,
        "firsts": sheet.firsts,
        "lasts": sheet.lasts,
        "start": sheet.start,
        "start_dice": sheet.start_dice,
        "unlock_rows": sheet.unlock_rows,
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class Solution:
    """The solved sheet: optimal value, the memo of every position met, and figures."""

    sheet: Sheet
    valuation: Valuation
    value: float
    relaxed_value: float
    states: int
    relaxed_states: int
    seconds: float
    collisions: int = 0
    """Positions whose fingerprint matched another's but whose check hash did not."""

    @property
    def start_key(self) -> Key:
        """The key of the first turn."""
        return self.valuation.start_key()


def fast_available() -> bool:
    """Whether the compiled solver (numpy and numba, the ``solver`` extra) can run."""
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _compiled_memo(fingerprints: Any, values: Any) -> Memo:
    """A memo of solved positions whose missing positions the compiled solver solves from
    there (the memo's first segment known), adding them to the memo."""
    from .fast import solve_fast
    from .memo import Memo

    memo = Memo(fingerprints, values)

    def subsolve(sheet: Sheet, key: Key) -> float:
        result = solve_fast(sheet, start=key, known=memo.segments[0])
        memo.add_segment(result.fingerprints, result.values)
        return result.value

    memo.subsolve = subsolve
    return memo


def warm_up(sheet: Sheet, memo: Memo) -> threading.Thread:
    """Make the first answer off the policy fast: in a background thread, build the
    compiled solver's tables of ``sheet`` (1.6 s of Python on the standard sheet) and load
    its compiled code for a memory-mapped policy (about a second) with a tiny subsolve whose
    positions are dropped. Without it the first hint after a move the policy never makes (a
    camp it would not make) waited for both (see docs/benchmarks.md)."""
    from .fast import _tables, solve_fast

    def run() -> None:
        _tables(sheet)
        row = sheet.summit - 1
        # the last square under the summit, every camp used: a handful of positions (a
        # sheet the compiled solver refuses does no harm here)
        with contextlib.suppress(ValueError, RuntimeError):
            solve_fast(
                sheet, start=(row, sheet.lasts[row], row, MAX_CAMPS, ()), known=memo.segments[0]
            )

    thread = threading.Thread(target=run, name="highcamp-solver-warm-up", daemon=True)
    thread.start()
    return thread


def solve(
    sheet: Sheet,
    max_states: int | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    compiled: bool | None = None,
) -> Solution:
    """Solve ``sheet`` exactly (and its relaxed bound). ``progress`` is told the number of
    positions solved now and then; past ``max_states`` positions :class:`SolverLimitError`
    is raised. ``compiled`` chooses the compiled solver (:mod:`.fast`, the default when numba
    is installed) or the Python one; both store the same positions with the same values."""
    started = time.perf_counter()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    if compiled is None:
        compiled = fast_available()
    collisions = 0
    try:
        relaxed = Valuation(sheet, relaxed=True)
        relaxed_value = relaxed.value(relaxed.start_key()) - 1.0  # the base-camp circle
        exact = Valuation(sheet, max_states=max_states, progress=progress)
        if compiled:
            from .fast import solve_fast

            result = solve_fast(sheet, progress=progress, max_states=max_states)
            exact.values = _compiled_memo(result.fingerprints, result.values)
            value = result.value - 1.0
            collisions = result.collisions
        else:
            value = exact.value(exact.start_key()) - 1.0
    finally:
        sys.setrecursionlimit(limit)
    return Solution(
        sheet=sheet,
        valuation=exact,
        value=value,
        relaxed_value=relaxed_value,
        states=len(exact.values),
        relaxed_states=len(relaxed.values),
        seconds=time.perf_counter() - started,
        collisions=collisions,
    )


# ------------------------------------------------------------------- outcomes of the policy
@dataclass(frozen=True)
class Outcomes:
    """The distribution of final scores under the optimal policy."""

    scores: dict[int, float]
    summit: float
    games: int | None = None
    """None when exact; else the number of games played by the policy to sample it."""

    def mean(self) -> float:
        """The expected final score (equals the solved value)."""
        return sum(s * p for s, p in self.scores.items())

    def bands(self, sheet: Sheet) -> dict[str, float]:
        """The chance of each legend band, lowest band first (R-1924-7)."""
        out = {band.name: 0.0 for band in sheet.legend}
        for score, p in self.scores.items():
            name = sheet.band(score)
            out[name] = out.get(name, 0.0) + p
        return out


def move_probabilities(valuation: Valuation, key: Key) -> dict[str, float]:
    """How the optimally played turn from ``key`` ends: the chance of each move, and of
    ``abandon`` (the policy stops before rolling)."""
    h = key[2]
    abandon = 2.0 * valuation.sheet.targets[h]
    if valuation.bound(key) <= abandon or (
        valuation.value(key) == abandon and not _rolls(valuation, key)
    ):
        return {"abandon": 1.0}
    succ = valuation.successor_values(key, prune=True)
    table = valuation.table(key)
    up = ASCEND if succ[ASCEND] >= succ[CAMP] else CAMP
    win, right, fall = succ[up], succ[RIGHT], succ[FALL]
    out = {ASCEND: 0.0, CAMP: 0.0, RIGHT: 0.0, FALL: 0.0}
    # a successful first roll: the best of claiming, moving right or falling
    if win >= right and win >= fall:
        out[up] += table.success
    elif right >= fall:
        out[RIGHT] += table.success
    else:
        out[FALL] += table.success
    d = win - fall if win > fall else 0.0
    for p, q in table.failures:
        if fall + q * d > right:
            if win >= fall:
                out[up] += p * q
                out[FALL] += p * (1 - q)
            else:
                out[FALL] += p
        else:
            out[RIGHT] += p
    return {k: v for k, v in out.items() if v > 0}


def _rolls(valuation: Valuation, key: Key) -> bool:
    h = key[2]
    succ = valuation.successor_values(key, prune=True)
    table = valuation.table(key)
    win = succ[ASCEND] if succ[ASCEND] > succ[CAMP] else succ[CAMP]
    return table.value(win, succ[RIGHT], succ[FALL]) > 2.0 * valuation.sheet.targets[h]


def outcomes(valuation: Valuation) -> Outcomes:
    """The exact distribution of final scores under the optimal policy (a forward pass over
    the positions in the order the route can visit them: highest row, then column)."""
    import heapq

    sheet = valuation.sheet
    start = valuation.start_key()
    mass: dict[Key, dict[int, float]] = {start: {1: 1.0}}
    heap: list[tuple[int, int, Key]] = [(start[2], start[1], start)]
    scores: dict[int, float] = {}
    summit = 0.0

    def finish(score: int, p: float) -> None:
        scores[score] = scores.get(score, 0.0) + p

    while heap:
        _, _, key = heapq.heappop(heap)
        circles = mass.pop(key)
        h = key[2]
        for kind, p in move_probabilities(valuation, key).items():
            nxt = None if kind == "abandon" else valuation.move(key, kind)
            if nxt is None:  # abandoned, or the party perishes
                for n, q in circles.items():
                    finish(2 * sheet.targets[h] - n, p * q)
                continue
            if nxt[0] == sheet.summit:
                bonus = 2 * sheet.targets[nxt[0]] + CAMP_BONUS * (MAX_CAMPS - nxt[3])
                for n, q in circles.items():
                    finish(bonus - n - 1, p * q)
                    summit += p * q
                continue
            target = mass.get(nxt)
            if target is None:
                target = mass[nxt] = {}
                heapq.heappush(heap, (nxt[2], nxt[1], nxt))
            for n, q in circles.items():
                target[n + 1] = target.get(n + 1, 0.0) + p * q
    return Outcomes(dict(sorted(scores.items())), summit)


# -------------------------------------------------------------------- the policy in play
def key_of_route(
    valuation: Valuation, route: tuple[tuple[int, int], ...], climbs: list[bool]
) -> Key:
    """The key of the position reached along ``route`` (base camp first); ``climbs`` says
    for each step up, in order, whether it made camp (a camp from a row's first square lands
    where an ascent would)."""
    key = valuation.start_key()
    ups = iter(climbs)
    for (r0, _), (r1, _) in itertools.pairwise(route):
        if r1 == r0 + 1:
            kind = CAMP if next(ups, False) else ASCEND
        elif r1 == r0:
            kind = RIGHT
        else:
            kind = FALL
        nxt = valuation.move(key, kind)
        if nxt is None:
            raise ValueError(f"the route {route!r} is not one the rules allow")
        key = nxt
    return key


def state_key(valuation: Valuation, state: Any) -> Key:
    """The key of an Everest 1924 state's position (the state reads itself:
    ``Everest1924State.solver_key``)."""
    return state.solver_key(valuation)  # type: ignore[no-any-return]


def action_values(valuation: Valuation, state: Any) -> dict[int, float]:
    """The expected final score of every legal action of an Everest 1924 state under optimal
    play afterwards (empty while dice roll or at the end); the state reads itself
    (``Everest1924State.solver_action_values``)."""
    return state.solver_action_values(valuation)  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- the cache
class SolverCacheError(RuntimeError):
    """A cached policy that cannot be read (it is left in place, and named)."""


def cache_dir() -> Path:
    """Where solved policies are kept: ``$HIGHCAMP_CACHE``, else ``$XDG_CACHE_HOME/highcamp``,
    else ``~/.cache/highcamp``; policies go in its ``everest-1924`` folder."""
    root = os.environ.get("HIGHCAMP_CACHE")
    if root:
        return Path(root) / "everest-1924"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "highcamp" / "everest-1924"


def cache_path(sheet: Sheet, directory: Path | None = None) -> Path:
    """The cache file of ``sheet``'s policy, named by :func:`sheet_hash` (the sheet's
    content: a changed sheet is solved again)."""
    return (directory or cache_dir()) / f"policy-{sheet_hash(sheet)}.hcpolicy"


def save_solution(solution: Solution, path: Path) -> int:
    """Write the solved values to ``path`` (:mod:`.memo`'s format: sorted fingerprints and
    float32 values, no pickle) atomically; returns the file's size."""
    import numpy as np

    from .memo import Memo, fingerprint, write_policy

    memo = solution.valuation.values
    if isinstance(memo, Memo) and len(memo.segments) == 1 and not memo.extra:
        fps, values = memo.segments[0]
    else:  # the Python solver's dict (or a memo grown since): fingerprint every key
        pairs: dict[int, float] = {}
        for fp_array, vals in memo.segments if isinstance(memo, Memo) else ():
            pairs.update(zip(fp_array.tolist(), vals.tolist(), strict=True))
        extra = memo.extra if isinstance(memo, Memo) else memo
        for packed, v in extra.items():
            pairs[fingerprint(array("I", packed).tolist())[0]] = v
        order = sorted(pairs)
        fps = np.array(order, np.uint64)
        values = np.array([pairs[f] for f in order])
    header = {
        "sheet_hash": sheet_hash(solution.sheet),
        "value": solution.value,
        "relaxed_value": solution.relaxed_value,
        "states": solution.states,
        "relaxed_states": solution.relaxed_states,
        "seconds": solution.seconds,
        "collisions": solution.collisions,
    }
    return write_policy(path, header, fps, values)


def load_solution(sheet: Sheet, path: Path) -> Solution:
    """Read a policy written by :func:`save_solution` for ``sheet`` (memory-mapped)."""
    from .memo import Memo, read_policy

    try:
        head, fps, values = read_policy(path)
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise SolverCacheError(f"cannot read the cached policy {str(path)!r}: {err}") from None
    if head.get("sheet_hash") != sheet_hash(sheet):
        raise SolverCacheError(f"{str(path)!r} holds the policy of another sheet")
    valuation = Valuation(sheet)
    if fast_available():
        valuation.values = _compiled_memo(fps, values)
        warm_up(sheet, valuation.values)
    else:
        valuation.values = Memo(fps, values)
    return Solution(
        sheet=sheet,
        valuation=valuation,
        value=head["value"],
        relaxed_value=head["relaxed_value"],
        states=head["states"],
        relaxed_states=head["relaxed_states"],
        seconds=head["seconds"],
        collisions=head.get("collisions", 0),
    )


def load_or_solve(
    sheet: Sheet,
    *,
    use_cache: bool = True,
    directory: Path | None = None,
    max_states: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[Solution, bool]:
    """The solution of ``sheet`` from the cache, or solved now (and cached). Returns the
    solution and whether it came from the cache; a solution just cached is returned as read
    back from the file, so that hints are the same before and after. An unreadable cache
    file raises :class:`SolverCacheError` (it is not overwritten silently)."""
    path = cache_path(sheet, directory)
    if use_cache and path.exists():
        return load_solution(sheet, path), True
    solution = solve(sheet, max_states=max_states, progress=progress)
    if use_cache:
        save_solution(solution, path)
        seconds = solution.seconds
        del solution
        solution = load_solution(sheet, path)
        solution.seconds = seconds
    return solution, False
