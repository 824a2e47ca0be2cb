"""The dice of an Everest 1924 turn as one integer, and the tables the rules read them by.

Slot i of a code holds 0 (discarded, or not yet rolled) or a face 1..6, as digit i in base
7. ``_code_info(code, n)`` gives a code's facts with ``n`` dice in play (the faces by slot,
the best straight reachable by combining, the combine actions, the legal actions of a
decision), filled on first use and shared by every state; the plans and odds of rerolls
are cached the same way. Nothing here is a rule of its own: the faces and combinations
come from :mod:`.dice`, the action ids from :mod:`.constants`.

>>> info = _code_info(3 + 4 * 7 + 6 * 49, 3)   # dice 3, 4, 6
>>> info.slots, info.best
((3, 4, 6), 8)
>>> _combine_text(info.combos[0]), REROLL_TEXTS[0b101]
('combine 1,2 -> 1', 'reroll 1,3')
"""

from __future__ import annotations

import functools

from .constants import (
    _POW7,
    ASCEND,
    CAMP,
    COMBINE_BASE,
    FAIL,
    PAIRS,
    REROLL_BASE,
)
from .dice import _best, _combine, _reroll_success
from .sheet import MAX_DICE

_MASK_SLOTS = tuple(tuple(i for i in range(MAX_DICE) if m >> i & 1) for m in range(1 << MAX_DICE))


# ------------------------------------------------------------------- dice-code tables
# The dice of a turn are one integer: slot i holds 0 (discarded or not yet rolled) or a
# face 1..6, as digit i in base 7. ``_INFO[n][code]`` holds a code's facts with ``n`` dice
# in play (a list indexed by code, 7**n entries); entries are filled on first use (cheaply: digits, pair results and the legal
# sets of a decision come from the tables built at import below) and shared by all states.

# code % 343 -> its three lowest digits, slot 0 first
_DIGITS3 = tuple((c % 7, c // 7 % 7, c // 49) for c in range(343))
# the combine actions of faces ``a`` and ``b`` in pair ``p`` of PAIRS: _PAIR_COMBOS[p][a][b]
_PAIR_COMBOS = tuple(
    tuple(
        tuple(
            tuple(COMBINE_BASE + p * 6 + v - 1 for v in sorted(_combine(a, b))) if a and b else ()
            for b in range(7)
        )
        for a in range(7)
    )
    for p in range(len(PAIRS))
)
_PAIRS_IN = tuple(
    tuple((p, i, j) for p, (i, j) in enumerate(PAIRS) if j < n) for n in range(MAX_DICE + 1)
)


def _prefix(n: int, flags: int) -> tuple[int, ...]:
    """The actions of a decision before the combines: ``flags`` = rerolled * 4 + ascend * 2
    + camp (camp only with ascend)."""
    actions: list[int] = []
    if flags & 2:
        actions.append(ASCEND)
        if flags & 1:
            actions.append(CAMP)
    actions.append(FAIL)
    if not flags & 4:
        actions.extend(REROLL_BASE + m for m in range(1, 1 << n))
    return tuple(actions)


_PREFIX = tuple(tuple(_prefix(n, f) for f in range(8)) for n in range(MAX_DICE + 1))


class _CodeInfo:
    """The facts of one dice code: faces by slot, the best straight, the combine actions,
    and the legal actions of a decision (by flags, see :func:`_prefix`), filled on use."""

    __slots__ = ("best", "combos", "n", "options", "slots")

    options: list[tuple[int, ...] | None]

    def __init__(self, code: int, n: int) -> None:
        slots = (_DIGITS3[code % 343] + _DIGITS3[code // 343 % 343])[:n]
        self.slots = slots
        self.n = n
        active = tuple(sorted(v for v in slots if v))
        self.best = _best(active) if active else 0
        combos: tuple[int, ...] = ()
        for p, i, j in _PAIRS_IN[n]:
            a, b = slots[i], slots[j]
            if a and b:
                combos += _PAIR_COMBOS[p][a][b]
        self.combos = combos
        self.options = [None] * 8

    def decide(self, flags: int) -> tuple[int, ...]:
        """The legal actions of a decision on these dice (``flags`` as in :func:`_prefix`)."""
        entry = self.options[flags]
        if entry is None:
            entry = self.options[flags] = _PREFIX[self.n][flags] + self.combos
        return entry


_INFO: tuple[list[_CodeInfo | None], ...] = tuple([None] * 7**n for n in range(MAX_DICE + 1))
# the lowest slot of a mask of dice still to roll (0 for no die)
_LOW_SLOT = tuple((m & -m).bit_length() - 1 if m else 0 for m in range(1 << MAX_DICE))
# what a face (0..5 for 1..6) adds to the code when it lands in that lowest slot
_FACE_ADD = tuple(
    tuple((f + 1) * 7 ** _LOW_SLOT[m] for f in range(6)) for m in range(1 << MAX_DICE)
)


def _code_info(code: int, n: int) -> _CodeInfo:
    info = _INFO[n][code]
    if info is None:
        info = _INFO[n][code] = _CodeInfo(code, n)
    return info


@functools.cache
def _reroll_plan(
    code: int, n: int, combined: tuple[int, ...], kept: tuple[int, ...]
) -> tuple[str, ...]:
    """Action texts that combine the dice ``code`` into ``combined``, then reroll all but
    ``kept`` (a breadth-first search over the combine actions, fewest steps first)."""
    paths: dict[int, tuple[int, ...]] = {code: ()}
    frontier = [code]
    found = code if _active(code, n) == combined else None
    while found is None and frontier:
        nxt = []
        for c in frontier:
            slots = _code_info(c, n).slots
            for action in _code_info(c, n).combos:
                p, v = divmod(action - COMBINE_BASE, 6)
                i, j = PAIRS[p]
                new = c + (v + 1 - slots[i]) * _POW7[i] - slots[j] * _POW7[j]
                if new not in paths:
                    paths[new] = (*paths[c], action)
                    if _active(new, n) == combined:
                        found = new
                        break
                    nxt.append(new)
            if found is not None:
                break
        frontier = nxt
    if found is None:  # cannot happen: ``combined`` is reachable by construction
        return ()
    slots = _code_info(found, n).slots
    wanted = list(kept)
    mask = 0
    for i, v in enumerate(slots):
        if v and v in wanted:
            wanted.remove(v)
        else:
            mask |= 1 << i
    texts = [_combine_text(a) for a in paths[found]]
    if mask:
        texts.append(REROLL_TEXTS[mask])
    return tuple(texts)


@functools.lru_cache(maxsize=1 << 16)
def _reroll_odds(code: int, n: int, target: int) -> tuple[tuple[int, float], ...]:
    """Every reroll of the dice ``code`` with its chance to reach ``target`` (combining
    afterwards as the rules allow), best first: higher odds, then fewer dice, then the
    lower mask. A mask may name discarded slots: those dice are rolled back into play."""
    slots = _code_info(code, n).slots
    out = []
    for mask in range(1, 1 << n):
        kept = tuple(sorted(v for i, v in enumerate(slots) if v and not mask >> i & 1))
        out.append((mask, _reroll_success(kept, len(kept) + mask.bit_count(), target)))
    out.sort(key=lambda mq: (-mq[1], mq[0].bit_count(), mq[0]))
    return tuple(out)


def _combine_text(action: int) -> str:
    """``combine i,j -> v``: die i takes the value v, die j is discarded."""
    return _COMBINE_TEXTS[action - COMBINE_BASE]


_COMBINE_TEXTS = tuple(
    f"combine {i + 1},{j + 1} -> {v + 1}" for i, j in PAIRS for v in range(6)
)  # by ``action - COMBINE_BASE`` (= pair * 6 + value - 1), built once


def _active(code: int, n: int) -> tuple[int, ...]:
    return tuple(sorted(v for v in _code_info(code, n).slots if v))


REROLL_TEXTS = tuple(
    "reroll " + ",".join(str(i + 1) for i in _MASK_SLOTS[m]) for m in range(1 << MAX_DICE)
)
"""The text of the reroll of each mask of dice (``"reroll 1,3"``), built once: action
texts, plans and a screen's list of rerolls read it."""
