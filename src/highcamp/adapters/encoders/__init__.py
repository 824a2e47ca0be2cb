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

from collections.abc import Callable

from highcamp.core import Game

from .base import Encoder, Field, Slices, Tensor, clip, views
from .disaster import DisasterEncoder
from .disaster_campaign import DisasterCampaignEncoder
from .disaster_on_everest import DisasterOnEverestEncoder
from .disaster_on_k2 import DisasterOnK2Encoder
from .everest1924 import Everest1924Encoder
from .everest_go import EverestGoEncoder
from .hashed import HashedEncoder

__all__ = [
    "ENCODERS",
    "DisasterCampaignEncoder",
    "DisasterEncoder",
    "DisasterOnEverestEncoder",
    "DisasterOnK2Encoder",
    "Encoder",
    "Everest1924Encoder",
    "EverestGoEncoder",
    "Field",
    "HashedEncoder",
    "Slices",
    "Tensor",
    "clip",
    "encoder_for",
    "views",
]


def _disaster_campaign(game: Game) -> Encoder:
    """The campaign's encoder, which encodes each mountain with that mountain's encoder."""
    return DisasterCampaignEncoder(game, encoder_for)


ENCODERS: dict[str, Callable[[Game], Encoder]] = {
    "everest-1924": Everest1924Encoder,
    "everest-go": EverestGoEncoder,
    "disaster": DisasterEncoder,
    "disaster-on-everest": DisasterOnEverestEncoder,
    "disaster-on-k2": DisasterOnK2Encoder,
    "disaster-campaign": _disaster_campaign,
}
"""Per-game encoders by game id; games not listed use :class:`HashedEncoder`."""


def encoder_for(game: Game) -> Encoder:
    """The encoder of ``game`` (its own, or the hashed fallback)."""
    factory = ENCODERS.get(game.info.id)
    if factory is None:
        return HashedEncoder(game)
    return factory(game)
