"""The Everest 1924 sheet as planes and one-hots (slices in :mod:`highcamp.adapters.encoders`).

The sheet's rows, targets and the phases come from ``game.static_view()``; the tensor from
``state.observation(player)`` only.

>>> import highcamp
>>> enc = Everest1924Encoder(highcamp.load_game("everest-1924"))
>>> enc.size, enc.fields[0].name
(740, 'phase')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from highcamp.core import Game

from .base import Field, Tensor

__all__ = ["Everest1924Encoder"]

_MAX_DICE = 6
_MAX_CAMPS = 4
_MAX_TARGET = 36.0
_SCORE_SCALE = 100.0


class Everest1924Encoder:
    """The Everest 1924 sheet as planes and one-hots (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        view = game.static_view()
        self.phases = tuple(view["phases"])
        rows = view["rows"]
        self.rows = len(rows)
        self.width = max(r["last"] for r in rows) + 1
        self.fields: tuple[Field, ...] = (
            Field("phase", (len(self.phases),), "one-hot: " + ", ".join(self.phases)),
            Field("row", (self.rows,), "one-hot: the climber's row"),
            Field("column", (self.width,), "one-hot: the climber's column"),
            Field("route", (self.rows, self.width), "1 on every marked square"),
            Field("highest_row", (self.rows,), "one-hot: highest row reached"),
            Field("camps_used", (_MAX_CAMPS + 1,), "one-hot: camps made, 0..4"),
            Field("dice_count", (_MAX_DICE + 1,), "one-hot: dice unlocked, 0..6"),
            Field("dice", (_MAX_DICE, 7), "per slot, one-hot: empty, or face 1..6"),
            Field("pending", (_MAX_DICE,), "1 for each slot still to be rolled"),
            Field(
                "scalars",
                (6,),
                "rerolled; next target/36; best straight/36; camp available; score/100; "
                "ascent odds",
            ),
        )
        self.size = sum(f.size for f in self.fields)
        squares = sum(r["last"] - r["first"] + 1 for r in rows)
        # every entry is in [0, 1] but the score: 2 x highest target - squares (+ camps)
        self.bounds = (-squares / _SCORE_SCALE, max(1.0, (2 * rows[-1]["target"] + 20) / 100))
        self._offsets: dict[str, int] = {}
        offset = 0
        for f in self.fields:
            self._offsets[f.name] = offset
            offset += f.size

    def encode(
        self, observation: Mapping[str, Any], out: Tensor | None = None, player: int | None = None
    ) -> Tensor:
        """The tensor of one observation of Everest 1924."""
        x = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            x.fill(0.0)
        o = self._offsets
        x[o["phase"] + self.phases.index(observation["phase"])] = 1.0
        row, col = observation["position"]
        x[o["row"] + row] = 1.0
        x[o["column"] + col] = 1.0
        for r, c in observation["route"]:
            x[o["route"] + r * self.width + c] = 1.0
        x[o["highest_row"] + observation["highest_row"]] = 1.0
        x[o["camps_used"] + observation["camps_used"]] = 1.0
        x[o["dice_count"] + observation["dice_count"]] = 1.0
        dice = observation["dice"]
        for slot in range(_MAX_DICE):
            face = dice[slot] if slot < len(dice) else None
            x[o["dice"] + slot * 7 + (face or 0)] = 1.0
        for slot in observation["pending"]:
            x[o["pending"] + slot] = 1.0
        s = o["scalars"]
        x[s] = float(observation["rerolled"])
        x[s + 1] = (observation["next_target"] or 0) / _MAX_TARGET
        x[s + 2] = observation["best_straight"] / _MAX_TARGET
        x[s + 3] = float(observation["camp_available"])
        x[s + 4] = observation["score"] / _SCORE_SCALE
        x[s + 5] = observation["ascent_odds"] or 0.0
        return x
