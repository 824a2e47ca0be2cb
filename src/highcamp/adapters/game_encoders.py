"""Per-game observation encoders for Everest Go!, Disaster and Disaster on Everest.

Each is built from ``game.static_view()`` (vocabularies and sizes) and reads nothing but
``state.observation(player)`` (see :mod:`highcamp.adapters.encoders` and docs/rl.md for
the slices). Every entry lies in [0, 1]: one-hots, flags and counts divided by their
largest possible value (a count that has no largest value is clipped, as documented).

>>> import highcamp
>>> game = highcamp.load_game("everest-go", players=3)
>>> enc = EverestGoEncoder(game)
>>> enc.size, enc.bounds
(538, (0.0, 1.0))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from highcamp.core import Game

from .bounds import disaster_team_bounds
from .encoders import Field, views  # noqa: F401  (views: for the doctests)

__all__ = ["DisasterEncoder", "DisasterOnEverestEncoder", "DisasterOnK2Encoder", "EverestGoEncoder"]

Tensor = npt.NDArray[np.float32]


class _Slices:
    """Fields laid end to end, with writers by field name."""

    fields: tuple[Field, ...]

    def _layout(self, fields: list[Field]) -> None:
        self.fields = tuple(fields)
        self.size = sum(f.size for f in fields)
        self.bounds = (0.0, 1.0)
        self._at: dict[str, int] = {}
        offset = 0
        for f in fields:
            self._at[f.name] = offset
            offset += f.size

    def _buffer(self, out: Tensor | None) -> Tensor:
        if out is None:
            return np.zeros(self.size, np.float32)
        out.fill(0.0)
        return out


def _clip(value: float, cap: float) -> float:
    return min(max(value, 0.0), cap) / cap


# ------------------------------------------------------------------------ Everest Go!
_GO_PHASES = (
    "deal",
    "first player",
    "main",
    "discarding",
    "target",
    "second target",
    "tent",
    "take",
    "after",
    "draw",
    "over",
)
_GO_ENDINGS = ("everest", "deck")
_GO_MAX_VALUE = 4  # garments score 1..4 [End of the Game]
_GO_MAX_HEIGHT = 8  # eight garments per body part (two outfits per value, R-GO-1)
_GO_MAX_HAND = 6  # hand sizes above this are clipped (three is the rule [3. Improve Your Hand])
_GO_EXHAUSTIONS = 3  # the third exhaustion ends the game [End of the Game]
_TARGET = re.compile(r"target seat (\d+)(?: (.+))?$")


class EverestGoEncoder(_Slices):
    """Everest Go! from one seat: seats are relative (0 = the observer, 1 = the next seat
    in turn order...), card counts are divided by the copies of their kind.

    >>> import highcamp
    >>> game = highcamp.load_game("everest-go", players=2)
    >>> s = game.new_initial_state(seed=1)
    >>> while s.is_chance_node():
    ...     _ = s.apply_random_chance()
    >>> enc = EverestGoEncoder(game)
    >>> v = views(enc, enc.encode(s.observation(0)))
    >>> int((v["hand"] > 0).sum()) <= 3, v["phase"].tolist().index(1.0)  # "main"
    (True, 2)
    """

    def __init__(self, game: Game) -> None:
        view = game.static_view()
        self.n = game.num_players
        self.kinds = [k["name"] for k in view["kinds"]]
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.copies = np.array([max(k["copies"], 1) for k in view["kinds"]], np.float32)
        self.parts = list(view["parts"])
        self.slots = self.parts + [k for k in self.kinds if k in ("Oxygen", "Flag")]
        self.perfect = bool(game.options.get("perfect_recall"))
        nk, n, np_ = len(self.kinds), self.n, len(self.parts)
        fields = [
            Field("phase", (len(_GO_PHASES),), "one-hot: " + ", ".join(_GO_PHASES)),
            Field("turn", (n,), "one-hot: relative seat whose turn it is"),
            Field("to_act", (n + 1,), "one-hot: relative seat to act, or nobody (chance, over)"),
            Field("hand", (nk,), "own hand: copies of each kind / the kind's copies"),
            Field("top", (n, np_, _GO_MAX_VALUE + 1), "per seat and part: empty, or top 1..4"),
            Field("height", (n, np_), "per seat and part: garments in the stack / 8"),
            Field("frozen", (n, np_), "per seat and part: 1 if frozen (Hypothermia)"),
            Field("special_items", (n, 2), "per seat: holds Oxygen, holds Flag"),
            Field("cold", (n,), "per seat: Cold cards / 2"),
            Field("hand_size", (n,), "per seat: cards in hand / 6 (clipped)"),
            Field("can_shout", (n,), "per seat: 1 if EVEREST! may be shouted"),
            Field("deck", (1,), "cards in the deck / all the game's cards (copies summed)"),
            Field("discard", (nk,), "discard pile: copies of each kind / the kind's copies"),
            Field("box", (nk,), "box: copies of each kind / the kind's copies"),
            Field("exhaustions", (_GO_EXHAUSTIONS + 1,), "one-hot: deck exhaustions 0..3"),
            Field("known_hands", (n, nk), "per seat: cards known in its hand / copies"),
            Field("pending_card", (nk + 1,), "one-hot: the action card being resolved, or none"),
            Field("pending_player", (n,), "one-hot: relative seat that played it"),
            Field("pending_seats", (n,), "seats targeted so far (1 each)"),
            Field("pending_slots", (len(self.slots),), "parts or items targeted so far"),
            Field("pending_takes", (nk,), "cards chosen to take so far / copies"),
            Field(
                "pending_other",
                (np_ + 3,),
                "part thawed or avalanched; Cold passed; avalanche left, right",
            ),
            Field("to_ask", (n,), "seats still to be asked for a Tent"),
            Field("tented", (n,), "seats that played a Tent"),
            Field("victim", (n,), "one-hot: the Backpack Stealing victim, if any"),
            Field("looking_at", (nk,), "the victim's hand being looked at / copies"),
            Field("everest", (n,), "one-hot: who shouted EVEREST!, if anyone"),
            Field("ending", (len(_GO_ENDINGS),), "one-hot: everest, deck (none before the end)"),
            Field("winners", (n,), "seats that won (at the end)"),
        ]
        if self.perfect:
            fields += [
                Field(
                    "garments",
                    (n, np_, _GO_MAX_VALUE),
                    "perfect_recall: per seat and part, garments of value 1..4 in the stack / 2",
                ),
                Field("played", (n, nk), "perfect_recall: cards each seat played / copies"),
            ]
        self._layout(fields)
        setup = float(sum(k["copies"] for k in view["kinds"]))
        self._deck_scale = setup

    def _rel(self, seat: int, me: int) -> int:
        return (seat - me) % self.n

    def _counts(self, x: Tensor, at: int, names: Any) -> None:
        for name in names:
            k = self.kind_index[name]
            x[at + k] += 1.0 / self.copies[k]

    def encode(
        self, observation: Mapping[str, Any], out: Tensor | None = None, player: int | None = None
    ) -> Tensor:
        """The tensor of one Everest Go! observation (it names its seat: ``player`` unused)."""
        x = self._buffer(out)
        a, n, o = self._at, self.n, observation
        me = o["seat"]
        nk, np_ = len(self.kinds), len(self.parts)
        x[a["phase"] + _GO_PHASES.index(o["phase"])] = 1.0
        x[a["turn"] + self._rel(o["turn"], me)] = 1.0
        act = o["to_act"]
        x[a["to_act"] + (self._rel(act, me) if act >= 0 else n)] = 1.0
        self._counts(x, a["hand"], o["hand"])
        for m in o["mountaineers"]:
            q = self._rel(m["seat"], me)
            for s, part in enumerate(m["parts"]):
                top = part["top"]
                value = int(top.rsplit(" ", 1)[1]) if top else 0
                x[a["top"] + (q * np_ + s) * (_GO_MAX_VALUE + 1) + value] = 1.0
                x[a["height"] + q * np_ + s] = _clip(part["height"], _GO_MAX_HEIGHT)
                x[a["frozen"] + q * np_ + s] = float(part["frozen"])
            for item in m["special_items"]:
                x[a["special_items"] + q * 2 + ("Oxygen", "Flag").index(item)] = 1.0
            x[a["cold"] + q] = _clip(m["cold"], 2)
            x[a["hand_size"] + q] = _clip(m["hand_size"], _GO_MAX_HAND)
            x[a["can_shout"] + q] = float(m["can_shout"])
        x[a["deck"]] = _clip(o["deck"], self._deck_scale)
        self._counts(x, a["discard"], [k for k, c in o["discard"].items() for _ in range(c)])
        self._counts(x, a["box"], [k for k, c in o["box"].items() for _ in range(c)])
        x[a["exhaustions"] + min(o["exhaustions"], _GO_EXHAUSTIONS)] = 1.0
        for known in o["known_hands"]:
            self._counts(x, a["known_hands"] + self._rel(known["seat"], me) * nk, known["cards"])
        pending = o["pending"]
        if pending is None:
            x[a["pending_card"] + nk] = 1.0
        else:
            x[a["pending_card"] + self.kind_index[pending["card"]]] = 1.0
            x[a["pending_player"] + self._rel(pending["player"], me)] = 1.0
            for text in pending["choices"]:
                self._choice(x, text, me)
            for q in pending["to_ask"]:
                x[a["to_ask"] + self._rel(q, me)] = 1.0
            for q in pending["tented"]:
                x[a["tented"] + self._rel(q, me)] = 1.0
            if pending["victim"] is not None:
                x[a["victim"] + self._rel(pending["victim"], me)] = 1.0
        self._counts(x, a["looking_at"], o.get("looking_at", ()))
        if o["everest"] is not None:
            x[a["everest"] + self._rel(o["everest"], me)] = 1.0
        if o["ending"] is not None:
            x[a["ending"] + _GO_ENDINGS.index(o["ending"])] = 1.0
        for q in o.get("winners", ()):
            x[a["winners"] + self._rel(q, me)] = 1.0
        if self.perfect:
            for q0, stacks in enumerate(o["garments"]):
                q = self._rel(q0, me)
                for s, stack in enumerate(stacks):
                    for name in stack:
                        value = int(name.rsplit(" ", 1)[1])
                        x[a["garments"] + (q * np_ + s) * _GO_MAX_VALUE + value - 1] += 0.5
            for q0, name in o["played"]:
                k = self.kind_index[name]
                x[a["played"] + self._rel(q0, me) * nk + k] += 1.0 / self.copies[k]
        return x

    def _choice(self, x: Tensor, text: str, me: int) -> None:
        a = self._at
        match = _TARGET.match(text)
        if match:
            x[a["pending_seats"] + self._rel(int(match.group(1)) - 1, me)] = 1.0
            if match.group(2):
                x[a["pending_slots"] + self.slots.index(match.group(2))] = 1.0
        elif text.startswith("take "):
            self._counts(x, a["pending_takes"], [text[5:]])
        elif text.startswith("thaw "):
            x[a["pending_other"] + self.parts.index(text[5:])] = 1.0
        elif text == "pass the Cold left":
            x[a["pending_other"] + len(self.parts)] = 1.0
        elif text.startswith("avalanche "):
            part, direction = text[10:].rsplit(" ", 1)
            x[a["pending_other"] + self.parts.index(part)] = 1.0
            x[a["pending_other"] + len(self.parts) + 1 + ("left", "right").index(direction)] = 1.0


# ------------------------------------------------------------------------ Disaster
_D_PHASES = (
    "choose corner",
    "place extra player",
    "first player",
    "turn",
    "dice",
    "draw",
    "card choice",
    "after moving",
    "escape roll",
    "escape die",
    "escape direction",
    "spread",
    "over",
)
_D_AREAS = ("ship", "plane", "earthquake", "skyscraper")
_D_ENDINGS = ("win", "shared win", "turn limit")
_D_MAX_TURNS = 1500  # the engine's turn limit
_D_CHIPS = 30  # [Contents]
_D_MAX_ROUNDS = 16  # escape rounds beyond this are clipped
_D_SINK = 5  # ship and plane positions 1..5


class DisasterEncoder(_Slices):
    """Disaster from one seat. Seats are absolute (Disaster's observation does not name its
    observer): the ``observer`` slice is set from the ``player`` argument, which the
    adapters pass. Spaces are the board's ids (``static_view()["names"]``).

    >>> import highcamp
    >>> game = highcamp.load_game("disaster", players=3)
    >>> enc = DisasterEncoder(game)
    >>> enc.size
    455
    >>> v = views(enc, enc.encode(game.new_initial_state(seed=1).observation(0)))
    >>> v["phase"].tolist().index(1.0), float(v["supply"][0])  # choose corner; 30 chips of 30
    (0, 1.0)
    """

    def __init__(self, game: Game) -> None:
        view = game.static_view()
        self.n = n = game.num_players
        self.spaces = len(view["names"])
        self.corners = list(view["corners"])
        self.cards = [c["title"] for c in view["cards"]]
        self.target = int(view["target"])
        self.quake = len(view["earthquake"]["spaces"])
        self.fire = len(view["skyscraper"]["fire_row"])
        nc = len(self.cards)
        self._layout(
            [
                Field("observer", (n,), "one-hot: the observing seat (all 0 if not given)"),
                Field("phase", (len(_D_PHASES),), "one-hot: " + ", ".join(_D_PHASES)),
                Field("turn", (n,), "one-hot: seat whose turn it is"),
                Field("to_act", (n + 1,), "one-hot: seat to act, or nobody"),
                Field("turns", (1,), "turns played / 1500 (the engine's limit)"),
                Field(
                    "position",
                    (n, self.spaces + 1),
                    "per seat, one-hot: board space, or not on the board",
                ),
                Field(
                    "start", (n, len(self.corners) + 1), "per seat, one-hot: start corner, or none"
                ),
                Field("chips", (n,), "per seat: survival chips / target (clipped)"),
                Field("holds_card", (n,), "per seat: 1 if it holds a disaster card"),
                Field("escapes", (n,), "per seat: escapes / target (clipped)"),
                Field("perishings", (n,), "per seat: perishings / target (clipped)"),
                Field("card", (nc + 1,), "one-hot: own held card, or none"),
                Field("supply", (1,), "chips in the supply / 30"),
                Field("stand_in_chips", (1,), "stand-in chips / 30 (clipped)"),
                Field("deck", (2,), "cards in the deck / 20; of them under the bottom / 20"),
                Field("drawn", (nc + 2,), "one-hot: the drawn card, hidden (another's), none"),
                Field("dice", (2, 7), "per die, one-hot: not rolled, or face 1..6"),
                Field("area", (len(_D_AREAS) + 1,), "one-hot: disaster area, or none"),
                Field("caused_by", (n,), "one-hot: seat that caused the disaster"),
                Field("round", (1,), "escape round / 16 (clipped)"),
                Field("escaping", (n,), "seats still escaping"),
                Field("to_roll", (n,), "seats still to roll this round"),
                Field("sinking", (2, _D_SINK + 1), "ship, plane: one-hot position 0..5"),
                Field("fissure", (self.quake,), "1 on each open earthquake space"),
                Field("fire", (self.fire,), "1 on each burning space of the fire row"),
                Field("escape_die", (7,), "one-hot: none, or the die to move by 1..6"),
                Field("target", (1,), "chips to win / 8"),
                Field("winners", (n,), "winning seats (at the end)"),
                Field("ending", (len(_D_ENDINGS),), "one-hot: " + ", ".join(_D_ENDINGS)),
            ]
        )

    def _rel(self, seat: int, me: int) -> int:
        return seat

    def encode(
        self, observation: Mapping[str, Any], out: Tensor | None = None, player: int | None = None
    ) -> Tensor:
        """The tensor of one Disaster observation (of ``player``, when given)."""
        x = self._buffer(out)
        a, n, o = self._at, self.n, observation
        players = o["players"]
        me = 0 if player is None else player
        if player is not None:
            x[a["observer"] + player] = 1.0
        nc = len(self.cards)
        x[a["phase"] + _D_PHASES.index(o["phase"])] = 1.0
        x[a["turn"] + self._rel(o["turn"], me)] = 1.0
        act = o["to_act"]
        x[a["to_act"] + (self._rel(act, me) if act >= 0 else n)] = 1.0
        x[a["turns"]] = _clip(o["turns"], _D_MAX_TURNS)
        for p in players:
            q = self._rel(p["seat"], me)
            pos = p["position"]
            x[a["position"] + q * (self.spaces + 1) + (pos if pos >= 0 else self.spaces)] = 1.0
            start = p["start"]
            corner = self.corners.index(start) if start in self.corners else len(self.corners)
            x[a["start"] + q * (len(self.corners) + 1) + corner] = 1.0
            x[a["chips"] + q] = _clip(p["chips"], self.target)
            x[a["holds_card"] + q] = float(p["holds_card"])
            x[a["escapes"] + q] = _clip(p["escapes"], self.target)
            x[a["perishings"] + q] = _clip(p["perishings"], self.target)
        shown = [p["card"] for p in players if p["card"] is not None]  # only one's own
        x[a["card"] + (self.cards.index(shown[0]) if shown else nc)] = 1.0
        x[a["supply"]] = _clip(o["supply"], _D_CHIPS)
        x[a["stand_in_chips"]] = _clip(o["stand_in_chips"], _D_CHIPS)
        x[a["deck"]] = _clip(o["deck_size"], nc)
        x[a["deck"] + 1] = _clip(o["deck_bottom"], nc)
        drawn = o["drawn"]
        slot = nc + 1 if drawn is None else nc if drawn == "hidden" else self.cards.index(drawn)
        x[a["drawn"] + slot] = 1.0
        dice = o["dice"]
        for i in range(2):
            x[a["dice"] + i * 7 + (dice[i] if i < len(dice) else 0)] = 1.0
        d = o["disaster"]
        if d is None:
            x[a["area"] + len(_D_AREAS)] = 1.0
        else:
            x[a["area"] + _D_AREAS.index(d["area"])] = 1.0
            x[a["caused_by"] + self._rel(d["caused_by"], me)] = 1.0
            x[a["round"]] = _clip(d["round"], _D_MAX_ROUNDS)
            for q in d["escaping"]:
                x[a["escaping"] + self._rel(q, me)] = 1.0
            for q in d["to_roll"]:
                x[a["to_roll"] + self._rel(q, me)] = 1.0
            x[a["sinking"] + min(d["ship_position"], _D_SINK)] = 1.0
            x[a["sinking"] + _D_SINK + 1 + min(d["plane_position"], _D_SINK)] = 1.0
            if d["fissure"] is not None:
                lo, hi = d["fissure"]
                x[a["fissure"] + lo : a["fissure"] + hi + 1] = 1.0
            if d["fire"] is not None:
                lo, hi = d["fire"]
                x[a["fire"] + lo : a["fire"] + hi + 1] = 1.0
            x[a["escape_die"] + (d["die"] or 0)] = 1.0
        if d is None:
            x[a["sinking"]] = x[a["sinking"] + _D_SINK + 1] = 1.0
            x[a["escape_die"]] = 1.0
        x[a["target"]] = _clip(o["target"], 8)
        for q in o["winners"]:
            x[a["winners"] + self._rel(q, me)] = 1.0
        if o["ending"] is not None:
            x[a["ending"] + _D_ENDINGS.index(o["ending"])] = 1.0
        return x


# ------------------------------------------------------------------ Disaster on Everest
_DE_PHASES = (
    "hire guides",
    "draw guides",
    "draw clients",
    "draw event",
    "keep a token",
    "return a token",
    "roll",
    "buy or decline",
    "choose a target",
    "move",
    "order the queue entry",
    "choose a queue spot",
    "helicopter",
    "draw fate",
    "fate",
    "over",
)
_DE_PHASES_2P = (
    "bid for the event",
    "move a Blocked Ridge marker",
    "remove an opponent's block",
    "draw the First Player",
)
_DE_STEPS = ("setup", "draw", "buy", "move", "resolve", "end", "fate", "over")
_DE_PREP = ("none", "Prep 1/2", "Prep Ready")
_DE_OFF = ("queue", "lost", "dead", "removed")  # spaces -1..-4
_DE_TIRED = ("", "tired", "resting")
_DE_MARKER = ("", "Hillary Step", "Summit")
_DE_FATES = ("", "not supported", "died", "survived", "saved")  # "" is "none yet"
_DE_ZONES = ("", "lost", "near", "medium", "far", "death")
_DE_ROUNDS = ("", "clear", "storm")
_DE_MAX_TURNS = 150  # the engine's bound on turns
_DE_MAX_MOVE = 6
_DE_TOKENS = 36


class DisasterOnEverestEncoder(_Slices):
    """Disaster on Everest: the track, the team, the event tokens, the movement and fate
    steps; tokens are counted by name (``static_view()["tokens"]``).

    >>> import highcamp
    >>> game = highcamp.load_game("disaster-on-everest")
    >>> enc = DisasterOnEverestEncoder(game)
    >>> v = views(enc, enc.encode(game.new_initial_state(seed=1).observation(0)))
    >>> v["phase"].tolist().index(1.0), float(v["scalars"][3])  # draw event; container full
    (3, 1.0)
    """

    PHASES: tuple[str, ...] = _DE_PHASES
    MARKERS: tuple[str, ...] = _DE_MARKER

    def _extra_fields(self, view: dict[str, Any]) -> list[Field]:
        """Fields a game of the series adds after the shared ones (none on Everest)."""
        return []

    def _encode_extra(self, x: Tensor, observation: Mapping[str, Any]) -> None:
        """Write the fields of :meth:`_extra_fields`."""

    def __init__(self, game: Game) -> None:
        view = game.static_view()
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
        self.phases = self.PHASES + _DE_PHASES_2P if self.two else self.PHASES
        if self.two:
            self.max_points = max(c["points"] for t in view["seats"] for c in t["clients"])
        spaces = self.board + len(_DE_OFF)
        nt, ng, nc = len(self.tokens), self.ng, self.nc
        m = (ng + nc) * (2 if self.two else 1)  # members: one's own, then the opponent's
        nf = nc * (2 if self.two else 1)
        self._layout(
            [
                Field("phase", (len(self.phases),), "one-hot: " + ", ".join(self.phases)),
                Field("step", (len(_DE_STEPS),), "one-hot: " + ", ".join(_DE_STEPS)),
                Field("storm_track", (self.storm + 1,), "one-hot: storm track 0..10"),
                Field(
                    "scalars",
                    (7,),
                    "turn / 150; storm phase; storm pending; container / 36; prestige / max; "
                    "storm watch blanks / size; helicopter or fate pool / 36",
                ),
                Field("preparations", (len(_DE_PREP),), "one-hot: " + ", ".join(_DE_PREP)),
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
                    "per guide, one-hot: space, or " + ", ".join(_DE_OFF),
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
                    "per client, one-hot: space, or " + ", ".join(_DE_OFF),
                ),
                Field("tired", (nc, 3), "per client, one-hot: fresh, tired, resting"),
                Field(
                    "marker", (nc, 3), "per client, one-hot: none, " + ", ".join(self.MARKERS[1:])
                ),
                Field(
                    "fate",
                    (nc, len(_DE_FATES)),
                    "per client, one-hot: none yet, " + ", ".join(_DE_FATES[1:]),
                ),
                Field(
                    "round", (len(_DE_ROUNDS),), "one-hot: no round, clear-weather move, storm move"
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
                Field("fate_zone", (len(_DE_ZONES),), "one-hot: none, " + ", ".join(_DE_ZONES[1:])),
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
            Field("opponent_preparations", (len(_DE_PREP),), "one-hot: the opponent's"),
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
            Field("opponent_fate", (nc, len(_DE_FATES)), "per opponent client, one-hot"),
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
        x[a["step"] + _DE_STEPS.index(o["step"])] = 1.0
        x[a["storm_track"] + min(o["storm_track"], self.storm)] = 1.0
        s = a["scalars"]
        x[s] = _clip(o["turn"], _DE_MAX_TURNS)
        x[s + 1] = float(o["storm_phase"])
        x[s + 2] = float(o["storm_pending"])
        x[s + 3] = _clip(o["container"], _DE_TOKENS)
        x[s + 4] = _clip(o["prestige"], self.prestige)
        x[s + 5] = _clip(sum(t not in self.tokens for t in o["storm_watch"]), self.watch)
        x[s + 6] = _clip(o["fate"]["pool"], _DE_TOKENS)
        x[a["preparations"] + _DE_PREP.index(o["preparations"])] = 1.0
        for name in o["blocked"]:
            x[a["blocked"] + self.space_names.index(name)] = 1.0
        event = o["event"]
        if event is None:
            x[a["event"] + len(self.tokens)] = 1.0
        else:
            x[a["event"] + self.tokens.index(event["name"])] = 1.0
            x[a["event_cost_ridge"]] = _clip(event["cost"], self.max_cost)
            x[a["event_cost_ridge"] + 1] = _clip(event["ridge"], self.max_ridge)
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
        x[a["round"] + _DE_ROUNDS.index(mv["round"])] = 1.0
        x[a["option"] + ("abc".index(mv["option"]) if mv["option"] else 3)] = 1.0
        x[a["movement"]] = _clip(mv["guides_left"], max(self.ng, 1))
        x[a["movement"] + 1] = _clip(mv["clients_left"], max(self.nc, 1))
        x[a["movement"] + 2] = _clip(mv["remaining"], _DE_MAX_MOVE)
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
        x[a["fate_zone"] + (_DE_ZONES.index(zone) if zone in _DE_ZONES else 0)] = 1.0
        low, high = self.score_low, self.score_high
        x[a["score"]] = _clip(o["score"]["total"] - low, high - low)
        self._encode_extra(x, o)
        return x

    def _team(self, x: Tensor, prefix: str, guides: Any, clients: Any) -> None:
        """One team's guides and clients (``prefix``: "" or "opponent_")."""
        a = self._at
        width = 3 + len(self.skills)
        for i, g in enumerate(guides):
            at = a[prefix + "guides"] + i * width
            x[at] = _clip(g["movement"], _DE_MAX_MOVE)
            x[at + 1] = float(g["moved"])
            x[at + 2] = float(g["oxygen"])
            for skill in g["skills"]:
                x[at + 3 + self.skills.index(skill)] = 1.0
            x[a[prefix + "guide_space"] + i * self._spaces + self._space(g["space"])] = 1.0
        width = 4 + len(self.traits)
        for i, c in enumerate(clients):
            at = a[prefix + "clients"] + i * width
            x[at] = _clip(c["movement"], _DE_MAX_MOVE)
            x[at + 1] = _clip(c["points"], self.max_points)
            x[at + 2] = float(c["moved"])
            x[at + 3] = float(c["ams"])
            for trait in c["traits"]:
                x[at + 4 + self.traits.index(trait)] = 1.0
            x[a[prefix + "client_space"] + i * self._spaces + self._space(c["space"])] = 1.0
            x[a[prefix + "tired"] + i * 3 + _DE_TIRED.index(c["tired"])] = 1.0
            x[a[prefix + "marker"] + i * 3 + self.MARKERS.index(c["marker"])] = 1.0
            fate = c["fate"]
            kind = next((k for k in _DE_FATES[1:4] if fate.startswith(k)), "saved" if fate else "")
            x[a[prefix + "fate"] + i * len(_DE_FATES) + _DE_FATES.index(kind)] = 1.0

    def _opponent(self, x: Tensor, o: Mapping[str, Any]) -> None:
        """The two-player slices [15.*]: seats, bidding, the opponent's team."""
        a = self._at
        opp = o["opponent"]
        me = o["seat"]
        s = a["seats"]
        x[s] = float(o["first_player"] == me)
        x[s + 1] = float(o["moving"] == me)
        x[s + 2] = _clip(o["prestige"], self.prestige)
        x[s + 3] = _clip(opp["prestige"], self.prestige)
        bid = o["bidding"]
        if bid is not None:
            x[s + 4] = _clip(bid["next_bid"], self.prestige)
            x[s + 5] = _clip(bid["high_bid"], self.prestige)
            x[s + 6] = float(bid["high_bidder"] == me)
            x[s + 7] = float(bid["to_bid"] == me)
            x[s + 8] = float(bid["dropped_out"])
        x[a["opponent_preparations"] + _DE_PREP.index(opp["preparations"])] = 1.0
        nt = len(self.tokens)
        self._tokens(x, a["opponent_tokens"], opp["held"])
        self._tokens(x, a["opponent_tokens"] + nt, opp["kept"])
        self._team(x, "opponent_", opp["guides"], opp["clients"])
        pending = o["pending_block"]
        k = self.space_names.index(pending) if pending is not None else self.board
        x[a["pending_block"] + k] = 1.0
        low, high = self.score_low, self.score_high
        x[a["opponent_score"]] = _clip(opp["score"]["total"] - low, high - low)


# ------------------------------------------------------------------ Disaster on K2
_K2_PHASES = (
    "draw the Secret Goal",
    "choose climbers",
    "Noble Sacrifice",
    "descend from an avalanche space",
    "re-roll for a Lucky climber",
)
_K2_ROLLS = ("", "lost", "prep", "rope", "descent", "bivouac", "chimney")


class DisasterOnK2Encoder(DisasterOnEverestEncoder):
    """Disaster on K2: the Everest encoding (the Storm Watch is the Avalanche Track, the
    storm track the Darkness Track, the Hillary Step marker the Traverse marker) plus the
    Serac collapses, the ropes on avalanche spaces, the Flashlight, the Sherpa's Secret Goal,
    pending descents, bivouacs and the roll being made.

    >>> import highcamp
    >>> game = highcamp.load_game("disaster-on-k2", guide="sherpa")
    >>> enc = DisasterOnK2Encoder(game)
    >>> v = views(enc, enc.encode(game.new_initial_state(seed=1).observation(0)))
    >>> v["phase"].tolist().index(1.0), v["secret_goal"].tolist()  # the goal is drawn
    (16, [1.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    """

    PHASES = _DE_PHASES + _K2_PHASES
    MARKERS = ("", "Traverse", "Summit")

    def _extra_fields(self, view: dict[str, Any]) -> list[Field]:
        self.goals = [g["name"] for g in view["k2"]["goals"]]
        m = int(view["team"]["guides"]) + int(view["team"]["clients"])
        n = len(view["spaces"])
        return [
            Field("collapsed", (n,), "1 on each space with a Serac collapse (avalanche space)"),
            Field("ropes", (n, 2), "per space: an intact rope on top, a frayed rope on top"),
            Field("flashlight", (m + 1,), "one-hot: the member with the Flashlight, or none"),
            Field(
                "secret_goal",
                (len(self.goals) + 2,),
                "one-hot: no Secret Goal, or the goal drawn; then 1 if it is met now",
            ),
            Field("descents", (m,), "members waiting to descend from an avalanche space"),
            Field("bivouacked", (m,), "members who bivouacked"),
            Field("roll", (len(_K2_ROLLS),), "one-hot: the die roll being made, if any"),
            *(self._k2_two_player_fields(m) if self.two else []),
        ]

    def _k2_two_player_fields(self, m: int) -> list[Field]:
        """Two players [15.0]: the opponent's Flashlight, bivouacs and Secret Goal."""
        return [
            Field("opponent_flashlight", (m + 1,), "one-hot: the opponent's holder, or none"),
            Field("opponent_bivouacked", (m,), "the opponent's members who bivouacked"),
            Field(
                "opponent_goal",
                (len(self.goals) + 3,),
                "one-hot: no Secret Goal, face down, or the goal shown; then 1 if it is met",
            ),
        ]

    def _encode_extra(self, x: Tensor, observation: Mapping[str, Any]) -> None:
        a, o, k2 = self._at, observation, observation["k2"]
        members = {g["name"]: i for i, g in enumerate(o["guides"])}
        members.update({c["name"]: self.ng + i for i, c in enumerate(o["clients"])})
        for name in k2["collapsed"]:
            x[a["collapsed"] + self.space_names.index(name)] = 1.0
        for r in k2["ropes"]:
            x[a["ropes"] + self.space_names.index(r["space"]) * 2 + int(r["frayed"])] = 1.0
        m = self.ng + self.nc
        holder = k2["flashlight"]
        x[a["flashlight"] + (members[holder] if holder is not None else m)] = 1.0
        goal = k2["secret_goal"]
        if goal is None:
            x[a["secret_goal"]] = 1.0
        else:
            x[a["secret_goal"] + 1 + self.goals.index(goal["name"])] = 1.0
            x[a["secret_goal"] + 1 + len(self.goals)] = float(goal["achieved"])
        for name in k2["descents"]:
            x[a["descents"] + members[name]] = 1.0
        for name in k2["bivouacked"]:
            x[a["bivouacked"] + members[name]] = 1.0
        roll = k2["roll_for"]
        x[a["roll"] + (_K2_ROLLS.index(roll) if roll in _K2_ROLLS else 0)] = 1.0
        if self.two:
            self._encode_k2_opponent(x, o["opponent"])

    def _encode_k2_opponent(self, x: Tensor, opp: Mapping[str, Any]) -> None:
        a, k2, m = self._at, opp["k2"], self.ng + self.nc
        members = {g["name"]: i for i, g in enumerate(opp["guides"])}
        members.update({c["name"]: self.ng + i for i, c in enumerate(opp["clients"])})
        holder = k2["flashlight"]
        x[a["opponent_flashlight"] + (members[holder] if holder is not None else m)] = 1.0
        for name in k2["bivouacked"]:
            x[a["opponent_bivouacked"] + members[name]] = 1.0
        goal = k2["secret_goal"]
        if goal is None or goal == "hidden":
            x[a["opponent_goal"] + (0 if goal is None else 1)] = 1.0
        else:
            x[a["opponent_goal"] + 2 + self.goals.index(goal["name"])] = 1.0
            x[a["opponent_goal"] + 2 + len(self.goals)] = float(goal["achieved"])
