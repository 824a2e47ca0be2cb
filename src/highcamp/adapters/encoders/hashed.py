"""The generic fallback encoder: any JSON observation hashed into buckets (CRC-32 of each
leaf's path, stable across runs). A game without its own encoder gets it, so a newly
registered game works at once with the adapters."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from highcamp.core import Game

from .base import Field, Tensor

__all__ = ["HashedEncoder"]


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
