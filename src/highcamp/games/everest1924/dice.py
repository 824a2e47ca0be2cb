"""Straights, combining and the odds of a turn in Everest 1924.

Dice are given as any iterable of faces 1..6; results are sorted tuples. Everything here is
a pure function with a cache, so the rules and the agents share one source of truth.

>>> straight_value((3, 4, 5))                 # [Scoring Straights]
15
>>> straight_value((1, 3, 4, 5, 6, 6))        # 3-4-5-6
24
>>> sorted(combine_results(5, 5))             # [Combining Dice], R-1924-2
[4, 6]
>>> sorted(combine_results(1, 3))
[2, 4]
>>> best_straight((2, 2, 5))                  # 2,2 -> 4 (sum), then 4-5
10
>>> round(first_roll_probability(3, 6), 4)
0.7593
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from functools import cache, lru_cache

__all__ = [
    "FACES",
    "ascent_probability",
    "best_reroll",
    "best_straight",
    "combine_results",
    "first_roll_probability",
    "multiset_probabilities",
    "reachable",
    "reroll_probability",
    "straight_value",
]

FACES = (1, 2, 3, 4, 5, 6)
Dice = tuple[int, ...]


def _sorted(dice: Iterable[int]) -> Dice:
    values = tuple(sorted(dice))
    for v in values:
        if v not in FACES:
            raise ValueError(f"a die shows 1..6, not {v!r}")
    return values


@cache
def _straight(values: Dice) -> int:
    best = 0
    faces = sorted(set(values))
    run_start = 0
    for i in range(1, len(faces) + 1):
        if i == len(faces) or faces[i] != faces[i - 1] + 1:
            length = i - run_start
            if length >= 2:
                best = max(best, faces[i - 1] * length)
            run_start = i
    return best


def straight_value(dice: Iterable[int]) -> int:
    """Value of the best straight in ``dice`` without combining; 0 if there is none.

    A straight is two or more dice in sequence, worth its highest face times its length
    [Scoring Straights]; duplicates and other dice are ignored.

    >>> straight_value((5, 6))
    12
    >>> straight_value((1, 1, 3))
    0
    """
    return _straight(_sorted(dice))


@lru_cache(maxsize=64)
def _combine(a: int, b: int) -> frozenset[int]:
    results = {a + b, abs(a - b)}
    if a == b:
        results |= {a - 1, a + 1}
    return frozenset(v for v in results if 1 <= v <= 6)


def combine_results(a: int, b: int) -> frozenset[int]:
    """Faces a die can take when dice ``a`` and ``b`` are combined (one is discarded).

    Equal dice give one more or one less; any two give their sum or difference; results
    outside 1..6 are not allowed (R-1924-2).

    >>> sorted(combine_results(3, 3))
    [2, 4, 6]
    """
    if a not in FACES or b not in FACES:
        raise ValueError(f"dice show 1..6, not {a!r} and {b!r}")
    return _combine(a, b)


@cache
def _reachable(start: Dice) -> frozenset[Dice]:
    seen = {start}
    frontier = [start]
    while frontier:
        dice = frontier.pop()
        for i, j in itertools.combinations(range(len(dice)), 2):
            rest = dice[:i] + dice[i + 1 : j] + dice[j + 1 :]
            for v in _combine(dice[i], dice[j]):
                nxt = tuple(sorted((*rest, v)))
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
    return frozenset(seen)


def reachable(dice: Iterable[int]) -> frozenset[Dice]:
    """Every sorted tuple of dice reachable by combining any number of times (roll included).

    >>> sorted(reachable((1, 3)))
    [(1, 3), (2,), (4,)]
    """
    return _reachable(_sorted(dice))


@cache
def _best(values: Dice) -> int:
    # the best over everything reachable: this roll's straight, or the best after one
    # combine (memoised, so every multiset's reachable set is never built whole)
    best = _straight(values)
    for i, j in itertools.combinations(range(len(values)), 2):
        rest = values[:i] + values[i + 1 : j] + values[j + 1 :]
        for v in _combine(values[i], values[j]):
            b = _best(tuple(sorted((*rest, v))))
            if b > best:
                best = b
    return best


def best_straight(dice: Iterable[int]) -> int:
    """The best straight value reachable by combining (``max`` over :func:`reachable`).

    >>> best_straight((5, 5, 1))   # 5+1 -> 6, then 5-6 = 12
    12
    """
    return _best(_sorted(dice))


@cache
def multiset_probabilities(n_dice: int) -> tuple[tuple[Dice, float], ...]:
    """Every sorted roll of ``n_dice`` dice with its probability.

    >>> len(multiset_probabilities(3)), round(sum(p for _, p in multiset_probabilities(3)), 12)
    (56, 1.0)
    """
    if n_dice < 0:
        raise ValueError("n_dice must be >= 0")
    total = 6**n_dice
    out = []
    for roll in itertools.combinations_with_replacement(FACES, n_dice):
        ways = math.factorial(n_dice)
        for face in FACES:
            ways //= math.factorial(roll.count(face))
        out.append((roll, ways / total))
    return tuple(out)


@cache
def _reroll_success(kept: Dice, n_dice: int, target: int) -> float:
    rolled = n_dice - len(kept)
    return float(
        sum(
            p
            for roll, p in multiset_probabilities(rolled)
            if _best(tuple(sorted(kept + roll))) >= target
        )
    )


def reroll_probability(kept: Iterable[int], n_dice: int, target: int) -> float:
    """Chance of a straight >= ``target`` after keeping ``kept`` and rerolling the rest.

    >>> round(reroll_probability((5,), 2, 12), 4)   # keep a 5: only a 6 makes 5-6
    0.1667
    """
    k = _sorted(kept)
    if len(k) > n_dice:
        raise ValueError("cannot keep more dice than the turn has")
    return _reroll_success(k, n_dice, target)


@cache
def _best_keep(config: Dice, n_dice: int, target: int) -> tuple[float, Dice]:
    best = (-1.0, config)
    for size in range(len(config) + 1):
        for kept in set(itertools.combinations(config, size)):
            p = _reroll_success(kept, n_dice, target)
            if p > best[0]:
                best = (p, kept)
    return best


@cache
def _best_reroll(roll: Dice, n_dice: int, target: int) -> tuple[float, Dice, Dice]:
    best = (-1.0, roll, roll)
    for config in sorted(_reachable(roll)):
        p, kept = _best_keep(config, n_dice, target)
        if p > best[0]:
            best = (p, config, kept)
    return best


def best_reroll(dice: Iterable[int], n_dice: int, target: int) -> tuple[float, Dice, Dice]:
    """The reroll that maximises the chance of success after a failed roll.

    Returns ``(probability, combined, kept)``: combine ``dice`` into ``combined`` first,
    keep ``kept`` (their current values, R-1924-3) and reroll the other
    ``n_dice - len(kept)`` dice, discarded ones included.

    >>> p, combined, kept = best_reroll((1, 1, 1), 3, 12)
    >>> round(p, 4), kept                      # reroll all three
    (0.3426, ())
    """
    return _best_reroll(_sorted(dice), n_dice, target)


@cache
def first_roll_probability(n_dice: int, target: int) -> float:
    """Chance that one roll of ``n_dice`` reaches a straight >= ``target`` (combining allowed).

    >>> first_roll_probability(3, 40)
    0.0
    """
    return float(sum(p for roll, p in multiset_probabilities(n_dice) if _best(roll) >= target))


@cache
def ascent_probability(n_dice: int, target: int) -> float:
    """Chance that a turn reaches a straight >= ``target`` when a failed first roll is always
    followed by the reroll that maximises the chance of success (:func:`best_reroll`).

    >>> ascent_probability(3, 6) > first_roll_probability(3, 6)
    True
    """
    total = 0.0
    for roll, p in multiset_probabilities(n_dice):
        if _best(roll) >= target:
            total += p
        else:
            total += p * _best_reroll(roll, n_dice, target)[0]
    return total
