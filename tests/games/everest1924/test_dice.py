"""Straights, combining and turn odds: the rulebook's examples, and every public helper of
``highcamp.games.everest1924.dice`` against brute force written here from the rule text.

[Scoring Straights], [Combining Dice] (R-1924-2), [Rerolling Dice] (R-1924-3).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from highcamp.games.everest1924 import (
    ascent_probability,
    best_reroll,
    best_straight,
    combine_results,
    first_roll_probability,
    reachable,
    reroll_probability,
    straight_value,
)

FACES = (1, 2, 3, 4, 5, 6)
Dice = tuple[int, ...]


# ------------------------------------------------------------------ brute force
def bf_straight(dice: Dice) -> int:
    """[Scoring Straights]: two or more dice in sequence, highest face x number of dice."""
    present = set(dice)
    best = 0
    for top in FACES:
        for length in range(2, top + 1):
            if all(top - k in present for k in range(length)):
                best = max(best, top * length)
    return best


def bf_combine(a: int, b: int) -> set[int]:
    """[Combining Dice] / R-1924-2: equal dice +-1; any two dice sum or difference; 1..6."""
    out = {a + b, a - b, b - a}
    if a == b:
        out |= {a - 1, a + 1}
    return {v for v in out if 1 <= v <= 6}


@cache
def bf_reachable(dice: Dice) -> frozenset[Dice]:
    """Every multiset reachable by combining, as sorted tuples (recursive, ordered pairs)."""
    out = {dice}
    for i, j in itertools.permutations(range(len(dice)), 2):
        rest = [d for k, d in enumerate(dice) if k not in (i, j)]
        for v in bf_combine(dice[i], dice[j]):
            out |= bf_reachable(tuple(sorted([*rest, v])))
    return frozenset(out)


@cache
def bf_best(dice: Dice) -> int:
    return max(bf_straight(m) for m in bf_reachable(tuple(sorted(dice))))


@cache
def bf_reroll_success(kept: Dice, n_dice: int, target: int) -> Fraction:
    """Exact chance that ``kept`` plus ``n_dice - len(kept)`` fresh dice reach ``target``."""
    m = n_dice - len(kept)
    hits = sum(
        1
        for roll in itertools.product(FACES, repeat=m)
        if bf_best(tuple(sorted(kept + roll))) >= target
    )
    return Fraction(hits, 6**m)


@cache
def bf_best_after_fail(roll: Dice, n_dice: int, target: int) -> Fraction:
    """The optimal single reroll: combine to any reachable multiset, keep any subset of it
    (current values), reroll every other die of the turn (discarded ones included)."""
    best = Fraction(0)
    for config in bf_reachable(roll):
        for mask in range(1 << len(config)):
            kept = tuple(sorted(config[i] for i in range(len(config)) if mask >> i & 1))
            best = max(best, bf_reroll_success(kept, n_dice, target))
    return best


def bf_first_roll(n_dice: int, target: int) -> Fraction:
    hits = sum(
        1
        for roll in itertools.product(FACES, repeat=n_dice)
        if bf_best(tuple(sorted(roll))) >= target
    )
    return Fraction(hits, 6**n_dice)


def bf_ascent(n_dice: int, target: int) -> Fraction:
    total = Fraction(0)
    for roll, ways in Counter(
        tuple(sorted(r)) for r in itertools.product(FACES, repeat=n_dice)
    ).items():
        if bf_best(roll) >= target:
            total += ways
        else:
            total += ways * bf_best_after_fail(roll, n_dice, target)
    return total / 6**n_dice


def sub_multiset(small: Dice, big: Dice) -> bool:
    return not Counter(small) - Counter(big)


def multisets(max_n: int) -> list[Dice]:
    return [
        roll
        for n in range(1, max_n + 1)
        for roll in itertools.combinations_with_replacement(FACES, n)
    ]


def close(x: float, y: Fraction) -> bool:
    return math.isclose(x, float(y), rel_tol=1e-9, abs_tol=1e-12)


# ------------------------------------------------------------- [Scoring Straights]
def test_scoring_straights_3_4_5_is_15() -> None:
    assert straight_value((3, 4, 5)) == 15


def test_scoring_straights_5_6_is_12() -> None:
    assert straight_value((5, 6)) == 12


def test_scoring_straights_roll_1_3_4_5_6_6_yields_3_4_5_6() -> None:
    """Duplicated and non-sequential dice are ignored: 3-4-5-6 = 6 x 4."""
    assert straight_value((1, 3, 4, 5, 6, 6)) == 24
    assert straight_value((6, 1, 6, 5, 3, 4)) == 24


def test_scoring_straights_need_two_dice_in_sequence() -> None:
    assert straight_value((6,)) == 0
    assert straight_value((1, 3, 5)) == 0
    assert straight_value((4, 4, 4)) == 0
    assert straight_value((1, 2)) == 4
    assert straight_value((1, 2, 3, 4, 5, 6)) == 36


def test_scoring_straights_all_multisets_match_brute_force() -> None:
    for dice in multisets(6):
        assert straight_value(dice) == bf_straight(dice), dice


# --------------------------------------------------------------- [Combining Dice]
def test_combining_dice_5_5_gives_4_or_6() -> None:
    assert combine_results(5, 5) == {4, 6}


def test_combining_dice_1_3_gives_2_or_4() -> None:
    assert combine_results(1, 3) == {2, 4}
    assert combine_results(3, 1) == {2, 4}


def test_combining_dice_3_3_gives_2_4_or_6_r_1924_2() -> None:
    assert combine_results(3, 3) == {2, 4, 6}


def test_combining_dice_results_never_outside_1_to_6() -> None:
    assert combine_results(6, 6) == {5}  # 7, 12 and 0 are not faces
    assert combine_results(1, 1) == {2}  # 0 is not a face
    for a, b in itertools.product(FACES, repeat=2):
        results = combine_results(a, b)
        assert results <= set(FACES), (a, b)
        assert results == bf_combine(a, b), (a, b)


def test_combining_dice_rejects_non_faces() -> None:
    with pytest.raises(ValueError):
        combine_results(0, 3)
    with pytest.raises(ValueError):
        combine_results(3, 7)


def test_combining_dice_reachable_1_3() -> None:
    assert reachable((1, 3)) == {(1, 3), (2,), (4,)}
    assert reachable((5, 5)) == {(5, 5), (4,), (6,)}


def test_combining_dice_discarded_dice_not_reused() -> None:
    """Each combination discards a die for good: k combinations leave n - k dice, so two dice
    never give back two dice, and one die stays as it is."""
    assert reachable((4,)) == {(4,)}
    for dice in multisets(4):
        for m in reachable(dice):
            assert 1 <= len(m) <= len(dice)
            if len(m) == len(dice):
                assert m == dice


def test_combining_dice_reachable_matches_brute_force() -> None:
    for dice in multisets(4):
        assert reachable(dice) == bf_reachable(dice), dice


def test_combining_dice_best_straight_matches_brute_force() -> None:
    for dice in multisets(4):
        assert best_straight(dice) == bf_best(dice), dice


@pytest.mark.slow
def test_combining_dice_reachable_and_best_match_brute_force_5_and_6_dice() -> None:
    for dice in multisets(6):
        assert reachable(dice) == bf_reachable(dice), dice
        assert best_straight(dice) == bf_best(dice), dice


def test_combining_dice_examples_of_best_straight() -> None:
    assert best_straight((5, 5, 3)) == 8  # 5,5 -> 4, then 3-4
    assert best_straight((5, 5, 1)) == 12  # 5,1 -> 6 (sum), then 5-6
    assert best_straight((1, 1, 1)) == 4  # 1,1 -> 2, then 1-2
    assert best_straight((1, 3, 4, 5, 6, 6)) >= 24


# --------------------------------------------------------------- property tests
dice_lists = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=6)


@settings(max_examples=150, deadline=None)
@given(dice_lists)
def test_combining_dice_property_best_at_least_straight(dice: list[int]) -> None:
    assert best_straight(dice) >= straight_value(dice)
    assert best_straight(dice) == max(straight_value(m) for m in reachable(dice))


@settings(max_examples=150, deadline=None)
@given(dice_lists)
def test_combining_dice_property_reachable_shapes(dice: list[int]) -> None:
    found = reachable(dice)
    assert tuple(sorted(dice)) in found
    for m in found:
        assert 1 <= len(m) <= len(dice)
        assert list(m) == sorted(m)
        assert all(v in FACES for v in m)


@settings(max_examples=100, deadline=None)
@given(dice_lists)
def test_combining_dice_property_reachable_closed_under_combining(dice: list[int]) -> None:
    found = reachable(dice)
    for m in found:
        for i, j in itertools.combinations(range(len(m)), 2):
            rest = [d for k, d in enumerate(m) if k not in (i, j)]
            for v in bf_combine(m[i], m[j]):
                assert tuple(sorted([*rest, v])) in found


@settings(max_examples=150, deadline=None)
@given(dice_lists, st.randoms(use_true_random=False))
def test_combining_dice_property_permutation_invariance(dice: list[int], rnd) -> None:
    shuffled = list(dice)
    rnd.shuffle(shuffled)
    assert reachable(shuffled) == reachable(dice)
    assert best_straight(shuffled) == best_straight(dice)
    assert straight_value(shuffled) == straight_value(dice)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=5), st.integers(1, 6))
def test_combining_dice_property_another_die_never_hurts(dice: list[int], extra: int) -> None:
    assert best_straight([*dice, extra]) >= best_straight(dice)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=5))
def test_combining_dice_property_reachable_equals_brute_force(dice: list[int]) -> None:
    assert reachable(dice) == bf_reachable(tuple(sorted(dice)))


# ------------------------------------------------------------------------- odds
TARGETS = range(4, 38, 2)


@pytest.mark.parametrize("n_dice", [1, 2, 3, 4])
def test_first_roll_probability_matches_all_ordered_rolls(n_dice: int) -> None:
    for target in TARGETS:
        assert close(first_roll_probability(n_dice, target), bf_first_roll(n_dice, target)), (
            n_dice,
            target,
        )


def test_first_roll_probability_impossible_targets() -> None:
    assert first_roll_probability(3, 20) == 0.0  # 4-5-6 = 18 at best with three dice
    assert first_roll_probability(6, 36) > 0.0


def test_reroll_probability_matches_brute_force() -> None:
    for n_dice in (1, 2, 3, 4):
        for kept in [(), *multisets(n_dice)]:
            for target in (6, 8, 10, 12, 14, 16, 18, 24):
                assert close(
                    reroll_probability(kept, n_dice, target),
                    bf_reroll_success(kept, n_dice, target),
                ), (kept, n_dice, target)


def test_reroll_probability_refuses_keeping_more_dice_than_the_turn_has() -> None:
    with pytest.raises(ValueError):
        reroll_probability((1, 2, 3, 4), 3, 6)


@pytest.mark.parametrize("n_dice", [2, 3, 4])
def test_best_reroll_is_optimal_and_consistent(n_dice: int) -> None:
    for roll in itertools.combinations_with_replacement(FACES, n_dice):
        for target in (6, 8, 10, 12, 14, 16, 18, 20):
            if n_dice == 4 and target not in (12, 16, 20):
                continue
            if bf_best(roll) >= target:
                continue  # a reroll is for a failed roll
            p, combined, kept = best_reroll(roll, n_dice, target)
            want = bf_best_after_fail(roll, n_dice, target)
            assert close(p, want), (roll, target, p, float(want))
            assert combined in bf_reachable(roll), (roll, combined)
            assert sub_multiset(kept, combined), (combined, kept)
            assert close(p, bf_reroll_success(tuple(sorted(kept)), n_dice, target))


def test_best_reroll_rerolling_discarded_dice_counts() -> None:
    """1,1,1 needs 6: combine 1,1 -> 2 and 2,1 -> 3, keep the 3 and reroll two dice (the two
    discarded ones) - better than any reroll that keeps the original three slots."""
    p, combined, kept = best_reroll((1, 1, 1), 3, 6)
    assert close(p, bf_best_after_fail((1, 1, 1), 3, 6))
    assert len(combined) < 3  # combined first: discarded dice go back into the reroll
    assert close(p, bf_reroll_success(tuple(sorted(kept)), 3, 6))
    assert p > max(reroll_probability(k, 3, 6) for k in [(), (1,), (1, 1)])


@pytest.mark.parametrize("n_dice", [1, 2, 3, 4])
def test_ascent_probability_matches_exact_optimal_single_reroll(n_dice: int) -> None:
    targets = TARGETS if n_dice < 4 else (6, 10, 12, 14, 16, 18, 20, 22, 24)
    for target in targets:
        got = ascent_probability(n_dice, target)
        want = bf_ascent(n_dice, target)
        assert close(got, want), (n_dice, target, got, float(want))
        assert got >= first_roll_probability(n_dice, target) - 1e-12


@pytest.mark.parametrize("target", [14, 18, 22, 26, 30])
def test_ascent_probability_matches_exact_optimal_single_reroll_5_dice(target: int) -> None:
    assert close(ascent_probability(5, target), bf_ascent(5, target))


@pytest.mark.slow
@pytest.mark.parametrize("n_dice", [5, 6])
def test_ascent_and_first_roll_probability_match_brute_force_5_and_6_dice(n_dice: int) -> None:
    for target in range(4 if n_dice == 5 else 24, 38, 2):
        assert close(first_roll_probability(n_dice, target), bf_first_roll(n_dice, target))
        assert close(ascent_probability(n_dice, target), bf_ascent(n_dice, target)), target
