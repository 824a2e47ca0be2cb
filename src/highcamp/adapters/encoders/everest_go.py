"""Everest Go! from one seat (slices in docs/rl.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np

from highcamp.core import Game

from .base import Field, Slices, Tensor, clip, views  # noqa: F401  (views: for the doctests)

__all__ = ["EverestGoEncoder"]


# ------------------------------------------------------------------------ Everest Go!
_GO_MAX_HAND = 6  # hand sizes above this are clipped (the rule is three cards)
_TARGET = re.compile(r"target seat (\d+)(?: (.+))?$")


class EverestGoEncoder(Slices):
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
        self.phases = tuple(view["phases"])
        self.endings = tuple(view["endings"])
        self.exhaustions = int(view["exhaustions_to_end"])
        self.kinds = [k["name"] for k in view["kinds"]]
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.copies = np.array([max(k["copies"], 1) for k in view["kinds"]], np.float32)
        self.parts = list(view["parts"])
        garments = [k for k in view["kinds"] if k["name"].rsplit(" ", 1)[0] in self.parts]
        self.max_value = max(k["points"] for k in garments)  # garments score 1..4
        self.max_height = max(  # every garment of a body part in one stack
            sum(k["copies"] for k in garments if k["name"].startswith(part + " "))
            for part in self.parts
        )
        # the special items: the kinds worth points that are no garment (Oxygen, Flag)
        self.items = [k["name"] for k in view["kinds"] if k["points"] and k not in garments]
        self.pair = max(k["copies"] for k in garments)  # copies of one garment
        self.cold = max(k["copies"] for k in view["kinds"] if k["name"] == "Cold")
        self.slots = self.parts + self.items
        self.perfect = bool(game.options.get("perfect_recall"))
        nk, n, np_ = len(self.kinds), self.n, len(self.parts)
        fields = [
            Field("phase", (len(self.phases),), "one-hot: " + ", ".join(self.phases)),
            Field("turn", (n,), "one-hot: relative seat whose turn it is"),
            Field("to_act", (n + 1,), "one-hot: relative seat to act, or nobody (chance, over)"),
            Field("hand", (nk,), "own hand: copies of each kind / the kind's copies"),
            Field(
                "top",
                (n, np_, self.max_value + 1),
                f"per seat and part: empty, or top 1..{self.max_value}",
            ),
            Field(
                "height", (n, np_), f"per seat and part: garments in the stack / {self.max_height}"
            ),
            Field("frozen", (n, np_), "per seat and part: 1 if frozen (Hypothermia)"),
            Field(
                "special_items",
                (n, len(self.items)),
                "per seat: holds " + ", holds ".join(self.items),
            ),
            Field("cold", (n,), f"per seat: Cold cards / {self.cold}"),
            Field("hand_size", (n,), "per seat: cards in hand / 6 (clipped)"),
            Field("can_shout", (n,), "per seat: 1 if EVEREST! may be shouted"),
            Field("deck", (1,), "cards in the deck / all the game's cards (copies summed)"),
            Field("discard", (nk,), "discard pile: copies of each kind / the kind's copies"),
            Field("box", (nk,), "box: copies of each kind / the kind's copies"),
            Field(
                "exhaustions",
                (self.exhaustions + 1,),
                f"one-hot: deck exhaustions 0..{self.exhaustions}",
            ),
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
            Field(
                "ending",
                (len(self.endings),),
                "one-hot: " + ", ".join(self.endings) + " (none before the end)",
            ),
            Field("winners", (n,), "seats that won (at the end)"),
        ]
        if self.perfect:
            fields += [
                Field(
                    "garments",
                    (n, np_, self.max_value),
                    f"perfect_recall: per seat and part, garments of value 1..{self.max_value} in the "
                    f"stack / {self.pair}",
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
        x[a["phase"] + self.phases.index(o["phase"])] = 1.0
        x[a["turn"] + self._rel(o["turn"], me)] = 1.0
        act = o["to_act"]
        x[a["to_act"] + (self._rel(act, me) if act >= 0 else n)] = 1.0
        self._counts(x, a["hand"], o["hand"])
        for m in o["mountaineers"]:
            q = self._rel(m["seat"], me)
            for s, part in enumerate(m["parts"]):
                top = part["top"]
                value = int(top.rsplit(" ", 1)[1]) if top else 0
                x[a["top"] + (q * np_ + s) * (self.max_value + 1) + value] = 1.0
                x[a["height"] + q * np_ + s] = clip(part["height"], self.max_height)
                x[a["frozen"] + q * np_ + s] = float(part["frozen"])
            for item in m["special_items"]:
                x[a["special_items"] + q * len(self.items) + self.items.index(item)] = 1.0
            x[a["cold"] + q] = clip(m["cold"], self.cold)
            x[a["hand_size"] + q] = clip(m["hand_size"], _GO_MAX_HAND)
            x[a["can_shout"] + q] = float(m["can_shout"])
        x[a["deck"]] = clip(o["deck"], self._deck_scale)
        self._counts(x, a["discard"], [k for k, c in o["discard"].items() for _ in range(c)])
        self._counts(x, a["box"], [k for k, c in o["box"].items() for _ in range(c)])
        x[a["exhaustions"] + min(o["exhaustions"], self.exhaustions)] = 1.0
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
            x[a["ending"] + self.endings.index(o["ending"])] = 1.0
        for q in o.get("winners", ()):
            x[a["winners"] + self._rel(q, me)] = 1.0
        if self.perfect:
            for q0, stacks in enumerate(o["garments"]):
                q = self._rel(q0, me)
                for s, stack in enumerate(stacks):
                    for name in stack:
                        value = int(name.rsplit(" ", 1)[1])
                        x[a["garments"] + (q * np_ + s) * self.max_value + value - 1] += (
                            1.0 / self.pair
                        )
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
