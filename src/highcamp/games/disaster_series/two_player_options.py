"""The two-player game's options [15.0] [15.1] [15.7]: ``players``, each seat's own team
(``company_2``, ``team_2``, ``guide_2``), the First Player and the kind of victory; their
checks; each seat's team as a solitaire game; the static facts of both teams.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from highcamp.core import OptionError, OptionSpec

from .two_player_vocabulary import (
    COOPERATIVE_BAND,
    FIRST_CHOICES,
    PRESTIGE_2P,
    TWO_PLAYER_ONLY,
    VICTORY_MODES,
)

if TYPE_CHECKING:
    from .protocols import SeriesGame

_G = TypeVar("_G", bound="SeriesGame")


def two_player_options(
    options: Sequence[OptionSpec], seat_options: Sequence[str]
) -> tuple[OptionSpec, ...]:
    """``options`` plus ``players`` (1 or 2) and, for each per-seat option ``x``, the
    second seat's ``x_2`` (default: for the team, the first option of ``seat_options``, the
    first choice unlike the first seat's; for the others the first seat's choice).

    The two-player game's own options follow ``players``: ``first_player`` (``seat1``,
    ``seat2`` or ``random``) [15.1] and ``victory`` (``competitive`` or ``cooperative``)
    [15.7].

    >>> spec = OptionSpec("company", str, "a", "travel company", choices=("a", "b"))
    >>> [o.name for o in two_player_options((spec,), ("company",))]
    ['players', 'first_player', 'victory', 'company', 'company_2']
    """
    out = [
        OptionSpec("players", int, 1, "1 (solitaire) or 2 players [15.0]", choices=(1, 2)),
        OptionSpec(
            "first_player",
            str,
            "seat1",
            "two players: the First Player of the first turn, seat1 or seat2 (1 and 2 are "
            "taken too), or random (a draw once both teams are set up); the marker then "
            "passes every turn [15.1]",
            choices=FIRST_CHOICES,
        ),
        OptionSpec(
            "victory",
            str,
            "competitive",
            "two players: competitive (the most Victory Points win) or cooperative (both "
            f"teams win together if both reach {COOPERATIVE_BAND} or better, else both "
            "lose) [15.7]",
            choices=VICTORY_MODES,
        ),
    ]
    by_name = {o.name: o for o in options}
    for o in options:
        out.append(o)
        if o.name in seat_options:
            out.append(
                OptionSpec(
                    f"{o.name}_2",
                    o.kind,
                    None,
                    f"the second player's {o.description} (default: "
                    + ("another one" if o.name == seat_options[0] else "the first player's")
                    + ") [15.0]",
                    choices=o.choices,
                    nullable=True,
                )
            )
    missing = [n for n in seat_options if n not in by_name]
    if missing:
        raise ValueError(f"per-seat options without a spec: {missing}")
    return tuple(out)


def seat_option_values(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the seat of ``first_player`` given as a number (``2`` or ``"2"``)
    read as its choice (``"seat2"``), so that ``--option first_player=2`` and
    ``load_game(..., first_player=2)`` work; other values are left to the option's check.

    >>> seat_option_values({"players": 2, "first_player": 2})
    {'players': 2, 'first_player': 'seat2'}
    """
    value = options.get("first_player")
    if isinstance(value, bool) or not isinstance(value, int | str):
        return options
    if str(value).strip() in ("1", "2"):
        return {**options, "first_player": f"seat{str(value).strip()}"}
    return options


def check_two_player_options(game: SeriesGame) -> None:
    """Refuse the two-player game's own options in a solitaire game [15.1] [15.7], and the
    cooperative game on a Victory Chart without the band both teams must reach.

    >>> import highcamp
    >>> try:
    ...     highcamp.load_game("disaster-on-everest", victory="cooperative")
    ... except OptionError as err:
    ...     print(err)
    option 'victory' is for two players: a solitaire game has no opponent [15.0]
    """
    opts = game.options
    if game.num_players == 1:
        for name, solo in TWO_PLAYER_ONLY.items():
            if opts.get(name, solo) != solo:
                raise OptionError(
                    name,
                    f"option {name!r} is for two players: a solitaire game has no opponent [15.0]",
                )
    if opts.get("victory") == "cooperative" and COOPERATIVE_BAND not in game.score_bands():
        raise OptionError(
            "victory", f"the cooperative game needs a {COOPERATIVE_BAND} band on the chart [15.7]"
        )


def seat_games(game: _G) -> tuple[_G, ...]:
    """The two seats' teams as solitaire games of the same class and shared options; the
    second seat takes the ``_2`` options. The same team (the first per-seat option) twice
    is refused [15.0]."""
    cls = type(game)
    opts = dict(game.options)
    seat_names = cls.SEAT_OPTIONS
    shared = {
        k: v
        for k, v in opts.items()
        if k != "players"
        and k not in TWO_PLAYER_ONLY
        and not (k.endswith("_2") and k[:-2] in seat_names)
    }
    second = dict(shared)
    specs = {o.name: o for o in cls.INFO.options}
    for name in seat_names:
        value = opts.get(f"{name}_2")
        if value is None and name != seat_names[0]:
            value = shared[name]  # the team differs by default; other choices are shared
        if value is None:
            choices = specs[name].choices or ()
            value = next((c for c in choices if c != shared[name]), shared[name])
        second[name] = value
    team = seat_names[0]
    if second[team] == shared[team]:
        raise OptionError(
            f"{team}_2",
            f"both players chose {team} {shared[team]!r}: each player needs their own [15.0]",
        )
    games = (cls(**shared, players=1), cls(**second, players=1))
    if {(g.ng, g.nc) for g in games} != {(games[0].ng, games[0].nc)}:
        raise OptionError(f"{team}_2", "both teams must have as many guides and clients")
    return games


def seat_label(game: SeriesGame, seat: int) -> str:
    """``Seat 1 (Summit Adventures)``: the seat and its team's name."""
    company = getattr(game.seat_games[seat], "company", None)
    name = getattr(company, "name", "")
    return f"Seat {seat + 1} ({name})" if name else f"Seat {seat + 1}"


def two_player_view(game: SeriesGame) -> dict[str, Any]:
    """The static facts of each seat's team, for renderers and encoders."""
    rs = game.ruleset
    seats = []
    for s, g in enumerate(game.seat_games):
        seats.append(
            {
                "seat": s,
                "label": seat_label(game, s),
                "company": g.company.name,
                "team_bonus": rs.team_bonuses.get(g.bonus, ""),
                "clients": [
                    {"name": c.name, "movement": c.movement, "points": c.points}
                    for i, c in enumerate(rs.clients)
                    if g.random_team or i in g.company.clients
                ],
            }
        )
    return {"players": 2, "seats": seats, "prestige_start": PRESTIGE_2P}
