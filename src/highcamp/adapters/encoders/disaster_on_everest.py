"""Disaster on Everest (and the series' shared encoding, which Disaster on K2 extends;
slices in docs/rl.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from highcamp.core import Game

from ..bounds import disaster_team_bounds
from .base import Field, Slices, Tensor, clip, views  # noqa: F401  (views: for the doctests)

__all__ = ["DisasterOnEverestEncoder"]


class DisasterOnEverestEncoder(Slices):
    """Disaster on Everest: the track, the team, the event tokens, the movement and fate
    steps; tokens are counted by name (``static_view()["tokens"]``); the names and bounds
    (phases, steps, markers, fates, the most turns...) are the game's
    ``static_view()["vocabulary"]``.

    >>> import highcamp
    >>> game = highcamp.load_game("disaster-on-everest")
    >>> enc = DisasterOnEverestEncoder(game)
    >>> v = views(enc, enc.encode(game.new_initial_state(seed=1).observation(0)))
    >>> v["phase"].tolist().index(1.0), float(v["scalars"][3])  # draw event; container full
    (3, 1.0)
    """

    def _extra_fields(self, view: dict[str, Any]) -> list[Field]:
        """Fields a game of the series adds after the shared ones (none on Everest)."""
        return []

    def _encode_extra(self, x: Tensor, observation: Mapping[str, Any]) -> None:
        """Write the fields of :meth:`_extra_fields`."""

    def __init__(self, game: Game) -> None:
        view = game.static_view()
        voc = view["vocabulary"]
        self.steps: list[str] = voc["steps"]
        self.prep: list[str] = voc["preparations"]
        self.off: list[str] = voc["places"]  # spaces -1, -2...
        self.tired: list[str] = voc["tired"]
        self.markers: list[str] = voc["markers"]
        self.fates: list[str] = ["", *voc["fates"]]  # "" is "none yet"
        self.zones: list[str] = ["", *voc["fate_zones"]]
        self.rounds: list[str] = ["", *voc["rounds"]]
        self.max_turns = int(voc["max_turns"])
        self.max_move = int(voc["max_move"])
        self.max_tokens = int(voc["max_tokens"])
        self.board = len(view["spaces"])
        self.space_names = [s["name"] for s in view["spaces"]]
        self.queue = int(view["queue_length"])
        self.storm = int(view["storm_track"])
        self.watch = int(view["storm_watch"])
        self.prestige = int(view["prestige_max"])
        self.skills = sorted(view["skills"])
        self.traits = sorted(view["traits"])
        self.effects = sorted(view["effects"])
        self.tokens = sorted({t["name"] for t in view["tokens"]})
        self.copies = np.array(
            [sum(t["name"] == name for t in view["tokens"]) for name in self.tokens], np.float32
        )
        self.max_cost = max(max(t["cost"] for t in view["tokens"]), 1)
        self.max_ridge = max(max(t["ridge"] for t in view["tokens"]), 1)
        self.max_points = max(c["points"] for c in view["clients"])
        self.score_low, self.score_high = disaster_team_bounds(game)
        self.ng = int(view["team"]["guides"])
        self.nc = int(view["team"]["clients"])
        self.two = game.num_players == 2  # [15.0]: the opponent's team follows one's own
        own = view.get("k2", {}).get("phases", [])  # a mountain's phases after the series'
        self.phases: list[str] = voc["phases"] + own + voc["two_player_phases"]
        if self.two:
            self.max_points = max(c["points"] for t in view["seats"] for c in t["clients"])
        spaces = self.board + len(self.off)
        nt, ng, nc = len(self.tokens), self.ng, self.nc
        m = (ng + nc) * (2 if self.two else 1)  # members: one's own, then the opponent's
        nf = nc * (2 if self.two else 1)
        self._layout(
            [
                Field("phase", (len(self.phases),), "one-hot: " + ", ".join(self.phases)),
                Field("step", (len(self.steps),), "one-hot: " + ", ".join(self.steps)),
                Field("storm_track", (self.storm + 1,), "one-hot: storm track 0..10"),
                Field(
                    "scalars",
                    (7,),
                    "turn / 150; storm phase; storm pending; container / 36; prestige / max; "
                    "storm watch blanks / size; helicopter or fate pool / 36",
                ),
                Field("preparations", (len(self.prep),), "one-hot: " + ", ".join(self.prep)),
                Field("blocked", (self.board,), "1 on each blocked space"),
                Field("event", (nt + 1,), "one-hot: the event token being resolved, or none"),
                Field("event_cost_ridge", (2,), "its cost / the highest cost, ridge / the highest"),
                Field("storm_watch", (nt,), "tokens on the Storm Watch, by name / copies"),
                Field("drawn", (nt,), "tokens drawn this turn / copies"),
                Field("held", (nt,), "tokens held / copies"),
                Field("kept", (nt,), "tokens kept / copies"),
                Field(
                    "effects_this_turn",
                    (len(self.effects) + 1,),
                    "effects active this turn (sorted ids), then any other (team bonus)",
                ),
                Field(
                    "queue",
                    (self.queue, m + 1, 3),
                    "per queue spot and member (guides, clients, with two players the "
                    "opponent's guides and clients, another company's client): "
                    "waiting with no direction, going up, going down",
                ),
                Field(
                    "guides",
                    (ng, 3 + len(self.skills)),
                    "per guide: movement / 6, moved, oxygen tank, skills",
                ),
                Field(
                    "guide_space",
                    (ng, spaces),
                    "per guide, one-hot: space, or " + ", ".join(self.off),
                ),
                Field(
                    "clients",
                    (nc, 4 + len(self.traits)),
                    "per client: movement / 6, points / the most any client is worth, moved, "
                    "AMS, traits",
                ),
                Field(
                    "client_space",
                    (nc, spaces),
                    "per client, one-hot: space, or " + ", ".join(self.off),
                ),
                Field("tired", (nc, 3), "per client, one-hot: fresh, tired, resting"),
                Field(
                    "marker", (nc, 3), "per client, one-hot: none, " + ", ".join(self.markers[1:])
                ),
                Field(
                    "fate",
                    (nc, len(self.fates)),
                    "per client, one-hot: none yet, " + ", ".join(self.fates[1:]),
                ),
                Field(
                    "round",
                    (len(self.rounds),),
                    "one-hot: no round, clear-weather move, storm move",
                ),
                Field("option", (4,), "one-hot: movement option a, b, c, or none"),
                Field(
                    "movement",
                    (3,),
                    "guides left / guides; clients left / clients; movement remaining / 6",
                ),
                Field("mover", (m + 1,), "one-hot: the member moving, or none"),
                Field("carried", (m,), "members being carried"),
                Field(
                    "fate_client",
                    (nf + 1,),
                    "one-hot: the client whose fate is drawn (one's own, then the opponent's), "
                    "or none",
                ),
                Field(
                    "fate_zone", (len(self.zones),), "one-hot: none, " + ", ".join(self.zones[1:])
                ),
                Field(
                    "score",
                    (1,),
                    "the score as it would stand now, (score - low) / (high - low) with the "
                    "bounds of a team's score",
                ),
                *self._extra_fields(view),
            ]
            + (self._two_player_fields(nt, spaces) if self.two else [])
        )
        self._spaces = spaces

    def _two_player_fields(self, nt: int, spaces: int) -> list[Field]:
        ng, nc = self.ng, self.nc
        return [
            Field(
                "seats",
                (9,),
                "two players [15.*]: I am First Player; I am moving; my Prestige / max; the "
                "opponent's Prestige / max; next bid / max; highest bid / max; I hold the "
                "highest bid; I am to bid; a bidder dropped out",
            ),
            Field("opponent_preparations", (len(self.prep),), "one-hot: the opponent's"),
            Field("opponent_tokens", (2 * nt,), "the opponent's held, then kept tokens / copies"),
            Field(
                "opponent_guides",
                (ng, 3 + len(self.skills)),
                "per opponent guide: movement / 6, moved, oxygen tank, skills",
            ),
            Field("opponent_guide_space", (ng, spaces), "per opponent guide, one-hot: space"),
            Field(
                "opponent_clients",
                (nc, 4 + len(self.traits)),
                "per opponent client: movement, points, moved, AMS, traits",
            ),
            Field("opponent_client_space", (nc, spaces), "per opponent client, one-hot: space"),
            Field("opponent_tired", (nc, 3), "per opponent client, one-hot"),
            Field("opponent_marker", (nc, 3), "per opponent client, one-hot"),
            Field("opponent_fate", (nc, len(self.fates)), "per opponent client, one-hot"),
            Field("pending_block", (self.board + 1,), "one-hot: a ridge waiting for a marker"),
            Field("opponent_score", (1,), "the opponent's score, scaled like score"),
        ]

    def _space(self, space: int) -> int:
        return space if space >= 0 else self.board - 1 - space  # -1 -> board, ... -4

    def _tokens(self, x: Tensor, at: int, names: Any) -> None:
        for name in names:
            if name in self.tokens:  # "(storm builds)" blanks are counted apart
                k = self.tokens.index(name)
                x[at + k] += 1.0 / self.copies[k]

    def encode(
        self, observation: Mapping[str, Any], out: Tensor | None = None, player: int | None = None
    ) -> Tensor:
        """The tensor of one Disaster on Everest observation (solitaire: ``player`` unused)."""
        x = self._buffer(out)
        a, o = self._at, observation
        guides, clients = o["guides"], o["clients"]
        members = {g["name"]: i for i, g in enumerate(guides)}
        members.update({c["name"]: self.ng + i for i, c in enumerate(clients)})
        m = self.ng + self.nc
        if self.two:
            opp = o["opponent"]
            members.update({g["name"]: m + i for i, g in enumerate(opp["guides"])})
            members.update({c["name"]: m + self.ng + i for i, c in enumerate(opp["clients"])})
            m *= 2
        x[a["phase"] + self.phases.index(o["phase"])] = 1.0
        x[a["step"] + self.steps.index(o["step"])] = 1.0
        x[a["storm_track"] + min(o["storm_track"], self.storm)] = 1.0
        s = a["scalars"]
        x[s] = clip(o["turn"], self.max_turns)
        x[s + 1] = float(o["storm_phase"])
        x[s + 2] = float(o["storm_pending"])
        x[s + 3] = clip(o["container"], self.max_tokens)
        x[s + 4] = clip(o["prestige"], self.prestige)
        x[s + 5] = clip(sum(t not in self.tokens for t in o["storm_watch"]), self.watch)
        x[s + 6] = clip(o["fate"]["pool"], self.max_tokens)
        x[a["preparations"] + self.prep.index(o["preparations"])] = 1.0
        for name in o["blocked"]:
            x[a["blocked"] + self.space_names.index(name)] = 1.0
        event = o["event"]
        if event is None:
            x[a["event"] + len(self.tokens)] = 1.0
        else:
            x[a["event"] + self.tokens.index(event["name"])] = 1.0
            x[a["event_cost_ridge"]] = clip(event["cost"], self.max_cost)
            x[a["event_cost_ridge"] + 1] = clip(event["ridge"], self.max_ridge)
        self._tokens(x, a["storm_watch"], o["storm_watch"])
        self._tokens(x, a["drawn"], o["drawn"])
        self._tokens(x, a["held"], o["held"])
        self._tokens(x, a["kept"], o["kept"])
        for eff in o["effects_this_turn"]:
            k = self.effects.index(eff) if eff in self.effects else len(self.effects)
            x[a["effects_this_turn"] + k] = 1.0
        for entry in o["queue"]:
            spot = min(entry["spot"], self.queue) - 1
            who = members.get(entry["who"], m)
            way = ("", "up", "down").index(entry["direction"])
            x[a["queue"] + (spot * (m + 1) + who) * 3 + way] = 1.0
        self._team(x, "", guides, clients)
        if self.two:
            self._opponent(x, o)
        mv = o["movement"]
        x[a["round"] + self.rounds.index(mv["round"])] = 1.0
        x[a["option"] + ("abc".index(mv["option"]) if mv["option"] else 3)] = 1.0
        x[a["movement"]] = clip(mv["guides_left"], max(self.ng, 1))
        x[a["movement"] + 1] = clip(mv["clients_left"], max(self.nc, 1))
        x[a["movement"] + 2] = clip(mv["remaining"], self.max_move)
        x[a["mover"] + (members[mv["mover"]] if mv["mover"] is not None else m)] = 1.0
        for name in mv["carried"]:
            x[a["carried"] + members[name]] = 1.0
        fc = o["fate"]["client"]
        if fc is None:
            x[a["fate_client"] + self.nc * (2 if self.two else 1)] = 1.0
        else:
            k = members[fc]
            mine = k < self.ng + self.nc
            x[a["fate_client"] + (k - self.ng if mine else self.nc + k - 2 * self.ng - self.nc)] = (
                1.0
            )
        zone = o["fate"]["zone"]
        x[a["fate_zone"] + (self.zones.index(zone) if zone in self.zones else 0)] = 1.0
        low, high = self.score_low, self.score_high
        x[a["score"]] = clip(o["score"]["total"] - low, high - low)
        self._encode_extra(x, o)
        return x

    def _team(self, x: Tensor, prefix: str, guides: Any, clients: Any) -> None:
        """One team's guides and clients (``prefix``: "" or "opponent_")."""
        a = self._at
        width = 3 + len(self.skills)
        for i, g in enumerate(guides):
            at = a[prefix + "guides"] + i * width
            x[at] = clip(g["movement"], self.max_move)
            x[at + 1] = float(g["moved"])
            x[at + 2] = float(g["oxygen"])
            for skill in g["skills"]:
                x[at + 3 + self.skills.index(skill)] = 1.0
            x[a[prefix + "guide_space"] + i * self._spaces + self._space(g["space"])] = 1.0
        width = 4 + len(self.traits)
        for i, c in enumerate(clients):
            at = a[prefix + "clients"] + i * width
            x[at] = clip(c["movement"], self.max_move)
            x[at + 1] = clip(c["points"], self.max_points)
            x[at + 2] = float(c["moved"])
            x[at + 3] = float(c["ams"])
            for trait in c["traits"]:
                x[at + 4 + self.traits.index(trait)] = 1.0
            x[a[prefix + "client_space"] + i * self._spaces + self._space(c["space"])] = 1.0
            x[a[prefix + "tired"] + i * 3 + self.tired.index(c["tired"])] = 1.0
            x[a[prefix + "marker"] + i * 3 + self.markers.index(c["marker"])] = 1.0
            fate = c["fate"]
            kind = next((k for k in self.fates[1:4] if fate.startswith(k)), "saved" if fate else "")
            x[a[prefix + "fate"] + i * len(self.fates) + self.fates.index(kind)] = 1.0

    def _opponent(self, x: Tensor, o: Mapping[str, Any]) -> None:
        """The two-player slices [15.*]: seats, bidding, the opponent's team."""
        a = self._at
        opp = o["opponent"]
        me = o["seat"]
        s = a["seats"]
        x[s] = float(o["first_player"] == me)
        x[s + 1] = float(o["moving"] == me)
        x[s + 2] = clip(o["prestige"], self.prestige)
        x[s + 3] = clip(opp["prestige"], self.prestige)
        bid = o["bidding"]
        if bid is not None:
            x[s + 4] = clip(bid["next_bid"], self.prestige)
            x[s + 5] = clip(bid["high_bid"], self.prestige)
            x[s + 6] = float(bid["high_bidder"] == me)
            x[s + 7] = float(bid["to_bid"] == me)
            x[s + 8] = float(bid["dropped_out"])
        x[a["opponent_preparations"] + self.prep.index(opp["preparations"])] = 1.0
        nt = len(self.tokens)
        self._tokens(x, a["opponent_tokens"], opp["held"])
        self._tokens(x, a["opponent_tokens"] + nt, opp["kept"])
        self._team(x, "opponent_", opp["guides"], opp["clients"])
        pending = o["pending_block"]
        k = self.space_names.index(pending) if pending is not None else self.board
        x[a["pending_block"] + k] = 1.0
        low, high = self.score_low, self.score_high
        x[a["opponent_score"]] = clip(opp["score"]["total"] - low, high - low)
