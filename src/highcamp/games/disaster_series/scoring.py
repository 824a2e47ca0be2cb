"""Scoring [12.0]: the score sheet line by line, the Victory Chart band and the tallies."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from highcamp.core import ScoreBreakdown, ScoreLine

from . import texts
from .constants import (
    DEAD,
    P_OVER,
    R_SCORE,
    R_UNSUPPORTED,
    TALLIES,
)

if TYPE_CHECKING:
    from .protocols import SeriesState
    from .team import Team


def score_breakdown(self: SeriesState) -> list[ScoreBreakdown]:
    """Every line of [12.0] as if the game ended now (final at the end), with the band:
    clients on the mountain count as surviving until their fate is drawn; with two players
    each seat's sheet, by the ruleset's scoring of each team (read in place)."""
    teams = self.teams
    if len(teams) == 1:
        return [self._team_score(teams[0])]
    return [replace(self._team_score(team), player=s) for s, team in enumerate(teams)]


def _team_score(self: SeriesState, team: Team) -> ScoreBreakdown:
    """``team``'s [12.0] sheet (any team, read in place; ``player`` 0)."""
    game = self._game
    ng = game.ng
    pos = team.pos
    lines = _client_lines(self, "clients", team)
    lines.append(texts._cited_line(self, "Prestige left", team.prestige, R_SCORE))
    tanks = sum(1 for g in range(ng) if team.tank[g] and pos[g] == 0)
    lines.append(texts._cited_line(self, f"{tanks} oxygen tanks at High Camp", 3 * tanks, R_SCORE))
    lines.append(_luck_line(self, team))
    total: int | float = sum(ln.points for ln in lines)
    return ScoreBreakdown(
        player=0,
        lines=tuple(lines),
        total=total,
        band=self.rs.band(total),
        figures={
            "summits": team.goal.count(2),  # (a goal is 0, 1 or 2: MARKER_NAMES)
            "hillary_step": len(team.goal) - team.goal.count(0),
            "deaths": pos[ng : ng + game.nc].count(DEAD),
            "storm_turns": max(self.storm - 1, 0),
            "turns": self.turn,
            "storm_arrived_turn": self.turn - self.storm + 1 if self.storm else None,
            **tally_figures(self, team),
        },
    )


def tally_figures(self: SeriesState, team: Team | None = None) -> dict[str, int]:
    """The counts kept for analysis, by the names of :data:`TALLIES`: event tokens
    bought, held tokens played (movement plays, Luck), Prestige paid for events, fate
    draws by result (LIVE, DIE, FROZEN) and markers that got LOST.

    >>> import highcamp
    >>> s = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
    >>> s.tally_figures()["tokens_bought"], s.tally_figures()["fates_live"]
    (0, 0)
    """
    return dict(zip(TALLIES, (team or self.team).tallies, strict=True))


def score(self: SeriesState) -> int | float:
    """The total of :meth:`score_breakdown`."""
    return self.score_breakdown()[0].total


def returns(self: SeriesState) -> list[float]:
    """The final score at the end, 0 before."""
    return [float(self.score())] if self.phase == P_OVER else [0.0]


def ending(self: SeriesState) -> str | None:
    """The Victory Chart band once the game is over."""
    return self.score_breakdown()[0].band if self.phase == P_OVER else None


def _first_marker(self: SeriesState) -> tuple[str, int]:
    """The first of the two markers a client can earn and its points [12.0] (K2: the
    Traverse)."""
    return "Hillary Step", 4


def _client_lines(self: SeriesState, people: str, team: Team) -> list[ScoreLine]:
    """The score lines of [12.0] for each of ``team``'s clients (``people`` on the
    mountain), then the count of them back at High Camp; cited, each built once per
    ruleset (:func:`.texts._cited_line`, keyed by the card, its marker, whether it died
    and the first marker)."""
    ng = self._game.ng
    pos = team.pos
    first = self._first_marker()
    memo = self.rs.score_lines
    cards = team.clients
    goals = team.goal
    lines: list[ScoreLine] = []
    at_camp = 0
    for c in range(min(self._game.nc, len(cards))):
        goal, dead = goals[c], pos[ng + c] == DEAD
        key = (cards[c], goal, dead, first)
        line = memo.get(key)
        if line is None:
            line = texts._cited_line(
                self, *_client_line(self, cards[c], goal, dead, first), key=key
            )
        lines.append(line)
        if goal and not dead:
            at_camp += pos[ng + c] == 0
    lines.append(texts._cited_line(self, f"{at_camp} {people} at High Camp", at_camp, R_SCORE))
    return lines


def _client_line(
    self: SeriesState, card_id: int, goal: int, dead: bool, first: tuple[str, int]
) -> tuple[str, int, str]:
    """The label, points and rule of one client's line [12.0]: not supported (no marker,
    alive), died after the Summit, died, reached the Summit or the ``first`` marker (its
    name and points, :meth:`_first_marker`)."""
    card = self.rs.clients[card_id]
    name = card.name
    if goal == 0 and not dead:
        return f"{name} not supported", -card.points, R_UNSUPPORTED
    if dead and goal == 2:
        return f"{name} died after the Summit", -4, R_SCORE
    if dead:
        return f"{name} died", -card.points, R_SCORE
    if goal == 2:
        return f"{name} reached the Summit", card.points, R_SCORE
    return f"{name} reached the {first[0]}", first[1], R_SCORE


def _luck_line(self: SeriesState, team: Team) -> ScoreLine:
    """2 points for a Luck token still held [12.0]."""
    luck = any(self.rs.tokens[t].effect == "luck" for t in team.held)
    return texts._cited_line(self, "Luck token held", 2 if luck else 0, R_SCORE)
