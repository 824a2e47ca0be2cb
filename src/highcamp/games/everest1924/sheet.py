"""The Everest 1924 game sheet as data (R-1924-1), loaded and validated once.

>>> sheet = standard_sheet()
>>> sheet.summit, sheet.target(1), sheet.target(14), sheet.span(14)
(14, 6, 36, (14, 25))
>>> named_sheet("first-reconstruction").span(16)
(16, 23)
>>> sheet.dice_for(3), sheet.dice_for(4), sheet.dice_for(9)
(3, 4, 6)
>>> sheet.band(20), sheet.band(55)
('Forgotten to history', 'Mallory and Irvine')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from highcamp.core import OptionError

__all__ = ["LegendBand", "Sheet", "SheetError", "load_sheet", "standard_sheet"]

MAX_DICE = 6  # [Equipment]: six dice


class SheetError(OptionError):
    """A sheet file that cannot be read or breaks the sheet's rules."""

    def __init__(self, message: str) -> None:
        super().__init__("sheet", f"bad sheet: {message}")


@dataclass(frozen=True)
class LegendBand:
    """A legend band of the final scoring: scores from ``low`` to ``high`` (inclusive)."""

    low: int | None
    high: int | None
    name: str
    year: int | None = None

    def contains(self, score: int) -> bool:
        """Whether ``score`` falls in this band."""
        return (self.low is None or score >= self.low) and (self.high is None or score <= self.high)


@dataclass(frozen=True)
class Sheet:
    """Rows (target and span of columns), start square, dice and legend of a sheet."""

    name: str
    provenance: str
    reason: str
    targets: tuple[int, ...]
    firsts: tuple[int, ...]
    lasts: tuple[int, ...]
    start: tuple[int, int]
    start_dice: int
    unlock_rows: tuple[int, ...]
    legend: tuple[LegendBand, ...]
    legend_provenance: str = "rulebook"
    source: str = "standard"

    @property
    def rows(self) -> int:
        """Number of rows, base camp included."""
        return len(self.targets)

    @property
    def summit(self) -> int:
        """Index of the top row (reaching it ends the game)."""
        return len(self.targets) - 1

    @property
    def width(self) -> int:
        """Columns from 0 to the rightmost square of any row."""
        return max(self.lasts) + 1

    @property
    def squares(self) -> int:
        """Number of squares on the sheet."""
        return sum(last - first + 1 for first, last in zip(self.firsts, self.lasts, strict=True))

    def target(self, row: int) -> int:
        """The target number of ``row`` (0 for base camp)."""
        return self.targets[row]

    def span(self, row: int) -> tuple[int, int]:
        """First and last column of ``row``."""
        return self.firsts[row], self.lasts[row]

    def on_sheet(self, row: int, col: int) -> bool:
        """Whether ``(row, col)`` is a square of the sheet."""
        return 0 <= row < len(self.targets) and self.firsts[row] <= col <= self.lasts[row]

    def dice_for(self, highest_row: int) -> int:
        """Dice available once ``highest_row`` has been reached [Unlocking Extra Dice]."""
        return self.start_dice + sum(1 for r in self.unlock_rows if r <= highest_row)

    def band(self, score: int) -> str:
        """The legend band of a final score (R-1924-7)."""
        for band in self.legend:
            if band.contains(score):
                return band.name
        return self.legend[-1].name if self.legend else ""


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise SheetError(message)


def _int(value: Any, what: str) -> int:
    _require(isinstance(value, int) and not isinstance(value, bool), f"{what} must be an integer")
    return int(value)


def parse_sheet(doc: Any, source: str) -> Sheet:
    """Validate a sheet document (see ``data/standard-sheet.json``) and build the sheet."""
    _require(isinstance(doc, dict), "the document must be a JSON object")
    rows = doc.get("rows")
    _require(isinstance(rows, list) and len(rows) >= 2, "'rows' must list at least two rows")
    targets, firsts, lasts = [], [], []
    for i, row in enumerate(rows):
        _require(isinstance(row, dict), f"row {i} must be an object")
        if "row" in row:
            _require(
                row["row"] == i, f"rows must be listed in order from 0; found {row['row']!r} at {i}"
            )
        target = _int(row.get("target", 0 if i == 0 else None), f"row {i} 'target'")
        first = _int(row.get("first"), f"row {i} 'first'")
        last = _int(row.get("last"), f"row {i} 'last'")
        _require(0 <= first <= last, f"row {i} needs 0 <= first <= last")
        _require(i == 0 or target > 0, f"row {i} needs a positive target")
        _require(target <= 36, f"row {i}: a target above 36 can never be reached with six dice")
        targets.append(target)
        firsts.append(first)
        lasts.append(last)
    start = doc.get("start", [0, firsts[0]])
    _require(
        isinstance(start, list) and len(start) == 2 and start[0] == 0,
        "'start' must be [0, column] on the base-camp row",
    )
    start_col = _int(start[1], "'start' column")
    _require(firsts[0] <= start_col <= lasts[0], "'start' must be a square of row 0")
    start_dice = _int(doc.get("start_dice", 3), "'start_dice'")
    unlock_targets = doc.get("unlock_targets", [])
    _require(isinstance(unlock_targets, list), "'unlock_targets' must be a list")
    unlock_rows = []
    for t in unlock_targets:
        _require(t in targets[1:], f"unlock target {t!r} is not the target of any row")
        unlock_rows.append(targets.index(t, 1))
    _require(start_dice >= 1, "'start_dice' must be at least 1")
    _require(
        start_dice + len(unlock_rows) <= MAX_DICE,
        f"start dice plus unlocks may not exceed the {MAX_DICE} dice of the game",
    )
    legend_doc = doc.get("legend", {"bands": []})
    _require(isinstance(legend_doc, dict), "'legend' must be an object")
    bands = []
    for b in legend_doc.get("bands", []):
        _require(
            isinstance(b, dict) and isinstance(b.get("name"), str), "a legend band needs a name"
        )
        bands.append(LegendBand(b.get("min"), b.get("max"), b["name"], b.get("year")))
    return Sheet(
        name=str(doc.get("name", source)),
        provenance=str(doc.get("provenance", "reconstructed")),
        reason=str(doc.get("reason", "")),
        targets=tuple(targets),
        firsts=tuple(firsts),
        lasts=tuple(lasts),
        start=(0, start_col),
        start_dice=start_dice,
        unlock_rows=tuple(sorted(unlock_rows)),
        legend=tuple(bands),
        legend_provenance=str(legend_doc.get("provenance", "rulebook")),
        source=source,
    )


def load_sheet(path: str | Path) -> Sheet:
    """Load and validate a sheet file; errors name the problem (``SheetError``)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise SheetError(f"cannot read {str(p)!r}: {err.strerror or err}") from None
    except ValueError as err:  # a path the system cannot name (an embedded null byte)
        raise SheetError(f"cannot read {str(p)!r}: {err}") from None
    try:
        doc = json.loads(text)
    except ValueError as err:
        raise SheetError(f"{str(p)!r} is not valid JSON: {err}") from None
    return parse_sheet(doc, str(p))


SHEETS: dict[str, str] = {
    "standard": "standard-sheet.json",
    "first-reconstruction": "first-reconstruction.json",
}
"""The sheets that ship with the game, by name (``sheet=NAME``; R-1924-1)."""


@cache
def named_sheet(name: str) -> Sheet:
    """A sheet that ships with the game, by name (see :data:`SHEETS`).

    >>> named_sheet("first-reconstruction").targets[-3:]
    (32, 34, 36)
    """
    if name not in SHEETS:
        raise SheetError(f"no sheet named {name!r}; named sheets: {', '.join(SHEETS)}")
    text = resources.files(__package__).joinpath(f"data/{SHEETS[name]}").read_text("utf-8")
    return parse_sheet(json.loads(text), name)


def sheet_option(value: str) -> Sheet:
    """The sheet of the ``sheet=`` option: a name of :data:`SHEETS`, or a file's path."""
    return named_sheet(value) if value in SHEETS else load_sheet(value)


def standard_sheet() -> Sheet:
    """The reconstructed standard sheet (R-1924-1)."""
    return named_sheet("standard")
