"""The seeded random source of every state.

Chance steps draw from a counter-based generator: the ``n``-th draw of a state with seed
``s`` is a pure function of ``(s, n)``, where ``n`` is the length of the history when the
draw is made. The generator state is therefore part of the game state without costing
anything to clone or serialise, and replaying a history reproduces it exactly.

>>> draw(7, 0) == draw(7, 0)
True
>>> draw(7, 0) != draw(7, 1)
True
>>> 0 <= draw(7, 0) < 2**64
True
"""

from __future__ import annotations

__all__ = ["GOLDEN", "MASK64", "draw", "draw_keyed", "mix", "seed_key", "uniform_index"]

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
_GOLDEN = GOLDEN
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def mix(z: int) -> int:
    """The splitmix64 finaliser: a 64-bit integer scrambled into another."""
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


def seed_key(seed: int) -> int:
    """Scramble a user seed (any integer) into the generator's 64-bit key."""
    return mix((seed * _GOLDEN + 0x632BE59BD9B4E019) & MASK64)


def draw(seed: int, counter: int) -> int:
    """The 64-bit draw number ``counter`` for ``seed`` (splitmix64 over the counter)."""
    return mix((seed_key(seed) + (counter + 1) * _GOLDEN) & MASK64)


def draw_keyed(key: int, counter: int) -> int:
    """As :func:`draw`, with the key already computed by :func:`seed_key`."""
    return mix((key + (counter + 1) * _GOLDEN) & MASK64)


def uniform_index(u: int, n: int) -> int:
    """Map a 64-bit draw to ``0 <= i < n`` without modulo bias worth measuring.

    >>> uniform_index(0, 6), uniform_index(2**64 - 1, 6)
    (0, 5)
    """
    return (u * n) >> 64
