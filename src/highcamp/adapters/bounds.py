"""Bounds of a player's return per game, derived from the scoring rules and the game's data.

OpenSpiel needs ``min_utility``/``max_utility`` (:data:`highcamp.adapters.openspiel
.UTILITY_BOUNDS` maps game ids to the functions here); they are sound (no game can return
less or more) and as tight as the rules allow without solving the game.

>>> import highcamp
>>> disaster_on_everest_bounds(highcamp.load_game("disaster-on-everest"))
(-52.0, 96.0)
>>> win_or_lose_bounds(highcamp.load_game("everest-go"))
(0.0, 1.0)
"""

from __future__ import annotations

from highcamp.core import Game

__all__ = [
    "disaster_campaign_bounds",
    "disaster_on_everest_bounds",
    "everest1924_bounds",
    "win_or_lose_bounds",
]


def everest1924_bounds(game: Game) -> tuple[float, float]:
    """Everest 1924 [Final Scoring]: 2 x the highest target - squares marked (+5 per unused
    camp at the summit); at least one square per row to reach the summit, at most every
    square."""
    rows = game.static_view()["rows"]
    squares = sum(r["last"] - r["first"] + 1 for r in rows)
    top = rows[-1]["target"]
    return float(-squares), float(2 * top - len(rows) + 5 * 4)


def win_or_lose_bounds(game: Game) -> tuple[float, float]:
    """Everest Go! and Disaster: 1 for each winner, 0 for the others (a shared win gives 1 to
    each sharer; Disaster's turn limit gives 0 to all)."""
    return 0.0, 1.0


def disaster_on_everest_bounds(game: Game) -> tuple[float, float]:
    """Disaster on Everest [11.6] [12.0], over the clients that can make up the team (the
    company's, or the best and worst of all clients with a random team [14.1]).

    A client scores at least minus its points (unsupported, or dead before the Summit; dead
    after the Summit is -4, and every client is worth at least 6) and at most the larger of
    its points (Summit) and 4 (Hillary Step), plus 1 back at High Camp. On top: Prestige
    (0 to the track's maximum), 3 per guide's oxygen tank back at High Camp, 2 for Luck.
    """
    view = game.static_view()
    team = view["team"]
    points = sorted((c["points"] for c in view["clients"]), reverse=True)[: team["clients"]]
    best = sorted((max(c["points"], 4) + 1 for c in view["clients"]), reverse=True)
    low = -sum(points)
    high = sum(best[: team["clients"]]) + view["prestige_max"] + 3 * team["guides"] + 2
    return float(low), float(high)


def disaster_campaign_bounds(game: Game) -> tuple[float, float]:
    """The Disaster-series campaign [16.2]: nobody scores at least (0); at most every client
    of the first mountain's team summits every peak, points x peaks (the team's best clients:
    the company's, or the best of all with a random team). Replacements join after the first
    peak and never score.

    >>> import highcamp
    >>> disaster_campaign_bounds(highcamp.load_game("disaster-campaign", order="everest,everest"))
    (0.0, 104.0)
    """
    view = game.static_view()
    first = view["mountains"][0]
    points = sorted((c["points"] for c in first["clients"]), reverse=True)
    peaks = len(view["mountains"])
    return 0.0, float(peaks * sum(points[: first["team"]["clients"]]))
