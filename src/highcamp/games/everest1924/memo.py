"""The solver's memo as sorted fingerprints, and the policy file that keeps it.

A solved position is remembered by the 64-bit fingerprint of its packed key
(:func:`fingerprint`): the memo is a sorted ``uint64`` array with the values beside it,
searched by bisection (a few microseconds). The policy file is that pair written raw after a
small JSON header (no pickle): ``HCPOLICY``, the header's length, the header (format, sheet
hash, figures, collisions found), then the fingerprints and the values as ``float32``, both
opened memory-mapped, so a policy of 30 million positions (365 MB) opens in milliseconds.

>>> import numpy as np
>>> memo = Memo(np.array([3, 9], np.uint64), np.array([1.5, 2.5]))
>>> memo.find_fingerprint(9), memo.find_fingerprint(4), len(memo)
(2.5, None, 2)
"""

from __future__ import annotations

import json
import os
from array import array
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

import numpy as np

MASK64 = (1 << 64) - 1
SEED1 = 0x9E3779B97F4A7C15
SEED2 = 0xD1B54A32D192ED03
CHECK_MULTIPLIER = 0x100000001B3
STEP_MULTIPLIER = 0x9FB21C651E98DF25
MAGIC = b"HCPOLICY"
FORMAT = 5  # bumped whenever the key of a position or the file's layout changes
_ALIGN = 64


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _step(h: int, w: int) -> int:
    h = ((h ^ w) * STEP_MULTIPLIER) & MASK64
    return h ^ (h >> 32)


def fingerprint(words: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """The 64-bit fingerprint (never 0) and the 8-bit check hash of a packed key's words
    (the header word, then the route items): the header with the item count, then the items
    two to a 64-bit word, each folded in by a multiply and a shift, the end mixed; the check
    hash is an independent polynomial hash of the same words.

    >>> fingerprint([1 << 24]) != fingerprint([1 << 24, 0])
    True
    """
    items = list(words[1:])
    h1 = _step(SEED1, words[0] | len(items) << 32)
    h2 = (SEED2 * CHECK_MULTIPLIER + (words[0] | len(items) << 32)) & MASK64
    for i in range(0, len(items), 2):
        w = items[i] | (items[i + 1] << 32 if i + 1 < len(items) else 0)
        h1 = _step(h1, w)
        h2 = (h2 * CHECK_MULTIPLIER + w) & MASK64
    return (_mix(h1) or 1), _mix(h2) >> 56


class Memo(MutableMapping[bytes, float]):
    """Values of positions by packed key (``solver._pack``): solved segments of sorted
    fingerprints with their values (the policy, and positions solved later on demand), and
    a small dict of positions the Python solver adds.

    Iterating gives each solved position's fingerprint (8 bytes), then the packed keys the
    Python solver added.
    """

    def __init__(self, fingerprints: np.ndarray, values: np.ndarray) -> None:
        self.segments: list[tuple[np.ndarray, np.ndarray]] = [(fingerprints, values)]
        self.extra: dict[bytes, float] = {}
        # solves a position the memo does not hold (adding its positions), where a solver
        # is given (``solver.compiled_subsolve``); else the Python solver fills ``extra``
        self.subsolve: Callable[[Any, Any], float] | None = None

    def add_segment(self, fingerprints: np.ndarray, values: np.ndarray) -> None:
        """Remember more solved positions (sorted fingerprints and their values)."""
        if fingerprints.shape[0]:
            self.segments.append((fingerprints, values))

    def find_fingerprint(self, fp: int) -> float | None:
        """The value stored under the fingerprint ``fp``, if any."""
        key = np.uint64(fp)
        for fps, vals in self.segments:
            i = int(np.searchsorted(fps, key))
            if i < fps.shape[0] and fps[i] == key:
                return float(vals[i])
        return None

    def get(self, key: bytes, default: Any = None) -> Any:
        v = self.extra.get(key)
        if v is not None:
            return v
        found = self.find_fingerprint(fingerprint(array("I", key).tolist())[0])
        return default if found is None else found

    def __getitem__(self, key: bytes) -> float:
        v = self.get(key)
        if v is None:
            raise KeyError(key)
        return float(v)

    def __setitem__(self, key: bytes, value: float) -> None:
        self.extra[key] = value

    def __delitem__(self, key: bytes) -> None:
        del self.extra[key]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, bytes) and self.get(key) is not None

    def __iter__(self) -> Iterator[bytes]:
        for fps, _ in self.segments:
            for fp in fps:
                yield int(fp).to_bytes(8, "little")
        yield from self.extra

    def __len__(self) -> int:
        return sum(int(fps.shape[0]) for fps, _ in self.segments) + len(self.extra)


def write_policy(path: Path, header: dict[str, Any], fps: np.ndarray, values: np.ndarray) -> int:
    """Write a policy file atomically (a partial file never replaces a good one); checks
    that the fingerprints are strictly increasing (a repeated one would be a collision of
    two positions) and returns the file's size."""
    if fps.shape[0] > 1 and not bool(np.all(fps[1:] > fps[:-1])):
        raise ValueError("the fingerprints are not strictly increasing: two positions collide")
    head = dict(header, format=FORMAT, count=int(fps.shape[0]))
    text = json.dumps(head, sort_keys=True).encode()
    start = -(-(len(MAGIC) + 8 + len(text)) // _ALIGN) * _ALIGN
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as f:
            f.write(MAGIC + len(text).to_bytes(8, "little") + text)
            f.write(b"\0" * (start - f.tell()))
            step = 1 << 22
            for i in range(0, fps.shape[0], step):
                f.write(np.ascontiguousarray(fps[i : i + step], np.uint64).tobytes())
            for i in range(0, values.shape[0], step):
                f.write(np.asarray(values[i : i + step], np.float32).tobytes())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path.stat().st_size


def read_policy(path: Path) -> tuple[dict[str, Any], np.ndarray, np.ndarray]:
    """The header, fingerprints and values of a policy file, memory-mapped; ``ValueError``
    names what is wrong with a file that is not one."""
    with path.open("rb") as f:
        magic = f.read(len(MAGIC))
        if magic != MAGIC:
            raise ValueError("not a highcamp policy file")
        size = int.from_bytes(f.read(8), "little")
        if size > 1 << 20:
            raise ValueError("the header is too long")
        try:
            head = json.loads(f.read(size))
        except ValueError as err:
            raise ValueError(f"the header is not JSON: {err}") from None
    if not isinstance(head, dict):
        raise ValueError("the header is not a JSON object")
    if head.get("format") != FORMAT:
        raise ValueError("a policy of another version of highcamp")
    n = int(head["count"])
    start = -(-(len(MAGIC) + 8 + size) // _ALIGN) * _ALIGN
    if path.stat().st_size != start + 12 * n:
        raise ValueError("the file is truncated")
    if n == 0:
        return head, np.zeros(0, np.uint64), np.zeros(0, np.float32)
    fps = np.memmap(path, dtype=np.uint64, mode="r", offset=start, shape=(n,))
    values = np.memmap(path, dtype=np.float32, mode="r", offset=start + 8 * n, shape=(n,))
    return head, fps, values
