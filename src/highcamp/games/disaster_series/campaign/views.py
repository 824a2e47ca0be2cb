"""What a campaign shows [16.0]: the team with its summit markers, the choice on offer
between two mountains [16.1], the dead and those left behind, the score so far [16.2], and
the mountain's own observation (the campaign has no hidden information).

>>> import highcamp
>>> s = highcamp.load_game("disaster-campaign").new_initial_state(seed=4)
>>> o = s.observation(0)["campaign"]
>>> o["phase"], o["team"][0]["kind"], sorted(s.observation(0))
('climb', 'guide', ['campaign', 'mountain'])
"""

from __future__ import annotations

from typing import Any, Protocol

from highcamp.core import ScoreBreakdown, State

from .phases import LEAVE_CLIENT, LEAVE_GUIDE, MOUNTAIN, PHASE_NAMES, TAKE_CLIENT, TAKE_GUIDE
from .roster import CampaignRoster


class CampaignState(Protocol):
    """What the views read of a campaign's position (``state.CampaignState``; a protocol,
    so that the state and its views do not import each other)."""

    _game: CampaignRoster
    inner: State
    k: int
    phase: int
    marks: dict[int, list[int]]
    dead: list[list[Any]]
    left: list[list[Any]]
    results: list[dict[str, Any]]
    surv_g: list[int]
    surv_c: list[int]

    def _check_player(self, player: int) -> None: ...
    def _shown(self) -> int: ...
    def _team_ids(self) -> tuple[list[int], list[int]]: ...
    def _candidates(self) -> list[int]: ...
    def score_breakdown(self) -> list[ScoreBreakdown]: ...


def guide_doc(self: CampaignState, gid: int) -> dict[str, Any]:
    card = self._game.guide_cards[gid][1]
    return {
        "kind": "guide",
        "name": self._game.guide_label(gid),
        "movement": card.movement,
        "skills": list(card.skill_names),
    }


def client_doc(self: CampaignState, cid: int) -> dict[str, Any]:
    game = self._game
    card = game.client_cards[cid][1]
    return {
        "kind": "client",
        "name": game.client_label(cid),
        "movement": card.movement,
        "traits": card.trait_code,
        "points": card.points,
        "summits": [game.mountain_title(k) for k in self.marks.get(cid, [])],
    }


def roster(self: CampaignState) -> list[dict[str, Any]]:
    guides, clients = self._team_ids()
    if self.phase != MOUNTAIN:
        guides, clients = self.surv_g, self.surv_c
    return [guide_doc(self, g) for g in guides] + [client_doc(self, c) for c in clients]


def observation(self: CampaignState, player: int) -> dict[str, Any]:
    """The campaign (mountains, team with summit markers, the dead, the choice on offer,
    the score so far) and the mountain's own observation (no hidden information)."""
    self._check_player(player)
    game = self._game
    offered: list[dict[str, Any]] = []
    if self.phase in (TAKE_GUIDE, LEAVE_GUIDE):
        offered = [guide_doc(self, m) for m in self._candidates()]
    elif self.phase in (TAKE_CLIENT, LEAVE_CLIENT):
        offered = [client_doc(self, m) for m in self._candidates()]
    ng, nc = game.team_size(self.k)
    score = self.score_breakdown()[0]
    return {
        "campaign": {
            "order": [game.mountain_title(k) for k in range(len(game.order))],
            "mountain": self.k + 1,
            "mountains": len(game.order),
            "shown": self._shown() + 1,
            "phase": PHASE_NAMES[self.phase],
            "team": roster(self),
            "takes": {"guides": ng, "clients": nc},
            "offered": offered,
            "dead": [
                {
                    "name": (game.guide_label if kind == "guide" else game.client_label)(m),
                    "kind": kind,
                    "mountain": game.mountain_title(k),
                }
                for kind, m, k in self.dead
            ],
            "left_behind": [
                (game.guide_label if kind == "guide" else game.client_label)(m)
                for kind, m, _ in self.left
            ],
            "results": [dict(r) for r in self.results],
            "score": score.total,
            "band": score.band,
        },
        "mountain": self.inner.observation(0),
    }
