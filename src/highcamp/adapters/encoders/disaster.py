"""Disaster from one seat (slices in docs/rl.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from highcamp.core import Game

from .base import Field, Slices, Tensor, clip, views  # noqa: F401  (views: for the doctests)

__all__ = ["DisasterEncoder"]


# ------------------------------------------------------------------------ Disaster
_D_MAX_ROUNDS = 16  # escape rounds beyond this are clipped


class DisasterEncoder(Slices):
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
        self.phases = tuple(view["phases"])
        self.areas = tuple(view["areas"])
        self.endings = tuple(view["endings"])
        self.chips = int(view["chips"])
        self.max_turns = int(view["max_turns"])
        # ship and plane: one-hot positions 0..5 (five rounds, one deduction each)
        self.sink = len(view["ship"]["deductions"])
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
                Field("phase", (len(self.phases),), "one-hot: " + ", ".join(self.phases)),
                Field("turn", (n,), "one-hot: seat whose turn it is"),
                Field("to_act", (n + 1,), "one-hot: seat to act, or nobody"),
                Field("turns", (1,), f"turns played / {self.max_turns} (the engine's limit)"),
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
                Field("supply", (1,), f"chips in the supply / {self.chips}"),
                Field("stand_in_chips", (1,), f"stand-in chips / {self.chips} (clipped)"),
                Field("deck", (2,), "cards in the deck / 20; of them under the bottom / 20"),
                Field("drawn", (nc + 2,), "one-hot: the drawn card, hidden (another's), none"),
                Field("dice", (2, 7), "per die, one-hot: not rolled, or face 1..6"),
                Field(
                    "area",
                    (len(self.areas) + 1,),
                    "one-hot: disaster area (" + ", ".join(self.areas) + "), or none",
                ),
                Field("caused_by", (n,), "one-hot: seat that caused the disaster"),
                Field("round", (1,), "escape round / 16 (clipped)"),
                Field("escaping", (n,), "seats still escaping"),
                Field("to_roll", (n,), "seats still to roll this round"),
                Field(
                    "sinking", (2, self.sink + 1), f"ship, plane: one-hot position 0..{self.sink}"
                ),
                Field("fissure", (self.quake,), "1 on each open earthquake space"),
                Field("fire", (self.fire,), "1 on each burning space of the fire row"),
                Field("escape_die", (7,), "one-hot: none, or the die to move by 1..6"),
                Field("target", (1,), "chips to win / 8"),
                Field("winners", (n,), "winning seats (at the end)"),
                Field("ending", (len(self.endings),), "one-hot: " + ", ".join(self.endings)),
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
        x[a["phase"] + self.phases.index(o["phase"])] = 1.0
        x[a["turn"] + self._rel(o["turn"], me)] = 1.0
        act = o["to_act"]
        x[a["to_act"] + (self._rel(act, me) if act >= 0 else n)] = 1.0
        x[a["turns"]] = clip(o["turns"], self.max_turns)
        for p in players:
            q = self._rel(p["seat"], me)
            pos = p["position"]
            x[a["position"] + q * (self.spaces + 1) + (pos if pos >= 0 else self.spaces)] = 1.0
            start = p["start"]
            corner = self.corners.index(start) if start in self.corners else len(self.corners)
            x[a["start"] + q * (len(self.corners) + 1) + corner] = 1.0
            x[a["chips"] + q] = clip(p["chips"], self.target)
            x[a["holds_card"] + q] = float(p["holds_card"])
            x[a["escapes"] + q] = clip(p["escapes"], self.target)
            x[a["perishings"] + q] = clip(p["perishings"], self.target)
        shown = [p["card"] for p in players if p["card"] is not None]  # only one's own
        x[a["card"] + (self.cards.index(shown[0]) if shown else nc)] = 1.0
        x[a["supply"]] = clip(o["supply"], self.chips)
        x[a["stand_in_chips"]] = clip(o["stand_in_chips"], self.chips)
        x[a["deck"]] = clip(o["deck_size"], nc)
        x[a["deck"] + 1] = clip(o["deck_bottom"], nc)
        drawn = o["drawn"]
        slot = nc + 1 if drawn is None else nc if drawn == "hidden" else self.cards.index(drawn)
        x[a["drawn"] + slot] = 1.0
        dice = o["dice"]
        for i in range(2):
            x[a["dice"] + i * 7 + (dice[i] if i < len(dice) else 0)] = 1.0
        d = o["disaster"]
        if d is None:
            x[a["area"] + len(self.areas)] = 1.0
        else:
            x[a["area"] + self.areas.index(d["area"])] = 1.0
            x[a["caused_by"] + self._rel(d["caused_by"], me)] = 1.0
            x[a["round"]] = clip(d["round"], _D_MAX_ROUNDS)
            for q in d["escaping"]:
                x[a["escaping"] + self._rel(q, me)] = 1.0
            for q in d["to_roll"]:
                x[a["to_roll"] + self._rel(q, me)] = 1.0
            x[a["sinking"] + min(d["ship_position"], self.sink)] = 1.0
            x[a["sinking"] + self.sink + 1 + min(d["plane_position"], self.sink)] = 1.0
            if d["fissure"] is not None:
                lo, hi = d["fissure"]
                x[a["fissure"] + lo : a["fissure"] + hi + 1] = 1.0
            if d["fire"] is not None:
                lo, hi = d["fire"]
                x[a["fire"] + lo : a["fire"] + hi + 1] = 1.0
            x[a["escape_die"] + (d["die"] or 0)] = 1.0
        if d is None:
            x[a["sinking"]] = x[a["sinking"] + self.sink + 1] = 1.0
            x[a["escape_die"]] = 1.0
        x[a["target"]] = clip(o["target"], 8)
        for q in o["winners"]:
            x[a["winners"] + self._rel(q, me)] = 1.0
        if o["ending"] is not None:
            x[a["ending"] + self.endings.index(o["ending"])] = 1.0
        return x
