"""The per-game encoders' former home, kept so that older imports keep working: they live
in the package :mod:`highcamp.adapters.encoders`, a module per game."""

from __future__ import annotations

from .encoders import (
    DisasterEncoder,
    DisasterOnEverestEncoder,
    DisasterOnK2Encoder,
    EverestGoEncoder,
    Field,
    views,
)

__all__ = [
    "DisasterEncoder",
    "DisasterOnEverestEncoder",
    "DisasterOnK2Encoder",
    "EverestGoEncoder",
    "Field",
    "views",
]
