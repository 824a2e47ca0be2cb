"""The exact solver: brute force over full routes, single turns, the cache, simulation."""

from __future__ import annotations

import itertools
import json
import math
import statistics
from pathlib import Path

import pytest

import highcamp
from highcamp.core import Game, State
from highcamp.games.everest1924 import ascent_probability, best_reroll, rules, standard_sheet
from highcamp.games.everest1924.sheet import Sheet
from highcamp.games.everest1924.solver import (
    SolverCacheError,
    action_values,
    cache_path,
    key_of_route,
    load_or_solve,
    outcomes,
    save_solution,
    sheet_document,
    sheet_prefix,
    solve,
    state_key,
    turn_table,
)


def game_of(sheet: Sheet, tmp_path: Path) -> Game:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet_document(sheet)))
    return highcamp.load_game("everest-1924", sheet=str(path))


def _roll(state: State, faces: tuple[int, ...]) -> None:
    state.apply_action(rules.ROLL)
    for f in faces:
        state.apply_action(rules.FACE_BASE + f - 1)


def engine_move(state: State, kind: str) -> State | None:
    """The state after a turn that ends in ``kind``, played with the engine's own actions;
    None when that ending is not offered (a camp that is not allowed)."""
    s = state.clone()
    n = s.observation(0)["dice_count"]
    good = tuple(range(7 - n, 7))
    bad = (1,) * n
    if kind in ("ascend", "camp"):
        _roll(s, good)
        action = rules.ASCEND if kind == "ascend" else rules.CAMP
        if action not in s.legal_actions():
            return None
        s.apply_action(action)
    elif kind == "right":
        _roll(s, bad)
        s.apply_action(rules.FAIL)
    else:  # a failed reroll: the engine applies the mandatory fall itself (R-0-4)
        _roll(s, bad)
        s.apply_action(rules.REROLL_BASE + 1)
        s.apply_action(rules.FACE_BASE)
        assert s.is_terminal() or s.legal_actions() == [rules.ROLL, rules.ABANDON]
    return s


def brute_force(game: Game) -> tuple[float, int]:
    """Expectimax over full route histories (the engine decides every move's fate)."""

    memo: dict[tuple[tuple[tuple[int, int], ...], int], float] = {}

    def value(state: State) -> float:
        key = (state.route, state.observation(0)["camps_used"])  # type: ignore[attr-defined]
        if key in memo:
            return memo[key]
        succ = {}
        for kind in ("ascend", "camp", "right", "fall"):
            nxt = engine_move(state, kind)
            if nxt is None:
                succ[kind] = -math.inf
            elif nxt.is_terminal():
                succ[kind] = nxt.returns()[0]
            else:
                succ[kind] = value(nxt)
        table = turn_table(state.observation(0)["dice_count"], state.next_target())  # type: ignore[attr-defined]
        roll = table.value(max(succ["ascend"], succ["camp"]), succ["right"], succ["fall"])
        memo[key] = max(float(state.score()), roll)  # type: ignore[attr-defined]
        return memo[key]

    return value(game.new_initial_state(0)), len(memo)


@pytest.mark.parametrize(("rows", "width"), [(3, 8), (3, 10), (4, 8), (4, 9), (5, 9), (5, 10)])
def test_solver_equals_brute_force_over_full_routes(tmp_path: Path, rows: int, width: int) -> None:
    sheet = sheet_prefix(standard_sheet(), rows, width)
    solution = solve(sheet)
    exact, histories = brute_force(game_of(sheet, tmp_path))
    assert solution.value == pytest.approx(exact, abs=1e-9)
    assert solution.states < histories  # the compact key shares positions
    assert solution.relaxed_value >= solution.value - 1e-12


@pytest.mark.slow
def test_solver_equals_brute_force_where_four_camps_can_chain(tmp_path: Path) -> None:
    """Six rows: four camps in a row stay below the summit (1.1 million full routes)."""
    sheet = sheet_prefix(standard_sheet(), 6, 11)
    exact, _ = brute_force(game_of(sheet, tmp_path))
    assert solve(sheet).value == pytest.approx(exact, abs=1e-9)


def test_solver_memo_keeps_positions_the_route_tells_apart() -> None:
    """Two routes to the same square that leave different circles within reach are two
    positions (the packed memo key keeps every item), and the memo only stores positions
    solved with a turn (those the bound settles are recomputed at once)."""
    sheet = sheet_prefix(standard_sheet(), 5, 10)
    solution = solve(sheet)
    valuation = solution.valuation
    via_right = key_of_route(valuation, ((0, 0), (0, 1), (0, 2), (1, 3)), [False])
    via_fall = key_of_route(valuation, ((0, 0), (1, 1), (0, 2), (1, 3)), [False, False])
    assert via_right[:4] == via_fall[:4] == (1, 3, 1, 0)
    assert via_right[4] != via_fall[4]  # the circle (1, 1) can still be met after camps
    assert len(valuation.values) == solution.states
    assert all(len(k) % 4 == 0 for k in valuation.values)


def test_solver_route_matters_on_a_narrow_sheet() -> None:
    sheet = sheet_prefix(standard_sheet(), 4, 8)
    solution = solve(sheet)
    assert solution.relaxed_value > solution.value + 1e-6


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_solver_turn_table_agrees_with_ascent_probability(n: int) -> None:
    for target in range(6, 37, 2):
        table = turn_table(n, target)
        assert table.ascent_probability() == pytest.approx(ascent_probability(n, target))
        # ascending worth 1, failing 0: the turn's value is the chance of ascending
        assert table.value(1.0, 0.0, 0.0) == pytest.approx(ascent_probability(n, target))


def test_solver_turn_is_the_expectimax_of_its_actions(tmp_path: Path) -> None:
    """The roll's value equals the average, over every roll of the dice, of the best action
    value at the decision (combines and every reroll mask included)."""
    sheet = sheet_prefix(standard_sheet(), 4, 12)
    solution = solve(sheet)
    game = game_of(sheet, tmp_path)
    state = game.new_initial_state(0)
    for moves in ([], ["ascend", "right"], ["ascend", "ascend", "fall"]):
        s = state
        for kind in moves:
            nxt = engine_move(s, kind)
            assert nxt is not None
            s = nxt
        roll_value = action_values(solution.valuation, s)[rules.ROLL]
        total = 0.0
        for faces in itertools.product(range(1, 7), repeat=s.observation(0)["dice_count"]):
            d = s.clone()
            _roll(d, faces)
            if d.is_terminal() or d.current_player() != 0:  # a mandatory fall ended the turn
                continue
            total += max(action_values(solution.valuation, d).values()) / 6 ** len(faces)
        # mandatory falls are counted through the roll value's own fall branch; on this sheet
        # a first roll always leaves a choice, so every roll was counted
        assert total == pytest.approx(roll_value, abs=1e-9)


def test_solver_best_reroll_agrees_with_best_reroll(tmp_path: Path) -> None:
    """When ascending is what matters, the optimal reroll has best_reroll's chance."""
    sheet = sheet_prefix(standard_sheet(), 4, 12)
    solution = solve(sheet)
    game = game_of(sheet, tmp_path)
    for faces in [(1, 1, 1), (1, 1, 6), (2, 2, 5), (1, 4, 4)]:
        s = game.new_initial_state(0)
        _roll(s, faces)
        values = action_values(solution.valuation, s)
        succ = solution.valuation.successor_values(state_key(solution.valuation, s))
        win = max(succ["ascend"], succ["camp"])
        p = best_reroll(faces, 3, 6)[0]
        reroll = succ["fall"] + p * (win - succ["fall"])
        assert max(values.values()) + 1 == pytest.approx(max(succ["right"], reroll))


def test_solver_outcomes_average_to_the_value() -> None:
    sheet = sheet_prefix(standard_sheet(), 4, 12)
    solution = solve(sheet)
    result = outcomes(solution.valuation)
    assert sum(result.scores.values()) == pytest.approx(1.0)
    assert result.mean() == pytest.approx(solution.value, abs=1e-9)
    assert 0 < result.summit <= 1
    assert sum(result.bands(sheet).values()) == pytest.approx(1.0)


def test_solver_policy_played_averages_its_value(tmp_path: Path) -> None:
    sheet = sheet_prefix(standard_sheet(), 4, 12)
    solution = solve(sheet)
    game = game_of(sheet, tmp_path)
    scores = []
    for seed in range(600):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_random_chance()
                continue
            values = action_values(solution.valuation, s)
            s.apply_action(max(values, key=lambda a: (values[a], -a)))
        scores.append(s.returns()[0])
    half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5
    assert abs(statistics.mean(scores) - solution.value) <= max(half, 0.05)


def test_solver_cache_round_trip_and_bad_files(tmp_path: Path) -> None:
    sheet = sheet_prefix(standard_sheet(), 3, 8)
    first, cached = load_or_solve(sheet, directory=tmp_path)
    assert not cached
    again, cached = load_or_solve(sheet, directory=tmp_path)
    assert cached and again.value == first.value and again.states == first.states
    game = game_of(sheet, tmp_path)
    state = game.new_initial_state(0)
    for kind in ("right", "ascend"):  # the loaded memo answers the hint as the solved one
        assert action_values(again.valuation, state) == action_values(first.valuation, state)
        nxt = engine_move(state, kind)
        assert nxt is not None and not nxt.is_terminal()
        state = nxt
    path = cache_path(sheet, tmp_path)
    path.write_bytes(b"not a pickle")
    with pytest.raises(SolverCacheError, match="cannot read"):
        load_or_solve(sheet, directory=tmp_path)
    assert path.read_bytes() == b"not a pickle"  # nothing overwritten silently
    other = sheet_prefix(standard_sheet(), 3, 9)
    save_solution(solve(other), path)
    with pytest.raises(SolverCacheError, match="another sheet"):
        load_or_solve(sheet, directory=tmp_path)
