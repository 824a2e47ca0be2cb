"""Every registered game in each of its variants: the cases of the conformance suite."""

from __future__ import annotations

from typing import Any

import highcamp


def cases() -> list[tuple[str, dict[str, Any]]]:
    """``(game_id, options)`` for every game and every variant it declares."""
    out = []
    for game_id in highcamp.list_games():
        for options in highcamp.game_class(game_id).variants():
            out.append((game_id, options))
    return out


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game_id, options = case
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}[{opts}]" if opts else game_id
