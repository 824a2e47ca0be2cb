"""Scenario set-ups shared by the Disaster-series game tests (both mountains)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import highcamp
from highcamp.games.disaster_series.engine import DisasterState
from highcamp.games.disaster_series.seats import TwoPlayerRules


def team_part(
    game: highcamp.Game, **fields: Mapping[str, Any] | None
) -> dict[str, dict[str, dict[str, Any]]]:
    """The ``guides`` and ``clients`` of a position document from per-field maps by marker
    name: ``team_part(game, where={"Frank": "Snow Gully"}, marker={"Frank": "Summit"})``."""
    fresh = game.new_initial_state(0)
    assert isinstance(fresh, DisasterState)
    guides = {fresh.name(g) for g in range(fresh._game.ng)}
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for key, by_name in fields.items():
        for name, value in (by_name or {}).items():
            kind = "guides" if name in guides else "clients"
            out.setdefault(kind, {}).setdefault(name, {})[key] = value
    return out


def finish_on(s: TwoPlayerRules, seat: int, total: int) -> None:
    """Give ``seat``'s team the final score ``total``: Summits for its first clients or
    climbers, the others unsupported, then Prestige (scenario set-up)."""
    with s._seated(seat):
        nc = len(s.team.goal)
        for summits in range(nc + 1):
            s.team.goal = [2] * summits + [0] * (nc - summits)
            for prestige in range(s.rs.board.prestige_max + 1):
                s.team.prestige = prestige
                if s._team_score(s.team).total == total:
                    return
    raise AssertionError(f"no scenario gives {total} points")
