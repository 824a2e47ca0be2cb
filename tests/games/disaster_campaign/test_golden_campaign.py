"""The campaign's golden comparison (``golden_record.py``): every recorded game replays
with the same ``to_json()``, observation and log after every step. A tenth of the games run
in the quick suite; all 400 are marked slow."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games.disaster_campaign.golden_record import RECORD, play

ROWS: list[dict[str, Any]] = json.loads(RECORD.read_text(encoding="utf-8"))


def _id(row: dict[str, Any]) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(row["options"].items()))
    return f"{opts}-{row['agent']}-{row['seed']}"


def _check(row: dict[str, Any]) -> None:
    now = play(row["options"], row["seed"], row["agent"])
    marks = zip(now["chain"], row["chain"], strict=False)
    first = next((k for k, (a, b) in enumerate(marks) if a != b), None)
    where = "" if first is None else f" (first different by step {(first + 1) * 50})"
    assert now == row, f"campaign {_id(row)} differs from its golden record{where}"


@pytest.mark.parametrize("row", ROWS[::10], ids=_id)
def test_golden_campaigns_quick(row: dict[str, Any]) -> None:
    _check(row)


@pytest.mark.slow
@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_golden_campaigns_all(row: dict[str, Any]) -> None:
    _check(row)
