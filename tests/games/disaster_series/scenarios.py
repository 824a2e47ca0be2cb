"""Scenario set-ups shared by the Disaster-series game tests (both mountains)."""

from __future__ import annotations

from highcamp.games.disaster_series.seats import TwoPlayerRules


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
