"""The observation tensor of the Disaster-series campaign: the campaign's own slices, then one
block per mountain of the order, each the encoder of that mountain's game (only the block of
the mountain shown is filled).

Built from the contract only: the mountains' games are loaded through the registry from the
campaign's ``static_view()["games"]``, and their encoders come from the ``mountain_encoder``
the registry passes (:func:`highcamp.adapters.encoders.encoder_for`).

>>> import highcamp
>>> from highcamp.adapters.encoders import encoder_for
>>> game = highcamp.load_game("disaster-campaign", order="everest,everest")
>>> enc = DisasterCampaignEncoder(game, encoder_for)
>>> v = views(enc, enc.encode(game.new_initial_state(seed=1).observation(0)))
>>> v["mountain"].tolist(), v["shown"].tolist()
([1.0, 0.0], [1.0, 0.0])
>>> enc.size == 2 + 2 + 6 + 6 * 2 + 2 + 2 * encoder_for(game.mountains[0]).size
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from highcamp.core import Game
from highcamp.games import load_game

from ..bounds import disaster_campaign_bounds
from .base import Encoder, Field, Tensor, views

__all__ = ["DisasterCampaignEncoder"]


class DisasterCampaignEncoder:
    """Slices, in order: ``mountain`` (n, one-hot: the mountain climbed or prepared),
    ``shown`` (n, one-hot: the mountain of the ``mountain`` observation), ``phase`` (6),
    ``team`` (c x 2: per client of the team, Summit markers / n, and 1 while they can still
    score; c is the most clients a mountain takes), ``scalars`` (2: campaign score so far /
    the upper bound, mountains finished / n), then ``m1.*``, ``m2.*``... the fields of each
    mountain's own encoder. Trait letters and skills the mountain's encoder does not know
    (markers of another set) are left out of its block."""

    def __init__(self, game: Game, mountain_encoder: Callable[[Game], Encoder]) -> None:
        view = game.static_view()
        self.n = len(view["games"])
        self.phases: list[str] = view["phases"]
        self.mountain_encoders: list[Encoder] = [
            mountain_encoder(load_game(g["id"], **g["options"])) for g in view["games"]
        ]
        self.c = max(t["clients"] for t in view["teams"])
        self.high = max(disaster_campaign_bounds(game)[1], 1.0)
        fields = [
            Field("mountain", (self.n,), "one-hot: the mountain being climbed or prepared"),
            Field("shown", (self.n,), "one-hot: the mountain the observation shows"),
            Field("phase", (len(self.phases),), "one-hot: " + ", ".join(self.phases)),
            Field(
                "team",
                (self.c, 2),
                "per client of the team: Summit markers / mountains, can still score",
            ),
            Field("scalars", (2,), "campaign score so far / the most possible; peaks done / n"),
        ]
        self._offsets: list[int] = []
        offset = sum(f.size for f in fields)
        for k, enc in enumerate(self.mountain_encoders):
            self._offsets.append(offset)
            for f in enc.fields:
                fields.append(Field(f"m{k + 1}.{f.name}", f.shape, f.meaning))
            offset += enc.size
        self.fields = tuple(fields)
        self.size = offset
        lows = [0.0] + [e.bounds[0] for e in self.mountain_encoders]
        highs = [1.0] + [e.bounds[1] for e in self.mountain_encoders]
        self.bounds = (min(lows), max(highs))
        self._known: list[tuple[set[str], set[str]]] = []
        for g in view["mountains"]:
            self._known.append((set(g.get("traits", {})), set(g.get("skills", {}))))

    def _clean(self, k: int, obs: Mapping[str, Any]) -> dict[str, Any]:
        traits, skills = self._known[k]
        out = dict(obs)
        out["clients"] = [
            {**c, "traits": "".join(t for t in c["traits"] if t in traits)} for c in obs["clients"]
        ]
        out["guides"] = [
            {**g, "skills": [s for s in g["skills"] if s in skills]} for g in obs["guides"]
        ]
        return out

    def encode(
        self, observation: Mapping[str, Any], out: Tensor | None = None, player: int | None = None
    ) -> Tensor:
        """The tensor of one campaign observation (solitaire: ``player`` unused)."""
        x = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            x.fill(0.0)
        camp = observation["campaign"]
        v = views(self, x)
        v["mountain"][camp["mountain"] - 1] = 1.0
        shown = camp["shown"] - 1
        v["shown"][shown] = 1.0
        v["phase"][self.phases.index(camp["phase"])] = 1.0
        done = len(camp["results"])
        clients = [m for m in camp["team"] if m["kind"] == "client"][: self.c]
        for i, m in enumerate(clients):
            v["team"][i, 0] = len(m["summits"]) / self.n
            v["team"][i, 1] = float(len(m["summits"]) == done)
        v["scalars"][0] = min(max(camp["score"], 0.0), self.high) / self.high
        v["scalars"][1] = done / self.n
        enc = self.mountain_encoders[shown]
        at = self._offsets[shown]
        enc.encode(self._clean(shown, observation["mountain"]), out=x[at : at + enc.size])
        return x
