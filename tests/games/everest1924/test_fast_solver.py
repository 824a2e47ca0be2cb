"""The compiled solver against the Python one, the policy file, and the sampled outcomes."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest

import highcamp
from highcamp.games.everest1924 import standard_sheet
from highcamp.games.everest1924.fast import solve_fast
from highcamp.games.everest1924.fast_policy import simulate_policy
from highcamp.games.everest1924.memo import Memo, fingerprint, read_policy, write_policy
from highcamp.games.everest1924.model import _pack
from highcamp.games.everest1924.sheet import SHEETS, named_sheet
from highcamp.games.everest1924.solver import (
    SolverCacheError,
    Valuation,
    cache_path,
    key_of_route,
    load_or_solve,
    load_solution,
    outcomes,
    save_solution,
    sheet_document,
    sheet_prefix,
    solve,
)

FIRST = named_sheet("first-reconstruction")


@pytest.mark.parametrize(("rows", "width"), [(3, 8), (4, 9), (5, 10), (6, None), (4, 12)])
def test_compiled_solver_stores_the_python_solvers_positions_and_values(
    rows: int, width: int | None
) -> None:
    sheet = sheet_prefix(FIRST, rows, width)
    python = solve(sheet, compiled=False)
    compiled = solve(sheet, compiled=True)
    assert compiled.value == python.value  # the same arithmetic in the same order
    assert compiled.states == python.states
    memo = compiled.valuation.values
    assert isinstance(memo, Memo)
    for packed, value in python.valuation.values.items():
        assert memo.get(packed) == value
    assert compiled.collisions == 0


def test_compiled_solver_from_a_position_equals_the_python_value() -> None:
    sheet = sheet_prefix(FIRST, 5, 10)
    python = Valuation(sheet)
    key = key_of_route(python, ((0, 0), (0, 1), (1, 2), (1, 3)), [False])
    result = solve_fast(sheet, start=key)
    assert result.value == python.value(key)
    assert result.states <= len(python.values)


def test_a_position_the_policy_never_met_is_solved_on_demand() -> None:
    """A camp the solve pruned (it cannot beat ascending) is still valued when asked."""
    sheet = sheet_prefix(FIRST, 5, 10)
    compiled = solve(sheet).valuation
    python = Valuation(sheet)
    start = compiled.start_key()
    up = compiled.move(start, "ascend")
    assert up is not None
    for kind in ("ascend", "camp", "right", "fall"):
        nxt = compiled.move(up, kind)
        if nxt is not None and nxt[0] < sheet.summit:
            assert compiled.value(nxt) == pytest.approx(python.value(nxt), abs=1e-12)


def test_fingerprints_tell_apart_keys_that_differ_in_one_item() -> None:
    assert fingerprint([1 << 24, 0]) != fingerprint([1 << 24])
    assert fingerprint([1 << 24, 5, 9]) != fingerprint([1 << 24, 9, 5])
    assert fingerprint([0])[0] != 0


def test_policy_file_round_trip_is_memory_mapped_and_checked(tmp_path: Path) -> None:
    sheet = sheet_prefix(FIRST, 5, 10)
    solution = solve(sheet)
    path = tmp_path / "p.hcpolicy"
    size = save_solution(solution, path)
    assert size == path.stat().st_size and path.read_bytes()[:8] == b"HCPOLICY"
    head, fps, values = read_policy(path)
    assert isinstance(fps, np.memmap) and values.dtype == np.float32
    assert head["states"] == solution.states == fps.shape[0] and head["collisions"] == 0
    assert bool(np.all(fps[1:] > fps[:-1]))
    loaded = load_solution(sheet, path)
    for packed in list(solve(sheet, compiled=False).valuation.values)[:200]:
        exact = solution.valuation.values.get(packed)
        assert loaded.valuation.values.get(packed) == pytest.approx(exact, abs=1e-5)
    path.write_bytes(path.read_bytes()[:-4])  # truncated
    with pytest.raises(SolverCacheError, match="truncated"):
        load_solution(sheet, path)
    with pytest.raises(ValueError, match="collide"):
        write_policy(path, {}, np.array([5, 5], np.uint64), np.zeros(2))


def test_the_python_solvers_memo_writes_the_same_policy(tmp_path: Path) -> None:
    sheet = sheet_prefix(FIRST, 4, 9)
    save_solution(solve(sheet, compiled=False), tmp_path / "a")
    save_solution(solve(sheet, compiled=True), tmp_path / "b")
    _, fa, va = read_policy(tmp_path / "a")
    _, fb, vb = read_policy(tmp_path / "b")
    assert fa.tolist() == fb.tolist() and va.tolist() == vb.tolist()


def test_cache_is_keyed_by_the_sheets_content(tmp_path: Path) -> None:
    a = sheet_prefix(FIRST, 3, 8)
    b = sheet_prefix(FIRST, 3, 9)
    assert cache_path(a, tmp_path) != cache_path(b, tmp_path)
    first, cached = load_or_solve(a, directory=tmp_path)
    assert not cached and cache_path(a, tmp_path).suffix == ".hcpolicy"
    again, cached = load_or_solve(a, directory=tmp_path)
    assert cached and again.value == first.value


def test_sampled_outcomes_of_the_policy_agree_with_the_exact_ones() -> None:
    sheet = sheet_prefix(FIRST, 4, 12)
    solution = solve(sheet)
    exact = outcomes(solution.valuation)
    fps, vals = solution.valuation.values.segments[0]  # type: ignore[attr-defined]
    games = 40_000
    counts, summits = simulate_policy(sheet, fps, vals, games, seed=1)
    assert sum(counts.values()) == games
    mean = sum(s * k for s, k in counts.items()) / games
    var = sum(k * (s - mean) ** 2 for s, k in counts.items()) / games
    assert abs(mean - solution.value) < 4 * math.sqrt(var / games)
    p = exact.summit
    assert abs(summits / games - p) < 4 * math.sqrt(p * (1 - p) / games) + 1e-9


def test_r_1924_1_the_first_reconstruction_stays_a_named_sheet(tmp_path: Path) -> None:
    assert set(SHEETS) >= {"standard", "first-reconstruction"}
    game = highcamp.load_game("everest-1924", sheet="first-reconstruction")
    assert game.sheet.targets == (0, *range(6, 37, 2))
    assert game.sheet.firsts == tuple(range(17)) and game.sheet.lasts == tuple(range(39, 22, -1))
    path = tmp_path / "s.json"
    path.write_text(json.dumps(sheet_document(FIRST)))
    assert highcamp.load_game("everest-1924", sheet=str(path)).sheet.targets == FIRST.targets


def test_r_1924_1_the_standard_sheet_keeps_the_rulings_constraints() -> None:
    s = standard_sheet()
    assert s.targets[0] == 0 and s.targets[-1] == 36
    assert all(a < b for a, b in zip(s.targets[1:], s.targets[2:], strict=False))
    assert [s.targets[r] for r in s.unlock_rows] == [12, 16, 22]
    widths = [last - first + 1 for first, last in zip(s.firsts, s.lasts, strict=True)]
    assert all(a >= b for a, b in itertools.pairwise(widths))
    assert s.start == (0, 0) and s.firsts[0] == 0
    assert all(s.firsts[r] >= s.firsts[r - 1] for r in range(1, s.rows))


def test_memo_lookup_by_packed_key() -> None:
    sheet = sheet_prefix(FIRST, 3, 8)
    solution = solve(sheet)
    valuation = solution.valuation
    key = valuation.start_key()
    assert valuation.values.get(_pack(key)) == pytest.approx(solution.value + 1.0)
