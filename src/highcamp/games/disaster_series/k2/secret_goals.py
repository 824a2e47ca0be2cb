"""The Sherpa's Secret Goal with two players [13.0] [16.1]: face down until achieved, what a
seat may know of the other's, and redrawing it for a search that may not see it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .. import markers
from ..constants import P_OVER
from . import scoring, teams

if TYPE_CHECKING:
    from highcamp.core import State

    from .protocols import K2TwoPlayerSeries


def _goal_shown(self: K2TwoPlayerSeries, seat: int) -> bool:
    """Whether ``seat``'s Secret Goal is face up: achieved [13.0], or the game over."""
    team = self.teams[seat]
    return self.phase == P_OVER or team.secret_goal < 0 or team.goal_done


def _secret_choices(self: K2TwoPlayerSeries, seat: int) -> list[Any]:
    """The goals ``seat``'s Sherpa may hold, given what the table has seen: not one
    whose completion would have been announced (Summit w/Climber once the Sherpa has
    reached the Summit with a climber, Bivouac once it has bivouacked)."""
    if self._goal_shown(seat):
        return []
    team = self.teams[seat]
    out = []
    for i, (gid, _, _) in enumerate(self.k2.goals):
        if gid == "summit_with_climber" and team.summited_with:
            continue
        if gid == "bivouac" and team.bivouacked[0]:
            continue
        out.append(i)
    return out


def resample_hidden(self: K2TwoPlayerSeries, player: int, seed: int) -> State:
    """A clone with the other seat's face-down Secret Goal redrawn among the goals
    consistent with what ``player`` has seen."""
    self._check_player(player)
    new = self.clone()
    other = 1 - player
    choices = new._secret_choices(other)
    if choices:
        g = random.Random(seed).choice(choices)
        new.teams[other].secret_goal = g
        new.secret[other] = new.k2.goals[g][1]
    return new  # type: ignore[return-value]  # a clone of the state, a State


def _k2_team(self: K2TwoPlayerSeries, seat: int, shown: bool) -> dict[str, Any]:
    """A seat's K2 status: guide kind, Flashlight, bivouacs, the Secret Goal (or
    ``"hidden"`` while it is face down and ``shown`` is false), read from its team."""
    team = self.teams[seat]
    goal = team.secret_goal
    secret: Any = None
    if goal >= 0:
        secret = (
            {
                "name": self.k2.goals[goal][1],
                "points": self.k2.goals[goal][2],
                "achieved": scoring._goal_met(self, team),
            }
            if shown
            else "hidden"
        )
    return {
        "guide_kind": teams._kind(self, team),
        "flashlight": markers._marker_name(self, team, team.flash) if team.flash >= 0 else None,
        "bivouacked": [
            markers._marker_name(self, team, m) for m in range(len(team.pos)) if team.bivouacked[m]
        ],
        "secret_goal": secret,
    }


def _hide_goal_points(self: K2TwoPlayerSeries, team: dict[str, Any]) -> None:
    """Leave a face-down goal out of the score a reader sees."""
    score = team["score"]
    for line in score["lines"]:
        if line["label"].startswith("Secret Goal"):
            score["total"] -= line["points"]
            line["label"], line["points"] = "Secret Goal (face down)", 0
    score["band"] = self.rs.band(score["total"])
