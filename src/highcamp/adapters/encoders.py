"""Observation tensors: a fixed-shape ``float32`` vector per game and options.

A tensor is built **only** from ``state.observation(player)``, the JSON-able view the game
already strips of what ``player`` cannot see, so it can never contain hidden information.
The shape depends on the game and its options only (never on the state).

Encoders are looked up by game id in :data:`ENCODERS`; a game without one gets the
generic :class:`HashedEncoder`, so a newly registered game works at once.

>>> import highcamp
>>> game = highcamp.load_game("everest-1924")
>>> encoder = encoder_for(game)
>>> encoder.size
740
>>> [f.name for f in encoder.fields][:3]
['phase', 'row', 'column']
>>> state = game.new_initial_state(seed=1)
>>> x = encoder.encode(state.observation(0))
>>> x.shape, float(x[0])  # phase "start"
((740,), 1.0)

Per-game encoders
-----------------
``everest-1924`` (:class:`Everest1924Encoder`; ``R`` rows and ``W`` columns of the sheet,
15 x 40 on the standard sheet). Slices, in order:

* ``phase`` (4): one-hot of start, rolling, decide, over.
* ``row`` (R), ``column`` (W): one-hot of the climber's square.
* ``route`` (R x W): 1 on every marked square (the circles drawn so far).
* ``highest_row`` (R): one-hot of the highest row reached.
* ``camps_used`` (5): one-hot of 0..4 camps made.
* ``dice_count`` (7): one-hot of the dice unlocked (0..6).
* ``dice`` (6 x 7): per dice slot, one-hot of empty (discarded, not rolled or no turn) or
  face 1..6.
* ``pending`` (6): 1 for each slot still to be rolled.
* ``scalars`` (6): rerolled this turn; next target / 36; best straight / 36; camp
  available; score / 100; ascent odds from here (the best reroll policy's chance).

``disaster-campaign``: :class:`~highcamp.adapters.campaign_encoder.DisasterCampaignEncoder`
(the campaign's slices, then each mountain's encoder).

``everest-go``, ``disaster``, ``disaster-on-everest``: :mod:`highcamp.adapters.game_encoders`
(:class:`~highcamp.adapters.game_encoders.EverestGoEncoder`, ``DisasterEncoder``,
``DisasterOnEverestEncoder``), every entry in [0, 1]; their slices are listed in docs/rl.md
and by ``fields``. ``encode`` takes the observing ``player`` too: Disaster's observation does
not name its observer, so its encoder reads the seat from there (the adapters pass it).

Generic fallback
----------------
:class:`HashedEncoder` (512 floats by default) flattens the observation into leaves named
by their path (``dice.2``, ``players.1.score``) and hashes them (CRC-32, stable across runs)
into buckets: a number or boolean adds its value to the bucket of its path; a string adds
1 to the bucket of ``path=value``; ``null`` adds nothing. Numbers are not rescaled. It loses
information to collisions and ignores structure: write a per-game encoder for serious
training (a class with ``fields``, ``size`` and ``encode``, added to :data:`ENCODERS`).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from highcamp.core import Game

__all__ = [
    "ENCODERS",
    "Encoder",
    "Everest1924Encoder",
    "Field",
    "HashedEncoder",
    "encoder_for",
]

Tensor = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    """A named slice of an observation tensor: its shape and what its values mean."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """Number of floats in the slice."""
        return int(np.prod(self.shape))


class Encoder(Protocol):
    """Turns ``state.observation(player)`` into a fixed-shape ``float32`` vector."""

    @property
    def fields(self) -> tuple[Field, ...]:
        """The slices of the tensor, in order."""
        ...

    @property
    def size(self) -> int:
        """Length of the tensor (the sum of the fields' sizes)."""
        ...

    @property
    def bounds(self) -> tuple[float, float]:
        """Lowest and highest value any entry can take (``-inf``/``inf`` if unbounded)."""
        ...

    def encode(
        self, observation: Mapping[str, Any], out: Tensor | None = None, player: int | None = None
    ) -> Tensor:
        """The tensor of ``player``'s observation (written into ``out`` when given).

        ``player`` is not hidden from the player: an encoder whose game's observation does
        not name its observer (Disaster) reads it from there; the others ignore it."""
        ...


def views(encoder: Encoder, tensor: Tensor) -> dict[str, Tensor]:
    """Named, reshaped views (no copies) of the fields of ``tensor``."""
    out: dict[str, Tensor] = {}
    offset = 0
    for f in encoder.fields:
        out[f.name] = tensor[offset : offset + f.size].reshape(f.shape)
        offset += f.size
    return out


# ------------------------------------------------------------------ Everest 1924
_PHASES = ("start", "rolling", "decide", "over")
_MAX_DICE = 6
_MAX_CAMPS = 4
_MAX_TARGET = 36.0
_SCORE_SCALE = 100.0


class Everest1924Encoder:
    """The Everest 1924 sheet as planes and one-hots (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        view = game.static_view()
        rows = view["rows"]
        self.rows = len(rows)
        self.width = max(r["last"] for r in rows) + 1
        self.fields: tuple[Field, ...] = (
            Field("phase", (4,), "one-hot: start, rolling, decide, over"),
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
        x[o["phase"] + _PHASES.index(observation["phase"])] = 1.0
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


# ------------------------------------------------------------------ generic fallback
class HashedEncoder:
    """Any JSON observation hashed into ``size`` buckets (the documented fallback).

    >>> enc = HashedEncoder(None, size=16)
    >>> a = enc.encode({"hand": ["a", "b"], "score": 3})
    >>> a.shape, float(a.sum())
    ((16,), 5.0)
    """

    def __init__(self, game: Game | None, size: int = 512) -> None:
        self.size = size
        self.bounds = (-np.inf, np.inf)
        self.fields: tuple[Field, ...] = (
            Field("hashed", (size,), "leaves of the observation hashed by path (CRC-32)"),
        )

    @staticmethod
    def _bucket(key: str, size: int) -> int:
        return zlib.crc32(key.encode("utf-8")) % size

    def encode(
        self, observation: Mapping[str, Any], out: Tensor | None = None, player: int | None = None
    ) -> Tensor:
        """The hashed tensor of one observation."""
        x = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            x.fill(0.0)
        stack: list[tuple[str, Any]] = [("", observation)]
        while stack:
            path, value = stack.pop()
            if isinstance(value, Mapping):
                stack.extend((f"{path}.{k}" if path else str(k), v) for k, v in value.items())
            elif isinstance(value, list | tuple):
                stack.extend((f"{path}.{i}", v) for i, v in enumerate(value))
            elif isinstance(value, bool | int | float):
                x[self._bucket(path, self.size)] += float(value)
            elif isinstance(value, str):
                x[self._bucket(f"{path}={value}", self.size)] += 1.0
        return x


def _everest_go(game: Game) -> Encoder:
    from .game_encoders import EverestGoEncoder

    return EverestGoEncoder(game)


def _disaster(game: Game) -> Encoder:
    from .game_encoders import DisasterEncoder

    return DisasterEncoder(game)


def _disaster_on_everest(game: Game) -> Encoder:
    from .game_encoders import DisasterOnEverestEncoder

    return DisasterOnEverestEncoder(game)


def _disaster_on_k2(game: Game) -> Encoder:
    from .game_encoders import DisasterOnK2Encoder

    return DisasterOnK2Encoder(game)


def _disaster_campaign(game: Game) -> Encoder:
    from .campaign_encoder import DisasterCampaignEncoder

    return DisasterCampaignEncoder(game)


ENCODERS: dict[str, Callable[[Game], Encoder]] = {
    "everest-1924": Everest1924Encoder,
    "everest-go": _everest_go,
    "disaster": _disaster,
    "disaster-on-everest": _disaster_on_everest,
    "disaster-on-k2": _disaster_on_k2,
    "disaster-campaign": _disaster_campaign,
}
"""Per-game encoders by game id; games not listed use :class:`HashedEncoder`."""


def encoder_for(game: Game) -> Encoder:
    """The encoder of ``game`` (its own, or the hashed fallback)."""
    factory = ENCODERS.get(game.info.id)
    if factory is None:
        return HashedEncoder(game)
    return factory(game)
