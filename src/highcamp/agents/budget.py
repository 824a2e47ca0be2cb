"""Budgets: how much search an agent may spend per move (iterations or seconds).

>>> Budget.parse("1000")
Budget(iterations=1000, seconds=None)
>>> Budget.parse("0.5s")
Budget(iterations=None, seconds=0.5)
>>> Budget.parse("fast")
Traceback (most recent call last):
...
ValueError: a budget is a number of iterations (1000) or seconds (2s), not 'fast'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Budget", "decision_clock", "use_clock"]

_CLOCK: list[Callable[[], float]] = [time.perf_counter]


def decision_clock() -> Callable[[], float]:
    """The clock a time-budgeted agent made now reads: the wall clock (``perf_counter``),
    unless :func:`use_clock` changed it.

    >>> decision_clock() is time.perf_counter
    True
    """
    return _CLOCK[0]


def use_clock(clock: Callable[[], float]) -> None:
    """Make agents made from now on in this process time their budgets by ``clock``.

    A strength benchmark on a shared machine passes ``time.thread_time`` (the thread's own
    CPU seconds), so that a decision gets the search a quiet machine would give it whatever
    the load; play keeps the wall clock (a player waits in wall-clock seconds).

    >>> use_clock(time.thread_time); decision_clock() is time.thread_time
    True
    >>> use_clock(time.perf_counter)
    """
    _CLOCK[0] = clock


@dataclass(frozen=True)
class Budget:
    """Iterations per move, or seconds per move (wall clock: not reproducible)."""

    iterations: int | None = None
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``"1000"`` (iterations) or ``"2s"`` / ``"0.5s"`` (seconds per move)."""
        t = text.strip().lower()
        try:
            if t.endswith("s"):
                seconds = float(t[:-1])
                if seconds > 0:
                    return cls(seconds=seconds)
            else:
                iterations = int(t)
                if iterations > 0:
                    return cls(iterations=iterations)
        except ValueError:
            pass
        raise ValueError(f"a budget is a number of iterations (1000) or seconds (2s), not {text!r}")

    def counter(
        self, start: float | None = None, clock: Callable[[], float] = time.perf_counter
    ) -> _Counter:
        """A fresh count-down for one move (a time budget runs from ``start``, a reading
        of ``clock``, by default now; tests give a clock that counts its calls).

        >>> ticks = iter(range(100))
        >>> c = Budget(seconds=3).counter(clock=lambda: float(next(ticks)))
        >>> runs = 0
        >>> while c.more():
        ...     runs += 1
        ...     c.done += 1
        >>> runs, c.deadline
        (3, 3.0)
        """
        return _Counter(self, start, clock)

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else str(self.iterations)


class _Counter:
    __slots__ = ("clock", "deadline", "done", "left", "started")

    def __init__(
        self,
        budget: Budget,
        start: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.clock = clock
        self.left = budget.iterations if budget.iterations is not None else -1
        self.started = clock() if start is None else start
        if budget.seconds is None:
            self.deadline: float | None = None
        else:
            self.deadline = self.started + budget.seconds
        self.done = 0

    def more(self) -> bool:
        """Whether another iteration fits (always at least one)."""
        if self.done == 0:
            return True
        if self.deadline is not None:
            return self.clock() < self.deadline
        return self.done < self.left
