"""Views: the observation (everything on the table, with names) and the saved state's
document."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .constants import (
    MARKER_NAMES,
    PHASE_NAMES,
    PREP_NAMES,
    TIRED_NAMES,
)

if TYPE_CHECKING:
    from .protocols import SeriesState


def _phase_name(self: SeriesState) -> str:
    """The name of the phase (what the next action is), for observations."""
    return PHASE_NAMES[self.phase]


def _snapshot(self: SeriesState) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    for k in self._LISTS:
        v = getattr(self, k)
        doc[k] = [list(x) if isinstance(x, list) else x for x in v]
    for k in self._SCALARS:
        doc[k] = getattr(self, k)
    return doc


def observation(self: SeriesState, player: int) -> dict[str, Any]:
    """Everything on the table (no hidden information), with names."""
    self._check_player(player)
    game = self._game
    rs = self.rs
    ng = game.ng
    tok = rs.tokens[self.current] if self.current >= 0 else None
    return {
        "phase": self._phase_name(),
        "step": self.step,
        "turn": self.turn,
        "storm_phase": self._storm_phase(),
        "storm_track": self.storm,
        "storm_pending": self.storm_pending,
        "storm_watch": [rs.tokens[t].name for t in self.storm_watch]
        + ["(storm builds)"] * self.watch_blank,
        "prestige": self.prestige,
        "preparations": PREP_NAMES[self.prep],
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
        "held": [rs.tokens[t].name for t in self.held],
        "kept": [rs.tokens[t].name for t in self.kept],
        "effects_this_turn": list(self.fx),
        "container": len(self.container),
        "queue": [
            {
                "spot": e[0] + 1,
                "who": self.name(e[1]),
                "direction": "up" if e[2] > 0 else "down" if e[2] < 0 else "",
            }
            for e in sorted(self.queue)
        ],
        "guides": [
            {
                "name": card.name,
                "movement": card.movement,
                "skills": sorted(card.skills),
                "space": self.pos[g],
                "where": self.space_name(self.pos[g]),
                "moved": self.moved[g],
                "oxygen": self.tank[g],
            }
            for g, card in enumerate([rs.guides[i] for i in self.guides])
        ],
        "clients": [
            {
                "name": card.name,
                "movement": card.movement,
                "traits": "".join(sorted(card.traits)),
                "points": card.points,
                "space": self.pos[ng + c],
                "where": self.space_name(self.pos[ng + c]),
                "moved": self.moved[ng + c],
                "tired": TIRED_NAMES[self.tired[c]],
                "marker": MARKER_NAMES[self.goal[c]],
                "ams": self.ams[c],
                "fate": self.fates[c],
            }
            for c, card in enumerate([rs.clients[i] for i in self.clients])
        ],
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
        "score": self._seat_score().to_dict(),
    }
