"""Views: the observation (everything on the table, with names) and the saved state's
document."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import markers, phases
from .constants import (
    MARKER_NAMES,
    PREP_NAMES,
    TIRED_NAMES,
)

if TYPE_CHECKING:
    from .protocols import SeriesState
    from .team import Team


def _doc_field(self: SeriesState, key: str) -> Any:
    """A field of the saved document by its name: the state's own, or the active team's
    (the document keeps the layout it had before the teams: a team's fields at its top
    level)."""
    if key in self._TEAM_FIELDS:
        return getattr(self.team, key)
    return getattr(self, key)


def _snapshot(self: SeriesState) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    field = self._doc_field
    for k in self._LISTS:
        doc[k] = [list(x) if isinstance(x, list) else x for x in field(k)]
    for k in self._SCALARS:
        doc[k] = field(k)
    return doc


def observation(self: SeriesState, player: int) -> dict[str, Any]:
    """Everything on the table (no hidden information), with names: the shared board,
    the active team (:meth:`_team_view`) and the mountain's own part
    (:meth:`_mountain_view`)."""
    self._check_player(player)
    game = self._game
    rs = self.rs
    ng = game.ng
    tok = rs.tokens[self.current] if self.current >= 0 else None
    team = self._team_view(self.team)
    obs = {
        "phase": phases._phase_name(self),
        "step": self.step,
        "turn": self.turn,
        "storm_phase": markers._storm_phase(self),
        "storm_track": self.storm,
        "storm_pending": self.storm_pending,
        "storm_watch": [rs.tokens[t].name for t in self.storm_watch]
        + ["(storm builds)"] * self.watch_blank,
        "prestige": team["prestige"],
        "preparations": team["preparations"],
        "blocked": [rs.board.names[s] for s in self.blocked],
        "event": None
        if tok is None
        else {
            "id": tok.id,
            "name": tok.name,
            "cost": tok.cost,
            "ridge": tok.ridge,
            "effect": rs.effects[tok.effect],
        },
        "drawn": [rs.tokens[t].name for t in self.drawn],
        "held": team["held"],
        "kept": team["kept"],
        "effects_this_turn": team["effects_this_turn"],
        "container": len(self.container),
        "queue": [
            {
                "spot": e[0] + 1,
                "who": self.name(e[1]),
                "direction": "up" if e[2] > 0 else "down" if e[2] < 0 else "",
            }
            for e in sorted(self.queue)
        ],
        "guides": team["guides"],
        "clients": team["clients"],
        "movement": {
            "round": self.round,
            "option": "abc"[self.option] if 0 <= self.option <= 2 else None,
            "guides_left": self.guides_left,
            "clients_left": self.clients_left,
            "mover": self.name(self.mover) if self.mover >= 0 else None,
            "remaining": self.remaining,
            "carried": [self.name(x) for x, _ in self.carried],
        },
        "fate": {
            "client": self.name(ng + self.fate_client) if self.fate_client >= 0 else None,
            "zone": self.fate_key,
            "pool": len(self.pool),
        },
        "score": team["score"],
    }
    self._mountain_view(obs)
    return obs


def _mountain_view(self: SeriesState, obs: dict[str, Any]) -> None:
    """Add what the mountain shows beyond the engine's table to ``obs`` (nothing here;
    K2: its tracks, Serac collapses, ropes, the Flashlight, the Secret Goal)."""


def _team_view(self: SeriesState, team: Team) -> dict[str, Any]:
    """One team as the table shows it (any team, read in place: the two-player views
    read the waiting team with it): its Prestige, Preparations, tokens, effects, guides,
    clients and score sheet."""
    rs = self.rs
    ng = self._game.ng
    pos, moved, space_name = team.pos, team.moved, self.space_name
    return {
        "prestige": team.prestige,
        "preparations": PREP_NAMES[team.prep],
        "held": [rs.tokens[t].name for t in team.held],
        "kept": [rs.tokens[t].name for t in team.kept],
        "effects_this_turn": list(team.fx),
        "guides": [
            {
                "name": card.name,
                "movement": card.movement,
                "skills": list(card.skill_names),
                "space": pos[g],
                "where": space_name(pos[g]),
                "moved": moved[g],
                "oxygen": team.tank[g],
            }
            for g, card in enumerate([rs.guides[i] for i in team.guides])
        ],
        "clients": [
            {
                "name": card.name,
                "movement": card.movement,
                "traits": card.trait_code,
                "points": card.points,
                "space": pos[ng + c],
                "where": space_name(pos[ng + c]),
                "moved": moved[ng + c],
                "tired": TIRED_NAMES[team.tired[c]],
                "marker": MARKER_NAMES[team.goal[c]],
                "ams": team.ams[c],
                "fate": team.fates[c],
            }
            for c, card in enumerate([rs.clients[i] for i in team.clients])
        ],
        "score": self._team_score(team).to_dict(),
    }
