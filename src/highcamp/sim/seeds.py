"""The seeds of a run: every game of a run is a pure function of the master seed and its
index ``i`` (its game seed and each seat's agent seed, derived by splitmix steps).

>>> game_seeds(1, 0, 1) == game_seeds(1, 0, 1)
True
"""

from __future__ import annotations

import hashlib

from highcamp.core.rng import GOLDEN, MASK64, mix

__all__ = ["game_seeds", "master_key"]


def master_key(seed: int) -> int:
    """The 64-bit key of a master seed (any integer, however large or negative).

    >>> master_key(1) == master_key(1) != master_key(2)
    True
    """
    digest = hashlib.blake2b(str(int(seed)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _seeds_from_key(key: int, index: int, seats: int) -> tuple[int, tuple[int, ...]]:
    # seeds keep 53 bits, so that they survive JSON readers that parse numbers as doubles
    z = mix((key + (index + 1) * GOLDEN) & MASK64)
    game = mix((z + GOLDEN) & MASK64) >> 11
    agents = tuple(mix((z + (k + 2) * GOLDEN) & MASK64) >> 11 for k in range(seats))
    return game, agents


def game_seeds(seed: int, index: int, seats: int) -> tuple[int, tuple[int, ...]]:
    """The game seed of game ``index`` of a run with master ``seed``, and each seat's agent
    seed (non-negative 53-bit integers). With them one game of a run can be played again::

        state = play_game(game, [make_agent(name, s) for name, s in zip(names, agent_seeds)],
                          seed=game_seed)

    >>> game_seeds(1, 5, 2) == game_seeds(1, 5, 2)
    True
    >>> g, (a, b) = game_seeds(1, 5, 2)
    >>> len({g, a, b}), game_seeds(1, 6, 2)[0] != g, game_seeds(2, 5, 2)[0] != g
    (3, True, True)
    """
    return _seeds_from_key(master_key(seed), index, seats)
