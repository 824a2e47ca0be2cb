"""The cases of the conformance suite: every registered game in each variant it declares.

>>> ("everest-1924", {}) in cases()
True
>>> case_id(("disaster", {"players": 4, "long_game": True}))
'disaster[long_game=True,players=4]'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import highcamp

__all__ = ["case_id", "cases", "representative", "representative_cases"]


def cases() -> list[tuple[str, dict[str, Any]]]:
    """``(game_id, options)`` for every game and every variant it declares."""
    out = []
    for game_id in highcamp.list_games():
        for options in highcamp.game_class(game_id).variants():
            out.append((game_id, options))
    return out


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    """A case's name in test ids and reports: ``game[key=value,...]``."""
    game_id, options = case
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}[{opts}]" if opts else game_id


def representative(
    variants: list[dict[str, Any]], players: Callable[[dict[str, Any]], int], hidden: bool
) -> list[dict[str, Any]]:
    """One or two variants standing for a game in slow whole-game tests (search bots, web
    secrets): the first variant and, for a game with hidden information, the one with the
    most seats (the most hidden hands), when that is another. The conformance suite covers
    every variant.

    >>> representative([{"players": 2}, {"players": 4}], lambda o: o["players"], True)
    [{'players': 2}, {'players': 4}]
    """
    first = variants[0]
    if not hidden:
        return [first]
    most = max(variants, key=players)  # the first with the most seats
    return [first] if most == first else [first, most]


def representative_cases() -> list[tuple[str, dict[str, Any]]]:
    """:func:`representative` variants of every registered game."""
    out = []
    for game_id in highcamp.list_games():
        cls = highcamp.game_class(game_id)

        def players(options: dict[str, Any], cls: type[highcamp.Game] = cls) -> int:
            return cls(**options).num_players

        for options in representative(cls.variants(), players, cls.INFO.hidden_information):
            out.append((game_id, options))
    return out
