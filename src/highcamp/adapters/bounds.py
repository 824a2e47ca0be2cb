"""Bounds of a player's return per game, derived from the scoring rules and the game's data.

OpenSpiel needs ``min_utility``/``max_utility`` (:data:`highcamp.adapters.openspiel
.UTILITY_BOUNDS` maps game ids to the functions here); they are sound (no game can return
less or more) and as tight as the rules allow without solving the game.

>>> import highcamp
>>> disaster_on_everest_bounds(highcamp.load_game("disaster-on-everest"))
(-52.0, 96.0)
>>> disaster_on_k2_bounds(highcamp.load_game("disaster-on-k2"))
(-40.0, 79.0)
>>> win_or_lose_bounds(highcamp.load_game("everest-go"))
(0.0, 1.0)
"""

from __future__ import annotations

from highcamp.core import Game

__all__ = [
    "disaster_campaign_bounds",
    "disaster_on_everest_bounds",
    "disaster_on_k2_bounds",
    "disaster_team_bounds",
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
    With two players [15.7] the returns are 1 for each winner and 0 for the other (in the
    cooperative game 1 for both or 0 for both).

    >>> import highcamp
    >>> disaster_on_everest_bounds(highcamp.load_game("disaster-on-everest", players=2))
    (0.0, 1.0)
    """
    if game.num_players == 2:
        return win_or_lose_bounds(game)
    return disaster_team_bounds(game)


def disaster_on_k2_bounds(game: Game) -> tuple[float, float]:
    """Disaster on K2 [11.6] [12.0] [13.0], over the climbers that can make up the team (the
    team's, or any of the twenty with a multinational team [14.6]).

    A climber scores at least minus its points and at most the larger of its points
    (Summit) and 4 (Traverse), plus 1 back at High Camp. On top: Prestige (0 to the track's
    maximum), 2 for Luck and the richest Secret Goal. With two players [15.7] the returns
    are 1 for each winner and 0 for the other (in the cooperative game 1 for both or 0 for
    both).
    """
    if game.num_players == 2:
        return win_or_lose_bounds(game)
    return disaster_team_bounds(game)


def disaster_team_bounds(game: Game) -> tuple[float, float]:
    """The bounds of one team's [12.0] score, over every seat's team: the clients' scores
    (see :func:`disaster_on_everest_bounds`), Prestige, 2 for Luck, and the game's own
    bonuses (Everest: 3 per guide's oxygen tank; K2: the richest Secret Goal [13.0]).

    >>> import highcamp
    >>> disaster_team_bounds(highcamp.load_game("disaster-on-everest", players=2))
    (-52.0, 96.0)
    """
    view = game.static_view()
    team = view["team"]
    if "k2" in view:
        bonus = 2 + max((g["points"] for g in view["k2"]["goals"]), default=0)
    else:
        bonus = 2 + 3 * team["guides"]
    lows, highs = [], []
    for clients in [s["clients"] for s in view.get("seats", [])] or [view["clients"]]:
        points = sorted((c["points"] for c in clients), reverse=True)[: team["clients"]]
        best = sorted((max(c["points"], 4) + 1 for c in clients), reverse=True)
        lows.append(-sum(points))
        highs.append(sum(best[: team["clients"]]) + view["prestige_max"] + bonus)
    return float(min(lows)), float(max(highs))


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
