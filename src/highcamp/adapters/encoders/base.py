"""The pieces every observation encoder is made of: a tensor's named slices
(:class:`Field`), the :class:`Encoder` protocol, :func:`views` of a tensor by slice, and
:class:`Slices`, which lays fields end to end.

>>> f = Field("dice", (6, 7), "per slot, one-hot: empty, or face 1..6")
>>> f.size
42
>>> clip(12, 8), clip(-1, 8), clip(2, 8)
(1.0, 0.0, 0.25)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

__all__ = ["Encoder", "Field", "Slices", "Tensor", "clip", "views"]

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


class Slices:
    """Fields laid end to end, with writers by field name."""

    fields: tuple[Field, ...]

    def _layout(self, fields: list[Field]) -> None:
        """Lay ``fields`` end to end: ``size``, ``bounds`` (0, 1) and each field's offset."""
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


def clip(value: float, cap: float) -> float:
    """``value`` clipped to ``[0, cap]`` and divided by ``cap`` (an entry in [0, 1])."""
    return min(max(value, 0.0), cap) / cap
