"""Disaster on K2: the series' encoding plus K2's own slices (docs/rl.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Field, Slices, Tensor, clip, views  # noqa: F401  (views: for the doctests)
from .disaster_on_everest import DisasterOnEverestEncoder

__all__ = ["DisasterOnK2Encoder"]


class DisasterOnK2Encoder(DisasterOnEverestEncoder):
    """Disaster on K2: the Everest encoding (the Storm Watch is the Avalanche Track, the
    storm track the Darkness Track, the Hillary Step marker the Traverse marker) plus the
    Serac collapses, the ropes on avalanche spaces, the Flashlight, the Sherpa's Secret Goal,
    pending descents, bivouacs and the roll being made (K2's phases, rolls and markers from
    ``static_view()["k2"]`` and its vocabulary).

    >>> import highcamp
    >>> game = highcamp.load_game("disaster-on-k2", guide="sherpa")
    >>> enc = DisasterOnK2Encoder(game)
    >>> v = views(enc, enc.encode(game.new_initial_state(seed=1).observation(0)))
    >>> v["phase"].tolist().index(1.0), v["secret_goal"].tolist()  # the goal is drawn
    (16, [1.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    """

    def _extra_fields(self, view: dict[str, Any]) -> list[Field]:
        self.goals = [g["name"] for g in view["k2"]["goals"]]
        self.rolls: list[str] = ["", *view["k2"]["rolls"]]  # "" is "no roll"
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
            Field("roll", (len(self.rolls),), "one-hot: the die roll being made, if any"),
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
        x[a["roll"] + (self.rolls.index(roll) if roll in self.rolls else 0)] = 1.0
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
