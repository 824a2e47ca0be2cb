"""Score sheets and score charts: :class:`ScoreLine`, :class:`ScoreBreakdown`,
:class:`ScoreBand` and :func:`chart_from_minimums`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ScoreBand", "ScoreBreakdown", "ScoreLine", "chart_from_minimums"]


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score sheet: a label, the points, and the rule that scores them."""

    label: str
    points: int | float
    rule: str = ""


@dataclass(frozen=True)
class ScoreBreakdown:
    """A player's score, line by line, with its total and (where the game has one) band."""

    player: int
    lines: tuple[ScoreLine, ...]
    total: int | float
    band: str | None = None
    figures: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "player": self.player,
            "lines": [
                {"label": ln.label, "points": ln.points, "rule": ln.rule} for ln in self.lines
            ],
            "total": self.total,
            "band": self.band,
            "figures": dict(self.figures),
        }


@dataclass(frozen=True)
class ScoreBand:
    """A band of a game's score chart (victory chart, legend): the scores from ``low`` to
    ``high``, both inclusive; ``None`` leaves that side open.

    >>> band = ScoreBand("Draw", 0, 9)
    >>> band.contains(9), band.contains(10), ScoreBand("Victory", 10).contains(99)
    (True, False, True)
    """

    name: str
    low: float | None = None
    high: float | None = None

    def contains(self, score: float) -> bool:
        """Whether ``score`` falls in this band."""
        return (self.low is None or score >= self.low) and (self.high is None or score <= self.high)


def chart_from_minimums(bands: Sequence[tuple[float | None, str]]) -> list[ScoreBand]:
    """A score chart from ``(lowest score, name)`` pairs, lowest band first, of a chart of
    whole-point scores: each band ends one point below the next band's lowest score.

    >>> chart_from_minimums([(None, "Defeat"), (0, "Draw"), (10, "Victory")])
    ... # doctest: +NORMALIZE_WHITESPACE
    [ScoreBand(name='Defeat', low=None, high=-1), ScoreBand(name='Draw', low=0, high=9),
     ScoreBand(name='Victory', low=10, high=None)]
    """
    out: list[ScoreBand] = []
    for k, (low, name) in enumerate(bands):
        following = bands[k + 1][0] if k + 1 < len(bands) else None
        out.append(ScoreBand(name, low, None if following is None else following - 1))
    return out
